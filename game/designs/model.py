"""Design records: what a published unit is, as read from its data file.

A design is data (``game/designs/data/<code>.json``, schema in game.designs.schema): the
record-sheet facts of one unit type (tonnage, MP, heat sinks, armour front and rear per
location, weapons with their locations, ammunition bins, the critical slots of every
location). A unit in play records which design it is (``Unit.design``); its changing
state (damage, ammunition left, heat) lives on the unit, never here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.units.critslots import AMMO_PREFIX, HEAT_SINK, JUMP_JET, REAR_SUFFIX
from game.units.loadout import AmmoBin, Mount

EMPTY: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Weapon:
    """One row of the weapons table (heat, damage, ranges in hexes, slots, ammunition).

    Missile launchers fire ``missiles`` missiles that roll on the cluster table; ``damage``
    is then per missile and ``group`` how many points form one damage group (LRM 5; SRM
    missiles each hit on their own). ``ammo_per_ton`` None means the weapon needs no
    ammunition.
    """

    name: str
    type: str  # "energy", "ballistic" or "missile"
    heat: int
    damage: int
    min_range: int
    short: int
    medium: int
    long: int
    tons: float
    slots: int
    ammo_per_ton: int | None = None
    missiles: int = 0  # rack size for cluster weapons, 0 otherwise
    group: int = 0  # damage group size of a cluster weapon (0: per missile)

    @property
    def uses_ammo(self) -> bool:
        return self.ammo_per_ton is not None

    @property
    def cluster(self) -> bool:
        return self.missiles > 0


@dataclass(frozen=True, slots=True)
class Design:
    """The record sheet of one design (see the module docstring).

    ``armor`` holds front armour by location code and rear torso armour under
    ``CTR``/``LTR``/``RTR`` (the scenario contract's keys); empty when the data file gives
    none (the default allocation of game.units.mech applies). ``slots`` maps a location code
    to its critical slots, top to bottom (None = empty slot); empty when not given.
    """

    code: str  # the designation, e.g. "HBK-4G": the id used in saves and actions
    chassis: str
    kind: str  # a unit kind of game.units.unit.KINDS
    tons: int
    walk: int  # walk MP (vehicles: cruise MP)
    jump: int = 0
    engine: int = 0  # engine rating (0 when the data file gives none)
    engine_type: str = "fusion"  # "fusion" or "ice" (internal combustion; vehicles)
    heat_sinks: int = 10
    armor: Mapping[str, int] = field(default_factory=lambda: EMPTY, compare=False)
    weapons: tuple[Mount, ...] = ()
    ammo: tuple[AmmoBin, ...] = ()
    slots: Mapping[str, tuple[str | None, ...]] = field(
        default_factory=lambda: MappingProxyType({}), compare=False
    )
    source: str = ""  # the data file it was read from
    turret: bool = False  # vehicles: a turret location (TU)
    safe_thrust: int = 0  # aerospace units: safe thrust (AERO-04); 0 for ground units
    large_craft: bool = False  # aerospace units: a DropShip (AERO-06/07)
    shape: str = ""  # large craft: "aerodyne" or "spheroid" (AERO-04)
    note: str = ""  # where the sheet comes from, e.g. "generic, not a published sheet"
    era: int = 0  # the year the design was introduced (0: not given)
    troopers: int = 0  # conventional infantry: troopers at full strength (CMB-41)

    @property
    def name(self) -> str:
        """The label the UI shows, e.g. "Hunchback HBK-4G"; a design whose code is a word of
        its chassis is named by the chassis alone ("Corsair Patrol Boat")."""
        if self.code == self.chassis or self.code in self.chassis.split():
            return self.chassis
        return f"{self.chassis} {self.code}"

    @property
    def run(self) -> int:
        """Printed run (vehicles: flank) MP: ceil(1.5 x walk), MOV-04."""
        return math.ceil(1.5 * self.walk)

    @property
    def max_thrust(self) -> int:
        """Aerospace units: 1.5 x safe thrust, rounded up (game.units.craft.max_thrust)."""
        return math.ceil(1.5 * self.safe_thrust)

    @property
    def has_loadout(self) -> bool:
        """True when the data file lists weapons (a combat-ready record sheet)."""
        return bool(self.weapons)

    @property
    def armor_total(self) -> int | None:
        return sum(self.armor.values()) if self.armor else None

    def front_armor(self) -> dict[str, int]:
        return {k: v for k, v in self.armor.items() if not _is_rear_key(k)}

    def rear_armor(self) -> dict[str, int]:
        """Rear torso armour keyed by the torso's own code (CT, LT, RT)."""
        return {k[:-1]: v for k, v in self.armor.items() if _is_rear_key(k)}

    def heat_sinks_in(self, locations: tuple[str, ...]) -> int:
        """Heat sinks whose critical slots lie in these locations (HEAT-04: legs)."""
        return sum(1 for loc in locations for s in self.slots.get(loc, ()) if s == HEAT_SINK_SLOT)


HEAT_SINK_SLOT = HEAT_SINK
JUMP_JET_SLOT = JUMP_JET
__all__ = ["AMMO_PREFIX", "REAR_SUFFIX", "AmmoBin", "Design", "Mount", "Weapon"]
REAR_KEYS = ("CTR", "LTR", "RTR")


def _is_rear_key(key: str) -> bool:
    return key in REAR_KEYS
