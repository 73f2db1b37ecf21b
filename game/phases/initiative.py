"""The initiative phase (TURN-05): a new turn begins; both sides roll 2D6.

Nobody decides anything here, so the roll is the phase's automatic action
(:func:`game.flow.advance` takes it); the phase closes itself once the roll is made.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from game.core.actions import Action, Event
from game.phases.actions import RollInitiative
from game.phases.movers import HexPhase

from ..core.phase import Applying, PhaseRules
from ..narrate.combat import initiative_text
from ..rules.turn import Phase, roll_initiative
from ..state import GameState


def _enter(step: Applying) -> None:
    s = step.state
    step.state = replace(s, initiative=None, move_order=(), pair_left=0)


def _roll(step: Applying, a: Action) -> str | None:
    s = step.state
    if s.initiative is not None:
        return "initiative is rolled at the start of a turn, and this turn's is rolled"
    mark = len(step.cup.log)
    result = roll_initiative(s.sides, step.cup)  # TURN-05, ties re-roll
    step.state = replace(s, initiative=result)
    rolls = step.new_rolls(mark)
    text = initiative_text([dict(r) for r in result.rounds], rolls, result.winner, result.loser)
    step.emit(Event("initiative_roll", text, rolls=rolls, payload=result))
    return None


def _waiting(s: GameState) -> str | None:
    return "roll initiative first" if s.initiative is None else None


RULES: HexPhase = PhaseRules(
    name=Phase.INITIATIVE,
    handlers=MappingProxyType({RollInitiative: _roll}),
    enter=_enter,
    starts_turn=True,
    waiting=_waiting,
    auto=lambda s: RollInitiative() if s.initiative is None else None,
)
