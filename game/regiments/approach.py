"""A charge's approach (REG-10..12, 16): from the charger's place to its halt 3 cm short
of the target, through the player's steps or a path found for it.

The steps (wheels, forward) are followed; after them the charger carries straight on
until it is 3 cm from its target (REG-12: a charge may begin with a wheel but ends with
straight movement, so coming within 3 cm in a wheel is illegal). Without steps the path
is found (docs/regiments.md): straight on if that reaches the target; else the wheel that
points the middle of the front at the target's centre; else the shortest wheel-then-
straight path within the charge move. On the way the charger may not touch any unit or
obstacle (REG-11); where it comes within 3 cm of another enemy that faces it, that enemy
is met (REG-16) and the charge halts there for its countercharge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .align import touch_ahead
from .front import front_area
from .geometry import EPS, distance, distances, overlap_depth
from .moves import first_within, step_cost, step_problem
from .options import EXCLUSION_CM
from .paths import (
    Leg,
    World,
    blockers,
    first_fraction,
    leg_corners,
    leg_end,
    leg_poses,
    sweep,
    sweep_clash,
)
from .regiment import Regiment, wheel_for_distance


@dataclass(frozen=True, slots=True)
class MeetPoint:
    """REG-16: where the charger came within 3 cm of ``unit`` (facing it), and how far it
    had moved by then."""

    unit: str
    pose: Regiment
    used: float


@dataclass(frozen=True, slots=True)
class Approach:
    """The way to the halt: the steps taken (the found ones without steps), the halt pose,
    the distance used to get there, the poses passed (for drawing) and the meets."""

    steps: tuple[Leg, ...]
    halt: Regiment
    used: float
    path: tuple[Regiment, ...]
    meets: tuple[MeetPoint, ...]


@dataclass(frozen=True, slots=True)
class NoWay:
    """Why a charge cannot be made: a sentence and the step that fails (None: the order)."""

    error: str
    failed_step: int | None
    blocker: str = ""


def follow(
    world: World, charger: Regiment, target: Regiment, steps: tuple[Leg, ...]
) -> Approach | NoWay:
    """The approach through ``steps``, then straight on to the halt (REG-12)."""
    bl = blockers(world, charger, leave_out=(target.id,))
    pose, used, path = charger, 0.0, [charger]
    meets: list[MeetPoint] = []
    legs = list(steps)
    for i in range(len(steps) + 1):
        if i == len(steps):
            touch = touch_ahead(pose, target)
            if touch is None:
                why = f"{target.label} is not straight ahead of {charger.id}"
                return NoWay(f"{why} (REG-12: a charge ends with straight movement)", None)
            legs.append(Leg("forward", touch.t))
        step, failed = legs[i], (i if i < len(steps) else None)
        problem = step_problem(step) if failed is not None else None
        if step.kind == "backward":
            problem = "a charge moves forward (REG-12)"
        if problem is not None:
            return NoWay(problem, failed)
        f_halt = first_within(pose, step, target.corners(), EXCLUSION_CM)
        if f_halt is not None and step.kind == "wheel":
            why = f"the wheel comes within 3 cm of {target.label}"
            return NoWay(f"{why}: a charge ends with straight movement (REG-12)", failed)
        part = step if f_halt is None else Leg(step.kind, step.amount * f_halt)
        if part.amount > 0:
            meets += _meets_in(world, pose, part, target, used, {m.unit for m in meets})
            clash = sweep_clash(world, sweep(pose, part), bl, charge=True)
            if clash is not None:
                return NoWay(clash.reason, failed, clash.blocker)
            used += step_cost(pose, part, world.options)
            path += leg_poses(pose, part, per_cm=0.5)[1:]
            pose = leg_end(pose, part)
        if f_halt is not None:
            if any(s.kind != "forward" for s in steps[i + 1 :]):
                why = f"the charge halts 3 cm from {target.label} before step {i + 2}"
                return NoWay(f"{why}; it ends with straight movement (REG-12)", i + 1)
            return Approach(tuple(steps), pose, used, tuple(path), tuple(meets))
    raise AssertionError("the last leg always reaches the 3 cm halt")  # a bug, not input


def _meets_in(
    world: World, pose: Regiment, part: Leg, target: Regiment, used: float, seen: set[str]
) -> list[MeetPoint]:
    """REG-16: other enemies the charger comes within 3 cm of in ``part`` while in their
    front area (sampled every quarter centimetre or half degree, then bisected)."""
    out = []
    for e in world.enemies(pose):
        if e.id == target.id or e.id in seen:
            continue
        f = first_meeting(world, pose, part, e)
        if f is not None:
            bit = Leg(part.kind, part.amount * f)
            at = leg_end(pose, bit) if f else pose
            cost = step_cost(pose, bit, world.options) if f else 0.0
            out.append((f, MeetPoint(e.id, at, used + cost)))
    return [m for _, m in sorted(out, key=lambda fm: fm[0])]


def first_meeting(world: World, pose: Regiment, part: Leg, e: Regiment) -> float | None:
    """The least fraction of ``part`` at which ``pose`` is within 3 cm of ``e`` and in
    its front area (REG-16/17), None if never."""
    poly = e.corners()
    if distance(pose.corners(), poly) <= EXCLUSION_CM + EPS:
        return None  # that close already: no new meeting
    area = front_area(e, world.options.front_area)

    def met(fs: np.ndarray) -> np.ndarray:
        c = leg_corners(pose, part, fs)
        near = distances(c, poly) <= EXCLUSION_CM + EPS
        inside = overlap_depth(c, np.broadcast_to(area, (len(c), 4, 2))) > EPS
        return near & inside

    return first_fraction(met, n=max(16, math.ceil(abs(part.amount) * 4)), rounds=4)


# --- finding a path -------------------------------------------------------------------


def find(world: World, charger: Regiment, target: Regiment, allowance: float) -> Approach | NoWay:
    """The charge path when the order gives no steps (see the module docstring)."""
    straight = follow(world, charger, target, ())
    if isinstance(straight, Approach) and _total(straight, charger, target) <= allowance + 1e-9:
        return straight
    tried: set[float] = {0.0}
    for angle in _facing_angles(charger, target, allowance, world):
        tried.add(round(angle, 6))
        a = follow(world, charger, target, (Leg("wheel", angle),))
        if isinstance(a, Approach) and _total(a, charger, target) <= allowance + 1e-9:
            return a
    rough = []
    for angle in _scan_angles(charger, allowance, world):
        if round(angle, 6) in tried:
            continue
        total = _rough_total(charger, target, angle, world)
        if total is not None and total <= allowance + 1e-9:
            rough.append((total, abs(angle), angle))
    for _, _, angle in sorted(rough):  # the shortest first: the first that works is best
        a = follow(world, charger, target, (Leg("wheel", angle),))
        if isinstance(a, Approach) and _total(a, charger, target) <= allowance + 1e-9:
            return a
    who = straight.blocker if isinstance(straight, NoWay) else ""
    thing = world.get(who) or world.table.obstacle(who)
    blocked = (
        f", blocked by {thing.label if thing else who}"
        if who
        else ": no wheel and straight run reaches it"
    )
    return NoWay(
        f"no clear charge path to {target.label} within {allowance:g} cm{blocked} (REG-11)",
        None,
        who,
    )


def _total(a: Approach, charger: Regiment, target: Regiment) -> float:
    """Distance to contact: the approach plus the final slide (REG-10)."""
    touch = touch_ahead(a.halt, target)
    return a.used + (touch.t if touch else math.inf)


def _rough_total(charger: Regiment, target: Regiment, angle: float, world: World) -> float | None:
    after = charger.wheeled(angle)
    touch = touch_ahead(after, target)
    if touch is None:
        return None
    return step_cost(charger, Leg("wheel", angle), world.options) + touch.t


def _max_angle(charger: Regiment, allowance: float, world: World) -> float:
    return min(180.0, wheel_for_distance(charger.width, allowance, world.options.wheel))


def _scan_angles(charger: Regiment, allowance: float, world: World) -> list[float]:
    top = _max_angle(charger, allowance, world)
    n = int(top)
    return [s * k for k in range(1, n + 1) for s in (1.0, -1.0)]


def _facing_angles(
    charger: Regiment, target: Regiment, allowance: float, world: World
) -> list[float]:
    """Wheels after which the middle of the front points at the target's centre."""
    centre = target.centre()

    def offset(a: float) -> float:
        after = charger.wheeled(a)
        fl, fr = after.corners()[:2]
        _, right = after.axes()
        return float((centre - (fl + fr) / 2) @ right)

    def ahead(a: float) -> bool:
        after = charger.wheeled(a)
        fwd, _ = after.axes()
        return float((centre - after.corners()[:2].mean(axis=0)) @ fwd) > 0

    top = _max_angle(charger, allowance, world)
    roots: list[float] = []
    for sign in (1.0, -1.0):
        grid = np.linspace(0.0, sign * top, max(2, int(top) + 1))
        for a0, a1 in zip(grid, grid[1:], strict=False):
            if a0 == 0.0:
                a0 = sign * 1e-6
            f0, f1 = offset(a0), offset(a1)
            if f0 == 0 or f0 * f1 < 0:
                lo, hi = a0, a1
                for _ in range(50):
                    mid = (lo + hi) / 2
                    if offset(lo) * offset(mid) <= 0:
                        hi = mid
                    else:
                        lo = mid
                root = (lo + hi) / 2
                if ahead(root):
                    roots.append(root)
                break
    return sorted(roots, key=abs)
