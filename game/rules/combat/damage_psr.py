"""The piloting rolls weapon damage calls for (PSR-07/08, CMB-33/34/38): made at the end
of the phase (TW) with every modifier the Mech carries by then.

Derived from the unit before and after the damage, so nothing new is stored: a new gyro
hit, a newly destroyed hip, leg or foot actuator, 20+ points this phase, or (automatic
falls) a destroyed gyro or a lost leg.
"""

from __future__ import annotations

from typing import Any

from game.core.options import TW, Rules
from game.rules.piloting.psr import psr_base_modifiers
from game.units.unit import Unit

DAMAGE_PSR = 20  # PSR-08: 20+ damage points in one phase


def phase_psrs(before: Unit, after: Unit, rules: Rules = TW) -> list[dict[str, Any]]:
    """Every PSR the damage between ``before`` and ``after`` calls for, each
    ``{"reason", "target", "modifiers"}`` (``target`` "auto-fail" for automatic falls)."""
    if not after.is_mech or after.destroyed or after.prone:
        return []
    b, a = before.crits, after.crits
    reasons = []
    if a.gyro >= 2 > b.gyro:
        reasons.append(("gyro destroyed", True))
    elif a.gyro > b.gyro:
        reasons.append(("gyro hit", False))
    if after.legs_destroyed > before.legs_destroyed:
        reasons.append(("leg destroyed", True))
    if a.hips > b.hips:
        reasons.append(("hip actuator destroyed", False))
    if a.leg_actuators > b.leg_actuators:
        reasons.append(("leg actuator destroyed", False))
    if after.damage.phase_damage >= DAMAGE_PSR > before.damage.phase_damage:
        reasons.append(("20+ damage this phase", False))
    mods = [{"reason": m.reason, "value": m.value} for m in psr_base_modifiers(after, rules)]
    total = sum(m["value"] for m in mods)
    auto_all = after.damage.shutdown or after.damage.unconscious
    out = []
    for reason, auto in reasons:
        target: int | str = "auto-fail" if auto or auto_all else total
        out.append({"reason": reason, "target": target, "modifiers": mods})
    return out
