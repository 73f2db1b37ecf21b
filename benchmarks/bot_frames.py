"""The window while the computer thinks (issue 21): frame times of the play screen while
its answers are worked out on the worker thread (game.ui.app.bot_turns), beside the
time each answer took - the pause every frame of the old driver, which thought on the
drawing thread, would have had once per action.

Bot against bot on the grassland map (the default forces, 1280x720, dummy driver), at
pace 0 (each answer asked as soon as the last action is done), until ``--actions`` of the
computer's actions: printed, the median / p95 / max frame while an answer was being
worked out (from before to after the frame), beside the other frames (actions carried
out, screens opened, animations), and the median / p95 / max of the answers themselves
(wall clock, in the same process). Python's threads share one lock, so a frame drawn
meanwhile is slower than a quiet one; the point is that none waits for a whole answer.

    .venv/bin/python benchmarks/bot_frames.py [--actions 40]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("HEXPLATE_NO_AUTOSAVE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.bot.players import Decision, Player  # noqa: E402
from game.state import GameState  # noqa: E402
from game.ui.app.play import Args, make_app  # noqa: E402

SIZE = (1280, 720)
KEY = pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r",
                                          "scancode": 0})  # fmt: skip


class Timed:
    """A player that notes how long each answer takes (on the worker thread)."""

    def __init__(self, inner: Player) -> None:
        self.inner, self.label, self.took = inner, inner.label, []

    def decide(self, state: GameState) -> Decision:
        start = time.perf_counter()
        try:
            return self.inner.decide(state)
        finally:
            self.took.append((time.perf_counter() - start) * 1000)


def spread(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]
    return f"median {statistics.median(xs):6.1f} ms  p95 {p95:6.1f} ms  max {xs[-1]:6.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=40)
    ns = ap.parse_args()
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    app = make_app(Args(ROOT / "maps" / "grassland.tmx", None, None, SIZE, 5, bots=("A", "B")),
                   screen)  # fmt: skip
    bots = app.bots
    players = {side: Timed(p) for side, p in bots.players.items()}
    bots.players, bots.pace = dict(players), 0.0
    frames: list[float] = []
    other: list[float] = []  # the frames while it did not think (actions, animations)
    while sum(len(p.took) for p in players.values()) < ns.actions:
        events = [KEY] if getattr(app.top, "overlay", False) else []
        thinking = bots.thinking
        start = time.perf_counter()
        app.step(events, 1 / 60)
        pygame.display.flip()
        (frames if thinking and bots.thinking else other).append(
            (time.perf_counter() - start) * 1000
        )
    answers = [t for p in players.values() for t in p.took]
    print(f"{len(answers)} answers, {len(frames)} frames drawn while the computer thought")
    print(f"  frames while thinking: {spread(frames)}")
    print(f"  the other frames:      {spread(other)}")
    print(f"  answers (the old driver's pause per action): {spread(answers)}")
    pygame.quit()


if __name__ == "__main__":
    main()
