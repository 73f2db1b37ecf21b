"""Where a jump can land (MOV-05), as one numpy pass shared by the step checker and reach.

TW: the unit flies along a shortest path; the jump is possible if at least one shortest
path avoids every hex higher than (jump MP + start level). A hex is on some shortest path
from a to b exactly when the distances from a grow by one along it, so the landing set is
built ring by ring: ring k = allowed hexes at distance k touching ring k-1.
Classic (MOV-05 variant): the limit is the jump MP itself (no start level) and the player
may pick a detour, so the rings are a plain breadth-first search through allowed hexes
and the jump costs the detour's length.

Heights: a hex's level plus the height of a building standing on it (a building is
terrain a jumper must clear; the digest says "level", we read the roof as the level).
"""

from __future__ import annotations

import numpy as np

from ..board import Board, neighbour_index
from ..hexgrid import Hex
from .options import TW, Rules

_NB: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _neighbours(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    key = (rows, cols)
    if key not in _NB:
        _NB[key] = neighbour_index(rows, cols)
    return _NB[key]


def hex_distances(rows: int, cols: int, start: Hex) -> np.ndarray:
    """Distance (MOV-05 hexes) from ``start`` to every hex, shape (rows, cols)."""
    rr, cc = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    q = cc
    r = rr - (cc - (cc & 1)) // 2
    sq, sr = start.col, start.row - (start.col - (start.col & 1)) // 2
    dq, dr = q - sq, r - sr
    return np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))


def jump_limit(board: Board, start: Hex, jump_mp: int, rules: Rules = TW) -> int:
    """Highest level a jump path may cross: TW jump MP + start level, classic jump MP."""
    if rules.classic:
        return jump_mp
    return jump_mp + int(board.level[start.row, start.col])


def jump_costs(board: Board, start: Hex, jump_mp: int, rules: Rules = TW) -> np.ndarray:
    """Jump MP needed to land in each hex (-1: out of reach or no clear path), (rows, cols).

    The start hex itself has cost 0.
    """
    rows, cols = board.shape
    cost = np.full((rows, cols), -1, dtype=np.int16)
    cost[start.row, start.col] = 0
    if jump_mp <= 0:
        return cost
    top = board.level.astype(np.int32) + board.building_height.astype(np.int32)
    allowed = top <= jump_limit(board, start, jump_mp, rules)
    geodesic = not rules.classic
    dist = hex_distances(rows, cols, start) if geodesic else None
    nr, nc, ok = _neighbours(rows, cols)
    frontier = np.zeros((rows, cols), dtype=bool)
    frontier[start.row, start.col] = True
    for k in range(1, jump_mp + 1):
        touch = np.zeros((rows, cols), dtype=bool)
        for d in range(6):
            touch |= frontier[nr[d], nc[d]] & ok[d]
        new = touch & allowed & (cost < 0)
        if dist is not None:
            new &= dist == k
        if not new.any():
            break
        cost[new] = k
        frontier = new
    return cost
