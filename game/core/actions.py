"""What a player can do, and what happened, for every rule set: actions in, events out.

An action is a frozen record; the rule set's engine (game.core.engine) takes one and
answers with an Outcome (the new state and the :class:`Event` records it caused) or a
:class:`Refused` (one sentence saying why). Illegal actions are computed and explained,
never signalled by an exception, so the UI can show the reason and carry on. Defining an
:class:`Action` subclass registers it by its class name (:data:`ACTION_TYPES`) for the
action-list codec (game.core.files), so a save is a game's start plus its accepted
actions. The hex game's own actions live in game.phases.actions, the regiments' in
game.regiments.actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.dice import Roll


class IllegalActionError(ValueError):
    """Raised only by the strict apply (replays, scripts, tests): an action refused."""


# --- actions ---------------------------------------------------------------------------

ACTION_TYPES: dict[str, type[Action]] = {}


class Action:
    """Base of every action record. A subclass is a frozen dataclass; defining it
    registers it by its class name for the save codec (:func:`action_from_json`), so a
    new action needs no list edited anywhere - only a handler in its phase's module."""

    __slots__ = ()
    doing: ClassVar[str] = ""  # "units move": how a refusal in the wrong phase says it

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        old = ACTION_TYPES.get(cls.__name__)
        # dataclass(slots=True) makes the class a second time: that one replaces the first
        if old is not None and (old.__module__, old.__qualname__) != (
            cls.__module__,
            cls.__qualname__,
        ):
            raise TypeError(f"two actions are called {cls.__name__}")
        ACTION_TYPES[cls.__name__] = cls


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """Close the current phase once every unit has acted; pass-through phases follow."""


# --- events and answers ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log and for the UI to animate.

    ``kind`` is a short tag the UI switches on: "unit_added", "unit_removed", "deployed",
    "phase", "initiative_roll", "selected", "mode", "move", "stand_still", "roll", "fall",
    "damage", "pilot", "wake_up", "turn", or a tag passed through from the rules.
    ``text`` is the log line; ``rolls`` every die roll behind it (with target and
    modifiers' sum), ``payload`` the rules' own structured record when there is one.
    """

    kind: str
    text: str
    unit_id: str | None = None
    rolls: tuple[Roll, ...] = ()
    payload: Any = None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log: the event, when it happened and which action (its index
    in the game's history, -1 if unknown) brought it about."""

    turn: int
    phase: str
    event: Event
    action: int = -1

    @property
    def text(self) -> str:
        return self.event.text


@dataclass(frozen=True, slots=True)
class Refused:
    """An illegal action: nothing changed; ``reason`` is one sentence for the player."""

    reason: str

    @property
    def ok(self) -> bool:
        return False
