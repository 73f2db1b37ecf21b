"""Plane geometry in centimetres (numpy): x grows east, y grows south, a facing is degrees
clockwise from north (0 = the front faces -y).

Everything the regiment rules measure is a distance between convex polygons (regiment
footprints, the area a moving regiment sweeps, obstacles), an overlap test between them
(separating axes) or the distance a polygon can slide before it touches another. The
functions take batches: arrays of shape (K, n, 2) against one polygon or K polygons, so
a whole path is checked in one call.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

EPS = 1e-6  # cm: below this two shapes touch rather than overlap or stand apart
Point = tuple[float, float]


def heading(facing: float) -> tuple[np.ndarray, np.ndarray]:
    """The unit vectors ahead and to the right of a regiment facing ``facing`` degrees."""
    r = math.radians(facing)
    return np.array([math.sin(r), -math.cos(r)]), np.array([math.cos(r), math.sin(r)])


def rotate(points: np.ndarray, pivot: np.ndarray, degrees: float) -> np.ndarray:
    """``points`` turned clockwise (as seen on the table, y south) about ``pivot``."""
    r = math.radians(degrees)
    c, s = math.cos(r), math.sin(r)
    d = np.asarray(points, float) - pivot
    out = np.empty_like(d)
    out[..., 0] = d[..., 0] * c - d[..., 1] * s
    out[..., 1] = d[..., 0] * s + d[..., 1] * c
    return out + pivot


def norm_deg(a: float) -> float:
    """An angle in [0, 360)."""
    a = math.fmod(a, 360.0)
    a = a + 360.0 if a < 0 else a
    return 0.0 if a >= 360.0 - 1e-9 else a


def signed_angle(u: np.ndarray, v: np.ndarray) -> float:
    """The clockwise angle (degrees, -180..180) that turns direction ``u`` into ``v``."""
    cross = u[0] * v[1] - u[1] * v[0]
    return math.degrees(math.atan2(cross, float(u @ v)))


# --- distances --------------------------------------------------------------------------


def _point_segment(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distances from points to segments (arrays broadcast over the leading axes)."""
    ab = b - a
    ap = p - a
    den = np.maximum((ab * ab).sum(-1), 1e-18)
    t = np.clip((ap * ab).sum(-1) / den, 0.0, 1.0)
    return np.linalg.norm(ap - t[..., None] * ab, axis=-1)


def _normals(poly: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Unit edge normals of (K, n, 2) polygons, and which edges have a length."""
    e = np.roll(poly, -1, axis=-2) - poly
    n = np.stack([-e[..., 1], e[..., 0]], axis=-1)
    length = np.linalg.norm(n, axis=-1)
    ok = length > 1e-12
    return n / np.where(ok, length, 1.0)[..., None], ok


def overlap_depth(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Separating-axis overlap of convex polygons ``a`` (K, n, 2) and ``b`` (K, m, 2): the
    least overlap of their projections over every edge normal. Positive: the interiors
    intersect by that much; zero: they touch; negative: a gap along some axis."""
    na, oka = _normals(a)
    nb, okb = _normals(b)
    axes = np.concatenate([na, nb], axis=-2)  # (K, A, 2)
    ok = np.concatenate([oka, okb], axis=-1)
    pa = np.einsum("kad,knd->kan", axes, a)
    pb = np.einsum("kad,kmd->kam", axes, b)
    over = np.minimum(pa.max(-1), pb.max(-1)) - np.maximum(pa.min(-1), pb.min(-1))
    return np.where(ok, over, np.inf).min(-1)


def distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Closest distances between convex polygons a[k] and b[k] (0 where they overlap);
    ``b`` may be one (m, 2) polygon for all of them."""
    a = np.asarray(a, float)
    b = np.broadcast_to(np.asarray(b, float), (a.shape[0], *np.shape(b)[-2:]))
    a0, a1 = a, np.roll(a, -1, axis=-2)
    b0, b1 = b, np.roll(b, -1, axis=-2)
    d1 = _point_segment(a[:, :, None, :], b0[:, None, :, :], b1[:, None, :, :]).min((-1, -2))
    d2 = _point_segment(b[:, :, None, :], a0[:, None, :, :], a1[:, None, :, :]).min((-1, -2))
    return np.where(overlap_depth(a, b) > EPS, 0.0, np.minimum(d1, d2))


def distance(a: np.ndarray, b: np.ndarray) -> float:
    """The closest distance between two convex polygons (0 when they touch or overlap)."""
    return float(distances(np.asarray(a, float)[None], b)[0])


def overlaps(a: np.ndarray, b: np.ndarray) -> bool:
    """True when the interiors of two convex polygons intersect (touching is not)."""
    return bool(overlap_depth(np.asarray(a, float)[None], np.asarray(b, float)[None])[0] > EPS)


def segments_cross(p0: np.ndarray, p1: np.ndarray, polys: np.ndarray) -> np.ndarray:
    """[i, j] True when segment p0[i]-p1[i] runs through the interior of convex polygon j
    for more than a touch (Cyrus-Beck clipping against the polygons' inward normals)."""
    polys = np.asarray(polys, float)
    a = polys  # (m, n, 2) edge starts
    e = np.roll(polys, -1, axis=1) - polys
    n = np.stack([-e[..., 1], e[..., 0]], axis=-1)
    centre = polys.mean(axis=1, keepdims=True)
    flip = ((centre - a) * n).sum(-1) < 0
    n = np.where(flip[..., None], -n, n)  # inward
    d = (p1 - p0)[:, None, None, :]  # (k, 1, 1, 2)
    num = ((p0[:, None, None, :] - a[None]) * n[None]).sum(-1)  # (k, m, n): > 0 inside
    den = (d * n[None]).sum(-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = -num / den
    enter = np.where(den > 1e-12, t, -np.inf).max(-1)
    leave = np.where(den < -1e-12, t, np.inf).min(-1)
    parallel_out = ((np.abs(den) <= 1e-12) & (num <= EPS)).any(-1)
    lo, hi = np.maximum(enter, 0.0), np.minimum(leave, 1.0)
    length = np.linalg.norm(p1 - p0, axis=1)[:, None]
    return ~parallel_out & ((hi - lo) * length > 1e-4)


# --- hulls and sliding ----------------------------------------------------------------


def convex_hull(points: np.ndarray) -> np.ndarray:
    """The convex hull of a few points (monotone chain), anticlockwise on the table."""
    pts = sorted({(round(float(x), 9), round(float(y), 9)) for x, y in points})
    if len(pts) <= 2:
        return np.array(pts, float)

    def half(seq: list[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for p in seq:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return np.array(lower[:-1] + upper[:-1], float)


def _cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def pad(polys: list[np.ndarray]) -> np.ndarray:
    """Polygons with different vertex counts as one (K, n, 2) array (last vertex repeated)."""
    n = max(len(p) for p in polys)
    return np.stack([np.concatenate([p, np.repeat(p[-1:], n - len(p), axis=0)]) for p in polys])


@dataclass(frozen=True, slots=True)
class Touch:
    """Where a sliding polygon first touches another: the distance slid, the point, and
    the touched polygon's edges (indices) at that point (one edge, or the two meeting at a
    touched corner)."""

    t: float
    point: tuple[float, float]
    edges: tuple[int, ...]
    flush: bool  # the touching edges are parallel (edge against edge)


def first_touch(moving: np.ndarray, fixed: np.ndarray, v: np.ndarray) -> Touch | None:
    """How far convex ``moving`` slides along unit vector ``v`` before it touches convex
    ``fixed`` (it must not overlap it at the start); None if it never does."""
    hits: list[tuple[float, np.ndarray, tuple[int, ...]]] = []
    m = len(fixed)
    for p in moving:  # corners of the mover against the fixed edges
        for j in range(m):
            t = _ray_segment(p, v, fixed[j], fixed[(j + 1) % m])
            if t is not None:
                hits.append((t, p + t * v, (j,)))
    n = len(moving)
    for j, q in enumerate(fixed):  # corners of the fixed polygon against the mover's edges
        for i in range(n):
            t = _ray_segment(q, -v, moving[i], moving[(i + 1) % n])
            if t is not None:
                hits.append((t, q.copy(), ((j - 1) % m, j)))
    if not hits:
        return None
    t0 = min(h[0] for h in hits)
    first = [h for h in hits if h[0] <= t0 + 1e-7]
    points = np.array([h[1] for h in first])
    spread = float(np.linalg.norm(points - points[0], axis=1).max())
    corner = next((h for h in first if len(h[2]) == 2), None)
    chosen = first[0] if corner is None or spread > 1e-5 else corner
    return Touch(t0, (float(chosen[1][0]), float(chosen[1][1])), chosen[2], spread > 1e-5)


def _ray_segment(p: np.ndarray, v: np.ndarray, a: np.ndarray, b: np.ndarray) -> float | None:
    """t >= 0 where the ray p + t v meets segment ab (None if parallel or missing it)."""
    e = b - a
    den = v[0] * e[1] - v[1] * e[0]
    if abs(den) < 1e-12:
        return None
    w = a - p
    t = (w[0] * e[1] - w[1] * e[0]) / den
    u = (w[0] * v[1] - w[1] * v[0]) / den
    if t < -1e-9 or u < -1e-9 or u > 1 + 1e-9:
        return None
    return max(0.0, float(t))


def inward_normal(poly: np.ndarray, edge: int) -> np.ndarray:
    """The unit normal of ``poly``'s edge pointing into the polygon."""
    a, b = poly[edge], poly[(edge + 1) % len(poly)]
    e = b - a
    n = np.array([-e[1], e[0]]) / max(float(np.linalg.norm(e)), 1e-12)
    centre = poly.mean(axis=0)
    return n if float((centre - a) @ n) > 0 else -n


def point_in_rect(p: np.ndarray, width: float, height: float) -> np.ndarray:
    """[i] True when point p[i] lies on the table (0..width, 0..height)."""
    return (
        (p[..., 0] >= -EPS)
        & (p[..., 0] <= width + EPS)
        & (p[..., 1] >= -EPS)
        & (p[..., 1] <= height + EPS)
    )
