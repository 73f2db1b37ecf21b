"""Undo and redo of whole actions over immutable states, for any rule set.

A :class:`History` is a line of states, the current one marked (states are frozen, so
keeping them is cheap). ``undo`` steps back one state, ``redo`` forward again to exactly
the state that was undone, so undo then redo is the identity and undoing everything gives
the first state. Doing something new after an undo (``push``) drops the states ahead.

Dice are never taken back. Two ways keep the roll after an undo a new one:

* :meth:`History.dice_to_discard`: before the next new action the caller applies the
  :class:`DiscardDice` it returns (the faces the undone actions drew). DiscardDice is an
  action like any other, accepted in every phase by the turn engine, so saves and
  replays stay exact (the regiments screen does this);
* ``undo(reroll)``: the caller adjusts the dice of the state stepped back to (the hex
  sandbox re-seeds them, game.phases.sandbox_game.reroll, and saves its state, not a log).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Generic, Protocol, TypeVar

from game.core.actions import Action


class DiceState(Protocol):
    @property
    def faces_used(self) -> int: ...


T = TypeVar("T", bound=DiceState)


@dataclass(frozen=True, slots=True)
class DiscardDice(Action):
    """Draw and drop ``faces`` dice faces: those an undone action had drawn."""

    doing: ClassVar[str] = "dice are discarded after an undo"

    faces: int


@dataclass(frozen=True, slots=True)
class History(Generic[T]):
    """States oldest first; ``at`` is the index of the current one."""

    states: tuple[T, ...]
    at: int = 0

    @staticmethod
    def begin(state: T) -> History[T]:
        return History((state,), 0)

    @property
    def current(self) -> T:
        return self.states[self.at]

    @property
    def first(self) -> T:
        return self.states[0]

    @property
    def can_undo(self) -> bool:
        return self.at > 0

    @property
    def can_redo(self) -> bool:
        return self.at < len(self.states) - 1

    def push(self, state: T) -> History[T]:
        """A new current state after the current one (the states ahead are dropped)."""
        return History(self.states[: self.at + 1] + (state,), self.at + 1)

    def undo(self, reroll: Callable[[T, T], T] | None = None) -> History[T]:
        """One state back. ``reroll(back, undone)`` may adjust the state stepped back to
        (its dice) knowing the one undone; the line ahead keeps the undone state itself."""
        if not self.can_undo:
            return self
        back, undone = self.states[self.at - 1], self.states[self.at]
        if reroll is not None:
            back = reroll(back, undone)
        states = self.states[: self.at - 1] + (back,) + self.states[self.at :]
        return History(states, self.at - 1)

    def redo(self) -> History[T]:
        """One state forward again (exactly the state that was undone)."""
        return History(self.states, self.at + 1) if self.can_redo else self

    def reset(self) -> History[T]:
        """Back to the first state; everything after it can be redone."""
        return History(self.states, 0)

    def dice_to_discard(self) -> DiscardDice | None:
        """The discard to apply before a new action when undone actions drew dice the
        current state has not: the next roll is then a fresh one. (A new action pushed
        after the discard has drawn at least as far as any state it drops.)"""
        extra = max(s.faces_used for s in self.states) - self.current.faces_used
        return DiscardDice(extra) if extra > 0 else None
