"""The countercharge decision (REG-12, 16, 17): a charge halted 3 cm short of a unit that
may countercharge; that unit's side says whether it does. Then the charge is finished and
the activations go on (or, if it meets another such unit, this phase asks again)."""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from game.core.actions import Action

from ...core.phase import Applying, PhaseRules
from ..actions import Countercharge
from ..state import RegimentState
from .charging import decide

NAME = "countercharge"


def _decide(step: Applying, a: Action) -> str | None:
    assert isinstance(a, Countercharge)
    s: RegimentState = step.state
    reg = s.get(a.unit_id)
    if reg is None:
        return f"there is no regiment {a.unit_id!r}"
    return decide(step, a.unit_id, a.accept)


def _actor(s: RegimentState) -> str | None:
    if s.pending is None:
        return None
    reg = next((r for r in s.pending.before if r.id == s.pending.ask), None)
    return reg.side if reg else None


def _banner(s: RegimentState) -> str:
    p = s.pending
    if p is None:
        return f"Round {s.turn} - Countercharge"
    question = f"does {p.ask} countercharge {p.order.unit}?"
    return f"Round {s.turn} - Countercharge - side {_actor(s)}: {question}"


def _choices(s: RegimentState) -> Iterable[Action]:
    if s.pending is None:
        return []
    return [Countercharge(s.pending.ask, True), Countercharge(s.pending.ask, False)]


RULES: PhaseRules[RegimentState, None] = PhaseRules(
    name=NAME,
    handlers=MappingProxyType({Countercharge: _decide}),
    waiting=lambda s: (
        f"{s.pending.ask} must decide whether to countercharge" if s.pending else None
    ),
    actor=_actor,
    title=lambda s: (
        f"{s.pending.order.unit} halts: {s.pending.ask} may countercharge"
        if s.pending
        else "Countercharge"
    ),
    banner=_banner,
    choices=_choices,
)
