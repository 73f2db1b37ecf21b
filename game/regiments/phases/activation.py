"""Activations (REG-01, REG-06): the sides alternate, one order per regiment per round;
a regiment with a marker has had its order. A charge that waits for a countercharge
decision closes this phase for the countercharge phase, which hands back here."""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from game.core.actions import Action

from ...core.phase import Applying, PhaseRules
from ..actions import (
    RegimentCharge,
    RegimentFace,
    RegimentHold,
    RegimentMove,
    RegimentReshape,
    steps_to_tokens,
)
from ..orders import check_order
from ..paths import Leg
from ..resolve import headline, narrate, order_of, who_may_act, with_verdict
from ..state import RegimentState
from .charging import after_activation, begin_charge

NAME = "activation"


def _order(step: Applying, a: Action) -> str | None:
    s: RegimentState = step.state
    if s.pending is not None:
        return f"a charge waits for {s.pending.ask}'s countercharge decision"
    why = who_may_act(s, a.unit_id)  # type: ignore[attr-defined]
    if why is not None:
        return why
    order = order_of(a)
    if isinstance(order, str):
        return order
    if order.type == "charge":
        return begin_charge(step, order)
    v = check_order(s.world(), order)
    if not v.legal:
        return v.error
    narrate(step, v, headline(s, order, v))
    reg = s.get(order.unit)
    assert reg is not None
    step.state = after_activation(with_verdict(s, v), reg.side)
    return None


def _actor(s: RegimentState) -> str | None:
    if s.pending is not None or s.to_act is None:
        return None
    return s.to_act if s.ready(s.to_act) else None


def _waiting(s: RegimentState) -> str | None:
    if s.pending is not None:
        return None
    left = [side for side in s.sides if s.ready(side)]
    return f"side {left[0]} has regiments without an order" if left else None


def _title(s: RegimentState) -> str:
    if s.to_act is None:
        return f"Round {s.turn}: every regiment has had its order"
    return f"Round {s.turn}: activations, side {s.to_act} to act"


def _banner(s: RegimentState) -> str:
    counts = ", ".join(f"{side}: {len(s.ready(side))} left" for side in s.sides)
    who = f"Side {s.to_act} to act" if s.to_act else "every regiment has its order"
    return f"Round {s.turn} - Activation - {who} ({counts})"


def _choices(s: RegimentState) -> Iterable[Action]:
    """Candidate orders for the side to act (autoplay, bots); many are illegal."""
    side = _actor(s)
    if side is None:
        return []
    out: list[Action] = []
    for r in s.ready(side):
        out.append(RegimentHold(r.id))
        for cm in (2.0, r.move / 2, r.move):
            out.append(RegimentMove(r.id, steps_to_tokens((Leg("forward", cm),))))
        for deg in (15.0, -15.0, 30.0, -30.0):
            legs = (Leg("wheel", deg), Leg("forward", 2.0))
            out.append(RegimentMove(r.id, steps_to_tokens(legs)))
        out.append(RegimentMove(r.id, steps_to_tokens((Leg("forward", 1.5 * r.move),)), True))
        out.append(RegimentMove(r.id, steps_to_tokens((Leg("backward", r.move / 4),))))
        out += [RegimentFace(r.id, t) for t in (90, -90, 180)]
        out += [
            RegimentReshape(r.id, "widen", 1, "both"),
            RegimentReshape(r.id, "narrow", 1, "both"),
        ]
        out += [RegimentCharge(r.id, e.id) for e in s.regiments if e.side != side]
    return out


ORDERS = (RegimentMove, RegimentFace, RegimentReshape, RegimentCharge, RegimentHold)
RULES: PhaseRules[RegimentState, None] = PhaseRules(
    name=NAME,
    handlers=MappingProxyType({cls: _order for cls in ORDERS}),
    waiting=_waiting,
    actor=_actor,
    title=_title,
    banner=_banner,
    choices=_choices,
)
