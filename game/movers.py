"""Movers: how the game state has a committed move carried out by the rules.

:func:`game.flow.apply` hands a CommitMove to a *mover*: a function that checks the path
and rolls what it requires, and answers with a :class:`MoveReport` (legal or not, the
units and bodies afterwards, the events). :func:`rules_mover` is the real one, over
game.rules.piloting.resolve_move; tests inject small fakes, so the turn sequence can be
tested apart from the movement rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .actions import Event
from .dice import Dice
from .state import GameState, MoveRecord

if TYPE_CHECKING:
    from .mech import MechBody
    from .units import Unit


@dataclass(frozen=True, slots=True)
class MoveReport:
    """A mover's answer. When ``legal`` is False only ``error`` matters."""

    legal: bool
    error: str | None = None
    units: tuple[Unit, ...] = ()  # every unit after the move (the mover's unit moved)
    bodies: tuple[tuple[str, MechBody], ...] = ()  # bodies that changed
    events: tuple[Event, ...] = ()  # rolls, falls, damage, in order
    record: MoveRecord | None = None


class Mover(Protocol):
    def __call__(
        self, state: GameState, dice: Dice, unit_id: str, mode: str, steps: tuple[str, ...]
    ) -> MoveReport: ...


def rules_mover(
    state: GameState, dice: Dice, unit_id: str, mode: str, steps: tuple[str, ...]
) -> MoveReport:
    """Check and resolve the move with the movement and piloting rules."""
    try:
        from .rules.piloting import resolve_move
    except ImportError:
        return MoveReport(False, "the movement rules are not available in this build")
    raise NotImplementedError(resolve_move)
