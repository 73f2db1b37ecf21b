"""Big maps drawn piece by piece: the window and ``preview --png`` in bounded memory.

The renderer (render.py) caches the whole map at each zoom as one surface, which is what
keeps a frame cheap; a 150x150 map at 100% is a 9,500 x 10,800 px surface, a 998x999 one
would be 63,000 x 72,000. Past :data:`SURFACE_PIXELS` the map is drawn in square pieces
instead: each piece is the map rendered for a small board cut out around it (its hexes
plus a margin of hexes whose tiles, offsets and strokes can reach into it), by the same
renderer code, and cropped, so pieces meet without seams. The window keeps the pieces
it shows (least recently used dropped); the PNG writer (pngout.py) asks for them row by
row. A piece names its hexes as the whole map does (labels) and follows the board now
(fallen bridges and buildings), like the whole-map surface.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import replace
from typing import Any

import pygame

from game.board import ARRAY_FIELDS, Board, board_from_arrays
from game.hexgrid import Hex

from .camera import Camera
from .tiles import TileMap

SURFACE_PIXELS = 36_000_000  # a map up to this many pixels at a zoom is one cached surface
PIECE = 512  # window pieces are PIECE x PIECE screen pixels
KEPT = 64  # pieces the window keeps (about 64 MB)


def cut_board(board: Board, r0: int, r1: int, c0: int, c1: int) -> Board:
    """Rows r0..r1-1, columns c0..c1-1 of a board (c0 even: the columns keep their stagger)."""
    return board_from_arrays({f: getattr(board, f)[r0:r1, c0:c1] for f in ARRAY_FIELDS})


def cut_tiles(tiles: TileMap, col_shift: int, r0: int, r1: int, c0: int, c1: int) -> TileMap:
    """The tile layers under board rows r0..r1-1 and columns c0..c1-1. An even-stagger map
    has its tiles one column east of the board (render.py): a cut starting past the added
    column then starts on an odd tile column, so it staggers as an odd-stagger map."""
    t0 = max(c0 - col_shift, 0)
    t1 = max(c1 - col_shift, t0)
    layers = tuple(replace(ly, gids=ly.gids[r0:r1, t0:t1]) for ly in tiles.layers)
    layout = tiles.layout
    if col_shift and c0 > 0:
        layout = replace(layout, stagger_odd=True)
    return replace(tiles, cols=t1 - t0, rows=r1 - r0, layers=layers, layout=layout,
                   margins=(0, 0, 0, 0))  # fmt: skip


def reach_px(tiles: TileMap) -> float:
    """Scale-1 pixels beyond its own cell that a hex's drawing can reach: tiles larger
    than their cell or offset from it (a turned tile grows by up to ~40%), layer offsets,
    and the widest strokes (kerbs, railings) and label halos."""
    lay = tiles.layout
    reach = float(max(tiles.margins, default=0))
    for gid, (w, h) in tiles.sizes.items():
        dx, dy = tiles.offsets.get(gid, (0, 0))
        reach = max(reach, w - lay.cell_width + abs(dx), h - lay.cell_height + abs(dy))
    return 1.5 * max(reach, 0.0) + 24.0


def render_region(
    renderer: Any,
    zoom: float,
    options: Any,
    rect: pygame.Rect,
    frame: tuple[int, int] = (0, 0),
) -> pygame.Surface:
    """The map as ``renderer.surface(zoom, options)`` would show it inside ``rect`` (zoomed
    pixels of that surface; ``frame``: scale-1 pixels the surface has west and north of
    the map, the layer-offset margins of a tiles-only picture), drawn from a cut-out
    board. Outside the map: the background colour (transparent for tiles only)."""
    tiles_only = bool(options.tiles_only)
    size = rect.size
    out = pygame.Surface(size, pygame.SRCALPHA, 32) if tiles_only else pygame.Surface(size)
    out.fill((0, 0, 0, 0) if tiles_only else renderer.background)
    board, lay = renderer.board, renderer.layout
    # Every hex whose drawing can reach the rectangle, and one ring more: a cut board's
    # edge hexes lack what their outer neighbours add (contours, joined roads).
    reach = reach_px(renderer.tiles)
    x0, x1 = rect.left / zoom - frame[0] - reach, rect.right / zoom - frame[0] + reach
    y0, y1 = rect.top / zoom - frame[1] - reach, rect.bottom / zoom - frame[1] + reach
    c0 = max(0, math.floor((x0 - lay.cell_width) / lay.column_width) - 1) & ~1
    c1 = min(board.width, math.ceil(x1 / lay.column_width) + 2)
    r0 = max(0, math.floor((y0 - lay.cell_height - lay.row_height) / lay.cell_height) - 1)
    r1 = min(board.height, math.ceil(y1 / lay.cell_height) + 2)
    c0 = _aligned(c0, lay.column_width, zoom, 2)  # the cut starts on a whole zoomed pixel
    r0 = _aligned(r0, lay.cell_height, zoom, 1)
    if c0 >= c1 or r0 >= r1:
        return out
    shift = renderer.col_shift
    piece = type(renderer)(
        cut_board(renderer.tile_board, r0, r1, c0, c1),
        cut_tiles(renderer.tiles, shift, r0, r1, c0, c1),
        renderer.palette,
        cache_size=1,
        label_origin=Hex(c0, r0),
        label_size=(board.width, board.height),
    )
    if renderer.board is not renderer.tile_board:
        piece.set_board(cut_board(board, r0, r1, c0, c1))
    surf = piece.surface(zoom, options)
    ox = round((frame[0] + c0 * lay.column_width) * zoom)
    oy = round((frame[1] + r0 * lay.cell_height) * zoom)
    out.blit(surf, (ox - rect.left, oy - rect.top))
    return out


def _aligned(first: int, pitch: int, zoom: float, step: int) -> int:
    """``first`` moved down to a multiple of the smallest k (a multiple of ``step``, at
    most 40) for which k * pitch * zoom is a whole number of pixels, so that pieces cut
    there line up with each other to the pixel; ``first`` rounded to ``step`` if none."""
    for k in range(step, 41, step):
        if abs(k * pitch * zoom - round(k * pitch * zoom)) < 1e-6:
            return first - first % k
    return first - first % step


class ChunkCache:
    """The window's pieces of one renderer's map, per zoom and options."""

    def __init__(self, renderer: Any) -> None:
        self.renderer = renderer
        self._pieces: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def clear(self) -> None:
        self._pieces.clear()

    def piece(self, zoom: float, options: Any, i: int, j: int) -> pygame.Surface:
        key = (zoom, options, i, j)
        hit = self._pieces.get(key)
        if hit is None:
            rect = pygame.Rect(i * PIECE, j * PIECE, PIECE, PIECE)
            hit = render_region(self.renderer, zoom, options, rect)
            if pygame.display.get_surface() is not None:
                hit = hit.convert_alpha() if options.tiles_only else hit.convert()
            self._pieces[key] = hit
            while len(self._pieces) > KEPT:
                self._pieces.popitem(last=False)
        else:
            self._pieces.move_to_end(key)
        return hit

    def draw(self, screen: pygame.Surface, camera: Camera, options: Any) -> None:
        """Fill the camera's viewport with the pieces it overlaps."""
        vx, vy, vw, vh = camera.view
        screen.fill(self.renderer.background, pygame.Rect(vx, vy, vw, vh))
        mw, mh = self.renderer.map_size(camera.zoom)
        left, top = max(0, math.floor(camera.x)), max(0, math.floor(camera.y))
        right = min(mw, math.ceil(camera.x + vw))
        bottom = min(mh, math.ceil(camera.y + vh))
        old = screen.get_clip()
        screen.set_clip(pygame.Rect(vx, vy, vw, vh))
        for j in range(top // PIECE, (bottom - 1) // PIECE + 1 if bottom > top else 0):
            for i in range(left // PIECE, (right - 1) // PIECE + 1 if right > left else 0):
                surf = self.piece(camera.zoom, options, i, j)
                sx, sy = camera.to_screen(i * PIECE, j * PIECE)
                screen.blit(surf, (round(sx), round(sy)))
        screen.set_clip(old)
