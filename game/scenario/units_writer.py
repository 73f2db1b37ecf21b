"""Writing a unit's combat keys back (the inverse of game.scenario.combat).

Only what differs from the unit as built is written: armour and structure per location,
weapons, ammunition (the shots left), heat sinks; the critical hits as the contract's
counts (gyro, engine, sensors, jump jets, heat sinks, life support), the actuators per
limb and the weapons destroyed. Interchangeable slots (the engine's, the gyro's) come back
as the first slots of their kind; everything a rule reads reads back the same.
"""

from __future__ import annotations

from typing import Any

from game.rules.combat.records import Declaration
from game.units.critslots import (
    ACTUATOR_KEYS,
    ENGINE,
    GYRO,
    HEAT_SINK,
    JUMP_JET,
    LIFE_SUPPORT,
    SENSORS,
)
from game.units.locations import REAR_KEYS, TORSOS
from game.units.mech import MechBody
from game.units.vehicle import VehicleBody

COUNTED = {GYRO: "gyro", ENGINE: "engine", SENSORS: "sensors", JUMP_JET: "jump_jets",
           HEAT_SINK: "heat_sinks"}  # fmt: skip


def mech_keys(body: MechBody, built: MechBody | None
              ) -> tuple[int, dict[str, Any], dict[str, Any]]:  # fmt: skip
    """(legs_destroyed, damage keys, unit keys) of a Mech body."""
    built = built or body
    lost_legs = [c for c in body.legs if body[c].destroyed]
    canonical = lost_legs == list(body.legs[: len(lost_legs)])
    legs = len(lost_legs) if canonical else 0
    damage: dict[str, Any] = {}
    actuators: dict[str, list[str]] = {}
    weapons: list[int] = []
    counts = dict.fromkeys(COUNTED.values(), 0)
    life = False
    for i, (code, row) in enumerate(zip(body.codes, body.built.layout, strict=True)):
        if body.locations[i].destroyed:
            continue
        for k, slot in enumerate(row):
            if slot is None or not body.hits[i] >> k & 1:
                continue
            if slot.item in COUNTED:
                counts[COUNTED[slot.item]] += 1
            elif slot.item == LIFE_SUPPORT:
                life = True
            elif slot.item in ACTUATOR_KEYS:
                actuators.setdefault(code, []).append(ACTUATOR_KEYS[slot.item])
            elif slot.mount >= 0 and slot.mount not in weapons:
                weapons.append(slot.mount)
    counts["heat_sinks"] += body.sinks_lost
    damage |= {k: v for k, v in counts.items() if v}
    if life:
        damage["life_support"] = True
    if actuators:
        damage["actuators"] = actuators
    if weapons:
        damage["weapons_destroyed"] = sorted(weapons)
    unit: dict[str, Any] = {}
    armour, structure = _armour(body, built, skip=set(lost_legs) if canonical else set())
    g, b = body.built, built.built
    if g.weapons != b.weapons:
        unit["weapons"] = [{"name": m.weapon, "location": m.location, "rear": m.rear}
                           for m in g.weapons]  # fmt: skip
    if g.bins != b.bins or body.ammo != built.ammo:
        unit["ammo"] = [{"weapon": x.weapon, "location": x.location, "shots": n}
                        for x, n in zip(g.bins, body.ammo, strict=True)]  # fmt: skip
    if g.heat_sinks != b.heat_sinks:
        unit["heat_sinks"] = g.heat_sinks
    in_legs = sum(1 for c, row in zip(body.codes, g.layout, strict=True) if c in body.legs
                  for s in row if s is not None and s.item == HEAT_SINK)  # fmt: skip
    built_legs = sum(1 for c, row in zip(built.codes, b.layout, strict=True) if c in built.legs
                     for s in row if s is not None and s.item == HEAT_SINK)  # fmt: skip
    if in_legs != built_legs:
        unit["heat_sinks_in_legs"] = in_legs
    if armour:
        unit["armor"] = armour
    if structure:
        unit["structure"] = structure
    return legs, damage, unit


def _armour(body: MechBody, built: MechBody, skip: set[str]
            ) -> tuple[dict[str, int], dict[str, int]]:  # fmt: skip
    armour: dict[str, int] = {}
    structure: dict[str, int] = {}
    for code in body.codes:
        if code in skip:
            continue
        now, then = body[code], built[code]
        if now.armour != then.armour:
            armour[code] = now.armour
        if code in TORSOS and now.rear != then.rear:
            armour[REAR_KEYS[code]] = now.rear
        if now.structure != then.structure:
            structure[code] = now.structure
    return armour, structure


def hull_keys(hull: VehicleBody, built: VehicleBody | None) -> tuple[list[int], dict[str, Any]]:
    """(weapons destroyed, unit keys) of a vehicle body."""
    built = built or hull
    unit: dict[str, Any] = {}
    armour = {c: hull[c].armour for c in hull.codes if c in built.codes
              and hull[c].armour != built[c].armour}  # fmt: skip
    structure = {c: hull[c].structure for c in hull.codes if c in built.codes
                 and hull[c].structure != built[c].structure}  # fmt: skip
    if hull.weapons != built.weapons:
        unit["weapons"] = [{"name": m.weapon, "location": m.location, "rear": m.rear}
                           for m in hull.weapons]  # fmt: skip
    if hull.bins != built.bins or hull.ammo != built.ammo:
        unit["ammo"] = [{"weapon": x.weapon, "location": x.location, "shots": n}
                        for x, n in zip(hull.bins, hull.ammo, strict=True)]  # fmt: skip
    if armour:
        unit["armor"] = armour
    if structure:
        unit["structure"] = structure
    return sorted(hull.weapons_lost), unit


def attack_json(a: Declaration) -> dict[str, Any]:
    out: dict[str, Any] = {"attacker": a.attacker, "target": a.target}
    if a.weapons is not None:
        out["weapons"] = list(a.weapons)
    if a.secondary:
        out["secondary"] = True
    if a.aim is not None:
        out["aim"] = a.aim
    return out
