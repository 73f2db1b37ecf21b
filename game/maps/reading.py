"""Any map file -> its board: a Tiled ``.tmx`` map or a MegaMek ``.board`` file.

:func:`read_map` gives the board and what was left out of it (MegaMek terrain we do not
play); :func:`load_map` the board alone, for the callers that only play it. The file's
suffix picks the reader; a folder of boards is listed by :func:`map_files`.
"""

from __future__ import annotations

from pathlib import Path

from ..board import Board
from .megamek_board import read_board_file
from .result import MapRead
from .tiled import load_map as load_tmx

MAP_SUFFIXES = (".tmx", ".board")


def is_map_file(path: str | Path) -> bool:
    return Path(path).suffix.lower() in MAP_SUFFIXES


def read_map(path: str | Path) -> MapRead:
    """The map's board and what was left out (MapError for a broken file)."""
    if Path(path).suffix.lower() == ".board":
        return read_board_file(path)
    return MapRead(load_tmx(path))


def load_map(path: str | Path) -> Board:
    """The board of a .tmx or .board map; Board.name is the file's stem."""
    return read_map(path).board


def map_files(folder: str | Path) -> list[Path]:
    """The maps in a folder and its subfolders (.tmx and .board), sorted by path."""
    root = Path(folder)
    return sorted(p for p in root.rglob("*") if p.is_file() and is_map_file(p))
