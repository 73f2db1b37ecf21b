"""What the batched to-hit answers (tohit_batch) work out once per unit rather than once
per pair: an attacker's weapons as a table of ranges and firing arcs, what stops each
weapon whatever the target (destroyed, out of ammunition), the modifiers of the attacker
and of the target (CMB-11..22, HEAT-07).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from game.core.options import Rules
from game.rules.modifier import Modifier
from game.units.loadout import Mount
from game.units.locations import ARMS, FRONT, LA, LEFT_SIDE, LEGS, REAR, RIGHT_SIDE, TURRET
from game.units.unit import Unit

from ...designs import weapons_table
from ...designs.model import Weapon
from .arcs import ARC_INDEX
from .los import Sight
from .modifiers import (
    actuator_modifiers,
    attacker_modifiers,
    attacker_state_modifiers,
    declared_modifiers,
    prone_target_modifiers,
    target_modifiers,
    terrain_modifiers,
)
from .records import Declaration, Movement, movement_of
from .tohit import mounts, target_blocker, unit_blocker, weapon_state_reason

ALL_ARCS = 0b1111
# Columns of a unit's weapon table.
SHORT, MEDIUM, LONG, MIN_RANGE, ACTUATORS, ARC_MASK, LEG_FACING, IN_LEGS = range(8)
Fixed = tuple[str, str, bool, int, int, Weapon]  # name, location, rear, heat, min range, row


@dataclass(frozen=True, slots=True)
class Armed:
    """One attacker's weapons as a table, with what they share whatever the target."""

    unit: Unit
    mounts: tuple[Mount, ...]
    weapons: tuple[Weapon, ...]
    table: np.ndarray  # (weapons, 8) int, the columns above
    fixed: tuple[Fixed, ...]  # what each WeaponOption copies
    static: tuple[str | None, ...]  # destroyed or out of ammunition (any target)
    actuators: tuple[tuple[Modifier, ...], ...]  # CMB-35, per weapon
    head: tuple[Modifier, ...]  # gunnery, own movement, prone, skid
    tail: tuple[Modifier, ...]  # heat, sensors
    blocker: str | None  # why it fires nothing at all (tohit.unit_blocker)
    legs: bool  # standing with leg weapons: the batch needs the line back (CMB-17/18)


@dataclass(frozen=True, slots=True)
class Target:
    """What every attack at one target shares."""

    unit: Unit
    blocker: str | None  # tohit.target_blocker
    modifiers: tuple[Modifier, ...]  # immobile, moved, jumped, skidded


def armed(a: Unit, a_move: Movement) -> Armed:
    listed = mounts(a)
    table, ws, fixed = design_table(listed, a.hull is not None or not a.is_mech)
    acts = tuple(actuator_modifiers(m.location, a, a_move.mode) for m in listed)
    if any(acts):
        table = table.copy()
        table[:, ACTUATORS] = [sum(x.value for x in act) for act in acts]
    if a.hull is not None and a.hull.crits.turret_stuck:  # CMB-48: the turret points ahead
        table = table.copy()
        turret = np.array([m.location == TURRET for m in listed], dtype=bool)
        table[turret, ARC_MASK] = 1 << ARC_INDEX["front"]
    static = tuple(
        weapon_state_reason(a, i, m, w) for i, (m, w) in enumerate(zip(listed, ws, strict=True))
    )
    head, tail = tuple(attacker_modifiers(a, a_move)), tuple(attacker_state_modifiers(a))
    legs = not a.prone and bool(table[:, IN_LEGS].any())
    return Armed(a, listed, ws, table, fixed, static, acts, head, tail, unit_blocker(a), legs)


def target(t: Unit, movement: Mapping[str, Movement], rules: Rules) -> Target:
    mods = target_modifiers(t, movement_of(movement, t.id), rules)
    return Target(t, target_blocker(t), tuple(mods))


@lru_cache(maxsize=512)
def design_table(
    listed: tuple[Mount, ...], vehicle: bool
) -> tuple[np.ndarray, tuple[Weapon, ...], tuple[Fixed, ...]]:
    """What a set of mounts fires as built: the table (no actuator damage yet), the weapons
    and what each WeaponOption copies."""
    by_name = weapons_table()
    ws = tuple(by_name[m.weapon] for m in listed)
    rows = [
        (w.short, w.medium, w.long, w.min_range, 0, arc_mask(m.location, m.rear, vehicle),
         vehicle or m.location in LEGS, m.location in LEGS)
        for m, w in zip(listed, ws, strict=True)
    ]  # fmt: skip
    table = np.array(rows, dtype=np.int64).reshape(-1, 8)
    table.flags.writeable = False
    fixed = tuple(
        (m.weapon, m.location, m.rear, w.heat, w.min_range, w)
        for m, w in zip(listed, ws, strict=True)
    )
    return table, ws, fixed


def arc_mask(location: str, rear: bool, vehicle: bool) -> int:
    """The arcs (bits of arcs.ARC_NAMES) a weapon fires into (tohit.in_arc, CMB-08)."""
    if vehicle:
        if location == TURRET:
            return ALL_ARCS
        want = {FRONT: "front", LEFT_SIDE: "left", RIGHT_SIDE: "right", REAR: "rear"}
        return 1 << ARC_INDEX[want.get(location, "front")]
    mask = 1 << ARC_INDEX["rear" if rear else "front"]
    if location in ARMS:
        mask |= 1 << ARC_INDEX["left" if location == LA else "right"]
    return mask


def shared(
    arm: Armed, tgt: Target, rules: Rules, q: Declaration, sight: Sight, arc: str
) -> tuple[Modifier, ...]:
    """modifiers.shared_modifiers from the parts worked out once per unit."""
    prone = prone_target_modifiers(arm.unit, tgt.unit) if tgt.unit.prone else ()
    return (
        arm.head
        + tgt.modifiers
        + (*prone, *terrain_modifiers(sight, rules))
        + arm.tail
        + declared_modifiers(arc, q.secondary, q.aim, rules)
    )
