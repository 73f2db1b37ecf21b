"""Frame time of the play screen: default map, 24 units, the reach overlay and a path
preview, 1920x1080, dummy driver. Goal: median <= 4 ms.

The baseline (same process) is the naive frame: the same scene drawn without the caches,
i.e. the reach shading, the path layer and the panels rebuilt every frame, which is what
a renderer without per-input caching would pay.

    .venv/bin/python benchmarks/frame.py [--frames 300]
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
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

import game.ui.app.screens  # noqa: E402, F401 - registers every screen by name
from game.designs.roster import entries  # noqa: E402
from game.flow import apply  # noqa: E402
from game.phases.actions import AddUnit, Deploy  # noqa: E402
from game.phases.deployment import deploying_side, undeployed  # noqa: E402
from game.rules.deploy import legal_deploy_hexes  # noqa: E402
from game.setup import new_game_from_map  # noqa: E402
from game.ui.app.app import App  # noqa: E402

SIZE = (1920, 1080)


def game_with_24_units():
    s = new_game_from_map("maps/default.tmx", seed=5)
    designs = [e.code for e in entries() if e.kind == "biped"]
    for i in range(24):
        s = apply(s, AddUnit(designs[i % len(designs)], "AB"[i % 2])).state
    from game.phases.actions import StartGame

    s = apply(s, StartGame()).state
    while s.phase == "deployment":
        side = deploying_side(s)
        unit = undeployed(s, side)[0]
        hexes = sorted(
            legal_deploy_hexes(s.board, side, s.units, unit.kind), key=lambda h: (h.row, h.col)
        )
        out = apply(s, Deploy(unit.id, hexes[len(hexes) // 3], 2 if side == "A" else 5))
        s = out.state
    return s


def timed(draw, frames: int) -> list[float]:
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        draw()
        times.append((time.perf_counter() - t) * 1000)
    return times


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    n = ap.parse_args().frames
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    app = App(screen)
    app.start_game(game_with_24_units())
    scene = app.top
    scene.handoff = None
    unit = scene.movable()[0]
    scene.select(unit.id)
    scene.set_mode("run")
    reach = scene.plan.reach(app.state).hexes
    dest = max(reach, key=lambda h: (reach[h][0], h.col))
    x, y = scene.view.centre(dest)
    scene._update_hover((round(x), round(y)))
    assert scene.info.get("result") is not None and len(reach) > 10
    app.draw()  # warm the map surface cache

    cached = timed(app.draw, n)

    def naive() -> None:
        scene._invalidate()
        scene.plan._reach_cache.clear()
        scene.cache.clear()
        scene._refresh_path()
        app.draw()

    baseline = timed(naive, max(10, n // 10))
    med, base = statistics.median(cached), statistics.median(baseline)
    print(
        f"units on the map: {len(app.state.units)}, reach hexes: {len(reach)}, {SIZE[0]}x{SIZE[1]}"
    )
    p90 = sorted(cached)[int(n * 0.9)]
    print(f"play frame (cached layers): median {med:.2f} ms, p90 {p90:.2f} ms")
    print(f"baseline (layers rebuilt each frame): median {base:.2f} ms")
    verdict = "met" if med <= 4 else "NOT met"
    print(f"ratio baseline / cached: {base / med:.1f}x   goal <= 4 ms: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
