"""Piloting skill roll (PSR) targets as explained modifier lists (PSR-04..12, PSR-22..29).

Every target number is a tuple of (value, reason) modifiers so the referee, the log and the
UI can show why a roll is as hard as it is. This module only builds targets; rolling and
falling belong to the piloting rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from game.core.options import TW, Rules
from game.hexgrid import Hex
from game.rules.modifier import Modifier
from game.units.unit import Unit
from game.units.vehicle import MOTIVE_DRIVING, VehicleBody

PSR_KINDS = (
    "water",
    "rubble",
    "stand",
    "run-damage",
    "jump-landing",
    "skid",
    "sideslip",
    "building",
    "crawl",  # ADV-04: one per attempt to enter a hex
    "careless",  # ADV-06: after a hex entered with MP ignored
    "hull-down",  # ADV-12: a biped leaving hull-down
)

_EMPTY: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class PSR:
    """One roll a move requires.

    ``step`` is the 0-based index of the step after which the roll is made; for skids and
    sideslips (rolled before entering) it is the index of the step that would enter the new
    hex. Classic start-of-movement rolls (PSR-12 variant) use -1.
    """

    step: int
    reason: str
    kind: str
    modifiers: tuple[Modifier, ...]
    auto_fail: bool = False
    at: Hex | None = None
    context: Mapping[str, int] = field(default_factory=lambda: _EMPTY)

    @property
    def target(self) -> int | str:
        if self.auto_fail:
            return "auto-fail"
        return sum(m.value for m in self.modifiers)

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "reason": self.reason,
            "target": self.target,
            "modifiers": [{"reason": m.reason, "value": m.value} for m in self.modifiers],
        }


def auto_fail_reason(unit: Unit) -> str | None:
    """PSR-05 / PSR-11 / CMB-34: why every PSR of this unit fails, or None."""
    d = unit.damage
    if d.unconscious:
        return "the pilot is unconscious"
    if d.shutdown:
        return "the reactor is shut down"
    if unit.is_mech and unit.crits.gyro >= 2:
        return "the gyro is destroyed"
    if unit.immobile:
        return "the unit is immobile"
    return None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def psr_base_modifiers(unit: Unit, rules: Rules = TW) -> list[Modifier]:
    """Piloting skill plus everything added to every roll of this unit.

    PSR-08 pre-existing damage (gyro hit +3 once, +2 per destroyed hip, +1 per destroyed
    leg/foot actuator, +5 per destroyed leg), PSR-06 same-phase situations (20+ damage this
    phase +1) and PSR-10 (quads -2 while no leg is destroyed). Vehicles: the driving skill,
    the motive damage taken (PSR-27, each row once: CMB-48a) and a driver or commander hit
    (CMB-48). The classic table (PSR-09) has the same values for all of these.
    """
    mods = [Modifier(unit.piloting, "piloting skill")]
    if not unit.is_mech:
        if unit.hull is not None:
            mods += vehicle_driving_modifiers(unit.hull)
        return mods
    d, c = unit.damage, unit.crits
    if c.gyro == 1:
        mods.append(Modifier(3, "gyro hit"))
    if c.hips:
        mods.append(Modifier(2 * c.hips, _plural(c.hips, "destroyed hip actuator")))
    if c.leg_actuators:
        mods.append(Modifier(c.leg_actuators, _plural(c.leg_actuators, "destroyed leg actuator")))
    legs = unit.legs_destroyed
    if legs:
        mods.append(Modifier(5 * legs, _plural(legs, "destroyed leg")))
    if d.phase_damage >= 20:
        mods.append(Modifier(1, "20+ damage this phase"))
    if unit.kind == "quad" and not legs:
        mods.append(Modifier(-2, "four-legged Mech"))
    return mods


def vehicle_driving_modifiers(hull: VehicleBody) -> list[Modifier]:
    """PSR-27 / CMB-48a motive damage (minor +1, moderate +2, heavy +3, each once) and
    CMB-48 crew hits (driver +2, commander +1) on every driving skill roll."""
    out = [Modifier(MOTIVE_DRIVING[m], f"{m} motive damage")
           for m in ("minor", "moderate", "heavy") if m in hull.motive]  # fmt: skip
    if hull.crits.driver:
        out.append(Modifier(2, "driver hit"))
    if hull.crits.commander:
        out.append(Modifier(1, "commander hit"))
    return out


def make_psr(
    unit: Unit,
    rules: Rules,
    step: int,
    reason: str,
    kind: str,
    extra: tuple[Modifier, ...] = (),
    at: Hex | None = None,
    context: Mapping[str, int] | None = None,
) -> PSR:
    """A PSR with the base modifiers followed by the situation's own."""
    mods = tuple(psr_base_modifiers(unit, rules)) + extra
    return PSR(
        step=step,
        reason=reason,
        kind=kind,
        modifiers=mods,
        auto_fail=auto_fail_reason(unit) is not None,
        at=at,
        context=MappingProxyType(dict(context or {})),
    )


def weight_class(tons: int) -> str:
    """Light up to 35 t, medium 40-55, heavy 60-75, assault 80+ (the usual bands, with the
    gaps between them closed upward: standard TW value, not in seeds)."""
    if tons < 40:
        return "light"
    if tons < 60:
        return "medium"
    return "heavy" if tons < 80 else "assault"


# ADV-10 (GAP partly filled from the seed's own example): light -2, medium -1, heavy and
# assault 0 (assumed, unverified).
WEIGHT_CLASS_MOD = {"light": -2, "medium": -1, "heavy": 0, "assault": 0}


def weight_class_modifier(tons: int) -> Modifier:
    """ADV-10: the weight class modifier of crawling and careless PSRs."""
    cls = weight_class(tons)
    return Modifier(WEIGHT_CLASS_MOD[cls], f"{cls} weight class")


def water_modifier(depth: int) -> Modifier:
    """PSR-08 / PSR-09: entering depth 1 / 2 / 3+ water: -1 / 0 / +1."""
    return Modifier(min(depth, 3) - 2, f"depth {depth} water")


# PSR-23 skid table (GAP G13 filled, K20): (upper bound of hexes moved, modifier).
SKID_TABLE: tuple[tuple[int, int], ...] = (
    (2, -1),
    (4, 0),
    (7, 1),
    (10, 2),
    (17, 4),
    (24, 5),
)


def moved_text(hexes_moved: int) -> str:
    """'1 hex moved this turn', '3 hexes moved this turn'."""
    return f"{hexes_moved} {'hex' if hexes_moved == 1 else 'hexes'} moved this turn"


def skid_modifier(hexes_moved: int) -> Modifier:
    for top, value in SKID_TABLE:
        if hexes_moved <= top:
            return Modifier(value, moved_text(hexes_moved))
    return Modifier(6, moved_text(hexes_moved))


# PSR-08 buildings (GAP G07): class modifier and hexes moved when entering.
BUILDING_CLASS_MOD = (0, 0, 1, 2, 5)
BUILDING_NAMES = ("", "light", "medium", "heavy", "hardened")


def building_modifiers(cls: int, hexes_moved: int) -> tuple[Modifier, ...]:
    mods = [Modifier(BUILDING_CLASS_MOD[cls], f"{BUILDING_NAMES[cls]} building")]
    if hexes_moved >= 3:
        value = 1 if hexes_moved <= 4 else 2 if hexes_moved <= 6 else 3 if hexes_moved <= 9 else 4
        mods.append(Modifier(value, moved_text(hexes_moved)))
    return tuple(mods)
