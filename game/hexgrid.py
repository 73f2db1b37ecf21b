"""Hex geometry in the BattleTech map-sheet layout.

One coordinate system inside the game: ``Hex(col, row)``, both 0-based, columns running
west to east and rows north to south, exactly the index order of the board arrays
(``array[row, col]``). XXYY names (1-based) appear only at the edges (scenario files,
the referee, the UI). Flat-topped hexes sit in columns; 0-based even columns (the sheet's
odd columns 01, 03, ...) sit half a hex higher than odd ones (Tiled ``staggeraxis="x"``,
``staggerindex="odd"``). Distances and lines go through cube coordinates.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

N, NE, SE, S, SW, NW = range(6)
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")

# (d_col, d_row) per direction, for 0-based even columns (sheet-odd, "up") and odd columns.
# These are the tables of docs/scenario-format.md shifted to 0-based columns.
OFFSETS_EVEN: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
OFFSETS_ODD: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
# numpy form: NEIGHBOUR_DELTAS[parity, direction] = (d_row, d_col); parity = col % 2.
NEIGHBOUR_DELTAS = np.array(
    [[(dr, dc) for dc, dr in OFFSETS_EVEN], [(dr, dc) for dc, dr in OFFSETS_ODD]],
    dtype=np.int64,
)

# Cube direction vectors (q, r, s) in the same clockwise order as the facings.
CUBE_DIRECTIONS: tuple[tuple[int, int, int], ...] = (
    (0, -1, 1),
    (1, -1, 0),
    (1, 0, -1),
    (0, 1, -1),
    (-1, 1, 0),
    (-1, 0, 1),
)


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex by 0-based column and row; immutable and hashable so it can key dicts."""

    col: int
    row: int

    def neighbour(self, direction: int) -> Hex:
        return neighbour(self, direction)

    def name(self, width: int = 99, height: int = 99) -> str:
        return hex_name(self, width, height)

    def __str__(self) -> str:
        return hex_name(self)


def neighbour(h: Hex, direction: int) -> Hex:
    dc, dr = (OFFSETS_ODD if h.col & 1 else OFFSETS_EVEN)[direction % 6]
    return Hex(h.col + dc, h.row + dr)


def neighbours(h: Hex) -> list[Hex]:
    return [neighbour(h, d) for d in range(6)]


def to_cube(h: Hex) -> tuple[int, int, int]:
    """Cube coordinates; 0-based even columns are the 'up' ones, so subtract (col - parity)/2."""
    q = h.col
    r = h.row - (h.col - (h.col & 1)) // 2
    return q, r, -q - r


def from_cube(q: int, r: int, s: int | None = None) -> Hex:
    return Hex(q, r + (q - (q & 1)) // 2)


def distance(a: Hex, b: Hex) -> int:
    aq, ar, as_ = to_cube(a)
    bq, br, bs = to_cube(b)
    return max(abs(aq - bq), abs(ar - br), abs(as_ - bs))


def rotate(facing: int, steps: int) -> int:
    """Facing turned ``steps`` hexsides clockwise (negative: counter-clockwise)."""
    return (facing + steps) % 6


def facing_change_cost(f: int, g: int) -> int:
    """Hexsides between two facings (MOV-17): min(|g-f|, 6-|g-f|)."""
    d = abs(g - f) % 6
    return min(d, 6 - d)


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction from a to an adjacent hex b, or None if not adjacent."""
    for d in range(6):
        if neighbour(a, d) == b:
            return d
    return None


def _cube_round(q: float, r: float, s: float) -> tuple[int, int, int]:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return int(rq), int(rr), int(rs)


def line(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The hexes a straight line from a's centre to b's centre passes, in order.

    Each entry is a tuple: one hex normally, two where the line runs exactly along the
    hexside between them (line of sight lets the defender choose, CMB-02). The line is
    computed twice, nudged to either side; where the two disagree the hexside case is
    reported with both candidates.
    """
    n = distance(a, b)
    if n == 0:
        return [(a,)]
    aq, ar, as_ = to_cube(a)
    bq, br, bs = to_cube(b)
    eps = 1e-6
    out: list[tuple[Hex, ...]] = []
    for i in range(n + 1):
        t = i / n
        q, r, s = aq + (bq - aq) * t, ar + (br - ar) * t, as_ + (bs - as_) * t
        h1 = from_cube(*_cube_round(q + eps, r + eps, s - 2 * eps))
        h2 = from_cube(*_cube_round(q - eps, r - eps, s + 2 * eps))
        out.append((h1,) if h1 == h2 else tuple(sorted((h1, h2))))
    return out


def ring(center: Hex, radius: int) -> Iterator[Hex]:
    if radius == 0:
        yield center
        return
    h = center
    for _ in range(radius):
        h = neighbour(h, SW)
    for d in range(6):
        for _ in range(radius):
            yield h
            h = neighbour(h, d)


def hex_name(h: Hex, width: int = 99, height: int = 99) -> str:
    """XXYY (1-based, two digits each); XXXYYY on boards wider or taller than 99, and for
    a hex beyond column or row 99 whatever the size given (so a name always parses back)."""
    digits = 3 if max(width, height, h.col + 1, h.row + 1) > 99 else 2
    return f"{h.col + 1:0{digits}d}{h.row + 1:0{digits}d}"


class HexNameError(ValueError):
    """A hex name that is not XXYY / XXXYYY."""


def parse_hex_name(name: str) -> Hex:
    """XXYY / XXXYYY in ASCII digits 0-9 only: other scripts' digits ("１２１２", "²²²²")
    are not hex names, whatever str.isdigit says."""
    if not isinstance(name, str):
        raise HexNameError(f"{name!r} is not a hex name (XXYY, e.g. 0505)")
    s = name.strip()
    if not (s.isascii() and s.isdigit()) or len(s) not in (4, 6):
        shown = s if len(s) <= 12 else s[:12] + "..."
        raise HexNameError(f"'{shown}' is not a hex name (XXYY, e.g. 0505)")
    k = len(s) // 2
    col, row = int(s[:k]) - 1, int(s[k:]) - 1
    if col < 0 or row < 0:
        raise HexNameError(f"'{name}' is not a hex name (column and row start at 01)")
    return Hex(col, row)


def centre(h: Hex) -> tuple[float, float]:
    """Hex centre with hex size 1 (centre to corner), y growing south (README geometry)."""
    return 1.5 * h.col, math.sqrt(3) * (h.row + 0.5 * (h.col & 1))


def bearing(a: Hex, b: Hex) -> float:
    """Degrees clockwise from north from a's centre to b's centre."""
    ax, ay = centre(a)
    bx, by = centre(b)
    return math.degrees(math.atan2(bx - ax, -(by - ay))) % 360.0
