"""Bridge load and collapse (MOV-27, EX-MOV-11): who is on a deck, when it gives way,
who falls.

Each bridge hex carries at most its current CF in total tonnage. The step checker only
warns (no dice: the move is legal, it just ends in a collapse); the resolver
(game.rules.piloting.resolve) brings the hex down the moment a unit's movement overloads it,
drops the units on the deck into the hex below (PSR-16 falling damage) and, when more
than half of the bridge's length is down, the rest of the bridge with them. The game
keeps the result on its board: :func:`without_bridges` sets the fallen hexes'
``bridge_class`` to 0.

A unit in a bridge hex counts as being on the deck: the movement engine starts every
move there on the deck (movement.begin_move), so units under a bridge are not told apart
(gap, see docs/rules-coverage.md). Collapses caused by weapon or physical attacks come at
the end of that phase (MOV-27 timing, EX-MOV-11 row 5): there is no combat yet, but
:func:`collapsing` already counts the bridge's length the same way for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from game.board import Board
from game.core.dice import Dice
from game.core.options import Rules
from game.hexgrid import Hex, neighbour
from game.rules.damage.hull import hurt_vehicle
from game.rules.damage.land import FALL
from game.rules.damage.platoon_hurt import FALLS, hurt_platoon
from game.rules.move.loads import Overload, overload, top_level
from game.rules.piloting.falls import UnitOutcome, fall, fall_damage
from game.rules.piloting.psr import psr_base_modifiers
from game.units.unit import Unit

DROWNS = frozenset({"tracked", "wheeled", "infantry"})  # MOV-10: no depth 1+ water


def deck_overload(
    board: Board, others: Iterable[Unit], mover: Unit, at: Hex, on_deck: bool
) -> Overload | None:
    """MOV-27: the total tonnage in bridge hex ``at`` with the mover on its deck, if that
    is more than the hex's current CF (game.rules.move.loads, bridges only)."""
    if board.bridge_class[at.row, at.col] <= 0:
        return None
    return overload(board, others, mover, at, on_deck)


def bridge_span(board: Board, h: Hex) -> frozenset[Hex]:
    """The bridge ``h`` belongs to: the bridge hexes connected to it (its total length)."""
    if not board.contains(h) or board.bridge_class[h.row, h.col] <= 0:
        return frozenset({h})
    seen, todo = {h}, [h]
    while todo:
        cur = todo.pop()
        for d in range(6):
            n = neighbour(cur, d)
            if n not in seen and board.contains(n) and board.bridge_class[n.row, n.col] > 0:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def collapsing(origin: Board, board: Board, at: Hex, down_before: Iterable[Hex]) -> tuple[Hex, ...]:
    """The hexes that come down when ``at`` does: ``at`` itself, then (MOV-27) the rest
    of the bridge if more than half of its length is now down. ``origin`` is the board
    the game started on (where the bridge is whole); ``board`` the board now."""
    span = bridge_span(origin, at) | {at}
    down = {h for h in span if board.bridge_class[h.row, h.col] <= 0}
    down |= set(down_before) | {at}
    if 2 * len(down & span) > len(span):
        rest = sorted(span - down, key=lambda h: (h.col, h.row))
        return (at, *rest)
    return (at,)


def fall_levels(board: Board, h: Hex) -> tuple[int, bool]:
    """From the deck or roof to the hex below: levels fallen (water counts at its surface,
    as in every fall, EX-PSR-02) and whether the unit lands in depth 1+ water (PSR-16)."""
    levels = top_level(board, h) - int(board.level[h.row, h.col])
    return max(levels, 0), int(board.water[h.row, h.col]) >= 1


def drop(
    unit: Unit,
    board: Board,
    dice: Dice,
    step: int | None,
    rules: Rules,
    cause: str = "bridge collapse",
) -> UnitOutcome:
    """A unit on a collapsing deck or roof falls into the hex below (MOV-27/32, PSR-16).

    A Mech makes a normal fall (facing roll, damage in 5-point groups, pilot roll with
    its base modifiers: there is no failed roll to take them from). A vehicle takes the
    same damage on its hull (game.rules.damage.hull), a platoon on its troopers; a
    tracked, wheeled or infantry unit landing in depth 1+ water is destroyed (choice, as a
    skid into water, PSR-38)."""
    levels, water = fall_levels(board, unit.at)
    if unit.is_mech:
        mods = psr_base_modifiers(unit, rules)
        out, _ = fall(unit, unit.at, levels, water, mods, dice, step, cause, rules)
        return out
    dmg = fall_damage(unit.tons, levels, water)
    if unit.platoon is not None and not (water and unit.kind in DROWNS):
        # PSR-16's fall damage on the troopers (CMB-40/41; game.rules.damage.platoon_hurt)
        return hurt_platoon(board, unit, dmg, f"{cause} (PSR-16 fall)", step, FALLS)
    # PSR-16 falling damage on the hull from the front (choice: a vehicle has no fall
    # facing roll), PSR-27 motive rolls (game.rules.damage.hull)
    out = hurt_vehicle(unit, dmg, "front", dice, step, cause, FALL, at=unit.at, levels=levels,
                       into_water=water)  # fmt: skip
    if water and unit.kind in DROWNS and not out.unit.destroyed:  # the caller logs its
        out = replace(out, wrecked=True)  # unit_destroyed (the damage's own is logged once)
    return out


def without_bridges(board: Board, hexes: Sequence[Hex]) -> Board:
    """The board with the fallen bridge hexes gone (bridge_class, CF and level 0); the
    arrays stay read-only. What lies below (water, ground) is unchanged."""
    if not hexes:
        return board
    arrays = {k: getattr(board, k).copy() for k in ("bridge_class", "bridge_cf", "bridge_level")}
    for h in hexes:
        for a in arrays.values():
            a[h.row, h.col] = 0
    for a in arrays.values():
        a.setflags(write=False)
    return replace(board, **arrays)
