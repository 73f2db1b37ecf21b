"""Accidental falls from above (PHY-17) and where a unit goes when its hex is taken.

A Mech that falls 2 or more levels into a hex holding another unit makes an attack on
it against 7 (PHY-17). A hit is a death from above (PHY-13/14): the unit below takes
ceil(tons / 10) x 3 on the punch table, the faller ceil(tons / 5) on its legs, both roll,
and the unit below is pushed one hex on (the domino effect, PHY-18) so the two do not
share the hex. A miss puts the faller in the adjacent hex nearest to where it came from,
where it takes its normal fall. :func:`free_hex` is also the last resort of every other
fall path (game.rules.piloting.resolve settles the units so that none share a hex, MOV-30).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from game.hexgrid import Hex, distance, neighbour, ring
from game.rules.damage.hull import hurt_vehicle
from game.rules.damage.land import PHYSICAL
from game.rules.damage.platoon_hurt import AS_BLOW, hurt_platoon
from game.rules.modifier import Modifier
from game.rules.move.stacking import violation
from game.rules.physical.formulas import (
    DFA_ATTACKER_REASON,
    DFA_TARGET_REASON,
    dfa_attacker_damage,
    dfa_attacker_psr,
    dfa_damage,
    dfa_target_psr,
)
from game.rules.piloting.collide import SlideWorld, attack_side, push, shaken, standable
from game.rules.piloting.falls import (
    RulesEvent,
    UnitOutcome,
    apply_damage_groups,
    apply_located_groups,
    event,
    fall,
)
from game.units.mech import kick_location, punch_location
from game.units.unit import Unit

ACCIDENT_BASE = 7  # PHY-17


def gone(w: SlideWorld, u: Unit) -> bool:
    body = w.units[u.id].body if u.id in w.units else u.body
    return u.destroyed or (body is not None and body.destroyed)


def occupant(w: SlideWorld, h: Hex, skip: Iterable[str]) -> Unit | None:
    """The first (id order) unit still in play in ``h``, leaving out ``skip``."""
    skip = set(skip)
    for u in sorted(w.units.values(), key=lambda o: o.id):
        if u.at == h and u.id not in skip and not gone(w, u):
            return u
    return None


def _standable(w: SlideWorld, h: Hex, kind: str) -> bool:
    return standable(w, h, kind)


def _candidates(h: Hex, back: Hex | None, limit: int) -> Iterator[Hex]:
    """Hexes around ``h`` ring by ring; in each ring the ones nearest ``back`` first, then
    by direction / position (deterministic)."""
    for radius in range(1, limit + 1):
        cells = list(ring(h, radius))
        if back is not None:
            cells.sort(key=lambda c: (distance(c, back), c.col, c.row))
        yield from cells


def free_hex(w: SlideWorld, h: Hex, back: Hex | None, kind: str, skip: Iterable[str],
             unit: Unit | None = None) -> Hex | None:  # fmt: skip
    """The nearest hex to ``h`` with room (classic: no unit in play, MOV-30; TW with the
    ``unit`` to place: its limits, MOV-34), preferring the side of ``back`` (where the unit
    came from); None if the whole map is full."""
    skip = set(skip)
    for c in _candidates(h, back, w.board.width + w.board.height):
        if w.board.contains(c) and room(w, c, skip, unit) and _standable(w, c, kind):
            return c
    return None


def room(w: SlideWorld, c: Hex, skip: set[str], unit: Unit | None) -> bool:
    if unit is None or w.rules.classic:
        return occupant(w, c, skip) is None
    there = [u for u in w.units.values() if u.at == c and u.id not in skip and not gone(w, u)]
    return violation(replace(unit, at=c), there, w.rules) is None


def from_above(
    w: SlideWorld,
    faller: UnitOutcome,
    at: Hex,
    levels: int,
    water: bool,
    d: int | None,
    mods: Iterable[Any],
    cause: str,
) -> UnitOutcome:
    """PHY-17: the Mech ``faller`` (standing where it falls from) falls ``levels`` (2+)
    into ``at``, which holds another unit; ``d`` is the direction it was travelling (None
    for a fall straight down). Returns the faller's outcome; the other units change in
    ``w`` (``w.touched``)."""
    me = faller.unit
    target = occupant(w, at, {me.id})
    assert target is not None, "from_above needs an occupied hex"
    hit, ev = accident(w, me, target, at, levels)
    out = faller.add(ev)
    w.touched.add(target.id)
    if not hit:
        return _miss(w, out, at, levels, water, d, mods, cause)
    return hit_from_above(w, out, target, at, d)


def accident(w: SlideWorld, me: Unit, target: Unit, at: Hex, levels: int
             ) -> tuple[bool, RulesEvent]:  # fmt: skip
    """PHY-17's attack of ``me`` falling ``levels`` into ``at`` onto ``target``: 2D6
    against 7 with the target's movement, woods, prone and immobile modifiers."""
    b = w.board
    to_hit = [(ACCIDENT_BASE, "accidental fall from above")]
    moved = w.target_mods.get(target.id, 0)
    if moved:
        to_hit.append((moved, "target movement"))  # CMB-13, from its move this turn
    woods = int(b.woods[at.row, at.col])
    if woods:
        to_hit.append((min(woods, 2), "target in woods"))  # CMB-14
    if target.prone:
        to_hit.append((-2, "prone target"))  # CMB-19, as from an adjacent hex
    if target.immobile:
        to_hit.append((-4, "immobile target"))  # CMB-20
    tn = sum(v for v, _ in to_hit)
    roll = w.dice.roll2d6(f"{me.id} falls onto {target.id}", target=tn)
    listed = [{"value": v, "reason": r} for v, r in to_hit]
    ev = event("fall_from_above", w.step, target=target.id, at=at, levels=levels, to_hit=tn,
               modifiers=listed, roll=roll, hit=roll.success)  # fmt: skip
    return bool(roll.success), ev


def _miss(
    w: SlideWorld,
    out: UnitOutcome,
    at: Hex,
    levels: int,
    water: bool,
    d: int | None,
    mods: Iterable[Any],
    cause: str,
) -> UnitOutcome:
    """PHY-17 miss: the faller lands in the adjacent hex nearest to the hex it fell into,
    choosing the one back toward where it came from first (choice), and falls there;
    levels are counted from where it fell from."""
    me = out.unit
    back = neighbour(at, (d + 3) % 6) if d is not None else None
    land = free_hex(w, at, back, me.kind, {me.id}) or at
    b = w.board
    lv = max(levels + int(b.level[at.row, at.col]) - int(b.level[land.row, land.col]), 0)
    wet = int(b.water[land.row, land.col]) >= 1 if land != at else water
    out = out.add(event("lands_beside", w.step, at=land, missed=at, levels=lv))
    fell, _ = fall(me, land, lv, wet, mods, w.dice, w.step, cause, w.rules)
    w.units[me.id] = fell.unit
    return out.then(fell)


def hit_from_above(w: SlideWorld, out: UnitOutcome, target: Unit, at: Hex, d: int | None
                   ) -> UnitOutcome:  # fmt: skip
    """PHY-17 hit = a successful death from above (PHY-13/14): damage to both, the target
    pushed one hex on in the fall's direction (straight down: the faller's facing,
    choice), then the PSRs: TW target +2, faller +4 (classic +4 / +2). A crashed vehicle
    (ADV-28) takes nothing more and rolls nothing: its crash damage is its share."""
    # lands on its feet in the target's hex; a skidding Mech is already down and stays so
    me = replace(out.unit, at=at)
    out = replace(out, unit=me)
    w.units[me.id] = me
    side = attack_side(d, target.facing) if d is not None else "front"
    dmg = dfa_damage(me.tons)  # PHY-13, as a real DFA
    legs_before = target.legs_destroyed
    if target.platoon is not None:  # troopers, the DFA converted as a blow (CMB-39/41)
        got = hurt_platoon(w.board, target, dmg, "death from above (PHY-17)", w.step, AS_BLOW)
        w.units[target.id], detail = got.unit, got.events
    elif target.body is None:  # a vehicle's hull, 5-point groups (PHY-13), PSR-27 motive rolls
        got = hurt_vehicle(target, dmg, side, w.dice, w.step, "death from above", PHYSICAL)
        w.units[target.id], detail = got.unit, got.events
    elif target.prone:  # PHY-15: the normal hit location table
        hurt = apply_damage_groups(target, w.dice, side, dmg, w.step, "death from above", w.rules,
                                   PHYSICAL)  # fmt: skip
        w.units[target.id], detail = hurt.unit, hurt.events
    else:
        hurt = apply_located_groups(target, w.dice, side, dmg, w.step, "death from above",
                                    punch_location, PHYSICAL)  # fmt: skip
        w.units[target.id], detail = hurt.unit, hurt.events
    crashed = {"crashed": True} if out.body is None else {}  # a VTOL or WiGE (ADV-28)
    out = out.add(event("dfa_damage", w.step, unit=target.id, side=side, damage=dmg,
                        detail=detail, **crashed))  # fmt: skip
    my_legs = me.legs_destroyed
    if out.body is not None:  # PHY-13: the faller's legs, Kick table Front/Rear column
        legs = dfa_attacker_damage(me.tons)
        mine = apply_located_groups(me, w.dice, "front", legs, w.step,
                                    "death from above (legs)", _kick, PHYSICAL)  # fmt: skip
        out = out.then(mine)
        w.units[me.id] = out.unit
    if out.destroyed:
        return out
    now = w.units[target.id]
    hit_mod = Modifier(dfa_target_psr(w.rules), DFA_TARGET_REASON)  # PHY-14, as a real DFA
    if not gone(w, now):
        push_dir = d if d is not None else me.facing
        dest = neighbour(at, push_dir)
        if w.board.contains(dest):
            out = push(w, out, now, dest, push_dir, legs_before, hit_mod, 0)
        else:  # off the map: it stays, the faller is moved aside when the units settle
            out = out.add(event("blocked", w.step, unit=now.id, at=at))
            out = shaken(w, out, now, at, legs_before, hit_mod)
    return _faller_psr(w, out, my_legs)


def _kick(side: str, d6: int, quad: bool) -> tuple[str, bool]:
    return kick_location(side, d6, quad), False


def _faller_psr(w: SlideWorld, out: UnitOutcome, legs_before: int) -> UnitOutcome:
    """PHY-14: the faller rolls as after a successful DFA (TW +4, classic +2) or falls in
    the hex it landed in (0 levels); a leg lost to its own legs damage is a fall without a
    roll (CMB-38). A faller that was already prone (a skid, PSR-35) stays prone (choice)."""
    me = out.unit
    if out.body is None:  # a crashed VTOL or WiGE (ADV-28): no legs, no roll
        return out
    if me.prone:  # a Mech that skidded onto the unit is down already: nothing to roll
        return out
    why = Modifier(dfa_attacker_psr(w.rules), DFA_ATTACKER_REASON)  # PHY-14, as a real DFA
    mods = [*w.base_mods(me), why]
    tn = sum(int(m.value) for m in mods)
    listed = [{"value": m.value, "reason": m.reason} for m in mods]
    auto = me.legs_destroyed > legs_before or me.immobile
    roll = None if auto else w.dice.roll2d6(f"{me.id}: {why.reason}", target=tn)
    ok = roll is not None and bool(roll.success)
    out = out.add(event("psr", w.step, unit=me.id, kind="death from above", reason=why.reason,
                        target="auto-fail" if auto else tn, modifiers=listed, roll=roll,
                        success=ok))  # fmt: skip
    if ok:
        return out
    fell, _ = fall(me, me.at, 0, False, mods, w.dice, w.step, why.reason, w.rules)
    w.units[me.id] = fell.unit
    return out.then(fell)
