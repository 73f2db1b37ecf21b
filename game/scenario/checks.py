"""The scenario reader's checks: each bad value becomes one sentence naming the file and
the exact spot (kept apart from game.scenario.reader so the combat keys can share them)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.board import Board
from game.core.errors import UserFacingError, brief, one_line
from game.hexgrid import Hex, HexNameError, parse_hex_name


class ScenarioError(UserFacingError):
    """A scenario file that cannot be read or breaks the contract (one sentence)."""


class Reader:
    """Carries the file name so every check can phrase its one-sentence error."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def error(self, msg: str) -> ScenarioError:
        return ScenarioError(f"{self.path}: {msg}")

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(f"{where} must be a JSON object, not {_kind(value)}")
        return value

    def keys(self, d: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
        for k in d:
            if k not in allowed:
                known = ", ".join(allowed)
                raise self.error(f"unknown key {_text(k)} in {where} (allowed: {known})")

    def int_(self, value: Any, where: str, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"{where} must be a whole number, not {_kind(value)}")
        if not lo <= value <= hi:
            raise self.error(f"{where} is {value}, outside {lo}..{hi}")
        return value

    def bool_(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(f"{where} must be true or false, not {_kind(value)}")
        return value

    def str_(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.error(f"{where} must be a non-empty string, not {_kind(value)}")
        return value

    def list_(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.error(f"{where} must be a list, not {_kind(value)}")
        return value

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


def _text(value: str) -> str:
    """A key or name from the file in quotes, cut short if it is long."""
    value = one_line(value)
    return f"'{value}'" if len(value) <= 40 else f"'{value[:37]}...'"


def _shown(value: Any) -> str:
    """A JSON value for a message: strings in double quotes, anything else in brief."""
    if isinstance(value, str):
        return json.dumps(value if len(value) <= 40 else value[:37] + "...")
    return brief(value)


def _kind(value: Any) -> str:
    """How a wrong value is named in a message: its JSON type, strings quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {json.dumps(shown)}"
    return "a list" if isinstance(value, list) else "an object"
