"""Move (REG-03) and March (REG-05): steps of wheels (REG-02) and straight movement,
counted against the allowance, kept 3 cm from every enemy (REG-04); a march halts where it
enters an enemy's charge range (K22, default "stop").
"""

from __future__ import annotations

import math

import numpy as np

from .geometry import EPS, distance, distances
from .options import Options
from .paths import (
    Blockers,
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
from .regiment import Regiment, wheel_distance
from .verdict import Order, Verdict, refused

MAX_WHEEL = 360.0


def step_problem(step: Leg) -> str | None:
    """What is wrong with a step's number, if anything."""
    if not math.isfinite(step.amount):
        return f"a {step.kind} of {step.amount} is not a number"
    if step.kind == "wheel":
        if step.amount == 0 or abs(step.amount) > MAX_WHEEL:
            return f"a wheel turns by more than 0 and at most {MAX_WHEEL:g} degrees"
    elif step.amount <= 0:
        return f"a {step.kind} step moves a positive distance, not {step.amount:g} cm"
    return None


def step_cost(reg: Regiment, step: Leg, opts: Options) -> float:
    """REG-02/03: a wheel costs its outer corner's travel, straight movement its length
    (backward twice its length when a Move may mix directions, else 1:1 against half)."""
    if step.kind == "wheel":
        return wheel_distance(reg.width, step.amount, opts.wheel)
    if step.kind == "backward" and opts.mixed_move:
        return 2 * step.amount
    return step.amount


def allowance_for(reg: Regiment, order: Order, opts: Options) -> float:
    """REG-03: the rate forward, half of it backward; REG-05: twice it on the march."""
    if order.type == "march":
        return 2 * reg.move
    backward = any(s.kind == "backward" for s in order.steps)
    return reg.move / 2 if backward and not opts.mixed_move else reg.move


def _direction_problem(order: Order, opts: Options) -> tuple[int, str] | None:
    """REG-03 (GAP, default no mixing) and REG-05 (a march goes forward)."""
    for i, s in enumerate(order.steps):
        if order.type == "march" and s.kind == "backward":
            return i, "a march moves forward only (REG-05)"
    kinds = [s.kind for s in order.steps]
    if "backward" not in kinds or opts.mixed_move:
        return None
    for i, k in enumerate(kinds):
        if k == "wheel":
            return i, "a unit moving backward may not wheel (REG-03: it keeps its facing)"
        if k == "forward":
            return i, "a Move goes forward or backward, not both (REG-03)"
    return None


# --- march halts (REG-05) -------------------------------------------------------------


def charge_range(reg: Regiment) -> float:
    """REG-10: a charge moves twice the rate."""
    return 2 * reg.move


def threats(world: World, reg: Regiment) -> list[tuple[Regiment, float]]:
    """REG-05: the enemies whose nearness stops a march, with the distance that counts:
    every enemy less than 2 size classes smaller; their charge range, or the option's
    fixed "immediate vicinity"."""
    out = []
    for e in world.enemies(reg):
        if reg.size - e.size >= 2:
            continue
        reach = world.options.march_vicinity or charge_range(e)
        out.append((e, reach))
    return out


def vicinity_problem(world: World, reg: Regiment) -> str | None:
    """REG-05: no march while an enemy has the unit in its charge range."""
    for e, reach in threats(world, reg):
        d = distance(reg.corners(), e.corners())
        if d <= reach + EPS:
            return (
                f"no march: {reg.id} is {d:.2f} cm from {e.label}, within its charge "
                f"range of {reach:g} cm (REG-05)"
            )
    return None


def first_within(reg: Regiment, step: Leg, poly: np.ndarray, limit: float) -> float | None:
    """The least fraction (0..1) of ``step`` at which the regiment comes within ``limit``
    of ``poly``; None if it never does. Sampled in batches and narrowed (paths.
    first_fraction); along a straight step the distance is convex, so a closest approach
    between two samples is found by a ternary search as well."""

    def near(fs: np.ndarray) -> np.ndarray:
        return distances(leg_corners(reg, step, fs), poly) <= limit + EPS

    n = max(64, math.ceil(abs(step.amount) * 2)) if step.kind == "wheel" else 64
    f = first_fraction(near, n=n)
    if f is not None or step.kind == "wheel":
        return f
    lo, hi = 0.0, 1.0
    for _ in range(40):  # the closest point of the slide
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        da, db = distances(leg_corners(reg, step, np.array([a, b])), poly)
        lo, hi = (lo, b) if da <= db else (a, hi)
    best = (lo + hi) / 2
    if not near(np.array([best]))[0]:
        return None
    return first_fraction(lambda fs: near(fs * best)) * best  # type: ignore[operator]


def _march_halt(world: World, pose: Regiment, step: Leg) -> tuple[float, str] | None:
    """The first fraction of the step at which a march must halt (REG-05), and why."""
    if world.options.march_halt != "stop":
        return None
    best: tuple[float, str] | None = None
    for e, reach in threats(world, pose):
        f = first_within(pose, step, e.corners(), reach)
        if f is not None and (best is None or f < best[0]):
            best = (f, f"halted within the charge range of {e.label} ({reach:g} cm, REG-05)")
    return best


# --- the order ------------------------------------------------------------------------


def check_move(world: World, order: Order) -> Verdict:
    """A Move or a March (REG-02..05) of ``order.unit`` through ``order.steps``."""
    reg = world.get(order.unit)
    assert reg is not None  # the caller checked the id
    opts = world.options
    allowance = allowance_for(reg, order, opts)
    bad = _direction_problem(order, opts)
    if bad is not None:
        return refused(reg, bad[1], bad[0], 0.0, allowance)
    if order.type == "march":
        why = vicinity_problem(world, reg)
        if why is not None:
            return refused(reg, why, None, 0.0, allowance)
    return walk_steps(world, reg, order.steps, allowance, order.type == "march")


def walk_steps(
    world: World, reg: Regiment, steps: tuple[Leg, ...], allowance: float, march: bool
) -> Verdict:
    """Follow the steps from ``reg``: the verdict of a Move or March."""
    bl: Blockers = blockers(world, reg)
    used, pose, path = 0.0, reg, [reg]
    what = "a march" if march else "a Move"
    for i, step in enumerate(steps):
        problem = step_problem(step)
        if problem is not None:
            return refused(pose, problem, i, used, allowance, path=tuple(path))
        cost = step_cost(pose, step, world.options)
        if used + cost > allowance + 1e-9:
            msg = f"needs {used + cost:.2f} cm, more than the {allowance:g} cm of {what} (REG-03)"
            if march:
                msg = msg.replace("REG-03", "REG-05")
            return refused(pose, msg, i, used, allowance, path=tuple(path))
        halt = _march_halt(world, pose, step) if march else None
        if halt is not None:
            step = Leg(step.kind, step.amount * halt[0])
            cost = step_cost(pose, step, world.options)
        clash = sweep_clash(world, sweep(pose, step), bl)
        if clash is not None:
            return refused(pose, f"{clash.reason}", i, used, allowance, path=tuple(path))
        path += leg_poses(pose, step, per_cm=0.5)[1:] if step.amount else []
        pose, used = leg_end(pose, step), used + cost
        if halt is not None:
            return _done(reg, pose, used, allowance, tuple(path), halt[1])
    return _done(reg, pose, used, allowance, tuple(path), None)


def _done(
    reg: Regiment, pose: Regiment, used: float, allowance: float, path: tuple, stopped: str | None
) -> Verdict:
    end = pose.with_markers((*reg.markers, "activation"))  # REG-06
    return Verdict(
        True, None, None, used, allowance, end, "activation", stopped, path=path, moved=(end,)
    )
