"""The turn engine: ``apply(state, action)`` -> the new state and what happened.

The flow knows no phase by name: it asks the current phase (game.phases) whether it
accepts the action and which handler carries it out; a phase that is done and closes
itself is left at once and the following ones are entered (skipping phases with nothing
to do) until one waits for the players. Illegal actions come back as :class:`Refused`
with the reason; nothing is raised. :func:`advance` takes the steps nobody decides (the
initiative roll, ending a phase in which everybody has acted), :func:`outcome` says who
won. The UI, the headless autoplay, the sandbox and a future bot share these functions.

Dice: every action gets a cup positioned at ``state.faces_used`` (GameState.dice), so
the same start and actions always draw the same faces: replay gives the same game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from . import phases
from .actions import Action, EndPhase, Event, IllegalActionError, Refused
from .board import Board
from .movers import Mover, rules_mover
from .outcome import Result, outcome
from .phases.base import Handler, PhaseRules, Step
from .state import GameStart, GameState, keep_cup

MAX_PHASES_PER_ACTION = 64  # a guard: one action never walks through more phases


@dataclass(frozen=True, slots=True)
class Outcome:
    """An accepted action: the new state and the events it caused, in order."""

    state: GameState
    events: tuple[Event, ...]

    @property
    def ok(self) -> bool:
        return True

    @property
    def phase_changed(self) -> bool:
        """True when the UI should autosave (ux.md: an autosave at every phase change)."""
        return any(e.kind == "phase" for e in self.events)


def initial_state(board: Board, start: GameStart) -> GameState:
    """A game before its first action: in the first phase, with the start's units placed."""
    return GameState(start, board, board, units=start.units, phase=phases.FIRST)


def phase_of(state: GameState) -> PhaseRules:
    """The rules of the phase the game is in."""
    return phases.get(state.phase)


def actor(state: GameState) -> str | None:
    """The side that must act now, or None (nobody: an automatic step or a finished game)."""
    if outcome(state) is not None:
        return None
    return phase_of(state).actor(state)


def waiting(state: GameState) -> str | None:
    """Why the current phase cannot end yet (one sentence), or None when it may."""
    return phase_of(state).waiting(state)


def banner(state: GameState) -> str:
    """The top line of the play screen, e.g. 'Turn 3 - Movement - Side B to move'."""
    result = outcome(state)
    if result is not None:
        return f"Game over - {result.headline}"
    return phase_of(state).banner_text(state)


def choices(state: GameState) -> list[Action]:
    """Candidate actions for the side to act (autoplay, bots); not all need be legal."""
    if outcome(state) is not None:
        return []
    return list(phase_of(state).choices(state))


def _end_phase(step: Step, a: Action) -> str | None:
    reason = phase_of(step.state).waiting(step.state)
    if reason is not None:
        return reason
    step.close_phase()
    return None


COMMON: dict[type, Handler] = {EndPhase: _end_phase}


def _handler(state: GameState, action: Action) -> Handler | str:
    """The handler for the action in this phase, or the sentence that refuses it."""
    phase = phase_of(state)
    handler = phase.handlers.get(type(action)) or COMMON.get(type(action))
    if handler is not None:
        return handler
    home = [p for p in phases.PHASES.values() if type(action) in p.handlers]
    if not home:
        return f"{type(action).__name__} is not an action"
    doing = action.doing or f"{type(action).__name__} is done"
    return f"{doing} in the {home[0].name} phase, not in the {phase.name} phase"


def apply(state: GameState, action: Action, mover: Mover | None = None) -> Outcome | Refused:
    """Apply one action; Refused(reason) if it is illegal now (the state is unchanged).

    ``mover`` resolves committed moves (default: the movement and piloting rules);
    tests inject a fake one. A replay must use the same mover as the game.
    """
    result = outcome(state)
    if result is not None:
        return Refused(f"the game is over: {result.headline}")
    handler = _handler(state, action)
    if isinstance(handler, str):
        return Refused(handler)
    step = Step(state, state.dice(), mover or rules_mover, _close_phase)
    first = len(step.cup.log)
    reason = handler(step, action)
    if reason is not None:
        return Refused(reason)  # the cup is dropped: the next action redraws to its place
    _settle(step)
    faces = state.faces_used + sum(len(r.faces) for r in step.cup.log[first:])
    keep_cup(state.start.seed, state.start.script, faces, step.cup)
    final = replace(
        step.state,
        faces_used=faces,
        history=state.history + (action,),
        log=state.log + tuple(step.entries),
    )
    return Outcome(final, tuple(step.events))


def _settle(step: Step) -> None:
    """Close the current phase while it is done and closes by itself."""
    phase = phase_of(step.state)
    if phase.closes_itself and phase.waiting(step.state) is None:
        _close_phase(step)


def _close_phase(step: Step) -> None:
    """Leave the current phase, then enter the following ones (skipping those with
    nothing to do) until one must wait for the players or be ended by them."""
    for _ in range(MAX_PHASES_PER_ACTION):
        phase = phase_of(step.state)
        phase.leave(step)
        nxt = phases.following(step.state.phase, step.state.rules)
        while phases.get(nxt).skipped(step.state):
            nxt = phases.following(nxt, step.state.rules)
        _enter(step, phases.get(nxt))
        entered = phase_of(step.state)
        if outcome(step.state) is not None:
            return
        if not entered.closes_itself or entered.waiting(step.state) is not None:
            return
    raise RuntimeError("the phase sequence does not stop at any phase")  # a bug, not input


def _enter(step: Step, phase: PhaseRules) -> None:
    s = step.state
    turn = s.turn + 1 if phase.starts_turn else s.turn
    step.state = replace(s, phase=phase.name, turn=turn)
    step.emit(Event("phase", phase.entry_title(step.state), payload=str(phase.name)))
    phase.enter(step)


def apply_strict(state: GameState, action: Action, mover: Mover | None = None) -> Outcome:
    """apply() for scripts and replays: an illegal action raises IllegalActionError."""
    out = apply(state, action, mover)
    if isinstance(out, Refused):
        raise IllegalActionError(out.reason)
    return out


def automatic(state: GameState) -> Action | None:
    """The action nobody has to decide now, if any: the phase's own (the initiative roll)
    or ending a phase in which everybody has acted."""
    if outcome(state) is not None:
        return None
    phase = phase_of(state)
    auto = phase.auto(state)
    if auto is not None:
        return auto
    if not phase.closes_itself and phase.waiting(state) is None and phase.actor(state) is None:
        return EndPhase()
    return None


def advance(state: GameState, mover: Mover | None = None) -> tuple[GameState, list[Event]]:
    """Take every automatic step (:func:`automatic`) until a player must act or the game is
    over; the events of all of them, in order."""
    events: list[Event] = []
    for _ in range(MAX_PHASES_PER_ACTION):
        action = automatic(state)
        if action is None:
            break
        out = apply_strict(state, action, mover)
        state = out.state
        events.extend(out.events)
    return state, events


def replay(
    board: Board, start: GameStart, actions: Iterable[Action], mover: Mover | None = None
) -> GameState:
    """The state a game reaches from its start and actions (dice from the start)."""
    state = initial_state(board, start)
    for action in actions:
        state = apply_strict(state, action, mover).state
    return state


__all__ = [
    "Outcome",
    "Result",
    "actor",
    "advance",
    "apply",
    "apply_strict",
    "automatic",
    "initial_state",
    "banner",
    "choices",
    "outcome",
    "phase_of",
    "replay",
    "waiting",
]
