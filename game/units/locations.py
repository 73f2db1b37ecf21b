"""Body location codes of Mechs and vehicles, and how damage moves between them.

A leaf module (no imports from the game) so that the body records (game.units.mech,
game.units.vehicle), the critical slot layouts (game.units.critslots) and the hit tables
(game.units.hittables) can all share one spelling of every location.
"""

from __future__ import annotations

HEAD, CT, LT, RT = "HD", "CT", "LT", "RT"
LA, RA, LL, RL = "LA", "RA", "LL", "RL"
FLL, FRL, RLL, RRL = "FLL", "FRL", "RLL", "RRL"  # quads: four legs, no arms

BIPED_LOCATIONS = (HEAD, CT, LT, RT, LA, RA, LL, RL)
QUAD_LOCATIONS = (HEAD, CT, LT, RT, FLL, FRL, RLL, RRL)
TORSOS = frozenset({CT, LT, RT})
ARMS = frozenset({LA, RA})
LEGS = frozenset({LL, RL, FLL, FRL, RLL, RRL})
REAR_KEYS = {CT: "CTR", LT: "LTR", RT: "RTR"}  # the scenario contract's rear-armour keys
LOCATION_NAMES = {
    HEAD: "head",
    CT: "centre torso",
    LT: "left torso",
    RT: "right torso",
    LA: "left arm",
    RA: "right arm",
    LL: "left leg",
    RL: "right leg",
    FLL: "front-left leg",
    FRL: "front-right leg",
    RLL: "rear-left leg",
    RRL: "rear-right leg",
}
# CMB-29: damage moves inward; head and centre torso transfer nowhere.
TRANSFER = {LA: LT, RA: RT, LL: LT, RL: RT, FLL: LT, FRL: RT, RLL: LT, RRL: RT, LT: CT, RT: CT}
# CMB-28: a destroyed side torso takes the arm on its side (a quad's front leg: choice,
# docs/piloting.md), never the rear leg.
DEPENDENTS = {(False, LT): LA, (False, RT): RA, (True, LT): FLL, (True, RT): FRL}
# Quads read the biped table with arms as front legs and legs as rear legs.
QUAD_NAMES = {LA: FLL, RA: FRL, LL: RLL, RL: RRL}
SHORT_LOCATIONS = frozenset({HEAD}) | LEGS  # 6 critical slots; every other location 12

# Vehicles (TW record sheet; standard TW value, not in seeds): front, sides, rear, turret.
FRONT, LEFT_SIDE, RIGHT_SIDE, REAR, TURRET = "FR", "LS", "RS", "RR", "TU"
VEHICLE_LOCATIONS = (FRONT, LEFT_SIDE, RIGHT_SIDE, REAR, TURRET)
VEHICLE_NAMES = {
    FRONT: "front",
    LEFT_SIDE: "left side",
    RIGHT_SIDE: "right side",
    REAR: "rear",
    TURRET: "turret",
}
LOCATION_NAMES |= VEHICLE_NAMES


def slot_count(code: str) -> int:
    """Critical slots of a Mech location: 6 in the head and legs, 12 elsewhere."""
    return 6 if code in SHORT_LOCATIONS else 12
