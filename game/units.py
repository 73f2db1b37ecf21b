"""Unit records: what a unit is and the damage state that touches how it moves.

Units are frozen values; the game state replaces a unit to change it. Walk, run and
jump MP are derived here, once, from the printed values, damage and heat, so every
caller (rules, referee, UI panels) agrees on them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from .hexgrid import Hex

KINDS = ("biped", "quad", "tracked", "wheeled", "hover", "infantry")
MECH_KINDS = frozenset({"biped", "quad"})
VEHICLE_KINDS = frozenset({"tracked", "wheeled", "hover"})


@dataclass(frozen=True, slots=True)
class Damage:
    """The damage that matters for movement and piloting (scenario `damage` keys)."""

    gyro: int = 0  # hits; 2 = destroyed
    hips: int = 0  # destroyed hip actuators
    leg_actuators: int = 0  # destroyed upper/lower leg and foot actuators, all legs
    legs_destroyed: int = 0
    jump_jets: int = 0  # destroyed jump jets
    engine: int = 0  # engine hits
    shutdown: bool = False
    pilot_hits: int = 0
    unconscious: bool = False
    phase_damage: int = 0  # damage points taken so far this phase (PSR-08 "20+")


@dataclass(frozen=True, slots=True)
class Unit:
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

    @property
    def is_mech(self) -> bool:
        return self.kind in MECH_KINDS

    @property
    def has_facing(self) -> bool:
        return self.kind != "infantry"  # MOV-16: infantry has no facing

    @property
    def destroyed(self) -> bool:
        d = self.damage
        return d.pilot_hits >= 6 or d.engine >= 3  # PSR-19, CMB-37

    @property
    def immobile(self) -> bool:
        """Cannot move at all: CMB-33 two hips, CMB-34 gyro destroyed, PSR-05 / PSR-20."""
        d = self.damage
        if d.shutdown or d.unconscious or self.destroyed:
            return True
        if self.is_mech and (d.gyro >= 2 or d.hips >= 2):
            return True
        return self.is_mech and self.kind == "biped" and d.legs_destroyed >= 2

    def walk_mp(self) -> int:
        return walk_mp(self)

    def run_mp(self) -> int:
        return run_mp(self)

    def jump_mp(self) -> int:
        return jump_mp(self)

    def moved_to(self, at: Hex, facing: int, prone: bool | None = None) -> Unit:
        return replace(self, at=at, facing=facing, prone=self.prone if prone is None else prone)


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
    d = u.damage
    if u.is_mech:
        if d.hips >= 1:
            mp = math.ceil(mp / 2)
        mp -= d.leg_actuators
        if d.legs_destroyed:
            if u.kind == "biped" or d.legs_destroyed >= 2:
                mp = min(mp, 1)
            else:
                mp -= d.legs_destroyed
        mp -= heat_mp_penalty(u.heat)
    return max(mp, 0)


def run_mp(u: Unit) -> int:
    """MOV-04: ceil(1.5 x walk), from the walk MP left after damage and heat."""
    w = walk_mp(u)
    if u.is_mech and u.damage.legs_destroyed and u.kind == "biped":
        return w  # CMB-38: one leg, 1 MP per turn whatever the mode
    return math.ceil(1.5 * w)


def jump_mp(u: Unit) -> int:
    """Jump MP less destroyed jets; heat never reduces jump MP (HEAT-06)."""
    if u.immobile:
        return 0
    return max(u.jump - u.damage.jump_jets, 0)
