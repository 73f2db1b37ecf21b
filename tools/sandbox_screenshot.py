"""Write docs/img/sandbox.png, the README's picture of the sandbox (issue 13), by playing
the first steps as a new player would: place a Hunchback and a Jenner, drag a dummy
target that ran 5 hexes, select the Hunchback, open the Attack view, point at a weapon row
(the modifiers of its number) and turn the what-if odds on.

    SDL_VIDEODRIVER=dummy python tools/sandbox_screenshot.py [OUT.png]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.hexgrid import Hex  # noqa: E402
from game.ui.app.sandbox_cmd import SandboxArgs, make_sandbox_app  # noqa: E402

SIZE = (1600, 900)
ME, FRIEND, THERE = Hex(10, 8), Hex(6, 9), Hex(8, 7)


def post(app, kind: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, attrs))
    app.step(pygame.event.get(), 1 / 60)


def click(app, pos) -> None:
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def key(app, k: int, uni: str = "") -> None:
    post(app, pygame.KEYDOWN, key=k, mod=0, unicode=uni, scancode=0)


def main(out: Path) -> None:
    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    app = make_sandbox_app(SandboxArgs(None, None, SIZE, 7), screen)
    app.step([], 1 / 60)
    scene = app.top
    scene.view.fit_hexes([ME, FRIEND, THERE, Hex(5, 12), Hex(13, 4)])

    def at(h: Hex) -> tuple[int, int]:
        x, y = scene.view.centre(h)
        return round(x), round(y)

    def press(action: str) -> None:
        b = next(b for b in scene.palette_buttons if b.action == action)
        click(app, b.rect.center)

    for design, h in (("HBK-4G", ME), ("JR7-D", FRIEND)):
        press(f"carry:{design}")
        click(app, at(h))
    for action in ("tons:5", "mode:run", "hexes:1", "hexes:1"):
        press(action)
    press("carry:dummy")
    click(app, at(THERE))
    click(app, at(ME))
    key(app, pygame.K_a, "a")
    key(app, pygame.K_o, "o")
    app.toast = None
    row = scene.fire.rows[0][0]
    post(app, pygame.MOUSEMOTION, pos=row.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step([], 1 / 60)
    pygame.image.save(screen, str(out))
    print(f"wrote {out}")


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("HEXPLATE_NO_AUTOSAVE", "1")  # the picture writes no save
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img" / "sandbox.png")
