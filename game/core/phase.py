"""What a phase is to the turn engine: who acts, which actions it takes, what entering and
leaving it do, and when it is done.

Every phase of a rule set is one module exporting a :class:`PhaseRules` (the hex game's
are game/phases/); the engine (game.core.engine) asks the current phase for everything
and names none of them. A handler works on a :class:`Applying`: the state as the action
changes it, the dice cup, and the events it emits. Both are generic over the rule set's
state record (game.state.GameState for the hex game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import Field, dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from game.core.actions import Action, Event, LogEntry
from game.core.dice import Dice, Roll


class CoreStart(Protocol):
    """What the engine reads of a game's start: where its dice come from."""

    @property
    def seed(self) -> int: ...
    @property
    def script(self) -> tuple[int, ...]: ...


class CoreState(Protocol):
    """What the engine reads of every rule set's state: a frozen dataclass (the engine
    replaces it) with these fields and a dice cup positioned at ``faces_used``."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def start(self) -> CoreStart: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def faces_used(self) -> int: ...
    @property
    def history(self) -> tuple[Action, ...]: ...
    @property
    def log(self) -> tuple[LogEntry, ...]: ...
    def dice(self) -> Dice: ...


S = TypeVar("S", bound=CoreState)
T = TypeVar("T")  # what the rule set hands its handlers besides the state (its "tools")


class Applying(Generic[S, T]):
    """The action being applied: the evolving state, its events and the dice cup.

    ``close_phase`` is the engine's own "leave this phase and enter the next ones" (handed
    in by the engine, so a phase can end itself without importing it). ``tools`` are what
    the rule set hands its handlers besides (the hex game: the mover of committed moves).
    """

    def __init__(
        self,
        state: S,
        cup: Dice,
        close_phase: Callable[[Applying[S, T]], None],
        tools: T,
    ) -> None:
        self.state = state
        self.cup = cup
        self.tools = tools
        self._close = close_phase
        self.events: list[Event] = []
        self.entries: list[LogEntry] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        entry = LogEntry(self.state.turn, str(self.state.phase), event, len(self.state.history))
        self.entries.append(entry)

    def new_rolls(self, since: int) -> tuple[Roll, ...]:
        return self.cup.log[since:]

    def close_phase(self) -> None:
        """Leave the current phase now and enter the following ones (game.flow)."""
        self._close(self)


# Generic aliases: Handler[S, T], Hook[S, T]; unsubscripted they take any state and tools.
Handler = Callable[[Applying[S, T], Action], "str | None"]  # a refusal sentence, or None
Hook = Callable[[Applying[S, T]], None]


# The defaults below take any state or step (``object``), so they fit every rule set.
def _nothing(step: object) -> None:
    return None


def _never(state: object) -> str | None:
    return None


def _nobody(state: object) -> str | None:
    return None


def _no_action(state: object) -> Action | None:
    return None


def _no_choices(state: object) -> Iterable[Action]:
    return ()


def _skip_never(state: object) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class PhaseRules(Generic[S, T]):
    """One phase (see the module docstring).

    - ``handlers``: the actions the phase accepts, each with its handler;
    - ``enter`` / ``leave``: what entering and closing it do (rolls, resets);
    - ``waiting``: why it cannot close yet (one sentence), None once it may;
    - ``closes_itself``: it closes as soon as ``waiting`` is None (no EndPhase needed);
      otherwise a player (or :func:`game.flow.advance`) ends it with EndPhase;
    - ``actor``: the side that must act now (None: nobody);
    - ``auto``: an action the core takes by itself when nobody has to decide (the
      initiative roll);
    - ``skipped``: True when there is nothing to do in it (it is not entered at all);
    - ``starts_turn``: entering it begins a new turn (the turn counter goes up first);
    - ``title`` and ``banner``: the log line on entering and the play screen's top line;
    - ``choices``: candidate actions for the acting side (the headless autoplay, a bot).
    """

    name: str
    handlers: Mapping[type, Handler[S, T]] = field(default_factory=lambda: MappingProxyType({}))
    enter: Hook[S, T] = _nothing
    leave: Hook[S, T] = _nothing
    waiting: Callable[[S], str | None] = _never
    closes_itself: bool = True
    actor: Callable[[S], str | None] = _nobody
    auto: Callable[[S], Action | None] = _no_action
    skipped: Callable[[S], bool] = _skip_never
    starts_turn: bool = False
    title: Callable[[S], str] | None = None
    banner: Callable[[S], str] | None = None
    choices: Callable[[S], Iterable[Action]] = _no_choices

    def entry_title(self, state: S) -> str:
        if self.title is not None:
            return self.title(state)
        return f"Turn {state.turn}: {self.name} phase"

    def banner_text(self, state: S) -> str:
        if self.banner is not None:
            return self.banner(state)
        return f"Turn {state.turn} - {self.name.capitalize()}"
