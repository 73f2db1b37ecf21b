"""The numpy engine behind reach.py: move arrays over states and a bucketed Dijkstra.

States are (layer, facing, hex) with layer = 2 * on_bridge_deck + prone, flattened as
``(layer * 6 + facing) * H + hex`` (H = rows * cols, hexes row-major). The moves out of
every state (turns, F, B, quad shifts, P, U:n; infantry: a free turn and a step in any
direction) are precomputed once per (board, kind, variant, running, posture) from the SAME
entry arrays the step checker reads (costs.py), as two (states, moves) arrays:
destination and MP cost. The search expands all states of cost k at once with numpy
gathers and a scatter-minimum; several units can share one search (each in its own copy
of the state space), which is how reach_batch shares the work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..board import Board
from . import costs as C
from .options import Rules

INF = np.int16(30000)
NO_MOVE = 9999  # cost of an impossible move: above any budget, so one comparison filters
TURN_L, TURN_R, FWD, BACK, SH_FL, SH_FR, SH_BL, SH_BR, PRONE = range(9)
STAND0 = 9  # 9..14: U:n
ENTER0 = 15  # 15..20: infantry steps in direction d
TOKENS = {TURN_L: "L", TURN_R: "R", FWD: "F", BACK: "B", SH_FL: "FL", SH_FR: "FR",
          SH_BL: "BL", SH_BR: "BR", PRONE: "P"}  # fmt: skip
# (code, direction relative to facing, backward, extra MP): MOV-16/18/19
_ENTRIES = ((FWD, 0, False, 0), (BACK, 3, True, 0), (SH_FR, 1, False, 1),
            (SH_FL, 5, False, 1), (SH_BR, 2, True, 1), (SH_BL, 4, True, 1))  # fmt: skip


@dataclass(frozen=True, slots=True, eq=False)
class Transitions:
    """dest[s, m] / cost[s, m] for move m out of state s (-1: not possible)."""

    hexes: int
    codes: np.ndarray  # (M,) move code per row
    dest: np.ndarray  # (S, M) int32
    cost: np.ndarray  # (S, M) int16, NO_MOVE where impossible
    paved: np.ndarray  # (S,) the state's position is paved (MOV-25)
    packed: np.ndarray  # (S, M, 3) int32: cost, dest, s * LINK + code (one gather)
    longest: int  # the dearest possible move: a pushed state is due within this many buckets


LINK = 32  # link = predecessor state * LINK + move code

_TRANS: dict[tuple[int, str, str, bool, bool, bool], tuple[Board, Transitions]] = {}


def transitions(
    board: Board,
    kind: str,
    rules: Rules,
    running: bool,
    posture: bool = True,
    offroad: bool = True,
) -> Transitions:
    """Cached moves for (board, kind, variant, running). ``posture=False`` leaves out P
    and U:n: for a unit that starts standing they never lead to a new (hex, facing) or a
    cheaper one (going prone costs 1 and keeps the facing; standing again costs 2 more,
    while any facing change costs at most 3), so the search skips the prone layer."""
    offroad = offroad or kind != "wheeled"  # MOV-31: only wheeled units lack off-road gear
    key = (id(board), kind, rules.variant, running, posture, offroad)
    hit = _TRANS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    mc = C.motive_costs(kind)
    tr = _build_transitions(C.entry_table(board, kind, rules, offroad), mc, running, posture)
    if len(_TRANS) >= 16:  # a few MB each on big boards: keep the newest only
        _TRANS.pop(next(iter(_TRANS)))
    _TRANS[key] = (board, tr)
    return tr


def build_transitions(
    t: C.EntryTable, mc: C.MotiveCosts, running: bool, posture: bool
) -> Transitions:
    """The move arrays of an entry table (uncached; ``transitions`` caches per board)."""
    return _build_transitions(t, mc, running, posture)


def _build_transitions(
    t: C.EntryTable, mc: C.MotiveCosts, running: bool, posture: bool
) -> Transitions:
    n = t.rows * t.cols
    hexes = np.arange(n)[None, :]
    f = np.arange(6)[:, None]
    rows: list[tuple[int, np.ndarray, np.ndarray]] = []

    def blank() -> tuple[np.ndarray, np.ndarray]:
        return np.full((4, 6, n), -1, np.int32), np.full((4, 6, n), -1, np.int16)

    def entry(rel_dirs: np.ndarray, backward: bool, extra: int, new_f: np.ndarray) -> tuple:
        dest, cost = blank()
        for deck in (0, 1):
            d = rel_dirs % 6
            c = t.cost[deck, d, hexes].astype(np.int32)
            ok = c >= 0
            if running:
                ok &= t.depth[deck, d, hexes] < 1  # MOV-04 (MOV-20 handled apart)
                ok &= not backward  # MOV-18
            if backward:
                ok &= t.dlevel[deck, d, hexes] == 0  # MOV-18
            ds = (t.dest_deck[deck, d, hexes] * 12 + new_f) * n + t.dest[deck, d, hexes]
            dest[deck * 2] = np.where(ok, ds, -1)
            cost[deck * 2] = np.where(ok, c + extra, -1)
        return dest, cost

    if mc.kind == "infantry":  # MOV-16/29: no facing, any of the six neighbours
        for d in range(6):
            dest, cost = entry(np.full((6, 1), d), False, 0, np.full((6, 1), d))
            rows.append((ENTER0 + d, dest, cost))
    else:
        for code, rel, back, extra in _ENTRIES:
            if extra and mc.kind != "quad":
                continue
            rows.append((code, *entry(f + rel, back, extra, f)))
        layer = np.arange(4)[:, None, None]
        state_lf = (layer * 6 + f[None]) * n + hexes[None]  # (4, 6, n) own index
        for code, turn in ((TURN_L, -1), (TURN_R, 1)):  # MOV-17
            dest = state_lf - f[None] * n + ((f[None] + turn) % 6) * n
            rows.append((code, dest.astype(np.int32), np.full(dest.shape, mc.facing_mp, np.int16)))
        if mc.falls and posture:  # Mechs: MOV-22 prone, MOV-23 stand up facing n (K25)
            dest, cost = blank()
            for lay in (0, 2):
                dest[lay] = state_lf[lay + 1]
                cost[lay] = 1
            rows.append((PRONE, dest, cost))
            for g in range(6):
                dest, cost = blank()
                for lay in (1, 3):
                    dest[lay] = ((lay - 1) * 6 + g) * n + hexes
                    cost[lay] = 2
                rows.append((STAND0 + g, dest, cost))
    paved = np.concatenate([np.broadcast_to(t.pos_paved[lay // 2], (6, n)).ravel()
                            for lay in range(4)])  # fmt: skip
    cost = np.stack([r[2].ravel() for r in rows], axis=1)
    codes = np.array([r[0] for r in rows], np.int16)
    cost = np.where(cost < 0, NO_MOVE, cost)
    dest = np.stack([r[1].ravel() for r in rows], axis=1)
    links = np.arange(cost.shape[0], dtype=np.int32)[:, None] * LINK + codes[None, :]
    return Transitions(
        hexes=n,
        codes=codes,
        dest=np.ascontiguousarray(dest),
        cost=np.ascontiguousarray(cost),
        paved=paved,
        packed=np.stack([cost, dest, links], axis=2).astype(np.int32),
        longest=int(cost[cost < NO_MOVE].max(initial=1)),
    )


_SCRATCH: dict[int, tuple[Transitions, np.ndarray, np.ndarray]] = {}


def _scratch(tr: Transitions, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Work arrays (cost, link) of at least ``size`` states, reused between queries and
    reset after each search, so a query costs what it reaches, not the size of the board.
    Not thread-safe."""
    hit = _SCRATCH.get(id(tr))
    if hit is None or hit[0] is not tr or len(hit[1]) < size:
        hit = (tr, np.full(size, INF, np.int16), np.full(size, -1, np.int64))
        if len(_SCRATCH) >= 16:
            _SCRATCH.pop(next(iter(_SCRATCH)))
        _SCRATCH[id(tr)] = hit
    return hit[1], hit[2]


@dataclass(frozen=True, slots=True, eq=False)
class Found:
    """Sparse search result: reached states (sorted) with cost, predecessor and move."""

    states: np.ndarray  # int64
    cost: np.ndarray  # int16
    link: np.ndarray  # int64: predecessor state * LINK + move code, -1 at a start

    def at(self, s: int) -> int:
        """Position of state s in the arrays."""
        return int(np.searchsorted(self.states, s))


def search(
    tr: Transitions,
    starts: Sequence[np.ndarray],
    budgets: Sequence[int],
    blocked: np.ndarray | None,
    paved_only: bool = False,
) -> list[Found]:
    """Bucketed Dijkstra for one or more units at once (unit u lives in states
    u * S .. u * S + S - 1). Bucket k expands every state of cost k; every move costs at
    least 1 MP (infantry turns are folded into their steps), so a bucket is final when it
    is expanded. ``blocked[u, hex]``: hexes unit u may not enter (enemies, MOV-30);
    ``paved_only``: only paved positions may be entered (MOV-25)."""
    if len(starts) == 1 and not paved_only:
        no_go = None if blocked is None else blocked[0]
        return [_search_one(tr, np.asarray(starts[0], np.int64), int(budgets[0]), no_go)]
    size, m = tr.dest.shape
    units = len(starts)
    dist, link = _scratch(tr, units * size)
    limit = np.asarray(budgets, np.int16)
    first = np.concatenate([np.asarray(s, np.int64) + u * size for u, s in enumerate(starts)])
    dist[first] = 0
    touched = first
    seen = [first]
    try:
        for k in range(int(limit.max()) + 1 if units else 0):
            dt = dist[touched]
            fr = touched[dt == k]
            touched = touched[dt > k]  # settled states leave the open list
            if fr.size == 0:
                continue
            unit, local = np.divmod(fr, size) if units > 1 else (None, fr)
            cost = tr.cost[local]  # (n, M): rows are contiguous
            room = (limit[unit] - k)[:, None] if unit is not None else int(limit[0]) - k
            idx = np.flatnonzero(cost <= room)
            dest = tr.dest[local].ravel()[idx].astype(np.int64)
            new = cost.ravel()[idx] + np.int16(k)
            owner = unit[idx // m] if unit is not None else None
            if paved_only:
                keep = tr.paved[dest]
                idx, dest, new = idx[keep], dest[keep], new[keep]
                owner = owner[keep] if owner is not None else None
            if blocked is not None:
                hexes = dest % tr.hexes
                keep = ~(blocked[owner, hexes] if owner is not None else blocked[0, hexes])
                idx, dest, new = idx[keep], dest[keep], new[keep]
                owner = owner[keep] if owner is not None else None
            if owner is not None:
                dest += owner * size
            keep = new < dist[dest]
            idx, dest, new = idx[keep], dest[keep], new[keep]
            if dest.size == 0:
                continue
            np.minimum.at(dist, dest, new)
            sel = dist[dest] == new
            src, code = np.divmod(idx[sel], m)
            dest = dest[sel]
            link[dest] = fr[src] * LINK + tr.codes[code]
            touched = np.concatenate([touched, dest])
            seen.append(dest)
        every = np.concatenate(seen)
        every.sort()
        every = every[np.concatenate(([True], every[1:] != every[:-1]))]
        return _split(every, dist[every], link[every], units, size)
    finally:
        every = np.concatenate(seen)
        dist[every] = INF
        link[every] = -1


def _search_one(
    tr: Transitions, first: np.ndarray, budget: int, blocked: np.ndarray | None
) -> Found:
    """search() for one unit (``blocked[hex]``: MOV-30), the common query, where numpy
    call overhead, not element work, sets the time: each bucket makes as few calls as it
    can. Same states, costs and links as the general loop: the open list is the pushed
    states in push order (a batch pushed at bucket j holds costs <= j + longest, so older
    batches are dropped whole), the candidates keep their (state, move) order, a link is
    written by the last of the cheapest candidates, as there, and the states of a blocked
    hex hold cost -1, which no move improves on and no bucket expands."""
    dist, link = _scratch32(tr)
    walls = np.zeros(0, np.int64)
    if blocked is not None:
        copies = np.arange(0, len(dist), tr.hexes)[:, None]
        walls = (np.flatnonzero(blocked)[None, :] + copies).ravel()
    dist[walls] = -1
    dist[first] = 0
    pushed = first  # every state pushed, in push order: the open list is a suffix of it
    marks = [(0, 0)]  # (bucket, offset in pushed) of each push batch
    live = 0  # first batch that may still hold an open state
    try:
        for k in range(budget):  # every move costs >= 1 MP: the last bucket expands nothing
            while live < len(marks) and marks[live][0] + tr.longest < k:
                live += 1
            if live == len(marks):
                break
            open_ = pushed[marks[live][1] :]
            fr = open_[dist[open_] == k]
            if fr.size == 0:
                continue
            moves = tr.packed.take(fr, 0).reshape(-1, 3)  # cost, dest, link per (state, move)
            moves = moves.compress(moves[:, 0] <= budget - k, 0)  # both ~4x [] on small arrays
            new = moves[:, 0] + k
            dest = moves[:, 1]
            before = dist[dest]
            np.minimum.at(dist, dest, new)
            sel = (dist[dest] == new) & (new < before)
            dest = dest[sel]
            if dest.size == 0:
                continue
            link[dest] = moves[:, 2][sel]
            marks.append((k, pushed.size))
            pushed = np.concatenate((pushed, dest))
        every = np.sort(pushed)
        every = every[np.concatenate(([True], every[1:] != every[:-1]))]
        return Found(every, dist[every].astype(np.int16), link[every])
    finally:
        dist[pushed] = INF
        dist[walls] = INF
        link[pushed] = -1


_SCRATCH32: dict[int, tuple[Transitions, np.ndarray, np.ndarray]] = {}


def _scratch32(tr: Transitions) -> tuple[np.ndarray, np.ndarray]:
    """_scratch for _search_one: one unit's states, int32 costs like ``packed``."""
    hit = _SCRATCH32.get(id(tr))
    if hit is None or hit[0] is not tr:
        size = tr.dest.shape[0]
        hit = (tr, np.full(size, INF, np.int32), np.full(size, -1, np.int64))
        if len(_SCRATCH32) >= 16:
            _SCRATCH32.pop(next(iter(_SCRATCH32)))
        _SCRATCH32[id(tr)] = hit
    return hit[1], hit[2]


def _split(
    states: np.ndarray, cost: np.ndarray, link: np.ndarray, units: int, size: int
) -> list[Found]:
    """One Found per unit, with states and predecessors back in the unit's own space."""
    if units == 1:
        return [Found(states, cost, link)]
    cuts = np.searchsorted(states, np.arange(units + 1) * size)
    out = []
    for u in range(units):
        a, b = cuts[u], cuts[u + 1]
        lk = link[a:b]
        lk = np.where(lk < 0, lk, lk - u * size * LINK)
        out.append(Found(states[a:b] - u * size, cost[a:b], lk))
    return out
