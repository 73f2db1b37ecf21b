"""MegaMek equipment names ("ISMediumLaser", "LRM 10", "IS Ammo AC/20", "Hand Actuator")
-> our names: a weapon of our weapons table, its ammunition, or a critical-slot component.

MegaMek writes one item several ways (its internal name, its lookup names, old names), so
names are compared in a normal form: lower case, letters and digits only, an ``IS``
(Inner Sphere) prefix dropped. Anything that does not come out as one of ours (Clan gear,
later-era weapons, special armour or structure, CASE, equipment with no rules here) is
:data:`UNKNOWN`; the readers refuse it by name, location and file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..units.critslots import (
    COCKPIT,
    ENGINE,
    FOOT,
    GYRO,
    HAND,
    HEAT_SINK,
    HIP,
    JUMP_JET,
    LIFE_SUPPORT,
    LOWER_ARM,
    LOWER_LEG,
    SENSORS,
    SHOULDER,
    UPPER_ARM,
    UPPER_LEG,
)

# Normal form -> our weapons-table name.
WEAPONS = {
    "smalllaser": "Small Laser", "mediumlaser": "Medium Laser", "largelaser": "Large Laser",
    "ppc": "PPC", "particlecannon": "PPC", "particleprojectorcannon": "PPC",
    "ac2": "AC/2", "autocannon2": "AC/2", "ac5": "AC/5", "autocannon5": "AC/5",
    "ac10": "AC/10", "autocannon10": "AC/10", "ac20": "AC/20", "autocannon20": "AC/20",
    "srm2": "SRM-2", "srm4": "SRM-4", "srm6": "SRM-6", "lrm5": "LRM-5", "lrm10": "LRM-10",
    "lrm15": "LRM-15", "lrm20": "LRM-20", "machinegun": "Machine Gun", "mg": "Machine Gun",
    "flamer": "Flamer",
}  # fmt: skip
COMPONENTS = {
    "engine": ENGINE, "fusionengine": ENGINE, "fusion": ENGINE, "gyro": GYRO,
    "standardgyro": GYRO, "cockpit": COCKPIT, "standardcockpit": COCKPIT,
    "lifesupport": LIFE_SUPPORT, "sensors": SENSORS, "shoulder": SHOULDER,
    "shoulderactuator": SHOULDER, "upperarmactuator": UPPER_ARM, "upperarm": UPPER_ARM,
    "lowerarmactuator": LOWER_ARM, "lowerarm": LOWER_ARM, "handactuator": HAND, "hand": HAND,
    "hip": HIP, "hipactuator": HIP, "upperlegactuator": UPPER_LEG, "upperleg": UPPER_LEG,
    "lowerlegactuator": LOWER_LEG, "lowerleg": LOWER_LEG, "footactuator": FOOT, "foot": FOOT,
    "heatsink": HEAT_SINK, "singleheatsink": HEAT_SINK, "jumpjet": JUMP_JET,
}  # fmt: skip
EMPTY_NAMES = frozenset({"-empty-", "empty", ""})
_SHOTS = re.compile(r"\(\s*\d+\s*\)")
_TAGS = re.compile(r"\((?:r|armored|omnipod|t)\)|:omni\b|\bomnipod\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Item:
    """What one slot or equipment line holds, in our terms."""

    kind: str  # "weapon", "ammo", "component", "empty" or "unknown"
    name: str = ""  # our weapon or component name ("" for empty / unknown)
    rear: bool = False  # a weapon mounted to fire backwards ("(R)")
    half: bool = False  # a half ton of ammunition (machine guns)


UNKNOWN = Item("unknown")


def normal(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _drop_is(key: str, table: dict[str, str]) -> str | None:
    if key in table:
        return table[key]
    if key.startswith("is") and key[2:] in table:
        return table[key[2:]]
    return None


def item(raw: str) -> Item:
    """The item a MegaMek slot or equipment name stands for (:data:`UNKNOWN` if not ours)."""
    text = raw.strip()
    if text.lower() in EMPTY_NAMES:
        return Item("empty")
    rear = bool(re.search(r"\(r\)", text, re.IGNORECASE))
    key = normal(_TAGS.sub("", _SHOTS.sub("", text)))
    if "ammo" in key:
        half = "half" in key
        weapon = _drop_is(key.replace("ammo", "").replace("half", "").replace("full", ""), WEAPONS)
        return UNKNOWN if weapon is None else Item("ammo", weapon, half=half)
    weapon = _drop_is(key, WEAPONS)
    if weapon is not None:
        return Item("weapon", weapon, rear=rear)
    component = _drop_is(key, COMPONENTS)
    if component is not None and not rear:
        return Item("component", component)
    return UNKNOWN
