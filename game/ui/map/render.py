"""The game's map renderer: one cached map surface per zoom level, blitted per frame.

A frame never redraws hexes. The tiles are composed once at scale 1, exactly as Tiled
does (``tiles.draw_tiles``), then scaled to each zoom level when that level is first
shown; contours, roads, bridges, the grid and the XXYY labels are drawn on top in vector
form at that zoom and the result is kept (a few levels, least recently used dropped).
Per frame the visible part of that surface is blitted and only the small overlays
(hover outline, HUD) are drawn, which keeps a 1920x1080 frame within a few milliseconds.

Some tiles are left to the renderer: with elevation shading off, tiles that carry a
``level`` are skipped; in road hexes the central road pad and bridge tiles are replaced
by road strokes and decks that follow the hex's actual road exits.

The board changes in play (MOV-27: bridge hexes collapse; buildings fall to rubble), the
tile layers do not. :meth:`MapRenderer.set_board` takes the board now; when its terrain
differs from the one drawn, every cached surface is dropped and rebuilt: the tiles of a
fallen bridge (and its road strokes) are left out so the water or ground tile below shows,
with broken deck ends at its sides, and a fallen building's tile gives way to the
tileset's rubble tile.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace

import numpy as np
import pygame

from game.board import Board
from game.hexgrid import Hex
from game.layout import HexLayout
from game.ui.widgets.fonts import font
from game.ui.widgets.palette import Colour, Palette, load_palette

from . import mapdraw
from .camera import Camera
from .chunks import SURFACE_PIXELS, ChunkCache
from .tiles import TileMap, draw_tile_at, draw_tiles, render_tiles_only, rubble_gid

# The arrays whose change shows on the map (building CF alone does not).
DRAWN = ("bridge_class", "building_class", "rubble", "road_exits", "water", "level", "woods")


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """What the cached map surface shows; each combination is cached separately."""

    grid: bool = True
    labels: bool = True
    elevation: bool = True
    tiles_only: bool = False


def _truthy(value: object) -> bool:
    return value is True or str(value).lower() in ("true", "1", "yes")


class MapRenderer:
    """Draws one map (its Board and its tile layers) at any of the camera's zoom levels."""

    def __init__(
        self,
        board: Board,
        tiles: TileMap,
        palette: Palette | None = None,
        *,
        cache_size: int = 3,
        label_origin: Hex = mapdraw.ORIGIN,
        label_size: tuple[int, int] | None = None,
    ) -> None:
        # The map loader reads a staggerindex="even" map with one extra clear column on
        # the west (Tiled column c is board column c + 1), so the board keeps its odd-down
        # layout; the tiles are then drawn one column to the east.
        self.col_shift = 0 if tiles.layout.stagger_odd else 1
        if (tiles.cols + self.col_shift, tiles.rows) != (board.width, board.height):
            raise ValueError(
                f"tile layers are {tiles.cols}x{tiles.rows} but the board is "
                f"{board.width}x{board.height}"
            )
        self.board = board
        self.tile_board = board  # the terrain the tile layers show (the map as loaded)
        self.tiles = tiles
        self.palette = palette or load_palette()
        self.layout: HexLayout = replace(tiles.layout, stagger_odd=True, scale=1.0)
        bg = tiles.background
        self.background: Colour = bg[:3] if bg else self.palette.colour("ui", "background")
        self._cache: OrderedDict[tuple[float, RenderOptions], pygame.Surface] = OrderedDict()
        self._cache_size = max(1, cache_size)
        self._base: dict[bool, pygame.Surface] = {}
        self._scaled: tuple[tuple[float, bool], pygame.Surface] | None = None
        # A piece of a larger map (game.ui.map.chunks) names its hexes as that map does.
        self.label_origin, self.label_size = label_origin, label_size
        self._chunks: ChunkCache | None = None  # big maps: drawn piece by piece
        self._layouts: dict[float, HexLayout] = {}

    # --- the board now ---------------------------------------------------------------------
    def chunked(self, zoom: float) -> bool:
        """Whether the map at ``zoom`` is too big for one cached surface (a zoom below 1
        is scaled from the scale-1 tiles): then it is drawn in pieces (game.ui.map.chunks)."""
        w, h = self.map_size(max(zoom, 1.0))
        return w * h > SURFACE_PIXELS

    def set_board(self, board: Board) -> bool:
        """Draw ``board`` from now on (same size as the map). Returns True when its terrain
        differs from what the cached surfaces show, which are then all dropped."""
        if board is self.board:
            return False
        if board.shape != self.board.shape:
            raise ValueError(f"the board is {board.width}x{board.height}, the map is not")
        same = all(np.array_equal(getattr(board, k), getattr(self.board, k)) for k in DRAWN)
        self.board = board
        if same:
            return False
        self.clear_cache()
        self._base.clear()
        if self._chunks is not None:
            self._chunks.clear()
        return True

    def fallen_bridges(self) -> np.ndarray:
        """[row, col] True where the tiles show a bridge the board no longer has (MOV-27)."""
        return (self.tile_board.bridge_class > 0) & (self.board.bridge_class <= 0)

    def fallen_buildings(self) -> np.ndarray:
        """[row, col] True where the tiles show a building that is now gone or rubble."""
        tb, b = self.tile_board, self.board
        return ((tb.building_class > 0) & (b.building_class <= 0)) | (b.rubble & ~tb.rubble)

    # --- geometry ------------------------------------------------------------------------
    def layout_at(self, zoom: float) -> HexLayout:
        lay = self._layouts.get(zoom)
        if lay is None:  # asked per unit per frame: keep one per zoom level
            if len(self._layouts) > 32:  # fitted zooms of many window sizes: start afresh
                self._layouts.clear()
            lay = self._layouts[zoom] = self.layout.scaled(zoom)
        return lay

    def map_size(self, zoom: float) -> tuple[int, int]:
        return self.layout_at(zoom).map_size(self.board.width, self.board.height)

    def hex_at(self, camera: Camera, sx: float, sy: float) -> Hex | None:
        """The on-board hex under a screen point, or None."""
        if not camera.in_view(sx, sy):
            return None
        h = self.layout_at(camera.zoom).pixel_to_hex(*camera.to_map(sx, sy))
        return h if self.board.contains(h) else None

    def hex_centre_on_screen(self, camera: Camera, h: Hex) -> tuple[float, float]:
        return camera.to_screen(*self.layout_at(camera.zoom).centre(h))

    def hex_polygon_on_screen(self, camera: Camera, h: Hex) -> list[tuple[float, float]]:
        return [camera.to_screen(x, y) for x, y in self.layout_at(camera.zoom).corners(h)]

    # --- cached surfaces -----------------------------------------------------------------
    def _skip(self, elevation: bool):
        board, props, shift = self.board, self.tiles.properties, self.col_shift
        bridges, buildings = self.fallen_bridges(), self.fallen_buildings()

        def skip(gid: int, col: int, row: int) -> bool:
            p = props.get(gid, {})
            if not elevation and "level" in p:
                return True
            if bridges[row, col + shift] and ("bridge" in p or _truthy(p.get("road"))):
                return True  # MOV-27: the deck is gone, the hex below shows
            if buildings[row, col + shift] and "building" in p:
                return True  # under the rubble tile drawn after the layers
            # In road hexes the strokes replace the pad, and decks replace bridge tiles.
            exits = board.road_exits[row, col + shift]
            return bool(exits) and ("bridge" in p or _truthy(p.get("road")))

        return skip

    def _origin(self) -> tuple[int, int]:
        return self.col_shift * self.layout.column_width, 0

    def _fill_added_column(self, surf: pygame.Surface) -> None:
        """The clear column added west of a staggerindex="even" map gets clear ground."""
        clear = [g for g, p in self.tiles.properties.items() if p.get("terrain") == "clear"]
        if not self.col_shift or not clear or clear[0] not in self.tiles.images:
            return
        img = self.tiles.images[clear[0]]
        for row in range(self.board.height):
            x, y = self.layout.cell_origin_unscaled(0, row)
            surf.blit(img, (x, y + self.layout.cell_height - img.get_height()))

    def _base_tiles(self, elevation: bool) -> pygame.Surface:
        """Tiles at scale 1 on the background colour (opaque, so blits are cheap)."""
        if elevation not in self._base:
            surf = pygame.Surface(self.map_size(1.0))
            surf.fill(self.background)
            self._fill_added_column(surf)
            draw_tiles(surf, self.tiles, skip=self._skip(elevation), origin=self._origin())
            self._draw_rubble(surf)
            self._base[elevation] = surf
        return self._base[elevation]

    def _draw_rubble(self, surf: pygame.Surface) -> None:
        """The tileset's rubble tile over every building that fell (vector debris when the
        tileset has none, drawn later in ``_decorate``)."""
        gid = rubble_gid(self.tiles)
        if gid is None:
            return
        rows, cols = np.nonzero(self.fallen_buildings())
        for r, c in zip(rows, cols, strict=True):
            if c - self.col_shift >= 0:
                draw_tile_at(surf, self.tiles, gid, int(c) - self.col_shift, int(r), self._origin())

    def _tiles_only(self, zoom: float) -> pygame.Surface:
        """The tile layers alone on a transparent surface, in the board's frame."""
        if not self.col_shift:
            return render_tiles_only(self.tiles, zoom)
        surf = pygame.Surface(self.map_size(1.0), pygame.SRCALPHA, 32)
        surf.fill((0, 0, 0, 0))
        draw_tiles(surf, self.tiles, origin=self._origin())
        return surf if zoom == 1.0 else pygame.transform.smoothscale(surf, self.map_size(zoom))

    def _scaled_tiles(self, zoom: float, elevation: bool) -> pygame.Surface:
        key = (zoom, elevation)
        if self._scaled is None or self._scaled[0] != key:
            base = self._base_tiles(elevation)
            size = self.map_size(zoom)
            surf = base if zoom == 1.0 else pygame.transform.smoothscale(base, size)
            self._scaled = (key, surf)
        return self._scaled[1]

    def surface(self, zoom: float, options: RenderOptions = RenderOptions()) -> pygame.Surface:
        """The whole map at ``zoom`` with ``options`` (built on first use, then cached)."""
        key = (zoom, options)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        if options.tiles_only:
            surf = self._tiles_only(zoom)
        else:
            surf = self._scaled_tiles(zoom, options.elevation).copy()
            self._decorate(surf, zoom, options)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha() if options.tiles_only else surf.convert()
        self._cache[key] = surf
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return surf

    def _decorate(self, surf: pygame.Surface, zoom: float, options: RenderOptions) -> None:
        lay, board, pal = self.layout_at(zoom), self.board, self.palette
        if options.elevation:
            mapdraw.draw_contours(surf, board, lay, pal)
        fallen = self.fallen_bridges()
        if rubble_gid(self.tiles) is None:
            mapdraw.draw_debris(surf, self.fallen_buildings(), lay, pal)
        mapdraw.draw_roads(surf, board, lay, pal, gone=fallen)
        mapdraw.draw_broken_decks(surf, self.tile_board, fallen, lay, pal)
        if options.grid:
            mapdraw.draw_grid(surf, board.width, board.height, lay, pal)
        if options.labels and zoom >= mapdraw.LABEL_MIN_ZOOM:
            f = font(mapdraw.label_font_size(zoom))
            mapdraw.draw_labels(surf, board, lay, pal, f, self.label_origin, self.label_size)

    def cached(self, zoom: float, options: RenderOptions = RenderOptions()) -> bool:
        """Whether ``surface`` would answer at once (always, for a map drawn in pieces:
        it has no whole surface to build ahead)."""
        return (zoom, options) in self._cache or self.chunked(zoom)

    def clear_cache(self) -> None:
        self._cache.clear()
        self._scaled = None

    # --- per frame -----------------------------------------------------------------------
    def draw(
        self, screen: pygame.Surface, camera: Camera, options: RenderOptions = RenderOptions()
    ) -> None:
        """Fill the camera's viewport: background, then the visible part of the map."""
        if self.chunked(camera.zoom):
            if self._chunks is None:
                self._chunks = ChunkCache(self)
            self._chunks.draw(screen, camera, options)
            return
        surf = self.surface(camera.zoom, options)
        vx, vy, vw, vh = camera.view
        view = pygame.Rect(vx, vy, vw, vh)
        src = pygame.Rect(round(camera.x), round(camera.y), vw, vh).clip(surf.get_rect())
        dest = (vx + src.x - round(camera.x), vy + src.y - round(camera.y))
        if src.w < vw or src.h < vh or options.tiles_only:
            screen.fill(self.background, view)
        if src.w > 0 and src.h > 0:
            screen.blit(surf, dest, src)

    def outline(
        self,
        screen: pygame.Surface,
        camera: Camera,
        h: Hex,
        colour: Colour,
        width: int = 3,
    ) -> None:
        """A hex border on screen (hover, selection); clipped to the viewport."""
        pts = self.hex_polygon_on_screen(camera, h)
        old = screen.get_clip()
        screen.set_clip(pygame.Rect(camera.view))
        pygame.draw.polygon(screen, colour, pts, width)
        pygame.draw.aalines(screen, colour, True, pts)
        screen.set_clip(old)
