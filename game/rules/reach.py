"""Every state a unit can reach this turn, as numpy cost and predecessor arrays.

States are (layer, facing, hex) with layer = 2 * on_bridge_deck + prone, flattened as
``(layer * 6 + facing) * H + hex`` (H = rows * cols, hexes row-major). The moves out of
every state (turns, F, B, quad shifts, P, U:n; infantry: a free turn and a step in any
direction) are precomputed once per (board, kind, variant, running) from the SAME entry
arrays the step checker reads (costs.py), as two (moves, states) arrays: destination and
MP cost. The search is Dijkstra by MP buckets: all states whose cost is k are expanded
at once with numpy gathers and a scatter-minimum, so MP budgets (small integers) take a
handful of vectorised rounds and no per-hex Python objects. Paths are read back from the
predecessor array as step tokens that check_move accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..board import Board
from ..hexgrid import Hex
from ..units import Unit
from . import costs as C
from .jumps import jump_landings
from .movement import advance, begin_move, finish_move
from .options import TW, Rules

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


_TRANS: dict[tuple[int, str, str, bool, bool], tuple[Board, Transitions]] = {}


def transitions(
    board: Board, kind: str, rules: Rules, running: bool, posture: bool = True
) -> Transitions:
    """Cached moves for (board, kind, variant, running). ``posture=False`` leaves out P
    and U:n: for a unit that starts standing they never lead to a new (hex, facing) or a
    cheaper one (going prone costs 1 and keeps the facing; standing again costs 2 more,
    while any facing change costs at most 3), so the search skips the prone layer."""
    key = (id(board), kind, rules.variant, running, posture)
    hit = _TRANS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    mc = C.motive_costs(kind)
    tr = _build_transitions(C.entry_table(board, kind, rules), mc, running, posture)
    if len(_TRANS) >= 16:  # a few MB each on big boards: keep the newest only
        _TRANS.pop(next(iter(_TRANS)))
    _TRANS[key] = (board, tr)
    return tr


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
    return Transitions(
        hexes=n,
        codes=np.array([r[0] for r in rows], np.int16),
        dest=np.ascontiguousarray(np.stack([r[1].ravel() for r in rows], axis=1)),
        cost=np.ascontiguousarray(np.where(cost < 0, NO_MOVE, cost)),
        paved=paved,
    )


_SCRATCH: dict[int, tuple[Transitions, np.ndarray, np.ndarray]] = {}


def _scratch(tr: Transitions) -> tuple[np.ndarray, np.ndarray]:
    """Per-transitions work arrays, reused between queries (reset after each search) so a
    query costs what it reaches, not the size of the board. Not thread-safe."""
    hit = _SCRATCH.get(id(tr))
    if hit is None or hit[0] is not tr:
        size = tr.dest.shape[0]
        hit = (tr, np.full(size, INF, np.int16), np.full(size, -1, np.int64))
        if len(_SCRATCH) >= 16:
            _SCRATCH.pop(next(iter(_SCRATCH)))
        _SCRATCH[id(tr)] = hit
    return hit[1], hit[2]


LINK = 32  # link = predecessor * LINK + move code


@dataclass(frozen=True, slots=True, eq=False)
class Found:
    """Sparse search result: reached states (sorted) with cost, predecessor and move."""

    states: np.ndarray  # int64
    cost: np.ndarray  # int16
    link: np.ndarray  # int64: predecessor state * LINK + move code, -1 at a start

    def at(self, s: int) -> int:
        """Position of state s in the arrays."""
        return int(np.searchsorted(self.states, s))


def _search(
    tr: Transitions, starts: np.ndarray, budget: int, blocked: np.ndarray | None, paved_only: bool
) -> Found:
    """Bucketed Dijkstra: expand every state of cost k at once. Every move costs >= 1 MP
    except infantry turns, which the infantry moves fold into the step, so bucket k is
    final when it is expanded. ``blocked``: hexes that may not be entered (enemies)."""
    m = tr.dest.shape[1]
    dist, link = _scratch(tr)
    dist[starts] = 0
    touched = starts
    seen = [starts]
    try:
        for k in range(budget + 1):
            dt = dist[touched]
            fr = touched[dt == k]
            touched = touched[dt > k]  # settled states leave the open list
            if fr.size == 0:
                continue
            cost = tr.cost[fr]  # (n, M): rows are contiguous
            idx = np.flatnonzero(cost <= budget - k)
            dest = tr.dest[fr].ravel()[idx]
            new = cost.ravel()[idx] + np.int16(k)
            keep = new < dist[dest]
            if paved_only:  # MOV-25
                keep &= tr.paved[dest]
            if blocked is not None:
                keep &= ~blocked[dest % tr.hexes]
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
        states = np.concatenate(seen)
        states.sort()
        states = states[np.concatenate(([True], states[1:] != states[:-1]))]
        return Found(states, dist[states], link[states])
    finally:
        every = np.concatenate(seen)
        dist[every] = INF
        link[every] = -1


@dataclass(frozen=True, slots=True, eq=False)
class Reach:
    """Reachable states of one unit in one mode (scenario.md `rules reach`).

    States are kept sparse (only what was reached); ``cost`` and ``pred`` give the dense
    arrays over all (layer, facing, hex) states on request.
    """

    unit_id: str
    mode: str
    mp_available: int
    rows: int
    cols: int
    kind: str
    ends_blocked: np.ndarray  # (H,) hexes the unit may pass but not end in
    found: Found  # end states within the MP (MOV-25 paved states included)
    main: Found | None = None  # search whose predecessors read back ordinary paths
    alt: Found | None = None  # MOV-25 paved-only search (states beyond mp_available)
    minimum: dict[Hex, int] = field(default_factory=dict)  # MOV-20 entries
    jump: bool = False
    start: tuple[Hex, int] | None = None

    @property
    def cost(self) -> np.ndarray:
        """(S,) least MP per state, INF where out of reach."""
        out = np.full(24 * self.rows * self.cols, INF, np.int16)
        out[self.found.states] = self.found.cost
        return out

    @property
    def pred(self) -> np.ndarray:
        """(S,) predecessor state, -1 at the start and out of reach."""
        out = np.full(24 * self.rows * self.cols, -1, np.int32)
        if self.main is not None:
            out[self.main.states] = np.where(self.main.link < 0, -1, self.main.link // LINK)
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
        ok = ~self.ends_blocked[hexes]
        return states[ok], hexes[ok], (states[ok] // n) % 6

    def hexes(self) -> dict[Hex, tuple[int, tuple[int, ...]]]:
        """Least MP to end in each hex and the facings it can end in within the MP."""
        n = self.rows * self.cols
        states, hexes, facing = self._ends()
        cost = self.found.cost[np.searchsorted(self.found.states, states)]
        best = np.full(n, INF, np.int16)
        np.minimum.at(best, hexes, cost)
        faces = np.zeros((n, 6), bool)
        faces[hexes, facing] = True
        out: dict[Hex, tuple[int, tuple[int, ...]]] = {}
        every = tuple(range(6))
        for h in np.unique(hexes).tolist():
            r, c = divmod(h, self.cols)
            fs = every if self.kind == "infantry" else tuple(np.flatnonzero(faces[h]).tolist())
            out[Hex(c, r)] = (int(best[h]), fs)
        return out

    def minimum_hexes(self) -> dict[Hex, int]:
        return dict(self.minimum)

    def _best_state(self, h: Hex, facing: int) -> int | None:
        n = self.rows * self.cols
        idx = h.row * self.cols + h.col
        if idx < 0 or idx >= n or not (0 <= h.col < self.cols) or self.ends_blocked[idx]:
            return None
        faces = range(6) if self.kind == "infantry" else (facing,)
        want = np.array([(lay * 6 + f) * n + idx for lay in range(4) for f in faces])
        pos = np.searchsorted(self.found.states, want)
        pos = np.minimum(pos, len(self.found.states) - 1)
        hit = self.found.states[pos] == want if len(self.found.states) else pos < 0
        if not hit.any():
            return None
        return int(want[hit][np.argmin(self.found.cost[pos[hit]])])

    def cost_to(self, h: Hex, facing: int) -> int | None:
        """Least MP to end in ``h`` facing ``facing`` (None if out of reach)."""
        if h in self.minimum and self.start is not None and facing == self.start[1]:
            return self.minimum[h]
        s = self._best_state(h, facing)
        return None if s is None else int(self.found.cost[self.found.at(s)])

    def path_to(self, h: Hex, facing: int) -> list[str] | None:
        """Step tokens of the cheapest path to end in ``h`` facing ``facing``."""
        if self.start is not None and h in self.minimum and facing == self.start[1]:
            return ["F"]
        s = self._best_state(h, facing)
        if s is None:
            return None
        if self.jump:
            if self.start is not None and h == self.start[0]:
                return []
            return [f"J:{h.name(self.cols, self.rows)}", f"FACE:{facing}"]
        tree = self.main
        if self.alt is not None and self.found.cost[self.found.at(s)] > self.mp_available:
            tree = self.alt
        assert tree is not None
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
            if code >= ENTER0:  # infantry: free turns, then a step (MOV-16, MOV-29)
                tokens += _turns(have, code - ENTER0)
                have = code - ENTER0
                tokens.append("F")
            elif code >= STAND0:
                tokens.append(f"U:{code - STAND0}")
            else:
                tokens.append(TOKENS[code])
        if self.kind == "infantry":
            tokens += _turns(have, facing)
        return tokens

    def to_json(self, board: Board) -> dict[str, Any]:
        """Exactly the `rules reach` answer of ../shared/spec/scenario.md."""
        out: dict[str, Any] = {}
        for h, (mp, faces) in sorted(self.hexes().items()):
            out[board.hex_name(h)] = {"mp": mp, "facings": list(faces)}
        for h, mp in sorted(self.minimum.items()):
            if board.hex_name(h) not in out:
                faces = [self.start[1]] if self.start else []
                out[board.hex_name(h)] = {"mp": mp, "facings": faces, "minimum": True}
        return {"unit": self.unit_id, "mode": self.mode, "mp_available": self.mp_available,
                "reach": out}  # fmt: skip


def _turns(have: int, want: int) -> list[str]:
    turn = (want - have) % 6
    return ["R"] * turn if turn <= 3 else ["L"] * (6 - turn)


def _blocked(board: Board, units: Sequence[Unit], mover: Unit) -> tuple[np.ndarray, np.ndarray]:
    """Hexes the mover may not enter (enemies) and may not end in (anyone), MOV-30."""
    n = board.width * board.height
    enemy = np.zeros(n, bool)
    anyone = np.zeros(n, bool)
    for u in units:
        if u.id == mover.id or u.destroyed or not board.contains(u.at):
            continue
        idx = u.at.row * board.width + u.at.col
        anyone[idx] = True
        if u.side != mover.side:
            enemy[idx] = True
    return enemy, anyone


def reach(board: Board, units: Sequence[Unit], unit_id: str, mode: str, rules: Rules = TW) -> Reach:
    """Every state the unit can end its movement in with ``mode``."""
    return reach_batch(board, units, [(unit_id, mode)], rules)[0]


def reach_batch(
    board: Board, units: Sequence[Unit], requests: Sequence[tuple[str, str]], rules: Rules = TW
) -> list[Reach]:
    """Many (unit id, mode) queries sharing the board-derived arrays (entry costs,
    transitions, work arrays are built once per board, kind and mode)."""
    return [_reach_one(board, units, uid, mode, rules) for uid, mode in requests]


_NONE = Found(np.zeros(0, np.int64), np.zeros(0, np.int16), np.zeros(0, np.int64))


def _reach_one(board: Board, units: Sequence[Unit], unit_id: str, mode: str, rules: Rules) -> Reach:
    ctx, st = begin_move(board, units, unit_id, mode, rules)
    u = ctx.unit
    rows, cols = board.shape
    n = rows * cols
    enemy, anyone = _blocked(board, units, u)
    h0 = u.at.row * cols + u.at.col
    layer0 = 2 * int(st.deck) + int(st.prone)
    start_state = (layer0 * 6 + u.facing) * n + h0
    base = dict(unit_id=unit_id, mode=mode, mp_available=ctx.mp_available, rows=rows, cols=cols,
                kind=u.kind, ends_blocked=anyone, start=(u.at, u.facing))  # fmt: skip
    if ctx.error:
        return Reach(found=_NONE, **base)
    if mode == "stand":
        one = Found(np.array([start_state], np.int64), np.zeros(1, np.int16), np.full(1, -1))
        return Reach(found=one, main=one, **base)
    if mode == "jump":
        return _jump_reach(board, ctx, st, anyone, base)
    tr = transitions(board, u.kind, rules, mode == "run", posture=st.prone)
    if u.kind == "infantry":
        starts = (layer0 * 6 + np.arange(6, dtype=np.int64)) * n + h0
    else:
        starts = np.array([start_state], np.int64)
    blocked = enemy if enemy.any() else None
    main = _search(tr, starts, ctx.mp_available, blocked, False)
    found, alt = main, None
    if ctx.paved_bonus:  # MOV-25: one more MP while every hex entered is paved
        alt = _search(tr, starts, ctx.mp_available + 1, blocked, True)
        extra = ~np.isin(alt.states, main.states)
        merged = np.concatenate([main.states, alt.states[extra]])
        order = np.argsort(merged)
        cost = np.concatenate([main.cost, alt.cost[extra]])[order]
        found = Found(merged[order], cost, np.full(len(cost), -1, np.int64))
    result = Reach(found=found, main=main, alt=alt, **base)
    result.minimum.update(_minimum(ctx, st, result))
    return result


def _minimum(ctx: Any, st: Any, result: Reach) -> dict[Hex, int]:
    """MOV-20: the hex ahead as the only expenditure, if nothing else reaches it."""
    rep = advance(ctx, st, "F", 0)
    if not rep.ok or not rep.state_after.minimum:
        return {}
    error, _ = finish_move(ctx, rep.state_after, 0)
    h = rep.state_after.at
    idx = h.row * result.cols + h.col
    _, hexes, _ = result._ends()
    if error is not None or bool((hexes == idx).any()):
        return {}
    return {h: rep.cost}


def _jump_reach(board: Board, ctx: Any, st: Any, anyone: np.ndarray, base: dict) -> Reach:
    """MOV-05/06: every hex within jump MP with a clear path, any facing on landing."""
    rows, cols = board.shape
    n = rows * cols
    hexes, jc = jump_landings(board, st.at, ctx.mp_available, ctx.rules)
    ok = ~anyone[hexes]
    if ctx.unit.kind == "infantry":
        ok &= board.water.ravel()[hexes] < 1  # MOV-29
    hexes, jc = hexes[ok], jc[ok]
    layer = 2 * (board.bridge_class.ravel()[hexes] > 0)
    states = ((layer[None, :] * 6 + np.arange(6)[:, None]) * n + hexes[None, :]).ravel()
    cost = np.broadcast_to(jc, (6, len(jc))).ravel()
    h0 = st.at.row * cols + st.at.col
    states = np.concatenate([states, [(2 * int(st.deck) * 6 + st.facing) * n + h0]])
    cost = np.concatenate([cost, [0]]).astype(np.int16)
    order = np.argsort(states)
    found = Found(states[order].astype(np.int64), cost[order], np.full(len(cost), -1, np.int64))
    return Reach(found=found, jump=True, **base)
