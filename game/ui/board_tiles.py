"""Tile layers for any map file: a Tiled map's own, or a MegaMek board's as converted.

A ``.board`` has no tiles of its own; it is drawn with the bundled tileset exactly as
``python main.py map convert`` writes it (game.maps.tmx_write), so the previewer, the
game and Tiled show a converted board alike. The converted map lives in a temporary
folder only while its tiles are read.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from game.board import Board
from game.maps.tmx_write import write_tmx

from .tiles import TileMap, load_tile_map


def load_map_tiles(path: Path, board: Board) -> TileMap:
    """The tile layers of a .tmx map, or of a .board map converted (``board`` is its board)."""
    if path.suffix.lower() != ".board":
        return load_tile_map(path)
    with tempfile.TemporaryDirectory(prefix="hexplate-board-") as folder:
        tiles = load_tile_map(write_tmx(board, Path(folder) / f"{path.stem}.tmx"))
    return tiles


def is_board(path: Path) -> bool:
    return path.suffix.lower() == ".board"
