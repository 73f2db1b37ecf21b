"""Unit records: what a unit is and the damage state that touches how it moves.

Units are frozen values; the game state replaces a unit to change it. Walk, run and
jump MP are derived here, once, from the printed values, damage and heat, so every
caller (rules, referee, UI panels) agrees on them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from game.hexgrid import Hex
from game.units.craft import Craft
from game.units.critslots import NO_CRITS, CritCounts
from game.units.mech import MechBody, standard_body
from game.units.platoon import FOOT, JUMP, Platoon
from game.units.vehicle import VehicleBody, vehicle_body

KINDS = ("biped", "quad", "tracked", "wheeled", "hover", "infantry", "wige", "naval", "vtol",
         "submarine", "hydrofoil")  # fmt: skip
MECH_KINDS = frozenset({"biped", "quad"})
# Units with a vehicle hull (game.units.vehicle); ground vehicles get the MOV-25 pavement bonus.
VEHICLE_KINDS = frozenset({"tracked", "wheeled", "hover", "wige", "naval", "vtol", "submarine",
                           "hydrofoil"})  # fmt: skip
GROUND_VEHICLE_KINDS = frozenset({"tracked", "wheeled", "hover"})
SLIDING_KINDS = frozenset({"hover", "wige", "vtol"})  # PSR-28: sideslip at flank speed
AERO = "aero"  # aerospace units: fighters and large craft (game.units.craft, AERO-01..10)
ALL_KINDS = (*KINDS, AERO)  # every kind a scenario or a design may name
INFANTRY = "infantry"
# ADV-24: only in depth 1+ water. A hydrofoil is a naval surface vessel of TW's hydrofoil
# motive type (docs/advanced-movement.md: the reading built), +3 on the motive table (CMB-48a).
VESSELS = frozenset({"naval", "submarine", "hydrofoil"})
# TW's tonnage limits: naval vessels and submarines up to 300 t, hydrofoils up to 100 t;
# every other ground unit as the scenario contract has always allowed (200).
MAX_TONS = {"naval": 300, "submarine": 300, "hydrofoil": 100}
DEFAULT_MAX_TONS = 200


def max_tons(kind: str) -> int:
    """The heaviest unit of ``kind`` a scenario or a design may name."""
    return MAX_TONS.get(kind, DEFAULT_MAX_TONS)


# What the roster says of a vessel: only the harbour map has such water in its zones.
NEEDS_WATER = "needs depth 1+ water to deploy (harbour map)"


@dataclass(frozen=True, slots=True)
class Damage:
    """The pilot's and the reactor's state (some of the scenario's `damage` keys).

    Everything done to the machine itself is its body's (:attr:`Unit.body`, a Mech's
    critical slots, armour, structure and ammunition; :attr:`Unit.hull` for a vehicle):
    gyro, hip, actuator, engine, sensor, heat sink and jump jet damage are read from
    there as :attr:`Unit.crits`, never counted here.
    """

    shutdown: bool = False
    pilot_hits: int = 0
    unconscious: bool = False
    phase_damage: int = 0  # damage points taken so far this phase (PSR-08 "20+")


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit in play: where it is, its pilot, its design and everything done to it.

    ``body`` is the one record of a Mech's armour and structure (game.units.mech; destroyed
    locations and legs live there), ``damage`` its critical and pilot damage; a Mech
    made without a body gets the default one for its tonnage. ``design`` is the code of
    its design (game.designs) or "" for a unit a scenario describes by kind and tonnage.
    """

    id: str
    side: str
    kind: str
    tons: int
    walk: int  # printed walk (vehicles: cruise) MP
    at: Hex
    facing: int
    jump: int = 0
    piloting: int = 5
    gunnery: int = 4
    prone: bool = False
    heat: int = 0
    damage: Damage = field(default_factory=Damage)
    moved: bool = False
    name: str = ""  # chassis and model for the UI, e.g. "Hunchback HBK-4G"
    offroad: bool = True  # MOV-31: False = wheeled support vehicle without off-road gear
    design: str = ""
    body: MechBody | None = None
    hull: VehicleBody | None = None
    club: str = ""  # PHY-06: "" none, "tree" (breaks after one hit), "arm" or "leg"
    craft: Craft | None = None  # an aerospace unit's flight record (kind "aero")
    hull_down: bool = False  # ADV-11..16 (TacOps)
    wige_airborne: bool = False  # a WiGE in flight (ADV-17; scenario key "airborne")
    altitude: int = 0  # an airborne WiGE's or VTOL's levels above the hex below it (ADV-23/25)
    depth: int = 0  # a submarine's levels below the water surface, 0 = surfaced (ADV-25)
    platoon: Platoon | None = None  # a conventional infantry platoon's troopers (CMB-41)
    # A VTOL on the ground (landed, or down after a crash; ADV-25..29). Out of the repr, which
    # a save's digest covers, so that saves from before VTOL altitudes still match.
    landed: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        if self.body is None and self.kind in MECH_KINDS:
            object.__setattr__(self, "body", standard_body(self.tons, self.kind == "quad"))
        if self.hull is None and self.kind in VEHICLE_KINDS:
            object.__setattr__(self, "hull", vehicle_body(self.tons, self.kind))
        if self.craft is None and self.kind == AERO:
            object.__setattr__(self, "craft", Craft())
        if self.platoon is None and self.kind == INFANTRY:  # MOV-33: jump MP make it jump
            object.__setattr__(self, "platoon", Platoon(motive=JUMP if self.jump else FOOT))

    @property
    def airborne(self) -> bool:
        """An aerospace unit in the air: it moves in the aerospace movement phase, over
        the ground units (AERO-01); a landed one counts as a ground unit (AERO-02)."""
        return self.craft is not None and not self.craft.landed

    @property
    def flying_height(self) -> int:
        """Levels above the top of what is below (ADV-23/25): an airborne WiGE's or VTOL's
        altitude, at least 1 (a VTOL flies at 1 unless told otherwise); 0 for a landed
        VTOL or WiGE and for every other unit (game.rules.move.vtolflight)."""
        if self.kind == "vtol":
            return 0 if self.landed else max(self.altitude, 1)
        if self.kind == "wige" and self.wige_airborne:
            return max(self.altitude, 1)
        return 0

    @property
    def submerged(self) -> bool:
        """A submarine below the surface (ADV-24/25): underwater combat is a GAP of the
        digest, so it neither attacks nor can be attacked (game.rules.combat.tohit)."""
        return self.kind == "submarine" and self.depth >= 1

    @property
    def crits(self) -> CritCounts:
        """What the body's critical hits add up to (game.units.critslots); none without a body."""
        return self.body.crits if self.body is not None else NO_CRITS

    @property
    def legs_destroyed(self) -> int:
        """Legs the body has lost (CMB-28/38); 0 for units without legs."""
        return self.body.legs_destroyed if self.body is not None else 0

    @property
    def is_mech(self) -> bool:
        return self.kind in MECH_KINDS

    @property
    def has_facing(self) -> bool:
        return self.kind != "infantry"  # MOV-16: infantry has no facing

    @property
    def destroyed(self) -> bool:
        """CMB-37: MechWarrior dead (PSR-19), cockpit hit, third engine hit, head or centre
        torso gone (the body); a vehicle with a location gone or its crew killed (its
        hull, CMB-48); a platoon with no troopers left (CMB-41)."""
        if self.platoon is not None and self.platoon.destroyed:
            return True
        c = self.crits
        if self.damage.pilot_hits >= 6 or c.engine >= 3 or c.cockpit:
            return True
        if self.hull is not None and self.hull.out_of_play:  # CMB-48 crew killed
            return True
        return self.body is not None and self.body.destroyed

    @property
    def immobile(self) -> bool:
        """Cannot move at all: CMB-33 two hips, CMB-34 gyro destroyed, PSR-05 / PSR-20."""
        d, c = self.damage, self.crits
        if d.shutdown or d.unconscious or self.destroyed:
            return True
        if self.hull is not None and self.hull.immobile:
            return True  # PSR-27 major motive damage
        if self.is_mech and (c.gyro >= 2 or c.hips >= 2):
            return True
        return self.is_mech and self.kind == "biped" and self.legs_destroyed >= 2

    @property
    def stunned(self) -> bool:
        """A vehicle whose crew is stunned (CMB-48): it neither moves nor attacks."""
        return self.hull is not None and self.hull.crits.stunned > 0

    def walk_mp(self) -> int:
        return walk_mp(self)

    def run_mp(self) -> int:
        return run_mp(self)

    def jump_mp(self) -> int:
        return jump_mp(self)

    def moved_to(self, at: Hex, facing: int, prone: bool | None = None) -> Unit:
        return replace(self, at=at, facing=facing, prone=self.prone if prone is None else prone)

    @property
    def jump_infantry(self) -> bool:
        """MOV-29: infantry with jump MP uses the jump rules."""
        return self.kind == "infantry" and self.jump > 0

    def with_hull(self, hull: VehicleBody | None) -> Unit:
        return self if hull is None or hull is self.hull else replace(self, hull=hull)

    def with_body(self, body: MechBody | None) -> Unit:
        """This unit with a new body (a unit without one keeps None)."""
        return self if body is None or body is self.body else replace(self, body=body)


def platoon_line(u: Unit) -> str:
    """What the UI says of a platoon: '24 of 28 troopers, rifles reach 3 hexes (CMB-41/42)'."""
    p = u.platoon
    if p is None:
        return ""
    return f"{p.troopers} of {p.full} troopers, rifles reach 3 hexes (CMB-41/42)"


def heat_mp_penalty(heat: int) -> int:
    """HEAT-06: -1 at 5+, -2 at 10+, ... -5 at 25+ (the highest threshold only)."""
    return min(max(heat, 0) // 5, 5)


def walk_mp(u: Unit) -> int:
    """Walk MP after damage and heat.

    Order (EX-CMB-08): a destroyed hip halves walk MP rounding up (CMB-33), then each
    destroyed leg/foot actuator takes 1 (CMB-33), then heat (HEAT-06, Mechs only). A Mech
    with a destroyed leg keeps at most 1 MP (CMB-38; a quad loses 1 MP per leg until two
    are gone, then keeps 1: standard TW value, not in the digest).
    """
    if u.immobile:
        return 0
    mp = u.walk
    c = u.crits
    if u.hull is not None:
        mp = u.hull.cruise(mp)  # PSR-27 motive damage
    if u.is_mech:
        if c.hips >= 1:
            mp = math.ceil(mp / 2)
        mp -= c.leg_actuators
        if u.legs_destroyed:
            if u.kind == "biped" or u.legs_destroyed >= 2:
                mp = min(mp, 1)
            else:
                mp -= u.legs_destroyed
        mp -= heat_mp_penalty(u.heat)
    return max(mp, 0)


def run_mp(u: Unit) -> int:
    """MOV-04: ceil(1.5 x walk), from the walk MP left after damage and heat."""
    w = walk_mp(u)
    if u.is_mech and u.legs_destroyed and u.kind == "biped":
        return w  # CMB-38: one leg, 1 MP per turn whatever the mode
    return math.ceil(1.5 * w)


def jump_mp(u: Unit) -> int:
    """Jump MP less destroyed jets; heat never reduces jump MP (HEAT-06)."""
    if u.immobile:
        return 0
    return max(u.jump - u.crits.jump_jets, 0)


def ground(units: Iterable[Unit]) -> tuple[Unit, ...]:
    """The units the ground rules see: aerospace units in the air fly over the map and
    neither block nor are struck by ground moves (AERO-01)."""
    return tuple(u for u in units if not u.airborne)
