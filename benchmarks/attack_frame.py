"""Frame time of the weapon attack screen (game.ui.scenes.hexes.attack.scene, attack_draw): default
map, 24 units, one of them selected so every enemy carries its best to-hit number (or is
dimmed), an enemy hovered so its line of sight and the weapon list show, 1920x1080,
dummy driver. Goal: median <= 4 ms.

The baseline (same process) is the same frame with nothing kept between frames: the
scene's cache emptied before each one, so the to-hit answers at every enemy (one batch,
game.rules.combat.tohit_batch), the weapon rows, the panels and the log are all worked
out again. A second baseline asks each enemy's answers pair by pair as the screen did
before the batch (tohit.weapon_options, hex-by-hex lines of sight).

    .venv/bin/python benchmarks/attack_frame.py [--frames 300]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("HEXPLATE_NO_AUTOSAVE", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

import game.ui.app.screens  # noqa: E402, F401 - registers every screen by name
from benchmarks.frame import game_with_24_units  # noqa: E402
from game.flow import actor  # noqa: E402
from game.hexgrid import Hex  # noqa: E402
from game.phases.actions import StandStill  # noqa: E402
from game.phases.movement import to_move  # noqa: E402
from game.phases.weapons import options_at, targets_of, to_declare  # noqa: E402
from game.state import GameState  # noqa: E402
from game.ui.app.app import App  # noqa: E402
from game.ui.scenes.hexes.attack.scene import AttackScene  # noqa: E402

SIZE = (1920, 1080)


def closer(state: GameState) -> GameState:
    """The deployed armies moved to face each other across the middle of the map, 3 to 16
    hexes apart (the deployment zones are out of range of each other)."""
    moved = []
    for i, u in enumerate(state.units):
        a = u.side == "A"
        col = (11 if a else 17) + (i // 2 % 3)
        moved.append(u.moved_to(Hex(col, 6 + (i // 6) * 4 + (i // 2 % 3)), 2 if a else 5))
    return replace(state, units=tuple(moved))


def attack_scene(app: App) -> AttackScene:
    """The 24-unit game after a movement phase in which everybody stood still; the first
    unit of the side to declare selected, an enemy it can hit hovered."""
    app.start_game(closer(game_with_24_units()))
    while to_move(app.state):
        app.act(StandStill(to_move(app.state, actor(app.state))[0].id))
    app.advance()
    app.follow_phase()
    scene = app.top
    assert isinstance(scene, AttackScene), type(scene)
    scene.handoff = None
    side = actor(app.state)
    unit = to_declare(app.state, side)[0]
    scene.select(unit.id)
    enemies = scene._visible_enemies()
    assert scene.plan is not None and enemies, "the selected unit has a target"
    hovered = app.state.unit(enemies[-1])
    x, y = scene.view.centre(hovered.at)
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0),
                                    buttons=(0, 0, 0)))  # fmt: skip
    return scene


def timed(draw: Callable[[], None], frames: int) -> list[float]:
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
    scene = attack_scene(app)
    app.draw()  # warm the map surface and the caches
    cached = timed(app.draw, n)

    def rebuilt() -> None:
        scene.cache.clear()
        app.draw()

    def per_pair() -> None:
        scene.cache.clear()
        plan = scene.plan
        for t in targets_of(app.state, plan.unit_id):
            options_at(app.state, plan.unit_id, t.id, plan.twist, secondary=scene._secondary(t.id))
        app.draw()

    frames = max(10, n // 10)
    base = statistics.median(timed(rebuilt, frames))
    pair = statistics.median(timed(per_pair, frames))
    med = statistics.median(cached)
    p90 = sorted(cached)[int(n * 0.9)]
    plan = scene.plan
    enemies = targets_of(app.state, plan.unit_id)
    who = f"units: {len(app.state.units)}, {plan.unit_id} selected"
    print(f"{who}, {len(enemies)} enemies marked, hovering {scene.hover}, {SIZE[0]}x{SIZE[1]}")
    print(f"attack frame (cached): median {med:.2f} ms, p90 {p90:.2f} ms")
    print(f"baseline, everything rebuilt each frame: median {base:.2f} ms ({base / med:.1f}x)")
    print(f"baseline with the answers pair by pair:  median {pair:.2f} ms ({pair / med:.1f}x)")
    print(f"goal <= 4 ms: {'met' if med <= 4 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
