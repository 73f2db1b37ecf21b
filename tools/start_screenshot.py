"""Write docs/img/play-start.png, the picture of the start screen in the README and
docs/play.md: the screen as `./play` opens it, with the default forces, at 1280x720.

    SDL_VIDEODRIVER=dummy python tools/start_screenshot.py [OUT.png]
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

from game.ui.app.play import make_app, parse_args  # noqa: E402

SIZE = (1280, 720)


def start_screen(out: Path) -> None:
    """The start screen as ``./play`` opens it, drawn into ``out``."""
    screen = pygame.display.set_mode(SIZE)
    app = make_app(parse_args([]), screen)
    app.draw()
    pygame.image.save(screen, str(out))


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "img" / "play-start.png"
    pygame.display.init()
    pygame.font.init()
    try:
        start_screen(out)
    finally:
        pygame.quit()
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
