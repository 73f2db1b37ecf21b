"""The regiments game state: one immutable snapshot, as the turn engine needs it.

A game is its start (:class:`RegimentStart`: the table, the regiments as placed, the
options, the sides, the dice seed and script) plus the actions the players made; the
engine (game.core.engine, bound in :mod:`.engine`) replays them to the same state, roll
for roll. A round (the engine's ``turn``) begins with every marker cleared (REG-06) and a
roll for who activates first; the sides then alternate activations, one order each
(REG-01), until every regiment carries a marker.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, LogEntry
from game.core.dice import Dice

from ..core.cups import cup_at
from .options import DEFAULT, Options
from .paths import World
from .regiment import Regiment
from .table import Table
from .verdict import Order

SIDES = ("A", "B")
MODES = ("game", "sandbox")  # a hot-seat game of rounds, or the free sandbox (one phase)


@dataclass(frozen=True, slots=True)
class RegimentStart:
    """Everything a regiments game starts from. ``map_ref`` is the Tiled map the table
    was made from (its scenery), or None for a plain table; ``mode`` one of MODES."""

    table: Table
    regiments: tuple[Regiment, ...]
    options: Options = DEFAULT
    sides: tuple[str, ...] = SIDES
    seed: int = 1
    script: tuple[int, ...] = ()
    map_ref: str | None = None
    mode: str = "game"

    @property
    def sandbox(self) -> bool:
        return self.mode == "sandbox"


@dataclass(frozen=True, slots=True)
class PendingCharge:
    """A charge waiting for a countercharge decision (REG-12/16/17): the order, every
    regiment as it stood before the charge, the decisions so far (unit, countercharged)
    and the unit whose side must decide now."""

    order: Order
    before: tuple[Regiment, ...]
    decisions: tuple[tuple[str, bool], ...]
    ask: str

    def decided(self, unit: str) -> bool | None:
        return next((d for u, d in self.decisions if u == unit), None)


@dataclass(frozen=True, slots=True)
class RegimentState:
    """The whole game at one moment. ``first`` is the side that won this round's roll for
    the first activation, ``to_act`` the side whose activation it is; ``contacts`` the
    pairs of regiments in contact after charges."""

    start: RegimentStart
    regiments: tuple[Regiment, ...]
    turn: int = 1
    phase: str = ""
    first: str | None = None
    to_act: str | None = None
    pending: PendingCharge | None = None
    contacts: tuple[tuple[str, str], ...] = ()
    faces_used: int = 0
    history: tuple[Action, ...] = ()
    log: tuple[LogEntry, ...] = ()

    @property
    def sides(self) -> tuple[str, ...]:
        return self.start.sides

    @property
    def options(self) -> Options:
        return self.start.options

    def get(self, regiment_id: str) -> Regiment | None:
        return next((r for r in self.regiments if r.id == regiment_id), None)

    def world(self) -> World:
        return World(self.start.table, self.regiments, self.start.options)

    def side_regiments(self, side: str) -> tuple[Regiment, ...]:
        return tuple(r for r in self.regiments if r.side == side)

    def ready(self, side: str) -> tuple[Regiment, ...]:
        """The side's regiments that may still receive an order this round (no marker)."""
        return tuple(r for r in self.side_regiments(side) if not r.markers)

    def dice(self) -> Dice:
        """A cup positioned where this game's dice stand (game.core.cups)."""
        return cup_at(self.start.seed, self.start.script, self.faces_used)
