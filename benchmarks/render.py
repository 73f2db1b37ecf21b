"""Frame time of the map view: cached surface blit vs redrawing every hex (same process).

    .venv/bin/python benchmarks/render.py [MAP.tmx] [--frames N]

A 1920x1080 window (SDL dummy driver) shows the default map while the camera pans a few
pixels every frame and steps through zoom levels; each frame is what the previewer draws:
the cached map surface for the zoom level, the hover outline and the hover panel. The
baseline draws the same view the naive way, every hex every frame: each tile layer's
pre-scaled image, the hex outline and the XXYY label (still cheaper than the real thing:
no roads or contours). Cache building (once per zoom level) is reported separately.
Goal: median frame <= 4 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.hexgrid import Hex  # noqa: E402
from game.maps import DEFAULT_MAP, load_map  # noqa: E402
from game.ui.map.camera import ZOOMS, Camera  # noqa: E402
from game.ui.map.render import MapRenderer, RenderOptions  # noqa: E402
from game.ui.map.tiles import load_tile_map  # noqa: E402
from game.ui.widgets.hud import HoverPanel  # noqa: E402

SIZE = (1920, 1080)
LEVELS = (0.5, 0.75, 1.0, 1.5)


def camera_path(frames: int, r: MapRenderer) -> list[Camera]:
    """Pan 7 px a frame in a slow square, zooming (about the centre) every 25 frames."""
    cams = []
    cam = Camera(view=(0, 0, *SIZE), zoom_index=ZOOMS.index(1.0))
    dirs = ((7, 3), (-2, 7), (-7, -3), (2, -7))
    for i in range(frames):
        if i and i % 25 == 0:
            want = LEVELS[(i // 25) % len(LEVELS)]
            cam = cam.zoomed(ZOOMS.index(want) - cam.zoom_index, SIZE[0] / 2, SIZE[1] / 2)
        dx, dy = dirs[(i // 40) % 4]
        cam = cam.panned(dx, dy).clamped(*r.map_size(cam.zoom))
        cams.append(cam)
    return cams


def cached_frame(screen, r: MapRenderer, panel: HoverPanel, cam: Camera) -> None:
    opts = RenderOptions()
    r.draw(screen, cam, opts)
    h = r.hex_at(cam, SIZE[0] / 2, SIZE[1] / 2)
    if h is not None:
        r.outline(screen, cam, h, (255, 246, 192))
        panel.draw(screen, r.board.hex_name(h), r.board.describe(h), cam.zoom)


class Naive:
    """Every hex every frame: tiles (pre-scaled per zoom), outline, label."""

    def __init__(self, r: MapRenderer) -> None:
        self.r = r
        self.scaled: dict[float, dict[int, pygame.Surface]] = {}
        self.labels: dict[float, list[tuple[Hex, pygame.Surface]]] = {}
        font = pygame.font.Font(None, 15)
        for z in LEVELS:
            self.scaled[z] = {
                gid: pygame.transform.smoothscale(
                    img, (max(1, round(img.get_width() * z)), max(1, round(img.get_height() * z)))
                ).convert_alpha()
                for gid, img in r.tiles.images.items()
            }
            self.labels[z] = [
                (Hex(c, rw), font.render(r.board.hex_name(Hex(c, rw)), True, (20, 20, 20)))
                for c in range(r.board.width)
                for rw in range(r.board.height)
            ]

    def frame(self, screen, panel: HoverPanel, cam: Camera) -> None:
        r, z = self.r, cam.zoom
        lay = r.layout_at(z)
        screen.fill(r.background)
        ox, oy = cam.to_screen(0, 0)
        for layer in r.tiles.layers:
            for row in range(r.board.height):
                for col in range(r.board.width):
                    gid = int(layer.gids[row, col])
                    if gid:
                        x, y = lay.cell_origin(Hex(col, row))
                        screen.blit(self.scaled[z][gid], (ox + x, oy + y))
        for h, text in self.labels[z]:
            pts = [(ox + x, oy + y) for x, y in lay.corners(h)]
            pygame.draw.lines(screen, (58, 63, 51), True, pts)
            cx, top = lay.centre(h)[0], lay.cell_origin(h)[1]
            screen.blit(text, (ox + cx - text.get_width() / 2, oy + top + 2))
        h = r.hex_at(cam, SIZE[0] / 2, SIZE[1] / 2)
        if h is not None:
            r.outline(screen, cam, h, (255, 246, 192))
            panel.draw(screen, r.board.hex_name(h), r.board.describe(h), cam.zoom)


def timed(fn, cams: list[Camera]) -> list[float]:
    out = []
    for cam in cams:
        t0 = time.perf_counter()
        fn(cam)
        pygame.display.flip()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("map", nargs="?", type=Path, default=DEFAULT_MAP)
    ap.add_argument("--frames", type=int, default=400)
    args = ap.parse_args()
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    r = MapRenderer(load_map(args.map), load_tile_map(args.map), cache_size=len(LEVELS))
    panel = HoverPanel(r.palette)
    print(f"map {args.map.name}: {r.board.width}x{r.board.height} hexes, window {SIZE}")
    for z in LEVELS:
        t0 = time.perf_counter()
        r.surface(z, RenderOptions())
        print(f"  cache build at zoom {z:4}: {(time.perf_counter() - t0) * 1000:7.1f} ms (once)")
    cams = camera_path(args.frames, r)
    fast = timed(lambda c: cached_frame(screen, r, panel, c), cams)
    naive = Naive(r)
    slow = timed(lambda c: naive.frame(screen, panel, c), cams[:: max(1, len(cams) // 60)])
    m_fast, m_slow = statistics.median(fast), statistics.median(slow)
    p90 = statistics.quantiles(fast, n=10)[-1]
    print(f"cached surface  : median {m_fast:6.2f} ms  p90 {p90:6.2f} ms  ({len(fast)} frames)")
    print(f"naive redraw    : median {m_slow:6.2f} ms  ({len(slow)} frames)")
    print(
        f"ratio naive/cached: {m_slow / m_fast:.1f}x   goal: median <= 4 ms -> "
        f"{'met' if m_fast <= 4 else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
