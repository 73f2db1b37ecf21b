"""The rows of the batched to-hit answers (tohit_batch) as WeaponOptions: each row's
sentence from its code (the first check it fails, in tohit._why_not's order), its
modifiers (the pair's shared ones with the weapon's own after the skill, as
tohit._option lays them out) and its number."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from game.rules.modifier import Modifier
from game.units.unit import Unit

from ...designs.model import Weapon
from .arcs import ARC_NAMES, SIDE_NAMES
from .los import Sight
from .modifiers import BRACKET_MODIFIER, IMPOSSIBLE, bracket_modifier, min_range_modifier
from .records import Declaration
from .tohit import (
    LEG_COVER,
    LEG_WATER,
    AttackOptions,
    WeaponOption,
    aim_reason,
    arc_reason,
    prone_reason,
    prop_arm,
    range_reason,
)
from .tohit_tables import Armed

BRACKETS = ("short", "medium", "long", "out of range")
BRACKET_PARTS = tuple((m,) if m is not None else () for m in map(bracket_modifier, BRACKETS))
BRACKET_VALUES = np.array([BRACKET_MODIFIER.get(b, 0) for b in BRACKETS])
# Why a row cannot fire, in the order tohit._why_not asks (0: nothing so far).
PAIR, WEAPON, NO_LOS, ARC, RANGE, COVER, WATER = range(1, 8)


@dataclass(frozen=True, slots=True)
class Rows:
    """One row per (query, chosen weapon): the query, the weapon's index on its unit and
    its row in the stacked weapon tables of every attacker."""

    query: np.ndarray
    index: list[int]
    table: np.ndarray  # stacked weapon tables
    at: np.ndarray  # row of each row's weapon in ``table``


@dataclass(frozen=True, slots=True)
class Found:
    """What the arrays decided per row, and the geometry per query."""

    codes: list[int]
    numbers: list[int]
    brackets: list[int]
    arcs: list[int]  # the arc each row's weapon sees the target in
    range: list[int]
    arc: list[int]  # per query: the upper body's arc, the side hit
    side: list[int]


class _Pair(NamedTuple):
    """One query with what its rows share (the loop's scratch record)."""

    arm: Armed
    target: Unit
    sight: Sight
    query: Declaration
    blocker: str | None
    shared: tuple[Modifier, ...]
    range: int


def answers(
    armed: Mapping[str, Armed],
    by_id: Mapping[str, Unit],
    queries: Sequence[Declaration],
    sights: list[Sight],
    blockers: list[str | None],
    shared: list[tuple[Modifier, ...]],
    rows: Rows,
    found: Found,
) -> list[AttackOptions]:
    out, r = [], 0
    for n, q in enumerate(queries):
        arm = armed[q.attacker]
        k = len(arm.mounts) if q.weapons is None else len(q.weapons)
        pair = _Pair(arm, by_id[q.target], sights[n], q, blockers[n], shared[n], found.range[n])
        options = _pair_options(pair, rows.index[r : r + k], r, found)
        r += k
        arc, side = ARC_NAMES[found.arc[n]], SIDE_NAMES[found.side[n]]
        out.append(AttackOptions(q.attacker, q.target, pair.sight, arc, side, options))
    return out


def _pair_options(pair: _Pair, chosen: list[int], r: int, found: Found) -> tuple[WeaponOption, ...]:
    codes, numbers, brackets = found.codes, found.numbers, found.brackets
    arm, rng = pair.arm, pair.range
    head, tail = pair.shared[:1], pair.shared[1:]
    prop = prop_arm(arm.unit, arm.mounts, chosen) if arm.unit.prone else None
    late = arm.unit.prone or pair.query.aim is not None
    no_sight = f"no line of sight: {pair.sight.reason}"
    out = []
    new = tuple.__new__  # WeaponOption(...) without the keyword handling
    for i in chosen:
        name, location, rear, heat, min_range, _ = arm.fixed[i]
        code, b, act, number = codes[r], brackets[r], arm.actuators[i], numbers[r]
        if act or (min_range and rng <= min_range):
            close = (min_range_modifier(min_range, rng),) if min_range and rng <= min_range else ()
            mods = head + BRACKET_PARTS[b] + close + act + tail
        else:
            mods = head + BRACKET_PARTS[b] + tail
        if code == NO_LOS:
            why: str | None = no_sight
        else:
            why = _why(pair, i, code, found.arcs[r], prop) if code or late else None
        if why is None:
            hit = None if number > IMPOSSIBLE else number
            out.append(new(WeaponOption, (i, name, location, rear, BRACKETS[b], True, None, hit,
                                          mods, heat, None, 0)))  # fmt: skip
        else:
            out.append(new(WeaponOption, (i, name, location, rear, BRACKETS[b], False, why, None,
                                          mods, heat, None, 0)))  # fmt: skip
        r += 1
    return tuple(out)


def _why(pair: _Pair, i: int, code: int, arc: int, prop: str | None) -> str | None:
    """The sentence of a row's code, or the checks after range (tohit._why_not's order)."""
    arm, m, w = pair.arm, pair.arm.mounts[i], pair.arm.weapons[i]
    if code == PAIR:
        return pair.blocker
    if code == WEAPON:
        return arm.static[i]
    if code == ARC:
        return arc_reason(ARC_NAMES[arc], m.rear)
    if code == RANGE:
        return range_reason(pair.range, w.long)
    return _late_reason(arm.unit, pair.target, m.location, w, prop, pair.query.aim, code)


def _late_reason(
    a: Unit, t: Unit, location: str, w: Weapon, prop: str | None, aim: str | None, code: int
) -> str | None:
    """The checks after range: prone (CMB-19), leg weapons in cover (CMB-17/18, from the
    batch's line back), aimed shots (CMB-21)."""
    why = prone_reason(a, location, prop)
    if why is None and code:
        why = LEG_COVER if code == COVER else LEG_WATER
    return why if why is not None else aim_reason(aim, w, t)
