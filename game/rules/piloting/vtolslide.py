"""A VTOL's sideslip (ADV-28; standard TW values, not in seeds): the PSR-29 distance, flown
at the VTOL's altitude, and the crash that ends it against an obstacle.

The slide keeps the VTOL's altitude above what is below it (ADV-28: a sliding VTOL keeps its
altitude and never falls off a drop); its *slide level* is the top below it plus that
altitude. In the next hex it is stopped by:
- a building whose roof reaches the slide level: the VTOL charges it (PHY-11 charge damage
  to the building; the building's ceil(CF / 10) to the VTOL), then crashes in the hex it
  slid out of;
- ground or a bridge deck reaching the slide level (this build's VTOL follows the ground,
  so only a rise of its altitude or more; our addition beside ADV-28's list): it crashes
  in the hex it slid out of;
- a platoon whose top (its hex level + 1, MOV-28) reaches the slide level: it drops and
  crashes, in the hex it slid out of (ADV-28: "it would charge the infantry").
Other units are flown over; the map edge ends the slide as for every unit. The crash falls
the VTOL's altitude with ADV-28's damage, ceil(hexes moved this turn x tons / 10) in 5-point
groups (game.rules.damage.crashes); it then survives only where a VTOL may land (clear or
paved ground or a roof), else it is destroyed (ADV-28). Large support vehicles and grounded
DropShips are not units of this build. A ground unit in the crash hex (the VTOL flew over
it) takes an accidental fall from above first (PHY-17, game.rules.piloting.aftercrash);
the crash is recorded on the move (``crash`` events), so the VTOL makes no attacks this
turn (ADV-28, game.phases.weapons / game.phases.physical).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from game.board import Board
from game.core.dice import Dice
from game.core.options import TW, Rules
from game.hexgrid import Hex, neighbour
from game.rules.damage.crashes import crash, sideslip_crash_damage
from game.rules.damage.hull import hurt_vehicle
from game.rules.move.costs import top_surface
from game.rules.piloting.aftercrash import onto_unit, survives_landing
from game.rules.piloting.collide import BaseMods, Slide, SlideWorld, charge_damage
from game.rules.piloting.falls import UnitOutcome, event
from game.rules.piloting.skid import SlideResult
from game.units.unit import INFANTRY, Unit


def _top(board: Board, h: Hex) -> int:
    return int(top_surface(board)[h.row * board.shape[1] + h.col])


def _obstacle(board: Board, units: Mapping[str, Unit], me: Unit, nxt: Hex, level: int
              ) -> str | None:  # fmt: skip
    """What in ``nxt`` stops a VTOL sliding at ``level`` (ADV-28), or None."""
    if _top(board, nxt) >= level:
        return "building" if board.building_class[nxt.row, nxt.col] > 0 else "higher ground"
    if int(board.level[nxt.row, nxt.col]) + 1 < level:  # a platoon's top (MOV-28)
        return None
    for u in units.values():
        if u.id != me.id and u.at == nxt and u.kind == INFANTRY and not u.destroyed:
            return "infantry"
    return None


def vtol_slide(
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
    """ADV-28 for a sliding VTOL (the signature of game.rules.piloting.skid.slide)."""
    out, cur = start, start.unit.at
    altitude = max(start.unit.flying_height, 1)
    cf_left = dict(buildings or {})
    path: list[Hex] = []
    for _ in range(s.distance):
        nxt = neighbour(cur, s.direction)
        if not board.contains(nxt):
            return SlideResult(out, tuple(path), (), tuple(sorted(cf_left.items())), "map edge")
        what = _obstacle(board, units, out.unit, nxt, _top(board, cur) + altitude)
        if what is not None:
            if what == "building":
                out = charge_building(board, out, nxt, s, rules, dice, step, cf_left)
            moved = s.hexes_moved + len(path)
            if out.unit.destroyed:
                return SlideResult(out, tuple(path), (), tuple(sorted(cf_left.items())), what)
            out = out.then(crash(out.unit, board, altitude, dice, step, f"sideslip into {what}",
                                 sideslip_crash_damage(out.unit.tons, moved)))  # fmt: skip
            w = SlideWorld(board, dice, rules, step, base_mods, dict(units))
            out = aftermath(w, out, s.direction, altitude)
            others = tuple((i, w.units[i], w.units[i].body) for i in sorted(w.touched))
            return SlideResult(out, tuple(path), others, tuple(sorted(cf_left.items())), what)
        cur = nxt
        path.append(cur)
        out = UnitOutcome(_at(out.unit, cur), out.events, out.wrecked)
    return SlideResult(out, tuple(path), (), tuple(sorted(cf_left.items())), "distance")


def _at(u: Unit, h: Hex) -> Unit:
    return replace(u, at=h)


def charge_building(board: Board, out: UnitOutcome, h: Hex, s: Slide, rules: Rules, dice: Dice,
            step: int | None, cf_left: dict[Hex, int]) -> UnitOutcome:  # fmt: skip
    """ADV-28 / PHY-11: the VTOL charges the building; the building takes the charge damage
    (its CF is kept for the move), the VTOL's share comes with the crash that follows."""
    cf = cf_left.get(h, int(board.building_cf[h.row, h.col]))
    to_building = charge_damage(out.unit.tons, max(s.hexes_moved, 1), rules)
    cf_left[h] = max(cf - to_building, 0)
    to_vtol = math.ceil(cf / 10)
    out = out.add(event("collision", step, what="building", at=h, building_damage=to_building,
                        cf_before=cf, cf_left=cf_left[h], damage=to_vtol))  # fmt: skip
    return out.then(hurt_vehicle(out.unit, to_vtol, "front", dice, step, "building collision"))


def aftermath(w: SlideWorld, out: UnitOutcome, d: int, fell: int) -> UnitOutcome:
    """ADV-28 after a sideslip crash: onto a unit below (PHY-17; the units it changed are
    in ``w``), then land or be destroyed."""
    w.units[out.unit.id] = out.unit
    out = onto_unit(w, out, fell, d)
    return survives_landing(w.board, out, w.step)
