"""The charge (REG-10..17): can it be made, the approach, the halt 3 cm short, the target's
countercharge, contact and aligning, and the second enemy met on the way (REG-16).

:func:`resolve_charge` is a pure function of the world before the charge, the order and
the countercharge decisions (``decide(unit_id)``: True = it countercharged and made it,
False = it did not, None = not decided yet). When a decision is missing the answer says
who must decide (``ask``) and where the charger stands meanwhile, so the game asks that
player and resolves again with one more decision; the referee decides from the order's
``countercharge`` list. Nothing here rolls dice: the command tests (REG-11, an option)
are rolled by the game's handlers before a decision counts as True.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .align import Swing, align_to, free_swing, slide_into_contact, swing_needed
from .approach import Approach, MeetPoint, NoWay, find, follow
from .counter import counter_move, proper_contact, swing_meet
from .front import has_sight, may_countercharge
from .geometry import Touch, distance
from .moves import charge_range
from .paths import World, blockers
from .regiment import Regiment
from .verdict import Contact, Eligibility, Happening, Meet, Order, Verdict, refused

Decide = Callable[[str], "bool | None"]


@dataclass(frozen=True, slots=True)
class ChargeAnswer:
    """The verdict so far; ``ask`` names the unit whose countercharge decision is needed
    (the verdict then shows the charger halted where it waits)."""

    verdict: Verdict
    ask: str | None = None
    eligibility: Eligibility | None = None


def preconditions(world: World, order: Order) -> tuple[Regiment, Regiment] | Verdict:
    """REG-11: a target that is an enemy, within the charge move and in sight."""
    charger = world.get(order.unit)
    assert charger is not None
    allowance = charge_range(charger)
    target = world.get(order.target)
    if target is None:
        return refused(
            charger, f"there is no regiment {order.target!r} to charge", None, 0, allowance
        )
    if target.side == charger.side:
        return refused(charger, f"{target.label} is not an enemy (REG-11)", None, 0, allowance)
    d = distance(charger.corners(), target.corners())
    if d > allowance + 1e-9:
        why = f"{target.label} is {d:.2f} cm away, beyond the charge move of {allowance:g} cm"
        return refused(charger, f"{why} (REG-11)", None, 0, allowance)
    if not has_sight(world, charger, target):
        return refused(
            charger,
            f"{charger.id} has no line of sight to {target.label} (REG-11)",
            None,
            0,
            allowance,
        )
    return charger, target


def plan(world: World, order: Order) -> tuple[Regiment, Regiment, Approach] | Verdict:
    """The charge's approach, or the verdict refusing it (REG-10..12)."""
    pre = preconditions(world, order)
    if isinstance(pre, Verdict):
        return pre
    charger, target = pre
    allowance = charge_range(charger)
    a = (
        follow(world, charger, target, order.steps)
        if order.steps
        else find(world, charger, target, allowance)
    )
    if isinstance(a, NoWay):
        return refused(charger, a.error, a.failed_step, 0.0, allowance)
    return charger, target, a


def resolve_charge(world: World, order: Order, decide: Decide) -> ChargeAnswer:
    """The whole charge (see the module docstring)."""
    planned = plan(world, order)
    if isinstance(planned, Verdict):
        return ChargeAnswer(planned)
    charger, target, a = planned
    return _Run(world, charger, target, a, decide).run()


class _Run:
    """One resolution of a charge, step by step, collecting what happens."""

    def __init__(
        self, world: World, charger: Regiment, target: Regiment, a: Approach, decide: Decide
    ) -> None:
        self.world, self.charger, self.target, self.a, self.decide = (
            world,
            charger,
            target,
            a,
            decide,
        )
        self.allowance = charge_range(charger)
        self.events: list[Happening] = []
        self.meets: list[Meet] = []
        self.moved: dict[str, Regiment] = {}
        self.path: list[Regiment] = list(a.path)
        self.t_elig: Eligibility | None = None
        self.pivot: tuple[float, float] | None = None
        self.rest = 0.0  # the part of the charger's swing left when a met unit countercharged

    def say(self, kind: str, unit: str, other: str, text: str) -> None:
        self.events.append(Happening(kind, unit, other, text))

    # --- the sequence of REG-12 --------------------------------------------------------
    def run(self) -> ChargeAnswer:
        c, t = self.charger, self.target
        self.say("charges", c.id, t.id, f"{c.label} charges {t.label}")
        for m in self.a.meets:  # REG-16 on the way in
            out = self._meet(m.unit, m.pose, m.used)
            if out is not None:
                return out
        halt = self.a.halt
        self.say("halts", c.id, t.id, f"{c.id} halts 3 cm from {t.label} (REG-12)")
        elig = may_countercharge(self.world, t, halt)
        self.t_elig = elig
        answer = self._ask(t.id, elig, halt, self.a.used)
        if answer is not None:
            return answer
        if self.decide(t.id) and elig.may:
            done = self._countercharged(t, halt, self.a.used, self.target.id)
            if done is not None:
                return done
        return self._contact(halt, elig)

    def _ask(self, unit: str, elig: Eligibility, at: Regiment, used: float) -> ChargeAnswer | None:
        verb = "may" if elig.may else "may not"
        self.say(
            "may_countercharge" if elig.may else "may_not_countercharge",
            unit,
            at.id,
            f"{unit} {verb} countercharge: {elig.why}",
        )
        if elig.may and self.decide(unit) is None:
            v = self._verdict(at, used, None, pending=True)
            return ChargeAnswer(v, unit, elig)
        if elig.may:
            kind = "countercharges" if self.decide(unit) else "declines"
            self.say(
                kind,
                unit,
                at.id,
                f"{unit} {'countercharges' if kind == 'countercharges' else 'does not countercharge'}",  # noqa: E501
            )
        return None

    def _meet(self, unit: str, at: Regiment, used: float) -> ChargeAnswer | None:
        """REG-16: halt 3 cm before a second enemy facing the charger; it may countercharge."""
        other = self._now(unit)
        self.say(
            "meets", at.id, unit, f"{at.id} halts 3 cm from {other.label}, which faces it (REG-16)"
        )
        elig = may_countercharge(self.world, other, at)
        asked = self._ask(unit, elig, at, used)
        if asked is not None:
            return asked
        went = bool(elig.may and self.decide(unit))
        self.meets.append(Meet(unit, at, elig, went))
        if went:
            return self._countercharged(other, at, used, unit)
        return None

    def _countercharged(
        self, cc: Regiment, at: Regiment, used: float, contact_id: str
    ) -> ChargeAnswer | None:
        """The countercharger moves into contact with the charger and aligns to it."""
        world = self._world(at)
        res = counter_move(world, cc, at)
        if isinstance(res, str):
            self.say("counter_fails", cc.id, at.id, f"{cc.id} cannot reach {at.id}: {res}")
            return None
        cc2, at2 = res
        self.say(
            "contact",
            cc.id,
            at.id,
            f"{cc.id} moves into contact with {at.id} and aligns to it (REG-12)",
        )
        self._mark(cc2, countercharged=True)
        if contact_id != self.target.id:  # REG-16 countercharge: the target aligns last
            self._target_aligns(at2)
            self.path.append(at2)
        contact = Contact(cc.id, at2, cc2)
        return ChargeAnswer(self._verdict(at2, used, contact))

    def _target_aligns(self, charger: Regiment) -> None:
        """REG-16 (Diagram 18): the original target turns the rest of the charger's swing
        about the first-contact point, as far as it can (REG-15)."""
        if self.pivot is None or abs(self.rest) < 1e-9:
            return
        t = self._now(self.target.id)
        world = self._world(charger)
        bl = blockers(world, t, leave_out=(charger.id,))
        turned, _ = free_swing(world, t, np.array(self.pivot), -self.rest, bl)
        if turned:
            self.moved[t.id] = t.turned_about(np.array(self.pivot), turned)
            self.say("aligns", t.id, charger.id, f"{t.id} aligns to {charger.id} (REG-16)")

    def _contact(self, halt: Regiment, elig: Eligibility) -> ChargeAnswer:
        """No countercharge: the charger moves into contact and aligns to the target."""
        t = self._now(self.target.id)
        world = self._world(halt)
        slid = slide_into_contact(world, halt, t)
        if isinstance(slid, str):
            v = refused(
                self.charger,
                f"{slid} when it halts 3 cm away (REG-12)",
                None,
                self.a.used,
                self.allowance,
            )
            return ChargeAnswer(v)
        at, touch, t_c = slid
        used = self.a.used + t_c
        if used > self.allowance + 1e-9:
            v = refused(
                self.charger,
                f"needs {used:.2f} cm to reach {t.label}, "
                f"more than the charge move of {self.allowance:g} cm (REG-10)",
                None,
                0.0,
                self.allowance,
            )
            return ChargeAnswer(v)
        self.say("contact", at.id, t.id, f"{at.id} moves into contact with {t.label} (REG-12)")
        self.path.append(at)
        return self._align(at, t, touch, used)

    def _align(self, at: Regiment, t: Regiment, touch: Touch, used: float) -> ChargeAnswer:
        world = self._world(at)
        pivot = np.array(touch.point)
        angle = swing_needed(at, t, touch)
        met = swing_meet(world, at, pivot, angle, {t.id, *(m.unit for m in self.meets)})
        if met is not None:  # REG-16: halt the swing 3 cm from the met unit
            self.pivot, self.rest = touch.point, angle - met[0]
            out = self._meet(met[1], at.turned_about(pivot, met[0]), used)
            if out is not None:
                return out
            world = self._world(at)
        mover, target, swing = align_to(world, at, t, touch)
        if abs(swing.angle) > 1e-9:
            text = f"{at.id} swings {abs(swing.done):.1f} degrees to align to {t.label} (REG-13/14)"
            self.say("aligns", at.id, t.id, text)
        if swing.blocked_by is not None:
            self._blocked(at, t, swing)
        if target != t:
            self.moved[t.id] = target
        self.path.append(mover)
        self._proper_contacts(mover)
        return ChargeAnswer(self._verdict(mover, used, Contact(t.id, mover, target)))

    def _blocked(self, at: Regiment, t: Regiment, swing: Swing) -> None:
        self.say(
            "blocked",
            at.id,
            swing.blocked_by or "",
            f"{self._name(swing.blocked_by)} stops {at.id}'s alignment (REG-15)",
        )
        rest = abs(swing.angle - swing.done)
        turned = abs(swing.other_turned)
        text = f"{t.id} turns {turned:.1f} degrees to complete the alignment (REG-15)"
        if swing.other_blocked_by is not None:
            stop = self._name(swing.other_blocked_by)
            text = (
                f"{t.id} turns {turned:.1f} of {rest:.1f} degrees before {stop} stops it "
                "too; they stand as aligned as they can (REG-13/15)"
            )
        self.say("completes_alignment", t.id, at.id, text)

    def _name(self, thing: str | None) -> str:
        if thing is None:
            return "nothing"
        who = self.world.get(thing) or self.world.table.obstacle(thing)
        return who.label if who is not None else thing

    def _proper_contacts(self, charger: Regiment) -> None:
        """REG-16 (Diagram 17): met units that did not countercharge close up and align."""
        for m in self.meets:
            if m.countercharged:
                continue
            u = self._now(m.unit)
            if distance(charger.corners(), u.corners()) <= 3.0 + 1e-6:
                u2 = proper_contact(self._world(charger), u, charger)
                if u2 is not None:
                    self.moved[u2.id] = u2
                    self.say(
                        "aligns",
                        u.id,
                        charger.id,
                        f"{u.id} makes contact with {charger.id} and aligns to it (REG-16)",
                    )

    # --- bookkeeping --------------------------------------------------------------------
    def _now(self, unit: str) -> Regiment:
        r = self.moved.get(unit) or self.world.get(unit)
        assert r is not None
        return r

    def _world(self, charger_at: Regiment) -> World:
        w = self.world.with_regiment(charger_at)
        for r in self.moved.values():
            w = w.with_regiment(r)
        return w

    def _mark(self, reg: Regiment, countercharged: bool = False) -> None:
        markers = tuple(m for m in reg.markers if m != "hold") + ("activation",)
        self.moved[reg.id] = reg.with_markers(markers)

    def _verdict(
        self, end: Regiment, used: float, contact: Contact | None, pending: bool = False
    ) -> Verdict:
        t_elig = self.t_elig
        final = end if pending else end.with_markers((*self.charger.markers, "activation"))
        moved = {**self.moved, final.id: final}
        stopped = None
        if self.meets:
            names = ", ".join(m.unit for m in self.meets)
            stopped = f"halted 3 cm from {names}, which faced it, for a countercharge (REG-16)"
        return Verdict(
            True, None, None, used, self.allowance, final, None if pending else "activation",
            stopped, contact, t_elig, tuple(self.path), tuple(moved.values()), self.a.halt,
            tuple(self.meets), tuple(self.events),
        )  # fmt: skip


__all__ = ["ChargeAnswer", "Decide", "MeetPoint", "plan", "resolve_charge"]
