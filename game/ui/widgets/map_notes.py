"""What the game's map leaves out of play (a MegaMek board's swamps, snow, ...), as a
line of the help panel (F1) of the deployment and play screens: said once when the game
starts (a notice), and there to be opened again."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from game.core.errors import UserFacingError
from game.maps import read_map
from game.state import GameState
from game.ui.map.view import map_path


@cache
def _left_out(path: Path) -> str:
    try:
        return read_map(path).left_out()
    except UserFacingError:
        return ""


def left_out(state: GameState) -> str:
    """The map's left-out sentence ("" for a map that leaves nothing out)."""
    path = map_path(state)
    if path is None or path.suffix.lower() != ".board" or not path.is_file():
        return ""
    return _left_out(path.resolve())


def map_notes(state: GameState) -> tuple[tuple[str, str], ...]:
    """Help-panel rows: ("This map", what it leaves out), or none."""
    text = left_out(state)
    return (("This map", text),) if text else ()
