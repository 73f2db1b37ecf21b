"""Ground tiles (ids 0..7) and elevation overlays (ids 8..15) of the terrain sheet.

Ground tiles are opaque inside the hexagon and seamless against a neighbour of the same
kind (lattice-periodic noise and scatter, see art_core). Elevation overlays are
see-through: one flat hypsometric tint per level (and downhill ticks for depressions)
plus the level number at the bottom, so they read on top of any ground.
"""

from __future__ import annotations

import art_core as c
import numpy as np
from art_palette import LABEL, TERRAIN

T = {k: c.rgb(v) for k, v in TERRAIN.items()}


def _textured(base: np.ndarray, *terms: tuple[np.ndarray, float]) -> np.ndarray:
    """base colour modulated by (noise, relative amplitude) terms -> HxWx3."""
    k = np.ones(terms[0][0].shape, dtype=np.float32)
    for field, amp in terms:
        k = k + field * amp
    return np.clip(base[None, None, :] * k[..., None], 0, 1)


def _blades(rng: np.random.Generator, n: int, length: float) -> list:
    """Short grass/reed strokes, replicated over the lattice so they cross hex edges."""
    out = []
    pts = c.lattice_points(rng, n, margin=4)
    params = rng.uniform(-0.6, 0.6, size=n), rng.uniform(0.6, 1.0, size=n)
    for x, y, k in pts:
        ang, ln = params[0][k], params[1][k] * length
        out.append(((x, y), (x + np.sin(ang) * ln, y - np.cos(ang) * ln)))
    return out


def grass(variant: int) -> np.ndarray:
    img = c.canvas()
    seed = 10 + variant
    broad = c.lattice_noise(seed, 26.0)
    mid = c.lattice_noise(seed + 100, 8.0)
    grain = c.lattice_noise(seed + 200, 2.5, detail=2.0)
    base = T["grass"] if variant == 0 else T["grass_alt"]
    c.paint(
        img, _textured(base, (broad, 0.045), (mid, 0.022), (grain, 0.03)), np.ones(img.shape[:2])
    )
    rng = np.random.default_rng(seed)
    # darker blades then a few lighter ones: the grain of a printed grass texture
    c.paint(img, T["grass_dark"], c.strokes_mask(_blades(rng, 110, 2.2), 0.5), 0.4)
    c.paint(img, T["grass_light"], c.strokes_mask(_blades(rng, 60, 1.8), 0.45), 0.4)
    if variant == 1:
        # small clover patches and a few pale flower dots for variety
        patch = np.clip(c.lattice_noise(seed + 300, 10.0) - 0.9, 0, 1)
        c.paint(img, T["grass_dark"], patch, 0.35)
        for x, y, _k in c.lattice_points(rng, 6, margin=2):
            c.paint(img, (0.93, 0.91, 0.78), c.disc_mask(x, y, 0.7), 0.8)
    return img


def _stones(
    img: np.ndarray,
    rng: np.random.Generator,
    n: int,
    rmin: float,
    rmax: float,
    margin: float = 6.0,
    periodic: bool = True,
    shadow_alpha: float = 0.45,
) -> None:
    """Angular stones (flat tops, bevelled edges) in warm and cool greys, NW light, SE
    shadow. Periodic stones repeat over the lattice, so rough ground joins seamlessly."""
    if periodic:
        pts = c.lattice_points(rng, n, margin=margin)
    else:
        xy = c.scatter_in_hex(rng, n, margin, 0.0)
        pts = [(x, y, k) for k, (x, y) in enumerate(xy)]
    radius = rng.uniform(rmin, rmax, size=n)
    corners = rng.integers(5, 8, size=n)
    jitter = rng.uniform(0.7, 1.0, size=(n, 8))
    turn = rng.uniform(0, 2 * np.pi, size=n)
    warm = rng.uniform(-1, 1, size=n)
    tone = rng.uniform(0.82, 1.08, size=n)
    stone, dark = T["stone"], T["dirt"]
    height = np.zeros(img.shape[:2], np.float32)
    colour = np.zeros(img.shape[:2] + (3,), np.float32)
    for x, y, k in pts:
        r, m = radius[k], int(corners[k])
        angles = turn[k] + np.arange(m) * 2 * np.pi / m
        poly = [
            (x + np.cos(a) * r * j, y + np.sin(a) * r * j * 0.85)
            for a, j in zip(angles, jitter[k], strict=False)
        ]
        mask = c.polygon_mask(poly)
        bevel = np.clip(c.blur(mask, r * 0.5) * 1.6, 0, 1) * mask
        d = bevel * r * 0.6
        new = d > height
        height = np.where(new, d, height)
        col = stone * (1 - 0.2 * max(warm[k], 0)) + dark * 0.2 * max(warm[k], 0)
        colour[new] = np.clip(col * tone[k], 0, 1)
    mask = (height > 0).astype(np.float32)
    c.paint(img, (0.12, 0.1, 0.08), c.cast_shadow(mask, 1.6, 0.6) * (1 - mask), shadow_alpha)
    lit = np.clip(c.shade_height(height, 1.0), 0.55, 1.3)
    c.paint(img, np.clip(colour * lit[..., None], 0, 1), mask)


def rough() -> np.ndarray:
    img = c.canvas()
    broad = c.lattice_noise(20, 18.0)
    grain = c.lattice_noise(21, 2.5, detail=2.0)
    c.paint(img, _textured(T["dirt"], (broad, 0.06), (grain, 0.05)), np.ones(img.shape[:2]))
    tufts = np.clip((c.lattice_noise(22, 12.0) - 0.4) * 1.5, 0, 1)
    c.paint(img, T["grass_dark"], tufts, 0.45)
    rng = np.random.default_rng(23)
    c.paint(img, T["dirt_dark"], c.strokes_mask(_blades(rng, 12, 2.0), 0.6), 0.5)
    _stones(img, rng, 18, 1.5, 2.8)
    _stones(img, rng, 7, 3.2, 5.0)
    return img


def rough_overlay() -> np.ndarray:
    """Tile 26: stones and dirt patches only, for rough on a hill or on pavement."""
    img = c.canvas()
    n = c.blur(c.lattice_noise(30, 18.0), 1.5)
    t = np.clip((n / n.std() + 0.3) / 0.9, 0, 1)
    patches = t * t * (3 - 2 * t) * c.blur(c.hex_mask(7), 3.0)  # smoothstep, soft rim
    grain = c.lattice_noise(32, 2.0, 2.0)
    c.paint(img, _textured(T["dirt_light"], (grain, 0.06)), patches, 0.7)
    rng = np.random.default_rng(31)
    _stones(img, rng, 14, 1.5, 2.7, margin=6, periodic=False)
    _stones(img, rng, 6, 3.2, 4.8, margin=9, periodic=False)
    return img


def pavement() -> np.ndarray:
    img = c.canvas()
    x, y = c.coords()
    # slabs of 21 x 18 px: both divide the lattice, so joints continue across hexes
    i, j = np.floor(x / 21.0).astype(int), np.floor(y / 18.0).astype(int)
    q = np.floor_divide(i, 3)
    i0, j0 = i - 3 * q, np.mod(j - 2 * q, 4)  # slab index modulo the lattice
    tones = np.random.default_rng(40).uniform(-0.035, 0.035, size=(3, 4))
    tone = tones[i0, j0]
    grain = c.lattice_noise(41, 2.0, detail=2.0)
    stain = c.lattice_noise(42, 14.0)
    col = _textured(T["concrete"], (grain, 0.025), (stain, 0.025))
    col = np.clip(col * (1 + tone)[..., None], 0, 1)
    c.paint(img, col, np.ones(img.shape[:2]))
    fx, fy = np.mod(x, 21.0), np.mod(y, 18.0)
    joint = ((fx < 0.6) | (fy < 0.6)).astype(np.float32)
    bevel = (((fx >= 0.6) & (fx < 1.2)) | ((fy >= 0.6) & (fy < 1.2))).astype(np.float32)
    c.paint(img, T["concrete_joint"], joint, 0.9)
    c.paint(img, (1, 1, 1), bevel * (1 - joint), 0.18)
    return img


def water(depth: int) -> np.ndarray:
    """Water by depth: lighter and sandier when shallow, deep blue with fewer, sharper
    wavelets when deep. Wave bands have a 9 px period (divides the lattice) warped by
    lattice noise, so a lake of one depth joins up without seams."""
    img = c.canvas()
    base = T[f"water_{depth}"]
    broad = c.lattice_noise(50 + depth, 22.0)
    fine = c.lattice_noise(60 + depth, 4.0)
    _, y = c.coords()
    warp = c.lattice_noise(80 + depth, 16.0)
    bands = np.sin(2 * np.pi * (y + warp * 3.0) / 9.0)
    c.paint(img, _textured(base, (broad, 0.04), (fine, 0.015), (bands, 0.025)), np.ones(y.shape))
    rng = np.random.default_rng(70 + depth)
    if depth == 0:
        # the sandy bed shows through the shallows
        bed = np.clip(c.lattice_noise(71, 12.0) * 0.5, 0, 1)
        c.paint(img, T["dirt"], bed, 0.35)
    _wavelets(img, rng, (12, 10, 8, 7)[depth], (0.6, 0.5, 0.45, 0.4)[depth])
    if depth == 0:
        _reeds(img, rng)
    return img


def _wavelets(img: np.ndarray, rng: np.random.Generator, n: int, alpha: float) -> None:
    """Small crescent wavelets: a bright crest lit from the NW over a dark trough."""
    crests, troughs = [], []
    span = rng.uniform(2.5, 4.0, size=n)
    for x, y, k in c.lattice_points(rng, n, margin=6):
        w = span[k]
        arc = [(x + t * w, y + 0.9 * t * t) for t in np.linspace(-1, 1, 5)]
        crests += list(zip(arc, arc[1:], strict=False))
        troughs += [
            ((ax, ay + 0.8), (bx, by + 0.8))
            for (ax, ay), (bx, by) in zip(arc, arc[1:], strict=False)
        ]
    c.paint(img, (0.02, 0.1, 0.2), c.strokes_mask(troughs, 0.6), alpha * 0.5)
    c.paint(img, T["water_highlight"], c.strokes_mask(crests, 0.6), alpha)


def _reeds(img: np.ndarray, rng: np.random.Generator) -> None:
    """Clumps of reeds: curved radiating blades, brown seed heads, a shadow to the SE."""
    blades, tips = [], []
    for x, y, _k in c.lattice_points(rng, 3, margin=8):
        for a in np.linspace(-1.0, 1.0, 9) + rng.uniform(-0.1, 0.1, 9):
            ln = rng.uniform(4.5, 6.5) - abs(a) * 1.5
            mid = (x + np.sin(a) * ln * 0.5, y - np.cos(a) * ln * 0.5)
            end = (x + np.sin(a * 1.4) * ln, y - np.cos(a * 1.4) * ln)
            blades += [((x, y + 1), mid), (mid, end)]
            if rng.uniform() < 0.5:
                tips.append((end, (end[0] + np.sin(a * 1.4), end[1] - np.cos(a * 1.4))))
    mask = c.strokes_mask(blades, 0.55)
    c.paint(img, (0.05, 0.12, 0.15), c.shift(c.blur(mask, 0.7), 1.2, 1.2), 0.35)
    c.paint(img, T["reed"], mask)
    c.paint(img, T["reed_tip"], c.strokes_mask(tips, 1.0))


# Tint opacity per level: a hypsometric ramp, clearly stronger at every step but capped
# so the ground texture (grass blades, stones) still shows through at level 6.
LEVEL_ALPHA: dict[int, float] = {
    1: 0.2,
    2: 0.31,
    3: 0.39,
    4: 0.46,
    5: 0.52,
    6: 0.57,
    -1: 0.26,
    -2: 0.42,
}


def level_tint(level: int) -> tuple[np.ndarray, float]:
    """(colour, alpha) of the flat tint of an elevation overlay."""
    key = f"level_{level}" if level > 0 else f"level_m{-level}"
    return T[key], LEVEL_ALPHA[level]


def elevation(level: int) -> np.ndarray:
    """Tiles 8..15: one flat tint over the whole hex (+ ticks for depressions); the
    level number is stamped after downsampling by ``level_label`` so the digits stay crisp.

    No contour or bevel along the hex edge: a hill of many same-level hexes must read as
    one patch of colour, and the renderer draws contours itself, only on hexsides
    between different levels. The tint fills the whole canvas and clip_to_hex cuts it
    on pixel centres, so two same-level tiles meet without a visible seam."""
    img = c.canvas()
    tint, alpha = level_tint(level)
    c.paint(img, tint, np.ones(img.shape[:2], np.float32), alpha)
    if level < 0:
        # ticks pointing downhill (into the hex), as on topographic maps, so -1/-2 read
        # as hollows even without colour; they hang off the renderer's contour line
        line = T["contour_low"]
        c.paint(img, line, c.strokes_mask(_contour_ticks(1.5, 2.5 + 1.5 * -level), 0.8), 0.7)
    return img


def _contour_ticks(inset: float, length: float) -> list:
    """Short strokes along the inset hex edge, each pointing at the hex centre."""
    pts = c.hex_points(inset)
    cx, cy = c.TILE_W / 2, c.TILE_H / 2
    ticks = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1], strict=True):
        n = max(2, int(np.hypot(bx - ax, by - ay) / 7.0))
        for t in (np.arange(n) + 0.5) / n:
            px, py = ax + (bx - ax) * t, ay + (by - ay) * t
            d = np.hypot(cx - px, cy - py)
            ticks.append(((px, py), (px + (cx - px) / d * length, py + (cy - py) / d * length)))
    return ticks


def level_label(pixels: np.ndarray, level: int) -> np.ndarray:
    return c.draw_label(
        pixels,
        str(level),
        (c.TILE_W / 2, c.TILE_H - 10),
        18,
        c.rgb(LABEL["text"]),
        c.rgb(LABEL["outline"]),
    )
