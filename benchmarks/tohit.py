"""To-hit speed: every weapon of 12 units at 12 targets on the default map, LOS included.

Run: ``.venv/bin/python benchmarks/tohit.py`` (a few seconds). Twelve roster Mechs per
side stand on maps/default.tmx; one query is the to-hit answer (game.rules.combat.tohit)
for every weapon of each of side A's twelve at each of side B's twelve (144 pairs), with
the 144 lines of sight computed in one batch (game.rules.combat.los.sight_many, numpy).
The baseline, in the same process, computes each line of sight hex by hex in plain Python
(game.rules.combat.lines.crossed_naive plus a loop over the crossed hexes) and then the
same to-hit answers. Prints the median of each and the first query (cold caches). Goal:
median <= 5 ms.
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
from game.hexgrid import Hex, distance  # noqa: E402
from game.maps import load_map  # noqa: E402
from game.roster import make_unit  # noqa: E402
from game.rules.combat.lines import crossed_naive  # noqa: E402
from game.rules.combat.los import Sight, Viewer, sight_many, viewer  # noqa: E402
from game.rules.combat.tohit import weapon_options  # noqa: E402
from game.units import Unit  # noqa: E402

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


def query(board: Board, us: list[Unit], batched: bool) -> int:
    by_id = {u.id: u for u in us}
    a_side = [u for u in us if u.side == "A"]
    b_side = [u for u in us if u.side == "B"]
    pairs = [(a, t) for a in a_side for t in b_side]
    ends = [(viewer(board, a), viewer(board, t)) for a, t in pairs]
    sights = sight_many(board, ends) if batched else [naive_sight(board, p, q) for p, q in ends]
    n = 0
    for (a, t), s in zip(pairs, sights, strict=True):
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
    count = query(board, us, True)
    assert count == query(board, us, False)
    cold, fast = median_ms(lambda: query(board, us, True), 30)
    _, base = median_ms(lambda: query(board, us, False), 30)
    print(f"{count} weapon answers, 144 pairs on {board.name} ({board.width}x{board.height})")
    print(f"batched numpy LOS + to-hit: median {fast:.2f} ms (first run {cold:.2f} ms)")
    print(f"plain-Python LOS + to-hit:  median {base:.2f} ms")
    print(f"goal <= 5 ms: {'met' if fast <= 5 else 'NOT met'}")


if __name__ == "__main__":
    main()
