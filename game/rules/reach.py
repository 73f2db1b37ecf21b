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
from .jumps import jump_costs
from .movement import advance, begin_move, finish_move
from .options import TW, Rules

INF = np.int16(30000)
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
    cost: np.ndarray  # (S, M) int16
    paved: np.ndarray  # (S,) the state's position is paved (MOV-25)


_TRANS: dict[tuple[int, str, str, bool], tuple[Board, Transitions]] = {}


def transitions(board: Board, kind: str, rules: Rules, running: bool) -> Transitions:
    key = (id(board), kind, rules.variant, running)
    hit = _TRANS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    tr = _build_transitions(C.entry_table(board, kind, rules), C.motive_costs(kind), running)
    if len(_TRANS) > 64:
        _TRANS.clear()
    _TRANS[key] = (board, tr)
    return tr


def _build_transitions(t: C.EntryTable, mc: C.MotiveCosts, running: bool) -> Transitions:
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
        if mc.falls:  # Mechs: MOV-22 prone, MOV-23 stand up facing n (K25)
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
    return Transitions(
        hexes=n,
        codes=np.array([r[0] for r in rows], np.int16),
        dest=np.ascontiguousarray(np.stack([r[1].ravel() for r in rows], axis=1)),
        cost=np.ascontiguousarray(np.stack([r[2].ravel() for r in rows], axis=1)),
        paved=paved,
    )


def _search(
    tr: Transitions, starts: np.ndarray, budget: int, blocked: np.ndarray, paved_only: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Bucketed Dijkstra: expand every state of cost k at once. Every move costs >= 1 MP
    except infantry turns, which the infantry moves fold into the step, so bucket k is
    final when it is expanded."""
    size, m = tr.dest.shape
    dist = np.full(size, INF, np.int16)
    pred = np.full(size, -1, np.int32)
    how = np.full(size, -1, np.int16)
    dist[starts] = 0
    touched = starts
    for k in range(budget + 1):
        dt = dist[touched]
        fr = touched[dt == k]
        touched = touched[dt > k]  # settled states leave the open list
        if fr.size == 0:
            continue
        cost = tr.cost[fr]  # (n, M) rows are contiguous
        ok = (cost >= 0) & (cost <= budget - k)
        idx = np.flatnonzero(ok)
        dest = tr.dest[fr].ravel()[idx]
        if paved_only:
            keep = tr.paved[dest]
            idx, dest = idx[keep], dest[keep]
        new = cost.ravel()[idx] + np.int16(k)
        keep = (new < dist[dest]) & ~blocked[dest % tr.hexes]
        idx, dest, new = idx[keep], dest[keep], new[keep]
        if dest.size == 0:
            continue
        np.minimum.at(dist, dest, new)
        sel = dist[dest] == new
        idx, dest = idx[sel], dest[sel]
        pred[dest] = fr[idx // m]
        how[dest] = tr.codes[idx % m]
        touched = np.concatenate([touched, dest])
    return dist, pred, how


@dataclass(frozen=True, slots=True, eq=False)
class Reach:
    """Reachable states of one unit in one mode (scenario.md `rules reach`)."""

    unit_id: str
    mode: str
    mp_available: int
    cost: np.ndarray  # (S,) least MP per state, INF if out of reach
    pred: np.ndarray  # (S,) predecessor state, -1 at the start
    how: np.ndarray  # (S,) move code into the state
    rows: int
    cols: int
    kind: str
    ends_blocked: np.ndarray  # (H,) hexes the unit may pass but not end in
    minimum: dict[Hex, int] = field(default_factory=dict)  # MOV-20 entries
    jump: bool = False
    start: tuple[Hex, int] | None = None
    budget: np.ndarray | None = None  # (S,) MP limit per state (MOV-25 paved bonus)
    alt: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None  # paved-only search

    def _end_ok(self) -> np.ndarray:
        limit = self.mp_available if self.budget is None else self.budget
        ok = self.cost <= limit
        return ok & ~np.tile(self.ends_blocked, 24)

    def hexes(self) -> dict[Hex, tuple[int, tuple[int, ...]]]:
        """Least MP to end in each hex and the facings it can end in within the MP."""
        n = self.rows * self.cols
        ok = self._end_ok().reshape(4, 6, n).any(axis=0)
        cost = np.where(self._end_ok(), self.cost, INF).reshape(4, 6, n).min(axis=0)
        out: dict[Hex, tuple[int, tuple[int, ...]]] = {}
        for h in np.flatnonzero(ok.any(axis=0)):
            r, c = divmod(int(h), self.cols)
            faces = tuple(range(6)) if self.kind == "infantry" else tuple(
                int(x) for x in np.flatnonzero(ok[:, h]))  # fmt: skip
            out[Hex(c, r)] = (int(cost[:, h].min()), faces)
        return out

    def minimum_hexes(self) -> dict[Hex, int]:
        return dict(self.minimum)

    def _best_state(self, h: Hex, facing: int) -> int | None:
        n = self.rows * self.cols
        idx = h.row * self.cols + h.col
        faces = range(6) if self.kind == "infantry" else (facing,)
        states = np.array([(lay * 6 + f) * n + idx for lay in range(4) for f in faces])
        ok = self._end_ok()[states]
        if not ok.any():
            return None
        states = states[ok]
        return int(states[np.argmin(self.cost[states])])

    def cost_to(self, h: Hex, facing: int) -> int | None:
        """Least MP to end in ``h`` facing ``facing`` (None if out of reach)."""
        if h in self.minimum and self.start is not None and facing == self.start[1]:
            return self.minimum[h]
        s = self._best_state(h, facing)
        return None if s is None else int(self.cost[s])

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
        cost, pred, how = self.cost, self.pred, self.how
        if self.alt is not None and self.cost[s] > self.mp_available:
            cost, pred, how = self.alt
        codes: list[tuple[int, int]] = []
        while pred[s] >= 0:
            codes.append((int(how[s]), int(pred[s])))
            s = int(pred[s])
        tokens: list[str] = []
        have = self.start[1] if self.start is not None else 0  # infantry: actual facing
        for code, _src in reversed(codes):
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
    """Many (unit id, mode) queries sharing the board-derived arrays."""
    return [_reach_one(board, units, uid, mode, rules) for uid, mode in requests]


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
    empty = np.full(24 * n, INF, np.int16)
    none = np.full(24 * n, -1, np.int32)
    if ctx.error:
        return Reach(cost=empty, pred=none, how=none.astype(np.int16), **base)
    if mode == "stand":
        cost = empty.copy()
        cost[start_state] = 0
        return Reach(cost=cost, pred=none, how=none.astype(np.int16), **base)
    if mode == "jump":
        return _jump_reach(board, ctx, st, anyone, base)
    tr = transitions(board, u.kind, rules, mode == "run")
    if u.kind == "infantry":
        starts = (layer0 * 6 + np.arange(6)) * n + h0
    else:
        starts = np.array([start_state])
    dist, pred, how = _search(tr, starts, ctx.mp_available, enemy, False)
    budget = None
    alt = None
    if ctx.paved_bonus:  # MOV-25: one more MP while every hex entered is paved
        d2, p2, w2 = _search(tr, starts, ctx.mp_available + 1, enemy, True)
        use_alt = (dist > ctx.mp_available) & (d2 <= ctx.mp_available + 1)
        dist = np.where(use_alt, d2, dist)
        budget = np.where(use_alt, ctx.mp_available + 1, ctx.mp_available)
        alt = (d2, p2, w2)
    result = Reach(cost=dist, pred=pred, how=how, budget=budget, alt=alt, **base)
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
    if error is not None or result._end_ok().reshape(24, -1)[:, idx].any():
        return {}
    return {h: rep.cost}


def _jump_reach(board: Board, ctx: Any, st: Any, anyone: np.ndarray, base: dict) -> Reach:
    """MOV-05/06: every hex within jump MP with a clear path, any facing on landing."""
    rows, cols = board.shape
    n = rows * cols
    jc = jump_costs(board, st.at, ctx.mp_available, ctx.rules).ravel().astype(np.int16)
    land = (jc > 0) & ~anyone
    if ctx.unit.kind == "infantry":
        land &= board.water.ravel() < 1  # MOV-29
    deck = board.bridge_class.ravel() > 0
    cost = np.full((4, 6, n), INF, np.int16)
    cost[0][:, land & ~deck] = jc[land & ~deck]
    cost[2][:, land & deck] = jc[land & deck]
    h0 = st.at.row * cols + st.at.col
    cost[2 * int(st.deck), st.facing, h0] = 0
    none = np.full(24 * n, -1, np.int32)
    return Reach(cost=cost.ravel(), pred=none, how=none.astype(np.int16), jump=True, **base)
