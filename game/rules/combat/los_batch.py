"""Many lines of sight at once (CMB-02..06, CMB-17): the same answers as
game.rules.combat.los.line_of_sight, with the crossed hexes of every pair gathered into
flat numpy arrays and the defender's choices, woods counts and first blocking hexes found
for all pairs together.

The hexes a line crosses depend only on the offset between its ends (lines.crossing), so
each offset's steps are kept once as a small int array (offset q, r, step, beside the
target); a batch is their concatenation shifted to each attacker's hex.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from ...board import Board
from ...hexgrid import Hex
from .lines import crossing
from .los import WOODS_BLOCK, WOODS_HEIGHT, Sight, Viewer, hill_reason, woods_reason

EMPTY = np.zeros((0, 4), dtype=np.int64)
EMPTY.flags.writeable = False


@lru_cache(maxsize=16384)
def offset_steps(dq: int, dr: int) -> np.ndarray:
    """Rows (q, r, step, beside the target) of every choice of every step from axial (0, 0)
    to (dq, dr), in the order of lines.crossing."""
    rows = []
    for s, step in enumerate(crossing(dq, dr)):
        for q, r in step:
            ddq, ddr = dq - q, dr - r
            rows.append((q, r, s, max(abs(ddq), abs(ddr), abs(ddq + ddr)) == 1))
    out = np.array(rows, dtype=np.int64) if rows else EMPTY
    out.flags.writeable = False
    return out


@cache
def hex_table(width: int, height: int) -> np.ndarray:
    """One shared Hex per cell as an object array (row-major, index row * width + col)."""
    table = np.empty(width * height, dtype=object)
    table[:] = [Hex(c, r) for r in range(height) for c in range(width)]
    table.flags.writeable = False
    return table


@lru_cache(maxsize=8)
def terrain_table(board: Board) -> np.ndarray:
    """The board's level, terrain height (a building adds its height), woods and building
    flag per hex, flat (row-major) in one int array, for gathering a batch at once."""
    level = board.level.astype(np.int64).ravel()
    built = (board.building_class > 0).ravel()
    height = np.where(built, board.building_height.ravel(), 0)
    out = np.stack([level, level + height, board.woods.astype(np.int64).ravel(), built])
    out.flags.writeable = False
    return out


def axial(col: np.ndarray, row: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Axial q, r of board hexes (hexgrid.to_cube on arrays)."""
    return col, row - (col - (col & 1)) // 2


def sight_many(board: Board, pairs: Sequence[tuple[Viewer, Viewer]]) -> list[Sight]:
    """Every pair's line of sight (equal to line_of_sight pair by pair)."""
    if not pairs:
        return []
    at = np.array([(a.at.col, a.at.row, t.at.col, t.at.row) for a, t in pairs], np.int64)
    aq, ar = axial(at[:, 0], at[:, 1])
    dq, dr = axial(at[:, 2], at[:, 3])
    dq, dr = dq - aq, dr - ar
    blocks = [offset_steps(q, r) for q, r in zip(dq.tolist(), dr.tolist(), strict=True)]
    flat = np.concatenate(blocks)
    pid = np.repeat(np.arange(len(pairs)), [len(b) for b in blocks])
    q = flat[:, 0] + aq[pid]
    row = flat[:, 1] + ar[pid] + (q - (q & 1)) // 2
    on = (q >= 0) & (q < board.width) & (row >= 0) & (row < board.height)
    chosen = _choose(board, pairs, pid[on], row[on], q[on], flat[on, 2], flat[on, 3] == 1)
    per = _per_pair(board, chosen, len(pairs))
    rng = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
    t_woods = board.woods[at[:, 3], at[:, 2]].astype(np.int64)
    return _assemble(board, pairs, chosen, per, rng, t_woods)


@dataclass(frozen=True, slots=True)
class _Chosen:
    """The hex chosen at every step of every pair, in pair and step order."""

    pair: np.ndarray
    row: np.ndarray
    col: np.ndarray
    kind: np.ndarray  # woods points counted (CMB-04)
    blocks: np.ndarray  # higher than both ends (CMB-03)
    cover: np.ndarray  # partial cover for the target (CMB-17)
    terrain: np.ndarray
    building: np.ndarray


def _choose(
    board: Board,
    pairs: Sequence[tuple[Viewer, Viewer]],
    pid: np.ndarray,
    row: np.ndarray,
    col: np.ndarray,
    sid: np.ndarray,
    adj: np.ndarray,
) -> _Chosen:
    ends = np.array(
        [(max(a.height, t.height), t.floor, a.floor <= t.floor) for a, t in pairs], dtype=np.int64
    ).reshape(-1, 3)
    top, t_floor, low = ends[pid, 0], ends[pid, 1], ends[pid, 2] == 1
    level, terrain, woods, built = terrain_table(board)[:, row * board.width + col]
    blocks = terrain > top  # CMB-03
    kind = np.where((woods > 0) & (level + WOODS_HEIGHT >= top), woods, 0)  # CMB-04
    cover = adj & (terrain >= t_floor + 1) & low & ~blocks  # CMB-17
    c = _defenders_choice(pid, sid, blocks * 1000 + kind * 10 + cover)
    return _Chosen(pid[c], row[c], col[c], kind[c], blocks[c], cover[c], terrain[c], built[c] == 1)


@dataclass(frozen=True, slots=True)
class _PerPair:
    bounds: np.ndarray  # pair p's chosen hexes are bounds[p]:bounds[p + 1]
    woods: np.ndarray  # (pairs, 3) light, heavy, ultra-heavy counted
    points: np.ndarray  # woods points counted along the line
    cover: np.ndarray
    hill: np.ndarray  # position of the first hex higher than both, -1 none
    thick: np.ndarray  # position where the woods points reach 3, -1 none
    upto: np.ndarray  # (pairs, 2) woods hexes up to ``thick``, heavy ones among them


def _per_pair(board: Board, c: _Chosen, n: int) -> _PerPair:
    cp = c.pair
    bounds = np.searchsorted(cp, np.arange(n + 1))
    woods = np.bincount(cp * 4 + c.kind, minlength=4 * n).reshape(n, 4)[:, 1:]
    cum = np.cumsum(c.kind)
    total = np.concatenate(([0], cum))[bounds]
    before = total[:-1]
    thick = _first_per_pair(cp, cum - before[cp] >= WOODS_BLOCK, bounds, n)
    at = bounds[:-1] + np.maximum(thick, 0)
    upto = np.zeros((n, 2), dtype=np.int64)
    if len(cp):
        counts = np.cumsum(np.stack([c.kind > 0, c.kind >= 2], axis=1), axis=0)
        start = np.concatenate((np.zeros((1, 2), np.int64), counts))[bounds[:-1]]
        upto = counts[np.minimum(at, len(cp) - 1)] - start
    return _PerPair(
        bounds,
        woods,
        total[1:] - before,
        np.bincount(cp, weights=c.cover, minlength=n) > 0,
        _first_per_pair(cp, c.blocks, bounds, n),
        thick,
        upto,
    )


def _assemble(
    board: Board,
    pairs: Sequence[tuple[Viewer, Viewer]],
    c: _Chosen,
    per: _PerPair,
    rng: np.ndarray,
    t_woods: np.ndarray,
) -> list[Sight]:
    hexes = hex_table(board.width, board.height)[c.row * board.width + c.col].tolist()
    b, hill, thick = per.bounds.tolist(), per.hill.tolist(), per.thick.tolist()
    terrain, building = c.terrain.tolist(), c.building.tolist()
    upto = per.upto.tolist()
    rows = zip(
        pairs,
        rng.tolist(),
        list(map(tuple, per.woods.tolist())),
        (per.points + t_woods).tolist(),
        per.cover.tolist(),
        strict=True,
    )
    out = []
    for p, ((a, t), r, woods, modifier, cover) in enumerate(rows):
        lo = b[p]
        line = tuple(hexes[lo : b[p + 1]])
        water = t.standing_mech and t.water_depth == 1  # CMB-18 (TW)
        fh, fw = hill[p], thick[p]
        if a.submerged or t.submerged:  # CMB-05
            who = "target" if t.submerged else "attacker"
            depth = t.water_depth if t.submerged else a.water_depth
            s = Sight(
                False, r, line, None, woods, modifier, cover, water, f"{who} in depth {depth} water"
            )
        elif fh < 0 and fw < 0:
            s = Sight(True, r, line, None, woods, modifier, cover, water, None)
        elif fw < 0 or 0 <= fh <= fw:
            s = Sight(
                False,
                r,
                line,
                line[fh],
                woods,
                modifier,
                cover,
                water,
                hill_reason(terrain[lo + fh], building[lo + fh]),
            )
        else:
            n, heavy = upto[p]
            s = Sight(
                False, r, line, line[fw], woods, modifier, cover, water, woods_reason(n, heavy > 0)
            )
        out.append(s)
    return out


def _defenders_choice(pid: np.ndarray, sid: np.ndarray, score: np.ndarray) -> np.ndarray:
    """Indexes of the chosen entry of every (pair, step): the highest score, the first on a
    tie (CMB-02: along a hexside the defender takes the hex worse for the attacker)."""
    if not len(pid):
        return np.zeros(0, dtype=np.intp)
    new = np.ones(len(pid), dtype=bool)
    new[1:] = (pid[1:] != pid[:-1]) | (sid[1:] != sid[:-1])
    starts = np.nonzero(new)[0]
    group = np.cumsum(new) - 1
    best = np.maximum.reduceat(score, starts)
    cand = np.nonzero(score == best[group])[0]
    first = np.ones(len(cand), dtype=bool)
    first[1:] = group[cand[1:]] != group[cand[:-1]]
    return cand[first]


def _first_per_pair(cp: np.ndarray, hit: np.ndarray, bounds: np.ndarray, n: int) -> np.ndarray:
    """Per pair, the position (within its chosen hexes) of its first ``hit``, -1 if none."""
    out = np.full(n, -1, dtype=np.int64)
    idx = np.nonzero(hit)[0]
    if len(idx):
        first = np.ones(len(idx), dtype=bool)
        first[1:] = cp[idx[1:]] != cp[idx[:-1]]
        p = cp[idx[first]]
        out[p] = idx[first] - bounds[p]
    return out
