"""Front areas, countercharge eligibility (REG-17) and line of sight (REG-11).

The seed draws the front area (Diagram 19) without defining it (G35). Default: the strip
ahead of the unit between the forward extensions of its flanks; option: the whole
half-plane ahead of its front edge. A unit is in another's front area when some of its
footprint lies inside that region.
"""

from __future__ import annotations

import numpy as np

from .geometry import EPS, overlap_depth, segments_cross
from .paths import World
from .regiment import Regiment
from .verdict import Eligibility

FAR = 10_000.0  # cm: "ahead without end" for the front area polygon


def front_area(reg: Regiment, kind: str = "strip") -> np.ndarray:
    """The front area as a (long) convex polygon."""
    fwd, right = reg.axes()
    fl, fr = reg.corners()[:2]
    if kind == "half-plane":
        fl, fr = fl - FAR * right, fr + FAR * right
    return np.array([fl, fr, fr + FAR * fwd, fl + FAR * fwd])


def in_front_area(other: Regiment, reg: Regiment, kind: str = "strip") -> bool:
    """True when part of ``other`` lies in ``reg``'s front area (REG-17)."""
    a = other.corners()[None]
    b = front_area(reg, kind)[None]
    return bool(overlap_depth(a, b)[0] > EPS)


def may_countercharge(world: World, unit: Regiment, charger: Regiment) -> Eligibility:
    """REG-17: a unit not yet activated this round, or holding (hold marker), may
    countercharge an enemy in its front area."""
    if unit.activated and not unit.holding:
        return Eligibility(
            False, f"{unit.id} has been activated this round and has no hold marker (REG-17)"
        )
    if not in_front_area(charger, unit, world.options.front_area):
        return Eligibility(False, f"{charger.id} is not in {unit.id}'s front area (REG-17)")
    ready = "has a hold marker" if unit.holding else "has not been activated this round"
    return Eligibility(True, f"{unit.id} {ready} and {charger.id} is in its front area (REG-17)")


def sight_points(reg: Regiment, n: int = 5) -> np.ndarray:
    """Points spread over a footprint's outline and centre (for line of sight)."""
    c = reg.corners()
    pts = [c[i] + (c[(i + 1) % 4] - c[i]) * k / n for i in range(4) for k in range(n)]
    return np.array([*pts, c.mean(axis=0)])


def front_points(reg: Regiment, n: int = 6) -> np.ndarray:
    fl, fr = reg.corners()[:2]
    return np.array([fl + (fr - fl) * k / n for k in range(n + 1)])


def has_sight(world: World, viewer: Regiment, target: Regiment) -> bool:
    """REG-11: some straight line from the viewer's front to the target passes through no
    other regiment and no obstacle (touching an edge does not block)."""
    others = [r.corners() for r in world.regiments if r.id not in (viewer.id, target.id)]
    others += [o.polygon() for o in world.table.obstacles if len(o.points) >= 3]
    if not others:
        return True
    a = front_points(viewer)
    b = sight_points(target)
    p0 = np.repeat(a, len(b), axis=0)
    p1 = np.tile(b, (len(a), 1))
    blocked = np.zeros(len(p0), bool)
    for poly in others:  # polygons may differ in vertex count
        blocked |= segments_cross(p0, p1, poly[None])[:, 0]
    return bool((~blocked).any())
