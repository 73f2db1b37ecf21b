"""Undo and redo of whole actions over immutable states, for any rule set.

A :class:`History` keeps the states after each recorded action; undo and redo only move
along them, so undo then redo gives back the very same state, and undoing everything
gives back the first one. Dice are never taken back: once an undone action drew dice,
the next new action must first discard those faces (:meth:`History.dice_to_discard`
gives the :class:`DiscardDice` action to apply), so the roll after an undo is a new one.
DiscardDice is an action like any other (the turn engine accepts it in every phase), so
saves and replays stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Generic, Protocol, TypeVar

from ..actions import Action


class DiceState(Protocol):
    @property
    def faces_used(self) -> int: ...


T = TypeVar("T", bound=DiceState)


@dataclass(frozen=True, slots=True)
class DiscardDice(Action):
    """Draw and drop ``faces`` dice faces: those an undone action had drawn."""

    doing: ClassVar[str] = "dice are discarded after an undo"

    faces: int


class History(Generic[T]):
    """The states of a game after each recorded action, with a position in them."""

    def __init__(self, first: T) -> None:
        self._states: list[T] = [first]
        self._at = 0
        self._peak = first.faces_used  # the furthest the dice have ever been drawn

    @property
    def present(self) -> T:
        return self._states[self._at]

    @property
    def can_undo(self) -> bool:
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        return self._at < len(self._states) - 1

    def record(self, state: T) -> None:
        """A new present after an action: what was undone is forgotten (no redo)."""
        del self._states[self._at + 1 :]
        self._states.append(state)
        self._at += 1
        self._peak = max(self._peak, state.faces_used)

    def undo(self) -> T:
        """Step back one action (the present if there is nothing to undo)."""
        if self.can_undo:
            self._at -= 1
        return self.present

    def redo(self) -> T:
        """Step forward again along the undone actions."""
        if self.can_redo:
            self._at += 1
        return self.present

    def dice_to_discard(self) -> DiscardDice | None:
        """The discard to apply before a new action when undone actions drew dice the
        present has not: the next roll is then a fresh one."""
        extra = self._peak - self.present.faces_used
        return DiscardDice(extra) if extra > 0 else None
