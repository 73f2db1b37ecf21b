"""The computer opponent (issue 21): how long a whole bot turn takes, and how strong it is.

Run: ``.venv/bin/python benchmarks/bot.py`` (the full run takes long: 100 games per
pairing); ``--games N`` plays N per pairing, ``--speed`` / ``--strength`` only one part,
``--pairing bot,greedy`` (repeatable) only those pairings of the strength runs.

Speed: on each bundled map, 4 and 12 units a side (roster Mechs), bot against bot for a
few turns; a *turn* is every action one side's player decides in that turn (deployment
is turn 0 and left out). Printed: p50 / p95 / max of the bot's turns (wall clock, and the
CPU time of the process: on a machine shared with other work the wall clock also counts
the waits for a core), beside the greedy
and random players' turns in the same process (the plain baselines), and the peak memory
of the process. Goals: 4 units p95 <= 1 s, 12 units p95 <= 2 s.

Strength: seeded games (10 turns, the default forces, the bundled maps in turn, sides
swapped every other game): bot vs random, bot vs greedy, each style against the others.
Printed: the first player's wins, draws, its win rate with a 95% (Wilson) interval and
the damage ratio (dealt by the first / dealt by the second). Goals: >= 95% against
random, >= 75% against greedy.
"""

from __future__ import annotations

import argparse
import math
import resource
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.bot.match import dealt, final_result, play_match  # noqa: E402
from game.bot.players import make_player  # noqa: E402
from game.flow import apply_strict  # noqa: E402
from game.phases.actions import StartGame  # noqa: E402
from game.setup import bundled_maps, new_game_from_map, with_forces  # noqa: E402
from game.state import GameState  # noqa: E402

CODES = ["HBK-4G", "JR7-D", "AS7-D", "WVR-6R", "MAD-3R", "SHD-2H", "TDR-5S", "PNT-9R",
         "GRF-1N", "CPLT-C1", "AWS-8Q", "WHM-6R"]  # fmt: skip
PAIRINGS = [("bot", "random"), ("bot", "greedy"), ("bot:cautious", "bot:aggressive"),
            ("bot:balanced", "bot:cautious"), ("bot:balanced", "bot:aggressive")]  # fmt: skip


def game(map_path: Path, seed: int, per_side: int | None) -> GameState:
    state = new_game_from_map(map_path, seed=seed)
    if per_side is None:
        state = with_forces(state)
    else:
        picks = [(CODES[(i + k) % len(CODES)], 4, 5) for i in range(per_side) for k in (0,)]
        other = [(CODES[(i + 5) % len(CODES)], 4, 5) for i in range(per_side)]
        state = with_forces(state, {"A": picks, "B": other})
    return apply_strict(state, StartGame()).state


def turns_ms(times: tuple[float, ...]) -> list[float]:
    return list(times[1:])  # turn 0 is deployment


def stats(xs: list[float]) -> str:
    if not xs:
        return "-"
    a = np.array(xs)
    return (f"p50 {np.percentile(a, 50):7.1f}  p95 {np.percentile(a, 95):7.1f}  "
            f"max {a.max():7.1f} ms  ({len(xs)} turns)")  # fmt: skip


def speed(turns: int) -> None:
    print("Speed: one side's whole turn (ms)")
    for per_side, goal in ((4, 1000), (12, 2000)):
        mine: dict[str, list[float]] = {"bot": [], "greedy": [], "random": []}
        work: list[float] = []
        for m in bundled_maps():
            for kind in mine:
                p = {"A": make_player(kind, 1), "B": make_player("bot", 2)}
                played = play_match(game(m, 1, per_side), p, turns if per_side == 4 else 2)
                mine[kind] += turns_ms(played.decide_ms["A"])
                if kind == "bot":
                    mine[kind] += turns_ms(played.decide_ms["B"])
                    work += turns_ms(played.cpu_ms["A"]) + turns_ms(played.cpu_ms["B"])
        bot = mine["bot"]
        p95 = float(np.percentile(np.array(bot), 95)) if bot else 0.0
        print(f"  {per_side:2d} units a side, bot:    {stats(bot)}  goal p95 <= {goal} ms: "
              f"{'met' if p95 <= goal else 'NOT met'}")  # fmt: skip
        print(f"  {per_side:2d} units a side, bot CPU: {stats(work)}")
        print(f"  {per_side:2d} units a side, greedy: {stats(mine['greedy'])}")
        print(f"  {per_side:2d} units a side, random: {stats(mine['random'])}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory of the process: {peak:.0f} MB")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def strength(games: int, pairings: list[tuple[str, str]] = PAIRINGS, progress: int = 0) -> None:
    print(f"Strength: {games} games per pairing, 10 turns, maps in turn, sides swapped")
    maps = bundled_maps()
    for first, second in pairings:
        wins = draws = 0
        mine = theirs = 0
        start = time.perf_counter()
        for g in range(games):
            a, b = ("A", "B") if g % 2 == 0 else ("B", "A")
            p = {a: make_player(first, g), b: make_player(second, g)}
            played = play_match(game(maps[g % len(maps)], g, None), p, 10)
            r = final_result(played)
            wins += r.winner == a
            draws += r.winner is None
            d = dealt(played.state)
            mine, theirs = mine + d[a], theirs + d[b]
            if progress and (g + 1) % progress == 0 and g + 1 < games:
                print(f"    after {g + 1}: {wins} wins, {draws} draws", flush=True)
        lo, hi = wilson(wins, games)
        ratio = mine / theirs if theirs else float("inf")
        took = time.perf_counter() - start
        print(f"  {first:13s} vs {second:15s} wins {wins:3d}/{games} draws {draws:2d}  "
              f"win rate {wins / games:5.1%} [{lo:5.1%}, {hi:5.1%}]  damage ratio "
              f"{ratio:5.2f}  ({took:.0f} s)", flush=True)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--turns", type=int, default=3, help="turns per speed game (4 units)")
    ap.add_argument("--speed", action="store_true")
    ap.add_argument("--strength", action="store_true")
    ap.add_argument(
        "--pairing",
        action="append",
        default=[],
        metavar="FIRST,SECOND",
        help="only this pairing of the strength runs, e.g. bot,greedy (repeatable)",
    )
    ap.add_argument(
        "--progress",
        type=int,
        default=0,
        metavar="K",
        help="print the wins so far every K games of a pairing",
    )
    ns = ap.parse_args()
    parts = (p.partition(",") for p in ns.pairing)
    chosen: list[tuple[str, str]] = [(a, b) for a, _, b in parts if a and b]
    both = not (ns.speed or ns.strength)
    if ns.speed or both:
        speed(ns.turns)
    if ns.strength or both:
        strength(ns.games, chosen or PAIRINGS, ns.progress)


if __name__ == "__main__":
    main()
