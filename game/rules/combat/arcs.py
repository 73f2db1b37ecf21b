"""Firing arcs and torso twist (CMB-07..09) and the side of the target hit (CMB-26).

Angles come from the README geometry (bearing clockwise from north between hex centres,
game.hexgrid.bearing), rounded to 1e-6 so that a bearing exactly on a sector boundary
(30°, 90°, ...) lands on the boundary the rules name. Boundaries are inclusive as
CMB-07 and CMB-26 write them; the defender's choice is only for LOS along a hexside.
"""

from __future__ import annotations

import math

import numpy as np

from game.units.locations import ARMS, FRONT, LA, LEFT_SIDE, LEGS, REAR, RIGHT_SIDE, TURRET
from game.units.unit import Unit

from ...hexgrid import Hex, bearing

SQRT3 = math.sqrt(3.0)


def relative_angle(frm: Hex, to: Hex, facing: int) -> float:
    """fa: the bearing from ``frm`` to ``to`` measured clockwise from ``facing``, 0..360.
    The same hex is dead ahead (0) whatever the facing (:data:`SAME_HEX`)."""
    if frm == to:
        return 0.0
    return round((bearing(frm, to) - 60.0 * facing) % 360.0, 6) % 360.0


# A unit in the attacker's own hex (MOV-35 makes it common; the digest is silent): it is
# in the attacker's forward arc and is struck on its front side, whatever the facings. The
# side follows the reference program (MegaMek ``Tank.sideTable``: same hex -> SIDE_FRONT,
# "a safe default"); the arc is our reading (docs/combat.md). Before, a zero-length bearing
# (atan2 of a zero vector, 180 degrees) made it depend on the facings: often the rear.
SAME_HEX = 0.0


def arc_of(fa: float) -> str:
    """CMB-07: forward fa >= 300 or <= 60; right 60 < fa <= 120; left 240 <= fa < 300;
    rear 120 < fa < 240."""
    if fa >= 300 or fa <= 60:
        return "front"
    if fa <= 120:
        return "right"
    if fa >= 240:
        return "left"
    return "rear"


def side_hit(fa: float) -> str:
    """CMB-26 (fa from the target to the attacker, from the target's facing): front
    fa <= 90 or >= 270; right 90 < fa <= 150; rear 150 < fa < 210; left 210 <= fa < 270."""
    if fa <= 90 or fa >= 270:
        return "front"
    if fa <= 150:
        return "right"
    if fa < 210:
        return "rear"
    return "left"


def can_twist(u: Unit) -> bool:
    """CMB-09: Mechs twist (not prone, not shut down, MechWarrior awake)."""
    d = u.damage
    return u.is_mech and not u.prone and not d.shutdown and not d.unconscious


def torso_facing(u: Unit, twist: int) -> int:
    """CMB-09: one hexside left (-1) or right (+1) of the legs' facing."""
    return (u.facing + (max(-1, min(1, twist)) if can_twist(u) else 0)) % 6


def target_arc(attacker: Unit, target: Unit, twist: int = 0, legs: bool = False) -> str:
    """Where the target lies from the attacker: for its upper body (after torso twist) or,
    with ``legs``, for its leg facing."""
    facing = attacker.facing if legs else torso_facing(attacker, twist)
    return arc_of(relative_angle(attacker.at, target.at, facing))


def target_side(attacker: Unit, target: Unit) -> str:
    """CMB-26: the side of ``target`` that ``attacker`` strikes (its leg facing; a prone
    Mech's facing is where its head points, CMB-19)."""
    return side_hit(relative_angle(target.at, attacker.at, target.facing))


def in_arc(location: str, rear: bool, attacker: Unit, target: Unit, twist: int) -> bool:
    """CMB-08: head, torso and leg weapons fire forward (legs by leg facing), arm weapons
    also into their own side; rear mounts use the rear arc instead of the forward one.
    Vehicles: front, side and rear mounts into that arc, the turret all round (a jammed
    or locked turret, or one after an engine hit, only ahead: CMB-48; turret rotation is
    not tracked, so a stuck turret points where the hull does)."""
    if attacker.hull is not None or not attacker.is_mech:
        if location == TURRET and not (attacker.hull is not None
                                       and attacker.hull.crits.turret_stuck):  # fmt: skip
            return True
        want = {FRONT: "front", LEFT_SIDE: "left", RIGHT_SIDE: "right", REAR: "rear"}
        return target_arc(attacker, target, 0, legs=True) == want.get(location, "front")
    arc = target_arc(attacker, target, twist, legs=location in LEGS)
    main = "rear" if rear else "front"
    if location in ARMS:
        own = "left" if location == LA else "right"
        return arc in (main, own)
    return arc == main


# --- many at once (game.rules.combat.tohit_batch) ---------------------------------------------
# A bearing in half-sector units h (0..23): h = 2k exactly on 30k degrees, 2k + 1 strictly
# between 30k and 30(k + 1). Every arc and side boundary (CMB-07, CMB-26) is a multiple of
# 30 degrees, so h decides them exactly: a line between two hex centres is on such a
# multiple just when two of its cube offsets are equal or one is 0, and otherwise at least
# ~1e-4 degrees away from one on any board (so the rounding of relative_angle never moves it).
ARC_NAMES = ("front", "right", "left", "rear")
ARC_INDEX = {name: i for i, name in enumerate(ARC_NAMES)}
SIDE_NAMES = ("front", "right", "rear", "left")
ARC_BY_HALF = np.array([ARC_INDEX[arc_of(h * 15.0)] for h in range(24)])
SIDE_BY_HALF = np.array([SIDE_NAMES.index(side_hit(h * 15.0))
                         for h in range(24)])  # fmt: skip


def half_sectors(dq: np.ndarray, dr: np.ndarray) -> np.ndarray:
    """The bearing of each axial offset (dq, dr) in half-sector units (0..23); a zero
    offset (the same hex) gives -1, which :func:`relative_half` reads as dead ahead."""
    ds = -dq - dr
    on_line = (dq == 0) | (dr == 0) | (ds == 0) | (dq == dr) | (dr == ds) | (dq == ds)
    x, y = 1.5 * dq, -SQRT3 * (dr + dq / 2.0)
    sectors = (np.degrees(np.arctan2(x, y)) % 360.0) / 30.0
    exact = np.rint(sectors).astype(np.int64) % 12 * 2
    between = np.floor(sectors).astype(np.int64) % 12 * 2 + 1
    out = np.where(on_line, exact, between)
    return np.where((dq == 0) & (dr == 0), -1, out)


def relative_half(half: np.ndarray, facing: np.ndarray) -> np.ndarray:
    """relative_angle in half-sector units: the bearing measured from a facing; the same
    hex (-1 from :func:`half_sectors`) is dead ahead (:data:`SAME_HEX`)."""
    return np.where(half < 0, 0, (half - 4 * facing) % 24)
