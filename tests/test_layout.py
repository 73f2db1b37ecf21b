"""Hex <-> pixel layout: Tiled's staggeraxis="x" geometry, round trips and exact picking."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.hexgrid import Hex, distance, neighbour
from game.layout import DEFAULT_LAYOUT, HexLayout

hexes = st.builds(Hex, st.integers(-3, 60), st.integers(-3, 60))
scales = st.sampled_from([0.35, 0.5, 0.75, 1.0, 1.5, 2.0, 1.37])
# (tilewidth, tileheight, hexsidelength): the game's, near-regular ones, and squashed ones.
sizes = st.sampled_from([(84, 72, 42), (64, 56, 32), (100, 86, 50), (32, 28, 16), (60, 40, 20)])
layouts = st.builds(
    lambda size, odd, scale: HexLayout(*size, stagger_odd=odd, scale=scale),
    sizes,
    st.booleans(),
    scales,
)


def tiled_tile_to_screen(lay: HexLayout, col: int, row: int) -> tuple[int, int]:
    """Tiled's HexagonalRenderer::tileToScreenCoords for staggerX, written out independently."""
    side_offset_x = (lay.tile_width - lay.side_length) // 2
    column_width = side_offset_x + lay.side_length
    row_height = lay.tile_height // 2
    stagger_even = not lay.stagger_odd
    y = row * (row_height * 2)
    if (col & 1) ^ stagger_even:
        y += row_height
    return col * column_width, y


def test_default_geometry_matches_the_tileset_contract() -> None:
    lay = DEFAULT_LAYOUT
    assert (lay.column_width, lay.row_height, lay.side_offset) == (63, 36, 21)
    assert lay.cell_origin(Hex(0, 0)) == (0, 0)
    assert lay.cell_origin(Hex(1, 0)) == (63, 36)  # odd 0-based columns sit lower
    assert lay.cell_origin(Hex(2, 3)) == (126, 216)
    assert lay.centre(Hex(0, 0)) == (42, 36)
    # Map pixel size = 63*W + 21 by 72*H + 36 (docs: tileset contract).
    assert lay.map_size(16, 17) == (63 * 16 + 21, 72 * 17 + 36)
    assert lay.map_size(1, 5) == (84, 360)
    assert lay.scaled(0.5).map_size(16, 17) == (round((63 * 16 + 21) / 2), round(1260 / 2))


@settings(max_examples=100)
@given(layouts, hexes)
def test_cell_origin_is_tileds_tile_to_screen(lay: HexLayout, h: Hex) -> None:
    x, y = tiled_tile_to_screen(lay, h.col, h.row)
    ox, oy = lay.cell_origin(h)
    assert ox == pytest.approx(x * lay.scale)
    assert oy == pytest.approx(y * lay.scale)


@settings(max_examples=100)
@given(layouts, hexes)
def test_hex_to_centre_to_hex_round_trip(lay: HexLayout, h: Hex) -> None:
    assert lay.pixel_to_hex(*lay.centre(h)) == h


@settings(max_examples=100)
@given(
    layouts,
    hexes,
    st.integers(0, 5),
    st.floats(0.002, 0.3),
    st.floats(0.0, 1.0),
)
def test_points_near_corners_and_edges_pick_their_hex(
    lay: HexLayout, h: Hex, corner: int, inward: float, along: float
) -> None:
    """A point on a hexside (anywhere, corners included) nudged slightly toward the centre."""
    pts = lay.corners(h)
    (ax, ay), (bx, by) = pts[corner], pts[(corner + 1) % 6]
    ex, ey = ax + (bx - ax) * along, ay + (by - ay) * along
    cx, cy = lay.centre(h)
    px, py = ex + (cx - ex) * inward, ey + (cy - ey) * inward
    assert lay.contains(h, px, py)
    assert lay.pixel_to_hex(px, py) == h


@settings(max_examples=100)
@given(layouts, st.floats(-500, 3000), st.floats(-500, 3000))
def test_picking_returns_the_hex_whose_polygon_holds_the_point(
    lay: HexLayout, x: float, y: float
) -> None:
    h = lay.pixel_to_hex(x, y)
    assert lay.contains(h, x, y)


@settings(max_examples=100)
@given(hexes.filter(lambda h: h.col >= 0 and h.row >= 0), st.integers(0, 5), scales)
def test_neighbour_centres_agree_with_hexgrid(h: Hex, d: int, scale: float) -> None:
    """hexgrid's neighbours (odd columns down) are the hexes across each drawn hexside."""
    lay = DEFAULT_LAYOUT.scaled(scale)
    n = neighbour(h, d)
    (hx, hy), (nx, ny) = lay.centre(h), lay.centre(n)
    expected = {0: (0, -72), 1: (63, -36), 2: (63, 36), 3: (0, 72), 4: (-63, 36), 5: (-63, -36)}
    assert (nx - hx, ny - hy) == pytest.approx(tuple(v * scale for v in expected[d]))
    # The shared hexside: same midpoint, same corners, and its midpoint halves the centres.
    mid = lay.hexside_midpoint(h, d)
    assert mid == pytest.approx(lay.hexside_midpoint(n, (d + 3) % 6))
    assert mid == pytest.approx(((hx + nx) / 2, (hy + ny) / 2))
    ch, cn = lay.corners(h), lay.corners(n)
    assert {ch[d], ch[(d + 1) % 6]} == {cn[(d + 3) % 6], cn[(d + 4) % 6]}
    # Just across the hexside's midpoint is the neighbour.
    px, py = mid[0] + (nx - hx) * 0.01, mid[1] + (ny - hy) * 0.01
    assert lay.pixel_to_hex(px, py) == n


@settings(max_examples=100)
@given(hexes, st.integers(-3, 3), st.integers(-3, 3))
def test_adjacent_hexes_are_exactly_one_step_of_centres_apart(a: Hex, dc: int, dr: int) -> None:
    lay = DEFAULT_LAYOUT
    b = Hex(a.col + dc, a.row + dr)
    (ax, ay), (bx, by) = lay.centre(a), lay.centre(b)
    gap = math.hypot(bx - ax, by - ay)
    near = 0 < gap < 73.0  # 72 (N/S) or hypot(63, 36) = 72.56 (diagonals)
    assert near == (distance(a, b) == 1)
    assert (gap == 0) == (a == b)


def test_picking_agrees_with_tileds_nearest_centre_away_from_corners() -> None:
    """Tiled picks by nearest centre; inside the inscribed circle both must agree."""
    lay = DEFAULT_LAYOUT
    for col in range(6):
        for row in range(4):
            h = Hex(col, row)
            cx, cy = lay.centre(h)
            for k in range(12):
                a = k * math.pi / 6
                px, py = cx + 30 * math.cos(a), cy + 30 * math.sin(a)
                assert lay.pixel_to_hex(px, py) == h


def test_centres_array_matches_centre() -> None:
    for lay in (DEFAULT_LAYOUT.scaled(0.75), HexLayout(stagger_odd=False, scale=1.5)):
        xs, ys = lay.centres(7, 5)
        assert xs.shape == (5, 7)
        for row in range(5):
            for col in range(7):
                assert (xs[row, col], ys[row, col]) == pytest.approx(lay.centre(Hex(col, row)))


def test_stagger_even_shifts_the_even_columns() -> None:
    lay = HexLayout(stagger_odd=False)
    assert lay.cell_origin(Hex(0, 0)) == (0, 36)
    assert lay.cell_origin(Hex(1, 0)) == (63, 0)


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError):
        HexLayout(side_length=100)
    with pytest.raises(ValueError):
        HexLayout(scale=0)
