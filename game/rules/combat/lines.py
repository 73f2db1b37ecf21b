"""Which hexes a line of sight crosses (CMB-02): the segment between two hex centres and
every hex whose interior it passes through, as a string laid on the table would.

The answer depends only on the axial offset between the two hexes, so it is computed once
per offset (numpy over the candidate hexes of the bounding box) and cached. Where the
segment runs exactly along a hexside it touches the two hexes beside it but enters
neither: that step is returned as a pair, the defender's choice.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from ...hexgrid import Hex, from_cube, to_cube

SQRT3 = math.sqrt(3.0)
APOTHEM = SQRT3 / 2.0  # centre to hexside, hex size 1 (centre to corner)
# Outward normals of the three pairs of hexsides of a flat-topped hex.
NORMALS = np.array([[0.0, 1.0], [SQRT3 / 2.0, 0.5], [SQRT3 / 2.0, -0.5]])
EPS = 1e-9

Step = tuple[tuple[int, int], ...]  # one axial offset, or two for a hexside (defender's choice)


def axial_centre(q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cartesian centres of axial hexes (y grows south, README geometry)."""
    return 1.5 * q, SQRT3 * (r + q / 2.0)


@lru_cache(maxsize=16384)
def crossing(dq: int, dr: int) -> tuple[Step, ...]:
    """The steps of the segment from axial (0, 0) to (dq, dr), nearest first, end hexes
    excluded. Each step is one crossed hex, or the two hexes beside a hexside it runs along."""
    if max(abs(dq), abs(dr), abs(dq + dr)) <= 1:
        return ()
    qs = np.arange(min(0, dq) - 1, max(0, dq) + 2)
    rs = np.arange(min(0, dr) - 1, max(0, dr) + 2)
    q, r = (a.ravel() for a in np.meshgrid(qs, rs, indexing="ij"))
    keep = ~(((q == 0) & (r == 0)) | ((q == dq) & (r == dr)))
    q, r = q[keep], r[keep]
    cx, cy = axial_centre(q.astype(float), r.astype(float))
    ex, ey = axial_centre(np.array(float(dq)), np.array(float(dr)))
    slope = NORMALS @ np.array([float(ex), float(ey)])  # (3,)
    offs = NORMALS[:, 0:1] * cx[None, :] + NORMALS[:, 1:2] * cy[None, :]  # (3, n)
    lo = np.zeros_like(offs)
    hi = np.ones_like(offs)
    flat = np.abs(slope) < EPS
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = (offs - APOTHEM) / slope[:, None]
        t2 = (offs + APOTHEM) / slope[:, None]
    lo = np.where(
        flat[:, None], np.where(np.abs(offs) < APOTHEM - EPS, 0.0, 2.0), np.minimum(t1, t2)
    )
    hi = np.where(
        flat[:, None], np.where(np.abs(offs) < APOTHEM - EPS, 1.0, -1.0), np.maximum(t1, t2)
    )
    on_edge = flat[:, None] & (np.abs(np.abs(offs) - APOTHEM) < 1e-7)  # (3, n)
    start = np.maximum(lo.max(axis=0), 0.0)
    end = np.minimum(hi.min(axis=0), 1.0)
    inside = end - start > EPS
    # Along a hexside: that slab is exactly on its boundary, the other two overlap.
    lo_e = np.where(on_edge, 0.0, lo)
    hi_e = np.where(on_edge, 1.0, hi)
    e_start = np.maximum(lo_e.max(axis=0), 0.0)
    e_end = np.minimum(hi_e.min(axis=0), 1.0)
    edge = on_edge.any(axis=0) & (e_end - e_start > EPS) & ~inside
    steps: list[tuple[float, Step]] = []
    for i in np.nonzero(inside)[0]:
        steps.append(((start[i] + end[i]) / 2.0, ((int(q[i]), int(r[i])),)))
    pairs: dict[tuple[float, float], list[tuple[int, int]]] = {}
    for i in np.nonzero(edge)[0]:
        key = (round(float(e_start[i]), 6), round(float(e_end[i]), 6))
        pairs.setdefault(key, []).append((int(q[i]), int(r[i])))
    for (a, b), hexes in pairs.items():
        steps.append(((a + b) / 2.0, tuple(sorted(hexes))))
    steps.sort(key=lambda s: s[0])
    return tuple(s for _, s in steps)


def crossed_hexes(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The steps from ``a`` to ``b`` as board hexes (may lie off the board at its edge)."""
    aq, ar, _ = to_cube(a)
    bq, br, _ = to_cube(b)
    out = []
    for step in crossing(bq - aq, br - ar):
        out.append(tuple(from_cube(aq + q, ar + r) for q, r in step))
    return tuple(out)


def crossed_naive(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The same answer in plain Python, hex by hex (the benchmark's and tests' baseline)."""
    aq, ar, _ = to_cube(a)
    bq, br, _ = to_cube(b)
    dq, dr = bq - aq, br - ar
    if max(abs(dq), abs(dr), abs(dq + dr)) <= 1:
        return ()
    ex, ey = 1.5 * dq, SQRT3 * (dr + dq / 2.0)
    normals = [(0.0, 1.0), (SQRT3 / 2.0, 0.5), (SQRT3 / 2.0, -0.5)]
    found: list[tuple[float, tuple[int, int], bool]] = []
    for q in range(min(0, dq) - 1, max(0, dq) + 2):
        for r in range(min(0, dr) - 1, max(0, dr) + 2):
            if (q, r) in ((0, 0), (dq, dr)):
                continue
            cx, cy = 1.5 * q, SQRT3 * (r + q / 2.0)
            lo, hi, elo, ehi, edge = 0.0, 1.0, 0.0, 1.0, False
            for nx, ny in normals:
                s, o = nx * ex + ny * ey, nx * cx + ny * cy
                if abs(s) < EPS:
                    if abs(abs(o) - APOTHEM) < 1e-7:
                        edge, hi = True, -1.0
                        continue
                    if abs(o) >= APOTHEM:
                        lo, elo = 2.0, 2.0
                    continue
                t1, t2 = sorted(((o - APOTHEM) / s, (o + APOTHEM) / s))
                lo, hi, elo, ehi = max(lo, t1), min(hi, t2), max(elo, t1), min(ehi, t2)
            if hi - lo > EPS:
                found.append(((lo + hi) / 2.0, (q, r), False))
            elif edge and ehi - elo > EPS:
                found.append((round((elo + ehi) / 2.0, 6), (q, r), True))
    found.sort()
    out: list[tuple[Hex, ...]] = []
    i = 0
    while i < len(found):
        t, h, is_edge = found[i]
        if is_edge and i + 1 < len(found) and found[i + 1][2] and found[i + 1][0] == t:
            pair = sorted((h, found[i + 1][1]))
            out.append(tuple(from_cube(aq + x, ar + y) for x, y in pair))
            i += 2
            continue
        out.append((from_cube(aq + h[0], ar + h[1]),))
        i += 1
    return tuple(out)
