"""The regiments game on the shared turn engine (game.core.engine): its phases, their
order and its end (a regiments game has no end of its own: players stop when they like;
the seed's movement chapter holds no victory rules)."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.actions import Action, Event, Refused

from ..core.engine import Engine, Finished, Outcome
from ..core.phase import PhaseRules
from . import phases
from .state import RegimentStart, RegimentState


class RegimentRules:
    """The regiments rule set as the engine sees it."""

    def phase(self, name: str) -> PhaseRules[RegimentState, None]:
        return phases.get(name)

    def following(self, name: str, state: RegimentState) -> str:
        return phases.following(name, state)

    def home(self, action: Action) -> PhaseRules[RegimentState, None] | None:
        return next((p for p in phases.PHASES.values() if type(action) in p.handlers), None)

    def outcome(self, state: RegimentState) -> Finished | None:
        return None


ENGINE: Engine[RegimentState, None] = Engine(RegimentRules(), None)  # no tools


def initial_state(start: RegimentStart) -> RegimentState:
    """Round 1 before its roll for the first activation, the regiments as placed (a
    sandbox: in its one phase)."""
    return RegimentState(start, start.regiments, turn=1, phase=phases.first(start.mode))


def new_game(start: RegimentStart) -> RegimentState:
    """A game ready for its first order (the first roll taken)."""
    state, _ = ENGINE.advance(initial_state(start))
    return state


def apply(state: RegimentState, action: Action) -> Outcome[RegimentState] | Refused:
    return ENGINE.apply(state, action)


def advance(state: RegimentState) -> tuple[RegimentState, list[Event]]:
    return ENGINE.advance(state)


def replay(start: RegimentStart, actions: Iterable[Action]) -> RegimentState:
    return ENGINE.replay(initial_state(start), actions)
