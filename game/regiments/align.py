"""Contact and aligning (REG-12..15): sliding into contact, then swinging the moving unit
about the first-contact point until its front is flush with the edge it touched.

- REG-13: the pivot is the first-contact point (a stand of each unit); the moving unit
  turns about it until its front lies along the touched edge of the other unit.
- REG-14: when the first contact is a corner of the other unit, both of its edges meeting
  there are candidates; the smaller swing wins (Diagram 15: X < Y, swing through X).
- REG-15: when the swing would run into an obstacle or another unit, the mover swings as
  far as it can; the other unit then turns the rest of the way about the same point.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .geometry import (
    EPS,
    Touch,
    convex_hull,
    distance,
    first_touch,
    inward_normal,
    signed_angle,
)
from .paths import (
    Blockers,
    Leg,
    World,
    blockers,
    first_clashing,
    first_fraction,
    sweep,
    sweep_clash,
)
from .regiment import Regiment

SAMPLE_DEG = 0.5


@dataclass(frozen=True, slots=True)
class Swing:
    """An alignment: the pivot, the full angle needed (clockwise degrees) and how much of
    it the mover managed before something blocked it (``done`` = ``angle`` when free)."""

    pivot: tuple[float, float]
    angle: float
    done: float
    blocked_by: str | None
    other_turned: float = 0.0  # REG-15: how far the other unit turned to complete it
    other_blocked_by: str | None = None


def touch_ahead(mover: Regiment, other: Regiment) -> Touch | None:
    """Where ``mover`` first touches ``other`` moving straight ahead (None: it never does)."""
    fwd, _ = mover.axes()
    return first_touch(mover.corners(), other.corners(), fwd)


def swing_needed(mover: Regiment, other: Regiment, touch: Touch) -> float:
    """REG-13/14: the clockwise angle that turns the mover's front flush with the touched
    edge (the smaller of two at a corner); 0 when already flush."""
    if touch.flush:
        return 0.0
    fwd, _ = mover.axes()
    poly = other.corners()
    angles = [signed_angle(fwd, inward_normal(poly, e)) for e in touch.edges]
    angles = [a for a in angles if abs(a) <= 90.0 + 1e-6]
    if not angles:
        return 0.0
    return min(angles, key=abs)


def turned_corners(reg: Regiment, pivot: np.ndarray, angles: np.ndarray) -> np.ndarray:
    """The footprint turned clockwise about ``pivot`` by each angle: (K, 4, 2)."""
    d = reg.corners() - pivot
    a = np.radians(np.asarray(angles, float))
    cos, sin = np.cos(a)[:, None], np.sin(a)[:, None]
    x = d[None, :, 0] * cos - d[None, :, 1] * sin
    y = d[None, :, 0] * sin + d[None, :, 1] * cos
    return np.stack([x, y], axis=-1) + pivot


def free_swing(
    world: World, mover: Regiment, pivot: np.ndarray, angle: float, bl: Blockers
) -> tuple[float, str | None]:
    """How far (degrees, same sign as ``angle``) the mover turns about ``pivot`` before it
    would run into something in ``bl`` (REG-15), and what stops it."""
    if abs(angle) < 1e-9:
        return 0.0, None
    n = max(1, math.ceil(abs(angle) / SAMPLE_DEG))
    poses = turned_corners(mover, pivot, angle * np.arange(n + 1) / n)
    slices = [convex_hull(np.vstack([a, b])) for a, b in zip(poses, poses[1:], strict=False)]
    first = first_clashing(world, slices, bl, charge=True)
    if first is None:
        return angle, None
    i, who = first
    a0, a1 = angle * i / n, angle * (i + 1) / n
    start = poses[i]

    def clashes(fs: np.ndarray) -> np.ndarray:
        ends = turned_corners(mover, pivot, a0 + (a1 - a0) * fs)
        hulls = [convex_hull(np.vstack([start, e])) for e in ends]
        out = np.zeros(len(fs), bool)
        for k, h in enumerate(hulls):
            out[k] = first_clashing(world, [h], bl, charge=True) is not None
        return out

    f = first_fraction(clashes, n=8, rounds=3)
    done = a0 + (a1 - a0) * (f if f is not None else 1.0)
    step_back = (a1 - a0) / (8 * 16**3)
    return done - step_back if f else a0, who or "the table edge"


def align_to(
    world: World, mover: Regiment, other: Regiment, touch: Touch, leave_out: tuple[str, ...] = ()
) -> tuple[Regiment, Regiment, Swing]:
    """REG-13..15: ``mover`` (touching ``other`` at ``touch``) swings flush with it; if it
    is blocked, ``other`` turns the rest of the way about the same point. Returns both
    in their new places and the swing."""
    angle = swing_needed(mover, other, touch)
    pivot = np.array(touch.point)
    bl = blockers(world, mover, leave_out=(other.id, *leave_out))
    done, who = free_swing(world, mover, pivot, angle, bl)
    moved = mover.turned_about(pivot, done) if done else mover
    rest = angle - done
    if abs(rest) < 1e-9:
        return moved, other, Swing(touch.point, angle, done, None)
    world2 = world.with_regiment(moved)
    bl2 = blockers(world2, other, leave_out=(mover.id, *leave_out))
    turned, stop = free_swing(world2, other, pivot, -rest, bl2)
    other2 = other.turned_about(pivot, turned) if turned else other
    return moved, other2, Swing(touch.point, angle, done, who, turned, stop)


def slide_into_contact(
    world: World, mover: Regiment, other: Regiment, leave_out: tuple[str, ...] = ()
) -> tuple[Regiment, Touch, float] | str:
    """Straight ahead until the mover touches ``other``: the pose, the touch, the distance;
    or why it cannot (nothing ahead, or something in the way, REG-11)."""
    touch = touch_ahead(mover, other)
    if touch is None:
        return f"{other.label} is not straight ahead of {mover.id}"
    bl = blockers(world, mover, leave_out=(other.id, *leave_out))
    slices = sweep(mover, Leg("forward", touch.t)) if touch.t > EPS else []
    clash = sweep_clash(world, slices, bl, charge=True)
    if clash is not None:
        return clash.reason
    return mover.forward(touch.t), touch, touch.t


def in_contact(a: Regiment, b: Regiment) -> bool:
    return distance(a.corners(), b.corners()) < 0.01
