"""The start screen's map list: the bundled maps, or the maps of a folder the player
typed (Tiled .tmx and MegaMek .board files alike), each with its size, its tags and what
of it is left out of play, read when its row is first drawn."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

from game.board import Board
from game.core.errors import UserFacingError, one_line
from game.maps import MapRead, map_files, read_map
from game.ui.widgets.fonts import draw_text, font
from game.ui.widgets.palette import DIM
from game.ui.widgets.panels import Button, draw_button

MAX_LISTED = 2000


@dataclass(frozen=True, slots=True)
class MapInfo:
    """One line of small print for a map row, and a thumbnail of the board."""

    text: str
    left_out: str = ""  # the sentence of what is not played ("" if nothing)
    broken: bool = False
    thumb: np.ndarray | None = None  # (width, height, 3) colours, one pixel a hex


def thumbnail(board: Board) -> np.ndarray:
    """One pixel a hex (x, y order for pygame): ground shaded by level, water by depth,
    woods, rough, pavement and roads, buildings."""
    level = np.clip(board.level.astype(np.int32), -4, 8)
    rgb = np.zeros((*board.shape, 3), np.int32)
    rgb[:] = (96, 150, 70)
    rgb += (level * 10)[..., None]
    rgb[board.rough] = (140, 125, 95)
    rgb[board.woods > 0] = (40, 95, 40)
    rgb[board.woods > 1] = (25, 70, 30)
    rgb[board.pavement | board.road] = (150, 150, 150)
    depth = np.clip(board.water.astype(np.int32), -1, 3)
    for d, colour in ((0, (150, 200, 235)), (1, (70, 130, 210)), (2, (40, 90, 180)),
                      (3, (20, 50, 130))):  # fmt: skip
        rgb[depth == d] = colour
    rgb[board.building_class > 0] = (185, 110, 80)
    return np.clip(rgb, 0, 255).astype(np.uint8).transpose(1, 0, 2)


_INFO: dict[Path, MapInfo] = {}


def folder_maps(folder: Path) -> list[Path]:
    """The maps of a folder (and its subfolders), at most MAX_LISTED."""
    try:
        return map_files(folder)[:MAX_LISTED]
    except OSError:
        return []


def describe(read: MapRead) -> MapInfo:
    b = read.board
    parts = [f"{b.width}x{b.height}", ".board" if read.kind == "board" else ".tmx"]
    if read.tags:
        parts.append(", ".join(read.tags[:3]))
    if read.warnings:
        parts.append(f"{len({w.terrain for w in read.warnings})} kind(s) left out")
    return MapInfo(" · ".join(parts), read.left_out(), thumb=thumbnail(b))


def map_info(path: Path) -> MapInfo:
    """The row's small print (cached): size, kind, tags, what is left out, or why not."""
    if path not in _INFO:
        try:
            _INFO[path] = describe(read_map(path))
        except UserFacingError as e:
            _INFO[path] = MapInfo(f"cannot be used: {one_line(e)}", broken=True)
    return _INFO[path]


@dataclass(frozen=True, slots=True)
class MapRows:
    """What the map list shows: the maps, the chosen one, the first row shown."""

    maps: list[Path]
    index: int
    scroll: int
    in_folder: bool  # a folder's maps (each row gets its small print)
    typed: bool  # a typed path is chosen instead of a row
    chosen: Path | None


def draw_map_rows(screen: pygame.Surface, inner: pygame.Rect, y: int, stop: int, size: int,
                  rows: MapRows, mouse: tuple[int, int]) -> tuple[list[Button], int]:  # fmt: skip
    """The map buttons from ``y`` down to ``stop`` (a board's or a folder map's size, tags
    and what it leaves out beneath), the way back from a folder, and the chosen board's
    left-out sentence; returns the buttons and the next y."""
    bh = round(size * 1.8)
    fs = font(size - 3)
    out: list[Button] = []
    for i, p in list(enumerate(rows.maps))[rows.scroll :]:
        info = map_info(p) if rows.in_folder or p.suffix == ".board" else None
        tall = bh + (fs.get_linesize() if info else 0)
        if y + tall > stop and i > rows.scroll:
            break
        thumb = info.thumb if info is not None and rows.in_folder else None
        shift = _draw_thumb(screen, thumb, inner.x, y, bh) if thumb is not None else 0
        b = Button(pygame.Rect(inner.x + shift, y, inner.w - shift, bh), f"map:{i}", p.stem,
                   i == rows.index and not rows.typed)  # fmt: skip
        out.append(b)
        draw_button(screen, b, size + 2, b.rect.collidepoint(mouse))
        if info is not None:
            colour = (220, 120, 110) if info.broken else DIM
            draw_text(screen, info.text, fs, colour, (inner.x + 4, y + bh + 1), inner, elide=True)
        y += tall + size // 3
    if rows.in_folder:
        b = Button(pygame.Rect(inner.x, y, inner.w, round(size * 1.5)), "bundled",
                   f"{len(rows.maps)} map(s) here; back to the bundled maps")  # fmt: skip
        out.append(b)
        draw_button(screen, b, size - 2, b.rect.collidepoint(mouse))
        y += b.rect.h + size // 3
    chosen = rows.chosen
    left = map_info(chosen).left_out if chosen is not None and chosen.is_file() else ""
    if left and not rows.typed:  # what a MegaMek board leaves out, said once here
        draw_text(screen, left, fs, (230, 190, 120), (inner.x, y), inner, elide=True)
        y += fs.get_linesize()
    return out, y


def _draw_thumb(screen: pygame.Surface, thumb: np.ndarray, x: int, y: int, box: int) -> int:
    """The board's thumbnail in a ``box`` x ``box`` square at (x, y); returns its width + gap."""
    w, h = thumb.shape[:2]
    scale = box / max(w, h)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    img = pygame.transform.scale(pygame.surfarray.make_surface(thumb), size)
    screen.blit(img, (x + (box - size[0]) // 2, y + (box - size[1]) // 2))
    return box + 4
