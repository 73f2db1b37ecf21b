"""The hex game's turn engine: game.core.engine bound to the hex phases (game.phases).

``apply(state, action)`` -> the new state and what happened; the flow knows no phase by
name (see game.core.engine). :func:`advance` takes the steps nobody decides (the
initiative roll, ending a phase in which everybody has acted), :func:`outcome` says who
won. The UI, the headless autoplay, the sandbox and a future bot share these functions.
The handlers of the movement phase get the *mover* as their tools: the function that
resolves a committed move (default game.phases.movers.rules_mover; tests inject fakes).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.actions import Action, Event, Refused
from game.phases.movers import Mover, rules_mover

from . import phases
from .board import Board
from .core.engine import Engine, Outcome
from .core.phase import PhaseRules
from .outcome import Result, outcome
from .state import GameStart, GameState


class HexRules:
    """The hex game as the engine sees it: its phases, their order, its end."""

    def phase(self, name: str) -> PhaseRules[GameState, Mover]:
        return phases.get(name)

    def following(self, name: str, state: GameState) -> str:
        return phases.following(name, state.rules)

    def home(self, action: Action) -> PhaseRules[GameState, Mover] | None:
        return next((p for p in phases.PHASES.values() if type(action) in p.handlers), None)

    def outcome(self, state: GameState) -> Result | None:
        return outcome(state)


ENGINE: Engine[GameState, Mover] = Engine(HexRules(), rules_mover)


def initial_state(board: Board, start: GameStart) -> GameState:
    """A game before its first action: in the first phase, with the start's units placed."""
    first = phases.first(start.mode)
    return GameState(start, board, board, units=start.units, phase=first)


def phase_of(state: GameState) -> PhaseRules[GameState, Mover]:
    """The rules of the phase the game is in."""
    return ENGINE.phase_of(state)


def actor(state: GameState) -> str | None:
    """The side that must act now, or None (nobody: an automatic step or a finished game)."""
    return ENGINE.actor(state)


def waiting(state: GameState) -> str | None:
    """Why the current phase cannot end yet (one sentence), or None when it may."""
    return ENGINE.waiting(state)


def banner(state: GameState) -> str:
    """The top line of the play screen, e.g. 'Turn 3 - Movement - Side B to move'; a
    game with a turn limit counts its turns: 'Turn 3 of 8 - Movement - ...'."""
    text = ENGINE.banner(state)
    limit, head = state.start.turn_limit, f"Turn {state.turn}"
    if limit is not None and text.startswith(head) and not text[len(head) :][:1].isdigit():
        return f"{head} of {limit}{text[len(head) :]}"
    return text


def choices(state: GameState) -> list[Action]:
    """Candidate actions for the side to act (autoplay, bots); not all need be legal."""
    return ENGINE.choices(state)


def apply(
    state: GameState, action: Action, mover: Mover | None = None
) -> Outcome[GameState] | Refused:
    """Apply one action; Refused(reason) if it is illegal now (the state is unchanged).

    ``mover`` resolves committed moves (default: the movement and piloting rules); tests
    inject a fake one. A replay must use the same mover as the game.
    """
    return ENGINE.apply(state, action, mover)


def apply_strict(
    state: GameState, action: Action, mover: Mover | None = None
) -> Outcome[GameState]:
    """apply() for scripts and replays: an illegal action raises IllegalActionError."""
    return ENGINE.apply_strict(state, action, mover)


def automatic(state: GameState) -> Action | None:
    """The action nobody has to decide now, if any (game.core.engine.Engine.automatic)."""
    return ENGINE.automatic(state)


def advance(state: GameState, mover: Mover | None = None) -> tuple[GameState, list[Event]]:
    """Take every automatic step until a player must act or the game is over; the events
    of all of them, in order."""
    return ENGINE.advance(state, mover)


def replay(
    board: Board, start: GameStart, actions: Iterable[Action], mover: Mover | None = None
) -> GameState:
    """The state a game reaches from its start and actions (dice from the start)."""
    return ENGINE.replay(initial_state(board, start), actions, mover)


def turn_start(state: GameState, turn: int) -> GameState | None:
    """The state ``turn`` began from, replayed from the game's start: after the last action
    that logged anything of an earlier turn (the one that ends a turn often begins the
    next). None: the log does not reach back to the turn."""
    if not any(e.turn == turn for e in state.log):
        return None
    last = max((e.action for e in state.log if e.turn < turn and e.action >= 0), default=-1)
    return replay(state.start_board or state.board, state.start, state.history[: last + 1])


__all__ = [
    "ENGINE",
    "Outcome",
    "Result",
    "actor",
    "advance",
    "apply",
    "apply_strict",
    "automatic",
    "banner",
    "choices",
    "initial_state",
    "outcome",
    "phase_of",
    "replay",
    "turn_start",
    "waiting",
]
