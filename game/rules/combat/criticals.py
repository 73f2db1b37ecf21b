"""Critical hits (CMB-30..36) and what they do, MechWarrior damage (PSR-19), explosions
(CMB-36, HEAT-09) and destroyed Mechs (CMB-37).

Everything lands in the body's one record (hit slots, ammunition, locations); the counts
the other rules read (gyro, hips, engine, sensors, ...) follow from it (game.units.critslots).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.dice import Dice
from game.rules.damage.land import EXPLOSION, DamageRecord, land, sever
from game.rules.piloting.falls import RulesEvent, event
from game.units.critslots import AMMO_PREFIX, COCKPIT, ENGINE
from game.units.locations import HEAD, LEGS, LOCATION_NAMES, TORSOS, TRANSFER
from game.units.mech import HitResult, MechBody
from game.units.unit import Unit

from ...designs import weapons_table

PILOT_EXPLOSION = 2  # CMB-36 / HEAT-09: the feedback of an internal ammunition explosion


def crit_count(roll: int, code: str) -> int:
    """CMB-30: 8-9 one slot, 10-11 two, 12 three in a torso (head or limb: blown off = -1)."""
    if roll <= 7:
        return 0
    if roll <= 9:
        return 1
    if roll <= 11:
        return 2
    return 3 if code in TORSOS else -1


def hittable(body: MechBody, code: str) -> list[int]:
    """Slots a critical can strike: filled and not yet hit (CMB-31: roll again otherwise)."""
    i = body.codes.index(code)
    return [
        k for k, s in enumerate(body.built.layout[i]) if s is not None and not body.hits[i] >> k & 1
    ]


def roll_slot(body: MechBody, code: str, dice: Dice) -> int:
    """CMB-31: head and legs 1D6; arms and torsos 1D6 for the half, 1D6 for the slot;
    an empty or already hit slot is rolled again (the caller checks one is left)."""
    free = set(hittable(body, code))
    while True:
        if code == HEAD or code in LEGS:
            k = dice.d6(f"critical slot ({code})") - 1
        else:
            half = dice.d6(f"critical half ({code})")
            k = (0 if half <= 3 else 6) + dice.d6(f"critical slot ({code})") - 1
        if k in free:
            return k


def critical_check(unit: Unit, code: str, dice: Dice, attacker: str
                   ) -> tuple[Unit, list[RulesEvent], int]:  # fmt: skip
    """One check on ``code``: the 2D6, then each slot's rolls and effects. Returns the unit,
    the events and the pilot damage it caused (consciousness is rolled later)."""
    body = unit.body
    assert body is not None
    if body.destroyed or body[code].destroyed:
        return unit, [], 0
    roll = dice.roll2d6(f"critical check ({code})")
    n = crit_count(roll.total, code)
    ev = {"unit": unit.id, "location": code, "roll": roll.total, "slots": n, "hits": []}
    if n < 0:  # blown off (head or limb)
        unit, lost = sever(unit, code)
        if code == HEAD:
            unit = _kill_pilot(unit)
        return unit, [event("critical", None, **ev, blown_off=True, lost=lost)], 0
    hits: list[dict[str, object]] = []
    pilot = 0
    events: list[RulesEvent] = []
    where = code
    for _ in range(n):
        while where is not None and not hittable(unit.body, where):  # type: ignore[arg-type]
            where = TRANSFER.get(where)  # CMB-31: everything gone -> transfers inward
        if where is None or unit.body is None or unit.body.destroyed:
            break
        k = roll_slot(unit.body, where, dice)
        unit, hit, more, extra = _strike(unit, where, k, attacker)
        hits.append(hit)
        pilot += more
        events += extra
    ev["hits"] = hits
    return unit, [event("critical", None, **ev, blown_off=False), *events], pilot


def _kill_pilot(unit: Unit) -> Unit:
    return replace(unit, damage=replace(unit.damage, pilot_hits=6, unconscious=True))


def _strike(unit: Unit, code: str, k: int, attacker: str
            ) -> tuple[Unit, dict[str, object], int, list[RulesEvent]]:  # fmt: skip
    """CMB-32..36: mark the slot, then whatever the item does."""
    body = unit.body
    assert body is not None
    slot = body.built.layout[body.codes.index(code)][k]
    assert slot is not None
    body = body.with_hit(code, k)
    unit = replace(unit, body=body)
    hit: dict[str, object] = {"location": code, "slot": k, "component": slot.item}
    if slot.item == COCKPIT:  # CMB-32
        return _kill_pilot(unit), hit | {"effect": "pilot killed"}, 0, []
    if slot.item == ENGINE and body.crits.engine >= 3:  # CMB-34
        return unit, hit | {"effect": "engine destroyed"}, 0, []
    if slot.bin >= 0 and body.ammo[slot.bin] > 0:  # CMB-36
        unit, ev = explode(unit, code, "critical hit", attacker)
        return unit, hit | {"effect": "ammunition explodes"}, PILOT_EXPLOSION, [ev]
    return unit, hit, 0, []


def bin_damage(body: MechBody, index: int) -> int:
    """HEAT-09: shots left x damage per shot (missiles: x missiles x damage per missile)."""
    b = body.built.bins[index]
    w = weapons_table()[b.weapon]
    return body.ammo[index] * w.damage * max(w.missiles, 1)


def explode(unit: Unit, code: str, cause: str, attacker: str | None = None
            ) -> tuple[Unit, RulesEvent]:  # fmt: skip
    """CMB-36 / HEAT-09: every live bin in ``code`` explodes into the internal structure,
    excess inward (CMB-29). The 2 points of pilot damage are the caller's to roll."""
    body = unit.body
    assert body is not None
    bins = [i for i, b in enumerate(body.built.bins) if b.location == code and body.ammo[i] > 0]
    total = sum(bin_damage(body, i) for i in bins)
    for i in bins:
        body = body.with_ammo(i, 0)
    landed = land(replace(unit, body=body), DamageRecord(code, total, EXPLOSION))
    unit, res = landed.unit, landed.result
    names = [AMMO_PREFIX + body.built.bins[i].weapon for i in bins]
    ev = event("explosion", None, unit=unit.id, location=code, damage=total, bins=names,
               cause=cause, hit=res, attacker=attacker)  # fmt: skip
    return unit, ev


def destroyed_reason(unit: Unit) -> str | None:
    """CMB-37: why the unit is out of the game, or None."""
    c, body = unit.crits, unit.body
    if unit.damage.pilot_hits >= 6:
        return "pilot killed"
    if c.cockpit:
        return "cockpit destroyed"
    if c.engine >= 3:
        return "engine destroyed"
    if body is not None and body.destroyed:
        return f"{LOCATION_NAMES[HEAD] if body[HEAD].destroyed else LOCATION_NAMES['CT']} destroyed"
    if unit.hull is not None and unit.hull.crits.crew_killed:
        return "crew killed"  # CMB-48
    if unit.hull is not None and unit.hull.destroyed:
        by = unit.hull.crits.destroyed_by
        if by and not any(loc.destroyed for loc in unit.hull.locations):
            return f"{by} exploded"  # CMB-48 fuel tank
        return "a location destroyed"
    if unit.platoon is not None and unit.platoon.destroyed:
        return "no troopers left (CMB-41)"
    return None


def struck_structure(result: HitResult) -> list[str]:
    """Locations whose internal structure one damage group hurt and that still stand
    (CMB-30: one check each)."""
    return [p.location for p in result.parts if p.structure and not p.destroyed]
