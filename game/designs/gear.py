"""A Mech's gear (weapons, bins, critical slot layout, heat sinks) from its design.

The design's slot names ("Medium Laser", "Ammo AC/20") become :class:`~game.units.critslots.Slot`
records that know which weapon mount or ammunition bin they belong to: in each location
the mounts take the slots of their name in list order. A scenario may replace the weapons,
the ammunition or the heat sinks of a design (or of the default layout): :func:`refit`
empties those slots and places the new items in the free slots of their locations.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.units.critslots import (
    AMMO_PREFIX,
    HEAT_SINK,
    REAR_SUFFIX,
    Gear,
    Layout,
    LayoutFull,
    Slot,
    default_gear,
    place_items,
    strip,
)
from game.units.loadout import AmmoBin, Mount
from game.units.locations import BIPED_LOCATIONS, LEGS, QUAD_LOCATIONS

from .model import Design, Weapon


def codes_for(quad: bool) -> tuple[str, ...]:
    return QUAD_LOCATIONS if quad else BIPED_LOCATIONS


def design_gear(d: Design, table: Mapping[str, Weapon]) -> Gear:
    """The gear of a Mech design (its slots when the data file gives them, else the
    default layout with the design's weapons and bins placed in free slots)."""
    quad = d.kind == "quad"
    codes = codes_for(quad)
    if not d.slots:
        base = default_gear(quad, d.heat_sinks, d.jump)
        return refit(base, quad, table, weapons=d.weapons, bins=d.ammo)
    rows = []
    for code in codes:
        taken: dict[int, int] = {}  # mount index -> slots assigned
        used_bins: set[int] = set()
        row: list[Slot | None] = []
        for name in d.slots[code]:
            row.append(None if name is None else _slot(d, code, name, table, taken, used_bins))
        rows.append(tuple(row))
    return Gear(d.weapons, d.ammo, tuple(rows), d.heat_sinks)


def _slot(d: Design, code: str, name: str, table: Mapping[str, Weapon],
          taken: dict[int, int], used_bins: set[int]) -> Slot:  # fmt: skip
    if name.startswith(AMMO_PREFIX):
        for i, b in enumerate(d.ammo):
            if b.location == code and AMMO_PREFIX + b.weapon == name and i not in used_bins:
                used_bins.add(i)
                return Slot(name, bin=i)
        return Slot(name)  # the schema already checked the counts agree
    for i, m in enumerate(d.weapons):
        label = m.weapon + (REAR_SUFFIX if m.rear else "")
        if m.location == code and label == name and taken.get(i, 0) < table[m.weapon].slots:
            taken[i] = taken.get(i, 0) + 1
            return Slot(name, mount=i)
    return Slot(name)


def refit(gear: Gear, quad: bool, table: Mapping[str, Weapon], *,
          weapons: tuple[Mount, ...] | None = None, bins: tuple[AmmoBin, ...] | None = None,
          heat_sinks: int | None = None, sinks_in_legs: int | None = None) -> Gear:  # fmt: skip
    """``gear`` with its weapons, bins and/or heat sinks replaced (None keeps them);
    LayoutFull names what does not fit."""
    codes = codes_for(quad)
    layout: Layout = gear.layout
    if weapons is not None:
        layout = strip(layout, weapons=True)
        for i, m in enumerate(weapons):
            label = m.weapon + (REAR_SUFFIX if m.rear else "")
            size = table[m.weapon].slots
            try:
                layout = place_items(layout, codes, label, 1, (m.location,), mount=i, size=size)
            except LayoutFull:
                raise LayoutFull(
                    f"weapons[{i}] {m.weapon} needs {size} free critical slots in "
                    f"{m.location}, which has fewer left"
                ) from None
    if bins is not None:
        layout = strip(layout, ammo=True)
        for i, b in enumerate(bins):
            try:
                layout = place_items(layout, codes, AMMO_PREFIX + b.weapon, 1, (b.location,),
                                     bin_=i)  # fmt: skip
            except LayoutFull:
                msg = f"ammo[{i}] has no free critical slot left in {b.location}"
                raise LayoutFull(msg) from None
    if sinks_in_legs is not None:
        legs = tuple(codes.index(c) for c in codes if c in LEGS)
        layout = strip(layout, drop=frozenset({HEAT_SINK}), legs_of=legs)
        leg_codes = tuple(c for c in codes if c in LEGS)
        try:
            layout = place_items(layout, codes, HEAT_SINK, sinks_in_legs, leg_codes)
        except LayoutFull:
            raise LayoutFull(f"{sinks_in_legs} heat sinks do not fit in the legs") from None
    new = Gear(
        gear.weapons if weapons is None else weapons,
        gear.bins if bins is None else bins,
        layout,
        gear.heat_sinks if heat_sinks is None else heat_sinks,
    )
    if new.slot_sinks > new.heat_sinks:
        raise LayoutFull(
            f"heat_sinks {new.heat_sinks} is fewer than the {new.slot_sinks} heat sinks in "
            "its critical slots"
        )
    return new
