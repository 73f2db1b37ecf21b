"""One validator for decoded JSON files (issue 24): scenarios of both rule sets, saves
(through the scenario readers) and design and weapons files.

:class:`Shape` carries the file's name and the error class of its reader, so that each
check fails with one sentence ``FILE: where ... what is wrong``. The readers differ only
in how a wrong value is shown (a :class:`Style`): the hex scenarios name its JSON type
(``the string "x"``), the design files show it as JSON, the regiments files as Python
would; their sentences stay as the players have known them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import one_line

Fail = Callable[[str], Exception]


def kind_of(value: Any) -> str:
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


def quoted(value: str) -> str:
    """A key or name from the file in quotes, cut short if it is long."""
    value = one_line(value)
    return f"'{value}'" if len(value) <= 40 else f"'{value[:37]}...'"


@dataclass(frozen=True, slots=True)
class Style:
    """How a reader's sentences show a wrong value and an unknown key, and whether a
    wrong container names what was found instead (``must be a list, not null``)."""

    value: Callable[[Any], str]
    key: Callable[[str], str]
    says_found: bool


BY_KIND = Style(kind_of, quoted, True)  # hex scenarios: "not the string "x""
AS_JSON = Style(json.dumps, lambda k: f"'{k}'", False)  # design files: "not "x""
AS_PYTHON = Style(repr, lambda k: f"'{k}'", False)  # regiments files: "not 'x'"


class Shape:
    """The checks, each raising ``fail("FILE: message")`` on a wrong value."""

    def __init__(self, path: Path, fail: Fail, style: Style = BY_KIND) -> None:
        self.path = path
        self._fail = fail
        self.style = style

    def error(self, msg: str) -> Exception:
        return self._fail(f"{self.path}: {msg}")

    def _found(self, value: Any) -> str:
        return f", not {kind_of(value)}" if self.style.says_found else ""

    def obj(self, value: Any, where: str, keys: tuple[str, ...] | None = None) -> dict[str, Any]:
        """A JSON object (with only ``keys``, when given)."""
        if not isinstance(value, dict):
            raise self.error(f"{where} must be a JSON object{self._found(value)}")
        if keys is not None:
            self.keys(value, keys, where)
        return value

    def keys(self, d: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
        for k in d:
            if k not in allowed:
                known = ", ".join(allowed)
                raise self.error(f"unknown key {self.style.key(k)} in {where} (allowed: {known})")

    def list_(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.error(f"{where} must be a list{self._found(value)}")
        return value

    def int_(self, value: Any, where: str, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"{where} must be a whole number, not {self.style.value(value)}")
        if not lo <= value <= hi:
            raise self.error(f"{where} is {value}, outside {lo}..{hi}")
        return value

    def bool_(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(f"{where} must be true or false, not {self.style.value(value)}")
        return value

    def str_(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.error(f"{where} must be a non-empty string, not {self.style.value(value)}")
        return value

    def num(self, value: Any, where: str, lo: float, hi: float) -> float:
        """A finite number from ``lo`` to ``hi``."""
        if (isinstance(value, bool) or not isinstance(value, int | float)
                or not math.isfinite(value)):  # fmt: skip
            raise self.error(f"{where} must be a number, not {self.style.value(value)}")
        if not lo <= value <= hi:
            raise self.error(f"{where} is {value}, outside {lo:g}..{hi:g}")
        return float(value)
