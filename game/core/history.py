"""Undo and redo of whole actions: a line of states, the current one marked.

Used where actions are taken back (the sandbox; states are frozen, so keeping them is
cheap). ``undo`` steps back one state; what the dice do after an undo is the caller's
choice (``reroll``: the sandbox gives the next roll a new face, so undoing a bad roll
and trying again is a new roll, unless the player fixes the dice). ``redo`` steps forward
again to exactly the state that was undone, dice included. Doing something new after an
undo drops the states ahead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


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
