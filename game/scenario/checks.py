"""The scenario reader's checks: each bad value becomes one sentence naming the file and
the exact spot (kept apart from game.scenario.reader so the combat keys can share them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.board import Board
from game.core.files import ScenarioError
from game.core.jsonshape import BY_KIND, Shape, kind_of, quoted
from game.core.values import shown
from game.hexgrid import Hex, HexNameError, parse_hex_name


class Reader(Shape):
    """Carries the file name so every check can phrase its one-sentence error (the
    shared checks of game.core.jsonshape, with hex names beside them)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, ScenarioError, BY_KIND)

    def error(self, msg: str) -> ScenarioError:
        return ScenarioError(f"{self.path}: {msg}")

    def hex_(self, value: Any, where: str, board: Board | None) -> Hex:
        if not isinstance(value, str):
            raise self.error(f"{where} must be a hex name string (XXYY), not {_kind(value)}")
        try:
            h = parse_hex_name(value)
        except HexNameError:
            raise self.error(f"{where} {_text(value)} is not a hex name (XXYY)") from None
        if board is not None and not board.contains(h):
            raise self.error(f"{where} '{value}' is off the {board.width}x{board.height} board")
        return h


_text = quoted  # the names game.scenario and its helpers import
_kind = kind_of


_shown = shown  # game.core.values: strings in double quotes, anything else in brief
