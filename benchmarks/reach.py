"""Reach query speed: the numpy bucketed search against the plain heapq baseline.

Run: ``.venv/bin/python benchmarks/reach.py`` (about 20 s). For the default map and a
64x64 random map it prints the median time of one reach query (walk, run, jump) for a
50-ton biped with walk 5 / jump 5, and of a batch of 24 units, each beside the baseline
of tests/rules/dijkstra.py (a heapq Dijkstra that calls movement.advance() with every
token; for jumps a ring-by-ring search in plain Python) measured in the same process.
Goals: one query <= 0.5 ms on the default map and no slower than the baseline; the batch
>= 3x faster than 24 baseline queries. Then the advanced modes with the tacops option on
(careless, crawl, prone, an airborne WiGE alone and among 23 units) and a submarine at
depth (ADV-25), same goal for walk and run.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "rules"))
sys.path.insert(0, str(ROOT))

from dijkstra import baseline_hexes, baseline_jump  # noqa: E402

from game.board import Board, HexSpec, build_board  # noqa: E402
from game.core.options import Rules  # noqa: E402
from game.hexgrid import Hex  # noqa: E402
from game.rules.move.reach import reach, reach_batch  # noqa: E402
from game.units.unit import Unit  # noqa: E402


def default_board() -> Board:
    try:
        from game.maps import DEFAULT_MAP, load_map

        return load_map(DEFAULT_MAP)
    except Exception as e:  # noqa: BLE001 - the map loader may not exist yet
        print(f"(default map not loadable: {e}; using a generated 32x34 board)")
        return random_board(32, 34, seed=1)


def river_board() -> Board:
    """maps/river.tmx: the river valley (depth 0..3 water), where the submarines sail."""
    from game.maps import load_map

    return load_map(ROOT / "maps" / "river.tmx")


def random_board(w: int, h: int, seed: int) -> Board:
    rng = np.random.default_rng(seed)
    specs: dict[Hex, HexSpec] = {}
    for r in range(h):
        for c in range(w):
            x = rng.random()
            level = int(rng.choice([0, 0, 0, 1, 1, 2, 3]))
            if x < 0.08:
                specs[Hex(c, r)] = HexSpec(level=level, water=int(rng.integers(0, 3)))
            elif x < 0.30:
                specs[Hex(c, r)] = HexSpec(level=level, woods=int(rng.integers(1, 3)))
            elif x < 0.38:
                specs[Hex(c, r)] = HexSpec(level=level, rough=True)
            elif x < 0.42:
                specs[Hex(c, r)] = HexSpec(level=level, rubble=True)
            else:
                specs[Hex(c, r)] = HexSpec(level=level)
    return build_board(w, h, specs)


def open_hexes(board: Board, count: int, seed: int) -> list[Hex]:
    ok = (board.water <= 0) & (board.building_class == 0) & (board.woods == 0)
    ok &= board.bridge_class == 0
    cells = [Hex(int(c), int(r)) for r, c in zip(*np.nonzero(ok), strict=True)]
    rng = np.random.default_rng(seed)
    return [cells[i] for i in rng.choice(len(cells), size=count, replace=False)]


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def bench(name: str, board: Board) -> None:
    spots = open_hexes(board, 24, seed=7)
    centre = min(
        spots, key=lambda h: abs(h.col - board.width // 2) + abs(h.row - board.height // 2)
    )
    hero = Unit("hero", "A", "biped", 50, 5, centre, 0, jump=5)
    print(f"\n{name}: {board.width}x{board.height}, unit at {board.hex_name(centre)}")
    print(f"{'query':<14}{'reach ms':>10}{'baseline ms':>13}{'speed-up':>10}")
    t = time.perf_counter()
    reach(board, [hero], "hero", "walk")
    print(f"{'(first query, builds the arrays)':<40}{(time.perf_counter() - t) * 1000:.2f} ms")
    for mode in ("walk", "run", "jump"):
        if mode == "jump":
            base = median_ms(lambda: baseline_jump(board, [hero], "hero"), 20)
        else:
            base = median_ms(lambda m=mode: baseline_hexes(board, [hero], "hero", m), 5)
        fast = median_ms(lambda m=mode: reach(board, [hero], "hero", m), 200)
        print(f"{mode:<14}{fast:>10.3f}{base:>13.2f}{base / fast:>9.0f}x")
    modes = ("walk", "run", "jump")
    squad = [
        Unit(f"u{i}", "AB"[i % 2], "biped", 50, 5, h, i % 6, jump=5) for i, h in enumerate(spots)
    ]
    reqs = [(u.id, modes[i % 3]) for i, u in enumerate(squad)]

    def baseline_all() -> None:
        for uid, mode in reqs:
            if mode == "jump":
                baseline_jump(board, squad, uid)
            else:
                baseline_hexes(board, squad, uid, mode)

    base = median_ms(baseline_all, 3)
    fast = median_ms(lambda: reach_batch(board, squad, reqs), 20)
    print(f"{'batch of 24':<14}{fast:>10.3f}{base:>13.2f}{base / fast:>9.0f}x")


def bench_advanced(name: str, board: Board) -> None:
    """The same hero with the tacops option on (docs/advanced-movement.md): walk and run
    (the standing Mech's search is the one without the option, plus the P + H:n ends),
    careless walk, crawling from prone, and an airborne WiGE."""
    spots = open_hexes(board, 24, seed=7)
    centre = min(
        spots, key=lambda h: abs(h.col - board.width // 2) + abs(h.row - board.height // 2)
    )
    rules = Rules(tacops=True)
    hero = Unit("hero", "A", "biped", 50, 5, centre, 0, jump=5)
    prone = replace(hero, prone=True)
    wige = Unit("hero", "A", "wige", 40, 8, centre, 0, wige_airborne=True, altitude=1)
    cases = [
        ("walk", hero, "walk", False),
        ("run", hero, "run", False),
        ("careless walk", hero, "walk", True),
        ("crawl", prone, "crawl", False),
        ("prone walk", prone, "walk", False),
        ("WiGE cruise", wige, "walk", False),
    ]
    # MOV-34/35 per height band: the WiGE among 23 tanks and Mechs (search.search_banded)
    crowd = [Unit(f"u{i}", "AB"[i % 2], ("biped", "tracked")[i % 2], 50, 5, h, 0)
             for i, h in enumerate(spots) if h != centre]  # fmt: skip
    print(f"\n{name} with the tacops option, unit at {board.hex_name(centre)}")
    print(f"{'query':<14}{'reach ms':>10}{'baseline ms':>13}{'speed-up':>10}")
    for label, unit, mode, careless, others in [(*c, []) for c in cases] + [
        ("WiGE in crowd", wige, "walk", False, crowd)
    ]:
        units = [unit, *others]
        reach(board, units, "hero", mode, rules, careless)  # builds the arrays
        base = median_ms(
            lambda u=units, m=mode, c=careless: baseline_hexes(board, u, "hero", m, rules, c), 3
        )
        fast = median_ms(lambda u=units, m=mode, c=careless: reach(board, u, "hero", m, rules, c),
                         200)  # fmt: skip
        print(f"{label:<14}{fast:>10.3f}{base:>13.2f}{base / fast:>9.0f}x")


def bench_submarine(name: str, board: Board) -> None:
    """A submarine (ADV-24/25) at depth 1 in the deepest water nearest the centre: walk and
    flank, with its depth layers (DV / RS) in the search."""
    rows, cols = np.nonzero(board.water >= 2)
    if len(rows) == 0:
        print(f"\n{name}: no water of depth 2 or more, no submarine line")
        return
    mid = np.abs(rows - board.height // 2) + np.abs(cols - board.width // 2)
    i = int(np.argmin(mid))
    at = Hex(int(cols[i]), int(rows[i]))
    boat = Unit("hero", "A", "submarine", 70, 4, at, 0, depth=1)
    print(f"\n{name}: a submarine at depth 1 in {board.hex_name(at)}")
    print(f"{'query':<14}{'reach ms':>10}{'baseline ms':>13}{'speed-up':>10}")
    for mode in ("walk", "run"):
        reach(board, [boat], "hero", mode)  # builds the arrays
        base = median_ms(lambda m=mode: baseline_hexes(board, [boat], "hero", m), 5)
        fast = median_ms(lambda m=mode: reach(board, [boat], "hero", m), 200)
        print(f"{'submarine ' + mode:<14}{fast:>10.3f}{base:>13.2f}{base / fast:>9.0f}x")


def main() -> None:
    bench("default map", default_board())
    bench("random map", random_board(64, 64, seed=3))
    bench_advanced("default map", default_board())
    bench_submarine("default map", default_board())
    bench_submarine("river map", river_board())


if __name__ == "__main__":
    main()
