"""Hit location tables: which location a 2D6 (weapon attacks, falls) or a 1D6 (punches,
kicks) strikes on each side of a Mech (CMB-27, PHY-05, PHY-09)."""

from __future__ import annotations

from game.core.options import TW, Rules
from game.units.locations import CT, FLL, FRL, HEAD, LA, LL, LT, QUAD_NAMES, RA, RL, RLL, RRL, RT

# CMB-27 hit location table (2D6), biped names; "front" also serves "rear" (rear armour).
HIT_TABLE: dict[str, tuple[str, ...]] = {  # index = roll - 2
    "left": (LT, LL, LA, LA, LL, LT, CT, RT, RA, RL, HEAD),
    "front": (CT, RA, RA, RL, RT, CT, LT, LL, LA, LA, HEAD),
    "right": (RT, RL, RA, RA, RL, RT, CT, LT, LA, LL, HEAD),
}
SIDES = ("front", "left", "right", "rear")


def hit_location(side: str, roll: int, quad: bool = False, rules: Rules = TW) -> tuple[str, bool]:
    """CMB-27: (location, rear armour?) for a 2D6 total and the side hit.

    Front/Rear 11 is the left arm (TW); variant ``classic`` reads the seed's left leg.
    """
    if side not in SIDES:
        raise ValueError(f"side {side!r} is not one of {', '.join(SIDES)}")
    column = "front" if side == "rear" else side
    code = HIT_TABLE[column][roll - 2]
    if rules.classic and column == "front" and roll == 11:
        code = LL
    if quad:
        code = QUAD_NAMES.get(code, code)
    return code, side == "rear"


# PHY-05 punch location table (1D6): column -> location for faces 1..6.
PUNCH_TABLE: dict[str, tuple[str, ...]] = {
    "left": (LT, LT, CT, LA, LA, HEAD),
    "front": (LA, LT, CT, RT, RA, HEAD),
    "right": (RT, RT, CT, RA, RA, HEAD),
}


def punch_location(side: str, d6: int, quad: bool = False) -> tuple[str, bool]:
    """PHY-05: (location, rear armour?) for a 1D6 on the side hit (Front/Rear column for
    rear hits, on the rear armour). Quads read arms as front legs."""
    column = "front" if side == "rear" else side
    code = PUNCH_TABLE[column][d6 - 1]
    if quad:
        code = QUAD_NAMES.get(code, code)
    return code, side == "rear"


def kick_location(side: str, d6: int, quad: bool = False) -> str:
    """PHY-09 kick table (1D6). Quads (choice): the two legs on the struck side, front
    legs from the front, rear legs from the rear; 1-3 picks the right/front one."""
    low = d6 <= 3
    if not quad:
        if side == "left":
            return LL
        if side == "right":
            return RL
        return RL if low else LL
    return {
        "front": FRL if low else FLL,
        "rear": RRL if low else RLL,
        "left": FLL if low else RLL,
        "right": FRL if low else RRL,
    }[side]
