"""The words narration is made of: dice, modifiers, facings, pilots, unit labels, and
what a sentence-maker is handed (:class:`Teller`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from game.core.dice import Roll
from game.rules.piloting.falls import RulesEvent
from game.units.mech import MechBody
from game.units.unit import Unit
from game.units.vehicle import VehicleBody

from ..board import Board
from ..hexgrid import DIRECTION_NAMES

Body = MechBody | VehicleBody  # what damage is told against: armour and structure by location


class Context(Protocol):
    """What a sentence needs from the narrator of the action (game.narrate.Narrator)."""

    board: Board
    bodies: dict[str, Body]

    def where(self, h: Any) -> str: ...
    def location_roll(self) -> Roll | None: ...
    def peek(self, match: Callable[[Roll], bool]) -> list[Roll]: ...
    def take_roll(self, *prefixes: str) -> Roll | None: ...


# (narrator, event, the unit it is about, the unit moving) -> the sentence
Teller = Callable[[Context, RulesEvent, str, str], str]


def is_location(r: Roll) -> bool:
    """A roll that picks where damage lands (a hit location table, or an aimed shot)."""
    return "location" in r.reason or r.reason.startswith("aimed shot")


def dice_text(roll: Roll) -> str:
    """'4+2 = 6' for two dice, '5' for one."""
    if len(roll.faces) == 1:
        return str(roll.total)
    return f"{'+'.join(str(f) for f in roll.faces)} = {roll.total}"


def mods_text(mods: Iterable[Mapping[str, Any]]) -> str:
    """'piloting 5, gyro hit +3' (zero modifiers left out)."""
    parts = []
    for m in mods:
        value, reason = int(m["value"]), str(m["reason"])
        if reason == "piloting skill":
            parts.append(f"piloting {value}")
        elif value:
            parts.append(f"{reason} {value:+d}")
    return ", ".join(parts)


def facing_name(facing: int) -> str:
    return DIRECTION_NAMES[int(facing) % 6]


def percent(p: float) -> str:
    """A chance as the sheet prints it: "<1%" and ">99%" rather than 0 or 100 when it is
    neither impossible nor certain."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.005:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{p * 100:.0f}%"


def need_text(target: object) -> str:
    """A 2D6 target number as a player reads it: 'automatic' at 2 or less (any roll
    succeeds), 'impossible (12+)' over 12, else the number (rules README: Dice)."""
    if isinstance(target, int) and not isinstance(target, bool):
        if target <= 2:
            return "automatic"
        if target > 12:
            return "impossible (12+)"
    return str(target)


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def skills(gunnery: int, piloting: int) -> str:
    """The pilot as the board game writes it: gunnery first, 'G4/P5'."""
    return f"G{gunnery}/P{piloting}"


def unit_label(unit: Unit) -> str:
    """'A1 (Hunchback HBK-4G)', or the id alone for a unit without a name."""
    return f"{unit.id} ({unit.name})" if unit.name else unit.id
