"""Reach and move queries on a 999x999 board against the same query on the default map.

Run: ``.venv/bin/python benchmarks/big_reach.py`` (about 30 s). The 999x999 board holds
the default map's terrain in its middle (an even column offset, so every hex keeps its
neighbours) with clear ground around it, and the same unit stands on the same hex of
that terrain, so both queries have exactly the same answer; only the board around it
differs. Printed: the median of one query (warm: the board's arrays built), the first
query on a fresh board (cold), the ratio 999x999 / default, and the peak memory of a
query on the big board (tracemalloc, numpy included). Goal (issue 9): a query costs
what the unit's MP covers, so the ratio stays within 2x and the big board's query
under 100 MB. Beside it, as the baseline, the same query on the big board searched
whole (window.FULL_BOARD_HEXES raised), which is what the engine did before windows.
"""

from __future__ import annotations

import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.board import ARRAY_FIELDS, Board, board_from_arrays, build_board  # noqa: E402
from game.hexgrid import Hex  # noqa: E402
from game.maps import DEFAULT_MAP, load_map  # noqa: E402
from game.rules import window  # noqa: E402
from game.rules.move.movement import check_move  # noqa: E402
from game.rules.move.reach import reach  # noqa: E402
from game.units.unit import Unit  # noqa: E402

OFFSET = Hex(484, 483)  # where the default map's 0101 lies on the big board (even column)
STEPS = ("F", "F", "R", "F", "F")


def embedded(small: Board, size: int = 999) -> Board:
    """A size x size board of clear ground with ``small`` at OFFSET."""
    big = build_board(size, size)
    arrays = {f: np.array(getattr(big, f)) for f in ARRAY_FIELDS}
    r, c = OFFSET.row, OFFSET.col
    for f in ARRAY_FIELDS:
        arrays[f][r : r + small.height, c : c + small.width] = getattr(small, f)
    return board_from_arrays(arrays, name="big")


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def first_ms(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def peak_mb(fn: Callable[[], object]) -> float:
    tracemalloc.start()
    tracemalloc.reset_peak()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def main() -> None:
    small = load_map(DEFAULT_MAP)
    big = embedded(small)
    at = Hex(15, 17)
    units_small = [Unit("hero", "A", "biped", 50, 5, at, 0, jump=5),
                   Unit("foe", "B", "biped", 50, 5, Hex(17, 17), 3)]  # fmt: skip
    units_big = [replace(u, at=Hex(u.at.col + OFFSET.col, u.at.row + OFFSET.row))
                 for u in units_small]  # fmt: skip
    same = reach(small, units_small, "hero", "run").hexes()
    moved = {Hex(h.col + OFFSET.col, h.row + OFFSET.row): v for h, v in same.items()}
    assert reach(big, units_big, "hero", "run").hexes() == moved, "the answers differ"
    print(f"unit: biped walk 5 / run 8 / jump 5 at default-map hex {small.hex_name(at)}")
    print(f"{'query':<12}{'default ms':>11}{'999 ms':>9}{'ratio':>7}{'999 cold ms':>13}"
          f"{'999 peak MB':>13}{'999 whole-board ms':>20}")  # fmt: skip
    queries: list[tuple[str, Callable[[Board, list[Unit]], object]]] = [
        (m, lambda b, u, m=m: reach(b, u, "hero", m)) for m in ("walk", "run", "jump")
    ]
    queries.append(("move", lambda b, u: check_move(b, u, "hero", "walk", STEPS)))
    for name, q in queries:
        fast_small = median_ms(lambda q=q: q(small, units_small), 300)
        fresh = embedded(small)
        cold = first_ms(lambda q=q, fresh=fresh: q(fresh, units_big))
        fast_big = median_ms(lambda q=q: q(big, units_big), 300)
        other = embedded(small)
        peak = peak_mb(lambda q=q, other=other: q(other, units_big))
        saved = window.FULL_BOARD_HEXES
        window.FULL_BOARD_HEXES = 10**9
        try:
            whole = first_ms(lambda q=q: q(embedded(small), units_big))
        finally:
            window.FULL_BOARD_HEXES = saved
        print(f"{name:<12}{fast_small:>11.3f}{fast_big:>9.3f}{fast_big / fast_small:>6.2f}x"
              f"{cold:>13.2f}{peak:>13.1f}{whole:>20.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
