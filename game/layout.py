"""Hex <-> pixel geometry for flat-topped hexes, exactly as Tiled lays them out.

Tiled's hexagonal renderer with ``staggeraxis="x"`` places tile (col, row) with its cell's
top-left corner at ``(col * column_width, row * tile_height + shift)``, where ``shift`` is
half a tile height for the staggered columns (odd columns for ``staggerindex="odd"``, even
ones for ``"even"``). Its hexagon has corners at ``(0, h/2) (side_offset, 0)
(side_offset + side, 0) (w, h/2) ...``; the game's maps use w=84, h=72, side=42, so the
column spacing is 63 px and the row spacing 72 px. Using Tiled's own integer arithmetic here
means the game draws tiles, roads and picking on precisely the pixels Tiled shows.

Everything scales by ``scale`` (the zoom level); ``pixel_to_hex`` is exact for the actual
(slightly non-regular) hexagon, including points a hair away from a corner. No pygame here:
the core and the tests use this module headless.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from .hexgrid import Hex

Point = tuple[float, float]

# The order of ``HexLayout.corners``: side d (N=0 .. NW=5) runs from corner d to corner d+1,
# so a hexside's end points are ``corners[d]`` and ``corners[(d + 1) % 6]``.
CORNER_NAMES = ("top-left", "top-right", "east", "bottom-right", "bottom-left", "west")


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Tiled's flat-top hex geometry (staggeraxis x) at a zoom ``scale``.

    ``tile_width``/``tile_height``/``side_length`` are the map's ``tilewidth``,
    ``tileheight`` and ``hexsidelength``; ``stagger_odd`` is ``staggerindex="odd"``.
    """

    tile_width: int = 84
    tile_height: int = 72
    side_length: int = 42
    stagger_odd: bool = True
    scale: float = 1.0

    def __post_init__(self) -> None:
        if self.tile_width <= 0 or self.tile_height <= 1 or self.side_length < 0:
            raise ValueError(f"bad hex tile size {self.tile_width}x{self.tile_height}")
        if self.side_length > self.tile_width:
            raise ValueError("hexsidelength is wider than the tile")
        if self.scale <= 0:
            raise ValueError(f"scale {self.scale} must be positive")

    # --- Tiled's RenderParams (integer maths, unscaled) -------------------------------
    @property
    def side_offset(self) -> int:
        """Width of the slanted corner triangle: (tile width - side length) // 2."""
        return (self.tile_width - self.side_length) // 2

    @property
    def column_width(self) -> int:
        """Horizontal distance between neighbouring columns' cells."""
        return self.side_offset + self.side_length

    @property
    def row_height(self) -> int:
        """Half a cell height: the vertical shift of staggered columns."""
        return self.tile_height // 2

    @property
    def cell_width(self) -> int:
        return self.column_width + self.side_offset

    @property
    def cell_height(self) -> int:
        return 2 * self.row_height

    def scaled(self, scale: float) -> HexLayout:
        """The same geometry at another zoom."""
        return replace(self, scale=scale)

    def staggered(self, col: int) -> bool:
        """Whether the column sits half a cell lower (Tiled's doStaggerX)."""
        return bool(col & 1) == self.stagger_odd

    # --- hex -> pixel ------------------------------------------------------------------
    def cell_origin_unscaled(self, col: int, row: int) -> tuple[int, int]:
        """Top-left of the cell in map pixels at scale 1 (Tiled's tileToScreenCoords)."""
        y = row * self.cell_height + (self.row_height if self.staggered(col) else 0)
        return col * self.column_width, y

    def cell_origin(self, h: Hex) -> Point:
        """Top-left of the hex's cell: where Tiled draws a tile image of the map's size."""
        x, y = self.cell_origin_unscaled(h.col, h.row)
        return x * self.scale, y * self.scale

    def centre(self, h: Hex) -> Point:
        x, y = self.cell_origin_unscaled(h.col, h.row)
        return (x + self.cell_width / 2) * self.scale, (y + self.row_height) * self.scale

    def corners(self, h: Hex) -> list[Point]:
        """The six corners clockwise from the top-left; side d runs corner d -> d+1."""
        x, y = self.cell_origin_unscaled(h.col, h.row)
        so, cw, w, rh, ch = (
            self.side_offset,
            self.column_width,
            self.cell_width,
            self.row_height,
            self.cell_height,
        )
        pts = ((so, 0), (cw, 0), (w, rh), (cw, ch), (so, ch), (0, rh))
        s = self.scale
        return [((x + px) * s, (y + py) * s) for px, py in pts]

    def hexside_midpoint(self, h: Hex, direction: int) -> Point:
        """Middle of the hexside facing ``direction`` (0 = N .. 5 = NW)."""
        c = self.corners(h)
        (ax, ay), (bx, by) = c[direction % 6], c[(direction + 1) % 6]
        return (ax + bx) / 2, (ay + by) / 2

    def map_size(self, cols: int, rows: int) -> tuple[int, int]:
        """Pixel size of a cols x rows map at this scale (Tiled's mapBoundingRect)."""
        w = cols * self.column_width + self.side_offset
        h = rows * self.cell_height + (self.row_height if cols > 1 else 0)
        return round(w * self.scale), round(h * self.scale)

    def centres(self, cols: int, rows: int) -> tuple[np.ndarray, np.ndarray]:
        """Centre x and y of every hex as float arrays of shape (rows, cols)."""
        cc, rr = np.meshgrid(np.arange(cols), np.arange(rows))
        shift = np.where((cc & 1).astype(bool) == self.stagger_odd, self.row_height, 0)
        x = (cc * self.column_width + self.cell_width / 2) * self.scale
        y = (rr * self.cell_height + shift + self.row_height) * self.scale
        return x.astype(float), y.astype(float)

    # --- pixel -> hex ------------------------------------------------------------------
    def pixel_to_hex(self, px: float, py: float) -> Hex:
        """The hex whose hexagon contains the point (may lie off the board).

        A column's cell is a rectangle with a slanted triangle at each side; the middle
        part (``side_offset`` .. ``column_width``) belongs to one column only. In the
        triangle zone the point is in column c if it lies right of c's slanted left edges
        (the line from the west corner to the top or bottom corner), else in column c-1.
        Points exactly on an edge go to the hex on the right / below.
        """
        x, y = px / self.scale, py / self.scale
        cw, so = self.column_width, self.side_offset
        c = math.floor(x / cw)
        u = x - c * cw
        col = c
        if u < so:
            _, y0 = self.cell_origin_unscaled(c, 0)
            v = (y - y0) % self.cell_height
            rh = self.row_height
            edge_x = so * abs(v - rh) / rh if rh else 0.0
            if u < edge_x:
                col = c - 1
        _, y0 = self.cell_origin_unscaled(col, 0)
        row = math.floor((y - y0) / self.cell_height)
        return Hex(col, row)

    def contains(self, h: Hex, px: float, py: float) -> bool:
        """Whether the point lies inside (or on the border of) the hex's polygon."""
        pts = self.corners(h)
        for i in range(6):
            (ax, ay), (bx, by) = pts[i], pts[(i + 1) % 6]
            if (bx - ax) * (py - ay) - (by - ay) * (px - ax) < -1e-9:
                return False
        return True


DEFAULT_LAYOUT = HexLayout()
