"""The start of a round (the engine's turn): every marker comes off (REG-06; the
``keep_hold`` option keeps hold markers until used), then both sides roll 1D6 and the
higher activates first, ties rolled again (not in seed 002: docs/regiments.md)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from game.core.actions import Action, Event

from ...core.phase import Applying, PhaseRules
from ..actions import RollFirstActivation
from ..state import RegimentState

NAME = "round"


def _enter(step: Applying) -> None:
    s: RegimentState = step.state
    keep = ("hold",) if s.options.keep_hold else ()
    regs = tuple(r.with_markers(tuple(m for m in r.markers if m in keep)) for r in s.regiments)
    step.state = replace(s, regiments=regs, first=None, to_act=None, pending=None)


def _roll(step: Applying, a: Action) -> str | None:
    s: RegimentState = step.state
    if s.first is not None:
        return "this round's first activation is already rolled"
    mark = len(step.cup.log)
    rounds = []
    while True:
        faces = {side: step.cup.d6(f"first activation, side {side}") for side in s.sides}
        rounds.append(faces)
        best = max(faces.values())
        winners = [side for side, f in faces.items() if f == best]
        if len(winners) == 1:
            break
    winner = winners[0]
    acts = next((side for side in (winner, *s.sides) if s.ready(side)), None)
    step.state = replace(s, first=winner, to_act=acts)
    told = "; then ".join(", ".join(f"{k} {v}" for k, v in r.items()) for r in rounds)
    text = f"Round {s.turn}: {told} - side {winner} activates first"
    if acts != winner:  # a side with nothing left to do passes by itself (issue 25)
        text += f"; side {winner} has no regiment without an order" + (
            f", so side {acts} acts" if acts else ""
        )
    step.emit(Event("first_activation", text, rolls=step.new_rolls(mark), payload=winner))
    return None


RULES: PhaseRules[RegimentState, None] = PhaseRules(
    name=NAME,
    handlers=MappingProxyType({RollFirstActivation: _roll}),
    enter=_enter,
    starts_turn=True,
    waiting=lambda s: "roll for the first activation" if s.first is None else None,
    auto=lambda s: RollFirstActivation() if s.first is None else None,
    title=lambda s: f"Round {s.turn} begins: markers are cleared (REG-06)",
    banner=lambda s: f"Round {s.turn} - rolling for the first activation",
)
