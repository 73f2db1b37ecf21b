"""The map a hex save was played on, recorded so that a refusal can tell another map from
the same map edited (issue 26, from issue 25's "it has changed since").

A version 6 save of a game on a map file may hold the optional top-level ``"map"``: the
board's size and a short digest of each row of its terrain (:func:`map_print`). The
snapshot's board digest still decides whether the map is the game's; this record only
says how it differs when it is not (:func:`board_changed`):

- another size, or more than half of the rows differ: another map at that path;
- fewer rows differ, or only the deployment zones: this map, edited since.

A record that does not match the board its save replays on is an edited file. Saves
written before the record existed (version 6 without it) get the older sentence, which
cannot tell the two apart.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from game.board import ARRAY_FIELDS, Board
from game.core.errors import brief
from game.core.files import SaveError

MAP_KEY = "map"
ROW_CHARS = 8  # hex digits of each row's digest: enough to tell rows apart, small in a file


def map_print(board: Board) -> dict[str, Any]:
    """The board's size and a digest of each row of its terrain arrays."""
    rows = []
    for r in range(board.height):
        h = hashlib.sha256()
        for name in ARRAY_FIELDS:
            h.update(getattr(board, name)[r].tobytes())
        rows.append(h.hexdigest()[:ROW_CHARS])
    return {"size": [board.width, board.height], "rows": rows}


def check_map_print(path: Path, top: dict[str, Any], board: Board) -> None:
    """A save's ``"map"`` (if it has one), when the board is the game's: exactly that
    board's record."""
    value = top.get(MAP_KEY)
    if MAP_KEY in top and value != map_print(board):
        raise SaveError(f"{path}: the save's 'map' ({brief(value)}) is not the map the game "
                        "was played on (the file was edited).")  # fmt: skip


def board_changed(map_ref: str | None, value: Any, board: Board) -> str:
    """Why the board is not the saved game's: another map, this map edited, or (without a
    record, or with one that is not a record) either."""
    if not map_ref:
        return "the save's board is not the one the game was played on (the file was edited)"
    again = ("put the map the game was played on back there to continue it, or start a new "
             "game on this one")  # fmt: skip
    was = _record(value)
    if was is None:
        return (f"the map {map_ref} is not the one this game was played on: another map at "
                f"that path, or this map edited since; {again}")  # fmt: skip
    size, rows = was
    now = map_print(board)
    w, h = now["size"]
    if [w, h] != size:
        return (f"the map {map_ref} is another map than the one this game was played on "
                f"({w}x{h} hexes, the game's was {size[0]}x{size[1]}); {again}")  # fmt: skip
    differ = sum(a != b for a, b in zip(now["rows"], rows, strict=True))
    if differ * 2 > h:
        return (f"the map {map_ref} is another map than the one this game was played on "
                f"(the same size, but {differ} of its {h} rows differ); {again}")  # fmt: skip
    what = f"{differ} of its {h} rows differ" if differ else "its deployment zones differ"
    return (f"the map {map_ref} has been edited since this game was played on it ({what}); "
            f"put the map as it was back there to continue it, or start a new game on this "
            "one")  # fmt: skip


def _record(value: Any) -> tuple[list[int], list[str]] | None:
    """A well-formed record's size and rows, else None."""
    if not isinstance(value, dict) or set(value) != {"size", "rows"}:
        return None
    size, rows = value["size"], value["rows"]
    sized = isinstance(size, list) and len(size) == 2 and all(type(n) is int for n in size)
    if not sized or not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        return None
    return (size, rows) if len(rows) == size[1] else None
