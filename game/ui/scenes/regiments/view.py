"""Drawing the regiments table: a camera in centimetres, the table (felt or a Tiled map's
scenery), obstacles, regiments as bases of stands, ghosts and paths.

Table coordinates are cm (x east, y south); the camera maps them to window pixels with
``px_per_cm`` and the cm point at the view's top-left corner. The scenery surface is made
once per zoom level (the tile layers rendered by game.ui.map.tiles, scaled to the table).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pygame

from game.regiments.regiment import Regiment
from game.regiments.table import Table
from game.ui.map.tiles import load_tile_map, render_tiles_only
from game.ui.widgets.fonts import font
from game.ui.widgets.palette import COMMAND, FELT, FRONT, LEGAL, OBSTACLE, OBSTACLE_EDGE, TABLE_EDGE
from game.ui.widgets.palette import TABLE_ILLEGAL as ILLEGAL
from game.ui.widgets.palette import TABLE_SELECT as SELECT
from game.ui.widgets.palette import TABLE_SIDES as SIDES

ZOOMS = (2.0, 3.0, 4.0, 5.0, 6.5, 8.0, 11.0, 15.0)  # px per cm


@dataclass(frozen=True, slots=True)
class TableCamera:
    """View rectangle on screen, the cm point at its top-left, and the zoom level."""

    view: tuple[int, int, int, int] = (0, 0, 1280, 720)
    x: float = 0.0
    y: float = 0.0
    zoom_index: int = 3

    @property
    def scale(self) -> float:
        return ZOOMS[self.zoom_index]

    def to_screen(self, p: np.ndarray) -> np.ndarray:
        p = np.asarray(p, float)
        return (p - np.array([self.x, self.y])) * self.scale + np.array(self.view[:2])

    def to_table(self, sx: float, sy: float) -> np.ndarray:
        return np.array(
            [self.x + (sx - self.view[0]) / self.scale, self.y + (sy - self.view[1]) / self.scale]
        )

    def panned(self, dx: float, dy: float) -> TableCamera:
        return replace(self, x=self.x - dx / self.scale, y=self.y - dy / self.scale)

    def zoomed(self, steps: int, sx: float, sy: float) -> TableCamera:
        index = max(0, min(len(ZOOMS) - 1, self.zoom_index + steps))
        before = self.to_table(sx, sy)
        cam = replace(self, zoom_index=index)
        after = cam.to_table(sx, sy)
        return replace(cam, x=cam.x + before[0] - after[0], y=cam.y + before[1] - after[1])

    def fitted(self, table: Table) -> TableCamera:
        """The largest zoom showing the whole table, centred."""
        _, _, w, h = self.view
        index = 0
        for i, z in enumerate(ZOOMS):
            if table.width * z <= w and table.height * z <= h:
                index = i
        cam = replace(self, zoom_index=index)
        return replace(
            cam, x=table.width / 2 - w / 2 / cam.scale, y=table.height / 2 - h / 2 / cam.scale
        )


def poly(screen: pygame.Surface, cam: TableCamera, pts: np.ndarray, colour, width: int = 0) -> None:  # noqa: ANN001
    pygame.draw.polygon(screen, colour, [tuple(p) for p in cam.to_screen(pts)], width)


def alpha_poly(
    screen: pygame.Surface, cam: TableCamera, pts: np.ndarray, rgba: tuple[int, int, int, int]
) -> None:
    """A translucent polygon (drawn on a small surface of its bounding box)."""
    sp = cam.to_screen(pts)
    lo = np.floor(sp.min(axis=0)).astype(int)
    hi = np.ceil(sp.max(axis=0)).astype(int) + 1
    size = hi - lo
    if size[0] <= 0 or size[1] <= 0 or size[0] > 8000 or size[1] > 8000:
        return
    surf = pygame.Surface((int(size[0]), int(size[1])), pygame.SRCALPHA)
    pygame.draw.polygon(surf, rgba, [tuple(p - lo) for p in sp])
    screen.blit(surf, (int(lo[0]), int(lo[1])))


class Scenery:
    """The table's ground: felt, or the Tiled map's tiles scaled to the table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.base: pygame.Surface | None = None
        self.margins = (0, 0)
        self.cache: dict[int, pygame.Surface] = {}
        if table.scenery:
            try:
                tmap = load_tile_map(table.scenery)
                self.base = render_tiles_only(tmap)
                self.margins = tmap.margins[:2]
            except Exception:  # noqa: BLE001 - scenery only: a plain table will do
                self.base = None

    def draw(self, screen: pygame.Surface, cam: TableCamera) -> None:
        corners = np.array(
            [
                [0, 0],
                [self.table.width, 0],
                [self.table.width, self.table.height],
                [0, self.table.height],
            ]
        )
        poly(screen, cam, corners, FELT)
        if self.base is not None:
            img = self.cache.get(cam.zoom_index)
            if img is None:
                f = cam.scale * self.table.cm_per_pixel
                size = (
                    max(1, round(self.base.get_width() * f)),
                    max(1, round(self.base.get_height() * f)),
                )
                img = pygame.transform.smoothscale(self.base, size)
                self.cache = {cam.zoom_index: img}
            left, top = self.margins
            at = cam.to_screen(
                np.array([-left * self.table.cm_per_pixel, -top * self.table.cm_per_pixel])
            )
            screen.blit(img, (round(at[0]), round(at[1])))
        poly(screen, cam, corners, TABLE_EDGE, 3)
        for o in self.table.obstacles:
            poly(screen, cam, o.polygon(), OBSTACLE)
            poly(screen, cam, o.polygon(), OBSTACLE_EDGE, 2)
            c = cam.to_screen(o.polygon().mean(axis=0))
            img = font(max(12, int(cam.scale * 2.2))).render(o.id, True, (245, 240, 230))
            screen.blit(img, img.get_rect(center=(int(c[0]), int(c[1]))))


def draw_regiment(
    screen: pygame.Surface,
    cam: TableCamera,
    r: Regiment,
    *,
    selected: bool = False,
    ready: bool = False,
) -> None:
    """A regiment: each stand a base in its side's colour, the command stand marked, the
    front edge bright, its id, files x ranks and markers written on it."""
    fill, edge = SIDES.get(r.side, ((120, 120, 120), (60, 60, 60)))
    stands = r.stand_corners()
    for rank in range(r.ranks):
        for f in range(r.files):
            shade = fill if rank == 0 else tuple(int(c * 0.82) for c in fill)
            poly(screen, cam, stands[rank, f], shade)
            poly(screen, cam, stands[rank, f], edge, 1)
    cmd = stands[0, r.command_file].mean(axis=0)
    c = cam.to_screen(cmd)
    pygame.draw.circle(screen, COMMAND, (int(c[0]), int(c[1])), max(3, int(cam.scale * 0.9)))
    pygame.draw.circle(screen, edge, (int(c[0]), int(c[1])), max(3, int(cam.scale * 0.9)), 1)
    fl, fr = cam.to_screen(r.corners()[:2])
    pygame.draw.line(screen, FRONT, tuple(fl), tuple(fr), max(2, int(cam.scale * 0.5)))
    outline = SELECT if selected else (235, 235, 235) if ready else edge
    poly(screen, cam, r.corners(), outline, 3 if selected else 2 if ready else 1)
    _label(screen, cam, r)


def _label(screen: pygame.Surface, cam: TableCamera, r: Regiment) -> None:
    size = max(12, min(22, int(cam.scale * 2.4)))
    marks = "".join("A" if m == "activation" else "H" for m in r.markers)
    text = f"{r.id} {r.files}x{r.ranks}" + (f" [{marks}]" if marks else "")
    img = font(size, True).render(text, True, (255, 255, 255))
    bg = pygame.Surface((img.get_width() + 6, img.get_height() + 2), pygame.SRCALPHA)
    bg.fill((0, 0, 0, 150))
    centre = cam.to_screen(r.centre() - 0.15 * r.depth * r.axes()[0])
    rect = bg.get_rect(center=(int(centre[0]), int(centre[1])))
    screen.blit(bg, rect)
    screen.blit(img, img.get_rect(center=rect.center))


def draw_ghost(screen: pygame.Surface, cam: TableCamera, r: Regiment, ok: bool) -> None:
    colour = LEGAL if ok else ILLEGAL
    alpha_poly(screen, cam, r.corners(), (*colour, 90))
    poly(screen, cam, r.corners(), colour, 2)
    fl, fr = cam.to_screen(r.corners()[:2])
    pygame.draw.line(screen, colour, tuple(fl), tuple(fr), 4)


def draw_path(
    screen: pygame.Surface, cam: TableCamera, path: tuple[Regiment, ...] | list[Regiment], colour
) -> None:  # noqa: ANN001
    """The front corners' tracks and the front middle's line along the poses."""
    if len(path) < 2:
        return
    fl = cam.to_screen(np.array([p.corners()[0] for p in path]))
    fr = cam.to_screen(np.array([p.corners()[1] for p in path]))
    mid = (fl + fr) / 2
    for track in (fl, fr):
        pygame.draw.lines(screen, (*colour[:3],), False, [tuple(p) for p in track], 1)
    pygame.draw.lines(screen, colour, False, [tuple(p) for p in mid], 3)


def text_box(
    screen: pygame.Surface,
    at: tuple[int, int],
    lines: list[tuple[str, tuple[int, int, int]]],
    size: int,
) -> pygame.Rect:
    """Lines of text on a dark box with its top-left at ``at`` (kept on screen)."""
    imgs = [font(size, True).render(t, True, c) for t, c in lines]
    w = max(i.get_width() for i in imgs) + 12
    h = sum(i.get_height() for i in imgs) + 8
    area = screen.get_clip()
    x = at[0] if at[0] + w <= area.right else at[0] - w - 40  # to the left when it won't fit
    x = min(max(area.x, x), area.right - w)
    y = min(max(area.y, at[1]), area.bottom - h)
    bg = pygame.Surface((w, h), pygame.SRCALPHA)
    bg.fill((15, 16, 18, 215))
    screen.blit(bg, (x, y))
    yy = y + 4
    for img in imgs:
        screen.blit(img, (x + 6, yy))
        yy += img.get_height()
    return pygame.Rect(x, y, w, h)
