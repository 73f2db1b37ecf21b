"""Write docs/img/play-tacops.png (a careless path with its roll markers and the careful
alternative) and docs/img/play-wige.png (a WiGE's flight across the water), the pictures of
docs/advanced-movement.md and the README, by playing the tacops test scenario at 1280x720.

    SDL_VIDEODRIVER=dummy python tools/tacops_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("HEXPLATE_NO_AUTOSAVE", "1")

import pygame  # noqa: E402

from game.hexgrid import Hex  # noqa: E402
from game.movers import reach_of  # noqa: E402
from game.ui.play import Args, make_app  # noqa: E402

SIZE = (1280, 720)
ZOOM_STEPS = 3
SCENARIO = ROOT / "tests" / "ui" / "data" / "tacops_scenario.json"


def post(app, *events: tuple[int, dict]) -> None:
    for kind, attrs in events:
        pygame.event.post(pygame.event.Event(kind, attrs))
    app.step(pygame.event.get(), 1 / 60)


def point(app, pos: tuple[int, int]) -> None:
    post(app, (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))


def click(app, pos: tuple[int, int]) -> None:
    point(app, pos)
    post(app, (pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}),
         (pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}))  # fmt: skip


def centre(app, h: Hex) -> tuple[int, int]:
    x, y = app.top.view.centre(h)
    return round(x), round(y)


def fresh(screen: pygame.Surface, unit: str):
    """The scenario's movement screen, the hand-off dismissed, ``unit`` selected."""
    pygame.event.clear()
    app = make_app(Args(None, SCENARIO, None, SIZE, 7), screen)
    click(app, (5, 5))  # the hand-off prompt
    at = centre(app, app.state.unit(unit).at)
    for _ in range(ZOOM_STEPS):  # close enough to read the hexes
        app.top.view.zoom(1, at)
    click(app, centre(app, app.state.unit(unit).at))
    return app


def careless_path(screen: pygame.Surface, out: Path) -> None:
    """A2 walks carelessly into the hex where ignoring terrain MP saves the most."""
    app = fresh(screen, "A2")
    careful = reach_of(app.state, "A2", "walk").hexes()
    careless = reach_of(app.state, "A2", "walk", careless=True).hexes()
    cheaper = [h for h in careless if h in careful and careless[h][0] < careful[h][0]]
    dest = min(cheaper, key=lambda h: (careless[h][0], h.col, h.row))
    post(app, (pygame.KEYDOWN, {"key": pygame.K_x, "mod": 0, "unicode": "x", "scancode": 0}))
    point(app, centre(app, dest))
    app.draw()
    pygame.image.save(screen, str(out))


def wige_flight(screen: pygame.Surface, out: Path) -> None:
    """A3, an airborne WiGE, planned across the water to the far side."""
    app = fresh(screen, "A3")
    reach = app.top.plan.reach(app.state).hexes
    east = [h for h in reach if h.col >= 9]
    dest = max(east, key=lambda h: (h.col, -abs(h.row - 8)))
    point(app, centre(app, dest))
    app.draw()
    pygame.image.save(screen, str(out))


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "docs" / "img"
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode(SIZE)
        careless_path(screen, folder / "play-tacops.png")
        wige_flight(screen, folder / "play-wige.png")
    finally:
        pygame.quit()
    print(f"wrote {folder / 'play-tacops.png'} and {folder / 'play-wige.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
