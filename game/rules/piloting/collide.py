"""Collisions of a sliding unit: accidental charges, pushes and the domino effect.

Split from game.rules.piloting.skid, which walks the slide: when the next hex holds units, the
slider charges each of them by accident (PSR-33), pushes a target it does not destroy one
hex on (PHY-10) and may start a chain of pushes (PHY-18). The scratch record of a slide
(:class:`SlideWorld`) lives here because both modules write to it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from game.board import Board
from game.core.dice import Dice
from game.core.options import Rules
from game.hexgrid import Hex, neighbour
from game.rules.damage.hull import hurt_vehicle
from game.rules.damage.platoon_hurt import hurt_platoon
from game.rules.modifier import Modifier
from game.rules.move.costs import X, entry_table, motive_costs
from game.rules.move.diving import set_at
from game.rules.move.stacking import violation
from game.rules.piloting.falls import UnitOutcome, apply_damage_groups, event, fall
from game.units.mech import apply_hit, damage_groups, kick_location
from game.units.unit import Unit

UNINTENTIONAL_CHARGE = 3  # PSR-33 GAP filled (standard TW value)
DROWNING = frozenset({"tracked", "wheeled", "infantry"})  # MOV-10: no depth 1+ water

BaseMods = Callable[[Unit], list[Any]]


@dataclass(frozen=True, slots=True)
class Slide:
    """Where a skid or sideslip starts: direction, distance and what it carries along."""

    direction: int  # the travel direction before the turn that started it
    distance: int
    hexes_moved: int  # hexes entered this turn before the slide (charge damage, PHY-11)
    side: str = "front"  # the fall's hit-location column (PSR-24)
    attacker_modifier: int = 2  # the slider's own movement modifier (ran / flank)
    kind: str = "skid"  # "skid" or "sideslip"


@dataclass
class SlideWorld:
    """Scratch state while one slide is walked (game.rules.piloting.skid and this module only)."""

    board: Board
    dice: Dice
    rules: Rules
    step: int | None
    base_mods: BaseMods
    units: dict[str, Unit]  # every unit, its body included (Unit.body)
    cf: dict[Hex, int] = field(default_factory=dict)
    touched: set[str] = field(default_factory=set)
    # CMB-13 target movement modifier of units that moved this turn (PHY-17 to-hit)
    target_mods: dict[str, int] = field(default_factory=dict)
    # PHY-19: MP each unit has left this turn (only where the game knows it)
    mp_left: dict[str, int] = field(default_factory=dict)

    def building_cf(self, h: Hex) -> int:
        if h in self.cf:
            return self.cf[h]
        return int(self.board.building_cf[h.row, h.col]) if self.building(h) else 0

    def building(self, h: Hex) -> int:
        if self.cf.get(h, 1) <= 0:
            return 0  # destroyed this slide
        return int(self.board.building_class[h.row, h.col])


def attack_side(direction: int, target_facing: int) -> str:
    """CMB-26 for an attacker coming from the adjacent hex opposite ``direction``."""
    k = (direction + 3 - target_facing) % 6
    return {0: "front", 1: "front", 5: "front", 2: "right", 3: "rear", 4: "left"}[k]


def hurt(
    w: SlideWorld, out: UnitOutcome, side: str, dmg: int, cause: str, vdmg: int
) -> tuple[UnitOutcome, int]:
    """Damage to the slider in 5-point groups: a Mech's body (PSR-16 table), a vehicle's
    hull (its own table and motive rolls, PSR-27); ``vdmg`` sums a vehicle's damage."""
    if out.body is None:
        return out.then(hurt_vehicle(out.unit, dmg, side, w.dice, w.step, cause)), vdmg + dmg
    return out.then(apply_damage_groups(out.unit, w.dice, side, dmg, w.step, cause, w.rules)), vdmg


def charge_damage(tons: int, hexes: int, rules: Rules) -> int:
    """PHY-11: TW ceil(tons / 10 x hexes); classic floor(tons / 10) x hexes."""
    if rules.classic:
        return (tons // 10) * hexes
    return math.ceil(tons * hexes / 10)


def charge_all(
    w: SlideWorld,
    out: UnitOutcome,
    occupants: list[Unit],
    h: Hex,
    s: Slide,
    vdmg: int,
    flush: Callable[[UnitOutcome], UnitOutcome],
) -> tuple[UnitOutcome, bool, int]:
    """PSR-33: an accidental charge against each unit in the hex (in id order, choice).

    Returns whether the slide passes on through the hex (every charge missed or every
    target destroyed). A target left standing is pushed one hex on and the slider takes its
    place; the slide ends. A submerged submarine is passed over, an airborne VTOL or WiGE
    passed under: no dodge, no charge.
    """
    for target in sorted(occupants, key=lambda u: u.id):
        if target.submerged or target.flying_height > 0:  # ADV-25: a submerged submarine
            # cannot be attacked, so the accidental charge of PSR-33 does not reach it: the
            # slide passes over (choice); nor an airborne VTOL or WiGE above the slider's
            # band (MOV-34 height bands): the slide passes under it
            what = "passes_over" if target.submerged else "passes_under"
            out = out.add(event(what, w.step, unit=target.id, at=h))
            continue
        if target.kind == "infantry" and not target.moved:  # PSR-39 always dodges
            out = out.add(event("dodge", w.step, unit=target.id, at=h, automatic=True))
            continue
        if _may_dodge(target):
            out, dodged = _dodge(w, out, target, h)
            if dodged:
                continue
        out = flush(out)
        out, hit, vdmg = _charge(w, out, target, s, vdmg)
        if out.destroyed:
            return out, False, vdmg
        now = w.units[target.id]
        gone = now.destroyed or (now.body is not None and now.body.destroyed)
        if hit and not gone and target.kind != "infantry":
            legs = target.legs_destroyed
            return _displace(w, out, now, h, s, legs), False, vdmg
    return out, True, vdmg


def _may_dodge(u: Unit) -> bool:
    """PSR-37: a unit that has not moved this phase may try to dodge (choice: it always
    tries, unless it is prone, immobile or cannot roll at all)."""
    return not u.moved and not u.prone and not u.immobile and u.kind != "infantry"


def _dodge(w: SlideWorld, out: UnitOutcome, target: Unit, h: Hex) -> tuple[UnitOutcome, bool]:
    """PSR-37: a PSR / driving roll. Success: the unit gets out of the way — the move it
    would make cannot be chosen in the middle of a skid, so it keeps its hex and the skid
    passes (choice). Failure: it stays and is charged; it does not fall. Either way the
    attempt is its move for the phase (the game marks every unit with a ``dodge`` event)."""
    mods = w.base_mods(target)
    tn = sum(int(m.value) for m in mods)
    roll = w.dice.roll2d6(f"{target.id} dodges", target=tn)
    listed = [{"value": m.value, "reason": m.reason} for m in mods]
    w.units[target.id] = replace(target, moved=True)
    w.touched.add(target.id)
    ev = event("dodge", w.step, unit=target.id, at=h, target=tn, modifiers=listed, roll=roll,
               success=roll.success)  # fmt: skip
    return out.add(ev), bool(roll.success)


def _charge(
    w: SlideWorld, out: UnitOutcome, target: Unit, s: Slide, vdmg: int
) -> tuple[UnitOutcome, bool, int]:
    me = out.unit
    mods = [(me.piloting, "piloting skill"), (s.attacker_modifier, "attacker movement")]
    mods.append((UNINTENTIONAL_CHARGE, "unintentional charge"))
    woods = int(w.board.woods[target.at.row, target.at.col])
    if woods:
        mods.append((min(woods, 2), "target in woods"))  # CMB-14
    if target.prone:
        mods.append((-2, "prone target, adjacent"))  # CMB-19
    if target.immobile:
        mods.append((-4, "immobile target"))  # CMB-20
    tn = sum(v for v, _ in mods)
    roll = w.dice.roll2d6(f"accidental charge on {target.id}", target=tn)
    listed = [{"value": v, "reason": r} for v, r in mods]
    ev = event("accidental_charge", w.step, target=target.id, at=target.at, to_hit=tn,
               modifiers=listed, roll=roll, hit=roll.success)  # fmt: skip
    out = out.add(ev)
    w.touched.add(target.id)
    if not roll.success:
        return out, False, vdmg
    dmg = charge_damage(me.tons, s.hexes_moved, w.rules)
    side = attack_side(s.direction, target.facing)
    if target.kind == "infantry":
        dmg = math.ceil(me.tons / 5)  # PSR-39
    detail = _hurt_target(w, target, side, dmg)
    out = out.add(
        event("charge_damage", w.step, unit=target.id, side=side, damage=dmg, detail=detail)
    )
    back = math.ceil(target.tons / 10)
    out, vdmg = hurt(w, out, "front", back, f"charged into {target.id}", vdmg)
    return out, True, vdmg


def _hurt_target(w: SlideWorld, target: Unit, side: str, dmg: int) -> tuple[Any, ...]:
    """PSR-33: standing Mech -> kick table (PHY-09); prone Mech -> normal table (CMB-27);
    vehicle -> its hull, the charge damage in 5-point groups (PSR-27 motive rolls).

    Returns what to log: the hit results (standing) or the damage events (prone, which
    may include pilot hits from head hits; a vehicle's)."""
    target = w.units[target.id]  # as it stands now (a dodge may have marked it moved)
    body = target.body
    if body is None:
        if target.platoon is not None:  # PSR-39: troopers (CMB-40/41)
            got = hurt_platoon(w.board, target, dmg, "skid collision (PSR-39)", w.step)
            w.units[target.id] = got.unit
            return got.events
        if target.hull is None:
            return ()
        hit = hurt_vehicle(target, dmg, side, w.dice, w.step, "charged")
        w.units[target.id] = hit.unit
        return hit.events
    if target.prone:
        hurt = apply_damage_groups(target, w.dice, side, dmg, w.step, "charged", w.rules)
        w.units[target.id] = hurt.unit
        return hurt.events
    results = []
    for g in damage_groups(dmg):
        if body.destroyed:
            break
        face = w.dice.d6(f"kick location ({target.id})")
        body, res = apply_hit(body, kick_location(side, face, body.quad), g)
        results.append(res)
    d = target.damage
    taken = sum(r.absorbed for r in results)
    w.units[target.id] = replace(
        target, damage=replace(d, phase_damage=d.phase_damage + taken), body=body
    )
    return tuple(results)


def _displace(
    w: SlideWorld, out: UnitOutcome, target: Unit, h: Hex, s: Slide, legs: int
) -> UnitOutcome:
    """PSR-33: positions as after a successful charge (PHY-10): the target is pushed one hex
    on and the slider takes its hex; a unit already in that hex is pushed on in turn (the
    domino effect, PHY-18). A target that cannot be pushed (map edge) stays, and the slider
    stops in front of it (choice)."""
    dest = neighbour(h, s.direction)
    if not w.board.contains(dest):
        out = out.add(event("blocked", w.step, unit=target.id, at=h))
        return shaken(w, out, target, h, legs, Modifier(2, "was charged"))
    out = replace(out, unit=set_at(w.board, out.unit, h))
    return push(w, out, target, dest, s.direction, legs, Modifier(2, "was charged"), 0)


@dataclass(frozen=True, slots=True)
class Shove:
    """One unit moved by a displacement: from, to, why (its PSR's modifier); ``dodge``
    marks a PHY-19 step aside (no PSR)."""

    unit: str
    frm: Hex
    to: Hex
    why: Modifier
    dodge: bool = False


def standable(w: SlideWorld, h: Hex, kind: str) -> bool:
    """A hex a displaced unit may be put in (choice): no standing building, no terrain its
    motive kind may not enter (MOV-10), no depth 1+ water for ground vehicles and infantry,
    nothing but depth 1+ water for a naval vessel or submarine (ADV-24)."""
    b, r, c = w.board, h.row, h.col
    if int(b.building_class[r, c]) > 0 and w.cf.get(h, 1) > 0:
        return False
    mc = motive_costs(kind)
    if mc.woods[int(b.woods[r, c])] == X or (mc.dry == X and int(b.water[r, c]) < 1):
        return False
    return not (int(b.water[r, c]) >= 1 and kind in DROWNING)


def chain(
    w: SlideWorld, unit: Unit, dest: Hex, d: int, why: Modifier, strict: bool = False
) -> tuple[list[Shove], Unit | None]:
    """PHY-18, the one displacement mechanism: ``unit`` goes into ``dest``; whoever stands
    there is pushed on one hex in direction ``d`` (default reading: the chain goes on while
    the hex entered is occupied), unless it steps aside (PHY-19). Returns the moves in
    order and the unit that could not be pushed on (map edge; ``strict``, the physical
    attacks: also a building, prohibited terrain or a hex 2+ levels up) or None. Strict
    chains that are blocked move nobody; others stop at the blocked unit (skids, falls:
    the units are settled afterwards, game.rules.piloting.run.settle)."""
    if not w.board.contains(dest) or (strict and not _enterable(w, unit.at, dest, unit)):
        return [], unit  # the first unit itself cannot go there
    shoves = [Shove(unit.id, unit.at, dest, why)]
    moved = {unit.id}
    at = dest
    mover = unit
    for _ in range(w.board.width + w.board.height + 2):
        occ = _in_the_way(w, mover, at, moved, strict)
        if occ is None:
            return shoves, None
        step = _dodge_step(w, occ, d, {s.to for s in shoves})
        if step is not None:
            return shoves + [Shove(occ.id, at, step, Modifier(0, "stepped aside"), True)], None
        nxt = neighbour(at, d)
        if not w.board.contains(nxt) or (strict and not _enterable(w, at, nxt, occ)):
            return ([] if strict else shoves), occ
        shoves.append(Shove(occ.id, at, nxt, Modifier(0, "domino effect")))
        moved.add(occ.id)
        at = nxt
        mover = occ
    return shoves, None


def _in_the_way(w: SlideWorld, mover: Unit, at: Hex, moved: set[str], strict: bool) -> Unit | None:
    """Who ``mover``, displaced into ``at``, pushes on (PHY-18). Classic: whoever is there
    (MOV-30, one unit a hex). TW: nobody if the hex has room for it (MOV-34: displacement
    into a full hex starts the domino effect); else the first unit (in the order the game
    holds them) without which it would have room, else the first there."""
    there = [u for u in w.units.values() if u.at == at and u.id not in moved
             and not (strict and _gone(u))]  # fmt: skip
    if not there or w.rules.classic:
        return there[0] if there else None
    me = replace(mover, at=at)
    if violation(me, there, w.rules) is None:
        return None
    for occ in there:
        if violation(me, [o for o in there if o is not occ], w.rules) is None:
            return occ
    return there[0]


def _gone(u: Unit) -> bool:
    return u.destroyed or (u.body is not None and u.body.destroyed)


def _enterable(w: SlideWorld, frm: Hex, to: Hex, u: Unit) -> bool:
    """Strict displacement (choice): a standable hex no more than 1 level up."""
    up = int(w.board.level[to.row, to.col]) - int(w.board.level[frm.row, frm.col])
    return standable(w, to, u.kind) and up <= 1


def _room_for(w: SlideWorld, u: Unit, h: Hex) -> bool:
    """PHY-19's step aside: into an empty hex (classic, MOV-30), or one with room for it
    under the TW limits (MOV-34: a unit placed by displacement)."""
    there = [o for o in w.units.values() if o.at == h and not _gone(o) and o.id != u.id]
    if w.rules.classic:
        return not there
    return violation(replace(u, at=h), there, w.rules) is None


def _dodge_step(w: SlideWorld, u: Unit, d: int, taken: set[Hex]) -> Hex | None:
    """PHY-19: a standing Mech pushed from the side with the MP left steps one hex forward
    (else backward) instead (choice: always, forward first). Only where the game knows
    the MP a unit has left (``w.mp_left``: the physical attack phase)."""
    if u.id not in w.mp_left or not u.is_mech or u.prone or u.immobile:
        return None
    if d in (u.facing, (u.facing + 3) % 6):
        return None  # pushed from the front or the back, not from the side
    table = entry_table(w.board, u.kind, w.rules)
    idx = table.index(u.at.col, u.at.row)
    for way in (u.facing, (u.facing + 3) % 6):
        h = neighbour(u.at, way)
        if not w.board.contains(h) or h in taken:
            continue
        if not _room_for(w, u, h):
            continue
        cost = int(table.cost[0, way, idx])
        if 0 <= cost <= w.mp_left[u.id] and standable(w, h, u.kind):
            return h
    return None


def push(
    w: SlideWorld,
    out: UnitOutcome,
    unit: Unit,
    dest: Hex,
    d: int,
    legs: int,
    why: Modifier,
    depth: int,
) -> UnitOutcome:
    """Move ``unit`` into ``dest`` and push on whoever stood there (:func:`chain`); each
    unit moved rolls (or falls) as it arrives (PHY-18; skids and falls in the movement
    phase). A unit that would be pushed off the map stays."""
    shoves, blocker = chain(w, unit, dest, d, why)
    for s in shoves:
        u = w.units[s.unit]
        before = legs if s.unit == unit.id else u.legs_destroyed
        moved = set_at(w.board, u, s.to)  # ADV-25: a pushed submarine's depth capped
        w.units[u.id] = moved
        w.touched.add(u.id)
        out = out.add(event("displaced", w.step, unit=u.id, to=s.to))
        if s.dodge:
            out = out.add(event("steps_aside", w.step, unit=u.id, to=s.to))
            continue
        drop = int(w.board.level[s.frm.row, s.frm.col]) - int(w.board.level[s.to.row, s.to.col])
        out = shaken(w, out, moved, s.to, before, s.why, max(drop, 0))
    if blocker is not None:
        out = out.add(event("blocked", w.step, unit=blocker.id, at=blocker.at))
    return out


def shaken(
    w: SlideWorld,
    out: UnitOutcome,
    target: Unit,
    at: Hex,
    legs: int,
    why: Modifier,
    levels: int = 0,
) -> UnitOutcome:
    """A standing Mech that was charged or pushed rolls (PHY-10 +2, PHY-18 +0) or falls;
    it falls outright if it lost a leg (``legs`` = legs destroyed before, CMB-38)."""
    if not target.is_mech or target.prone:
        return out
    mods = [*w.base_mods(target), why]
    tn = sum(int(m.value) for m in mods)
    listed = [{"value": m.value, "reason": m.reason} for m in mods]
    auto = target.legs_destroyed > legs or target.immobile
    roll = None if auto else w.dice.roll2d6(f"{target.id}: {why.reason}", target=tn)
    ok = roll is not None and bool(roll.success)
    shown: int | str = "auto-fail" if auto else tn
    psr = event("psr", w.step, unit=target.id, kind="displaced", reason=why.reason,
                target=shown, modifiers=listed, roll=roll, success=ok)  # fmt: skip
    out = out.add(psr)
    if ok:
        return out
    fell, _ = fall(target, at, levels, False, mods, w.dice, w.step, why.reason, w.rules)
    w.units[target.id] = fell.unit
    return out.add(event("unit_falls", w.step, unit=target.id, events=fell.events))


def collapse_on_others(w: SlideWorld, out: UnitOutcome, h: Hex, dmg: int, skip: str) -> UnitOutcome:
    """PSR-32, MOV-32 (choice): a building hex that collapses falls on every other unit in
    it too: ``dmg`` (ceil(CF before / 10)) on a Mech's Front column, on a vehicle's hull
    from the front (PSR-27 motive rolls), on a platoon's troopers (CMB-41,
    game.rules.damage.platoon_hurt)."""
    for u in sorted(w.units.values(), key=lambda o: o.id):
        if u.at != h or u.id == skip or u.destroyed:
            continue
        w.touched.add(u.id)
        if u.platoon is not None:  # troopers (CMB-41), not doubled: no building is open
            got = hurt_platoon(w.board, u, dmg, "building collapse (PSR-32)", w.step)
            w.units[u.id] = got.unit
            out = out.add(*got.events)
            continue
        if u.body is None:
            got = hurt_vehicle(u, dmg, "front", w.dice, w.step, "building collapse")
            w.units[u.id] = got.unit
            out = (
                out.add(*got.events)
                if u.hull is None
                else out.add(
                    event(
                        "unit_hit", w.step, unit=u.id, cause="building collapse", events=got.events
                    )
                )
            )
            continue
        hit = apply_damage_groups(u, w.dice, "front", dmg, w.step, "building collapse", w.rules)
        w.units[u.id] = hit.unit
        out = out.add(event("unit_hit", w.step, unit=u.id, cause="building collapse",
                            events=hit.events))  # fmt: skip
    return out
