"""The move arrays of a WiGE's search (ADV-17..23; the step rules: game.rules.move.flight).

Layers: 0 landed, 1 landed with its one ground MP spent (ADV-19), then one layer per
(altitude, road-bound) of the flight (:func:`air_layer`). Built from the same facts as
the step checker: the hovercraft entry table for the landed moves, the tops of the hexes
(costs.top_surface), woods and roads for the flight.
"""

from __future__ import annotations

import numpy as np

from game.board import Board, neighbour_index
from game.core.options import Rules
from game.rules.move import costs as C
from game.rules.move.search import FWD, HOLD, TAKEOFF, TURN_L, TURN_R, Spec, Transitions, pack_rows

TAKE_OFF_MP = 5  # ADV-17
HOLD_MP = 2  # ADV-23: per hex crossed holding the altitude


def relief(board: Board) -> int:
    """Highest top minus lowest: how far above the ground a WiGE can be while holding."""
    top = C.wige_top(board)
    return int(top.max() - top.min()) if top.size else 0


def wige_layers(altitudes: int) -> int:
    """Layer 0 landed, 1 landed with its ground MP spent, then (altitude, road-bound)."""
    return 2 + 2 * altitudes


def air_layer(altitude: int, road_bound: bool) -> int:
    return 2 + 2 * (altitude - 1) + int(road_bound)


def wige_transitions(board: Board, spec: Spec, rules: Rules) -> Transitions:
    """The moves of a WiGE over ``board`` (layers: :func:`wige_layers`); the landed moves
    read the hovercraft entry table (ADV-19), the flight ones the tops of the hexes."""
    rows_, cols = board.shape
    n = rows_ * cols
    alts = spec.altitudes
    layers = wige_layers(alts)
    t = C.entry_table(board, "wige", rules)
    f = np.arange(6)[:, None]
    hexes = np.arange(n)[None, :]

    def blank() -> tuple[np.ndarray, np.ndarray]:
        return np.full((layers, 6, n), -1, np.int32), np.full((layers, 6, n), -1, np.int16)

    def st(layer: int, facing: np.ndarray, h: np.ndarray) -> np.ndarray:
        return (layer * 6 + facing) * n + h

    out: list[tuple[int, np.ndarray, np.ndarray]] = []
    for code, turn in ((TURN_L, -1), (TURN_R, 1)):
        dest, cost = blank()
        dest[0], cost[0] = st(1, (f + turn) % 6, hexes), 1  # landed: its 1 MP (ADV-19)
        for lay in range(2, layers):
            dest[lay], cost[lay] = st(lay, (f + turn) % 6, hexes), 1
        out.append((code, dest, cost))
    dest, cost = blank()
    dest[0], cost[0] = st(air_layer(1, False), f, hexes), TAKE_OFF_MP  # ADV-17
    out.append((TAKEOFF, dest, cost))
    fwd_d, fwd_c = blank()
    cost = t.cost[0, f, hexes] - (t.ignorable[0, f, hexes] if spec.careless else 0)  # ADV-05
    ground = (t.cost[0, f, hexes] >= 0) & (cost == 1) & ~t.dest_deck[0, f, hexes]
    fwd_d[0] = np.where(ground, st(1, f, t.dest[0, f, hexes]), -1)
    fwd_c[0] = np.where(ground, 1, -1)
    hold_d, hold_c = blank()
    _flight_moves(board, alts, (fwd_d, fwd_c), (hold_d, hold_c))
    out += [(FWD, fwd_d, fwd_c), (HOLD, hold_d, hold_c)]
    return pack_rows(out, np.zeros(layers * 6 * n, bool), n, layers, 1)


def _flight_moves(board: Board, alts: int, fwd: tuple, hold: tuple) -> None:
    """Fill the F and FH rows of the airborne layers (ADV-20..23)."""
    rows_, cols = board.shape
    n = rows_ * cols
    nr, nc, onb = neighbour_index(rows_, cols)
    dest = (nr * cols + nc).reshape(6, n)
    onb = onb.reshape(6, n)
    top = C.wige_top(board)  # MOV-28: under a high enough bridge, the ground
    woods = board.woods.ravel() > 0
    road = board.road.ravel()
    exits = board.road_exits.ravel().astype(np.int64)
    d = np.arange(6)[:, None]
    along = road[None, :] & road[dest] & ((exits[None, :] >> d) & 1).astype(bool)
    along &= ((exits[dest] >> ((d + 3) % 6)) & 1).astype(bool)
    top_t = top[dest]
    wood_t = woods[dest]
    for a in range(1, alts + 1):
        flight = top[None, :] + a
        for r in (0, 1):
            ok = onb & (top_t <= flight) & (~wood_t | along)
            if r:
                ok &= along
            r2 = (wood_t | bool(r)).astype(np.int64)
            lay = air_layer(a, bool(r))
            to = (2 + r2) * 6 + d  # air_layer(1, r2) = 2 + r2
            fwd[0][lay] = np.where(ok, to * n + dest, -1)
            fwd[1][lay] = np.where(ok, 1, -1)
            keep = flight - top_t  # FH: the altitude over the lower hex
            can = ok & (top_t + 1 < flight) & (keep <= alts)
            to_h = (2 + 2 * (keep - 1) + r2) * 6 + d
            hold[0][lay] = np.where(can, to_h * n + dest, -1)
            hold[1][lay] = np.where(can, 1 + HOLD_MP, -1)
