"""Critical slots: what sits where inside a Mech, which slots were hit, what that adds up to.

The body (game.units.mech.MechBody) keeps the layout it was built with (:class:`Gear`) and one
bitmask of hit slots per location; every count the rules read (gyro hits, destroyed hips,
engine hits, destroyed heat sinks, ...) is derived from those by :func:`count_crits`, never
stored beside them. A Mech without a design gets :func:`default_layout` (the standard
engine, gyro, cockpit and actuators; everything else empty).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.units.loadout import AmmoBin, Mount
from game.units.locations import (
    ARMS,
    BIPED_LOCATIONS,
    CT,
    HEAD,
    LEGS,
    LT,
    QUAD_LOCATIONS,
    RT,
    slot_count,
)

ENGINE, GYRO, COCKPIT = "Engine", "Gyro", "Cockpit"
LIFE_SUPPORT, SENSORS = "Life Support", "Sensors"
SHOULDER, UPPER_ARM, LOWER_ARM, HAND = "Shoulder", "Upper Arm", "Lower Arm", "Hand"
HIP, UPPER_LEG, LOWER_LEG, FOOT = "Hip", "Upper Leg", "Lower Leg", "Foot"
HEAT_SINK, JUMP_JET = "Heat Sink", "Jump Jet"
AMMO_PREFIX = "Ammo "  # an ammunition bin's slot: "Ammo AC/20"
REAR_SUFFIX = " (R)"  # a rear-mounted weapon's slots: "Medium Laser (R)"
COMPONENTS = frozenset(
    {ENGINE, GYRO, COCKPIT, LIFE_SUPPORT, SENSORS, SHOULDER, UPPER_ARM, LOWER_ARM, HAND}
    | {HIP, UPPER_LEG, LOWER_LEG, FOOT, HEAT_SINK, JUMP_JET}
)
# The scenario contract's actuator names (damage.actuators) and their slots.
ACTUATORS = MappingProxyType(
    {"shoulder": SHOULDER, "upper_arm": UPPER_ARM, "lower_arm": LOWER_ARM, "hand": HAND}
    | {"hip": HIP, "upper_leg": UPPER_LEG, "lower_leg": LOWER_LEG, "foot": FOOT}
)
ACTUATOR_KEYS = {v: k for k, v in ACTUATORS.items()}
ARM_ACTUATORS = ("shoulder", "upper_arm", "lower_arm", "hand")
LEG_ACTUATORS = ("hip", "upper_leg", "lower_leg", "foot")


@dataclass(frozen=True, slots=True)
class Slot:
    """One critical slot: its item, and which weapon mount or ammunition bin it belongs to."""

    item: str
    mount: int = -1  # index into Gear.weapons, -1 if not a weapon slot
    bin: int = -1  # index into Gear.bins, -1 if not an ammunition slot


Row = tuple[Slot | None, ...]
Layout = tuple[Row, ...]  # one row per location, in the body's location order


@dataclass(frozen=True, slots=True)
class Gear:
    """A Mech as built: weapons, ammunition bins (full), the slot layout, its heat sinks.

    ``heat_sinks`` counts every heat sink; those not in a slot are inside the engine
    and cannot be hit by a critical (standard TW value, not in seeds).
    """

    weapons: tuple[Mount, ...] = ()
    bins: tuple[AmmoBin, ...] = ()
    layout: Layout = ()
    heat_sinks: int = 10

    @property
    def slot_sinks(self) -> int:
        return sum(1 for row in self.layout for s in row if s is not None and s.item == HEAT_SINK)

    @property
    def engine_sinks(self) -> int:
        return max(self.heat_sinks - self.slot_sinks, 0)


def _row(code: str, items: tuple[str, ...]) -> Row:
    out: list[Slot | None] = [Slot(i) for i in items]
    return tuple(out + [None] * (slot_count(code) - len(out)))


def default_row(code: str) -> Row:
    """The standard components of one location (TW record sheet; not in seeds)."""
    if code == HEAD:
        return (Slot(LIFE_SUPPORT), Slot(SENSORS), Slot(COCKPIT), None, Slot(SENSORS),
                Slot(LIFE_SUPPORT))  # fmt: skip
    if code == CT:
        return _row(code, (ENGINE,) * 3 + (GYRO,) * 4 + (ENGINE,) * 3)
    if code in ARMS:
        return _row(code, (SHOULDER, UPPER_ARM, LOWER_ARM, HAND))
    if code in LEGS:
        return _row(code, (HIP, UPPER_LEG, LOWER_LEG, FOOT))
    return _row(code, ())


def default_layout(quad: bool) -> Layout:
    return tuple(default_row(c) for c in (QUAD_LOCATIONS if quad else BIPED_LOCATIONS))


def default_gear(quad: bool, heat_sinks: int = 10, jump: int = 0, sinks_in_legs: int = 0) -> Gear:
    """A Mech without a design: standard layout, ``jump`` jets in the side torsos and the
    centre torso, ``sinks_in_legs`` heat sinks in the legs, the rest inside the engine."""
    codes = QUAD_LOCATIONS if quad else BIPED_LOCATIONS
    layout = default_layout(quad)
    legs = tuple(c for c in codes if c in LEGS)
    layout = place_items(layout, codes, HEAT_SINK, sinks_in_legs, legs)
    layout = place_items(layout, codes, JUMP_JET, jump, (LT, RT, CT))
    return Gear((), (), layout, max(heat_sinks, sinks_in_legs))


class LayoutFull(ValueError):
    """Items that do not fit in the free slots of the locations named."""


def place_items(layout: Layout, codes: tuple[str, ...], item: str, n: int,
                where: tuple[str, ...], mount: int = -1, bin_: int = -1,
                size: int = 1) -> Layout:  # fmt: skip
    """``n`` items of ``size`` slots each into free slots, taking the locations of
    ``where`` in turn (one item each, round and round); LayoutFull if they do not fit."""
    rows = [list(r) for r in layout]
    spots = [codes.index(c) for c in where]
    placed, turn = 0, 0
    while placed < n:
        if not spots:
            raise LayoutFull(f"no room for {n - placed} more {item} in {', '.join(where)}")
        i = spots[turn % len(spots)]
        free = [k for k, s in enumerate(rows[i]) if s is None]
        if len(free) < size:
            spots.remove(i)
            continue
        for k in free[:size]:
            rows[i][k] = Slot(item, mount, bin_)
        placed += 1
        turn += 1
    return tuple(tuple(r) for r in rows)


def strip(layout: Layout, drop: frozenset[str] | None = None, weapons: bool = False,
          ammo: bool = False, legs_of: tuple[int, ...] = ()) -> Layout:  # fmt: skip
    """The layout with weapon slots, ammunition slots and/or the items in ``drop`` (only in
    the rows numbered in ``legs_of`` when given) emptied."""
    out = []
    for i, row in enumerate(layout):
        new = []
        for s in row:
            gone = s is not None and (
                (weapons and s.mount >= 0)
                or (ammo and s.bin >= 0)
                or (drop is not None and s.item in drop and (not legs_of or i in legs_of))
            )
            new.append(None if gone else s)
        out.append(tuple(new))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CritCounts:
    """Everything the critical hits of a body add up to (derived, never stored).

    Counts of slots in destroyed locations: the leg and arm actuators of a lost limb do
    not count (the lost limb does, CMB-38); jump jets and heat sinks in a lost location are
    lost with it; weapons in a lost location are destroyed.
    """

    gyro: int = 0
    engine: int = 0
    sensors: int = 0
    life_support: bool = False
    cockpit: bool = False
    hips: int = 0
    leg_actuators: int = 0  # upper leg, lower leg and foot, all legs
    jump_jets: int = 0  # jets destroyed or lost with their location
    heat_sinks: int = 0  # slot heat sinks destroyed or lost (engine sinks: MechBody)
    sinks_in_legs_lost: int = 0
    actuators: Mapping[str, frozenset[str]] = field(
        default_factory=lambda: MappingProxyType({})
    )  # limb -> destroyed actuator names ("shoulder", "upper_arm", ...)
    weapons: frozenset[int] = frozenset()  # mount indexes destroyed


NO_CRITS = CritCounts()


def count_crits(layout: Layout, hits: tuple[int, ...], codes: tuple[str, ...],
                lost: tuple[bool, ...]) -> CritCounts:  # fmt: skip
    """Add up the hit slots (``hits`` bitmask per location) and lost locations."""
    n: dict[str, int] = {GYRO: 0, ENGINE: 0, SENSORS: 0, LIFE_SUPPORT: 0, COCKPIT: 0}
    hips = legs_hit = jets = sinks = leg_sinks = 0
    actuators: dict[str, frozenset[str]] = {}
    weapons: set[int] = set()
    for i, row in enumerate(layout):
        code, gone, mask = codes[i], lost[i], hits[i]
        limb: set[str] = set()
        for k, s in enumerate(row):
            if s is None:
                continue
            hit = bool(mask >> k & 1)
            if s.mount >= 0 and (hit or gone):
                weapons.add(s.mount)
            if s.item == JUMP_JET and (hit or gone):
                jets += 1
            if s.item == HEAT_SINK and (hit or gone):
                sinks += 1
                leg_sinks += code in LEGS
            if not hit or gone:
                continue
            if s.item in n:
                n[s.item] += 1
            if s.item in ACTUATOR_KEYS:
                limb.add(ACTUATOR_KEYS[s.item])
                hips += s.item == HIP
                legs_hit += s.item in (UPPER_LEG, LOWER_LEG, FOOT)
        if limb:
            actuators[code] = frozenset(limb)
    return CritCounts(
        gyro=n[GYRO], engine=n[ENGINE], sensors=n[SENSORS], life_support=n[LIFE_SUPPORT] > 0,
        cockpit=n[COCKPIT] > 0, hips=hips, leg_actuators=legs_hit, jump_jets=jets,
        heat_sinks=sinks, sinks_in_legs_lost=leg_sinks,
        actuators=MappingProxyType(actuators), weapons=frozenset(weapons),
    )  # fmt: skip


def mark_hits(layout: Layout, hits: tuple[int, ...], codes: tuple[str, ...], item: str,
              n: int, where: tuple[str, ...] | None = None) -> tuple[int, ...]:  # fmt: skip
    """``n`` more hits on slots holding ``item`` (first unhit ones, locations in ``where``
    order, default the body's order); LayoutFull when there are not that many."""
    out = list(hits)
    order = [codes.index(c) for c in (where or codes)]
    left = n
    for i in order:
        for k, s in enumerate(layout[i]):
            if left and s is not None and s.item == item and not out[i] >> k & 1:
                out[i] |= 1 << k
                left -= 1
    if left:
        raise LayoutFull(f"only {n - left} unhit '{item}' slots, not {n}")
    return tuple(out)
