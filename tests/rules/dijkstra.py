"""Plain heapq Dijkstra over move states, driven only by movement.advance().

The oracle for reach.py (property tests) and the baseline of benchmarks/reach.py: it
knows nothing of the numpy arrays, it simply tries every token from every state and
lets the step checker say what is legal and what it costs. States are keyed by what
decides the future of a move (hex, facing, posture, deck, and for MOV-25 whether every
hex entered so far was paved); minimum movement (MOV-20) is left to the reach's own list.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from game.board import Board
from game.core.options import TW, Rules
from game.hexgrid import Hex
from game.rules.move.movement import MoveState, advance, begin_move, finish_move
from game.units.unit import Unit

TOKENS = (
    ("L", "R", "F", "B", "FL", "FR", "BL", "BR", "P")
    + tuple(f"U:{n}" for n in range(6))
    + ("H", "H-")  # TacOps hull-down (ADV-11..15)
    + tuple(f"H:{n}" for n in range(6))
    + ("TO", "LAND", "FH")  # WiGE (ADV-17/18/23)
    + ("DV", "RS")  # submarine (ADV-25)
)

Key = tuple


def _key(s: MoveState) -> Key:
    """Everything that decides what the move can still do (MoveState less its record).

    ``stopped`` (MOV-35) is in it: the same hex, facing and altitude can be reached both
    stopped and free (a WiGE entering an enemy Mech's hex at altitude 1 must stop, holding
    altitude 2 over lower ground it passes over it), and the free one may go on. Left out:
    ``took_off`` (it only decides whether a WiGE lands at the end, flight.wige_end, never
    which steps are legal) and the counts that decide only rolls and modifiers."""
    return (
        s.at,
        s.facing,
        s.prone,
        s.deck,
        s.all_paved,
        s.climbed,
        s.hull_down,
        s.airborne,
        s.altitude,
        s.road_bound,
        s.landed,
        s.depth,
        s.steps == 0,
        s.stopped is not None,
    )


def baseline_states(
    board: Board,
    units: Sequence[Unit],
    unit_id: str,
    mode: str,
    rules: Rules = TW,
    careless: bool = False,
) -> dict[Key, tuple[int, MoveState]]:
    """Least MP of every reachable state key, with one state that reaches it."""
    ctx, start = begin_move(board, units, unit_id, mode, rules, careless=careless)
    best: dict[Key, tuple[int, MoveState]] = {_key(start): (0, start)}
    if ctx.error or mode in ("stand", "jump"):
        return best
    # A VTOL's reach keeps the altitude it starts at (game.rules.move.vtolflight): a climb
    # or descent is a part of its own (the movement screen searches again from the new
    # altitude), so the oracle leaves RS / DV out for it as well
    tokens = (
        tuple(t for t in TOKENS if t not in ("RS", "DV")) if ctx.unit.kind == "vtol" else TOKENS
    )
    heap: list[tuple[int, int, MoveState]] = [(0, 0, start)]
    tie = 1
    while heap:
        cost, _, state = heapq.heappop(heap)
        if best[_key(state)][0] < cost:
            continue
        for token in tokens:
            rep = advance(ctx, state, token, state.steps)
            if not rep.ok or rep.state_after.minimum:
                continue
            nxt = rep.state_after
            k = _key(nxt)
            if k not in best or nxt.mp_used < best[k][0]:
                best[k] = (nxt.mp_used, nxt)
                heapq.heappush(heap, (nxt.mp_used, tie, nxt))
                tie += 1
    return best


def baseline_hexes(
    board: Board,
    units: Sequence[Unit],
    unit_id: str,
    mode: str,
    rules: Rules = TW,
    careless: bool = False,
) -> dict[Hex, tuple[int, tuple[int, ...]]]:
    """Same shape as Reach.hexes(): least MP per end hex and the facings it can end in."""
    ctx, _ = begin_move(board, units, unit_id, mode, rules, careless=careless)
    if ctx.error:
        return {}
    out: dict[Hex, tuple[int, set[int]]] = {}
    for key, (cost, state) in baseline_states(board, units, unit_id, mode, rules, careless).items():
        h, facing = key[0], key[1]
        error, _ = finish_move(ctx, state)
        if error is not None:
            continue
        mp, faces = out.get(h, (cost, set()))
        faces.add(facing)
        out[h] = (min(mp, cost), faces)
    if ctx.unit.kind == "infantry":  # no facing (MOV-16): every facing is free
        return {h: (mp, tuple(range(6))) for h, (mp, _) in out.items()}
    return {h: (mp, tuple(sorted(f))) for h, (mp, f) in out.items()}


def baseline_jump(
    board: Board, units: Sequence[Unit], unit_id: str, rules: Rules = TW
) -> dict[Hex, int]:
    """Jump landing hexes and their MP, ring by ring in plain Python (MOV-05, TW only):
    a hex at distance k is reachable if it clears the height limit and touches a
    reachable hex at distance k - 1."""
    from game.hexgrid import distance, neighbours

    ctx, st = begin_move(board, units, unit_id, "jump", rules)
    if ctx.error:
        return {}
    limit = ctx.mp_available + int(board.level[st.at.row, st.at.col])
    taken = {u.at for u in units if u.id != unit_id}
    ring = {st.at}
    out: dict[Hex, int] = {}
    for k in range(1, ctx.mp_available + 1):
        nxt = set()
        for h in ring:
            for n in neighbours(h):
                if n in nxt or not board.contains(n) or distance(st.at, n) != k:
                    continue
                top = int(board.level[n.row, n.col]) + int(board.building_height[n.row, n.col])
                if top <= limit:
                    nxt.add(n)
        ring = nxt
        out.update({h: k for h in ring if h not in taken})
    return out
