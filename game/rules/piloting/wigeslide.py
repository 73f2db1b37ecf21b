"""A WiGE's sideslip (ADV-21, ADV-23, ADV-28; standard TW values, not in seeds): the PSR-29
distance flown at the WiGE's *slide level*, and the crash that ends it against an obstacle.

The slide level is the top below it (costs.wige_top) plus its altitude (1, or more while it
holds its altitude). In the next hex, in this order:
- a building whose roof reaches the slide level: the WiGE charges it (PHY-11 charge damage
  to the building, the building's ceil(CF / 10) to the WiGE), then crashes in the hex it
  slid out of (ADV-28, EX-ADV-07);
- ground (or a bridge deck) above the slide level, 2+ levels up at altitude 1: a forced
  entry it cannot make (ADV-23/21): it crashes in the hex it slid out of (as a building);
- a platoon whose top (hex level + 1, MOV-28) reaches the slide level: it drops and
  crashes in the hex it slid out of ("it would charge the infantry", ADV-28);
- other ground units whose top reaches the slide level: an accidental charge (ADV-21 ->
  PSR-33, game.rules.piloting.collide.charge_all); a unit left standing stops the slide;
- woods: it enters them and crashes there (ADV-21: entering woods by sideslipping is an
  automatic crash), and is destroyed, as it cannot land in woods (ADV-28).
Then it enters the hex: onto higher ground (1 level up) it keeps 1 level above it; toward
lower ground it sinks to 1 level above it (ADV-23), unless the drop would make a ground
vehicle fall (2+ levels, PSR-35) and it has 2 MP left, the hold-altitude cost of ADV-23:
then it keeps its slide level (ADV-28; the 2 MP are not spent, a reading: the digest says
only "still has"). A crash falls its altitude over the crash hex, with ADV-28's damage,
ceil(hexes moved this turn x tons / 10) in 5-point groups. A ram that cuts its MP to 0
(motive damage) crashes it in the hex it is in (ADV-21), with ADV-27's damage. Then a ground
unit in the crash hex takes an accidental fall from above (PHY-17); after a sideslip crash
the WiGE survives only on clear or paved ground or water (game.rules.piloting.aftercrash).
Large support vehicles and grounded DropShips are not units of this build.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from game.board import Board
from game.core.dice import Dice
from game.core.options import TW, Rules
from game.hexgrid import Hex, neighbour
from game.rules.damage.crashes import crash, sideslip_crash_damage
from game.rules.damage.lift import must_land
from game.rules.move.costs import wige_top
from game.rules.piloting.aftercrash import onto_unit
from game.rules.piloting.collide import BaseMods, Slide, SlideWorld, charge_all
from game.rules.piloting.falls import UnitOutcome
from game.rules.piloting.fromabove import gone
from game.rules.piloting.skid import SlideResult
from game.rules.piloting.vtolslide import aftermath, charge_building
from game.units.unit import INFANTRY, MECH_KINDS, Unit

HOLD_ALTITUDE_MP = 2  # ADV-23 / ADV-28: the MP a sliding WiGE needs to keep its level
GROUND_FALL = 2  # PSR-35: a ground vehicle falls off a drop of 2+ levels


def _top(board: Board, h: Hex) -> int:
    return int(wige_top(board)[h.row * board.width + h.col])


def unit_top(board: Board, u: Unit) -> int:
    """ADV-28 / MOV-28: hex level + the unit's height (standing Mech 2, others 1)."""
    tall = 2 if u.kind in MECH_KINDS and not u.prone else 1
    return int(board.level[u.at.row, u.at.col]) + tall


def _reached(w: SlideWorld, me: Unit, nxt: Hex, level: int) -> list[Unit]:
    """The ground units in ``nxt`` whose top reaches the slide level (ADV-28)."""
    near = [u for u in w.units.values() if u.at == nxt and u.id != me.id]
    return [u for u in near if u.flying_height == 0 and not gone(w, u)
            and unit_top(w.board, u) >= level]  # fmt: skip


def wige_slide(
    board: Board,
    units: Mapping[str, Unit],
    start: UnitOutcome,
    s: Slide,
    dice: Dice,
    base_mods: BaseMods,
    rules: Rules = TW,
    step: int | None = None,
    buildings: Mapping[Hex, int] | None = None,
    mp_left: int = 0,
) -> SlideResult:
    """ADV-28 for a sliding WiGE (the signature of game.rules.piloting.skid.slide, and the
    MP it has left)."""
    w = SlideWorld(board, dice, rules, step, base_mods, dict(units))
    cf_left = dict(buildings or {})
    w.cf.update(cf_left)
    out, cur = start, start.unit.at
    w.units[out.unit.id] = out.unit
    level = _top(board, cur) + max(start.unit.flying_height, 1)
    path: list[Hex] = []

    def done(o: UnitOutcome, why: str) -> SlideResult:
        if not o.destroyed and o.unit.flying_height > 0 and must_land(o.unit) is not None:
            # ADV-21: its MP cut to 0 by damage while moving (a ram): it crashes there
            fell = o.unit.flying_height
            o = o.then(crash(o.unit, board, fell, dice, step, "MP 0 while moving (ADV-21)"))
            w.units[o.unit.id] = o.unit
            o = onto_unit(w, o, fell, s.direction)
        others = tuple((i, w.units[i], w.units[i].body) for i in sorted(w.touched - {o.unit.id}))
        return SlideResult(o, tuple(path), others, tuple(sorted(cf_left.items())), why)

    def crashed(o: UnitOutcome, what: str) -> SlideResult:
        if o.destroyed:
            return done(o, what)
        fell = level - _top(board, o.unit.at)
        dmg = sideslip_crash_damage(o.unit.tons, s.hexes_moved + len(path))
        o = o.then(crash(o.unit, board, fell, dice, step, f"sideslip into {what}", dmg))
        return done(aftermath(w, o, s.direction, fell), what)

    for _ in range(s.distance):
        nxt = neighbour(cur, s.direction)
        if not board.contains(nxt):
            return done(out, "map edge")
        top = _top(board, nxt)
        if w.building(nxt) and top >= level:
            out = charge_building(board, out, nxt, s, rules, dice, step, cf_left)
            w.cf.update(cf_left)
            return crashed(out, "building")
        if top > level:
            return crashed(out, "higher ground")
        there = _reached(w, out.unit, nxt, level)
        if any(u.kind == INFANTRY for u in there):
            return crashed(out, "infantry")
        if there:
            out, passed, _ = charge_all(w, out, there, nxt, s, 0, lambda o: o)
            if out.destroyed:
                return done(out, "unit")
            if not passed:  # the unit it rammed is pushed on; it takes the hex
                w.units[out.unit.id] = out.unit
                if out.unit.at == nxt:
                    path.append(nxt)
                return done(out, "unit")
        drop = _top(board, cur) - top
        keep = drop >= GROUND_FALL and mp_left >= HOLD_ALTITUDE_MP
        level = level if keep else top + 1
        cur = nxt
        path.append(cur)
        out = UnitOutcome(replace(out.unit, at=cur, altitude=level - top), out.events,
                          out.wrecked)  # fmt: skip
        w.units[out.unit.id] = out.unit
        if int(board.woods[cur.row, cur.col]) > 0:
            return crashed(out, "woods")
    return done(out, "distance")
