"""The map pictures: the previewer's own ``--png`` export of each bundled map (README
"Map previewing", docs/preview.md), and the previewer's window at 100 % with its hover
panel (docs/preview.md "In the window")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.hexgrid import parse_hex_name
from game.ui.scenes.hexes.preview import command as preview

from .drive import ROOT

# name: (zoom, picture size); a W x H map is (63 W + 21) x (72 H + 36) px at 100 %
MAPS: dict[str, tuple[float, tuple[int, int]]] = {
    "grassland": (0.75, (772, 945)),
    "river": (0.75, (772, 945)),
    "city": (0.75, (772, 945)),
    "harbour": (0.75, (772, 945)),
    "default": (0.4, (815, 994)),  # 32x34: the whole map at README width
}
PREVIEW_SIZE = (1280, 800)
HOVER = parse_hex_name("1017")  # light woods by the road


def map_png(name: str, zoom: float) -> Callable[[Path], None]:
    """``python main.py preview maps/NAME.tmx --png OUT --zoom Z``, in this process."""

    def make(out: Path) -> None:
        path = ROOT / "maps" / f"{name}.tmx"
        if preview.main([str(path), "--png", str(out), "--zoom", str(zoom)]) != 0:
            raise SystemExit(f"preview --png of {path} failed")

    return make


def preview_window(out: Path) -> None:
    """``python main.py preview maps/default.tmx`` at 1280x800: 0 for 100 %, a drag to
    the woods and the river, the pointer on a light woods hex."""
    from game.ui.scenes.hexes.preview.loop import PreviewLoop

    path = ROOT / "maps" / "default.tmx"
    board, tiles = preview.load(path)
    screen = pygame.display.set_mode(PREVIEW_SIZE)
    loop = PreviewLoop(board, tiles, screen, title=path.name)
    loop.start(preview.start_zoom(loop.renderer.map_size(1.0), PREVIEW_SIZE))
    events = [
        (pygame.KEYDOWN, {"key": pygame.K_0, "mod": 0, "unicode": "0", "scancode": 0}),
        (pygame.MOUSEBUTTONDOWN, {"pos": (400, 300), "button": 1}),
        (pygame.MOUSEMOTION, {"pos": (700, 200), "rel": (300, -100), "buttons": (1, 0, 0)}),
        (pygame.MOUSEBUTTONUP, {"pos": (700, 200), "button": 1}),
    ]
    for kind, attrs in events:
        loop.handle(pygame.event.Event(kind, attrs))
    x, y = loop.renderer.layout_at(loop.camera.zoom).centre(HOVER)
    sx, sy = loop.camera.to_screen(x, y)
    pos = (round(sx), round(sy))
    loop.handle(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0),
                                                        "buttons": (0, 0, 0)}))  # fmt: skip
    if loop.hover is None:  # the dummy video driver has no pointer focus to report
        loop.hover = loop.renderer.hex_at(loop.camera, *pos)
    assert loop.camera.zoom == 1.0
    loop.draw()
    pygame.image.save(screen, str(out))
