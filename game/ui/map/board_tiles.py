"""Tile layers for any map file: a Tiled map's own, or a MegaMek board's as converted.

A ``.board`` has no tiles of its own; it is drawn with the bundled tileset exactly as
``python main.py map convert`` writes it (game.maps.tmx_write), so the previewer, the
game and Tiled show a converted board alike. The converted map lives in a temporary
folder only while its tiles are read. The board's theme (the one most of its hexes
name: snow, mars, lunar, desert) tints the ground tiles; grass and unknown themes keep
them as they are.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import numpy as np
import pygame

from game.board import Board
from game.maps import read_map
from game.maps.tmx_write import write_tmx

from .tiles import TileMap, load_tile_map

# Theme -> (colour the ground is blended toward, how far: 0..1).
THEME_TINTS: Mapping[str, tuple[tuple[int, int, int], float]] = {
    "snow": ((236, 240, 246), 0.7),
    "mars": ((178, 92, 54), 0.55),
    "lunar": ((150, 150, 156), 0.7),
    "desert": ((214, 186, 124), 0.6),
}
GROUND = ("clear", "rough")  # the tiles a theme tints (by their terrain property)


def load_map_tiles(path: Path, board: Board) -> TileMap:
    """The tile layers of a .tmx map, or of a .board map converted (``board`` is its board)."""
    if path.suffix.lower() != ".board":
        return load_tile_map(path)
    with tempfile.TemporaryDirectory(prefix="hexplate-board-") as folder:
        tiles = load_tile_map(write_tmx(board, Path(folder) / f"{path.stem}.tmx"))
    themes = read_map(path).themes
    theme = max(themes, key=lambda t: themes[t]) if themes else ""
    return themed(tiles, theme.lower())


def themed(tiles: TileMap, theme: str) -> TileMap:
    """The tile map with its ground tiles tinted for ``theme`` (unchanged if no tint)."""
    tint = THEME_TINTS.get(theme)
    if tint is None:
        return tiles
    images = dict(tiles.images)
    for gid, props in tiles.properties.items():
        if gid in images and str(props.get("terrain", "")) in GROUND:
            images[gid] = _tinted(images[gid], *tint)
    return replace(tiles, images=images)


def _tinted(img: pygame.Surface, colour: tuple[int, int, int], amount: float) -> pygame.Surface:
    out = img.copy()
    rgb = pygame.surfarray.pixels3d(out)
    rgb[...] = (rgb * (1 - amount) + np.array(colour) * amount).astype(np.uint8)
    del rgb  # release the surface lock
    return out


def is_board(path: Path) -> bool:
    return path.suffix.lower() == ".board"
