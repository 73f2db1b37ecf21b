"""Control rolls (AERO-03/04) and the end phase's rolls for them (AERO-03, AERO-10).

A control roll is 2D6 against a target built from the pilot's piloting skill and the
modifiers of the control roll table (AERO-04), each as (value, reason, rule). The roll
succeeds on a total >= target. Loss-of-control rolls and recovery rolls wait for the end
phase; evasion rolls (AERO-08) are made at once and never put the evader out of control.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.dice import Dice, Roll
from game.rules.modifier import Modifier
from game.units.craft import Craft
from game.units.unit import Unit

AVIONICS_DESTROYED = 3  # AERO-04: three avionics hits destroy them (+5)
EVADING = "evading a collision"  # AERO-08
REGAIN = "regaining control"  # AERO-10
OUT_OF_CONTROL_TO_HIT = 2  # AERO-09: +2 to the to-hit rolls of an out-of-control unit


@dataclass(frozen=True, slots=True)
class ControlRoll:
    """A control roll's target with every modifier; ``auto_fail`` says why it fails
    whatever the dice show (then no dice are rolled)."""

    reason: str
    modifiers: tuple[Modifier, ...]
    auto_fail: str | None = None

    @property
    def target(self) -> int | str:
        return "auto-fail" if self.auto_fail else sum(m.value for m in self.modifiers)

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "target": self.target,
                "modifiers": [m.to_json() for m in self.modifiers]}  # fmt: skip


def out_of_control(u: Unit) -> bool:
    """AERO-03/05: lost control, or shut down (a shut-down unit is always out of control)."""
    return u.craft is not None and (u.craft.out_of_control or u.damage.shutdown)


def control_modifiers(u: Unit, thrust_used: int, velocity: int) -> tuple[Modifier, ...]:
    """AERO-04 (GAP G29, filled from the standard TW table): piloting skill, more thrust
    than safe thrust (+1, counted once), avionics, pilot damage, atmosphere (+2, then
    fighter -1, spheroid DropShip +1, aerodyne DropShip 0) and velocity above twice the
    safe thrust in atmosphere (+1 per point)."""
    c = u.craft or Craft()
    mods = [Modifier(u.piloting, "piloting skill", "AERO-03")]
    if thrust_used > c.safe_thrust:
        mods.append(Modifier(1, "used more than safe thrust this turn", "AERO-04"))
    if c.avionics >= AVIONICS_DESTROYED:
        mods.append(Modifier(5, "avionics destroyed", "AERO-04"))
    elif c.avionics:
        mods.append(Modifier(c.avionics, f"avionics damage ({c.avionics} hit)", "AERO-04"))
    if u.damage.pilot_hits:
        mods.append(Modifier(u.damage.pilot_hits, f"pilot damage ({u.damage.pilot_hits} hits)",
                        "AERO-04"))  # fmt: skip
    if c.atmosphere:
        mods.append(Modifier(2, "in atmosphere", "AERO-04"))
        form = -1 if not c.large else (1 if c.spheroid else 0)
        if form:
            mods.append(Modifier(form, f"{c.kind_label} in atmosphere", "AERO-04"))
        over = velocity - 2 * c.safe_thrust
        if over > 0:
            mods.append(Modifier(over, f"velocity {velocity} above twice safe thrust "
                                  f"({2 * c.safe_thrust})", "AERO-04"))  # fmt: skip
    return tuple(mods)


def control_roll(
    u: Unit, reason: str, thrust_used: int | None = None, velocity: int | None = None
) -> ControlRoll:
    """The control roll for ``reason``; thrust and velocity default to the unit's now.
    An unconscious pilot fails every control roll (a design choice, as PSR-05 does for
    MechWarriors; the digest is silent)."""
    c = u.craft or Craft()
    used = c.thrust_used if thrust_used is None else thrust_used
    v = c.velocity if velocity is None else velocity
    why = "the pilot is unconscious" if u.damage.unconscious else None
    return ControlRoll(reason, control_modifiers(u, used, v), why)


def roll_control(cup: Dice, roll: ControlRoll, unit_id: str) -> Roll | None:
    """Roll it (None: an automatic failure, no dice)."""
    if roll.auto_fail is not None:
        return None
    target = roll.target
    assert isinstance(target, int)
    return cup.roll2d6(f"control roll, {roll.reason} ({unit_id})", target=target)


@dataclass(frozen=True, slots=True)
class ControlOutcome:
    """One control roll made in the end phase: ``kind`` is "lose" (a roll to keep
    control, AERO-03) or "regain" (AERO-10); ``success`` whether the pilot made it."""

    unit_id: str
    kind: str
    roll: ControlRoll
    dice: Roll | None
    success: bool


def end_of_turn(u: Unit, turn: int, cup: Dice) -> tuple[Unit, tuple[ControlOutcome, ...]]:
    """The end phase of ``turn`` for one aerospace unit: an out-of-control unit tries to
    regain control from the turn after it lost it (AERO-10); one in control makes the
    rolls its turn called for (AERO-03), the first failure putting it out of control;
    then its thrust is full again for the next turn."""
    c = u.craft
    if c is None or not u.airborne:
        return u, ()
    outs: list[ControlOutcome] = []
    if out_of_control(u):
        if c.out_of_control and c.lost_turn < turn and not u.damage.shutdown:
            outs.append(_roll(u, "regain", control_roll(u, REGAIN), cup))
            if outs[-1].success:
                c = replace(c, out_of_control=False, lost_turn=0)
    else:
        for reason in c.due:
            outs.append(_roll(u, "lose", control_roll(u, reason), cup))
            if not outs[-1].success:
                c = replace(c, out_of_control=True, lost_turn=turn)
                break
    return replace(u, craft=c.new_turn()), tuple(outs)


def _roll(u: Unit, kind: str, roll: ControlRoll, cup: Dice) -> ControlOutcome:
    dice = roll_control(cup, roll, u.id)
    return ControlOutcome(u.id, kind, roll, dice, bool(dice is not None and dice.success))
