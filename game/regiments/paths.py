"""Paths: the steps of an order (wheel, forward, backward), the poses a regiment passes
through and the area it sweeps, and what it may not sweep over.

A straight step sweeps exactly the convex hull of its start and end footprints; a wheel
is cut into slices of at most one degree, each swept by the hull of its two ends (the arc
of the outer corner bulges at most 0.002 cm beyond a slice's chord at 60 cm). The checks
compare every swept slice with every other regiment and obstacle in one numpy call.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .geometry import EPS, convex_hull, distances, overlap_depth, pad, point_in_rect
from .options import EXCLUSION_CM, Options
from .regiment import Regiment
from .table import Table

STEP_KINDS = ("wheel", "forward", "backward")
SLICE_DEG = 1.0
CLEAR_CM = 0.01  # REG-11: a charge's path keeps at least this far from what it may not touch


@dataclass(frozen=True, slots=True)
class Leg:
    """One step of an order: ``{"wheel": degrees}``, ``{"forward": cm}``, ``{"backward": cm}``."""

    kind: str
    amount: float

    def to_json(self) -> dict[str, float]:
        return {self.kind: self.amount}


@dataclass(frozen=True, slots=True)
class World:
    """What an order is checked against: the table, every regiment, the options."""

    table: Table
    regiments: tuple[Regiment, ...]
    options: Options

    def get(self, regiment_id: str) -> Regiment | None:
        return next((r for r in self.regiments if r.id == regiment_id), None)

    def with_regiment(self, reg: Regiment) -> World:
        regs = tuple(reg if r.id == reg.id else r for r in self.regiments)
        return World(self.table, regs, self.options)

    def enemies(self, reg: Regiment) -> tuple[Regiment, ...]:
        return tuple(r for r in self.regiments if r.side != reg.side)


# --- legs -------------------------------------------------------------------------------


def leg_end(reg: Regiment, step: Leg) -> Regiment:
    if step.kind == "wheel":
        return reg.wheeled(step.amount)
    return reg.forward(step.amount if step.kind == "forward" else -step.amount)


def leg_corners(reg: Regiment, step: Leg, fractions: np.ndarray) -> np.ndarray:
    """The footprint corners (K, 4, 2) at each fraction of a step, in one numpy call."""
    c = reg.corners()
    f = np.asarray(fractions, float)
    if step.kind != "wheel":
        fwd, _ = reg.axes()
        sign = 1.0 if step.kind == "forward" else -1.0
        return c[None] + (sign * step.amount * f)[:, None, None] * fwd
    pivot = c[1] if step.amount >= 0 else c[0]
    a = np.radians(step.amount * f)
    cos, sin = np.cos(a)[:, None], np.sin(a)[:, None]
    d = c - pivot
    x = d[None, :, 0] * cos - d[None, :, 1] * sin
    y = d[None, :, 0] * sin + d[None, :, 1] * cos
    return np.stack([x, y], axis=-1) + pivot


def first_fraction(test, n: int = 64, rounds: int = 4) -> float | None:  # noqa: ANN001
    """The least fraction f in [0, 1] for which ``test`` holds, where ``test`` takes an
    array of fractions and answers an array of booleans: ``n`` samples, then ``rounds``
    narrowings of 16 samples each (a resolution of 1/(n * 16**rounds))."""
    fs = np.linspace(0.0, 1.0, n + 1)
    ok = np.asarray(test(fs), bool)
    if not ok.any():
        return None
    i = int(np.argmax(ok))
    if i == 0:
        return 0.0
    for _ in range(rounds):
        fs = np.linspace(fs[i - 1], fs[i], 17)
        ok = np.asarray(test(fs), bool)
        ok[-1] = True  # the right end held before
        i = max(1, int(np.argmax(ok)))
    return float(fs[i])


def leg_poses(reg: Regiment, step: Leg, per_cm: float = 1.0) -> list[Regiment]:
    """The poses along a step, its start and end included (about ``per_cm`` per cm, and
    one per degree of a wheel)."""
    if step.kind == "wheel":
        n = max(1, math.ceil(abs(step.amount) / SLICE_DEG))
        return [reg.wheeled(step.amount * i / n) for i in range(n + 1)]
    n = max(1, math.ceil(abs(step.amount) * per_cm))
    sign = 1.0 if step.kind == "forward" else -1.0
    return [reg.forward(sign * step.amount * i / n) for i in range(n + 1)]


def sweep(reg: Regiment, step: Leg) -> list[np.ndarray]:
    """Convex polygons covering the area the regiment sweeps in one step."""
    if step.kind != "wheel":
        end = leg_end(reg, step)
        return [convex_hull(np.vstack([reg.corners(), end.corners()]))]
    poses = leg_poses(reg, step)
    return [
        convex_hull(np.vstack([a.corners(), b.corners()]))
        for a, b in zip(poses, poses[1:], strict=False)
    ]


# --- what a path may not cross --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Blockers:
    """Everything but the mover: polygons, labels, enemy flags, distance at the start."""

    ids: tuple[str, ...]
    labels: tuple[str, ...]
    enemy: np.ndarray
    polys: np.ndarray
    start: np.ndarray

    @property
    def empty(self) -> bool:
        return not self.ids


def blockers(world: World, mover: Regiment, leave_out: tuple[str, ...] = ()) -> Blockers:
    """Every regiment but ``mover`` (and ``leave_out``) and every obstacle."""
    regs = [r for r in world.regiments if r.id != mover.id and r.id not in leave_out]
    polys = [r.corners() for r in regs] + [o.polygon() for o in world.table.obstacles]
    ids = tuple(r.id for r in regs) + tuple(o.id for o in world.table.obstacles)
    labels = tuple(r.label for r in regs) + tuple(o.label for o in world.table.obstacles)
    enemy = np.array([r.side != mover.side for r in regs] + [False] * len(world.table.obstacles))
    if not polys:
        return Blockers((), (), np.zeros(0, bool), np.zeros((0, 4, 2)), np.zeros(0))
    arr = pad(polys)
    start = np.array([float(distances(mover.corners()[None], p)[0]) for p in arr])
    return Blockers(ids, labels, enemy, arr, start)


@dataclass(frozen=True, slots=True)
class Clash:
    """The first thing a swept area runs into, as a sentence, with the distance."""

    blocker: str
    reason: str
    distance: float


def sweep_clash(
    world: World, slices: list[np.ndarray], bl: Blockers, charge: bool = False
) -> Clash | None:
    """What the swept ``slices`` break: the table edge, an overlap, the 3 cm zone (REG-04),
    or for a charge (REG-11) any touch of a regiment or obstacle it was clear of."""
    if not slices:
        return None
    allpts = np.vstack(slices)
    if not world.table.holds(allpts):
        return Clash("", "would leave the table", 0.0)
    if bl.empty:
        return None
    sl = pad(slices)
    k, m = len(sl), len(bl.ids)
    a = np.repeat(sl, m, axis=0)
    b = np.tile(bl.polys, (k, 1, 1))
    d = distances(a, b).reshape(k, m).min(axis=0)
    depth = overlap_depth(a, b).reshape(k, m).max(axis=0)
    for j in np.argsort(d, kind="stable"):
        clash = _clash_with(bl, int(j), float(d[j]), float(depth[j]), charge)
        if clash is not None:
            return clash
    return None


def _clash_with(bl: Blockers, j: int, d: float, depth: float, charge: bool) -> Clash | None:
    who, start = bl.labels[j], float(bl.start[j])
    if depth > EPS:
        return Clash(bl.ids[j], f"would run into {who}", d)
    if charge:
        if d < min(start, CLEAR_CM) - EPS:
            return Clash(bl.ids[j], f"would touch {who} on the way (REG-11)", d)
        return None
    if bl.enemy[j] and d < min(start, EXCLUSION_CM) - EPS:
        return Clash(bl.ids[j], f"within {EXCLUSION_CM:g} cm of {who} ({d:.2f} cm, REG-04)", d)
    return None


def first_clashing(
    world: World, slices: list[np.ndarray], bl: Blockers, charge: bool = False
) -> tuple[int, str] | None:
    """The index of the first slice (in order) that breaks a rule of :func:`sweep_clash`,
    and what it runs into (a blocker id, "" for the table edge); None if none does."""
    if not slices:
        return None
    sl = pad(slices)
    k = len(sl)
    off = ~point_in_rect(sl, world.table.width, world.table.height).all(axis=1)
    bad = off.copy()
    who = np.full(k, "", dtype=object)
    if not bl.empty:
        m = len(bl.ids)
        a = np.repeat(sl, m, axis=0)
        b = np.tile(bl.polys, (k, 1, 1))
        d = distances(a, b).reshape(k, m)
        over = overlap_depth(a, b).reshape(k, m) > EPS
        if charge:
            hit = over | (d < np.minimum(bl.start, CLEAR_CM)[None] - EPS)
        else:
            near = bl.enemy[None] & (d < np.minimum(bl.start, EXCLUSION_CM)[None] - EPS)
            hit = over | near
        rows = hit.any(axis=1)
        first = np.argmax(hit, axis=1)
        who = np.where(rows & ~off, np.array(bl.ids, dtype=object)[first], who)
        bad |= rows
    if not bad.any():
        return None
    i = int(np.argmax(bad))
    return i, str(who[i])


def footprint_clash(world: World, reg: Regiment, bl: Blockers) -> Clash | None:
    """What a regiment standing at ``reg`` breaks (formation changes, REG-07)."""
    return sweep_clash(world, [reg.corners()], bl)
