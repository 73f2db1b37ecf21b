"""Write docs/img/play-infantry.png, the picture of docs/play.md's Infantry section: the
infantry test scenario at 1280x720, zoomed in, its jump platoon planning a jump over
the water (the water hexes unshaded), the foot platoon and a Mech beside it.

    SDL_VIDEODRIVER=dummy python tools/infantry_screenshot.py [OUT.png]
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

from game.hexgrid import Hex, parse_hex_name  # noqa: E402
from game.ui.app.play import Args, make_app  # noqa: E402

SIZE = (1280, 720)
SCENARIO = ROOT / "tests" / "ui" / "data" / "infantry_scenario.json"
PLATOON, LANDING, LOOK_AT = "A2", "0808", "0606"  # the jump platoon, across the water
ZOOM_STEPS = 2


def centre(app, h: Hex) -> tuple[int, int]:
    x, y = app.top.view.centre(h)
    return round(x), round(y)


def jump_planned(screen: pygame.Surface, out: Path) -> None:
    pygame.event.clear()
    app = make_app(Args(None, SCENARIO, None, SIZE, 7), screen)
    click(app, (5, 5))  # the hand-off prompt
    for _ in range(ZOOM_STEPS):
        app.top.view.zoom(1, centre(app, parse_hex_name(LOOK_AT)))
    click(app, centre(app, app.state.unit(PLATOON).at))
    post(app, (pygame.KEYDOWN, {"key": pygame.K_j, "mod": 0, "unicode": "j", "scancode": 0}))
    point(app, centre(app, parse_hex_name(LANDING)))
    if not app.top.info.get("result") or not app.top.info["result"].legal:
        raise SystemExit(f"the jump to {LANDING} is not legal: {app.top.info.get('error')}")
    app.draw()
    pygame.image.save(screen, str(out))


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "img" / "play-infantry.png"
    pygame.display.init()
    pygame.font.init()
    try:
        jump_planned(pygame.display.set_mode(SIZE), out)
    finally:
        pygame.quit()
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
