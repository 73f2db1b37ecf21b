"""The map part of the play and deployment screens: renderer, camera, picking, units.

Reuses the previewer's renderer (one cached map surface per zoom) and camera; adds pan by
middle drag, Space+drag or the arrow keys, zoom about the pointer, and the unit counters.
With ``HEXPLATE_DEBUG_LAYOUT=path`` it writes a JSON of every visible hex's centre in
window pixels (and where each unit stands) whenever the view changes, so an end-to-end
test driving a real window knows where to click.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from game.board import Board
from game.hexgrid import Hex
from game.layout import DEFAULT_LAYOUT
from game.maps import is_map_file
from game.setup import GAME_ROOT
from game.state import GameState
from game.units.unit import Unit

from .board_tiles import load_map_tiles
from .camera import (
    HOLD_DELAY,
    PAN_STEP,
    ZOOMS,
    Camera,
    fit_zoom,
    floor_index,
    held_pan,
    nearest_zoom_index,
)
from .fliers import draw_flier
from .overlays import Layer, terrain_layer
from .render import MapRenderer, RenderOptions
from .sprites import draw_unit
from .stacks import stack_offsets
from .tiles import TileMap

TERRAIN_WHOLE = 64 * 64  # untiled boards up to this size get one terrain surface
TERRAIN_BLOCK = 16  # bigger ones: hexes near the view, in blocks of this many
READABLE = 0.4  # a starting view below this zoom is too small to click hexes in
LEGIBLE = 0.5  # the starting zoom then (the player pans to the rest)
NEARLY_ALL = 1.1  # a zone fitted within 10 % of the whole map's fit: fit the whole map

PAN_KEYS = {
    pygame.K_LEFT: (1, 0),
    pygame.K_RIGHT: (-1, 0),
    pygame.K_UP: (0, 1),
    pygame.K_DOWN: (0, -1),
}


def map_path(state: GameState) -> Path | None:
    ref = state.start.map_ref
    if not ref:
        return None
    p = Path(ref)
    return p if p.is_absolute() else GAME_ROOT / p


def tiles_for(state: GameState) -> TileMap:
    """The map's tile layers, or an empty tile map for an inline (scenario) board."""
    board = state.start_board or state.board
    path = map_path(state)
    if path is not None and is_map_file(path) and path.is_file():
        tiles = load_map_tiles(path, board)
        if (tiles.cols, tiles.rows) == (board.width, board.height):
            return tiles
    return TileMap(Path(""), board.width, board.height, DEFAULT_LAYOUT, (), {}, {}, {}, {})


_RENDERERS: dict[tuple[object, ...], MapRenderer] = {}  # the map file (or board) -> its renderer


def shared_renderer(board: Board, tiles: TileMap) -> MapRenderer:
    """One renderer per map file, kept across scenes (its zoom surfaces are costly)."""
    key = (str(tiles.path), board.width, board.height) if tiles.layers else (id(board),)
    if key not in _RENDERERS:
        if len(_RENDERERS) >= 2:
            _RENDERERS.pop(next(iter(_RENDERERS)))
        _RENDERERS[key] = MapRenderer(board, tiles, cache_size=4)
    return _RENDERERS[key]


class MapView:
    """Camera and renderer of one board inside a screen rectangle."""

    def __init__(self, board: Board, tiles: TileMap) -> None:
        self.board = board
        self.renderer = shared_renderer(board, tiles)
        self.options = RenderOptions()
        self.camera = Camera()
        self.drag: tuple[int, int] | None = None
        self.view_changed = True
        self.untiled = not tiles.layers
        self._debug_extra: dict[str, Any] = {}
        self._terrain: tuple[tuple[object, ...], Layer] | None = None  # key, flat terrain
        self._view_memo: tuple[Camera, float, float] | None = None  # camera, wanted centre
        self._held: dict[int, float] = {}  # arrow keys down: since when

    # --- geometry -------------------------------------------------------------------------
    def set_view(self, rect: pygame.Rect, fit: bool = False) -> None:
        """The map's rectangle on screen (a new screen, Tab, F2, a resized window). ``fit``:
        the whole map in view. Otherwise the player's zoom is kept: a fitted map is fitted
        again to the new size (never cut, issue 25), any other zoom stays, with the map
        point that was in the middle of the view still there."""
        view = (rect.x, rect.y, max(1, rect.w), max(1, rect.h))
        if fit or self.camera.at_fit:
            self.camera = self.camera.with_view(view)
            self.fit_map()
            return
        cam = self.camera
        memo = self._view_memo
        if memo is not None and memo[0] == cam:  # not moved since: the centre wanted then
            mx, my = memo[1], memo[2]
        else:
            mx, my = cam.to_map(cam.view[0] + cam.view[2] / 2, cam.view[1] + cam.view[3] / 2)
        self.camera = self._fitted(cam.with_view(view)).centred_on(mx, my)
        self._clamp()
        self._view_memo = (self.camera, mx, my)

    def _fitted(self, cam: Camera) -> Camera:
        """``cam`` knowing the zoom that fits the whole map in its view."""
        w, h = self.renderer.map_size(1.0)
        return replace(cam, fit=fit_zoom(w, h, cam.view[2], cam.view[3]))

    def adopt(self, camera: Camera) -> None:
        """Show what another screen's ``camera`` showed (the kept camera, game.ui.app.follow)
        in this view's rectangle: a fitted map is fitted again."""
        view = self.camera.view
        if camera.at_fit:
            self.camera = self.camera.with_view(view)
            self.fit_map()
            return
        self.camera = self._fitted(camera.with_view(view))
        self._clamp()

    def _clamp(self) -> None:
        self.camera = self.camera.clamped(*self.renderer.map_size(self.camera.zoom))
        self.view_changed = True

    @property
    def layout(self):
        return self.renderer.layout_at(self.camera.zoom)

    def hex_at(self, pos: tuple[int, int]) -> Hex | None:
        return self.renderer.hex_at(self.camera, *pos)

    def centre(self, h: Hex) -> tuple[float, float]:
        return self.renderer.hex_centre_on_screen(self.camera, h)

    def hex_box(self, h: Hex) -> pygame.Rect:
        """The screen rectangle around hex ``h`` (a tooltip keeps clear of it)."""
        pts = self.renderer.hex_polygon_on_screen(self.camera, h)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)),
                           round(max(ys) - min(ys)))  # fmt: skip

    def centre_on(self, h: Hex) -> None:
        x, y = self.layout.centre(h)
        self.camera = self.camera.centred_on(x, y)
        self._clamp()

    def ensure_visible(self, h: Hex) -> None:
        x, y = self.centre(h)
        vx, vy, vw, vh = self.camera.view
        m = 60
        if not (vx + m <= x <= vx + vw - m and vy + m <= y <= vy + vh - m):
            self.centre_on(h)

    # --- input ----------------------------------------------------------------------------
    def zoom(self, steps: int, at: tuple[float, float] | None = None) -> None:
        vx, vy, vw, vh = self.camera.view
        sx, sy = at if at is not None else (vx + vw / 2, vy + vh / 2)
        self.camera = self.camera.zoomed(steps, sx, sy)
        self._clamp()

    def fit_map(self) -> None:
        """Zoom and centre so the whole map fills the view (F, and the starting view)."""
        cam = self._fitted(self.camera)
        cam = cam.at_level(cam.fit if cam.fit is not None else ZOOMS[cam.zoom_index])
        mw, mh = self.renderer.map_size(cam.zoom)
        self.camera = cam.centred_on(mw / 2, mh / 2)
        self._clamp()

    def fit_hexes(self, hexes: Iterable[Hex], most: float = ZOOMS[-1]) -> None:
        """Zoom and centre so every hex of ``hexes`` is in view (a deployment zone): the
        whole map when that is nearly the same zoom; never below READABLE, where the
        view shows the hexes at LEGIBLE (:meth:`_frame`) and the player pans (a long zone
        of a big map). Never above ``most``."""
        hexes = list(hexes)
        lay = self.renderer.layout_at(1.0)
        pts = [p for h in hexes for p in lay.corners(h)]
        if not pts:
            return
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        _, _, vw, vh = self.camera.view
        cam = self._fitted(self.camera)
        z = fit_zoom(max(xs) - min(xs), max(ys) - min(ys), vw, vh)
        if z >= READABLE and cam.fit is not None and z <= cam.fit * NEARLY_ALL:
            self.fit_map()
            return
        z = min(most, ZOOMS[floor_index(z)] if z >= READABLE else LEGIBLE)  # a step
        self.camera = cam.at_level(z)
        self._frame(hexes)

    def focus(self, hexes: Iterable[Hex], screen_height: int | None = None) -> None:
        """Show ``hexes`` (centred, or with the map's nearer edge when they stay in view:
        :meth:`_frame`); given the window height, first zoom in to a readable level (at
        least 75%, more on tall windows)."""
        hexes = list(hexes)
        if not hexes:
            return
        if screen_height is not None:
            target = ZOOMS[nearest_zoom_index(max(0.75, screen_height / 1000))]
            if self.camera.zoom < target:
                self.camera = self._fitted(self.camera).at_level(target)
        self._frame(hexes)

    def _frame(self, hexes: Iterable[Hex]) -> None:
        """Show ``hexes`` at the camera's zoom: centred on them, or showing the map's edge
        when they stay in view (Camera.framing: never the first row half under the banner)."""
        lay = self.layout
        pts = [p for h in hexes for p in lay.corners(h)]
        if not pts:
            return
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = (min(xs), min(ys), max(xs), max(ys))
        margin = lay.tile_height * lay.scale * 2  # two hexes of the map around them
        self.camera = self.camera.framing(box, *self.renderer.map_size(self.camera.zoom), margin)
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.camera = self.camera.panned(dx, dy)
        self._clamp()

    def handle(self, event: pygame.event.Event, space_held: bool = False) -> bool:
        """Pan and zoom; True if the event was used for that."""
        if event.type == pygame.MOUSEBUTTONDOWN and (
            event.button == 2 or (event.button == 1 and space_held)
        ):
            self.drag = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.drag is not None and event.button in (1, 2):
            self.drag = None
            return True
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            dx, dy = event.pos[0] - self.drag[0], event.pos[1] - self.drag[1]
            self.drag = event.pos
            self.pan(dx, dy)
            return True
        if event.type == pygame.KEYUP:
            self._held.pop(event.key, None)
        if event.type == pygame.KEYDOWN:
            if event.key in PAN_KEYS:  # one press: a useful step; held: smooth panning
                self._held[event.key] = time.monotonic()
                kx, ky = PAN_KEYS[event.key]
                _, _, vw, vh = self.camera.view
                self.pan(kx * vw * PAN_STEP, ky * vh * PAN_STEP)
                return True
            if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom(1)
                return True
            if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom(-1)
                return True
        return False

    def held_keys(self, dt: float) -> bool:
        now = time.monotonic()
        pressed = pygame.key.get_pressed()
        for key in [k for k in self._held if not pressed[k]]:
            del self._held[key]  # let go while another screen had the keys
        keys = {k: v for k, v in PAN_KEYS.items() if now - self._held.get(k, now) > HOLD_DELAY}
        dx, dy = held_pan(pressed, keys, dt)
        if dx or dy:
            self.pan(dx, dy)
            return True
        return False

    # --- drawing --------------------------------------------------------------------------
    def sync(self, board: Board) -> None:
        """Show ``board``, the game's terrain now (a fallen bridge, rubble): the renderer
        (shared between scenes, so also reset to a new game's board) rebuilds its cached
        surfaces only when the drawn terrain really differs."""
        if board is not self.board:
            self.board = board
            self.renderer.set_board(board)
        elif board is not self.renderer.board:
            self.renderer.set_board(board)

    def draw_map(self, screen: pygame.Surface) -> None:
        self.renderer.draw(screen, self.camera, self.options)
        if self.untiled:  # an inline scenario board: flat terrain colours under the grid
            cols, rows = self._terrain_span()
            key = (self.camera.zoom, id(self.board), cols, rows)
            if self._terrain is None or self._terrain[0] != key:
                self._terrain = (key, terrain_layer(self.layout, self.board, cols, rows))
            self._terrain[1].draw(screen, self.camera)

    def _terrain_span(self) -> tuple[range, range]:
        """The whole board when small; else the hexes in view, widened to blocks of
        TERRAIN_BLOCK so panning redraws only now and then (a 999x999 board in view)."""
        b = self.board
        if b.width * b.height <= TERRAIN_WHOLE:
            return range(b.width), range(b.height)
        lay, cam = self.layout, self.camera
        x0, y0 = cam.x / lay.scale, cam.y / lay.scale
        x1, y1 = x0 + cam.view[2] / lay.scale, y0 + cam.view[3] / lay.scale
        k = TERRAIN_BLOCK
        c0 = max(0, int(x0 // lay.column_width) // k * k - k)
        c1 = min(b.width, (int(x1 // lay.column_width) // k + 2) * k)
        r0 = max(0, int(y0 // lay.cell_height) // k * k - k)
        r1 = min(b.height, (int(y1 // lay.cell_height) // k + 2) * k)
        return range(c0, c1), range(r0, r1)

    def draw_units(
        self,
        screen: pygame.Surface,
        units: tuple[Unit, ...],
        *,
        hide: str | None = None,
        ring: dict[str, tuple[int, int, int]] | None = None,
    ) -> None:
        """Every placed unit; ``ring`` draws a coloured circle under chosen units. Aerospace
        units in the air come last, above the ground units (game.ui.map.fliers)."""
        zoom = self.camera.zoom
        old = screen.get_clip()
        screen.set_clip(pygame.Rect(self.camera.view))
        vx, vy, vw, vh = self.camera.view
        pad = 60 * zoom  # a counter's reach around its hex centre
        ring = ring or {}
        fliers = []
        shift = stack_offsets(units, zoom)  # MOV-34/35: counters sharing a hex side by side
        for u in units:
            if u.id == hide or u.at.col < 0 or not self.board.contains(u.at):
                continue
            c = self.centre(u.at)
            if u.id in shift:
                c = (round(c[0] + shift[u.id][0]), round(c[1] + shift[u.id][1]))
            if not (vx - pad <= c[0] <= vx + vw + pad and vy - pad <= c[1] <= vy + vh + pad):
                continue  # off screen (a big board holds thousands)
            if u.airborne:
                fliers.append((u, c))  # drawn after every ground unit
                continue
            if u.id in ring:
                pygame.draw.circle(screen, ring[u.id], c, 36 * zoom, max(2, round(4 * zoom)))
            draw_unit(screen, u, c, zoom)
        for u, c in fliers:
            draw_flier(screen, u, c, zoom, ring=ring.get(u.id))
        screen.set_clip(old)

    def write_debug_layout(self, units: tuple[Unit, ...], extra: dict[str, Any]) -> None:
        """HEXPLATE_DEBUG_LAYOUT: visible hex centres (window pixels) and unit hexes."""
        path = os.environ.get("HEXPLATE_DEBUG_LAYOUT")
        if not path or (not self.view_changed and extra == self._debug_extra):
            return
        self.view_changed = False
        self._debug_extra = dict(extra)
        b = self.board
        hexes = {}
        for col in range(b.width):
            for row in range(b.height):
                h = Hex(col, row)
                x, y = self.centre(h)
                if self.camera.in_view(x, y):
                    hexes[b.hex_name(h)] = [round(x), round(y)]
        data = {
            "view": list(self.camera.view),
            "zoom": self.camera.zoom,
            "camera": [round(self.camera.x, 1), round(self.camera.y, 1)],  # issue 25
            "hexes": hexes,
            "units": {u.id: b.hex_name(u.at) for u in units if b.contains(u.at)},
            **extra,
        }
        tmp = Path(path + ".tmp")
        tmp.write_text(json.dumps(data))
        os.replace(tmp, path)


def unit_under(state: GameState, h: Hex | None) -> Unit | None:
    """The unit standing in hex ``h`` (a living one first, ground units before aerospace
    units flying over it), or None."""
    here = sorted((u for u in state.units if u.at == h), key=lambda u: u.airborne)
    alive = [u for u in here if not state.is_destroyed(u)]
    return (alive or here or [None])[0]
