"""Write docs/img/play-tacops.png (a careless path with its roll markers and the careful
alternative), docs/img/play-wige.png (a WiGE's flight across the water), the pictures of
docs/advanced-movement.md and the README, by playing the tacops test scenario at 1280x720,
and docs/img/play-defend.png (a defending Mech's walk planned on the physical attack
screen, ADV-01) from the defence test scenario.

    SDL_VIDEODRIVER=dummy python tools/tacops_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("HEXPLATE_NO_AUTOSAVE", "1")

import pygame  # noqa: E402
from pictures.drive import click, point, post  # noqa: E402  (the picture makers' events)

from game.hexgrid import Hex  # noqa: E402
from game.phases.movers import reach_of  # noqa: E402
from game.ui.app.play import Args, make_app  # noqa: E402

SIZE = (1280, 720)
ZOOM_STEPS = 3
SCENARIO = ROOT / "tests" / "ui" / "data" / "tacops_scenario.json"
DEFEND = ROOT / "tests" / "ui" / "data" / "defend_scenario.json"


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


def defence_walk(screen: pygame.Surface, out: Path) -> None:
    """A1 declared physical attack defence; on the physical attack screen its walk through
    the rubble up to B1 is planned, the roll's breakdown under the pointer (ADV-01)."""
    from game.phases.actions import CommitMove, StandStill
    from game.phases.weapons import DeclareFire

    pygame.event.clear()
    app = make_app(Args(None, DEFEND, None, SIZE, 7), screen)
    for action in (CommitMove("A1", "defend", ()), StandStill("B1"), DeclareFire("B1")):
        app.act(action)
        app.advance()
    post(app)
    click(app, (5, 5))  # the hand-off prompt
    dest = Hex(4, 5)  # 0506, beside B1, through the rubble of 0507
    for _ in range(ZOOM_STEPS - 1):
        app.top.view.zoom(1, centre(app, dest))
    app.top.view.centre_on(dest)
    click(app, centre(app, app.state.unit("A1").at))
    click(app, centre(app, dest))
    walk = app.top.walking()
    _, path = walk.layers(app.state, app.top.view.layout, app.top.view.camera.zoom)
    if path.markers:  # point at the rubble roll: its modifiers show
        x, y, _, _ = path.markers[0]
        sx, sy = app.top.view.camera.to_screen(x, y)
        point(app, (round(sx), round(sy)))
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
        defence_walk(screen, folder / "play-defend.png")
    finally:
        pygame.quit()
    names = ("play-tacops.png", "play-wige.png", "play-defend.png")
    print("wrote " + ", ".join(str(folder / n) for n in names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
