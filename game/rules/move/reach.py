"""Every state a unit can reach this turn (docs/scenario-format.md `rules reach`).

The search itself lives in search.py (numpy arrays over (layer, facing, hex) states, built
from the same entry arrays as the step checker); this module turns its sparse result into
the answers the referee and the UI need: least MP and facings per hex, minimum-movement
entries (MOV-20), jump landings (MOV-05) and paths read back as step tokens that
check_move accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from game.board import Board
from game.core.options import TW, Rules
from game.hexgrid import Hex, distance
from game.rules.move.enemies import Entry, entry_rule
from game.rules.move.flightmoves import air_layer, relief, wige_layers
from game.rules.move.jumps import jump_landings
from game.rules.move.movement import advance, begin_move, finish_move
from game.rules.move.movestate import MoveContext, MoveState, placed
from game.rules.move.search import (
    ENTER0,
    HULL_DOWN,
    INF,
    LINK,
    PRONE_POSTURE,
    Found,
    Spec,
    search,
    search_banded,
    tokens_of,
)
from game.rules.move.stacking import band, counts, levels, violation
from game.rules.move.tacops import hull_down_mp
from game.rules.window import Window, found_to_board, window_around, window_transitions
from game.units.unit import MECH_KINDS, Unit


@dataclass(frozen=True, slots=True, eq=False)
class Reach:
    """Reachable states of one unit in one mode (docs/scenario-format.md `rules reach`).

    States are kept sparse (only what was reached); ``cost`` and ``pred`` give the dense
    arrays over all (layer, facing, hex) states on request.
    """

    unit_id: str
    mode: str
    mp_available: int
    rows: int
    cols: int
    kind: str
    ends_blocked: np.ndarray  # sorted flat hexes the unit may pass but not end in
    found: Found  # end states within the MP (MOV-25 paved states included)
    main: Found | None = None  # search whose predecessors read back ordinary paths
    alt: Found | None = None  # MOV-25 paved-only search (states beyond mp_available)
    minimum: dict[Hex, int] = field(default_factory=dict)  # MOV-20 entries
    minimum_paths: dict[Hex, tuple[str, ...]] = field(default_factory=dict)  # their steps
    minimum_facing: dict[Hex, int] = field(default_factory=dict)  # facing on arrival
    # MOV-20/23: (hex, facing) ends only minimum movement reaches in a hex reached otherwise
    # too (a prone Mech with 1 MP standing up): their MP and steps.
    minimum_ends: dict[tuple[Hex, int], tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    # ADV-14/15 (tacops): a Mech that starts standing may end in any hex it reaches prone
    # and then hull-down facing any way (P, H:n) for this many MP more (-1: it may not);
    # that beats turning where a facing is 3 hexsides away (see _hull_ends)
    hull_mp: int = -1
    still: bool = False  # MOV-02/07: 0 MP, only the empty move (no turns, even for infantry)
    jump: bool = False
    start: tuple[Hex, int] | None = None
    layers: int = 4  # of the state space (search.Transitions)
    # A unit whose height band changes with the layer (search.search_banded): the
    # (layer * hexes + hex) it may not end in, sorted, instead of ``ends_blocked``; ``main``
    # then holds the stopped copy of the states too (MOV-35: state + layers * 6 * hexes).
    ends_blocked_at: np.ndarray | None = None

    @property
    def cost(self) -> np.ndarray:
        """(S,) least MP per state, INF where out of reach."""
        out = np.full(self.layers * 6 * self.rows * self.cols, INF, np.int16)
        out[self.found.states] = self.found.cost
        return out

    @property
    def pred(self) -> np.ndarray:
        """(S,) predecessor state, -1 at the start and out of reach."""
        size = self.layers * 6 * self.rows * self.cols
        out = np.full(size, -1, np.int32)
        if self.main is not None:  # a banded search: the unstopped copy's (search_banded)
            own = self.main.states < size
            link = self.main.link[own]
            out[self.main.states[own]] = np.where(link < 0, -1, (link // LINK) % size)
        if self.alt is not None:
            beyond = self.alt.cost > self.mp_available
            alt = self.alt.link[beyond]
            out[self.alt.states[beyond]] = np.where(alt < 0, -1, alt // LINK)
        return out

    def _ends(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """End states (not in a hex another unit holds): state, hex index, facing."""
        n = self.rows * self.cols
        states = self.found.states
        hexes = states % n
        if self.ends_blocked_at is None:
            ok = ~_member(hexes, self.ends_blocked)
        else:
            ok = self._end_free(states)
        return states[ok], hexes[ok], (states[ok] // n) % 6

    def _end_free(self, states: np.ndarray) -> np.ndarray:
        """May the unit end its move in these states (MOV-30/34: not in a hex whose units
        leave no room for it, in the height band of the state's layer)?"""
        n = self.rows * self.cols
        if self.ends_blocked_at is None:
            return ~_member(states % n, self.ends_blocked)
        return ~_member(states // (6 * n) * n + states % n, self.ends_blocked_at)

    def hexes(self, minimum: bool = True) -> dict[Hex, tuple[int, tuple[int, ...]]]:
        """Least MP to end in each hex and the facings it can end in within the MP; with
        ``minimum``, also the facings only minimum movement reaches there (MOV-20/23: a
        prone Mech with 1 MP standing up; the hex's mp stays the least, see
        docs/rules-coverage.md)."""
        states, hexes, facing = self._ends()
        cost = self.found.cost[np.searchsorted(self.found.states, states)]
        ends, slot = np.unique(hexes, return_inverse=True)  # sparse: what was reached only
        best = np.full(len(ends), INF, np.int16)
        np.minimum.at(best, slot, cost)
        faces = np.zeros((len(ends), 6), bool)
        faces[slot, facing] = True
        out: dict[Hex, tuple[int, tuple[int, ...]]] = {}
        every = tuple(range(6))
        infantry = self.kind == "infantry" and not self.still
        if self.hull_mp >= 0:  # ADV-14/15: prone, then hull-down facing any way
            faces[best <= self.mp_available - self.hull_mp] = True
        for i, h in enumerate(ends.tolist()):
            r, c = divmod(h, self.cols)
            fs = every if infantry else tuple(np.flatnonzero(faces[i]).tolist())
            out[Hex(c, r)] = (int(best[i]), fs)
        if minimum:
            for (h, f), (mp, _) in self.minimum_ends.items():
                least, fs = out.get(h, (mp, ()))
                out[h] = (min(least, mp), tuple(sorted({*fs, f})))
        return out

    def _extra(self, h: Hex, facing: int) -> tuple[int, tuple[str, ...]] | None:
        """The cheapest end in (h, facing) outside the search: minimum movement, or (a
        standing Mech, tacops) going prone and hull-down facing that way in h."""
        ends = [e for e in (self.minimum_ends.get((h, facing)), self._hull_end(h, facing))
                if e is not None]  # fmt: skip
        return min(ends, key=lambda e: e[0]) if ends else None

    def _hull_end(self, h: Hex, facing: int) -> tuple[int, tuple[str, ...]] | None:
        if self.hull_mp < 0:
            return None
        best: tuple[int, int] | None = None
        for f in range(6):
            s = self._best_state(h, f)
            if s is not None:
                c = int(self.found.cost[self.found.at(s)])
                best = (c, f) if best is None or c < best[0] else best
        if best is None or best[0] + self.hull_mp > self.mp_available:
            return None
        path = self._search_path(h, best[1])
        return None if path is None else (best[0] + self.hull_mp, (*path, "P", f"H:{facing}"))

    def minimum_hexes(self) -> dict[Hex, int]:
        return dict(self.minimum)

    def _best_state(self, h: Hex, facing: int) -> int | None:
        n = self.rows * self.cols
        idx = h.row * self.cols + h.col
        if idx < 0 or idx >= n or not (0 <= h.col < self.cols):
            return None
        if self.ends_blocked_at is None and self._blocked_end(idx):
            return None
        faces = range(6) if self.kind == "infantry" and not self.still else (facing,)
        want = np.array([(lay * 6 + f) * n + idx for lay in range(self.layers) for f in faces])
        if self.ends_blocked_at is not None:  # per layer (search_banded)
            want = want[self._end_free(want)]
            if not len(want):
                return None
        pos = np.searchsorted(self.found.states, want)
        pos = np.minimum(pos, len(self.found.states) - 1)
        hit = self.found.states[pos] == want if len(self.found.states) else pos < 0
        if not hit.any():
            return None
        return int(want[hit][np.argmin(self.found.cost[pos[hit]])])

    def _blocked_end(self, idx: int, layer: int = 0) -> bool:
        """May the unit not end in hex ``idx`` (in ``layer``: search_banded)?"""
        blocked = self.ends_blocked
        if self.ends_blocked_at is not None:
            blocked, idx = self.ends_blocked_at, layer * self.rows * self.cols + idx
        i = int(np.searchsorted(blocked, idx))
        return i < len(blocked) and int(blocked[i]) == idx

    def cost_to(self, h: Hex, facing: int) -> int | None:
        """Least MP to end in ``h`` facing ``facing`` (None if out of reach)."""
        if h in self.minimum and facing == self.minimum_facing.get(h):
            return self.minimum[h]
        s = self._best_state(h, facing)
        end = self._extra(h, facing)
        if s is None:
            return None if end is None else end[0]
        cost = int(self.found.cost[self.found.at(s)])
        return cost if end is None else min(cost, end[0])

    def path_to(self, h: Hex, facing: int) -> list[str] | None:
        """Step tokens of the cheapest path to end in ``h`` facing ``facing``."""
        if h in self.minimum and facing == self.minimum_facing.get(h):
            return list(self.minimum_paths[h])
        s = self._best_state(h, facing)
        end = self._extra(h, facing)
        if s is None or (end is not None and end[0] < self.found.cost[self.found.at(s)]):
            return None if end is None else list(end[1])
        return self._search_path(h, facing)

    def _search_path(self, h: Hex, facing: int) -> list[str] | None:
        """The path the search itself found to (h, facing)."""
        s = self._best_state(h, facing)
        if s is None:
            return None
        if self.mode == "stand" or self.still:  # MOV-02: no steps at all
            return []
        if self.jump:
            if self.start is not None and h == self.start[0]:
                return []
            return [f"J:{h.name(self.cols, self.rows)}", f"FACE:{facing}"]
        return self._tokens_to(s, facing)

    def at_depth(self, h: Hex, facing: int, depth: int) -> tuple[int, list[str]] | None:
        """A submarine (ADV-25): the least MP and the steps to end in ``h`` facing
        ``facing`` at ``depth`` (the search's layer of that depth), None out of reach."""
        n = self.rows * self.cols
        idx = h.row * self.cols + h.col
        if not (0 <= depth < self.layers and 0 <= h.col < self.cols and 0 <= idx < n):
            return None
        s = (depth * 6 + facing) * n + idx
        i = self.found.at(s)
        if (
            self._blocked_end(idx, depth)
            or i >= len(self.found.states)
            or self.found.states[i] != s
        ):
            return None
        return int(self.found.cost[i]), self._tokens_to(s, facing)

    def _tokens_to(self, s: int, facing: int) -> list[str]:
        """The step tokens the search's predecessors give for state ``s``."""
        tree = self.main
        if self.alt is not None and self.found.cost[self.found.at(s)] > self.mp_available:
            tree = self.alt
        assert tree is not None
        if self.ends_blocked_at is not None:  # search_banded: maybe its stopped copy
            s = _cheapest_copy(tree, s, self.layers * 6 * self.rows * self.cols)
        codes: list[int] = []
        while True:
            i = tree.at(s)
            if tree.link[i] < 0:
                break
            s, code = divmod(int(tree.link[i]), LINK)
            codes.append(code)
        tokens: list[str] = []
        have = self.start[1] if self.start is not None else 0  # infantry: actual facing
        for code in reversed(codes):
            if ENTER0 <= code < ENTER0 + 6:  # infantry: free turns, then a step (MOV-29)
                tokens += _turns(have, code - ENTER0)
                have = code - ENTER0
                tokens.append("F")
            else:
                tokens += tokens_of(code)
        if self.kind == "infantry":
            tokens += _turns(have, facing)
        return tokens

    def to_json(self, board: Board) -> dict[str, Any]:
        """Exactly the `rules reach` answer of docs/scenario-format.md."""
        out: dict[str, Any] = {}
        for h, (mp, faces) in sorted(self.hexes().items()):
            out[board.hex_name(h)] = {"mp": mp, "facings": list(faces)}
        for h, mp in sorted(self.minimum.items()):
            if board.hex_name(h) not in out:
                faces = [self.minimum_facing[h]]
                out[board.hex_name(h)] = {"mp": mp, "facings": faces, "minimum": True}
        # MOV-25: a vehicle starting on pavement has one more MP while it stays on it.
        mp = self.mp_available + (1 if self.alt is not None else 0)
        return {"unit": self.unit_id, "mode": self.mode, "mp_available": mp,
                "reach": out}  # fmt: skip


def _member(values: np.ndarray, sorted_set: np.ndarray) -> np.ndarray:
    """np.isin for a small sorted set, without np.isin's sorting."""
    if len(sorted_set) == 0:
        return np.zeros(values.shape, bool)
    pos = np.minimum(np.searchsorted(sorted_set, values), len(sorted_set) - 1)
    return sorted_set[pos] == values


def _cheapest_copy(tree: Found, s: int, size: int) -> int:
    """State ``s`` or its stopped copy ``s + size`` (search_banded), whichever is cheaper."""
    best, cost = s, INF
    for c in (s, s + size):
        i = tree.at(c)
        if i < len(tree.states) and tree.states[i] == c and tree.cost[i] < cost:
            best, cost = c, tree.cost[i]
    return best


def _turns(have: int, want: int) -> list[str]:
    turn = (want - have) % 6
    return ["R"] * turn if turn <= 3 else ["L"] * (6 - turn)


def _blocked(board: Board, units: Sequence[Unit], mover: Unit,
             rules: Rules = TW) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # fmt: skip
    """Hexes the mover may not enter, may not end in and must stop in, as sorted flat hex
    indices (the board may be large; the units are few). May not enter: classic, any
    enemy's hex (MOV-30); TW, an enemy Mech's hex for a Mech, and a hex it would have to
    stop in but may not end in (MOV-35). May not end in: any unit's hex (MOV-30, classic);
    under TW the hexes whose units leave no room for it (MOV-34). Must stop in: an enemy's
    hex (a Mech: not a hex of enemy platoons only; not the hex it starts in, MOV-35)."""
    enemy: list[int] = []
    anyone: list[int] = []
    stops: list[int] = []
    there: dict[int, list[Unit]] = {}
    for u in units:
        if u.id == mover.id or u.destroyed or not board.contains(u.at):
            continue
        idx = u.at.row * board.width + u.at.col
        there.setdefault(idx, []).append(u)
    start = mover.at.row * board.width + mover.at.col
    for idx, group in there.items():
        full = rules.classic or violation(replace(mover, at=group[0].at), group, rules) is not None
        if full:
            anyone.append(idx)
        rule, _ = entry_rule(mover, group, rules)
        if rule is Entry.REFUSE or (rule is Entry.STOP and full and idx != start):
            enemy.append(idx)
        elif rule is Entry.STOP and idx != start:
            stops.append(idx)
    return _flat(enemy), _flat(anyone), _flat(stops)


def _layer_bands(spec: Spec, layers: int, st: MoveState) -> list[tuple[bool, int, int]] | None:
    """(prone, flying height, depth) of the mover in each layer of the search, what decides
    its height band (stacking.levels, MOV-34): a WiGE landed or at an altitude
    (flightmoves), a submarine at a depth (divemoves), a Mech prone or standing. None where
    the band is the same in every layer the search can reach (vehicles, infantry, a VTOL
    at its altitude, a Mech that starts standing, a crawling one)."""
    if spec.wige:  # layers 0, 1 landed, then air_layer(altitude, road-bound)
        return [(False, 0 if lay < 2 else (lay - 2) // 2 + 1, 0) for lay in range(layers)]
    if spec.depths:
        return [(False, 0, lay) for lay in range(layers)]
    if spec.kind in MECH_KINDS and spec.posture and not spec.crawl:
        return [(lay % spec.postures == PRONE_POSTURE, 0, 0) for lay in range(layers)]
    return None


def _as_state(st: MoveState, kind: str, prone: bool, flying: int, depth: int) -> MoveState:
    """The move state of a layer of _layer_bands (for movestate.placed)."""
    if kind == "wige":
        return replace(st, airborne=flying > 0, altitude=flying)
    return replace(st, prone=prone, depth=depth)


def _banded(board: Board, ctx: Any, st: MoveState, spec: Spec, layers: int
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:  # fmt: skip
    """Per-layer masks (layers, hexes) for a unit whose band changes in its move: the hexes
    a step from the layer may not enter (an enemy Mech's hex for a Mech, MOV-35), those a
    step from it enters and must stop in (MOV-35, in the band the step is made in, as
    movestate.MoveContext.entering asks), and those the unit may not end in in that layer
    (MOV-34, as movement.finish_move asks: never its start hex). None when every layer
    meets the same units within its MP (classic MOV-30 knows no bands): the per-hex
    search then does. Layers whose band overlaps the same units share one computation."""
    if ctx.rules.classic or not ctx.units:
        return None
    bands = _layer_bands(spec, layers, st)
    if bands is None:
        return None
    kind = ctx.unit.kind
    mine = {b: levels(kind, *b) for b in set(bands)}
    if len(set(mine.values())) < 2:
        return None
    reach_mp = ctx.mp_available + 1  # every hex entered costs 1 MP or more (MOV-07)
    near = [u for u in ctx.units if counts(u) and distance(ctx.unit.at, u.at) <= reach_mp]
    theirs = [band(u) for u in near]
    meets = {b: tuple(lo < t1 and t0 < hi for t0, t1 in theirs) for b, (lo, hi) in mine.items()}
    if len(set(meets.values())) < 2:
        return None
    keys = [meets[b] for b in bands]
    n = board.height * board.width
    there: dict[int, list[int]] = {}  # hex: the units of ``near`` there
    for i, u in enumerate(near):
        there.setdefault(u.at.row * board.width + u.at.col, []).append(i)
    start = ctx.unit.at.row * board.width + ctx.unit.at.col
    mech = ctx.unit.is_mech  # refused an enemy Mech's hex in any band (MOV-35)
    no_entry, stops, ends = (np.zeros((layers, n), bool) for _ in range(3))
    done: dict[tuple[bool, ...], int] = {}  # the first layer of each set of units met
    for lay, (b, key) in enumerate(zip(bands, keys, strict=True)):
        if key in done:
            for m in (no_entry, stops, ends):
                m[lay] = m[done[key]]
            continue
        done[key] = lay
        mover = placed(ctx.unit, _as_state(st, kind, *b))
        for idx, members in there.items():
            if not mech and not any(key[i] for i in members):
                continue  # it meets nobody there: it passes and may end there
            group = [near[i] for i in members]
            rule, _ = entry_rule(mover, group, ctx.rules)
            no_entry[lay, idx] = rule is Entry.REFUSE
            stops[lay, idx] = rule is Entry.STOP and idx != start
            if idx != start:
                ends[lay, idx] = violation(mover, group, ctx.rules) is not None  # reads no .at
    return no_entry, stops, ends


def _flat(hexes: list[int]) -> np.ndarray:
    return np.unique(np.array(hexes, np.int64))


def reach(
    board: Board,
    units: Sequence[Unit],
    unit_id: str,
    mode: str,
    rules: Rules = TW,
    careless: bool = False,
) -> Reach:
    """Every state the unit can end its movement in with ``mode`` (``careless``: ADV-05)."""
    return reach_batch(board, units, [(unit_id, mode)], rules, careless)[0]


@dataclass(frozen=True, slots=True, eq=False)
class _Query:
    """One walk/run request waiting for its group search."""

    index: int
    ctx: MoveContext
    state: MoveState
    starts: np.ndarray
    enemy: np.ndarray
    stops: np.ndarray  # MOV-35: hexes it may enter but must end its move in
    base: dict[str, Any]
    window: Window  # the board around the unit its MP can cover (game.rules.window)
    spec: Spec
    # (layers, hexes) no-entry, stop and end masks of a unit whose band changes with the
    # layer (_banded), searched alone by search.search_banded; None: the masks above
    banded: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None


def reach_batch(
    board: Board,
    units: Sequence[Unit],
    requests: Sequence[tuple[str, str]],
    rules: Rules = TW,
    careless: bool = False,
) -> list[Reach]:
    """Many (unit id, mode) queries at once. Besides the board-derived arrays (entry costs,
    moves, work arrays: built once per board and search spec), queries with the same spec
    share ONE bucketed search, each unit in its own copy of the states."""
    out: list[Reach | None] = [None] * len(requests)
    groups: dict[tuple[Spec, bool, Window], list[_Query]] = {}
    for i, (uid, mode) in enumerate(requests):
        done, query = _prepare(board, units, uid, mode, rules, i, careless)
        if done is not None:
            out[i] = done
        else:
            assert query is not None
            key = (query.spec, bool(query.ctx.paved_bonus), query.window)
            groups.setdefault(key, []).append(query)
    for (spec, paved, w), queries in groups.items():
        for q, r in zip(queries, _windowed(board, w, spec, rules, queries, paved), strict=True):
            out[q.index] = r
    return [r for r in out if r is not None]


def _windowed(
    board: Board, w: Window, spec: Spec, rules: Rules, queries: list[_Query], paved: bool
) -> list[Reach]:
    """The group's search on its window, answers in the board's numbering. A window is
    sized so that no move can reach its cut edges (game.rules.window); should a search
    ever touch one, it is done again on a window twice as large."""
    while True:
        tr = window_transitions(board, w, spec, rules)
        results = _group_search(tr, queries, paved, w)
        if w.whole or not any(w.on_cut(w.states_to_window(r.found.states) % tr.hexes)
                              for r in results):  # fmt: skip
            return results
        rows, cols = w.shape
        w = window_around(board, queries[0].ctx.unit.at, max(rows, cols))


_NONE = Found(np.zeros(0, np.int64), np.zeros(0, np.int16), np.zeros(0, np.int64))


def search_spec(board: Board, w: Window, ctx: Any, st: Any) -> Spec:
    """What the search of this move needs to know (search.Spec)."""
    u = ctx.unit
    running = ctx.mode == "run"
    if u.kind == "wige":
        sub = board.level[w.r0 : w.r1, w.c0 : w.c1]
        top = relief(board) if w.whole else int(sub.max() - sub.min()) + _tallest(board, w)
        return Spec("wige", running, careless=ctx.careless, wige=True,
                    altitudes=max(st.altitude, 1) + top + 1)  # fmt: skip
    if u.kind == "submarine":  # ADV-25: one layer per depth the window's water allows
        deepest = int(board.water[w.r0 : w.r1, w.c0 : w.c1].max(initial=0))
        return Spec("submarine", running, careless=ctx.careless,
                    depths=max(st.depth, deepest, 0) + 1)  # fmt: skip
    tacops = ctx.rules.tacops and ctx.mode != "crawl" and u.is_mech
    posture = bool(st.prone) or st.hull_down
    hull = tacops and posture
    climb = u.kind == "infantry" and not ctx.rules.classic
    return Spec(u.kind, running, posture=posture, offroad=u.offroad, careless=ctx.careless,
                crawl=ctx.mode == "crawl", hull_down=hull_down_mp(u) if tacops else -1,
                hull_layers=hull, climb_once=climb)  # fmt: skip


def _tallest(board: Board, w: Window) -> int:
    """The highest building or bridge above its hex level in the window (for the relief
    of the tops a WiGE flies over)."""
    b = board.building_height[w.r0 : w.r1, w.c0 : w.c1].astype(np.int64)
    br = board.bridge_level[w.r0 : w.r1, w.c0 : w.c1] - board.level[w.r0 : w.r1, w.c0 : w.c1]
    return int(max(b.max(initial=0), br.max(initial=0), 0))


def start_layer(spec: Spec, st: Any) -> int:
    """The layer of the move's start state in the search of ``spec``."""
    if spec.wige:
        return air_layer(st.altitude, st.road_bound) if st.airborne else 0
    if spec.depths:
        return int(st.depth)  # ADV-25
    posture = HULL_DOWN if st.hull_down else int(st.prone)
    return int(st.deck) * spec.postures + posture


def _prepare(
    board: Board,
    units: Sequence[Unit],
    unit_id: str,
    mode: str,
    rules: Rules,
    index: int,
    careless: bool = False,
) -> tuple[Reach | None, _Query | None]:
    """Answer stand, jump, defend and impossible modes at once; queue the others."""
    ctx, st = begin_move(board, units, unit_id, mode, rules, careless=careless)
    u = ctx.unit
    rows, cols = board.shape
    n = rows * cols
    h0 = u.at.row * cols + u.at.col
    # Every hex entered costs >= 1 MP (MOV-07): the search stays within the MP (+1 on
    # pavement, MOV-25) of the start, one more ring gives its entry arrays their neighbours.
    w = window_around(board, u.at, ctx.mp_available + 2)
    spec = search_spec(board, w, ctx, st)
    layers = wige_layers(spec.altitudes) if spec.wige else spec.depths or 2 * spec.postures
    start_state = (start_layer(spec, st) * 6 + u.facing) * n + h0
    banded = _banded(board, ctx, st, spec, layers) if mode not in ("jump", "stand") else None
    if banded is None:
        enemy, anyone, stops = _blocked(board, units, u, rules)
    else:  # the per-layer masks stand for these
        enemy = anyone = stops = np.zeros(0, np.int64)
    ends_at = None if banded is None else np.flatnonzero(banded[2])
    base = dict(unit_id=unit_id, mode=mode, mp_available=ctx.mp_available, rows=rows,
                cols=cols, kind=u.kind, ends_blocked=anyone, start=(u.at, u.facing),
                layers=layers, ends_blocked_at=ends_at)  # fmt: skip
    if ctx.error and not ctx.may_stay:
        return Reach(found=_NONE, **base), None
    if ctx.error:  # MOV-02/07: 0 MP, the unit can only end where it is, as it is
        one = Found(np.array([start_state], np.int64), np.zeros(1, np.int16), np.full(1, -1))
        return Reach(found=one, main=one, still=True, **base), None
    # ADV-01: defence spends no MP in the movement phase; a landed VTOL rises (RS) before
    # it enters a hex (game.rules.move.vtolflight): from the ground it reaches only its hex
    if mode in ("stand", "defend") or (u.kind == "vtol" and st.altitude == 0):
        one = Found(np.array([start_state], np.int64), np.zeros(1, np.int16), np.full(1, -1))
        return Reach(found=one, main=one, **base), None
    if mode == "jump":
        return _jump_reach(board, ctx, st, anyone, {**base, "layers": 4}), None
    if u.kind == "infantry":
        starts = (start_layer(spec, st) * 6 + np.arange(6, dtype=np.int64)) * n + h0
    else:
        starts = np.array([start_state], np.int64)
    return None, _Query(index, ctx, st, starts, enemy, stops, base, w, spec, banded)


def _group_search(tr: Any, queries: list[_Query], paved: bool, w: Window) -> list[Reach]:
    starts = [w.states_to_window(q.starts) for q in queries]
    budgets = [q.ctx.mp_available for q in queries]
    plain = [i for i, q in enumerate(queries) if q.banded is None]
    blocked = _hex_masks(w, [queries[i].enemy for i in plain])
    stops = _hex_masks(w, [queries[i].stops for i in plain])  # MOV-35
    found = search(tr, [starts[i] for i in plain], [budgets[i] for i in plain], blocked,
                   stops=stops) if plain else []  # fmt: skip
    mains: list[Found] = [_NONE] * len(queries)
    for i, f in zip(plain, found, strict=True):
        mains[i] = found_to_board(w, f)
    for i, q in enumerate(queries):
        if q.banded is not None:  # its band changes with the layer: alone, per layer
            no_entry, stop, _ = (np.stack([w.mask_to_window(row) for row in m])
                                 for m in q.banded)  # fmt: skip
            f = search_banded(tr, starts[i], budgets[i], no_entry, stop)
            mains[i] = found_to_board(w, f)
    alts: list[Found | None] = [None] * len(queries)
    if paved:  # MOV-25: ground vehicles (never banded): one more MP while on pavement
        assert len(plain) == len(queries)
        more = search(tr, starts, [b + 1 for b in budgets], blocked, paved_only=True,
                      stops=stops)  # fmt: skip
        alts = [found_to_board(w, f) for f in more]
    out = []
    for q, main, alt in zip(queries, mains, alts, strict=True):
        found = main
        if q.banded is not None:  # the least of a state and its stopped copy
            found = _collapse(main, q.base["layers"] * 6 * q.ctx.board.height * q.ctx.board.width)
        if alt is not None:
            extra = ~np.isin(alt.states, main.states)
            merged = np.concatenate([main.states, alt.states[extra]])
            order = np.argsort(merged)
            cost = np.concatenate([main.cost, alt.cost[extra]])[order]
            found = Found(merged[order], cost, np.full(len(cost), -1, np.int64))
        # ADV-14/15: P (1 MP) then H:n; the other posture moves never pay for a standing
        # start (search.Spec): going hull-down standing keeps the facing, standing up again
        # or leaving hull-down costs at least as much as turning.
        hull = 1 + q.spec.hull_down if q.spec.hull_down >= 0 and not q.spec.posture else -1
        result = Reach(found=found, main=main, alt=alt, hull_mp=hull, **q.base)
        for h, (mp, facing, path) in _minimum(q.ctx, q.state, result).items():
            result.minimum[h] = mp
            result.minimum_facing[h] = facing
            result.minimum_paths[h] = path
        if q.state.prone:
            result.minimum_ends.update(_minimum_stand(q.ctx, q.state, result))
        out.append(result)
    return out


def _collapse(main: Found, size: int) -> Found:
    """search_banded's states less their stopped copy: the least cost per state."""
    base = main.states % size
    order = np.lexsort((main.cost, base))
    base, cost = base[order], main.cost[order]
    first = np.concatenate(([True], base[1:] != base[:-1]))
    return Found(base[first], cost[first], np.full(int(first.sum()), -1, np.int64))


def _hex_masks(w: Window, per_query: list[np.ndarray]) -> np.ndarray | None:
    """(queries, window hexes) True at each query's hexes; None when there are none."""
    if not any(len(h) for h in per_query):
        return None
    rows, cols = w.shape
    out = np.zeros((len(per_query), rows * cols), bool)
    for i, hexes in enumerate(per_query):
        out[i, w.hexes_to_window(hexes)] = True
    return out


def _minimum(ctx: Any, st: Any, result: Reach) -> dict[Hex, tuple[int, int, tuple[str, ...]]]:
    """MOV-20: the hex ahead as the only MP expenditure, if nothing else reaches it.

    Infantry has no facing (MOV-16) and turns for free, so for it every neighbour is
    "ahead": the same step checker is asked with free turns before the ``F``. Answers
    (entry MP, facing on arrival, steps) per hex.
    """
    _, hexes, _ = result._ends()
    prefixes = [[]] if ctx.unit.has_facing else [_turns(st.facing, f) for f in range(6)]
    out: dict[Hex, tuple[int, int, tuple[str, ...]]] = {}
    for prefix in prefixes:
        tokens = (*prefix, "F")
        state = st
        for i, token in enumerate(tokens):
            rep = advance(ctx, state, token, i)
            if not rep.ok:
                break
            state = rep.state_after
        if not rep.ok or not state.minimum:
            continue
        error, _ = finish_move(ctx, state, len(tokens) - 1)
        h = state.at
        if error is not None:
            continue
        if bool((hexes == h.row * result.cols + h.col).any()):
            # A landed WiGE (ADV-19: 1 MP on the ground) may reach by minimum movement a
            # hex its flight reaches too, more cheaply: an extra (hex, facing) end.
            have = result.cost_to(h, state.facing)
            if have is None or have > state.mp_used:
                result.minimum_ends[(h, state.facing)] = (state.mp_used, tokens)
            continue
        out[h] = (state.mp_used, state.facing, tokens)
    return out


def _minimum_stand(
    ctx: Any, st: Any, result: Reach
) -> dict[tuple[Hex, int], tuple[int, tuple[str, ...]]]:
    """MOV-20: a prone Mech with 1 MP may make one stand attempt as its only action, and
    MOV-23/K25 (classic until decided) lets it take any facing once up. The step checker
    says which ``U:n`` are legal; ends the search already holds are left out."""
    n = result.rows * result.cols
    have = set(result.found.states.tolist())
    out: dict[tuple[Hex, int], tuple[int, tuple[str, ...]]] = {}
    for facing in range(6):
        token = f"U:{facing}"
        rep = advance(ctx, st, token, 0)
        if not rep.ok or not rep.state_after.minimum:
            continue
        after = rep.state_after
        error, _ = finish_move(ctx, after, 0)
        h = after.at
        idx = h.row * result.cols + h.col
        layer = int(after.deck) * (result.layers // 2) + int(after.prone)
        if error is not None or result._blocked_end(idx, layer):
            continue
        if (layer * 6 + after.facing) * n + idx in have:
            continue
        out[(h, after.facing)] = (after.mp_used, (token,))
    return out


def _jump_reach(board: Board, ctx: Any, st: Any, anyone: np.ndarray, base: dict) -> Reach:
    """MOV-05/06: every hex within jump MP with a clear path, any facing on landing (on a
    bridge deck or a building's roof: the deck layer, MOV-26/32)."""
    rows, cols = board.shape
    n = rows * cols
    hexes, jc = jump_landings(board, st.at, ctx.mp_available, ctx.rules)
    ok = ~_member(hexes, anyone)
    if ctx.unit.kind == "infantry":
        ok &= board.water.ravel()[hexes] < 1  # MOV-29
    hexes, jc = hexes[ok], jc[ok]
    on_top = (board.bridge_class.ravel()[hexes] > 0) | (board.building_class.ravel()[hexes] > 0)
    layer = 2 * on_top
    states = ((layer[None, :] * 6 + np.arange(6)[:, None]) * n + hexes[None, :]).ravel()
    cost = np.broadcast_to(jc, (6, len(jc))).ravel()
    # A jump moves at least one hex (MOV-05): the start hex is not a jump destination.
    cost = cost.astype(np.int16)
    order = np.argsort(states)
    found = Found(states[order].astype(np.int64), cost[order], np.full(len(cost), -1, np.int64))
    return Reach(found=found, jump=True, **base)
