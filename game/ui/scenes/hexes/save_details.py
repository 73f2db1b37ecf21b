"""What the load dialog says of each file (issue 25, finding 16): not the bare name but
the map, the turn and phase, and when it was written ("grassland.tmx, turn 3 movement,
01 Dec 23:10"); a scenario says so, a file that cannot be read says that. Each file is
read once per change (cached by its modification time), never every frame."""

from __future__ import annotations

import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.core.errors import UserFacingError
from game.core.files import read_json


def save_details(path: Path) -> str:
    """One line about the save or scenario at ``path`` (empty when it is gone)."""
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return ""
    return _details(path, stamp)


@lru_cache(maxsize=64)
def _details(path: Path, stamp: float) -> str:
    when = time.strftime("%d %b %H:%M", time.localtime(stamp))
    try:
        data = read_json(path)
    except (UserFacingError, OSError, ValueError):
        return f"cannot be read, {when}"
    if not isinstance(data, dict):
        return f"not a save, {when}"
    return f"{_where(data)}{_turn(data)}, {when}"


def _where(data: dict[str, Any]) -> str:
    start = data.get("start") if "snapshot" in data else data
    board = start.get("board") if isinstance(start, dict) else None
    if isinstance(board, dict) and isinstance(board.get("file"), str):
        return Path(board["file"]).name
    if isinstance(board, dict) and "width" in board:
        return f"a {board.get('width')}x{board.get('height')} board"
    return "regiments table" if data.get("ruleset") == "regiments" else "no map"


def _turn(data: dict[str, Any]) -> str:
    snap = data.get("snapshot")
    if not isinstance(snap, dict):
        return ""
    turn, phase = snap.get("turn"), snap.get("phase")
    if not isinstance(turn, int):
        return ""
    return f", turn {turn}" + (f" {phase}" if isinstance(phase, str) else "")
