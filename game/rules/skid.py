"""Skids and sideslips: where an out-of-control unit slides and what it hits.

A Mech that fails a skid roll has already fallen (game.rules.falls); here it slides on
(PSR-24), a ground vehicle skids without falling (PSR-26), a hovercraft sideslips
(PSR-28/29). The path is walked hex by hex through PSR-32..38: buildings, other units,
higher and much lower hexes, prohibited terrain, water, terrain that shortens the slide
and the map edge. Damage is applied in the PSR-31 order. Terrain costs come from the
movement cost tables (game.rules.costs), never from a second copy.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..board import Board
from ..dice import Dice
from ..hexgrid import Hex, neighbour
from ..mech import MechBody, apply_hit, damage_groups, kick_location, standard_body
from ..units import Unit
from .costs import X, building_mp, motive_costs
from .falls import Event, Outcome, apply_damage_groups, event, fall, fall_damage
from .options import TW, Rules
from .psr import Modifier

UNINTENTIONAL_CHARGE = 3  # PSR-33 GAP filled (standard TW value)
SKID_TARGET_MOD, SKID_ATTACKER_MOD = 2, 1  # PSR-25
MOTIVE_TYPE_MOD = {"tracked": 0, "wheeled": 2, "hover": 3}  # PSR-27
MOTIVE_EFFECTS = ((5, "no effect"), (7, "minor"), (9, "moderate"), (11, "heavy"))

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


@dataclass(frozen=True, slots=True)
class SlideResult:
    """The slider after the slide, every other unit touched, and damaged buildings."""

    outcome: Outcome
    path: tuple[Hex, ...]
    others: tuple[tuple[str, Unit, MechBody | None], ...] = ()
    buildings: tuple[tuple[Hex, int], ...] = ()  # (hex, CF left); 0 = destroyed
    stopped_by: str = "distance"
    immobilised: bool = False
    vehicle_damage: int = 0  # damage a vehicle slider took (vehicles have no body here)


@dataclass
class _World:
    """Scratch state while one slide is walked (never leaves this module)."""

    board: Board
    dice: Dice
    rules: Rules
    step: int | None
    base_mods: BaseMods
    units: dict[str, Unit]
    bodies: dict[str, MechBody | None]
    cf: dict[Hex, int] = field(default_factory=dict)
    touched: set[str] = field(default_factory=set)

    def body(self, u: Unit) -> MechBody | None:
        if u.id not in self.bodies:
            legs = u.damage.legs_destroyed
            self.bodies[u.id] = (
                standard_body(u.tons, u.kind == "quad", legs_destroyed=legs) if u.is_mech else None
            )
        return self.bodies[u.id]

    def building_cf(self, h: Hex) -> int:
        if h in self.cf:
            return self.cf[h]
        return int(self.board.building_cf[h.row, h.col]) if self.building(h) else 0

    def building(self, h: Hex) -> int:
        if self.cf.get(h, 1) <= 0:
            return 0  # destroyed this slide
        return int(self.board.building_class[h.row, h.col])


def skid_to_hit(attacker_skidded: bool, target_skidded: bool, target_ground: bool = True) -> int:
    """PSR-25: +2 to attacks against a skidding ground unit, +1 to the skidder's own."""
    mod = SKID_ATTACKER_MOD if attacker_skidded else 0
    return mod + (SKID_TARGET_MOD if target_skidded and target_ground else 0)


def terrain_cost(board: Board, h: Hex, kind: str) -> int | None:
    """PSR-36: the hex's Movement Cost Table cost (MOV-08, base included) for terrain other
    than clear/pavement; None if that terrain is prohibited for the kind (PSR-38).
    Buildings, water and level changes have their own skid rules and are not counted."""
    mc = motive_costs(kind)
    r, c = h.row, h.col
    parts = [mc.woods[int(board.woods[r, c])]]
    if board.rough[r, c]:
        parts.append(mc.rough)
    if board.rubble[r, c]:
        parts.append(mc.rubble)
    if X in parts:
        return None
    return 1 + sum(parts)


def attack_side(direction: int, target_facing: int) -> str:
    """CMB-26 for an attacker coming from the adjacent hex opposite ``direction``."""
    k = (direction + 3 - target_facing) % 6
    return {0: "front", 1: "front", 5: "front", 2: "right", 3: "rear", 4: "left"}[k]


def slide(
    board: Board,
    units: Mapping[str, Unit],
    bodies: Mapping[str, MechBody | None],
    start: Outcome,
    s: Slide,
    dice: Dice,
    base_mods: BaseMods,
    rules: Rules = TW,
    step: int | None = None,
    buildings: Mapping[Hex, int] | None = None,
) -> SlideResult:
    """Walk the slide hex by hex (PSR-24/26/29, PSR-31..38); damage in the PSR-31 order.

    ``buildings`` holds the CF left of buildings already damaged this move."""
    w = _World(board, dice, rules, step, base_mods, dict(units), dict(bodies))
    w.cf.update(buildings or {})
    out = start
    me = out.unit
    w.units[me.id] = me
    per_hex = math.ceil(fall_damage(me.tons, 0) / 2) if me.is_mech and s.kind == "skid" else 0
    remaining, pending, cur = s.distance, 0, me.at
    path: list[Hex] = []
    stopped, immobilised, vdmg = "distance", False, 0
    max_drop = motive_costs(me.kind).max_level_change

    def flush(o: Outcome) -> Outcome:
        nonlocal pending
        if pending and per_hex and o.body is not None and not o.destroyed:  # PSR-24
            o = o.then(
                apply_damage_groups(o.unit, o.body, dice, s.side, pending * per_hex, step, "skid")
            )
        pending = 0
        return o

    while remaining > 0 and not out.destroyed:
        nxt = neighbour(cur, s.direction)
        if not board.contains(nxt):
            stopped = "map edge"
            break
        rise = int(board.level[nxt.row, nxt.col]) - int(board.level[cur.row, cur.col])
        if rise >= 1:  # PSR-34: crash into a higher hex, stay put
            out = flush(out)
            dmg = math.ceil(me.tons / 20)
            out, vdmg = _hurt(w, out, "front", dmg, "crash into a higher hex", vdmg)
            out = out.add(event("collision", step, what="higher hex", at=nxt, damage=dmg))
            stopped = "higher hex"
            break
        occupants = [u for u in w.units.values() if u.at == nxt and u.id != me.id]
        if occupants:
            out, passed, vdmg = _charge_all(w, out, occupants, nxt, s, vdmg, flush)
            if not passed:
                stopped = "unit"
                if out.unit.at == nxt:  # took the pushed unit's hex
                    path.append(nxt)
                    pending += 1
                break
        cls = w.building(nxt)
        cur = nxt
        path.append(cur)
        out = replace(out, unit=replace(out.unit, at=cur))
        pending += 1
        remaining -= 1
        if cls:  # PSR-32
            out = flush(out)
            out, destroyed, vdmg = _building(w, out, cur, cls, s, vdmg)
            if not destroyed:
                stopped = "building"
                break
            remaining -= building_mp(cls, me.kind)
            continue
        if -rise > max_drop:  # PSR-35: accidental fall, the slide ends here
            out = flush(out)
            out, vdmg = _drop(w, out, -rise, vdmg)
            stopped = "drop"
            break
        depth = int(board.water[cur.row, cur.col])
        if depth >= 1 and me.kind != "hover":  # PSR-38 water
            if me.is_mech:
                stopped = "water"
            else:
                out = out.add(event("unit_destroyed", step, cause="skidded into deep water"))
                out = replace(out, wrecked=True)
                stopped = "water"
            break
        cost = terrain_cost(board, cur, me.kind)
        if cost is None:  # PSR-38 prohibited terrain
            out = flush(out)
            dmg = math.ceil(me.tons / 5)
            out, vdmg = _hurt(w, out, "front", dmg, "prohibited terrain", vdmg)
            out = out.add(event("collision", step, what="prohibited terrain", at=cur, damage=dmg))
            immobilised, stopped = True, "prohibited terrain"
            break
        remaining -= cost - 1  # PSR-36: the hex costs its MP, not 1
        if remaining <= 0 and cost > 1:
            stopped = "terrain"
    out = flush(out)
    others = tuple((i, w.units[i], w.bodies.get(i)) for i in sorted(w.touched))
    return SlideResult(
        out,
        tuple(path),
        others,
        tuple(sorted(w.cf.items())),
        stopped,
        immobilised,
        vdmg,
    )


def _hurt(
    w: _World, out: Outcome, side: str, dmg: int, cause: str, vdmg: int
) -> tuple[Outcome, int]:
    """Damage to the slider: a Mech's body in 5-point groups; a vehicle's total is logged."""
    if out.body is None:
        ev = event("vehicle_damage", w.step, cause=cause, side=side, damage=dmg,
                   groups=damage_groups(dmg))  # fmt: skip
        return out.add(ev), vdmg + dmg
    return out.then(
        apply_damage_groups(out.unit, out.body, w.dice, side, dmg, w.step, cause, w.rules)
    ), vdmg


def _building(
    w: _World, out: Outcome, h: Hex, cls: int, s: Slide, vdmg: int
) -> tuple[Outcome, bool, int]:
    """PSR-32: damage as a successful charge against the building (PHY-11): the building
    takes the charge damage, the unit ceil(CF / 10) on its Front column. A destroyed
    building collapses on the unit for ceil(CF / 10) more on the fall column (choice)."""
    me = out.unit
    cf = w.building_cf(h)
    to_building = _charge_damage(me.tons, s.hexes_moved, w.rules)
    left = max(cf - to_building, 0)
    w.cf[h] = left
    to_unit = math.ceil(cf / 10)
    out = out.add(
        event("collision", w.step, what="building", at=h, building_damage=to_building,
              cf_before=cf, cf_left=left, damage=to_unit)
    )  # fmt: skip
    out, vdmg = _hurt(w, out, "front", to_unit, "building collision", vdmg)
    if left > 0 or out.destroyed:
        return out, False, vdmg
    out = out.add(event("building_collapse", w.step, at=h, damage=to_unit))
    out, vdmg = _hurt(w, out, s.side, to_unit, "building collapse", vdmg)
    return out, True, vdmg


def _charge_damage(tons: int, hexes: int, rules: Rules) -> int:
    """PHY-11: TW ceil(tons / 10 x hexes); classic floor(tons / 10) x hexes."""
    if rules.classic:
        return (tons // 10) * hexes
    return math.ceil(tons * hexes / 10)


def _drop(w: _World, out: Outcome, levels: int, vdmg: int) -> tuple[Outcome, int]:
    """PSR-35: sliding off a drop deeper than the unit may descend is an accidental fall."""
    if out.body is None:
        dmg = fall_damage(out.unit.tons, levels)
        out = out.add(event("collision", w.step, what="drop", levels=levels, damage=dmg))
        return _hurt(w, out, "front", dmg, "accidental fall", vdmg)
    mods = w.base_mods(out.unit)
    fell, _ = fall(out.unit, out.body, out.unit.at, levels, False, mods, w.dice, w.step,
                   "skidded off a drop", w.rules)  # fmt: skip
    return out.then(fell), vdmg


def _charge_all(
    w: _World,
    out: Outcome,
    occupants: list[Unit],
    h: Hex,
    s: Slide,
    vdmg: int,
    flush: Callable[[Outcome], Outcome],
) -> tuple[Outcome, bool, int]:
    """PSR-33: an accidental charge against each unit in the hex (in id order, choice).

    Returns whether the slide passes on through the hex (every charge missed or every
    target destroyed). A target left standing is pushed one hex on and the slider takes its
    place; the slide ends.
    """
    for target in sorted(occupants, key=lambda u: u.id):
        if target.kind == "infantry" and not target.moved:  # PSR-39 always dodges
            out = out.add(event("dodge", w.step, unit=target.id, at=h))
            continue
        out = flush(out)
        out, hit, vdmg = _charge(w, out, target, s, vdmg)
        if out.destroyed:
            return out, False, vdmg
        now = w.units[target.id]
        tb = w.bodies.get(target.id)
        gone = now.destroyed or (tb is not None and tb.destroyed)
        if hit and not gone and target.kind != "infantry":
            legs = target.damage.legs_destroyed
            return _displace(w, out, now, h, s, legs), False, vdmg
    return out, True, vdmg


def _charge(
    w: _World, out: Outcome, target: Unit, s: Slide, vdmg: int
) -> tuple[Outcome, bool, int]:
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
    dmg = _charge_damage(me.tons, s.hexes_moved, w.rules)
    side = attack_side(s.direction, target.facing)
    if target.kind == "infantry":
        dmg = math.ceil(me.tons / 5)  # PSR-39
    detail = _hurt_target(w, target, side, dmg)
    out = out.add(
        event("charge_damage", w.step, unit=target.id, side=side, damage=dmg, detail=detail)
    )
    back = math.ceil(target.tons / 10)
    out, vdmg = _hurt(w, out, "front", back, f"charged into {target.id}", vdmg)
    return out, True, vdmg


def _hurt_target(w: _World, target: Unit, side: str, dmg: int) -> tuple[Any, ...]:
    """PSR-33: standing Mech -> kick table (PHY-09); prone Mech -> normal table (CMB-27).

    Returns what to log: the hit results (standing) or the damage events (prone, which
    may include pilot hits from head hits)."""
    body = w.body(target)
    if body is None:
        return ()
    if target.prone:
        hurt = apply_damage_groups(target, body, w.dice, side, dmg, w.step, "charged", w.rules)
        w.units[target.id], w.bodies[target.id] = hurt.unit, hurt.body
        return hurt.events
    results = []
    for g in damage_groups(dmg):
        if body.destroyed:
            break
        face = w.dice.d6(f"kick location ({target.id})")
        body, res = apply_hit(body, kick_location(side, face, body.quad), g)
        results.append(res)
    w.bodies[target.id] = body
    d = target.damage
    legs = max(d.legs_destroyed, body.legs_destroyed)
    taken = sum(r.absorbed for r in results)
    w.units[target.id] = replace(
        target, damage=replace(d, legs_destroyed=legs, phase_damage=d.phase_damage + taken)
    )
    return tuple(results)


def _displace(w: _World, out: Outcome, target: Unit, h: Hex, s: Slide, legs: int) -> Outcome:
    """PSR-33: positions as after a successful charge (PHY-10): the target is pushed one hex
    on and the slider takes its hex. A target that cannot be pushed (map edge, occupied
    hex: the domino effect is not modelled) stays, and the slider stops in front of it
    (choice). A standing Mech target then rolls at +2 (PHY-10), or falls outright if the
    charge took a leg (``legs`` = legs destroyed before it, CMB-38)."""
    dest = neighbour(h, s.direction)
    busy = any(u.at == dest for u in w.units.values() if u.id != target.id)
    if not w.board.contains(dest) or busy:
        out = out.add(event("blocked", w.step, unit=target.id, at=h))
    else:
        target = replace(target, at=dest)
        w.units[target.id] = target
        out = replace(out, unit=replace(out.unit, at=h))
        out = out.add(event("displaced", w.step, unit=target.id, to=dest))
    if not target.is_mech or target.prone:
        return out
    mods = [*w.base_mods(target), Modifier(2, "was charged")]
    tn = sum(int(m.value) for m in mods)
    listed = [{"value": m.value, "reason": m.reason} for m in mods]
    auto = target.damage.legs_destroyed > legs or target.immobile
    roll = None if auto else w.dice.roll2d6(f"{target.id} was charged", target=tn)
    ok = roll is not None and bool(roll.success)
    shown: int | str = "auto-fail" if auto else tn
    psr = event("psr", w.step, unit=target.id, kind="charged", reason="was charged",
                target=shown, modifiers=listed, roll=roll, success=ok)  # fmt: skip
    out = out.add(psr)
    if ok:
        return out
    fell, _ = fall(target, w.body(target), target.at, 0, False, mods, w.dice, w.step,
                   "was charged", w.rules)  # fmt: skip
    w.units[target.id], w.bodies[target.id] = fell.unit, fell.body
    return out.add(event("unit_falls", w.step, unit=target.id, events=fell.events))


def motive_roll(unit: Unit, dice: Dice, step: int | None) -> Event:
    """PSR-26/27: a skidding ground vehicle rolls once on the motive system damage table
    with only the motive-type modifier; the effect is logged (vehicle motive damage is
    not tracked on the unit record yet)."""
    mod = MOTIVE_TYPE_MOD.get(unit.kind, 0)
    roll = dice.roll2d6("motive system damage")
    total = roll.total + mod
    effect = next((name for top, name in MOTIVE_EFFECTS if total <= top), "major")
    return event("motive_damage", step, roll=roll, modifier=mod, total=total, effect=effect)
