"""From actions to verdicts and back into the state: what the phase handlers share.

An action becomes an :class:`~.verdict.Order` (:func:`order_of`), the rules answer it
(game.regiments.orders / .charge), and an accepted verdict is written into the state
(:func:`with_verdict`): every moved regiment in its new place with its markers, the
pairs now in contact, and one log event per happening.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.actions import Action, Event

from ..core.phase import Applying as EngineStep
from .actions import (
    RegimentCharge,
    RegimentFace,
    RegimentHold,
    RegimentMove,
    RegimentReshape,
    steps_from_tokens,
)
from .align import in_contact
from .state import RegimentState
from .verdict import Order, Verdict


def order_of(action: Action) -> Order | str:
    """The rules' order for a regiments action, or why the action is malformed."""
    if isinstance(action, RegimentMove):
        steps = steps_from_tokens(action.steps)
        if isinstance(steps, str):
            return steps
        return Order(action.unit_id, "march" if action.march else "move", steps)
    if isinstance(action, RegimentFace):
        return Order(action.unit_id, "face", turn=action.turn)
    if isinstance(action, RegimentReshape):
        if action.kind not in ("widen", "narrow"):
            return f"a formation change widens or narrows, not {action.kind!r}"
        return Order(action.unit_id, action.kind, files=action.files, side=action.side)
    if isinstance(action, RegimentCharge):
        steps = steps_from_tokens(action.steps)
        if isinstance(steps, str):
            return steps
        return Order(action.unit_id, "charge", steps, target=action.target)
    if isinstance(action, RegimentHold):
        return Order(action.unit_id, "hold")
    return f"{type(action).__name__} is not an order"


def who_may_act(state: RegimentState, unit_id: str) -> str | None:
    """Why the side to act may not order this regiment now, or None."""
    reg = state.get(unit_id)
    if reg is None:
        return f"there is no regiment {unit_id!r}"
    if reg.side != state.to_act:
        return f"{reg.label} belongs to side {reg.side}; side {state.to_act} is to act"
    if reg.markers:
        marker = "a hold" if reg.holding else "an activation"
        return f"{reg.label} has {marker} marker: it has had its order this round (REG-06)"
    return None


def with_verdict(state: RegimentState, v: Verdict) -> RegimentState:
    """The state after an accepted verdict: moved regiments replaced, contacts updated."""
    moved = {r.id: r for r in v.moved}
    regs = tuple(moved.get(r.id, r) for r in state.regiments)
    by_id = {r.id: r for r in regs}
    keep = tuple((a, b) for a, b in state.contacts if a not in moved and b not in moved)
    new: list[tuple[str, str]] = []
    for a in moved:
        for r in regs:
            if r.id != a and r.side != by_id[a].side and in_contact(by_id[a], r):
                pair = tuple(sorted((a, r.id)))
                if pair not in new and pair not in keep:
                    new.append(pair)  # type: ignore[arg-type]
    return replace(state, regiments=regs, contacts=tuple(sorted({*keep, *new})))


def narrate(step: EngineStep, v: Verdict, headline: str) -> None:
    """The log lines of an accepted order: the headline, then every happening."""
    step.emit(Event("order", headline[:1].upper() + headline[1:], v.end.id, payload=v))
    for h in v.events:
        step.emit(Event(h.kind, h.text, h.unit))
    if v.stopped:
        step.emit(Event("stopped", f"{v.end.id} {v.stopped}", v.end.id))


def headline(state: RegimentState, order: Order, v: Verdict) -> str:
    """One sentence for the log: 'A2 moves 8.69 of 9 cm' and the like."""
    reg = state.get(order.unit)
    name = reg.label if reg else order.unit
    if order.type in ("move", "march"):
        verb = "marches" if order.type == "march" else "moves"
        return f"{name} {verb} {v.used:.2f} of {v.allowance:g} cm"
    if order.type == "face":
        shape = f"{v.end.files} files x {v.end.ranks} ranks"
        return f"{name} turns {order.turn:+d} degrees: {shape} (REG-08)"
    if order.type in ("widen", "narrow"):
        return f"{name} {order.type}s to {v.end.files} files x {v.end.ranks} ranks (REG-09)"
    if order.type == "hold":
        return f"{name} holds (hold marker, REG-06)"
    return f"{name} charges {order.target}: {v.used:.2f} of {v.allowance:g} cm"
