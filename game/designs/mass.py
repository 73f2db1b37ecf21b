"""What a design weighs by the published construction rules (TechManual / Total Warfare
standard values, not in the digest), so a sheet entered or read from a file is checked.

Mechs: structure, standard fusion engine, gyro, cockpit, heat sinks beyond the free ten,
jump jets, weapons, ammunition (a bin's share of its ton) and armour (16 points a ton,
rounded up to the half ton). Ground vehicles: structure, engine (fusion x1.5 or internal
combustion x2, a hovercraft's at least a fifth of its tons), control, lift and turret
equipment, and with an internal combustion engine the heat sinks and power amplifiers
its energy weapons need. The aerospace, WiGE, naval and VTOL designs follow other
construction rules: :func:`mass` gives None for them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ..units.unit import GROUND_VEHICLE_KINDS, MECH_KINDS
from .model import Design, Weapon

# Standard fusion engine tons by rating / 5 (ratings 0, 5, ..., 400).
FUSION_BY_FIVE = (
    0.0, 0.25, 0.5, 0.5, 0.5, 0.5, 1.0, 1.0, 1.0, 1.0, 1.5, 1.5, 1.5, 2.0, 2.0, 2.0, 2.5, 2.5,
    3.0, 3.0, 3.0, 3.5, 3.5, 4.0, 4.0, 4.0, 4.5, 4.5, 5.0, 5.0, 5.5, 5.5, 6.0, 6.0, 6.0, 7.0,
    7.0, 7.5, 7.5, 8.0, 8.5, 8.5, 9.0, 9.5, 10.0, 10.0, 10.5, 11.0, 11.5, 12.0, 12.5, 13.0,
    13.5, 14.0, 14.5, 15.5, 16.0, 16.5, 17.5, 18.0, 19.0, 19.5, 20.5, 21.5, 22.5, 23.5, 24.5,
    25.5, 27.0, 28.5, 29.5, 31.5, 33.0, 34.5, 36.5, 38.5, 41.0, 43.5, 46.0, 49.0, 52.5,
)  # fmt: skip
MAX_RATING = 5 * (len(FUSION_BY_FIVE) - 1)
# Suspension factor by motive type (hovercraft: by weight, up to 10, 20, 30, 40, 50 tons).
HOVER_SUSPENSION = ((10, 40), (20, 85), (30, 130), (40, 175), (50, 235))
SUSPENSION = {"tracked": 0, "wheeled": 20}


def half_up(tons: float) -> float:
    return math.ceil(tons * 2 - 1e-9) / 2


def fusion_tons(rating: int) -> float:
    """A standard fusion engine's tons (ValueError beyond the table)."""
    if not 0 <= rating <= MAX_RATING:
        raise ValueError(f"engine rating {rating} is outside 0..{MAX_RATING}")
    return FUSION_BY_FIVE[math.ceil(rating / 5)]


def suspension(d: Design) -> int:
    if d.kind == "hover":
        return next((f for top, f in HOVER_SUSPENSION if d.tons <= top), HOVER_SUSPENSION[-1][1])
    return SUSPENSION[d.kind]


def vehicle_rating(d: Design) -> int:
    """A ground vehicle's engine rating: tons x cruise MP less the suspension factor, to the
    next multiple of 5."""
    return max(0, math.ceil((d.tons * d.walk - suspension(d)) / 5) * 5)


def mech_rating(d: Design) -> int:
    return d.engine or d.tons * d.walk


def common(d: Design, table: Mapping[str, Weapon]) -> float:
    """Weapons, ammunition (a bin's share of its ton) and armour."""
    weapons = sum(table[m.weapon].tons for m in d.weapons)
    ammo = sum(b.shots / (table[b.weapon].ammo_per_ton or b.shots) for b in d.ammo)
    return weapons + ammo + half_up(sum(d.armor.values()) / 16)


def mech_mass(d: Design, table: Mapping[str, Weapon]) -> float:
    rating = mech_rating(d)
    jets = d.jump * (0.5 if d.tons <= 55 else 1.0 if d.tons <= 85 else 2.0)
    structure = half_up(d.tons / 10)
    return (structure + fusion_tons(rating) + math.ceil(rating / 100) + 3
            + max(d.heat_sinks - 10, 0) + jets + common(d, table))  # fmt: skip


def vehicle_mass(d: Design, table: Mapping[str, Weapon]) -> float:
    ice = d.engine_type == "ice"
    engine = half_up(fusion_tons(vehicle_rating(d)) * (2 if ice else 1.5))
    if d.kind == "hover":
        engine = max(engine, half_up(d.tons / 5))
    energy = [table[m.weapon] for m in d.weapons if table[m.weapon].type == "energy"]
    sinks = sum(w.heat for w in energy) if ice else 0
    amps = half_up(sum(w.tons for w in energy) / 10) if ice else 0.0
    turret = half_up(sum(table[m.weapon].tons for m in d.weapons if m.location == "TU") / 10)
    lift = half_up(d.tons / 10) if d.kind == "hover" else 0.0
    return (half_up(d.tons / 10) + engine + half_up(d.tons / 20) + lift + turret + sinks + amps
            + common(d, table))  # fmt: skip


def mass(d: Design, table: Mapping[str, Weapon]) -> float | None:
    """The design's tons by the construction rules, or None where they are other rules."""
    if d.kind in MECH_KINDS:
        return mech_mass(d, table)
    if d.kind in GROUND_VEHICLE_KINDS:
        return vehicle_mass(d, table)
    return None


def mass_problem(d: Design, table: Mapping[str, Weapon]) -> str:
    """ "" when the design adds up to its tonnage, else what the difference is."""
    try:
        total = mass(d, table)
    except ValueError as e:
        return str(e)
    if total is None or total == d.tons:
        return ""
    diff = d.tons - total
    side = "less" if diff > 0 else "more"
    return (
        f"it adds up to {total:g} tons by the construction rules, {abs(diff):g} {side} than "
        f"its {d.tons} tons"
    )
