"""Which part of the map the window shows, at which zoom level.

A camera is a small frozen value: panning or zooming returns a new one. Positions are in
zoomed map pixels (map pixel at scale 1 times the zoom); ``x``/``y`` is the map pixel at
the viewport's top-left corner. The zoom steps through fixed levels so the renderer can
keep one cached map surface per level. No pygame here, so it is easy to test.

One more level fits the window (issue 25, finding 3): ``fit`` is the zoom at which the
whole map fills the view (:func:`fit_zoom`, between the smallest and the largest step);
the zoom steps pass through it and F goes to it. A camera at that level (``at_fit``)
stays there when the window changes size: the map is refitted, never cut (finding 16).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

ZOOMS: tuple[float, ...] = (0.2, 0.25, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0)
DEFAULT_ZOOM_INDEX = ZOOMS.index(1.0)
EDGE_MARGIN = 48  # zoomed pixels of background allowed beside the map when panning


def nearest_zoom_index(zoom: float) -> int:
    """The zoom level closest to ``zoom`` (for ``--zoom`` on the command line)."""
    return min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - zoom))


def fit_zoom_index(width: float, height: float, view_w: int, view_h: int, top: float = 1.0) -> int:
    """The largest zoom level (at most ``top``) at which a ``width`` x ``height`` area (map
    pixels at 100 %) fits a ``view_w`` x ``view_h`` view; the smallest level if none does."""
    best = 0
    for i, z in enumerate(ZOOMS):
        if z <= top and width * z <= view_w and height * z <= view_h:
            best = i
    return best


FIT_PAD = 12  # screen pixels left free around a fitted map


def fit_zoom(width: float, height: float, view_w: int, view_h: int) -> float:
    """The zoom at which a ``width`` x ``height`` area (map pixels at 100 %) fills a
    ``view_w`` x ``view_h`` view less FIT_PAD a side, kept within the zoom steps (a
    thousandth below, so the fitted map never overflows by rounding)."""
    if width <= 0 or height <= 0:
        return ZOOMS[DEFAULT_ZOOM_INDEX]
    z = min((view_w - 2 * FIT_PAD) / width, (view_h - 2 * FIT_PAD) / height)
    z = int(z * 1000) / 1000
    return max(ZOOMS[0], min(ZOOMS[-1], z))


def floor_index(zoom: float) -> int:
    """The largest step at or below ``zoom`` (the first step if none is)."""
    return max([i for i, z in enumerate(ZOOMS) if z <= zoom + 1e-9], default=0)


PAN_SPEED = 900.0  # screen pixels per second while a pan key is held
PAN_STEP = 0.25  # of the view's size: one press of an arrow key
HOLD_DELAY = 0.3  # s: an arrow held longer than this pans smoothly


def held_pan(
    pressed: Sequence[bool], keys: Mapping[int, tuple[int, int]], dt: float
) -> tuple[float, float]:
    """Pan distance for the keys held during ``dt`` seconds (the preview and play screens
    bind different keys, the speed is one)."""
    dx = dy = 0.0
    for key, (kx, ky) in keys.items():
        if pressed[key]:
            dx += kx * PAN_SPEED * dt
            dy += ky * PAN_SPEED * dt
    return dx, dy


@dataclass(frozen=True, slots=True)
class Camera:
    """Viewport rectangle on screen, top-left map position and zoom level: a step of
    ZOOMS (``zoom_index``) or, ``at_fit``, the fitted zoom ``fit`` (``zoom_index`` is
    then the step just below it)."""

    view: tuple[int, int, int, int] = (0, 0, 1280, 720)
    x: float = 0.0
    y: float = 0.0
    zoom_index: int = DEFAULT_ZOOM_INDEX
    fit: float | None = None  # the zoom that fills the view with the whole map
    at_fit: bool = False

    @property
    def zoom(self) -> float:
        if self.at_fit and self.fit is not None:
            return self.fit
        return ZOOMS[self.zoom_index]

    def levels(self) -> tuple[float, ...]:
        """The zoom steps, the fitted zoom among them."""
        if self.fit is None or self.fit in ZOOMS:
            return ZOOMS
        return tuple(sorted((*ZOOMS, self.fit)))

    def at_level(self, zoom: float) -> Camera:
        """The same camera at zoom ``zoom`` (a step, or else the fit from now on), position
        unchanged."""
        if zoom in ZOOMS:
            return replace(self, zoom_index=ZOOMS.index(zoom), at_fit=False)
        return replace(self, fit=zoom, zoom_index=floor_index(zoom), at_fit=True)

    # --- conversions ---------------------------------------------------------------------
    def to_screen(self, mx: float, my: float) -> tuple[float, float]:
        """Zoomed map pixel -> screen pixel."""
        return mx - self.x + self.view[0], my - self.y + self.view[1]

    def to_map(self, sx: float, sy: float) -> tuple[float, float]:
        """Screen pixel -> zoomed map pixel."""
        return sx - self.view[0] + self.x, sy - self.view[1] + self.y

    def in_view(self, sx: float, sy: float) -> bool:
        vx, vy, vw, vh = self.view
        return vx <= sx < vx + vw and vy <= sy < vy + vh

    # --- moves ---------------------------------------------------------------------------
    def panned(self, dx: float, dy: float) -> Camera:
        """Moved so the map follows a drag of (dx, dy) screen pixels."""
        return replace(self, x=self.x - dx, y=self.y - dy)

    def zoomed(self, steps: int, sx: float, sy: float) -> Camera:
        """Zoom ``steps`` levels in (positive) or out, keeping the map point under (sx, sy)."""
        levels = self.levels()
        here = min(range(len(levels)), key=lambda i: abs(levels[i] - self.zoom))
        index = max(0, min(len(levels) - 1, here + steps))
        if index == here:
            return self
        return self.zoomed_to(levels[index], sx, sy)

    def zoomed_to(self, zoom: float, sx: float, sy: float) -> Camera:
        """At zoom ``zoom`` (a step or the fit), the map point under (sx, sy) kept."""
        mx, my = self.to_map(sx, sy)
        f = zoom / self.zoom
        cam = self.at_level(zoom)
        return replace(cam, x=mx * f - (sx - self.view[0]), y=my * f - (sy - self.view[1]))

    def with_view(self, view: tuple[int, int, int, int]) -> Camera:
        return replace(self, view=view)

    def centred_on(self, mx: float, my: float) -> Camera:
        """The zoomed map pixel (mx, my) in the middle of the viewport."""
        return replace(self, x=mx - self.view[2] / 2, y=my - self.view[3] / 2)

    def framing(
        self, box: tuple[float, float, float, float], map_w: float, map_h: float, margin: float
    ) -> Camera:
        """Showing ``box`` (left, top, right, bottom in zoomed map pixels) with ``margin``
        to spare: centred on it, unless the view can show the map's nearer edge (FIT_PAD of
        background) with the box still in it. So units near the top show the map's first
        row whole instead of half of it under the banner (issue 25); a box larger than
        the view is centred."""

        def axis(lo: float, hi: float, size: float, view: int) -> float:
            if size + 2 * FIT_PAD <= view:
                return (size - view) / 2  # the whole map fits this way: centred
            first, last = -FIT_PAD, size - view + FIT_PAD
            if hi - lo + 2 * margin <= view:  # the box fits: the map's edge too if it can
                if hi + margin <= first + view:
                    return first
                if lo - margin >= last:
                    return last
            return (lo + hi - view) / 2

        left, top, right, bottom = box
        _, _, vw, vh = self.view
        return replace(self, x=axis(left, right, map_w, vw), y=axis(top, bottom, map_h, vh))

    def clamped(self, map_w: int, map_h: int) -> Camera:
        """Keep the map in view: centred along an axis where it is smaller than the view,
        otherwise never more than a small margin of background beside it."""

        def axis(pos: float, size: int, view: int) -> float:
            if size + 2 * EDGE_MARGIN <= view:
                return (size - view) / 2
            return max(-EDGE_MARGIN, min(pos, size - view + EDGE_MARGIN))

        _, _, vw, vh = self.view
        return replace(self, x=axis(self.x, map_w, vw), y=axis(self.y, map_h, vh))
