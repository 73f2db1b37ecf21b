"""To-hit speed: every weapon of 12 units at 12 targets on the default map, LOS included.

Run: ``.venv/bin/python benchmarks/tohit.py`` (a few seconds). Twelve roster Mechs per
side stand on maps/default.tmx; one query is the to-hit answer for every weapon of each of
side A's twelve at each of side B's twelve (144 pairs, 708 weapon answers).

- batched: game.rules.combat.tohit_batch.weapon_options_many, the 144 lines of sight in
  one numpy batch (los_batch.sight_many) and the per-weapon checks as arrays;
- per pair: game.rules.combat.tohit.weapon_options pair by pair, each line of sight hex by
  hex (los.line_of_sight), the reference the batch must equal (checked here, answer by
  answer, and by a hypothesis property in tests/rules/test_combat_batch.py);
- plain Python: the old baseline, each line of sight hex by hex with the crossed hexes
  themselves worked out in plain Python (lines.crossed_naive), then weapon_options.

Prints the median of each, the first batched query (cold caches) and the ratios.
Goal: batched median <= 5 ms.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.board import Board  # noqa: E402
from game.designs.roster import make_unit  # noqa: E402
from game.hexgrid import Hex, distance  # noqa: E402
from game.maps import load_map  # noqa: E402
from game.rules.combat.lines import crossed_naive  # noqa: E402
from game.rules.combat.los import Sight, Viewer, viewer  # noqa: E402
from game.rules.combat.records import Declaration  # noqa: E402
from game.rules.combat.tohit import AttackOptions, weapon_options  # noqa: E402
from game.rules.combat.tohit_batch import weapon_options_many  # noqa: E402
from game.units.unit import Unit  # noqa: E402

CODES = ["HBK-4G", "JR7-D", "AS7-D", "WVR-6R", "MAD-3R", "SHD-2H", "TDR-5S", "PNT-9R",
         "GRF-1N", "CPLT-C1", "AWS-8Q", "WHM-6R"]  # fmt: skip


def units(board: Board) -> list[Unit]:
    out = []
    for side, col0 in (("A", 2), ("B", board.width - 8)):
        for i, code in enumerate(CODES):
            at = Hex(col0 + (i % 4) * 2, 3 + (i // 4) * 6)
            u = make_unit(code, f"{side}{i}", side, at=at, facing=1 if side == "A" else 4)
            out.append(replace(u, at=at))
    return out


def naive_sight(board: Board, a: Viewer, t: Viewer) -> Sight:
    """Plain Python: hex by hex along crossed_naive, the same rules as los.py."""
    top = max(a.height, t.height)
    hexes, points, light, heavy, blocked = [], 0, 0, 0, None
    cover = False
    for step in crossed_naive(a.at, t.at):
        best = None
        for h in step:
            if not board.contains(h):
                continue
            lv = int(board.level[h.row, h.col])
            built = board.building_class[h.row, h.col]
            b = int(board.building_height[h.row, h.col]) if built else 0
            w = int(board.woods[h.row, h.col])
            pts = w if w and lv + 2 >= top else 0
            blocks = lv + b > top
            c = distance(h, t.at) == 1 and lv + b >= t.floor + 1 and a.floor <= t.floor
            score = (blocks, pts, c)
            if best is None or score > best[0]:
                best = (score, h, w if pts else 0)
        if best is None:
            continue
        (blocks, pts, c), h, w = best
        hexes.append(h)
        points += pts
        light += w == 1
        heavy += w == 2
        cover |= c and not blocks
        if blocked is None and (blocks or points >= 3):
            blocked = h
    own = int(board.woods[t.at.row, t.at.col])
    return Sight(blocked is None, distance(a.at, t.at), tuple(hexes), blocked, (light, heavy, 0),
                 points + own, cover, False, None if blocked is None else "blocked")  # fmt: skip


def pairs_of(us: list[Unit]) -> list[tuple[Unit, Unit]]:
    return [(a, t) for a in us if a.side == "A" for t in us if t.side == "B"]


def batched(board: Board, us: list[Unit]) -> list[AttackOptions]:
    queries = [Declaration(a.id, t.id) for a, t in pairs_of(us)]
    return weapon_options_many(board, {u.id: u for u in us}, queries, {})


def per_pair(board: Board, us: list[Unit]) -> list[AttackOptions]:
    by_id = {u.id: u for u in us}
    return [weapon_options(board, by_id, a.id, t.id, {}) for a, t in pairs_of(us)]


def plain(board: Board, us: list[Unit]) -> int:
    by_id = {u.id: u for u in us}
    n = 0
    for a, t in pairs_of(us):
        s = naive_sight(board, viewer(board, a), viewer(board, t))
        n += len(weapon_options(board, by_id, a.id, t.id, {}, sight=s).weapons)
    return n


def median_ms(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times[0], statistics.median(times)


def main() -> None:
    board = load_map(ROOT / "maps" / "default.tmx")
    us = units(board)
    cold, fast = median_ms(lambda: batched(board, us), 200)
    answers = batched(board, us)
    assert answers == per_pair(board, us), "the batch differs from the per-pair answers"
    count = sum(len(o.weapons) for o in answers)
    assert count == plain(board, us)
    _, pair = median_ms(lambda: per_pair(board, us), 20)
    _, base = median_ms(lambda: plain(board, us), 20)
    print(f"{count} weapon answers, 144 pairs on {board.name} ({board.width}x{board.height})")
    print(f"batched numpy LOS + to-hit: median {fast:.2f} ms (first run {cold:.2f} ms)")
    print(f"per-pair reference path:    median {pair:.2f} ms ({pair / fast:.1f}x the batch)")
    print(f"plain-Python LOS + to-hit:  median {base:.2f} ms ({base / fast:.1f}x the batch)")
    print(f"goal <= 5 ms: {'met' if fast <= 5 else 'NOT met'}")


if __name__ == "__main__":
    main()
