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
    """Up to n points inside the hexagon, kept apart (dart throwing, deterministic)."""
    pts: list[tuple[float, float]] = []
    for _ in range(4000):
        if len(pts) == n:
            break
        p = _inside(rng, margin)
        if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= min_dist**2 for q in pts):
            pts.append(p)
    return pts


def _inside(rng: np.random.Generator, margin: float) -> tuple[float, float]:
    while True:
        x, y = rng.uniform(0, c.TILE_W), rng.uniform(0, c.TILE_H)
        ring = [(x + margin * np.cos(a), y + margin * np.sin(a)) for a in np.linspace(0, 6.28, 9)]
        xs, ys = np.array(ring).T
        if c.inside_hex(xs, ys).all():
            return float(x), float(y)


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
        1: (7, 5.5, 7.5, 14.0),
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
    radii = r * rng.uniform(0.6, 1.0, n)
    return [(x + np.cos(a) * rr, y + np.sin(a) * rr) for a, rr in zip(angles, radii, strict=True)]


def rubble() -> np.ndarray:
    img = c.canvas()
    rng = np.random.default_rng(200)
    dust = np.clip(c.blur(c.hex_mask(8.0), 4.0) * (1 + c.lattice_noise(201, 8.0) * 0.5), 0, 1)
    c.paint(img, T["rubble_dust"], dust, 0.75)
    height = np.zeros(img.shape[:2], np.float32)
    colour = np.zeros(img.shape[:2] + (3,), np.float32)
    chunks = [(r, m) for r, m in ((4.5, 10), (3.0, 16), (1.6, 30))]
    for size, n in chunks:
        for x, y in _spread_points(rng, n, size + 5, size * 0.9):
            m = c.polygon_mask(_chunk_polygon(rng, x, y, size))
            slab = c.blur(m, 0.8) * size * 0.6 * m + rng.uniform(0, 1.5) * m
            new = slab > height
            height = np.where(new, slab, height)
            tone = rng.uniform(0.8, 1.12)
            colour[new] = np.clip(T["rubble"] * tone, 0, 1)
    mask = (height > 0).astype(np.float32)
    c.paint(img, SHADOW, c.cast_shadow(mask, 1.8, 0.6) * (1 - mask), 0.5)
    lit = np.clip(c.shade_height(height, 1.2), 0.5, 1.35)
    c.paint(img, np.clip(colour * lit[..., None], 0, 1), mask)
    rebar = [
        ((x, y), (x + rng.uniform(-4, 4), y + rng.uniform(-4, 4)))
        for x, y in _spread_points(rng, 6, 12, 8)
    ]
    c.paint(img, T["rebar"], c.strokes_mask(rebar, 0.5), 0.9)
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


# --- buildings ---------------------------------------------------------------------------

BUILDINGS = {
    # class: (half width, half height, roof style, colour, trim)
    "light": (15.0, 12.0, "gable", "roof_light", "roof_light_ridge"),
    "medium": (20.0, 15.5, "hip", "roof_medium", "roof_medium_ridge"),
    "heavy": (23.0, 17.5, "flat", "roof_heavy", "roof_heavy_trim"),
    "hardened": (22.0, 17.0, "bunker", "bunker", "bunker_wall"),
}


def _rect_distance(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    x, y = c.coords()
    return np.minimum(np.minimum(x - x0, x1 - x), np.minimum(y - y0, y1 - y))


def building(cls: str, height_levels: int) -> tuple[np.ndarray, tuple[float, float]]:
    """A roof seen from above; returns the canvas and where the height badge goes."""
    hw, hh, style, roof, trim = BUILDINGS[cls]
    x0, y0, x1, y1 = CX - hw, CY - hh - 2, CX + hw, CY + hh - 2
    img = c.canvas()
    radius = 7.0 if style == "bunker" else 1.0
    foot = c.rounded_rect_mask(x0, y0, x1, y1, radius)
    shadow_len = 2.0 + 2.2 * height_levels
    c.paint(img, SHADOW, c.cast_shadow(foot, shadow_len, 1.0) * (1 - foot), 0.55)
    d = _rect_distance(x0, y0, x1, y1)
    x, y = c.coords()
    base, edge = T[roof], T[trim]
    grain = c.lattice_noise(400 + len(cls), 2.0, detail=2.0)
    if style == "gable":
        h = np.minimum(y - y0, y1 - y) * 0.9
        h_field = np.where(foot > 0, h, 0)
        ridge = np.abs(y - (y0 + y1) / 2) < 0.5
    elif style == "hip":
        h_field = np.where(foot > 0, d * 0.8, 0)
        ridge = np.abs(np.minimum(y - y0, y1 - y) - np.minimum(x - x0, x1 - x)) < 0.45
        ridge |= (np.abs(y - (y0 + y1) / 2) < 0.5) & (d > hh - 0.5)
    elif style == "flat":
        parapet = (d < 2.2).astype(np.float32)
        h_field = np.where(foot > 0, 1.0 + parapet * 1.5, 0)
        ridge = np.zeros_like(foot, dtype=bool)
    else:  # bunker: thick sloped walls round a low roof
        wall = np.clip(d / 6.0, 0, 1)
        h_field = np.where(foot > 0, np.sqrt(wall) * 5.0, 0)
        ridge = np.zeros_like(foot, dtype=bool)
    lit = np.clip(c.shade_height(h_field, 1.0), 0.55, 1.3)
    col = base[None, None, :] * (lit * (1 + grain * 0.03))[..., None]
    c.paint(img, np.clip(col, 0, 1), foot)
    c.paint(img, edge, ridge.astype(np.float32) * foot, 0.9)
    if style == "flat":
        _heavy_roof_details(img, x0, y0, x1, y1, edge)
    if style == "bunker":
        _bunker_details(img, x0, y0, x1, y1, edge)
    if style == "gable":
        # slate/tile courses parallel to the ridge
        courses = (np.mod(y - y0, 2.5) < 0.35) & (foot > 0)
        c.paint(img, edge, courses.astype(np.float32), 0.25)
    if style == "hip":
        courses = (np.mod(d, 2.6) < 0.35) & (foot > 0)
        c.paint(img, edge, courses.astype(np.float32), 0.3)
    c.paint(
        img,
        (0.1, 0.1, 0.1),
        foot * (1 - c.rounded_rect_mask(x0 + 0.6, y0 + 0.6, x1 - 0.6, y1 - 0.6, radius)),
        0.7,
    )
    return img, (x1 - 6.0, y0 + 6.0)


def _heavy_roof_details(
    img: np.ndarray, x0: float, y0: float, x1: float, y1: float, edge: np.ndarray
) -> None:
    """Reinforced roof: inset steel cross-bracing and two vent boxes with shadows."""
    m = 4.0
    braces = [((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m))]
    c.paint(img, edge, c.strokes_mask(braces, 1.1), 0.7)
    for vx, vy in ((x0 + 9, y1 - 9), (x1 - 11, y0 + 12)):
        box = c.rounded_rect_mask(vx - 3, vy - 2.5, vx + 3, vy + 2.5, 0.6)
        c.paint(img, SHADOW, c.cast_shadow(box, 2.0, 0.5) * (1 - box), 0.5)
        c.paint(img, (0.62, 0.64, 0.66), box)
        c.paint(img, (0.85, 0.86, 0.86), box * (1 - c.shift(box, -0.8, -0.8)), 0.8)


def _bunker_details(
    img: np.ndarray, x0: float, y0: float, x1: float, y1: float, edge: np.ndarray
) -> None:
    """Hardened: firing slits in the thick walls and a hatch on the roof."""
    slits = [
        ((CX - 5, y0 + 1.5), (CX + 5, y0 + 1.5)),
        ((CX - 5, y1 - 1.5), (CX + 5, y1 - 1.5)),
        ((x0 + 1.5, CY - 6), (x0 + 1.5, CY + 2)),
        ((x1 - 1.5, CY - 6), (x1 - 1.5, CY + 2)),
    ]
    c.paint(img, (0.08, 0.08, 0.07), c.strokes_mask(slits, 1.2), 0.9)
    hatch = c.disc_mask(CX - 6, CY - 2, 3.2)
    c.paint(img, edge, hatch, 0.9)
    c.paint(
        img,
        (0.85, 0.85, 0.8),
        c.disc_mask(CX - 6.6, CY - 2.6, 3.2) * (1 - hatch) * c.disc_mask(CX - 6, CY - 2, 4),
        0.5,
    )


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
