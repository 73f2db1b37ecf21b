"""What a phase is to the flow: who acts, which actions it takes, what entering and
leaving it do, and when it is done.

Every phase of the game (setup, deployment, and the turn phases of TURN-02..04) is one
module of this package exporting a :class:`PhaseRules`. :mod:`game.flow` asks the current
phase for everything and names none of them; :mod:`game.phases` (the registry) lists them
and their order. A handler works on a :class:`Step`: the state as the action changes it,
the dice cup, and the events it emits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..actions import Action, Event, LogEntry
from ..dice import Dice, Roll
from ..movers import Mover
from ..state import GameState


class Step:
    """The action being applied: the evolving state, its events and the dice cup.

    ``close_phase`` is the flow's own "leave this phase and enter the next ones" (handed
    in by :func:`game.flow.apply`, so a phase can end itself without importing the flow).
    """

    def __init__(
        self,
        state: GameState,
        cup: Dice,
        mover: Mover,
        close_phase: Callable[[Step], None],
    ) -> None:
        self.state = state
        self.cup = cup
        self.mover = mover
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


Handler = Callable[[Step, Action], "str | None"]  # a refusal sentence, or None when done
Hook = Callable[[Step], None]


def _nothing(step: Step) -> None:
    return None


def _never(state: GameState) -> str | None:
    return None


def _nobody(state: GameState) -> str | None:
    return None


def _no_action(state: GameState) -> Action | None:
    return None


def _no_choices(state: GameState) -> Iterable[Action]:
    return ()


def _skip_never(state: GameState) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class PhaseRules:
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
    handlers: Mapping[type, Handler] = field(default_factory=lambda: MappingProxyType({}))
    enter: Hook = _nothing
    leave: Hook = _nothing
    waiting: Callable[[GameState], str | None] = _never
    closes_itself: bool = True
    actor: Callable[[GameState], str | None] = _nobody
    auto: Callable[[GameState], Action | None] = _no_action
    skipped: Callable[[GameState], bool] = _skip_never
    starts_turn: bool = False
    title: Callable[[GameState], str] | None = None
    banner: Callable[[GameState], str] | None = None
    choices: Callable[[GameState], Iterable[Action]] = _no_choices

    def entry_title(self, state: GameState) -> str:
        if self.title is not None:
            return self.title(state)
        return f"Turn {state.turn}: {self.name} phase"

    def banner_text(self, state: GameState) -> str:
        if self.banner is not None:
            return self.banner(state)
        return f"Turn {state.turn} - {self.name.capitalize()}"
