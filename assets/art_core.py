"""Drawing toolkit for the procedural art: supersampled float canvases, shapes, noise, light.

Everything is drawn at ``SS`` times the final size on float RGBA arrays (straight alpha,
0..1) and box-filtered down once at the end, which gives clean anti-aliasing without any
per-shape smoothing code. Coordinates passed to the shape functions are in *final* pixels
(a tile is 84 x 72), so the tile code reads like a description of the tile.

Seamless ground: the hex map places every tile at a point of the lattice spanned by
(63, 36) and (0, 72) px. Noise whose spectrum only uses frequencies of the reciprocal
lattice, and scatter points replicated over the lattice, continue across neighbouring
tiles of the same kind without a visible seam.

Light comes from the north-west (upper left), so lit faces are up-left and shadows fall
to the south-east. Only numpy and pygame are used; this module is not part of the game.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

SS = 4  # supersampling factor
TILE_W, TILE_H = 84, 72
HEX_CORNERS: tuple[tuple[float, float], ...] = (
    (0, 36),
    (21, 0),
    (63, 0),
    (84, 36),
    (63, 72),
    (21, 72),
)
LATTICE = ((63.0, 36.0), (0.0, 72.0))  # tile translations of the hex map
LIGHT = np.array([-1.0, -1.0, 1.3]) / np.linalg.norm([-1.0, -1.0, 1.3])  # from the NW, above
SHADOW_DIR = np.array([1.0, 1.0]) / np.sqrt(2.0)  # shadows fall to the SE

Array = np.ndarray
Colour = Sequence[float]


def rgb(hex_colour: str) -> np.ndarray:
    """'#rrggbb' -> float array in 0..1 (the palette is kept as hex strings for the JSON)."""
    h = hex_colour.lstrip("#")
    return np.array([int(h[i : i + 2], 16) / 255.0 for i in (0, 2, 4)], dtype=np.float32)


def canvas(w: int = TILE_W, h: int = TILE_H) -> Array:
    """A transparent supersampled RGBA canvas of final size w x h."""
    return np.zeros((h * SS, w * SS, 4), dtype=np.float32)


def coords(w: int = TILE_W, h: int = TILE_H) -> tuple[Array, Array]:
    """Final-pixel coordinates of every supersample centre (x grows east, y grows south)."""
    xs = (np.arange(w * SS, dtype=np.float32) + 0.5) / SS
    ys = (np.arange(h * SS, dtype=np.float32) + 0.5) / SS
    return np.meshgrid(xs, ys)


# --- masks -------------------------------------------------------------------------------


def _pygame_mask(w: int, h: int, draw: Callable[[pygame.Surface], None]) -> Array:
    surf = pygame.Surface((w * SS, h * SS))
    surf.fill((0, 0, 0))
    draw(surf)
    return pygame.surfarray.array_red(surf).T.astype(np.float32) / 255.0


def polygon_mask(points: Sequence[tuple[float, float]], w: int = TILE_W, h: int = TILE_H) -> Array:
    pts = [(x * SS, y * SS) for x, y in points]
    return _pygame_mask(w, h, lambda s: pygame.draw.polygon(s, (255, 255, 255), pts))


def line_mask(
    points: Sequence[tuple[float, float]], width: float, w: int = TILE_W, h: int = TILE_H
) -> Array:
    """A polyline of the given width with round joints."""
    pts = [(x * SS, y * SS) for x, y in points]
    r = max(1, round(width * SS / 2))

    def draw(s: pygame.Surface) -> None:
        for a, b in zip(pts, pts[1:], strict=False):
            pygame.draw.line(s, (255, 255, 255), a, b, 2 * r)
        for p in pts:
            pygame.draw.circle(s, (255, 255, 255), p, r)

    return _pygame_mask(w, h, draw)


def strokes_mask(
    segments: Sequence[tuple[tuple[float, float], tuple[float, float]]],
    width: float,
    w: int = TILE_W,
    h: int = TILE_H,
) -> Array:
    """Many short straight strokes (grass blades, reeds, joints) in one mask."""
    r = max(1, round(width * SS / 2))

    def draw(s: pygame.Surface) -> None:
        for (ax, ay), (bx, by) in segments:
            a, b = (ax * SS, ay * SS), (bx * SS, by * SS)
            pygame.draw.line(s, (255, 255, 255), a, b, 2 * r)
            pygame.draw.circle(s, (255, 255, 255), a, r)
            pygame.draw.circle(s, (255, 255, 255), b, r)

    return _pygame_mask(w, h, draw)


def hex_mask(inset: float = 0.0, w: int = TILE_W, h: int = TILE_H) -> Array:
    """The tile hexagon, optionally shrunk by ``inset`` px towards the centre."""
    return polygon_mask(hex_points(inset), w, h)


def hex_points(inset: float = 0.0) -> list[tuple[float, float]]:
    cx, cy = TILE_W / 2, TILE_H / 2
    # The hexagon is regular only up to the 84x72 raster; shrink each corner along its
    # ray so every edge moves inwards by about ``inset`` px.
    out = []
    for x, y in HEX_CORNERS:
        dx, dy = x - cx, y - cy
        k = 1.0 - inset / (np.hypot(dx, dy) * 0.866)
        out.append((cx + dx * k, cy + dy * k))
    return out


def disc_mask(cx: float, cy: float, r: float, w: int = TILE_W, h: int = TILE_H) -> Array:
    x, y = coords(w, h)
    return ((x - cx) ** 2 + (y - cy) ** 2 <= r * r).astype(np.float32)


def ellipse_mask(
    cx: float, cy: float, rx: float, ry: float, w: int = TILE_W, h: int = TILE_H
) -> Array:
    x, y = coords(w, h)
    return (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0).astype(np.float32)


def rounded_rect_mask(
    x0: float, y0: float, x1: float, y1: float, r: float, w: int = TILE_W, h: int = TILE_H
) -> Array:
    x, y = coords(w, h)
    qx = np.maximum(np.maximum(x0 + r - x, x - (x1 - r)), 0)
    qy = np.maximum(np.maximum(y0 + r - y, y - (y1 - r)), 0)
    inside = (x >= x0) & (x <= x1) & (y >= y0) & (y <= y1)
    return (inside & (qx * qx + qy * qy <= r * r)).astype(np.float32)


def shift(mask: Array, dx: float, dy: float) -> Array:
    """Translate a mask by final pixels (rounded to supersamples), filling with zero."""
    sx, sy = round(dx * SS), round(dy * SS)
    out = np.zeros_like(mask)
    h, w = mask.shape[:2]
    src = mask[max(0, -sy) : h - max(0, sy), max(0, -sx) : w - max(0, sx)]
    out[max(0, sy) : max(0, sy) + src.shape[0], max(0, sx) : max(0, sx) + src.shape[1]] = src
    return out


def blur(mask: Array, radius: float) -> Array:
    """Approximate Gaussian blur (three box passes) with radius in final pixels."""
    r = max(1, round(radius * SS / 2))
    out = mask.astype(np.float32)
    for _ in range(3):
        for axis in (0, 1):
            pad = [(0, 0)] * out.ndim
            pad[axis] = (r + 1, r)
            c = np.cumsum(np.pad(out, pad), axis=axis)
            n = out.shape[axis]
            hi = np.take(c, np.arange(2 * r + 1, n + 2 * r + 1), axis=axis)
            lo = np.take(c, np.arange(0, n), axis=axis)
            out = (hi - lo) / (2 * r + 1)
    return out


def cast_shadow(mask: Array, length: float, softness: float = 1.0) -> Array:
    """The shadow an object of footprint ``mask`` throws to the SE, ``length`` px long."""
    steps = max(1, int(length * 2))
    acc = np.zeros_like(mask)
    for i in range(1, steps + 1):
        t = length * i / steps
        acc = np.maximum(acc, shift(mask, t * SHADOW_DIR[0], t * SHADOW_DIR[1]))
    return blur(acc, softness) if softness > 0 else acc


# --- noise and scatter --------------------------------------------------------------------


def lattice_noise(seed: int, wavelength: float, detail: float = 1.0, w: int = TILE_W) -> Array:
    """Seamless (hex-lattice periodic) noise, zero mean, unit std, at supersample resolution.

    ``wavelength`` is the main feature size in final px; ``detail`` > 1 keeps more fine
    grain (the spectrum falls off as 1/f**(1/detail) above the main frequency).
    """
    tw, th = 126 * SS, 72 * SS  # one rectangular period of the lattice
    m = np.fft.fftfreq(tw) * tw
    n = np.fft.fftfreq(th) * th
    mm, nn = np.meshgrid(m, n)
    allowed = ((mm + nn) % 2 == 0) & ((mm != 0) | (nn != 0))  # reciprocal lattice only
    f = np.hypot(mm / 126.0, nn / 72.0)  # cycles per final px
    f0 = 1.0 / wavelength
    amp = np.where(f < f0, (f / f0) ** 2, (f0 / np.maximum(f, 1e-9)) ** (1.5 / detail))
    amp *= np.exp(-((f * 2.0) ** 2))  # nothing finer than ~2 px
    rng = np.random.default_rng(seed)
    spec = (rng.standard_normal(mm.shape) + 1j * rng.standard_normal(mm.shape)) * amp * allowed
    field = np.fft.ifft2(spec).real.astype(np.float32)
    field = (field - field.mean()) / (field.std() + 1e-9)
    return field[: TILE_H * SS, : w * SS]


def lattice_points(
    rng: np.random.Generator, n: int, margin: float = 12.0
) -> list[tuple[float, float, int]]:
    """n random points of one lattice cell, replicated over every tile position.

    Returns (x, y, k) with k the index of the original point, so a caller can give each
    copy the same random size/colour; copies near the tile are kept (``margin`` px).
    """
    base = rng.uniform((0.0, 0.0), (63.0, 72.0), size=(n, 2))
    out = []
    for a in range(-2, 3):
        for b in range(-2, 3):
            ox = a * LATTICE[0][0] + b * LATTICE[1][0]
            oy = a * LATTICE[0][1] + b * LATTICE[1][1]
            for k, (x, y) in enumerate(base):
                px, py = x + ox, y + oy
                if -margin <= px <= TILE_W + margin and -margin <= py <= TILE_H + margin:
                    out.append((float(px), float(py), k))
    return out


# Where the elevation overlay prints the level number: features keep clear of it so the
# number stays readable under woods, rubble and rough.
LABEL_BOX = (31.0, 54.0, 53.0, 71.0)


def scatter_in_hex(
    rng: np.random.Generator, n: int, margin: float, min_dist: float, clear_label: bool = True
) -> list[tuple[float, float]]:
    """Up to n points at least ``margin`` px inside the hexagon and ``min_dist`` apart
    (dart throwing with a fixed budget, so it is deterministic for a seeded rng)."""
    ring = np.linspace(0, 2 * np.pi, 12, endpoint=False)
    pts: list[tuple[float, float]] = []
    for _ in range(4000):
        if len(pts) == n:
            break
        x, y = rng.uniform(0, TILE_W), rng.uniform(0, TILE_H)
        if not inside_hex(x + margin * np.cos(ring), y + margin * np.sin(ring)).all():
            continue
        if clear_label:
            x0, y0, x1, y1 = LABEL_BOX
            dx, dy = max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1)
            if dx * dx + dy * dy < margin * margin:
                continue
        if all((x - a) ** 2 + (y - b) ** 2 >= min_dist**2 for a, b in pts):
            pts.append((float(x), float(y)))
    return pts


# --- light and paint ------------------------------------------------------------------------


def shade_height(height: Array, strength: float = 1.0) -> Array:
    """Lambert shading (1 = flat) of a height field in final px, lit from the NW."""
    gy, gx = np.gradient(height * SS)  # height per supersample -> slope per final px
    nx, ny, nz = -gx * strength, -gy * strength, np.ones_like(height)
    norm = np.sqrt(nx * nx + ny * ny + nz * nz)
    lam = (nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2]) / norm
    return lam / LIGHT[2]


def ridges(height: Array, slope: float, inside: Array) -> Array:
    """Ridge, hip and valley lines of a faceted height field (a roof): where two facets
    meet, the central-difference gradient is much weaker than on the facets."""
    gy, gx = np.gradient(height * SS)
    weak = np.hypot(gx, gy) < 0.8 * slope
    core = inside * (blur(inside, 0.6) > 0.999)
    return np.clip(blur((weak * core).astype(np.float32), 0.7) * 4.0, 0, 1)


def dome(cx: float, cy: float, r: float, w: int = TILE_W, h: int = TILE_H) -> Array:
    """Height field of a hemisphere (0 outside), for canopies, stones and heads."""
    x, y = coords(w, h)
    d2 = ((x - cx) ** 2 + (y - cy) ** 2) / (r * r)
    return np.sqrt(np.clip(1.0 - d2, 0.0, None)) * r


def paint(dst: Array, colour: Colour | Array, mask: Array, alpha: float = 1.0) -> None:
    """Composite a colour (constant or per-pixel HxWx3) through a coverage mask, in place.

    Only the bounding box of the mask is touched (most shapes are small)."""
    mask = np.broadcast_to(mask, dst.shape[:2])
    rows = np.flatnonzero(mask.any(axis=1))
    if rows.size == 0 or alpha <= 0:
        return
    cols = np.flatnonzero(mask[rows[0] : rows[-1] + 1].any(axis=0))
    box = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
    col = np.asarray(colour, dtype=np.float32)
    if col.ndim == 3:
        col = col[box]
    sub = dst[box]
    a = np.clip(mask[box] * alpha, 0.0, 1.0).astype(np.float32)[..., None]
    da = sub[..., 3:4]
    out_a = a + da * (1 - a)
    safe = np.where(out_a > 0, out_a, 1.0)
    sub[..., :3] = (col * a + sub[..., :3] * da * (1 - a)) / safe
    sub[..., 3:4] = out_a


def over(dst: Array, src: Array) -> None:
    """Composite a whole RGBA canvas over another, in place."""
    paint(dst, src[..., :3], src[..., 3])


def downsample(img: Array) -> Array:
    """Box-filter a supersampled canvas to final size (premultiplied), as uint8 RGBA."""
    h, w = img.shape[0] // SS, img.shape[1] // SS
    pre = img.copy()
    pre[..., :3] *= pre[..., 3:4]
    pre = pre.reshape(h, SS, w, SS, 4).mean(axis=(1, 3))
    a = pre[..., 3:4]
    pre[..., :3] = np.where(a > 0, pre[..., :3] / np.where(a > 0, a, 1), 0)
    return np.clip(np.round(pre * 255.0), 0, 255).astype(np.uint8)


def clip_to_hex(tile: Array) -> Array:
    """Hard-clip a final-size tile to the hexagon: a pixel is kept iff its centre is inside.

    Pixel-centre clipping makes the tiles of neighbouring hexes partition the plane exactly.
    """
    ys, xs = np.mgrid[0:TILE_H, 0:TILE_W] + 0.5
    inside = inside_hex(xs, ys)
    out = tile.copy()
    out[~inside] = 0
    return out


def inside_hex(xs: Array, ys: Array) -> Array:
    """Point-in-hexagon test for the 84x72 tile (flat top)."""
    dy = np.abs(ys - 36.0)
    return (ys > 0) & (ys < 72) & (xs > 21.0 * dy / 36.0) & (xs < 84.0 - 21.0 * dy / 36.0)


def to_surface(pixels: Array) -> pygame.Surface:
    """uint8 HxWx4 -> pygame surface with per-pixel alpha."""
    h, w = pixels.shape[:2]
    surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    pygame.surfarray.pixels3d(surf)[...] = pixels[..., :3].transpose(1, 0, 2)
    pygame.surfarray.pixels_alpha(surf)[...] = pixels[..., 3].T
    return surf


def from_surface(surf: pygame.Surface) -> Array:
    rgb_ = pygame.surfarray.array3d(surf).transpose(1, 0, 2)
    alpha = pygame.surfarray.array_alpha(surf).T
    return np.dstack([rgb_, alpha]).astype(np.uint8)


def draw_label(
    pixels: Array,
    text: str,
    centre: tuple[float, float],
    size: int,
    fill: Colour,
    outline: Colour,
    outline_px: int = 1,
) -> Array:
    """Stamp bold text with an outline onto a final-size uint8 image (drawn at final size so
    the font's hinting keeps small digits crisp)."""
    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(None, size)
    font.set_bold(True)
    f = tuple(int(round(c * 255)) for c in fill)
    o = tuple(int(round(c * 255)) for c in outline)
    face = font.render(text, True, f)
    edge = font.render(text, True, o)
    surf = to_surface(pixels)
    x = round(centre[0] - face.get_width() / 2)
    y = round(centre[1] - face.get_height() / 2)
    for dx in range(-outline_px, outline_px + 1):
        for dy in range(-outline_px, outline_px + 1):
            if (dx or dy) and dx * dx + dy * dy <= outline_px * outline_px + 1:
                surf.blit(edge, (x + dx, y + dy))
    surf.blit(face, (x, y))
    return from_surface(surf)


def save_png(pixels: Array, path: str) -> None:
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    pygame.image.save(to_surface(pixels), path)
