"""Skids and sideslips: where an out-of-control unit slides and what it hits.

A Mech that fails a skid roll has already fallen (game.rules.piloting.falls); here it slides on
(PSR-24), a ground vehicle skids without falling (PSR-26), a hovercraft sideslips
(PSR-28/29). The path is walked hex by hex through PSR-32..38: buildings, other units,
higher and much lower hexes, prohibited terrain, water, terrain that shortens the slide
and the map edge. Damage is applied in the PSR-31 order. Terrain costs come from the
movement cost tables (game.rules.move.costs), never from a second copy.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

from game.board import Board
from game.core.dice import Dice
from game.core.options import TW, Rules
from game.hexgrid import Hex, neighbour
from game.rules.move.costs import X, building_mp, motive_costs
from game.rules.piloting.collide import (
    BaseMods,
    Slide,
    SlideWorld,
    charge_all,
    charge_damage,
    collapse_on_others,
    hurt,
)
from game.rules.piloting.falls import (
    RulesEvent,
    UnitOutcome,
    apply_damage_groups,
    event,
    fall,
    fall_damage,
)
from game.rules.piloting.fromabove import from_above, occupant
from game.units.mech import MechBody
from game.units.unit import Unit
from game.units.vehicle import MOTIVE_KIND

SKID_TARGET_MOD, SKID_ATTACKER_MOD = 2, 1  # PSR-25
MOTIVE_TYPE_MOD = MOTIVE_KIND  # PSR-27 (game.units.vehicle)
MOTIVE_EFFECTS = ((5, "no effect"), (7, "minor"), (9, "moderate"), (11, "heavy"))


@dataclass(frozen=True, slots=True)
class SlideResult:
    """The slider after the slide, every other unit touched, and damaged buildings."""

    outcome: UnitOutcome
    path: tuple[Hex, ...]
    others: tuple[tuple[str, Unit, MechBody | None], ...] = ()
    buildings: tuple[tuple[Hex, int], ...] = ()  # (hex, CF left); 0 = destroyed
    stopped_by: str = "distance"
    immobilised: bool = False
    vehicle_damage: int = 0  # damage a vehicle slider took on its hull (game.rules.damage.hull)


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


def slide(
    board: Board,
    units: Mapping[str, Unit],
    start: UnitOutcome,
    s: Slide,
    dice: Dice,
    base_mods: BaseMods,
    rules: Rules = TW,
    step: int | None = None,
    buildings: Mapping[Hex, int] | None = None,
) -> SlideResult:
    """Walk the slide hex by hex (PSR-24/26/29, PSR-31..38); damage in the PSR-31 order.

    ``buildings`` holds the CF left of buildings already damaged this move."""
    w = SlideWorld(board, dice, rules, step, base_mods, dict(units))
    w.cf.update(buildings or {})
    out = start
    me = out.unit
    w.units[me.id] = me
    per_hex = math.ceil(fall_damage(me.tons, 0) / 2) if me.is_mech and s.kind == "skid" else 0
    remaining, pending, cur = s.distance, 0, me.at
    path: list[Hex] = []
    stopped, immobilised, vdmg = "distance", False, 0
    max_drop = motive_costs(me.kind).max_level_change

    def flush(o: UnitOutcome) -> UnitOutcome:
        nonlocal pending
        if pending and per_hex and o.body is not None and not o.destroyed:  # PSR-24
            o = o.then(apply_damage_groups(o.unit, dice, s.side, pending * per_hex, step, "skid"))
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
            out, vdmg = hurt(w, out, "front", dmg, "crash into a higher hex", vdmg)
            out = out.add(event("collision", step, what="higher hex", at=nxt, damage=dmg))
            stopped = "higher hex"
            break
        occupants = [u for u in w.units.values() if u.at == nxt and u.id != me.id]
        if occupants:
            out, passed, vdmg = charge_all(w, out, occupants, nxt, s, vdmg, flush)
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
            out, vdmg = _drop(w, out, -rise, vdmg, s.direction)
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
            out, vdmg = hurt(w, out, "front", dmg, "prohibited terrain", vdmg)
            out = out.add(event("collision", step, what="prohibited terrain", at=cur, damage=dmg))
            immobilised, stopped = True, "prohibited terrain"
            break
        remaining -= cost - 1  # PSR-36: the hex costs its MP, not 1
        if remaining <= 0 and cost > 1:
            stopped = "terrain"
    out = flush(out)
    others = tuple((i, w.units[i], w.units[i].body) for i in sorted(w.touched))
    return SlideResult(
        out,
        tuple(path),
        others,
        tuple(sorted(w.cf.items())),
        stopped,
        immobilised,
        vdmg,
    )


def _building(
    w: SlideWorld, out: UnitOutcome, h: Hex, cls: int, s: Slide, vdmg: int
) -> tuple[UnitOutcome, bool, int]:
    """PSR-32: damage as a successful charge against the building (PHY-11): the building
    takes the charge damage, the unit ceil(CF / 10) on its Front column. A destroyed
    building collapses on the unit for ceil(CF / 10) more on the fall column (choice)."""
    me = out.unit
    cf = w.building_cf(h)
    to_building = charge_damage(me.tons, s.hexes_moved, w.rules)
    left = max(cf - to_building, 0)
    w.cf[h] = left
    to_unit = math.ceil(cf / 10)
    out = out.add(
        event("collision", w.step, what="building", at=h, building_damage=to_building,
              cf_before=cf, cf_left=left, damage=to_unit)
    )  # fmt: skip
    out, vdmg = hurt(w, out, "front", to_unit, "building collision", vdmg)
    if left > 0 or out.destroyed:
        return out, False, vdmg
    out = out.add(event("building_collapse", w.step, at=h, damage=to_unit))
    out, vdmg = hurt(w, out, s.side, to_unit, "building collapse", vdmg)
    out = collapse_on_others(w, out, h, to_unit, me.id)
    return out, True, vdmg


def _drop(
    w: SlideWorld, out: UnitOutcome, levels: int, vdmg: int, direction: int
) -> tuple[UnitOutcome, int]:
    """PSR-35: sliding off a drop deeper than the unit may descend is an accidental fall."""
    if out.body is None:
        dmg = fall_damage(out.unit.tons, levels)
        out = out.add(event("collision", w.step, what="drop", levels=levels, damage=dmg))
        return hurt(w, out, "front", dmg, "accidental fall", vdmg)
    mods = w.base_mods(out.unit)
    me = out.unit
    if occupant(w, me.at, {me.id}) is not None:  # PHY-17: onto a unit it missed or passed
        back = neighbour(me.at, (direction + 3) % 6)
        start = replace(me, at=back)
        res = from_above(w, UnitOutcome(start), me.at, levels, False, direction, mods,
                         "skidded off a drop")  # fmt: skip
        return out.then(res), vdmg
    fell, _ = fall(me, me.at, levels, False, mods, w.dice, w.step, "skidded off a drop",
                   w.rules)  # fmt: skip
    return out.then(fell), vdmg


def motive_roll(unit: Unit, dice: Dice, step: int | None) -> RulesEvent:
    """PSR-26/27: a skidding ground vehicle rolls once on the motive system damage table
    with only the motive-type modifier; the effect is logged (vehicle motive damage is
    not tracked on the unit record yet)."""
    mod = MOTIVE_TYPE_MOD.get(unit.kind, 0)
    roll = dice.roll2d6("motive system damage")
    total = roll.total + mod
    effect = next((name for top, name in MOTIVE_EFFECTS if total <= top), "major")
    return event("motive_damage", step, roll=roll, modifier=mod, total=total, effect=effect)
