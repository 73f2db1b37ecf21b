"""To-hit answers per weapon (CMB-01..22): can it fire, and if so at what number.

:func:`weapon_options` is what the attack screen and the referee ask: for one attacker at
one target, every weapon (or the declared ones) with its bracket, its modifiers and either
its number or one sentence saying why it cannot fire. A number above 12 is "impossible":
the weapon may fire but is not fired (it makes no heat and uses no ammunition).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from game.core.options import TW, Rules
from game.rules.modifier import Modifier
from game.units.loadout import Mount
from game.units.locations import LA, LEGS, LOCATION_NAMES, RA
from game.units.platoon import RIFLE
from game.units.unit import Unit
from game.units.vehicle import VehicleBody
from game.units.vehicle_crits import ENGINE_FREE

from ...board import Board
from ...designs import weapons_table
from ...designs.model import Weapon
from ...hexgrid import distance
from .arcs import in_arc, target_arc, target_side
from .infantry_fire import RIFLE_INDEX, out_of_range, range_modifier
from .infantry_fire import number as infantry_number
from .los import Sight, line_of_sight, viewer
from .modifiers import IMPOSSIBLE, bracket, shared_modifiers, weapon_modifiers
from .records import Movement, movement_of


class WeaponOption(NamedTuple):
    """One weapon's answer (the contract's `weapons` entry). An immutable record like the
    frozen dataclasses around it, but a named tuple: the batched answers
    (game.rules.combat.tohit_rows) build hundreds per query, and a tuple is built in one
    step where a frozen dataclass pays an object.__setattr__ per field."""

    index: int
    name: str
    location: str
    rear: bool
    bracket: str
    can_fire: bool
    why_not: str | None
    target: int | None  # None: impossible (above 12) or cannot fire
    modifiers: tuple[Modifier, ...]
    heat: int
    infantry_range: int | None = None  # a platoon's rifle (CMB-42): the range in hexes
    troopers: int = 0  # a platoon's rifles: its troopers when declared (CMB-41 simultaneity)

    @property
    def fires(self) -> bool:
        """Fired: may fire and has a possible number (CMB-11)."""
        return self.can_fire and self.target is not None

    def to_json(self) -> dict[str, Any]:
        number: int | str | None = self.target
        if self.can_fire and self.target is None:
            number = "impossible"
        if self.infantry_range is not None:  # Extension 4: a platoon's rifle
            return {"index": self.index, "name": self.name, "can_fire": self.can_fire,
                    "why_not": self.why_not, "range": self.infantry_range, "target": number,
                    "modifiers": [m.to_json() for m in self.modifiers]}  # fmt: skip
        return {
            "index": self.index,
            "name": self.name,
            "location": self.location,
            "bracket": self.bracket,
            "can_fire": self.can_fire,
            "why_not": self.why_not,
            "target": number,
            "modifiers": [m.to_json() for m in self.modifiers],
        }


@dataclass(frozen=True, slots=True)
class AttackOptions:
    """Every answer for one attacker at one target (the `rules attack` object)."""

    attacker: str
    target: str
    sight: Sight
    arc: str
    side: str
    weapons: tuple[WeaponOption, ...]

    @property
    def heat(self) -> int:
        return sum(w.heat for w in self.weapons if w.fires)

    def best(self) -> int | None:
        numbers = [w.target for w in self.weapons if w.fires and w.target is not None]
        return min(numbers) if numbers else None

    def to_json(self, board: Board) -> dict[str, Any]:
        los = self.sight.to_json(board)
        return {
            "attacker": self.attacker,
            "target": self.target,
            "los": los["los"],
            "range": los["range"],
            "arc": self.arc,
            "side": self.side,
            "partial_cover": los["partial_cover"],
            "weapons": [w.to_json() for w in self.weapons],
            "heat": self.heat,
        }


def mounts(u: Unit) -> tuple[Mount, ...]:
    if u.body is not None:
        return u.body.built.weapons
    return u.hull.weapons if u.hull is not None else ()


def weapon_count(u: Unit) -> int:
    """How many weapons a unit declares with: its mounts; a platoon its rifles (CMB-42)."""
    return 1 if u.platoon is not None else len(mounts(u))


def weapon_names(u: Unit) -> tuple[str, ...]:
    """The names of the unit's weapons by index (a platoon: its rifles, CMB-42)."""
    if u.platoon is not None:
        return (u.platoon.weapon.name,)
    return tuple(m.weapon for m in mounts(u))


def weapon_gone(u: Unit, i: int) -> bool:
    body = u.body if u.body is not None else u.hull
    return body is not None and body.weapon_destroyed(i)


def has_ammo(u: Unit, name: str) -> bool:
    if u.body is not None:
        body, bins = u.body, u.body.built.bins
        return any(b.weapon == name and body.bin_live(i) for i, b in enumerate(bins))
    if u.hull is not None:
        hull = u.hull
        return any(b.weapon == name and hull.bin_live(i) for i, b in enumerate(hull.bins))
    return False


def unit_blocker(u: Unit) -> str | None:
    """Why a unit fires nothing at all, or None (CMB-32, CMB-37, HEAT-08, PSR-20)."""
    if u.destroyed:
        return f"{u.id} is destroyed"
    if u.damage.shutdown:
        return f"{u.id} is shut down"
    if u.damage.unconscious:
        return f"{u.id}'s MechWarrior is unconscious"
    if u.crits.sensors >= 2:
        return f"{u.id}'s sensors are destroyed (CMB-32)"
    if u.stunned:
        return f"{u.id}'s crew is stunned (CMB-48)"
    if u.airborne:
        return "aerospace units make no attacks in this build (air-to-ground rules: not in seeds)"
    if u.submerged:
        return f"{u.id} is submerged: underwater combat is not in the rules digest (ADV-25)"
    return None


def weapon_options(board: Board, units: Sequence[Unit] | Mapping[str, Unit], attacker_id: str,
                   target_id: str, movement: Mapping[str, Movement], rules: Rules = TW, *,
                   weapons: Sequence[int] | None = None, secondary: bool = False,
                   aim: str | None = None, twist: int = 0,
                   sight: Sight | None = None) -> AttackOptions:  # fmt: skip
    """Every (or each listed) weapon of the attacker against the target."""
    by_id = units if isinstance(units, Mapping) else {u.id: u for u in units}
    a, t = by_id[attacker_id], by_id[target_id]
    sight = sight or line_of_sight(board, viewer(board, a), viewer(board, t))
    arc = target_arc(a, t, twist)
    side = target_side(a, t)
    if movement_of(movement, t.id).exposed:  # PHY-12: a DFA attacker in the air
        sight = replace(sight, los=True, blocked_by=None, woods=(0, 0, 0), terrain_modifier=0,
                        partial_cover=False, water_cover=False, reason=None)  # fmt: skip
        side = "front"
    listed = mounts(a)
    chosen = range(weapon_count(a)) if weapons is None else weapons
    shared = shared_modifiers(a, t, sight, movement_of(movement, a.id),
                              movement_of(movement, t.id), arc, secondary, aim, rules)  # fmt: skip
    if a.platoon is not None:  # CMB-42: the platoon's rifles, one weapon
        rifle = platoon_option(a, t, sight, shared, movement_of(movement, a.id).mode == "defend")
        fired = (rifle,) if RIFLE_INDEX in chosen else ()
        return AttackOptions(a.id, t.id, sight, arc, side, fired)
    defending = movement_of(movement, a.id).mode == "defend"
    ctx = _Context(board, a, t, sight, twist, aim, prop_arm(a, listed, chosen), defending,
                   movement_of(movement, a.id).mode)  # fmt: skip
    options = tuple(_option(ctx, i, listed[i], shared) for i in chosen)
    return AttackOptions(a.id, t.id, sight, arc, side, options)


@dataclass(frozen=True, slots=True)
class _Context:
    board: Board
    attacker: Unit
    target: Unit
    sight: Sight
    twist: int
    aim: str | None
    prop_arm: str | None
    defending: bool = False  # ADV-01: physical attack defence, no weapon attacks
    mode: str = "stand"  # how the attacker moved (CMB-48 stabilizer)


def prop_arm(a: Unit, listed: tuple[Mount, ...], chosen: Sequence[int]) -> str | None:
    """CMB-19: the arm a prone Mech props itself on: the one whose declared weapons do
    less damage (the left one on a tie). Quads have no arms to prop on."""
    if not a.prone or a.kind != "biped":
        return None
    table = weapons_table()
    load = {LA: 0, RA: 0}
    for i in chosen:
        m = listed[i]
        if m.location in load:
            w = table[m.weapon]
            load[m.location] += w.damage * max(w.missiles, 1)
    return LA if load[LA] <= load[RA] else RA


def platoon_option(a: Unit, t: Unit, sight: Sight, shared: list[Modifier],
                   defending: bool = False) -> WeaponOption:  # fmt: skip
    """CMB-42: a platoon's rifles as weapon 0: skill, the infantry range modifier, then the
    shared modifiers (no arc: infantry has no facing, MOV-16)."""
    rng = distance(a.at, t.at)
    near = range_modifier(rng)
    mods = tuple(shared[:1] + ([near] if near is not None else []) + shared[1:])
    checks = (
        pair_blocker(a, t),
        "a unit in physical attack defence makes no weapon attacks (ADV-01)" if defending else None,
        f"no line of sight: {sight.reason}" if not sight.los and rng > 0 else None,
        out_of_range(rng) if near is None else None,
    )
    why = next((c for c in checks if c is not None), None)
    number = infantry_number(mods) if why is None else None
    name = a.platoon.weapon.name if a.platoon is not None else RIFLE.name
    strength = a.platoon.troopers if a.platoon is not None else 0
    return WeaponOption(RIFLE_INDEX, name, "", False, "", why is None, why, number, mods, 0, rng,
                        strength)  # fmt: skip


def _option(ctx: _Context, i: int, m: Mount, shared: list[Modifier]) -> WeaponOption:
    w = weapons_table()[m.weapon]
    rng = distance(ctx.attacker.at, ctx.target.at)
    b = bracket(w, rng)
    why = _why_not(ctx, i, m, w, rng, b)
    mods = tuple(
        shared[:1] + weapon_modifiers(w, rng, m.location, ctx.attacker, ctx.mode) + shared[1:]
    )
    if why is not None:
        return WeaponOption(i, m.weapon, m.location, m.rear, b, False, why, None, mods, w.heat)
    total = sum(x.value for x in mods)
    number = None if total > IMPOSSIBLE else total
    return WeaponOption(i, m.weapon, m.location, m.rear, b, True, None, number, mods, w.heat)


def _why_not(ctx: _Context, i: int, m: Mount, w: Weapon, rng: int, b: str) -> str | None:
    a, t = ctx.attacker, ctx.target
    checks = (
        pair_blocker(a, t),
        "a Mech in physical attack defence makes no weapon attacks (ADV-01)"
        if ctx.defending
        else None,
        "leg-mounted weapons cannot fire while hull-down (ADV-13)"
        if a.hull_down and m.location in LEGS
        else None,
        weapon_state_reason(a, i, m, w),
        f"no line of sight: {ctx.sight.reason}" if not ctx.sight.los else None,
        _arc_reason(ctx, m),
        range_reason(rng, w.long) if b == "out of range" else None,
        prone_reason(a, m.location, ctx.prop_arm),
        _leg_reason(ctx, m),
        aim_reason(ctx.aim, w, t),
    )
    return next((c for c in checks if c is not None), None)


def pair_blocker(a: Unit, t: Unit) -> str | None:
    """Why no weapon of ``a`` may fire at ``t`` at all (CMB-32/37, HEAT-08, PSR-20)."""
    why = unit_blocker(a)
    return why if why is not None else target_blocker(t)


def target_blocker(t: Unit) -> str | None:
    """Why ``t`` cannot be the target of a weapon attack (CMB-37), or None."""
    if t.destroyed:
        return f"{t.id} is already destroyed"
    if t.airborne:
        return ("aerospace units in the air cannot be targeted in this build (aerospace "
                "damage is not in the seeds)")  # fmt: skip
    if t.submerged:
        return f"{t.id} is submerged: underwater combat is not in the rules digest (ADV-25)"
    return None


def weapon_state_reason(a: Unit, i: int, m: Mount, w: Weapon) -> str | None:
    """The weapon itself: destroyed (or its location), or out of ammunition."""
    if weapon_gone(a, i):
        where = LOCATION_NAMES.get(m.location, m.location)
        if _location_gone(a, m.location):
            return f"its location ({where}) is destroyed"
        return f"the {m.weapon} is destroyed"
    if w.uses_ammo and not has_ammo(a, m.weapon):
        return f"no {m.weapon} ammunition left"
    if a.hull is not None:
        return vehicle_weapon_reason(a.hull, i, w)
    return None


def vehicle_weapon_reason(hull: VehicleBody, i: int, w: Weapon) -> str | None:
    """CMB-48: a jammed weapon (malfunction); an energy weapon without power (engine hit;
    vehicle flamers keep firing)."""
    if i in hull.crits.jammed:
        return f"the {w.name} is jammed (weapon malfunction, CMB-48)"
    if hull.crits.engine and w.type == "energy" and w.name not in ENGINE_FREE:
        return f"the {w.name} has no power after the engine hit (CMB-48)"
    return None


@lru_cache(maxsize=1024)
def range_reason(rng: int, long: int) -> str:
    return f"out of range: {rng} hexes, its long range is {long}"


@lru_cache(maxsize=64)
def arc_reason(arc: str, rear: bool) -> str:
    mount = "rear-mounted " if rear else ""
    return f"out of arc: the target is in the {arc} arc, outside this {mount}weapon's arc"


def _location_gone(u: Unit, code: str) -> bool:
    body = u.body if u.body is not None else u.hull
    return body is not None and code in body.codes and body[code].destroyed


def _arc_reason(ctx: _Context, m: Mount) -> str | None:
    if in_arc(m.location, m.rear, ctx.attacker, ctx.target, ctx.twist):
        return None
    legs = m.location in LEGS
    return arc_reason(target_arc(ctx.attacker, ctx.target, ctx.twist, legs=legs), m.rear)


def prone_reason(a: Unit, location: str, prop_arm: str | None) -> str | None:
    """CMB-19: what a prone Mech cannot fire."""
    if not a.prone:
        return None
    if location in LEGS:
        return "a prone Mech cannot fire its leg-mounted weapons (CMB-19)"
    if a.kind == "biped" and a.body is not None and (a.body[LA].destroyed or a.body[RA].destroyed):
        return "a prone Mech needs both arms to fire (CMB-19)"
    if location == prop_arm:
        return f"the {LOCATION_NAMES[location]} props up the prone Mech (CMB-19)"
    return None


LEG_COVER = "leg-mounted weapons cannot fire from partial cover (CMB-17)"
LEG_WATER = "leg-mounted weapons cannot fire from depth 1 water (CMB-18)"


def _leg_reason(ctx: _Context, m: Mount) -> str | None:
    """CMB-17: a Mech in partial cover cannot fire its leg weapons; TW: nor from water."""
    if m.location not in LEGS or ctx.attacker.prone:
        return None
    back = line_of_sight(ctx.board, viewer(ctx.board, ctx.target), viewer(ctx.board, ctx.attacker))
    if back.partial_cover:
        return LEG_COVER
    if back.water_cover:
        return LEG_WATER
    return None


def aim_reason(aim: str | None, w: Weapon, target: Unit) -> str | None:
    """CMB-21: aimed shots only at a shut-down target or one with its MechWarrior out,
    and never with missiles."""
    if aim is None:
        return None
    if w.cluster:
        return "missile weapons cannot make aimed shots (CMB-21)"
    d = target.damage
    if not (d.shutdown or d.unconscious):
        return "an aimed shot needs a target that is shut down or whose MechWarrior is out (CMB-21)"
    return None
