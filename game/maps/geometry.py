"""Tiled pixel space <-> hexes, for object layers (deployment zones, overrides).

Tiled stores objects in map pixels. For a hexagonal map with ``staggeraxis="x"`` the
column pitch is (tile width + hex side) / 2, the row pitch is the tile height, and every
staggered column sits half a tile lower. Our layout staggers 0-based odd columns, as
Tiled's ``staggerindex="odd"``; an ``"even"`` map is read with one extra clear column on
the west (Tiled column c becomes our column c + 1), which keeps every hex's neighbours.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..hexgrid import Hex
from ..layout import HexLayout

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class MapGeometry:
    """Pixel geometry of a Tiled hex map as our columns see it: the map's size and the
    column shift of an ``"even"`` map over game.layout.HexLayout (the one hex layout)."""

    tilewidth: float
    tileheight: float
    side: float
    shift: int  # 0 for staggerindex odd, 1 for even (our col = Tiled col + shift)
    width: int  # board width in our columns (Tiled width + shift)
    height: int

    def _tiled(self) -> HexLayout:
        """Tiled's own geometry (game.layout) for the map's stagger index."""
        return _tiled_layout(
            round(self.tilewidth), round(self.tileheight), round(self.side), self.shift == 0
        )

    def centre(self, h: Hex) -> Point:
        """Centre of our hex in Tiled map pixels (may lie west of 0 for the added column)."""
        return self._tiled().centre(Hex(h.col - self.shift, h.row))

    def hexes(self) -> Iterator[Hex]:
        for row in range(self.height):
            for col in range(self.width):
                yield Hex(col, row)

    def hex_at(self, x: float, y: float) -> Hex | None:
        """The board hex under the point, or None off the board."""
        t = self._tiled().pixel_to_hex(x, y)
        h = Hex(t.col + self.shift, t.row)
        if not (0 <= h.col < self.width and 0 <= h.row < self.height):
            return None
        return h

    def hexes_in_polygon(self, poly: Sequence[Point]) -> set[Hex]:
        """Hexes whose centres lie inside the polygon (even-odd rule, point_in_polygon)."""
        if len(poly) < 3:
            return set()
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        cols, rows, cx, cy = self._centres_near(min(xs), min(ys), max(xs), max(ys))
        inside = np.zeros(cx.shape, bool)
        n = len(poly)
        with np.errstate(all="ignore"):  # absurd vertices give inf/nan, as floats do
            for i in range(n):
                self._crossings(poly[i], poly[(i + 1) % n], cx, cy, inside)
        return {Hex(int(c), int(r)) for r, c in zip(rows[inside], cols[inside], strict=True)}

    @staticmethod
    def _crossings(a: Point, b: Point, cx: np.ndarray, cy: np.ndarray, inside: np.ndarray) -> None:
        """point_in_polygon's test of one edge for every centre at once (same arithmetic)."""
        x1, y1 = a
        x2, y2 = b
        crosses = (y1 > cy) != (y2 > cy)
        if y2 != y1:
            xc = x1 + (cy - y1) * (x2 - x1) / (y2 - y1)
            inside ^= crosses & (cx < xc)

    def hexes_in_ellipse(self, x: float, y: float, w: float, h: float, rot: float) -> set[Hex]:
        """Hexes whose centres lie in an ellipse drawn in its bounding box (x, y, w, h).

        Tiled rotates objects about their top-left corner, so the centre is rotated back
        around that corner before the ellipse test.
        """
        if w <= 0 or h <= 0:
            return set()
        cos_t, sin_t = math.cos(math.radians(-rot)), math.sin(math.radians(-rot))
        reach = math.hypot(w, h)  # the rotated box stays within this of its corner
        cols, rows, px, py = self._centres_near(x - reach, y - reach, x + reach, y + reach)
        dx, dy = px - x, py - y
        with np.errstate(all="ignore"):  # absurd sizes overflow to inf, as floats do
            ux, uy = dx * cos_t - dy * sin_t, dx * sin_t + dy * cos_t
            inside = ((ux - w / 2) / (w / 2)) ** 2 + ((uy - h / 2) / (h / 2)) ** 2 <= 1.0
        return {Hex(int(c), int(r)) for r, c in zip(rows[inside], cols[inside], strict=True)}

    def _centres_near(
        self, x0: float, y0: float, x1: float, y1: float
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Board hexes (col, row as flat arrays) whose centres may lie in the pixel box,
        with those centres (``centre`` for each, as numpy floats)."""
        t = self._tiled()
        pitch, cell_h = max(t.column_width, 1), max(t.cell_height, 1)
        far = 1e12  # beyond any map: the box is clamped to the board below anyway
        x0, y0 = (v if v > -far else -far for v in (x0, y0))  # also nan -> -far
        x1, y1 = (v if v < far else far for v in (x1, y1))
        c0 = self._clamp(math.floor(x0 / pitch) - 2 + self.shift, self.width)
        c1 = self._clamp(math.ceil(x1 / pitch) + 2 + self.shift, self.width)
        r0 = self._clamp(math.floor(y0 / cell_h) - 2, self.height)
        r1 = self._clamp(math.ceil(y1 / cell_h) + 2, self.height)
        rr, cc = np.meshgrid(np.arange(r0, r1 + 1), np.arange(c0, c1 + 1), indexing="ij")
        rows, cols = rr.ravel(), cc.ravel()
        tcol = cols - self.shift
        staggered = (tcol & 1).astype(bool) == t.stagger_odd
        x = tcol * t.column_width
        y = rows * t.cell_height + np.where(staggered, t.row_height, 0)
        cx = (x + t.cell_width / 2) * t.scale
        cy = (y + t.row_height) * t.scale
        return cols, rows, cx.astype(float), cy.astype(float)

    @staticmethod
    def _clamp(v: float, size: int) -> int:
        return int(min(max(v, 0), size - 1))


@lru_cache(maxsize=16)
def _tiled_layout(width: int, height: int, side: int, stagger_odd: bool) -> HexLayout:
    return HexLayout(width, height, side, stagger_odd)


def point_in_polygon(p: Point, poly: Sequence[Point]) -> bool:
    """Even-odd ray casting; a point on the boundary may go either way."""
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xc:
                inside = not inside
    return inside
