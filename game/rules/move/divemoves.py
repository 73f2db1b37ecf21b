"""The move arrays of a submarine's search (ADV-24/25, MOV-13, MOV-18; the step rules:
game.rules.move.diving).

One layer per depth: layer k holds the submarine k levels below the surface. The hex
entries are the naval vessel's (the "submarine" entry table of costs.py: 1 MP a hex
through depth 1+ water, the same table the step checker reads), kept in layer k only
where the water entered is at least k deep; ``DV`` / ``RS`` move one layer down / up
in the same hex for 1 MP (down only where the water is deep enough).
"""

from __future__ import annotations

import numpy as np

from game.board import Board
from game.core.options import Rules
from game.rules.move import costs as C
from game.rules.move.search import (
    BACK,
    DIVE,
    FWD,
    RISE,
    TURN_L,
    TURN_R,
    Spec,
    Transitions,
    pack_rows,
)

DEPTH_MP = 1  # ADV-25 / MOV-13: a submarine pays 1 MP per level of depth changed


def submarine_transitions(board: Board, spec: Spec, rules: Rules) -> Transitions:
    """The moves of a submarine over ``board`` with ``spec.depths`` depth layers."""
    rows_, cols = board.shape
    n = rows_ * cols
    layers = spec.depths
    t = C.entry_table(board, "submarine", rules)
    mc = C.motive_costs("submarine")
    water = np.maximum(board.water.ravel().astype(np.int64), 0)
    f = np.arange(6)[:, None]
    hexes = np.arange(n)[None, :]
    depth = np.arange(layers)[:, None, None]  # (layers, 1, 1)

    def st(layer: np.ndarray, facing: np.ndarray, h: np.ndarray) -> np.ndarray:
        return (layer * 6 + facing) * n + h

    out: list[tuple[int, np.ndarray, np.ndarray]] = []
    for code, turn in ((TURN_L, -1), (TURN_R, 1)):  # MOV-17
        dest = np.broadcast_to(st(depth, (f + turn) % 6, hexes), (layers, 6, n))
        out.append((code, dest.astype(np.int32), np.full((layers, 6, n), mc.facing_mp, np.int16)))
    cost_of = t.cost - t.ignorable if spec.careless else t.cost  # ADV-05 (nothing to ignore)
    for code, rel, backward in ((FWD, 0, False), (BACK, 3, True)):
        if backward and spec.running:
            continue  # MOV-18: no backward move at flank speed
        d = (f + rel) % 6
        c = np.where(t.cost[0, d, hexes] < 0, -1, cost_of[0, d, hexes])[None]  # (1, 6, n)
        to = t.dest[0, d, hexes][None]
        ok = (c >= 0) & (water[to] >= depth)  # ADV-25: not into water shallower than it is
        out.append((code, np.where(ok, st(depth, f, to), -1).astype(np.int32),
                    np.where(ok, c, -1).astype(np.int16)))  # fmt: skip
    for code, step in ((DIVE, 1), (RISE, -1)):  # ADV-25 / MOV-13: 1 MP a level
        new = depth + step
        ok = (new >= 0) & (new < layers) & (water[None, None, :] >= new)
        ok = np.broadcast_to(ok, (layers, 6, n))
        dest = np.where(ok, st(new, f, hexes), -1).astype(np.int32)
        out.append((code, dest, np.where(ok, DEPTH_MP, -1).astype(np.int16)))
    return pack_rows(out, np.zeros(layers * 6 * n, bool), n, layers, 1)
