"""Deployment: where each side may set its units down before the first turn.

A map can name deployment zones in its object layer (``Board.zones``, a zone per side);
a map without a zone for a side uses its home edge: side A the two west-most columns,
side B the two east-most (C and D, if ever used, the north and south rows). A hex is
open for a unit when it is on the board, inside the zone, empty (one unit per hex,
MOV-30) and not terrain the unit's motive kind may never enter (MOV-10). Building hexes
are not offered either: starting inside a building would skip its entry roll (a design
choice; the digest is silent on deployment).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import numpy as np

from game.board import NO_WATER, Board
from game.core.options import CLASSIC, Rules
from game.hexgrid import Hex
from game.rules.move.costs import X, motive_costs
from game.rules.move.stacking import why_not_here
from game.units.unit import AERO, Unit

EDGE_DEPTH = 2  # columns (or rows) of the home edge


class DeployError(ValueError):
    """A side with no home edge and no zone, or a hex outside the zone (says which)."""


def zone_hexes(board: Board, side: str) -> frozenset[Hex]:
    """Every hex of the side's deployment zone: the map's zones, else its home edge."""
    named = [z for z in board.zones if z.side == side]
    if named:
        hexes = frozenset().union(*(z.hexes for z in named))
        return frozenset(h for h in hexes if board.contains(h))
    w, h = board.width, board.height
    depth_c, depth_r = min(EDGE_DEPTH, w), min(EDGE_DEPTH, h)
    edges = {
        "A": [(c, r) for c in range(depth_c) for r in range(h)],
        "B": [(c, r) for c in range(w - depth_c, w) for r in range(h)],
        "C": [(c, r) for c in range(w) for r in range(depth_r)],
        "D": [(c, r) for c in range(w) for r in range(h - depth_r, h)],
    }
    if side not in edges:
        raise DeployError(f"side {side!r} has no deployment zone on map {board.name!r}")
    return frozenset(Hex(c, r) for c, r in edges[side])


def prohibited_mask(board: Board, kind: str) -> np.ndarray:
    """Boolean [row, col]: hexes a unit of this kind may never stand in (MOV-10, ADV-24).

    Read from the movement rules' own cost table (game.rules.move.costs, X = prohibited), so
    deployment and movement agree. A bridge over water carries any ground unit.
    """
    mc = motive_costs(kind)
    woods = np.asarray(mc.woods)[board.woods.astype(np.intp)] == X
    depth_class = np.clip(board.water, 0, 2).astype(np.intp)
    water = (board.water != NO_WATER) & (np.asarray(mc.water)[depth_class] == X)
    mask = woods | (water & ~(board.bridge_class > 0))
    if mc.rough == X:
        mask |= board.rough
    if mc.rubble == X:
        mask |= board.rubble
    if mc.dry == X:  # ADV-24: a naval vessel (or submarine) stands in depth 1+ water only
        mask |= board.water < 1
    return np.asarray(mask, dtype=bool)


def legal_deploy_hexes(
    board: Board, side: str, units: Iterable[Unit], kind: str = "biped",
    unit: Unit | None = None, rules: Rules = CLASSIC,
) -> set[Hex]:  # fmt: skip
    """Hexes where a unit of ``kind`` from ``side`` may be deployed now.

    ``units`` are the units already on the map (their hexes are taken; units still
    off the board, at negative coordinates, take nothing). Aerospace units fly: they
    take no hex from ground units and may be set over any hex of the zone (AERO-01).
    With the ``unit`` to place and TW ``rules``, a hex is taken only when its units leave
    no room for it (MOV-34); otherwise any unit takes its hex (MOV-30).
    """
    if kind == AERO:
        return set(zone_hexes(board, side))
    on = [u for u in units if board.contains(u.at) and not u.airborne]
    taken = {u.at for u in on}
    if unit is not None and not rules.classic:
        taken = {h for h in taken if why_not_here(replace(unit, at=h), h, on, rules) is not None}
    banned = prohibited_mask(board, kind) | (board.building_class > 0)
    return {h for h in zone_hexes(board, side) if h not in taken and not banned[h.row, h.col]}


def check_deploy(
    board: Board, unit: Unit, at: Hex, facing: int, units: Iterable[Unit], rules: Rules = CLASSIC
) -> str | None:
    """Why ``unit`` may not be set down at ``at`` facing ``facing``; None when it may."""
    if not 0 <= facing <= 5:
        return f"facing {facing} is not 0..5"
    if not board.contains(at):
        return f"hex {at.col},{at.row} is off the map"
    name = board.hex_name(at)
    others = [u for u in units if u.id != unit.id]
    if not unit.airborne and not rules.classic:
        why = why_not_here(replace(unit, at=at), at, [u for u in others if not u.airborne], rules)
        if why is not None:
            return f"hex {name} {why}"
    elif not unit.airborne and any(u.at == at and not u.airborne for u in others):
        return f"hex {name} is already occupied"
    if at not in zone_hexes(board, unit.side):
        return f"hex {name} is outside side {unit.side}'s deployment zone"
    if at not in legal_deploy_hexes(board, unit.side, others, unit.kind, unit, rules):
        return f"a {unit.kind} unit cannot be deployed in hex {name} (terrain)"
    return None
