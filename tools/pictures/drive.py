"""Real pygame events for the picture makers: keys, clicks, pointer moves, frames.

The same moves the scene tests in tests/ui make: events are posted to pygame's queue and
handed to ``app.step`` like one frame of the main loop.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.hexgrid import Hex
from game.ui.app.play import Args, make_app

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "ui" / "data"
HERE = Path(__file__).resolve().parent
HD = (1280, 720)
SEED = 7


def post(app, *events: tuple[int, dict]) -> None:
    """One frame with ``events`` (none: a frame that only lets time pass)."""
    for kind, attrs in events:
        pygame.event.post(pygame.event.Event(kind, attrs))
    app.step(pygame.event.get(), 1 / 60)


def key(app, k: int, uni: str = "", mod: int = 0) -> None:
    post(app, (pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": uni, "scancode": 0}))


def point(app, pos: tuple[int, int]) -> None:
    post(app, (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))


def click(app, pos: tuple[int, int], button: int = 1) -> None:
    point(app, pos)
    post(app, (pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": button}),
         (pygame.MOUSEBUTTONUP, {"pos": pos, "button": button}))  # fmt: skip


def centre(scene, h: Hex, dx: float = 0.0, dy: float = 0.0) -> tuple[int, int]:
    """Hex ``h``'s centre on screen, moved by (dx, dy) pixels."""
    x, y = scene.view.centre(h)
    return round(x + dx), round(y + dy)


def play_app(scenario: Path, size: tuple[int, int] = HD, seed: int = SEED):
    """The App of ``python main.py play --scenario FILE --seed SEED`` in a window of ``size``."""
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    return make_app(Args(None, scenario, None, size, seed), screen)


def handed_over(app):
    """The top scene with its hand-off prompt dismissed by a click, as a player does."""
    scene = app.top
    if getattr(scene, "handoff", None) is not None:
        click(app, (5, 5))
    return app.top


def zoom_to(scene, zoom: float, h: Hex) -> None:
    """The view at ``zoom`` (one of the camera's steps), centred on ``h``."""
    view = scene.view.camera.view
    scene.view.camera = scene.view.camera.zoomed_to(
        zoom, view[0] + view[2] / 2, view[1] + view[3] / 2
    )
    scene.view.centre_on(h)


def settle(app, frames: int = 900) -> None:
    """Frames until the top scene's animation and pop-ups are over."""
    for _ in range(frames):
        top = app.top
        if getattr(top, "anim", None) is None and not getattr(top, "popups", None):
            return
        app.step([], 1 / 20)
    raise SystemExit("an animation never ended")


def save(app, out: Path, area: pygame.Rect | None = None) -> None:
    """Draw a frame and write it (or the part ``area`` of it) to ``out``."""
    app.draw()
    shot = app.screen if area is None else app.screen.subsurface(area)
    pygame.image.save(shot, str(out))
