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

from game.board import Board, neighbour_index
from game.core.options import TW, Rules
from game.hexgrid import Hex

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


def _window(board: Board, start: Hex, radius: int) -> tuple[int, int, int, int]:
    """Row/col bounds of the hexes within ``radius``; the first column is even so that
    the window's column parity (and so its neighbour offsets) matches the board's."""
    r0, r1 = max(0, start.row - radius), min(board.height, start.row + radius + 1)
    c0 = max(0, start.col - radius) & ~1
    c1 = min(board.width, start.col + radius + 1)
    return r0, r1, c0, c1


def jump_landings(
    board: Board, start: Hex, jump_mp: int, rules: Rules = TW
) -> tuple[np.ndarray, np.ndarray]:
    """Flat hex indices (row * width + col) a jump can land in and their jump MP.

    TW: ring k = allowed hexes at distance k touching ring k - 1 (a shortest path that
    clears exists). Classic: breadth-first through allowed hexes (detours allowed).
    Computed in the window of radius ``jump_mp`` around the start only.
    """
    if jump_mp <= 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int16)
    r0, r1, c0, c1 = _window(board, start, jump_mp)
    rows, cols = r1 - r0, c1 - c0
    top = board.level[r0:r1, c0:c1].astype(np.int32) + board.building_height[r0:r1, c0:c1]
    allowed = top <= jump_limit(board, start, jump_mp, rules)
    local = Hex(start.col - c0, start.row - r0)
    dist = None if rules.classic else hex_distances(rows, cols, local)
    nr, nc, ok = _neighbours(rows, cols)
    cost = np.full((rows, cols), -1, dtype=np.int16)
    cost[local.row, local.col] = 0
    frontier = cost == 0
    for k in range(1, jump_mp + 1):
        touch = (frontier[nr, nc] & ok).any(axis=0)
        new = touch & allowed & (cost < 0)
        if dist is not None:
            new &= dist == k
        if not new.any():
            break
        cost[new] = k
        frontier = new
    rr, cc = np.nonzero(cost > 0)
    flat = (rr + r0).astype(np.int64) * board.width + (cc + c0)
    return flat, cost[rr, cc]


def jump_cost(board: Board, start: Hex, dest: Hex, jump_mp: int, rules: Rules = TW) -> int:
    """Jump MP to land in ``dest`` (-1: out of reach or no clear path)."""
    flat, cost = jump_landings(board, start, jump_mp, rules)
    hit = np.flatnonzero(flat == dest.row * board.width + dest.col)
    return int(cost[hit[0]]) if hit.size else -1
