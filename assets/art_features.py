"""Feature tiles (ids 16..31): woods, rubble, road pad, buildings, bridges.

Features sit on top of a ground tile, so they are transparent where the ground should
show. Everything is modelled as a small height field lit from the north-west, with a
soft shadow thrown to the south-east whose length follows the object's height (that is
how the sheet shows building heights at a glance, next to the small height number).
"""

from __future__ import annotations

import art_core as c
import numpy as np
from art_palette import ROAD, SIZES, TERRAIN

T = {k: c.rgb(v) for k, v in TERRAIN.items()}
SHADOW = (0.08, 0.09, 0.06)
CX, CY = c.TILE_W / 2, c.TILE_H / 2


def _spread_points(
    rng: np.random.Generator, n: int, margin: float, min_dist: float
) -> list[tuple[float, float]]:
    return c.scatter_in_hex(rng, n, margin, min_dist)


# --- woods -------------------------------------------------------------------------------


def _canopy(height: np.ndarray, rng: np.random.Generator, x: float, y: float, r: float) -> None:
    """Raise a lobed tree crown into ``height`` (in place): a dome ringed by smaller domes."""
    h = c.dome(x, y, r * 0.8)
    n = rng.integers(6, 9)
    a0 = rng.uniform(0, 2 * np.pi)
    for i in range(n):
        a = a0 + 2 * np.pi * i / n + rng.uniform(-0.25, 0.25)
        rr = r * rng.uniform(0.38, 0.5)
        d = r - rr
        h = np.maximum(h, c.dome(x + np.cos(a) * d, y + np.sin(a) * d, rr) * 0.9)
    np.maximum(height, h + (h > 0) * rng.uniform(0, 3.0), out=height)


def woods(density: int) -> np.ndarray:
    """16 light, 17 heavy, 18 ultra-heavy: more, larger and darker crowns."""
    img = c.canvas()
    rng = np.random.default_rng(100 + density)
    count, rmin, rmax, spacing = {
        1: (8, 5.0, 8.0, 13.0),
        2: (15, 6.5, 9.0, 9.5),
        3: (22, 7.0, 9.5, 7.5),
    }[density]
    base = T[("canopy_light", "canopy_heavy", "canopy_ultra")[density - 1]]
    if density >= 2:
        # the forest floor between crowns is shaded, so dense woods read as one mass
        floor = c.blur(c.hex_mask(7.0), 2.0)
        c.paint(img, T["trunk_shadow"], floor, 0.25 if density == 2 else 0.45)
    height = np.zeros(img.shape[:2], np.float32)
    for x, y in _spread_points(rng, count, rmax * 0.85, spacing):
        _canopy(height, rng, x, y, rng.uniform(rmin, rmax))
    mask = (height > 0).astype(np.float32)
    c.paint(img, SHADOW, c.cast_shadow(mask, 4.0, 1.2) * (1 - mask), 0.5)
    leaf = c.lattice_noise(110 + density, 1.8, detail=2.0)
    bump = height + leaf * 0.5
    lit = np.clip(c.shade_height(bump, 0.8), 0.45, 1.35)
    # crevices between crowns darker: a cheap ambient occlusion from the blurred height
    ao = np.clip(1.0 - (c.blur(height, 2.5) - height).clip(0) * 0.12, 0.6, 1.0)
    tone = np.clip(1.0 + c.lattice_noise(120 + density, 9.0) * 0.06, 0.85, 1.15)
    col = base[None, None, :] * (lit * ao * tone)[..., None]
    c.paint(img, np.clip(col, 0, 1), mask)
    return img


# --- rubble ------------------------------------------------------------------------------


def _chunk_polygon(rng: np.random.Generator, x: float, y: float, r: float) -> list:
    n = int(rng.integers(4, 7))
    angles = np.sort(rng.uniform(0, 2 * np.pi, n))
    radii = r * rng.uniform(0.75, 1.0, n)
    return [(x + np.cos(a) * rr, y + np.sin(a) * rr) for a, rr in zip(angles, radii, strict=True)]


def rubble() -> np.ndarray:
    """A low mound of dust with broken concrete slabs lying at random tilts (each slab
    catches the NW light differently), a few brick fragments and bent rebar."""
    img = c.canvas()
    rng = np.random.default_rng(200)
    x, y = c.coords()
    pile = c.blur(c.hex_mask(9.0), 5.0)
    mound = pile * 3.0 * (1 + c.blur(c.lattice_noise(201, 9.0), 2.0) * 0.15)
    dust_lit = np.clip(c.shade_height(mound, 1.0), 0.7, 1.2)
    dust = T["rubble_dust"][None, None, :] * dust_lit[..., None]
    c.paint(img, np.clip(dust, 0, 1), np.clip(pile * 1.6, 0, 1), 0.9)
    height = mound.copy()
    colour = np.broadcast_to(T["rubble_dust"], img.shape[:2] + (3,)).copy()
    solid = np.zeros(img.shape[:2], np.float32)
    brick = T["roof_medium_ridge"]
    for size, n in ((7.0, 5), (5.0, 9), (3.2, 14), (1.6, 24)):
        for px, py in _spread_points(rng, n, size + 4, size * 1.2):
            m = c.polygon_mask(_chunk_polygon(rng, px, py, size))
            tx, ty = rng.uniform(-0.45, 0.45, 2)
            slab = mound + 1.0 + size * 0.25 + tx * (x - px) + ty * (y - py)
            new = m > 0  # later (smaller) pieces lie on top
            height = np.where(new, slab, height)
            tone = T["rubble"] * rng.uniform(0.82, 1.1)
            if rng.uniform() < 0.15:
                tone = brick * rng.uniform(0.9, 1.1)
            colour[new] = np.clip(tone, 0, 1)
            solid = np.maximum(solid, m)
    c.paint(img, SHADOW, c.cast_shadow(solid, 2.0, 0.6) * (1 - solid), 0.5)
    lit = np.clip(c.shade_height(height, 1.0), 0.55, 1.35)
    c.paint(img, np.clip(colour * lit[..., None], 0, 1), solid)
    edges = solid * (1 - c.blur(solid, 0.4).clip(0, 1) ** 6)
    c.paint(img, (0.2, 0.19, 0.17), edges, 0.5)
    rebar = []
    for px, py in _spread_points(rng, 7, 12, 7):
        a = rng.uniform(0, 2 * np.pi)
        mid = (px + np.cos(a) * 2.5, py + np.sin(a) * 2.5)
        end = (mid[0] + np.cos(a + 0.7) * 2.5, mid[1] + np.sin(a + 0.7) * 2.5)
        rebar += [((px, py), mid), (mid, end)]
    c.paint(img, T["rebar"], c.strokes_mask(rebar, 0.55), 0.9)
    return img


# --- road --------------------------------------------------------------------------------


def road_pad() -> np.ndarray:
    """Tile 20: the central pad the renderer's road segments join (same colours/widths)."""
    img = c.canvas()
    outer = SIZES["road_edge_width"] / 2
    inner = SIZES["road_width"] / 2
    c.paint(img, c.rgb(ROAD["edge"]), c.disc_mask(CX, CY, outer))
    grain = c.lattice_noise(300, 1.8, detail=2.0)
    asphalt = np.clip(c.rgb(ROAD["asphalt"])[None, None, :] * (1 + grain * 0.04)[..., None], 0, 1)
    c.paint(img, asphalt, c.disc_mask(CX, CY, inner))
    return img


# --- bridges -----------------------------------------------------------------------------

BRIDGES = {
    # class: (deck half width, deck colour, railing width)
    "light": (8.0, "bridge_light", 1.0),
    "medium": (11.0, "bridge_medium", 1.4),
    "heavy": (14.0, "bridge_heavy", 2.2),
}


def bridge(cls: str) -> np.ndarray:
    """A deck running north-south across the hex, with railings and a shadow on the SE."""
    hw, colour, rail = BRIDGES[cls]
    img = c.canvas()
    x, y = c.coords()
    deck = (np.abs(x - CX) <= hw).astype(np.float32)
    c.paint(img, SHADOW, c.cast_shadow(deck, 5.0, 1.5) * (1 - deck), 0.5)
    grain = c.lattice_noise(500, 1.8, detail=2.0)
    col = np.clip(T[colour][None, None, :] * (1 + grain * 0.04)[..., None], 0, 1)
    c.paint(img, col, deck)
    if cls == "light":
        planks = (np.mod(y, 3.0) < 0.4).astype(np.float32) * deck
        c.paint(img, T["bridge_light_plank"], planks, 0.8)
    elif cls == "medium":
        dash = ((np.abs(x - CX) < 0.5) & (np.mod(y, 12.0) < 6.0)).astype(np.float32)
        c.paint(img, c.rgb(ROAD["centre_line"]), dash, 0.8)
    else:
        joints = (np.mod(y, 18.0) < 0.6).astype(np.float32) * deck
        c.paint(img, (0.3, 0.3, 0.3), joints, 0.6)
        girders = (np.abs(np.abs(x - CX) - (hw - rail - 1.5)) < 0.6).astype(np.float32)
        c.paint(img, (0.45, 0.46, 0.48), girders, 0.7)
    for side in (-1, 1):
        cx_rail = CX + side * (hw - rail / 2)
        band = (np.abs(x - cx_rail) <= rail / 2).astype(np.float32)
        c.paint(img, T["railing_dark"], c.shift(band, 0.6, 0.6) * (1 - band), 0.6)
        c.paint(img, T["railing"], band)
        posts = band * (np.mod(y, 6.0) < 1.0)
        c.paint(img, T["railing_dark"], posts, 0.5)
    return img
