"""A combat vehicle's body: armour and structure per location, motive damage, its weapons.

The digest has no vehicle damage rules (a GAP): the hit location table, internal
structure and the motive system table here are standard Total Warfare values, marked
"(standard TW value, not in seeds)"; docs/combat.md says where each came from. Vehicle
critical hits (the TW vehicle critical table) are not modelled.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.units.loadout import AmmoBin, Mount
from game.units.locations import FRONT, LEFT_SIDE, REAR, RIGHT_SIDE, TURRET, VEHICLE_LOCATIONS
from game.units.mech import HitResult, Location, LocationDamage
from game.units.vehicle_crits import NO_VEHICLE_CRITS, VehicleCrits

BODY = "BD"  # where a vehicle's ammunition is stored (not a hit location)
# TW ground vehicle hit location table (2D6), column by attack direction (standard TW
# value, not in seeds). "side" hits the side attacked; "turret" without a turret hits
# the side attacked too. Motive system rolls on 3, 4, 5 and 9 (CMB-45 †); an automatic
# critical roll on 2 and 12 (and 8 from the side), CMB-45/46.
VEHICLE_TABLE: dict[str, tuple[str, ...]] = {  # index = roll - 2
    "front": ("FR", "FR", "FR", "RS", "FR", "FR", "FR", "LS", "TU", "TU", "TU"),
    "rear": ("RR", "RR", "RR", "LS", "RR", "RR", "RR", "RS", "TU", "TU", "TU"),
    "side": ("side", "side", "side", "FR", "side", "side", "side", "RR", "TU", "TU", "TU"),
}
MOTIVE_ROLLS = frozenset({3, 4, 5, 9})
# PSR-27 (GAP G14, standard TW value): modified 2D6 -> effect.
MOTIVE_EFFECTS = ("none", "minor", "moderate", "heavy", "major")
MOTIVE_DRIVING = {"minor": 1, "moderate": 2, "heavy": 3, "major": 0}
# PSR-27: tracked/naval +0 (a submarine is naval, ADV-24), wheeled +2, hover +3, WiGE +4
# (VTOL: not in the table, 0).
MOTIVE_KIND = {"tracked": 0, "naval": 0, "wheeled": 2, "hover": 3, "wige": 4, "vtol": 0,
               "submarine": 0, "hydrofoil": 3}  # fmt: skip
MOTIVE_SIDE = {"front": 0, "rear": 1, "left": 2, "right": 2}


def motive_effect(total: int) -> str:
    """PSR-27: 2-5 none, 6-7 minor, 8-9 moderate, 10-11 heavy, 12+ major."""
    for top, effect in ((5, "none"), (7, "minor"), (9, "moderate"), (11, "heavy")):
        if total <= top:
            return effect
    return "major"


def vehicle_structure(tons: int) -> int:
    """Internal structure of every vehicle location: 10% of the tonnage, rounded up
    (standard TW value, not in seeds)."""
    return max(math.ceil(tons / 10), 1)


def vehicle_location(side: str, roll: int, turret: bool) -> tuple[str, bool, bool]:
    """(location, motive roll?, critical roll?) for a 2D6 on the side attacked (CMB-45;
    ``turret`` False also for a turret blown off)."""
    column = side if side in ("front", "rear") else "side"
    code = VEHICLE_TABLE[column][roll - 2]
    struck = {"front": FRONT, "rear": REAR, "left": LEFT_SIDE, "right": RIGHT_SIDE}[side]
    if code == "side" or (code == TURRET and not turret):
        code = struck
    critical = roll in (2, 12) or (column == "side" and roll == 8)
    return code, roll in MOTIVE_ROLLS, critical


@dataclass(frozen=True, slots=True)
class VehicleBody:
    """Everything done to a vehicle, in one record (the counterpart of game.units.mech.MechBody):
    armour and structure per location (:attr:`codes` order), its weapons and ammunition
    bins as built, shots left, weapons destroyed (``weapons_lost``: a scenario's
    ``damage.weapons_destroyed`` and weapon criticals), the motive system results it took,
    in order (``motive``), its critical damage (``crits``, CMB-48) and its engine type
    (``engine``: "ice" or "fusion"; CMB-47 fuel tank, ADV-27 explosion)."""

    tons: int
    kind: str
    locations: tuple[Location, ...]
    turret: bool = False
    destroyed: bool = False
    weapons: tuple[Mount, ...] = ()
    bins: tuple[AmmoBin, ...] = ()
    ammo: tuple[int, ...] = ()
    weapons_lost: frozenset[int] = frozenset()
    motive: tuple[str, ...] = ()
    crits: VehicleCrits = NO_VEHICLE_CRITS
    engine: str = "ice"

    def __post_init__(self) -> None:
        if not self.ammo and self.bins:
            object.__setattr__(self, "ammo", tuple(b.shots for b in self.bins))

    @property
    def codes(self) -> tuple[str, ...]:
        return VEHICLE_LOCATIONS if self.turret else VEHICLE_LOCATIONS[:-1]

    def __getitem__(self, code: str) -> Location:
        return self.locations[self.codes.index(code)]

    def with_location(self, code: str, loc: Location) -> VehicleBody:
        i = self.codes.index(code)
        return replace(self, locations=self.locations[:i] + (loc,) + self.locations[i + 1 :])

    def with_ammo(self, index: int, shots: int) -> VehicleBody:
        return replace(self, ammo=self.ammo[:index] + (max(shots, 0),) + self.ammo[index + 1 :])

    def weapon_destroyed(self, index: int) -> bool:
        return index in self.weapons_lost or self[self.weapons[index].location].destroyed

    def with_crits(self, crits: VehicleCrits) -> VehicleBody:
        return replace(self, crits=crits)

    def bin_live(self, index: int) -> bool:
        where = self.bins[index].location
        return self.ammo[index] > 0 and (where not in self.codes or not self[where].destroyed)

    @property
    def has_turret(self) -> bool:
        """A turret still on the vehicle (CMB-48 turret blown off: hits go to the side)."""
        return self.turret and self.crits.turret != "off"

    @property
    def immobile(self) -> bool:
        """PSR-27 major motive damage, or an engine critical (CMB-48): an immobile target.
        A cruise MP cut to 0 is not immobile (CMB-48a.3)."""
        return "major" in self.motive or self.crits.engine

    @property
    def out_of_play(self) -> bool:
        """Destroyed, or its crew killed (CMB-48: an intact hulk, out of the game)."""
        return self.destroyed or self.crits.crew_killed

    def cruise(self, printed: int) -> int:
        """PSR-27 effects in the order taken (CMB-48a): moderate -1 each time, heavy
        halves rounding up, major stops the vehicle."""
        mp = printed
        for m in self.motive:
            if m == "moderate":
                mp -= 1
            elif m == "heavy":
                mp = math.ceil(mp / 2)
            elif m == "major":
                mp = 0
        return max(mp, 0)

    def driving_modifier(self) -> int:
        """CMB-48a.2: each motive row's modifier once (minor +1, moderate +2, heavy +3, at
        most +6), plus the crew's (CMB-48: driver +2, commander +1)."""
        rows = sum(MOTIVE_DRIVING.get(m, 0) for m in set(self.motive))
        return rows + self.crits.driving_modifier()

    def total_armour(self) -> int:
        return sum(loc.armour for loc in self.locations)

    def total_structure(self) -> int:
        return sum(loc.structure for loc in self.locations)

    def to_json(self) -> dict[str, Any]:
        return {
            "tons": self.tons,
            "kind": self.kind,
            "destroyed": self.destroyed,
            "locations": {c: self[c].to_json() for c in self.codes},
            "motive": list(self.motive),
        }


def default_vehicle_armour(tons: int, turret: bool) -> dict[str, int]:
    """Armour for a vehicle without a record sheet (our own default): front tons/2, every
    other location tons/3, rounded up."""
    side = math.ceil(tons / 3)
    out = {FRONT: math.ceil(tons / 2), LEFT_SIDE: side, RIGHT_SIDE: side, REAR: side}
    if turret:
        out[TURRET] = side
    return out


def vehicle_body(tons: int, kind: str, armour: Mapping[str, int] | None = None,
                 turret: bool = False, weapons: tuple[Mount, ...] = (),
                 bins: tuple[AmmoBin, ...] = ()) -> VehicleBody:  # fmt: skip
    """A fresh vehicle body: the armour given (default: :func:`default_vehicle_armour`)."""
    armour = armour or default_vehicle_armour(tons, turret)
    codes = VEHICLE_LOCATIONS if turret else VEHICLE_LOCATIONS[:-1]
    s = vehicle_structure(tons)
    locs = tuple(Location(armour.get(c, 0), s) for c in codes)
    return VehicleBody(int(tons), kind, locs, turret, weapons=weapons, bins=bins)


def apply_vehicle_hit(body: VehicleBody, location: str, damage: int, roll: int | None = None,
                      internal: bool = False) -> tuple[VehicleBody, HitResult]:  # fmt: skip
    """Armour, then structure (``internal``: the structure only, an ammunition explosion,
    CMB-48); a location whose structure is gone destroys the vehicle (standard TW value,
    not in seeds). Vehicles transfer nothing: what is left once the vehicle is destroyed
    is ``lost``; so is all of it on a location already gone (a blown-off turret: the
    vehicle goes with it)."""
    remaining = max(int(damage), 0)
    loc = body[location]
    parts: tuple[LocationDamage, ...] = ()
    destroyed: tuple[str, ...] = ()
    if not body.destroyed and not loc.destroyed:
        a = 0 if internal else min(remaining, loc.armour)
        s = min(remaining - a, loc.structure)
        remaining -= a + s
        gone = loc.structure - s == 0
        new = replace(loc, armour=loc.armour - a, structure=loc.structure - s, destroyed=gone)
        body = body.with_location(location, new)
        parts = (LocationDamage(location, False, a, s, gone),)
        if gone:
            destroyed = (location,)
            body = replace(body, destroyed=True)
    lost = remaining if body.destroyed or loc.destroyed else 0
    if loc.destroyed and not body.destroyed:  # only a turret is lost and the vehicle lives
        body = replace(body, destroyed=True)
    result = HitResult(location, False, int(damage), parts, destroyed, (), body.destroyed,
                       lost, roll)  # fmt: skip
    return body, result
