"""Building tiles (ids 21..24, 29..31): roofs seen from above, one style per class.

light = small pale gable roof with a chimney, medium = larger L-shaped hip roof in
terracotta, heavy = wide dark flat roof with a thick parapet and steel bracing,
hardened = a concrete bunker with sloped thick walls and firing slits. The height in
levels is shown twice: by the length of the shadow thrown to the south-east and by a
small number on the roof (stamped after downsampling, see make_art).
"""

from __future__ import annotations

from collections.abc import Callable

import art_core as c
import numpy as np
from art_palette import TERRAIN

T = {k: c.rgb(v) for k, v in TERRAIN.items()}
SHADOW = (0.08, 0.09, 0.06)
CX, CY = c.TILE_W / 2, c.TILE_H / 2 - 2  # a little north of centre: the shadow goes SE

Rect = tuple[float, float, float, float]


def _inner_distance(rect: Rect) -> np.ndarray:
    """Distance (px) from each point to the nearest edge of the rectangle, <0 outside."""
    x0, y0, x1, y1 = rect
    x, y = c.coords()
    return np.minimum(np.minimum(x - x0, x1 - x), np.minimum(y - y0, y1 - y))


def _footprint(rects: list[Rect], radius: float = 0.8) -> np.ndarray:
    return np.maximum.reduce([c.rounded_rect_mask(*r, radius) for r in rects])


def _roof(
    img: np.ndarray,
    foot: np.ndarray,
    height: np.ndarray,
    colour: np.ndarray,
    levels: int,
    relief: float = 1.0,
    lo: float = 0.7,
    hi: float = 1.2,
) -> None:
    """Shadow on the ground, then the lit roof and a thin dark eave line."""
    c.paint(img, SHADOW, c.cast_shadow(foot, 2.0 + 2.2 * levels, 1.0) * (1 - foot), 0.55)
    grain = c.lattice_noise(400, 2.0, detail=2.0)
    lit = np.clip(c.shade_height(np.where(foot > 0, height, 0), relief), lo, hi)
    col = colour[None, None, :] * (lit * (1 + grain * 0.03))[..., None]
    c.paint(img, np.clip(col, 0, 1), foot)
    eave = foot * (1 - c.blur(foot, 0.5).clip(0, 1) ** 8)
    c.paint(img, (0.12, 0.12, 0.12), eave, 0.6)


def light(levels: int) -> tuple[np.ndarray, tuple[float, float]]:
    r = (CX - 16, CY - 12.5, CX + 16, CY + 12.5)
    img = c.canvas()
    foot = _footprint([r])
    _, y = c.coords()
    height = np.minimum(y - r[1], r[3] - y) * 0.45  # gable, ridge running east-west
    _roof(img, foot, height, T["roof_light"], levels, lo=0.78, hi=1.1)
    courses = (np.mod(y - r[1], 2.4) < 0.35) * foot
    c.paint(img, T["roof_light_ridge"], courses, 0.35)
    c.paint(img, T["roof_light_ridge"], (np.abs(y - CY) < 0.6) * foot, 0.9)
    chimney = c.rounded_rect_mask(CX + 7, CY + 3, CX + 11, CY + 7, 0.4)
    c.paint(img, SHADOW, c.cast_shadow(chimney, 2.5, 0.4) * (1 - chimney) * foot, 0.5)
    c.paint(img, (0.55, 0.38, 0.3), chimney)
    c.paint(img, (0.2, 0.15, 0.12), c.rounded_rect_mask(CX + 8, CY + 4, CX + 10, CY + 6, 0.3))
    return img, (r[2] - 5.5, r[1] + 5.5)


def medium(levels: int) -> tuple[np.ndarray, tuple[float, float]]:
    main = (CX - 22, CY - 15, CX + 22, CY + 2)
    wing = (CX - 22, CY - 15, CX - 6, CY + 16)
    img = c.canvas()
    foot = _footprint([main, wing])
    # hip roof over an L: the height is the distance to the nearest eave of either wing,
    # which puts the valley and the hips exactly where a real roof has them
    height = np.maximum(_inner_distance(main), _inner_distance(wing)) * 0.55
    _roof(img, foot, height, T["roof_medium"], levels, lo=0.78, hi=1.12)
    d = np.maximum(_inner_distance(main), _inner_distance(wing))
    c.paint(img, T["roof_medium_ridge"], (np.mod(d, 2.6) < 0.4) * foot, 0.3)
    c.paint(img, (0.86, 0.66, 0.54), c.ridges(height, 0.55, foot), 0.85)  # ridge caps
    return img, (main[2] - 5.5, main[1] + 5.5)


def heavy(levels: int) -> tuple[np.ndarray, tuple[float, float]]:
    r = (CX - 25, CY - 18, CX + 25, CY + 18)
    img = c.canvas()
    foot = _footprint([r], 1.2)
    d = _inner_distance(r)
    parapet = np.clip(2.6 - d, 0, 1)
    height = 1.0 + parapet * 1.6
    _roof(img, foot, height, T["roof_heavy"], levels, relief=1.4, lo=0.6, hi=1.35)
    x0, y0, x1, y1 = r
    m = 5.0
    braces = [((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m))]
    braces += [((x0 + m, CY), (x1 - m, CY)), ((CX, y0 + m), (CX, y1 - m))]
    c.paint(img, T["roof_heavy_trim"], c.strokes_mask(braces, 1.2), 0.75)
    inner = c.rounded_rect_mask(x0 + m, y0 + m, x1 - m, y1 - m, 0.5)
    c.paint(
        img,
        T["roof_heavy_trim"],
        inner * (1 - c.rounded_rect_mask(x0 + m + 1, y0 + m + 1, x1 - m - 1, y1 - m - 1, 0.5)),
        0.8,
    )
    for vx, vy in ((x0 + 11, y1 - 10), (x1 - 12, y0 + 13)):
        box = c.rounded_rect_mask(vx - 3.5, vy - 2.5, vx + 3.5, vy + 2.5, 0.6)
        c.paint(img, SHADOW, c.cast_shadow(box, 2.0, 0.5) * (1 - box), 0.5)
        c.paint(img, (0.6, 0.62, 0.64), box)
        c.paint(img, (0.86, 0.87, 0.87), box * (1 - c.shift(box, -0.8, -0.8)), 0.8)
    return img, (x1 - 6.5, y0 + 6.5)


def hardened(levels: int) -> tuple[np.ndarray, tuple[float, float]]:
    r = (CX - 24, CY - 18, CX + 24, CY + 18)
    img = c.canvas()
    foot = c.rounded_rect_mask(*r, 8.0)
    d = c.blur(foot, 3.0) * 8.0  # rounded, sloped walls
    height = np.sqrt(np.clip(d / 8.0, 0, 1)) * 6.0
    _roof(img, foot, height, T["bunker"], levels, relief=1.2, lo=0.6, hi=1.3)
    roof = c.rounded_rect_mask(r[0] + 6, r[1] + 6, r[2] - 6, r[3] - 6, 4.0)
    c.paint(
        img,
        T["bunker_wall"],
        roof * (1 - c.rounded_rect_mask(r[0] + 6.8, r[1] + 6.8, r[2] - 6.8, r[3] - 6.8, 3.5)),
        0.7,
    )
    slits = [
        ((CX - 6, r[1] + 2.2), (CX + 6, r[1] + 2.2)),
        ((CX - 6, r[3] - 2.2), (CX + 6, r[3] - 2.2)),
        ((r[0] + 2.2, CY - 5), (r[0] + 2.2, CY + 5)),
        ((r[2] - 2.2, CY - 5), (r[2] - 2.2, CY + 5)),
    ]
    c.paint(img, (0.07, 0.07, 0.06), c.strokes_mask(slits, 1.4), 0.95)
    hatch = c.disc_mask(CX - 8, CY, 3.4)
    c.paint(img, T["bunker_wall"], hatch, 0.95)
    rim = c.disc_mask(CX - 8.6, CY - 0.6, 3.4) * (1 - hatch) * c.disc_mask(CX - 8, CY, 4.2)
    c.paint(img, (0.88, 0.88, 0.82), rim, 0.6)
    return img, (r[2] - 8.5, r[1] + 8.5)


BUILDERS: dict[str, Callable[[int], tuple[np.ndarray, tuple[float, float]]]] = {
    "light": light,
    "medium": medium,
    "heavy": heavy,
    "hardened": hardened,
}


def building(cls: str, levels: int) -> tuple[np.ndarray, tuple[float, float]]:
    """A building tile on the supersampled canvas and where its height number goes."""
    return BUILDERS[cls](levels)
