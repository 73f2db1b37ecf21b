"""Line of sight (CMB-02..06, CMB-17/18): intervening hexes, levels and unit heights,
woods, water, partial cover; many pairs at once on the board arrays.

Heights (CMB-03, G08): a unit's line-of-sight point is the level it stands on (the water
bottom for a Mech in water, the surface for a hovercraft) plus 1 for a standing Mech. An
intervening hex blocks when its terrain (a building counts its height) is higher than
both ends; woods rise 2 levels and count when their tops reach the higher end (the line
passes above them otherwise); 3 woods points block (light 1, heavy 2, ultra-heavy 3:
CMB-04/06). Along a hexside the defender takes the hex worse for the attacker. A Mech in
water of depth 2+ sees and is seen by no one (CMB-05).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ...board import Board
from ...hexgrid import Hex, distance, from_cube, to_cube
from ...units import Unit
from .lines import crossing

WOODS_POINTS = np.array([0, 1, 2, 3], dtype=np.int16)  # none, light, heavy, ultra-heavy
WOODS_HEIGHT = 2  # CMB-04
WOODS_BLOCK = 3  # CMB-04/06: three points of intervening woods block
NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


@dataclass(frozen=True, slots=True)
class Viewer:
    """One end of a line of sight: where, how high its line starts, standing in deep water."""

    at: Hex
    height: int  # level of its line-of-sight point
    floor: int  # level it stands on
    submerged: bool = False  # a Mech in water of depth 2+ (CMB-05)
    water_depth: int = -1  # the depth of water it stands in (-1 none)
    standing_mech: bool = False


def viewer(board: Board, u: Unit) -> Viewer:
    """A unit as an end of a line of sight (CMB-03/05)."""
    r, c = u.at.row, u.at.col
    level, depth = int(board.level[r, c]), int(board.water[r, c])
    mech = u.is_mech
    floor = level - depth if mech and depth > 0 else level
    standing = mech and not u.prone and not u.hull_down  # ADV-12: hull-down, 1 level tall
    return Viewer(u.at, floor + (1 if standing else 0), floor, mech and depth >= 2, depth, standing)


def standing_mech_at(board: Board, at: Hex) -> Viewer:
    """``rules los --from --to``: as if a standing Mech stood in the hex."""
    level, depth = int(board.level[at.row, at.col]), int(board.water[at.row, at.col])
    floor = level - depth if depth > 0 else level
    return Viewer(at, floor + 1, floor, depth >= 2, depth, True)


@dataclass(frozen=True, slots=True)
class Sight:
    """The line of sight from an attacker to a target (the `rules los` answer)."""

    los: bool
    range: int
    intervening: tuple[Hex, ...]
    blocked_by: Hex | None
    woods: tuple[int, int, int]  # light, heavy, ultra-heavy intervening woods hexes counted
    terrain_modifier: int  # CMB-14: intervening woods points + the target hex's woods
    partial_cover: bool  # CMB-17: terrain cover (a hill beside the target)
    water_cover: bool  # CMB-18: the target is a standing Mech in depth 1 water
    reason: str | None

    def to_json(self, board: Board) -> dict[str, object]:
        woods: dict[str, int] = {"light": self.woods[0], "heavy": self.woods[1]}
        if self.woods[2]:
            woods["ultra"] = self.woods[2]
        return {
            "los": self.los,
            "range": self.range,
            "intervening": [board.hex_name(h) for h in self.intervening],
            "blocked_by": board.hex_name(self.blocked_by) if self.blocked_by else None,
            "woods": woods,
            "terrain_modifier": self.terrain_modifier,
            "partial_cover": self.partial_cover or self.water_cover,
            "reason": self.reason,
        }


def line_of_sight(board: Board, a: Viewer, t: Viewer) -> Sight:
    return sight_many(board, [(a, t)])[0]


def sight_many(board: Board, pairs: Sequence[tuple[Viewer, Viewer]]) -> list[Sight]:
    """Every pair's line of sight, the terrain of all their steps gathered at once."""
    rows: list[int] = []  # flat: one entry per (pair, step, choice)
    cols: list[int] = []
    pid: list[int] = []
    sid: list[int] = []
    adj: list[bool] = []
    steps_of: list[int] = []
    for p, (a, t) in enumerate(pairs):
        aq, ar, _ = to_cube(a.at)
        tq, tr, _ = to_cube(t.at)
        steps = crossing(tq - aq, tr - ar)
        steps_of.append(len(steps))
        for s, step in enumerate(steps):
            for q, r in step:
                h = from_cube(aq + q, ar + r)
                if not board.contains(h):
                    continue
                rows.append(h.row)
                cols.append(h.col)
                pid.append(p)
                sid.append(s)
                dq, dr = tq - aq - q, tr - ar - r
                adj.append(max(abs(dq), abs(dr), abs(dq + dr)) == 1)
    return _evaluate(board, pairs, np.array(rows, dtype=np.intp), np.array(cols, dtype=np.intp),
                     np.array(pid, dtype=np.intp), np.array(sid, dtype=np.intp),
                     np.array(adj, dtype=bool))  # fmt: skip


def _evaluate(board: Board, pairs: Sequence[tuple[Viewer, Viewer]], rows: np.ndarray,
              cols: np.ndarray, pid: np.ndarray, sid: np.ndarray,
              adj: np.ndarray) -> list[Sight]:  # fmt: skip
    top = np.array([max(a.height, t.height) for a, t in pairs], dtype=np.int32)
    tfloor = np.array([t.floor for _, t in pairs], dtype=np.int32)
    low_attacker = np.array([a.floor <= t.floor for a, t in pairs], dtype=bool)
    level = board.level[rows, cols].astype(np.int32)
    building = np.where(board.building_class[rows, cols] > 0, board.building_height[rows, cols], 0)
    terrain = level + building
    woods = board.woods[rows, cols].astype(np.int32)
    blocks = terrain > top[pid]
    counted = (woods > 0) & (level + WOODS_HEIGHT >= top[pid])
    points = np.where(counted, WOODS_POINTS[woods], 0)
    cover = adj & (terrain >= tfloor[pid] + 1) & low_attacker[pid] & ~blocks  # CMB-17
    score = blocks * 1000 + points * 10 + cover  # the defender's choice: worst for the attacker
    order = np.lexsort((-score, sid, pid))  # per (pair, step): best choice first
    first = np.ones(len(order), dtype=bool)
    if len(order):
        ps = pid[order] * 100000 + sid[order]
        first[1:] = ps[1:] != ps[:-1]
    chosen = order[first]
    out = []
    bounds = np.searchsorted(pid[chosen], np.arange(len(pairs) + 1))
    for p, (a, t) in enumerate(pairs):
        idx = chosen[bounds[p] : bounds[p + 1]]
        out.append(_one(board, a, t, idx, rows, cols, blocks, points, woods, counted, cover,
                        terrain))  # fmt: skip
    return out


def _one(board: Board, a: Viewer, t: Viewer, idx: np.ndarray, rows: np.ndarray,
         cols: np.ndarray, blocks: np.ndarray, points: np.ndarray, woods: np.ndarray,
         counted: np.ndarray, cover: np.ndarray, terrain: np.ndarray) -> Sight:  # fmt: skip
    hexes = tuple(Hex(int(cols[i]), int(rows[i])) for i in idx)
    rng = distance(a.at, t.at)
    kinds = woods[idx] * counted[idx]
    light, heavy, ultra = (int((kinds == k).sum()) for k in (1, 2, 3))
    t_woods = int(board.woods[t.at.row, t.at.col])
    modifier = int(points[idx].sum()) + int(WOODS_POINTS[t_woods])
    water_cover = t.standing_mech and t.water_depth == 1  # CMB-18 (TW)
    base = dict(range=rng, intervening=hexes, woods=(light, heavy, ultra),
                terrain_modifier=modifier, partial_cover=bool(cover[idx].any()),
                water_cover=water_cover)  # fmt: skip
    if a.submerged or t.submerged:  # CMB-05
        who = "target" if t.submerged else "attacker"
        depth = t.water_depth if t.submerged else a.water_depth
        return Sight(False, **base, blocked_by=None, reason=f"{who} in depth {depth} water")
    hill = np.nonzero(blocks[idx])[0]
    cum = np.cumsum(points[idx])
    thick = np.nonzero(cum >= WOODS_BLOCK)[0]
    first_hill = int(hill[0]) if len(hill) else None
    first_woods = int(thick[0]) if len(thick) else None
    if first_hill is None and first_woods is None:
        return Sight(True, **base, blocked_by=None, reason=None)
    if first_woods is None or (first_hill is not None and first_hill <= first_woods):
        i = idx[first_hill]
        what = "building" if board.building_class[rows[i], cols[i]] else "hill"
        reason = f"level {int(terrain[i])} {what} higher than both"
        return Sight(False, **base, blocked_by=hexes[first_hill], reason=reason)
    upto = kinds[: first_woods + 1]
    n = int((upto > 0).sum())
    reason = f"{NUMBERS[min(n, 6)]} intervening woods hex{'es' if n != 1 else ''}"
    if n < 3 and (upto >= 2).any():
        reason += ", " + ("one of them heavy" if n == 2 else "ultra-heavy" if n == 1 else "")
        reason = reason.rstrip(", ")
    return Sight(False, **base, blocked_by=hexes[first_woods], reason=reason)


def unit_sight(board: Board, attacker: Unit, target: Unit) -> Sight:
    """CMB-02: adjacent units always see each other (unless cut off in deep water)."""
    return line_of_sight(board, viewer(board, attacker), viewer(board, target))
