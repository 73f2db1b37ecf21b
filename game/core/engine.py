"""The turn engine: ``apply(state, action)`` -> the new state and what happened, for any
rule set.

The engine knows no phase by name: it asks the current phase (the rule set's registry)
whether it accepts the action and which handler carries it out; a phase that is done and
closes itself is left at once and the following ones are entered (skipping phases with
nothing to do) until one waits for the players. Illegal actions come back as
:class:`~game.core.actions.Refused` with the reason; nothing is raised. :meth:`Engine.advance`
takes the steps nobody decides, :meth:`Engine.outcome` says who won. The rule set gives
the engine its phases, their order, how a game ends and the tools its handlers get (the
engine is generic in both: ``Engine[S, T]``, S the state record, T the tools, the hex game's
``Engine[GameState, Mover]``, the regiments' ``Engine[RegimentState, None]``); the state
record gives the dice (``dice()``, ``faces_used``, ``start.seed``/``start.script``),
``phase``, ``turn``, ``history`` and ``log`` (game.core.phase.CoreState).

Dice: every action gets a cup positioned at ``state.faces_used``, so the same start and
actions always draw the same faces: replay gives the same game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Generic, Protocol

from game.core.actions import Action, EndPhase, Event, IllegalActionError, Refused

from .cups import keep_cup
from .history import DiscardDice
from .phase import Applying, Handler, PhaseRules, S, T

MAX_PHASES_PER_ACTION = 64  # a guard: one action never walks through more phases


class Finished(Protocol):
    """A finished game (game.outcome.Result for the hex game)."""

    @property
    def headline(self) -> str: ...


class Ruleset(Protocol[S, T]):
    """What a rule set tells the engine."""

    def phase(self, name: str) -> PhaseRules[S, T]:
        """The phase called ``name``."""
        ...

    def following(self, name: str, state: S) -> str:
        """The name of the phase after ``name``."""
        ...

    def home(self, action: Action) -> PhaseRules[S, T] | None:
        """The phase that accepts this kind of action (for the refusal's sentence)."""
        ...

    def outcome(self, state: S) -> Finished | None:
        """The result once the game is over, else None."""
        ...


@dataclass(frozen=True, slots=True)
class Outcome(Generic[S]):
    """An accepted action: the new state and the events it caused, in order."""

    state: S
    events: tuple[Event, ...]

    @property
    def ok(self) -> bool:
        return True

    @property
    def phase_changed(self) -> bool:
        """True when the UI should autosave (ux.md: an autosave at every phase change)."""
        return any(e.kind == "phase" for e in self.events)


class Engine(Generic[S, T]):
    """The turn engine of one rule set (see the module docstring). ``tools`` are what its
    handlers get as ``step.tools`` unless a call hands in others (a test's fake mover)."""

    def __init__(self, rules: Ruleset[S, T], tools: T) -> None:
        self.rules = rules
        self.tools = tools

    # --- asking -------------------------------------------------------------------------
    def phase_of(self, state: S) -> PhaseRules[S, T]:
        return self.rules.phase(state.phase)

    def actor(self, state: S) -> str | None:
        """The side that must act now, or None (nobody: an automatic step, game over)."""
        if self.rules.outcome(state) is not None:
            return None
        return self.phase_of(state).actor(state)

    def waiting(self, state: S) -> str | None:
        """Why the current phase cannot end yet (one sentence), or None when it may."""
        return self.phase_of(state).waiting(state)

    def banner(self, state: S) -> str:
        """The top line of the play screen, e.g. 'Turn 3 - Movement - Side B to move'."""
        result = self.rules.outcome(state)
        if result is not None:
            return f"Game over - {result.headline}"
        return self.phase_of(state).banner_text(state)

    def choices(self, state: S) -> list[Action]:
        """Candidate actions for the side to act (autoplay, bots); not all need be legal."""
        if self.rules.outcome(state) is not None:
            return []
        return list(self.phase_of(state).choices(state))

    # --- acting -------------------------------------------------------------------------
    def apply(self, state: S, action: Action, tools: T | None = None) -> Outcome[S] | Refused:
        """Apply one action; Refused(reason) if it is illegal now (the state is unchanged).
        ``tools`` reach the handlers as ``step.tools`` (None: the engine's own)."""
        result = self.rules.outcome(state)
        if result is not None:
            return Refused(f"the game is over: {result.headline}")
        handler = self._handler(state, action)
        if isinstance(handler, str):
            return Refused(handler)
        own = self.tools if tools is None else tools
        step: Applying[S, T] = Applying(state, state.dice(), self._close_phase, own)
        first = len(step.cup.log)
        reason = handler(step, action)
        if reason is not None:
            return Refused(reason)  # the cup is dropped: the next action redraws to its place
        phase = self.phase_of(step.state)
        if phase.closes_itself and phase.waiting(step.state) is None:
            self._close_phase(step)
        start = state.start
        faces = state.faces_used + sum(len(r.faces) for r in step.cup.log[first:])
        keep_cup(start.seed, start.script, faces, step.cup)
        final = replace(
            step.state,
            faces_used=faces,
            history=state.history + (action,),
            log=state.log + tuple(step.entries),
        )
        return Outcome(final, tuple(step.events))

    def apply_strict(self, state: S, action: Action, tools: T | None = None) -> Outcome[S]:
        """apply() for scripts and replays: an illegal action raises IllegalActionError."""
        out = self.apply(state, action, tools)
        if isinstance(out, Refused):
            raise IllegalActionError(out.reason)
        return out

    def automatic(self, state: S) -> Action | None:
        """The action nobody has to decide now, if any: the phase's own (an initiative
        roll) or ending a phase in which everybody has acted."""
        if self.rules.outcome(state) is not None:
            return None
        phase = self.phase_of(state)
        auto = phase.auto(state)
        if auto is not None:
            return auto
        done = phase.waiting(state) is None and phase.actor(state) is None
        return EndPhase() if not phase.closes_itself and done else None

    def advance(self, state: S, tools: T | None = None) -> tuple[S, list[Event]]:
        """Take every automatic step until a player must act or the game is over."""
        events: list[Event] = []
        for _ in range(MAX_PHASES_PER_ACTION):
            action = self.automatic(state)
            if action is None:
                break
            out = self.apply_strict(state, action, tools)
            state = out.state
            events.extend(out.events)
        return state, events

    def replay(self, first: S, actions: Iterable[Action], tools: T | None = None) -> S:
        """The state a game reaches from its first state and its actions."""
        state = first
        for action in actions:
            state = self.apply_strict(state, action, tools).state
        return state

    # --- inside ---------------------------------------------------------------------------
    def _handler(self, state: S, action: Action) -> Handler[S, T] | str:
        """The handler for the action in this phase, or the sentence that refuses it."""
        phase = self.phase_of(state)
        handler = phase.handlers.get(type(action))
        if handler is not None:
            return handler
        if isinstance(action, EndPhase):  # accepted in every phase once it waits for nothing
            return self._end_phase
        if isinstance(action, DiscardDice):  # accepted in every phase (game.core.history)
            return self._discard
        home = self.rules.home(action)
        if home is None:
            return f"{type(action).__name__} is not an action"
        doing = action.doing or f"{type(action).__name__} is done"
        return f"{doing} in the {home.name} phase, not in the {phase.name} phase"

    def _end_phase(self, step: Applying[S, T], action: Action) -> str | None:
        reason = self.waiting(step.state)
        if reason is not None:
            return reason
        self._close_phase(step)
        return None

    def _discard(self, step: Applying[S, T], action: Action) -> str | None:
        n = action.faces if isinstance(action, DiscardDice) else 0
        if not isinstance(n, int) or n < 1:
            return "a dice discard drops at least one face"
        for _ in range(n):
            step.cup.d6("discarded: drawn by an undone action")
        return None

    def _close_phase(self, step: Applying[S, T]) -> None:
        """Leave the current phase, then enter the following ones (skipping those with
        nothing to do) until one must wait for the players or be ended by them."""
        for _ in range(MAX_PHASES_PER_ACTION):
            self.phase_of(step.state).leave(step)
            if self.rules.outcome(step.state) is not None:
                return  # the game is over: no phase opens after it
            nxt = self.rules.following(step.state.phase, step.state)
            while self.rules.phase(nxt).skipped(step.state):
                nxt = self.rules.following(nxt, step.state)
            entered = self.rules.phase(nxt)
            if entered.starts_turn and self._last_turn_over(step.state):
                step.state = replace(step.state, turn=step.state.turn + 1)
                return  # a turn limit: the game ends with its last turn, none opens
            self._enter(step, entered)
            if self.rules.outcome(step.state) is not None:
                return
            if not entered.closes_itself or entered.waiting(step.state) is not None:
                return
        raise RuntimeError("the phase sequence does not stop at any phase")  # a bug, not input

    def _last_turn_over(self, state: S) -> bool:
        """Whether the game is over once this turn ends (a turn limit reached)."""
        ahead = replace(state, turn=state.turn + 1)
        return self.rules.outcome(ahead) is not None

    def _enter(self, step: Applying[S, T], phase: PhaseRules[S, T]) -> None:
        s = step.state
        turn = s.turn + 1 if phase.starts_turn else s.turn
        step.state = replace(s, phase=phase.name, turn=turn)
        step.emit(Event("phase", phase.entry_title(step.state), payload=str(phase.name)))
        phase.enter(step)
