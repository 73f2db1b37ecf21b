"""What a structure carries (MOV-27 bridges, MOV-32 buildings): one load check for both.

A bridge hex carries at most its current CF in tons on its deck (MOV-27), a building hex
the same on its roof and upper floors (MOV-32: units at ground level inside stand on the
ground and load nothing). The movement engine keeps "on top" in one place for both, the
deck layer of a move (costs.py: a bridge deck, or a roof entered from a hex at its level
or landed on by a jump); :func:`overload` is asked whenever a unit ends a step or a jump
on top of a structure. Who is on top: on a bridge every unit in the hex counts (units
under a bridge are not told apart, see game.rules.move.bridges); on a building only the mover,
as nothing records whether another unit stands on the roof or inside (gap, noted in
docs/rules-coverage.md). The collapse itself: game.rules.move.collapse.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.board import Board
from game.hexgrid import Hex
from game.units.unit import Unit

BRIDGE, BUILDING = "bridge", "building"


@dataclass(frozen=True, slots=True)
class Overload:
    """A structure hex whose load exceeds its CF once the mover stands on top of it."""

    at: Hex
    load: int  # tons on top, the mover included
    cf: int
    units: tuple[str, ...]  # the other units counted
    structure: str = BRIDGE

    @property
    def rule(self) -> str:
        return "MOV-27" if self.structure == BRIDGE else "MOV-32"

    @property
    def kind(self) -> str:
        """The warning's type in the referee's answer."""
        return f"{self.structure}_collapse"

    def text(self, board: Board) -> str:
        where = "bridge" if self.structure == BRIDGE else "roof of the building"
        return (
            f"{self.load} t on the {where} in {board.hex_name(self.at)} exceeds its CF "
            f"{self.cf}: the hex collapses and the units on it fall ({self.rule})"
        )

    def to_json(self, board: Board, step: int) -> dict[str, Any]:
        return {"step": step, "rule": self.rule, "type": self.kind,
                "at": board.hex_name(self.at), "load": self.load, "cf": self.cf,
                "text": self.text(board)}  # fmt: skip


def overload(
    board: Board,
    others: Iterable[Unit],
    mover: Unit,
    at: Hex,
    on_top: bool,
    cfs: Mapping[Hex, int] | None = None,
) -> Overload | None:
    """MOV-27 / MOV-32: the tonnage on top of the structure in ``at`` with the mover there,
    if that is more than the hex's current CF (equal is still carried). ``cfs``: CF left
    where this move already damaged a building."""
    r, c = at.row, at.col
    if not on_top or not board.contains(at):
        return None
    if board.bridge_class[r, c] > 0:
        there = tuple(u for u in others if u.at == at and u.id != mover.id and not u.destroyed)
        cf = int(board.bridge_cf[r, c])
        structure = BRIDGE
    elif board.building_class[r, c] > 0:
        there, structure = (), BUILDING
        cf = int(board.building_cf[r, c])
        cf = cf if cfs is None else cfs.get(at, cf)
    else:
        return None
    load = mover.tons + sum(u.tons for u in there)
    if load <= cf:
        return None
    return Overload(at, load, cf, tuple(sorted(u.id for u in there)), structure)


def top_level(board: Board, h: Hex) -> int:
    """The level of the structure's top in ``h``: a bridge deck or a building's roof."""
    r, c = h.row, h.col
    if board.bridge_class[r, c] > 0:
        return int(board.bridge_level[r, c])
    return int(board.level[r, c]) + int(board.building_height[r, c])
