"""The committed art: sizes, transparency, colours per terrain, side contrast, and that
assets/make_art.py regenerates exactly the committed images."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TERRAIN = ROOT / "maps" / "terrain.png"
KINDS = ("biped", "quad", "tracked", "wheeled", "hover", "infantry", "jump_infantry", "aero",
         "dropship", "submarine")  # fmt: skip
NO_FACING = ("infantry", "jump_infantry")  # MOV-16: no facing, no notch
UNIT_FILES = [f"assets/units/{k}_{s}.png" for k in KINDS for s in ("A", "B")]
UI_FILES = ["assets/ui/prone.png", "assets/ui/moved.png"]
TW, TH = 84, 72


def load(path: Path) -> np.ndarray:
    """RGBA uint8 array [y, x, channel]; asserts the PNG really has an alpha channel."""
    surf = pygame.image.load(str(path))
    assert surf.get_flags() & pygame.SRCALPHA, f"{path} has no alpha channel"
    rgb = pygame.surfarray.array3d(surf).transpose(1, 0, 2)
    alpha = pygame.surfarray.array_alpha(surf).T
    return np.dstack([rgb, alpha])


def tile(sheet: np.ndarray, tid: int) -> np.ndarray:
    row, col = divmod(tid, 8)
    return sheet[row * TH : (row + 1) * TH, col * TW : (col + 1) * TW]


def hex_distance_mask() -> np.ndarray:
    """Signed distance-ish (px) of each pixel centre from the hex border (>0 inside)."""
    ys, xs = np.mgrid[0:TH, 0:TW] + 0.5
    dy = np.abs(ys - 36.0)
    # edges: top/bottom, and the four slanted ones (normalised to px distance)
    d_tb = 36.0 - dy
    slope = np.hypot(36.0, 21.0)
    d_left = (36.0 * xs - 21.0 * dy) / slope
    d_right = (36.0 * (84.0 - xs) - 21.0 * dy) / slope
    return np.minimum(d_tb, np.minimum(d_left, d_right))


@pytest.fixture(scope="module")
def sheet() -> np.ndarray:
    return load(TERRAIN)


def luminance(px: np.ndarray) -> np.ndarray:
    return px[..., 0] * 0.2126 + px[..., 1] * 0.7152 + px[..., 2] * 0.0722


def mean_rgb(px: np.ndarray) -> np.ndarray:
    """Alpha-weighted mean colour of a tile."""
    a = px[..., 3:4].astype(float)
    return (px[..., :3] * a).sum(axis=(0, 1)) / a.sum()


def test_every_png_exists_with_size_and_alpha(sheet: np.ndarray) -> None:
    assert sheet.shape == (288, 672, 4)
    for name in UNIT_FILES:
        assert load(ROOT / name).shape == (128, 128, 4), name
    for name in UI_FILES:
        assert load(ROOT / name).shape == (32, 32, 4), name


@pytest.mark.parametrize("tid", range(32))
def test_tile_is_transparent_outside_the_hexagon(sheet: np.ndarray, tid: int) -> None:
    outside = hex_distance_mask() < -0.01
    assert outside.sum() > 1000  # the four corners of the cell
    assert (tile(sheet, tid)[..., 3][outside] == 0).all()


@pytest.mark.parametrize("tid", range(8))
def test_ground_tiles_are_opaque_inside_the_hexagon(sheet: np.ndarray, tid: int) -> None:
    inside = hex_distance_mask() > 0.01
    assert (tile(sheet, tid)[..., 3][inside] == 255).all()


def test_every_tile_draws_something(sheet: np.ndarray) -> None:
    for tid in range(32):
        assert (tile(sheet, tid)[..., 3] > 0).sum() > 300, tid


def test_water_is_blue_and_darker_with_depth(sheet: np.ndarray) -> None:
    lum = []
    for tid in range(4, 8):
        r, g, b = mean_rgb(tile(sheet, tid))
        assert b > r + 20, tid
        lum.append(luminance(np.array([r, g, b])))
    assert all(a > b + 10 for a, b in zip(lum, lum[1:], strict=False)), lum


def test_grass_is_green_and_the_two_variants_differ(sheet: np.ndarray) -> None:
    for tid in (0, 1):
        r, g, b = mean_rgb(tile(sheet, tid))
        assert g > r and g > b
    assert not np.array_equal(tile(sheet, 0), tile(sheet, 1))


def test_woods_are_green_denser_and_darker_with_density(sheet: np.ndarray) -> None:
    inside = hex_distance_mask() > 2
    cover, lum = [], []
    for tid in (16, 17, 18):
        px = tile(sheet, tid)
        leaves = px[(px[..., 3] == 255) & inside]
        r, g, b = leaves[:, :3].mean(axis=0)
        assert g > r and g > b, tid
        cover.append((px[..., 3][inside] > 0).mean())
        lum.append(luminance(leaves[:, :3].astype(float)).mean())
    assert cover[0] < 0.8, "light woods must let the ground show between trees"
    assert cover[0] < cover[1] <= cover[2] + 1e-9
    assert lum[0] > lum[2] and lum[1] > lum[2]


def overlay_centre() -> np.ndarray:
    """Inner part of the hex, leaving out the level number at the bottom."""
    centre = hex_distance_mask() > 8
    centre[45:, :] = False
    return centre


def over_grass(sheet: np.ndarray, tid: int) -> np.ndarray:
    """Mean colour of the centre of overlay tid composited over grass (tile 0)."""
    px = tile(sheet, tid).astype(float)
    grass = tile(sheet, 0)[..., :3].astype(float)
    a = px[..., 3:4] / 255.0
    return (px[..., :3] * a + grass * (1 - a))[overlay_centre()].mean(axis=0)


LEVEL_TILES = {lv: 7 + lv for lv in range(1, 7)} | {-1: 14, -2: 15}


def test_elevation_overlays_are_see_through_flat_tints(sheet: np.ndarray) -> None:
    centre = overlay_centre()
    for tid in range(8, 16):
        px = tile(sheet, tid)[centre]
        assert px[..., 3].max() < 160, tid  # the ground shows through
        assert px[..., 3].min() > 30, tid  # but the level tints it everywhere
        assert np.ptp(px, axis=0).max() <= 2, tid  # one flat tint, no bevel or shading


def test_hill_overlays_draw_no_edge_contour(sheet: np.ndarray) -> None:
    """The renderer draws contours only between different levels; a line or bevel on
    every edge of the tile would turn a hill into a honeycomb of outlines."""
    d = hex_distance_mask()
    band = (d > 0.6) & (d < 5)
    for lv in range(1, 7):
        px = tile(sheet, LEVEL_TILES[lv]).astype(int)
        centre = px[overlay_centre()][0]
        assert np.abs(px[band] - centre).max() <= 2, lv


def test_depressions_carry_downhill_ticks_only_near_the_edge(sheet: np.ndarray) -> None:
    d = hex_distance_mask()
    band, centre = (d > 0.6) & (d < 5), overlay_centre()
    for lv in (-1, -2):
        alpha = tile(sheet, LEVEL_TILES[lv])[..., 3].astype(int)
        flat = alpha[centre].max()
        ticks = (alpha[band] > flat + 40).sum()
        assert 40 < ticks < 0.5 * band.sum(), (lv, ticks)  # ticks, not a solid line


def test_elevation_tints_form_a_distinct_hypsometric_ramp(sheet: np.ndarray) -> None:
    """Each level up tints more strongly and shifts from green towards red-brown (a
    hypsometric ramp), each step clearly distinct over grass; depressions go darker and
    bluer with depth."""
    centre = overlay_centre()
    alpha = {lv: tile(sheet, tid)[..., 3][centre].mean() for lv, tid in LEVEL_TILES.items()}
    ups = [alpha[lv] for lv in range(1, 7)]
    assert all(b - a >= 10 for a, b in zip(ups, ups[1:], strict=False)), ups
    assert alpha[-2] - alpha[-1] >= 10
    grass = tile(sheet, 0)[..., :3][centre].astype(float).mean(axis=0)
    ramp = [grass] + [over_grass(sheet, LEVEL_TILES[lv]) for lv in range(1, 7)]
    steps = [float(np.linalg.norm(b - a)) for a, b in zip(ramp, ramp[1:], strict=False)]
    assert min(steps) > 12, steps
    redness = [c[0] - c[1] for c in ramp]
    assert all(b > a + 2 for a, b in zip(redness, redness[1:], strict=False)), redness
    down = [grass] + [over_grass(sheet, LEVEL_TILES[lv]) for lv in (-1, -2)]
    lum = [luminance(c) for c in down]
    assert lum[0] > lum[1] + 10 and lum[1] > lum[2] + 10, lum
    blueness = [c[2] - c[0] for c in down]
    assert blueness[0] < blueness[1] < blueness[2], blueness


def test_elevation_overlay_carries_a_readable_number(sheet: np.ndarray) -> None:
    # the bottom band holds high-contrast text pixels (dark glyph on a light outline)
    for tid in range(8, 16):
        band = tile(sheet, tid)[52:70, 30:54]
        opaque = band[band[..., 3] > 200]
        lum = luminance(opaque[:, :3].astype(float))
        assert len(opaque) > 20 and lum.max() - lum.min() > 150, tid


def test_ground_tiles_join_their_own_kind_without_a_seam(sheet: np.ndarray) -> None:
    """Place the tile at its SE lattice neighbour (63, 36) and compare the colour step
    across the shared edge with the steps inside the tile."""
    for tid in (0, 1, 2, 3, 5, 6, 7):
        px = tile(sheet, tid)[..., :3].astype(float)
        canvas = np.zeros((TH + 36, TW + 63, 3))
        owner = np.full(canvas.shape[:2], -1)
        inside = hex_distance_mask() > -0.01
        for n, (ox, oy) in enumerate(((0, 0), (63, 36))):
            region = (slice(oy, oy + TH), slice(ox, ox + TW))
            canvas[region][inside] = px[inside]
            owner[region][inside] = n
        right = (owner[:, :-1] >= 0) & (owner[:, 1:] >= 0)
        step = np.abs(canvas[:, :-1] - canvas[:, 1:]).sum(axis=2)
        seam = right & (owner[:, :-1] != owner[:, 1:])
        within = right & (owner[:, :-1] == owner[:, 1:])
        assert seam.sum() > 20
        assert step[seam].mean() < 1.6 * step[within].mean() + 4, tid


def test_side_counters_differ_in_lightness(sheet: np.ndarray) -> None:
    for kind in KINDS:
        a = load(ROOT / f"assets/units/{kind}_A.png")
        b = load(ROOT / f"assets/units/{kind}_B.png")
        disc = (a[..., 3] == 255) & (b[..., 3] == 255)
        la = luminance(a[..., :3][disc].astype(float)).mean()
        lb = luminance(b[..., :3][disc].astype(float)).mean()
        assert lb - la > 50, (kind, la, lb)


def test_counters_point_north_and_differ_by_kind() -> None:
    seen = []
    for name in UNIT_FILES:
        px = load(ROOT / name)
        # the facing notch sticks out above the top of the disc; nothing does at the bottom
        top = px[2:7, 58:71]
        bottom = px[128 - 7 : 128 - 2, 58:71]
        if Path(name).stem[:-2] in NO_FACING:
            assert (top[..., 3] > 128).sum() == 0, name  # no notch: never turned (MOV-16)
        else:
            assert (top[..., 3] > 128).sum() > 10, name
        assert (bottom[..., 3] > 128).sum() == 0, name
        assert px[0, 0, 3] == 0 and px[64, 64, 3] == 255, name
        seen.append(px[20:100, 20:108].tobytes())
    assert len(set(seen)) == len(UNIT_FILES)


def test_infantry_counters_have_no_facing_notch_and_the_jump_platoon_has_flames() -> None:
    """MOV-16: infantry has no facing, so its counters are round (top and bottom of the
    rim alike); the jump platoon's troopers carry jump packs whose orange exhaust sets it
    apart from the foot platoon at a glance."""
    for side in "AB":
        foot = load(ROOT / f"assets/units/infantry_{side}.png")
        jump = load(ROOT / f"assets/units/jump_infantry_{side}.png")
        for px in (foot, jump):  # the disc starts at row 7: above it only a notch would be
            assert (px[:6, :, 3] > 128).sum() == 0
        flame = [(p[..., 0] > 200) & (p[..., 1] > 80) & (p[..., 2] < 90) for p in (foot, jump)]
        assert flame[0].sum() == 0 and flame[1].sum() > 60, (side, flame[1].sum())


def test_palette_json_has_the_game_colours() -> None:
    pal = json.loads((ROOT / "assets" / "palette.json").read_text())
    assert pal["reach"] == {"walk": "#0072B2", "run": "#E69F00", "jump": "#CC79A7"}
    needed = [
        ("road", "asphalt"),
        ("road", "edge"),
        ("grid", "line"),
        ("label", "text"),
        ("label", "outline"),
    ]
    needed += [("sides", s) for s in ("A", "B")]
    for group, key in needed:
        assert key in pal[group], (group, key)
    colours = re.findall(r'"(#[^"]*)"', json.dumps(pal))
    assert colours and all(re.fullmatch(r"#[0-9a-fA-F]{6}", c) for c in colours)


def test_make_art_regenerates_identical_images(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    subprocess.run(
        [sys.executable, str(ROOT / "assets" / "make_art.py"), str(tmp_path)],
        check=True,
        env=env,
        capture_output=True,
    )
    for name in ["maps/terrain.png", *UNIT_FILES, *UI_FILES]:
        committed, fresh = load(ROOT / name), load(tmp_path / name)
        assert np.array_equal(committed, fresh), name
    assert (tmp_path / "assets/palette.json").read_text() == (
        ROOT / "assets/palette.json"
    ).read_text()
