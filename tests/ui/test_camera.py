"""Camera: zoom about the pointer, panning, clamping to the map."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.map.camera import EDGE_MARGIN, ZOOMS, Camera, nearest_zoom_index


@settings(max_examples=100)
@given(
    st.integers(0, len(ZOOMS) - 1),
    st.sampled_from([-2, -1, 1, 2]),
    st.floats(-500, 3000),
    st.floats(-500, 3000),
    st.integers(0, 1279),
    st.integers(0, 719),
)
def test_zoom_keeps_the_map_point_under_the_pointer(
    zi: int, steps: int, x: float, y: float, sx: int, sy: int
) -> None:
    cam = Camera(view=(0, 0, 1280, 720), x=x, y=y, zoom_index=zi)
    mx, my = cam.to_map(sx, sy)
    new = cam.zoomed(steps, sx, sy)
    nx, ny = new.to_map(sx, sy)
    f = new.zoom / cam.zoom
    assert (nx, ny) == pytest.approx((mx * f, my * f), abs=1e-6)


def test_zoom_stops_at_the_ends() -> None:
    cam = Camera(zoom_index=len(ZOOMS) - 1)
    assert cam.zoomed(1, 10, 10) is cam
    assert Camera(zoom_index=0).zoomed(-1, 0, 0).zoom == ZOOMS[0]


def test_pan_follows_the_drag_and_conversions_invert() -> None:
    cam = Camera(view=(100, 50, 800, 600), x=10, y=20)
    moved = cam.panned(30, -40)
    assert moved.to_screen(*cam.to_map(300, 300)) == (330, 260)
    assert cam.to_map(*cam.to_screen(123.5, 77.0)) == (123.5, 77.0)


def test_clamp_centres_small_maps_and_limits_big_ones() -> None:
    small = Camera(view=(0, 0, 1280, 720), x=900, y=-900).clamped(400, 300)
    assert (small.x, small.y) == ((400 - 1280) / 2, (300 - 720) / 2)
    big = Camera(view=(0, 0, 1280, 720), x=99999, y=-99999).clamped(4000, 3000)
    assert big.x == 4000 - 1280 + EDGE_MARGIN
    assert big.y == -EDGE_MARGIN


def test_nearest_zoom_index() -> None:
    assert ZOOMS[nearest_zoom_index(1.0)] == 1.0
    assert ZOOMS[nearest_zoom_index(0.1)] == ZOOMS[0]
    assert ZOOMS[nearest_zoom_index(1.6)] == 1.5
