"""The size limits of every file the game reads, for both rule sets (docs/limits.md).

Each limit is checked before any work is done on what it counts, and going past one is
refused with one sentence naming the file and the limit (exit code 2 on the command
line), so no input keeps a command busy for longer than a few seconds. The numbers leave
ample room for any game played on a table or a map: the start screen gives at most 12
units a side, the regiments armies 4 regiments a side, and no bundled file has more than 6
units or 8 regiments.
"""

from __future__ import annotations

from pathlib import Path

MAX_FILE_BYTES = 16 * 1024 * 1024  # a scenario, save, design or weapons file (JSON)
MAX_BOARD = 999  # hexes across and down (a hex scenario's inline board)
MAX_HEXES = 40_000  # entries of an inline board's "hexes" (200 x 200 hexes, all described)
MAX_UNITS = 200  # units in a hex scenario or save
MAX_STEPS = 100  # steps of one move (hex or aerospace) or one regiments order
MAX_LIST = 200  # items of any list inside one saved action (steps, hexes, ...)
MAX_ACTIONS = 100_000  # actions in one save (both rule sets)
MAX_DICE = 10_000  # faces in a scripted dice list
MAX_REGIMENTS = 100  # regiments in a regiments scenario or save
MAX_OBSTACLES = 100  # obstacles on a regiments table (the scenario's and the map's)
MAX_OBSTACLE_POINTS = 64  # corners given for one obstacle
MAX_TABLE_CM = 100_000.0  # a table's width or height, any distance or coordinate, in cm


def too_many(what: str, count: int, limit: int) -> str | None:
    """The sentence for ``count`` items of ``what`` past ``limit`` (None if within it)."""
    if count <= limit:
        return None
    return f"{what}: {count} given, more than the limit of {limit} (docs/limits.md)"


class FileTooLarge(ValueError):
    """A file past MAX_FILE_BYTES (the reader names the file in its own sentence)."""


def read_capped(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes, reading no more than ``limit`` + 1 of them (a device such as
    /dev/zero never ends); FileTooLarge past the limit, OSError as the system says."""
    with path.open("rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(str(path))
    return data
