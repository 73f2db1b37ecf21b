"""Units answering a charge: the countercharger moving into contact (REG-12/17), a met unit
closing up to make proper contact (REG-16), and finding where a swing meets another enemy.

The countercharge procedure itself is not in the seed (G35). Here a countercharger goes
straight ahead into contact with the charger if its front meets it, otherwise it wheels
the least it must (half-degree steps, within its own charge move) and then goes straight;
then it aligns to the charger (REG-13..15 with the roles swapped). If it cannot reach the
charger the countercharge fails and the charger completes its charge.
"""

from __future__ import annotations

import math

import numpy as np

from .align import align_to, slide_into_contact
from .front import in_front_area
from .geometry import EPS, distance
from .moves import charge_range, step_cost
from .options import EXCLUSION_CM
from .paths import Leg, World, blockers, sweep, sweep_clash
from .regiment import Regiment, wheel_for_distance


def counter_move(world: World, cc: Regiment, charger: Regiment) -> tuple[Regiment, Regiment] | str:
    """``cc`` moves into contact with ``charger`` and aligns to it: both new places, or why
    it cannot reach it."""
    allowance = charge_range(cc)
    slid = slide_into_contact(world, cc, charger)
    if isinstance(slid, str):
        wheeled = _wheel_then_slide(world, cc, charger, allowance)
        slid = slid if isinstance(wheeled, str) else wheeled
    if isinstance(slid, str):
        return slid
    at, touch, used = slid
    if used > allowance + 1e-9:
        return f"it needs {used:.2f} cm, more than its charge move of {allowance:g} cm"
    mover, fixed, _ = align_to(world.with_regiment(at), at, charger, touch)
    return mover, fixed


def _wheel_then_slide(world: World, cc: Regiment, charger: Regiment, allowance: float):  # noqa: ANN202
    top = min(180.0, wheel_for_distance(cc.width, allowance, world.options.wheel))
    bl = blockers(world, cc)
    first = "it cannot reach it"
    for k in range(1, int(top * 2) + 1):
        for sign in (1.0, -1.0):
            step = Leg("wheel", sign * k / 2)
            if sweep_clash(world, sweep(cc, step), bl, charge=True) is not None:
                continue
            after = cc.wheeled(step.amount)
            slid = slide_into_contact(world.with_regiment(after), after, charger)
            if isinstance(slid, str):
                continue
            at, touch, t = slid
            return at, touch, step_cost(cc, step, world.options) + t
    return first


def proper_contact(world: World, unit: Regiment, charger: Regiment) -> Regiment | None:
    """REG-16 (Diagram 17): a unit facing the charger closes up into contact and aligns to
    it, if its front meets the charger within 3 cm; None when it cannot."""
    slid = slide_into_contact(world, unit, charger)
    if isinstance(slid, str) or slid[2] > EXCLUSION_CM + 1e-6:
        return None
    at, touch, _ = slid
    mover, _, _ = align_to(world.with_regiment(at), at, charger, touch, leave_out=())
    return mover


def swing_meet(
    world: World, mover: Regiment, pivot: np.ndarray, angle: float, skip: set[str]
) -> tuple[float, str] | None:
    """REG-16/17: the first part of a swing (degrees) at which the mover is within 3 cm of
    an enemy (not in ``skip``, not that close before) and in its front area."""
    if abs(angle) < 1e-9:
        return None
    kind = world.options.front_area
    n = max(2, math.ceil(abs(angle) * 2))
    best: tuple[float, str] | None = None
    for e in world.enemies(mover):
        poly = e.corners()
        if e.id in skip or distance(mover.corners(), poly) <= EXCLUSION_CM + EPS:
            continue

        def met(a: float, e: Regiment = e, poly: np.ndarray = poly) -> bool:
            at = mover.turned_about(pivot, a)
            return distance(at.corners(), poly) <= EXCLUSION_CM + EPS and in_front_area(at, e, kind)

        prev = 0.0
        for i in range(1, n + 1):
            a = angle * i / n
            if met(a):
                lo, hi = prev, a
                for _ in range(40):
                    mid = (lo + hi) / 2
                    lo, hi = (lo, mid) if met(mid) else (mid, hi)
                if best is None or abs(hi) < abs(best[0]):
                    best = (hi, e.id)
                break
            prev = a
    return best
