"""The previewer's event loop: input -> camera/toggles, then one cheap frame.

A frame is: blit the cached map surface for the current zoom, outline the hovered hex,
blit the hover panel (re-rendered only when its text changes) and, if open, the help.
Nothing is drawn while nothing changes, so an idle previewer uses no CPU to speak of.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pygame

from game.board import Board
from game.ui.app.toast_place import draw_toast
from game.ui.map.camera import Camera, fit_zoom, held_pan
from game.ui.map.render import MapRenderer, RenderOptions
from game.ui.map.tiles import TileMap
from game.ui.widgets.hud import HoverPanel, draw_help
from game.ui.widgets.palette import load_palette
from game.ui.widgets.refusals import unused_key

PAN_KEYS = {
    pygame.K_LEFT: (1, 0),
    pygame.K_a: (1, 0),
    pygame.K_RIGHT: (-1, 0),
    pygame.K_d: (-1, 0),
    pygame.K_UP: (0, 1),
    pygame.K_w: (0, 1),
    pygame.K_DOWN: (0, -1),
    pygame.K_s: (0, -1),
}
IDLE_PREWARM_MS = 400  # build neighbouring zoom levels after this long without input


class PreviewLoop:
    """State of one preview window: camera, toggles, drag, hover; ``run`` until quit."""

    def __init__(self, board: Board, tiles: TileMap, screen: pygame.Surface, title: str) -> None:
        self.board = board
        self.screen = screen
        self.title = title
        self.palette = load_palette()
        self.renderer = MapRenderer(board, tiles, self.palette)
        self.panel = HoverPanel(self.palette)
        self.options = RenderOptions()
        self.camera = Camera(view=(0, 0, *screen.get_size()))
        self.show_panel = True
        self.show_help = False
        self.drag: tuple[int, int] | None = None
        self.hover = None
        self.dirty = True
        self.note: tuple[str, float] | None = None  # a refusal and until when it shows
        self.pointer: tuple[int, int] | None = None  # where the mouse was last (the note's)

    def start(self, zoom: float) -> None:
        """Centre the map at a zoom (a step, or the one that fits the window)."""
        cam = self._fitted(Camera(view=(0, 0, *self.screen.get_size()))).at_level(zoom)
        w, h = self.renderer.map_size(cam.zoom)
        self.camera = cam.centred_on(w / 2, h / 2).clamped(w, h)
        self.dirty = True

    def _fitted(self, cam: Camera) -> Camera:
        """``cam`` knowing the zoom that fills its view with the whole map (a zoom step)."""
        w, h = self.renderer.map_size(1.0)
        return replace(cam, fit=fit_zoom(w, h, cam.view[2], cam.view[3]))

    def _clamp(self) -> None:
        self.camera = self.camera.clamped(*self.renderer.map_size(self.camera.zoom))

    def _zoom(self, steps: int, at: tuple[float, float] | None = None) -> None:
        w, h = self.screen.get_size()
        sx, sy = at if at is not None else (w / 2, h / 2)
        self.camera = self.camera.zoomed(steps, sx, sy)
        self._clamp()
        self._update_hover(pygame.mouse.get_pos())
        self.dirty = True

    def _update_hover(self, pos: tuple[int, int]) -> None:
        h = self.renderer.hex_at(self.camera, *pos) if pygame.mouse.get_focused() else None
        if h != self.hover:
            self.hover = h
            self.dirty = True

    def _key(self, event: pygame.event.Event) -> bool:
        """Handle a key press; False means quit."""
        if self.show_help:
            self.show_help = False
            self.dirty = True
            return True
        key, opts = event.key, self.options
        if key == pygame.K_ESCAPE:
            return False
        if key == pygame.K_g:
            self.options = replace(opts, grid=not opts.grid)
        elif key == pygame.K_l:
            self.options = replace(opts, labels=not opts.labels)
        elif key == pygame.K_e:
            self.options = replace(opts, elevation=not opts.elevation)
        elif key == pygame.K_TAB:
            self.show_panel = not self.show_panel
        elif key in (pygame.K_h, pygame.K_F1, pygame.K_QUESTION) or event.unicode == "?":
            self.show_help = True
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom(+1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom(-1)
        elif key in (pygame.K_0, pygame.K_KP0):
            w, h = self.screen.get_size()
            self.camera = self.camera.zoomed_to(1.0, w / 2, h / 2)
            self._clamp()
        elif key not in PAN_KEYS:  # issue 25: a key that does nothing says so
            unused_key(self, event, "in the map preview", "H or F1 lists its keys")
        self.dirty = True
        return True

    def notify(self, text: str, error: bool = False, seconds: float = 3.5) -> None:
        """A sentence beside the pointer (a refused key) for ``seconds``."""
        self.note = (text, time.monotonic() + seconds)
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        """One event; False means quit."""
        if event.type == pygame.QUIT:
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.pointer = (int(event.pos[0]), int(event.pos[1]))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2):
            self.drag = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2):
            self.drag = None
        elif event.type == pygame.MOUSEMOTION:
            if self.drag is not None and (event.buttons[0] or event.buttons[1]):
                dx, dy = event.pos[0] - self.drag[0], event.pos[1] - self.drag[1]
                self.camera = self.camera.panned(dx, dy)
                self._clamp()
                self.drag = event.pos
                self.dirty = True
            self._update_hover(event.pos)
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self._zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface()
            fitted = self.camera.at_fit
            self.camera = self._fitted(self.camera.with_view((0, 0, *self.screen.get_size())))
            if fitted:  # the whole map stays in view (issue 25)
                self.start(self.camera.fit or self.camera.zoom)
            self._clamp()
            self.dirty = True
        elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWLEAVE, pygame.WINDOWENTER):
            self._update_hover(pygame.mouse.get_pos())
            self.dirty = True
        return True

    def _held_keys(self, dt: float) -> None:
        pressed = pygame.key.get_pressed()
        if self.show_help:
            return
        dx, dy = held_pan(pressed, PAN_KEYS, dt)
        if dx or dy:
            self.camera = self.camera.panned(dx, dy)
            self._clamp()
            self._update_hover(pygame.mouse.get_pos())
            self.dirty = True

    def draw(self) -> None:
        """One frame: cached map, hover outline, panel, help."""
        screen = self.screen
        self.renderer.draw(screen, self.camera, self.options)
        if self.hover is not None:
            colour = self.palette.colour("ui", "hover")
            self.renderer.outline(screen, self.camera, self.hover, colour, 3)
        if self.show_panel:
            name = self.board.hex_name(self.hover) if self.hover is not None else None
            terrain = self.board.describe(self.hover) if self.hover is not None else ""
            self.panel.draw(screen, name, terrain, self.camera.zoom)
        if self.show_help:
            draw_help(screen, self.palette, f"Map preview - {self.title}")
        if self.note is not None:
            draw_toast(screen, self.note[0], True, self.pointer, False)

    def _prewarm(self) -> None:
        """While idle, build the next zoom level in and out, so wheel steps do not stall."""
        levels = self.camera.levels()
        zi = min(range(len(levels)), key=lambda i: abs(levels[i] - self.camera.zoom))
        for i in (zi + 1, zi - 1):
            if 0 <= i < len(levels) and not self.renderer.cached(levels[i], self.options):
                self.renderer.surface(levels[i], self.options)
                self.renderer.surface(self.camera.zoom, self.options)  # keep it most recent
                return

    def run(self) -> int:
        clock = pygame.time.Clock()
        idle_since = pygame.time.get_ticks()
        while True:
            events = pygame.event.get()
            for event in events:
                if not self.handle(event):
                    return 0
            self._held_keys(clock.get_time() / 1000.0)
            now = pygame.time.get_ticks()
            if self.note is not None and time.monotonic() > self.note[1]:
                self.note, self.dirty = None, True
            if events or self.dirty:
                idle_since = now
            if self.dirty:
                self.draw()
                pygame.display.flip()
                self.dirty = False
            elif now - idle_since > IDLE_PREWARM_MS:
                self._prewarm()
            clock.tick(60)
