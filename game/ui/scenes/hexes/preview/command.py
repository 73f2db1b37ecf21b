"""``python main.py preview MAP.tmx``: look at a map before playing on it.

A resizable window with pan, zoom about the pointer, a hover panel (hex name, level,
terrain) and toggles for the grid, hex labels and elevation shading; ``--png`` renders the
whole map to an image without opening a window, ``--tiles-only`` draws the tile layers
alone (what Tiled's tmxrasterizer draws). See docs/preview.md.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from game.core.errors import UserFacingError
from game.ui.map.camera import ZOOMS, fit_zoom, nearest_zoom_index

DEFAULT_SIZE = (1280, 800)


class PreviewError(UserFacingError):
    """Bad previewer arguments (one sentence)."""


@dataclass(frozen=True, slots=True)
class Args:
    map: Path
    png: Path | None
    zoom: float | None
    tiles_only: bool
    size: tuple[int, int]
    grid: bool
    labels: bool
    elevation: bool


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise PreviewError(f"--size {text!r} must look like 1280x800") from None
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        raise PreviewError(f"--size {text} must be between 320x240 and 8192x8192")
    return w, h


def parse_args(argv: Sequence[str]) -> Args:
    ap = argparse.ArgumentParser(prog="python main.py preview", description=__doc__)
    ap.add_argument("map", type=Path, help="the map to show: Tiled (.tmx) or MegaMek (.board)")
    ap.add_argument("--png", type=Path, help="render the whole map to this PNG and exit")
    ap.add_argument("--zoom", type=float, help="zoom (window: nearest level; --png: exact)")
    ap.add_argument("--tiles-only", action="store_true", help="draw the tile layers alone")
    ap.add_argument("--size", default=None, help="window size, e.g. 1280x800")
    ap.add_argument("--no-grid", action="store_true", help="start without the hex grid")
    ap.add_argument("--no-labels", action="store_true", help="start without hex labels")
    ap.add_argument("--no-elevation", action="store_true", help="start without shading")
    ns = ap.parse_args(list(argv))
    if ns.zoom is not None and not 0.05 <= ns.zoom <= 4.0:
        raise PreviewError(f"--zoom {ns.zoom} must be between 0.05 and 4")
    return Args(
        map=ns.map,
        png=ns.png,
        zoom=ns.zoom,
        tiles_only=ns.tiles_only,
        size=_size(ns.size) if ns.size else DEFAULT_SIZE,
        grid=not ns.no_grid,
        labels=not ns.no_labels,
        elevation=not ns.no_elevation,
    )


def load(path: Path):
    """Board and tile layers of a map; every problem is a one-sentence UserFacingError."""
    from game.maps import read_map
    from game.ui.map.board_tiles import load_map_tiles

    read = read_map(path)
    if read.warnings:  # a MegaMek board's terrain we do not play, said once
        print(read.left_out())
    tiles = load_map_tiles(path, read.board)
    return read.board, tiles


def render_png(args: Args) -> int:
    """Headless: the whole map at ``--zoom`` (default 1) into ``--png``. A picture too big
    for memory is written band by band (game.ui.map.pngout); one too big to write at all is
    refused, before anything is drawn, with the zoom that fits."""
    import pygame

    from game.ui.map.pngout import check_size, stream_png
    from game.ui.map.render import MapRenderer, RenderOptions
    from game.ui.map.tiles import render_tiles_only

    out = args.png
    assert out is not None
    if not out.parent.is_dir():
        raise PreviewError(f"{out}: the folder {out.parent} does not exist")
    zoom = args.zoom or 1.0
    check_size(args.map, *_header_size(args.map, zoom), zoom)  # before reading the layers
    board, tiles = load(args.map)
    pygame.font.init()
    renderer = MapRenderer(board, tiles, cache_size=1)
    opts = RenderOptions(args.grid, args.labels, args.elevation, tiles_only=args.tiles_only)
    size, frame = renderer.map_size(zoom), (0, 0)
    if args.tiles_only:  # exactly Tiled's picture (tmxrasterizer): the tile layers' frame
        left, top, right, bottom = tiles.margins
        tw, th = tiles.size
        size = (round((tw + left + right) * zoom), round((th + top + bottom) * zoom))
        frame = (left - renderer.col_shift * renderer.layout.column_width, top)
    check_size(args.map, size[0], size[1], zoom)
    try:
        if renderer.chunked(zoom):
            stream_png(out, renderer, zoom, opts, size, frame)
        else:
            whole = (
                render_tiles_only(tiles, zoom) if args.tiles_only else renderer.surface(zoom, opts)
            )
            pygame.image.save(whole, str(out))
    except (pygame.error, OSError) as e:
        raise PreviewError(f"{out}: cannot write the image ({e})") from None
    print(f"{out}: {size[0]}x{size[1]} px, zoom {zoom}")
    return 0


def _header_size(path: Path, zoom: float) -> tuple[int, int]:
    """The picture's size from the map's header alone (the map attributes)."""
    from game.layout import HexLayout
    from game.maps.checks import check_header, read_xml

    where = str(path)
    if path.suffix.lower() == ".board":  # a MegaMek board: sized by its own size line
        from game.maps import load_map
        from game.maps.tmx_write import SIDE, TH, TW

        board = load_map(path)
        return HexLayout(TW, TH, SIDE, True, zoom).map_size(board.width, board.height)
    h = check_header(read_xml(path, where), where)
    lay = HexLayout(int(h.tilewidth), int(h.tileheight), int(h.side), True, zoom)
    return lay.map_size(h.width + (1 if h.even else 0), h.height)


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    if args.png is not None:
        return render_png(args)
    return run_window(args)


def start_zoom(map_size_at_1: tuple[int, int], view: tuple[int, int]) -> float:
    """The opening zoom: the one that fills the window with the whole map (issue 25,
    finding 17: a small map no longer opens at 50 %), between 50 % (a big map stays
    readable, the rest is a drag away) and 100 % (the art's own size)."""
    return min(1.0, max(0.5, fit_zoom(*map_size_at_1, *view)))


def run_window(args: Args) -> int:
    """The interactive previewer; returns 0 when closed (Esc or the window's close box)."""
    board, tiles = load(args.map)
    # pygame sets the class to the script name on import unless it is set: insist.
    os.environ["SDL_VIDEO_X11_WMCLASS"] = "hexplate"
    import pygame

    from .loop import PreviewLoop

    try:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(f"hexplate preview - {args.map.name}", "hexplate")
        screen = pygame.display.set_mode(args.size, pygame.RESIZABLE)
    except pygame.error as e:
        pygame.quit()
        raise PreviewError(
            f"cannot open a window ({e}); use --png OUT.png to render {args.map} without one"
        ) from None
    try:
        loop = PreviewLoop(board, tiles, screen, title=args.map.name)
        loop.options = replace(
            loop.options,
            grid=args.grid,
            labels=args.labels,
            elevation=args.elevation,
            tiles_only=args.tiles_only,
        )
        if args.zoom is not None:
            zoom = ZOOMS[nearest_zoom_index(args.zoom)]
        else:
            zoom = start_zoom(loop.renderer.map_size(1.0), screen.get_size())
        loop.start(zoom)
        return loop.run()
    finally:
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
