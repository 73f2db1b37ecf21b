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

from game.board import Board
from game.core.options import Rules
from game.rules.move import costs as C

INF = np.int16(30000)
NO_MOVE = 9999  # cost of an impossible move: above any budget, so one comparison filters
TURN_L, TURN_R, FWD, BACK, SH_FL, SH_FR, SH_BL, SH_BR, PRONE = range(9)
STAND0 = 9  # 9..14: U:n
ENTER0 = 15  # 15..20: infantry steps in direction d
HULL, UNHULL = 21, 22  # ADV-11/12: H, H-
HULL0 = 23  # 23..28: H:n from prone (ADV-14/15)
P_L, P_R = 29, 30  # ADV-14: from hull-down, P (0 MP) then a turn
P_U0 = 31  # 31..36: P then U:n
P_H0 = 37  # 37..42: P then H:n
TAKEOFF, HOLD = 43, 44  # ADV-17 TO; ADV-23 FH (forward, holding altitude)
DIVE, RISE = 45, 46  # ADV-25: a submarine's DV and RS
TOKENS = {TURN_L: "L", TURN_R: "R", FWD: "F", BACK: "B", SH_FL: "FL", SH_FR: "FR",
          SH_BL: "BL", SH_BR: "BR", PRONE: "P", HULL: "H", UNHULL: "H-", P_L: "P,L",
          P_R: "P,R", TAKEOFF: "TO", HOLD: "FH", DIVE: "DV", RISE: "RS"}  # fmt: skip
# (code, direction relative to facing, backward, extra MP): MOV-16/18/19
_ENTRIES = ((FWD, 0, False, 0), (BACK, 3, True, 0), (SH_FR, 1, False, 1),
            (SH_FL, 5, False, 1), (SH_BR, 2, True, 1), (SH_BL, 4, True, 1))  # fmt: skip
STANDING, PRONE_POSTURE, HULL_DOWN = 0, 1, 2  # posture index of a ground state


def tokens_of(code: int) -> tuple[str, ...]:
    """The step tokens of a move code (infantry steps ENTER0.. excepted: they need the
    facing the path has, reach.py writes their turns)."""
    if STAND0 <= code < ENTER0:
        return (f"U:{code - STAND0}",)
    if HULL0 <= code < HULL0 + 6:
        return (f"H:{code - HULL0}",)
    if P_U0 <= code < P_U0 + 6:
        return ("P", f"U:{code - P_U0}")
    if P_H0 <= code < P_H0 + 6:
        return ("P", f"H:{code - P_H0}")
    return tuple(TOKENS[code].split(","))


@dataclass(frozen=True, slots=True)
class Spec:
    """What one search is for: the unit kind and everything about the unit and its mode
    that changes which moves exist or what they cost (the cache key of the move arrays).

    ``posture``: P and U:n (and with ``hull_down`` the hull-down moves) are searched, for
    a unit that starts prone or hull-down; for one that starts standing they never lead
    to a new (hex, facing) or a cheaper one (going prone costs 1 and keeps the facing;
    standing again costs 2 more, while any facing change costs at most 3; hull-down keeps
    the facing and costs 2 + 2), so the search skips those layers. ``crawl``: ADV-03/04,
    a prone Mech enters hexes (no posture changes). ``careless``: ADV-05, every extra MP
    the rules let it ignore is ignored. ``hull_down``: ADV-11..16 with the H:n cost from
    prone (-1: the Mech may not go hull-down, ADV-16). ``climb_once``: MOV-13 TW, ground
    infantry climbs one level upward in the whole turn. ``wige``: ADV-17..23 (flight.py).
    ``depths``: a submarine's search (ADV-24/25, divemoves.py) with layers for depths
    0 .. depths - 1.
    """

    kind: str
    running: bool = False
    posture: bool = True
    offroad: bool = True
    careless: bool = False
    crawl: bool = False
    hull_down: int = -1  # MP of H:n from prone (1 + leg actuators lost), -1: not allowed
    hull_layers: bool = False  # the hull-down posture exists in this search (ADV-11)
    climb_once: bool = False
    wige: bool = False
    altitudes: int = 0  # WiGE: how many altitudes its layers hold (game.rules.move.flight)
    depths: int = 0  # submarine: how many depths its layers hold (game.rules.move.diving)

    @property
    def postures(self) -> int:
        return 3 if self.hull_layers else 2

    @property
    def height(self) -> int | None:
        """MOV-28: a crawling Mech is prone, one level tall (None: the kind's height)."""
        return 1 if self.crawl else None


@dataclass(frozen=True, slots=True, eq=False)
class Transitions:
    """dest[s, m] / cost[s, m] for move m out of state s (-1: not possible).

    States are (layer * 6 + facing) * hexes + hex; a ground search has 2 * postures
    layers (layer = deck * postures + posture), a WiGE search its own (flight.py)."""

    hexes: int
    codes: np.ndarray  # (M,) move code per row
    dest: np.ndarray  # (S, M) int32
    cost: np.ndarray  # (S, M) int16, NO_MOVE where impossible
    paved: np.ndarray  # (S,) the state's position is paved (MOV-25)
    packed: np.ndarray  # (S, M, 3) int32: cost, dest, s * LINK + code (one gather)
    longest: int  # the dearest possible move: a pushed state is due within this many buckets
    layers: int = 4
    postures: int = 2


LINK = 64  # link = predecessor state * LINK + move code

_TRANS: dict[tuple, tuple[Board, Transitions]] = {}


def transitions(board: Board, spec: Spec, rules: Rules) -> Transitions:
    """Cached moves for (board, spec, variant) on the whole board."""
    key = (id(board), spec, rules.variant)
    hit = _TRANS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    tr = build_transitions(board, spec, rules)
    if len(_TRANS) >= 16:  # a few MB each on big boards: keep the newest only
        _TRANS.pop(next(iter(_TRANS)))
    _TRANS[key] = (board, tr)
    return tr


def build_transitions(board: Board, spec: Spec, rules: Rules) -> Transitions:
    """The move arrays of a ground search on a board (uncached; ``transitions`` caches per
    board, the board windows of game.rules.window cache their own; a WiGE's are
    game.rules.move.flight.wige_transitions)."""
    table = C.entry_table(board, spec.kind, rules, spec.offroad, spec.height)
    return ground_transitions(table, C.motive_costs(spec.kind), spec, rules)


def ground_transitions(t: C.EntryTable, mc: C.MotiveCosts, spec: Spec, rules: Rules) -> Transitions:
    """Moves of a ground search (Mechs, vehicles, infantry) over one entry table."""
    n = t.rows * t.cols
    hexes = np.arange(n)[None, :]
    f = np.arange(6)[:, None]
    pn = spec.postures
    layers = 2 * pn
    rows: list[tuple[int, np.ndarray, np.ndarray]] = []
    cost_of = t.cost - t.ignorable if spec.careless else t.cost  # ADV-05
    cost_of = np.where(t.cost < 0, -1, cost_of)
    climb_once = spec.climb_once and not rules.classic

    def blank() -> tuple[np.ndarray, np.ndarray]:
        return np.full((layers, 6, n), -1, np.int32), np.full((layers, 6, n), -1, np.int16)

    def state(layer: int | np.ndarray, facing: np.ndarray, h: np.ndarray) -> np.ndarray:
        return (layer * 6 + facing) * n + h

    def entry(rel_dirs: np.ndarray, backward: bool, extra: int, new_f: np.ndarray,
              posture: int) -> tuple:  # fmt: skip
        dest, cost = blank()
        for deck in (0, 1):
            d = rel_dirs % 6
            c = cost_of[deck, d, hexes].astype(np.int32)
            ok = c >= 0
            dl = t.dlevel[deck, d, hexes]
            if spec.running:
                ok &= (t.depth[deck, d, hexes] < 1) | mc.water_runs  # MOV-04 / ADV-24
                ok &= not backward  # MOV-18
            if backward and not mc.backward_levels:
                ok &= dl == 0  # MOV-18
            to = posture
            if climb_once:  # MOV-13: the "prone" bit of infantry is "has climbed"
                if posture == 1:
                    ok &= dl <= 0
                to = np.where(dl > 0, 1, posture)
            ds = state(t.dest_deck[deck, d, hexes] * pn + to, new_f, t.dest[deck, d, hexes])
            lay = deck * pn + posture
            dest[lay] = np.where(ok, ds, -1)
            cost[lay] = np.where(ok, c + extra, -1)
        return dest, cost

    def merge(parts: list[tuple]) -> tuple:
        dest, cost = blank()
        for dd, cc in parts:
            sel = dd >= 0
            dest[sel], cost[sel] = dd[sel], cc[sel]
        return dest, cost

    layer_idx = np.arange(layers)[:, None, None]
    own = state(layer_idx, f[None], hexes[None])  # (layers, 6, n) own index
    if mc.kind == "infantry":  # MOV-16/29: no facing, any of the six neighbours
        for d in range(6):
            pos = (0, 1) if climb_once else (0,)
            dest, cost = merge([entry(np.full((6, 1), d), False, 0, np.full((6, 1), d), p)
                                for p in pos])  # fmt: skip
            rows.append((ENTER0 + d, dest, cost))
    else:
        moving = PRONE_POSTURE if spec.crawl else STANDING  # ADV-04: crawling is prone
        for code, rel, back, extra in _ENTRIES:
            if extra and mc.kind != "quad":
                continue
            if spec.crawl and extra:
                continue  # no lateral crawl
            rows.append((code, *entry(f + rel, back, extra, f, moving)))
        for code, turn in ((TURN_L, -1), (TURN_R, 1)):  # MOV-17 (hull-down too: TacOps)
            dest = own - f[None] * n + ((f[None] + turn) % 6) * n
            cost = np.full(dest.shape, mc.facing_mp, np.int16)
            rows.append((code, dest.astype(np.int32), cost))
        if mc.falls and spec.posture and not spec.crawl:
            rows += _posture_rows(own, n, pn, spec.hull_down, blank)
    return _pack(rows, t, n, layers, pn)


def _posture_rows(own: np.ndarray, n: int, pn: int, hd: int, blank) -> list[tuple]:
    """MOV-22 prone, MOV-23 stand up facing n (K25); ADV-11..15 hull-down moves."""
    rows = []
    hexes = np.arange(n)[None, :]
    dest, cost = blank()
    for deck in (0, 1):
        dest[deck * pn], cost[deck * pn] = own[deck * pn + 1], 1
    rows.append((PRONE, dest, cost))
    for g in range(6):
        dest, cost = blank()
        for deck in (0, 1):
            dest[deck * pn + 1] = ((deck * pn) * 6 + g) * n + hexes
            cost[deck * pn + 1] = 2
        rows.append((STAND0 + g, dest, cost))
    if pn < 3:
        return rows
    for code, src, to, mp in ((HULL, STANDING, HULL_DOWN, 2), (UNHULL, HULL_DOWN, STANDING, 2)):
        if code == HULL and hd < 0:
            continue  # ADV-16
        dest, cost = blank()
        for deck in (0, 1):
            dest[deck * pn + src], cost[deck * pn + src] = own[deck * pn + to], mp
        rows.append((code, dest, cost))
    for code, turn in ((P_L, -1), (P_R, 1)):  # ADV-14: hull-down -> prone is free
        dest, cost = blank()
        for deck in (0, 1):
            lay = deck * pn + HULL_DOWN
            f = np.arange(6)[:, None]
            dest[lay] = ((deck * pn + 1) * 6 + (f + turn) % 6) * n + hexes
            cost[lay] = 1
        rows.append((code, dest, cost))
    for base, srcs, to, mp in ((HULL0, (1,), HULL_DOWN, hd), (P_U0, (HULL_DOWN,), STANDING, 2),
                               (P_H0, (HULL_DOWN,), HULL_DOWN, hd)):  # fmt: skip
        if mp < 0:
            continue  # ADV-16: a destroyed leg, no going hull-down
        for g in range(6):
            dest, cost = blank()
            for deck in (0, 1):
                for src in srcs:
                    dest[deck * pn + src] = ((deck * pn + to) * 6 + g) * n + hexes
                    cost[deck * pn + src] = mp
            rows.append((base + g, dest, cost))
    return rows


def _pack(rows: list[tuple], t: C.EntryTable, n: int, layers: int, pn: int) -> Transitions:
    paved = np.concatenate([np.broadcast_to(t.pos_paved[lay // pn], (6, n)).ravel()
                            for lay in range(layers)])  # fmt: skip
    return pack_rows(rows, paved, n, layers, pn)


def pack_rows(rows: list[tuple], paved: np.ndarray, n: int, layers: int, pn: int) -> Transitions:
    """Transitions from (code, dest, cost) rows, each (layers, 6, n) with -1 = no move."""
    cost = np.stack([r[2].ravel() for r in rows], axis=1)
    codes = np.array([r[0] for r in rows], np.int16)
    cost = np.where(cost < 0, NO_MOVE, cost)
    dest = np.stack([r[1].ravel() for r in rows], axis=1)
    dest = np.where(cost >= NO_MOVE, 0, dest)
    links = np.arange(cost.shape[0], dtype=np.int32)[:, None] * LINK + codes[None, :]
    return Transitions(
        hexes=n,
        codes=codes,
        dest=np.ascontiguousarray(dest),
        cost=np.ascontiguousarray(cost),
        paved=paved,
        packed=np.stack([cost, dest, links], axis=2).astype(np.int32),
        longest=int(cost[cost < NO_MOVE].max(initial=1)),
        layers=layers,
        postures=pn,
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
    stops: np.ndarray | None = None,
) -> list[Found]:
    """Bucketed Dijkstra for one or more units at once (unit u lives in states
    u * S .. u * S + S - 1). Bucket k expands every state of cost k; every move costs at
    least 1 MP (infantry turns are folded into their steps), so a bucket is final when it
    is expanded. ``blocked[u, hex]``: hexes unit u may not enter (enemies, MOV-30);
    ``paved_only``: only paved positions may be entered (MOV-25); ``stops[u, hex]``: hexes
    unit u may enter but not leave (an enemy's, MOV-35): out of them only the moves that
    stay in the hex (turns, posture)."""
    if len(starts) == 1 and not paved_only:
        no_go = None if blocked is None else blocked[0]
        stay = None if stops is None else stops[0]
        return [_search_one(tr, np.asarray(starts[0], np.int64), int(budgets[0]), no_go, stay)]
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
            if stops is not None:
                _stay_in(tr, local, stops[unit if unit is not None else 0, local % tr.hexes],
                         cost)  # fmt: skip
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
            dest = _relax(tr, dist, link, fr, idx, dest, new)
            if dest is None:
                continue
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


def _relax(tr: Transitions, dist: np.ndarray, link: np.ndarray, fr: np.ndarray,
           idx: np.ndarray, dest: np.ndarray, new: np.ndarray) -> np.ndarray | None:  # fmt: skip
    """One bucket's candidate moves (``idx`` into the (state, move) rows of ``fr``, to
    ``dest`` at cost ``new``): the cheaper ones lower ``dist`` and write their ``link``
    (the last of the cheapest wins); the states improved, or None."""
    keep = new < dist[dest]
    idx, dest, new = idx[keep], dest[keep], new[keep]
    if dest.size == 0:
        return None
    np.minimum.at(dist, dest, new)
    sel = dist[dest] == new
    src, code = np.divmod(idx[sel], tr.dest.shape[1])
    dest = dest[sel]
    link[dest] = fr[src] * LINK + tr.codes[code]
    return dest


def _stay_in(tr: Transitions, local: np.ndarray, stopped: np.ndarray, cost: np.ndarray) -> None:
    """MOV-35: in ``cost`` (rows of the states ``local``), the moves out of a stop hex that
    leave it become impossible."""
    if not stopped.any():
        return
    rows = np.flatnonzero(stopped)
    here = (local[rows] % tr.hexes)[:, None]
    leaves = tr.dest[local[rows]] % tr.hexes != here
    cost[rows] = np.where(leaves, NO_MOVE, cost[rows])


def _search_one(
    tr: Transitions,
    first: np.ndarray,
    budget: int,
    blocked: np.ndarray | None,
    stops: np.ndarray | None = None,
) -> Found:
    """search() for one unit (``blocked[hex]``: MOV-30/35, ``stops[hex]``: MOV-35), the
    common query, where numpy
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
            moves = tr.packed.take(fr, 0)  # cost, dest, link per (state, move)
            if stops is not None:
                _stay_in(tr, fr, stops[fr % tr.hexes], moves[:, :, 0])
            moves = moves.reshape(-1, 3)
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


def search_banded(
    tr: Transitions, first: np.ndarray, budget: int, no_entry: np.ndarray, stops: np.ndarray
) -> Found:
    """search() for one unit whose height band changes with the layer (MOV-34/35: a WiGE
    taking off or holding altitude, a submarine diving, a prone Mech standing up), so
    that who blocks and who stops it depends on the layer it steps from.

    ``no_entry[layer, hex]``: hexes a step from that layer may not enter; ``stops[layer,
    hex]``: hexes a step from that layer enters and ends its move in (MOV-35). Whether a
    unit is stopped is then no longer a property of its hex: the states of a stopped unit
    are a second copy of the state space (state + S, S = tr.dest.shape[0]) whose moves stay
    in the hex (turns, posture, depth). Found holds states of both copies; links point
    into them. Rare (units in other bands nearby), so a plain bucketed loop; not
    thread-safe (work arrays as _scratch)."""
    size, m = tr.dest.shape
    plane = 6 * tr.hexes
    dist, link = _scratch_banded(tr)
    first = np.asarray(first, np.int64)
    dist[first] = 0
    seen = [first]
    try:
        touched = first
        for k in range(budget):  # every move costs >= 1 MP: the last bucket expands nothing
            dt = dist[touched]
            fr = touched[dt == k]
            touched = touched[dt > k]
            if fr.size == 0:
                continue
            base = fr % size
            held = (fr >= size)[:, None]  # in the stopped copy
            cost = tr.cost[base].astype(np.int32)
            dest = tr.dest[base].astype(np.int64)
            to_hex = dest % tr.hexes
            leaves = to_hex != (base % tr.hexes)[:, None]
            layer = (base // plane)[:, None]
            cost = np.where(leaves & (held | no_entry[layer, to_hex]), NO_MOVE, cost)
            dest = np.where(held | (leaves & stops[layer, to_hex]), dest + size, dest)
            idx = np.flatnonzero(cost <= budget - k)
            dest = dest.ravel()[idx]
            new = cost.ravel()[idx] + k
            dest = _relax(tr, dist, link, fr, idx, dest, new)
            if dest is None:
                continue
            touched = np.concatenate([touched, dest])
            seen.append(dest)
        every = np.unique(np.concatenate(seen))
        return Found(every, dist[every].astype(np.int16), link[every])
    finally:
        every = np.concatenate(seen)
        dist[every] = INF
        link[every] = -1


_SCRATCH2: dict[int, tuple[Transitions, np.ndarray, np.ndarray]] = {}


def _scratch_banded(tr: Transitions) -> tuple[np.ndarray, np.ndarray]:
    """_scratch for search_banded: two copies of one unit's states."""
    hit = _SCRATCH2.get(id(tr))
    if hit is None or hit[0] is not tr:
        size = 2 * tr.dest.shape[0]
        hit = (tr, np.full(size, INF, np.int32), np.full(size, -1, np.int64))
        if len(_SCRATCH2) >= 4:
            _SCRATCH2.pop(next(iter(_SCRATCH2)))
        _SCRATCH2[id(tr)] = hit
    return hit[1], hit[2]
