"""What reading a map file gives besides its board: what was left out, tags, themes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..board import Board


@dataclass(frozen=True, slots=True)
class MapWarning:
    """One thing of the file that is not played: where, which terrain, and why."""

    at: str  # the hex name, as the file numbers it (0101 is the top-left hex)
    terrain: str
    text: str


@dataclass(frozen=True, slots=True)
class MapRead:
    """A map file read: the board, what was left out, and the file's own labels."""

    board: Board
    warnings: tuple[MapWarning, ...] = ()
    tags: tuple[str, ...] = ()
    description: str = ""
    themes: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    kind: str = "tmx"  # "tmx" or "board"

    def left_out(self) -> str:
        """One sentence listing what was left out and where ("" when nothing was)."""
        if not self.warnings:
            return ""
        where: dict[str, list[str]] = {}
        for w in self.warnings:
            where.setdefault(f"{w.terrain} ({w.text})", []).append(w.at)
        parts = []
        for what, hexes in where.items():
            shown = ", ".join(hexes[:6]) + (f" and {len(hexes) - 6} more" if len(hexes) > 6 else "")
            parts.append(f"{what} at {shown}")
        return f"{self.board.name}: left out of play: " + "; ".join(parts) + "."
