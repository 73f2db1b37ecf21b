"""Charges in the game (REG-10..12, 16, 17): the command test, the pause for each
countercharge decision, and the final verdict written into the state.

A charge is resolved from the world before it and the decisions so far
(game.regiments.charge); while a decision is missing the state holds a
:class:`~game.regiments.state.PendingCharge` and the countercharge phase asks that side.
The command tests are an option (REG-11 / G35; docs/regiments.md): 2D6 >= N, rolled for
the charger when it charges and for a countercharger when it accepts.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.actions import Event

from ...core.phase import Applying
from ..charge import ChargeAnswer, resolve_charge
from ..paths import World
from ..resolve import headline, narrate, with_verdict
from ..state import PendingCharge, RegimentState
from ..verdict import Order


def command_test(step: Applying, unit: str, what: str) -> bool:
    """REG-11 (an option): 2D6 >= the option's number, logged; True with the option off."""
    s: RegimentState = step.state
    n = s.options.command_test
    if not n:
        return True
    mark = len(step.cup.log)
    roll = step.cup.roll2d6(f"command test, {unit} {what}", target=n)
    verdict = "passes" if roll.success else "fails"
    text = f"{unit} {what}: command test {roll.total} (needs {n}+) {verdict} (REG-11)"
    step.emit(Event("command_test", text, unit, step.new_rolls(mark), roll))
    return bool(roll.success)


def _answer(s: RegimentState, p: PendingCharge) -> ChargeAnswer:
    world = World(s.start.table, p.before, s.options)
    return resolve_charge(world, p.order, p.decided)


def begin_charge(step: Applying, order: Order) -> str | None:
    """The charge order: refused if it cannot be made; else the command test, then the
    charge (pausing at the first countercharge decision)."""
    s: RegimentState = step.state
    pending = PendingCharge(order, s.regiments, (), "")
    first = _answer(s, pending)
    if not first.verdict.legal:
        return first.verdict.error
    if not command_test(step, order.unit, f"charges {order.target}"):
        reg = s.get(order.unit)
        assert reg is not None
        failed = reg.with_markers((*reg.markers, "activation"))  # REG-11 step 3
        regs = tuple(failed if r.id == reg.id else r for r in s.regiments)
        step.emit(Event("charge_failed", f"{reg.label} stays where it stood (REG-11)", reg.id))
        step.state = after_activation(replace(s, regiments=regs), reg.side)
        return None
    _carry_on(step, pending, first)
    return None


def decide(step: Applying, unit: str, accept: bool) -> str | None:
    """A countercharge decision for the unit the pending charge asks about."""
    s: RegimentState = step.state
    p = s.pending
    if p is None:
        return "no charge is waiting for a countercharge"
    if unit != p.ask:
        return f"the charge waits for {p.ask}'s countercharge decision, not {unit}'s"
    went = accept and command_test(step, unit, "countercharges")
    word = "countercharges" if went else "stands" if not accept else "fails to countercharge"
    step.emit(Event("countercharge_decision", f"{unit} {word} (REG-17)", unit))
    p = replace(p, decisions=(*p.decisions, (unit, went)))
    _carry_on(step, p, _answer(s, p))
    return None


def _carry_on(step: Applying, p: PendingCharge, answer: ChargeAnswer) -> None:
    s: RegimentState = step.state
    if answer.ask is not None:
        asked = replace(p, ask=answer.ask)
        elig = answer.eligibility.why if answer.eligibility else ""
        text = f"{p.order.unit} halts 3 cm from {answer.ask}: {elig}; its side decides"
        step.emit(Event("awaits_countercharge", text, answer.ask))
        step.state = replace(s, pending=asked)
        return
    v = answer.verdict
    world_state = replace(s, regiments=p.before, pending=None)
    done = with_verdict(world_state, v)
    narrate(step, v, headline(s, p.order, v))
    charger = s.get(p.order.unit) or next(r for r in p.before if r.id == p.order.unit)
    step.state = after_activation(done, charger.side)


def after_activation(s: RegimentState, side: str) -> RegimentState:
    """Alternate: the other side acts next if it has regiments without a marker, else
    this side again; nobody when every regiment has one."""
    other = next((x for x in s.sides if x != side), side)
    for nxt in (other, side):
        if s.ready(nxt):
            return replace(s, to_act=nxt)
    return replace(s, to_act=None)
