"""What the play screen draws over the cached map: reach shading, the planned path with its
per-step MP, piloting-roll markers, waypoints, the facing arrow and deployment zones.

Each overlay is built once into a small translucent surface covering only its hexes (a
:class:`Layer` at a zoomed-map position) when its inputs change: the selection, mode,
waypoints, hovered destination or zoom. A frame just blits the layers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.hexgrid import Hex, HexNameError, neighbour, parse_hex_name
from game.layout import HexLayout
from game.ui.widgets.fonts import font
from game.ui.widgets.palette import (
    DEPTH,
    ILLEGAL,
    INK,
    PSR_AUTO,
    PSR_FILL,
    REACH,
    WHITE,
    Colour,
)

from .camera import Camera


@dataclass(frozen=True, slots=True)
class Layer:
    """A translucent surface placed at (x, y) in zoomed map pixels."""

    surface: pygame.Surface | None
    x: float = 0.0
    y: float = 0.0
    markers: tuple[tuple[float, float, float, Any], ...] = field(default=())  # x, y, r, psr

    def draw(self, screen: pygame.Surface, camera: Camera) -> None:
        if self.surface is None:
            return
        sx, sy = camera.to_screen(self.x, self.y)
        old = screen.get_clip()
        screen.set_clip(pygame.Rect(camera.view))
        screen.blit(self.surface, (round(sx), round(sy)))
        screen.set_clip(old)

    def marker_at(self, camera: Camera, sx: float, sy: float) -> Any:
        """The PSR under the screen point, if any."""
        for mx, my, r, psr in self.markers:
            px, py = camera.to_screen(mx, my)
            if (px - sx) ** 2 + (py - sy) ** 2 <= r * r:
                return psr
        return None


EMPTY = Layer(None)


@dataclass(frozen=True, slots=True)
class MoveWarning:
    """Something a legal path would bring about that the player should know before
    committing (MOV-27: a bridge hex that gives way under the unit); ``at`` may be None."""

    kind: str
    at: Hex | None
    text: str


def move_warnings(result: Any, board: Any) -> tuple[MoveWarning, ...]:
    """The warnings of a MoveResult (``(step, Overload)`` pairs) or of the referee's JSON
    answer (dicts with "type", "at", "text"), as MoveWarning records."""
    out: list[MoveWarning] = []
    for w in getattr(result, "warnings", ()) or ():
        if isinstance(w, dict):
            at = w.get("at")
            try:
                h = parse_hex_name(at) if isinstance(at, str) else at
            except HexNameError:
                h = None
            out.append(MoveWarning(str(w.get("type", "warning")), h, str(w.get("text", ""))))
            continue
        item = w[1] if isinstance(w, tuple) and len(w) == 2 else w
        text = item.text(board) if hasattr(item, "text") else str(item)
        out.append(MoveWarning("bridge_collapse", getattr(item, "at", None), text))
    return tuple(out)


def _fast(surf: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format (blits much faster) once a window exists."""
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def _canvas(
    lay: HexLayout, hexes: Iterable[Hex], pad: float
) -> tuple[pygame.Surface, float, float]:
    pts = [p for h in hexes for p in lay.corners(h)]
    x0, y0 = min(p[0] for p in pts) - pad, min(p[1] for p in pts) - pad
    x1, y1 = max(p[0] for p in pts) + pad, max(p[1] for p in pts) + pad
    surf = pygame.Surface((max(1, math.ceil(x1 - x0)), max(1, math.ceil(y1 - y0))), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    return surf, x0, y0


def reach_layer(
    lay: HexLayout, hexes: Mapping[Hex, tuple[int, Any]], mp_available: int, mode: str
) -> Layer:
    """One hue per mode (Okabe-Ito, colour-blind safe), paler the more MP the hex costs
    (ux.md); over any ground - blue water, grey pavement - it stays readable: the region
    is hatched and its edge drawn with a dark casing under the mode's colour."""
    if not hexes:
        return EMPTY
    surf, x0, y0 = _canvas(lay, hexes, 4)
    colour = REACH.get(mode, REACH["walk"])
    span = max(1, mp_available)
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    for h, (mp, _) in hexes.items():
        alpha = round(110 - 70 * min(1.0, mp / span))
        pts = [(x - x0, y - y0) for x, y in lay.corners(h)]
        pygame.draw.polygon(surf, (*colour, alpha), pts)
        pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
    surf.blit(_hatch(surf.get_size(), colour, lay.scale, mask), (0, 0))
    _region_edge(surf, lay, hexes, x0, y0, colour)
    return Layer(_fast(surf), x0, y0)


def _hatch(
    size: tuple[int, int], colour: Colour, scale: float, mask: pygame.Surface
) -> pygame.Surface:
    """Diagonal lines (a dark one beside each coloured one) inside the mask's shape."""
    w, h = size
    hatch = pygame.Surface(size, pygame.SRCALPHA)
    hatch.fill((0, 0, 0, 0))
    step = max(6, round(11 * scale))
    width = max(1, round(1.6 * scale))
    for x in range(-h, w, step):
        pygame.draw.line(hatch, (*INK, 90), (x + width, 0), (x + width + h, h), width)
        pygame.draw.line(hatch, (*colour, 170), (x, 0), (x + h, h), width)
    hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return hatch


def _region_edge(
    surf: pygame.Surface,
    lay: HexLayout,
    hexes: Mapping[Hex, Any],
    x0: float,
    y0: float,
    colour: Colour,
) -> None:
    """The outline of the reachable region: every hexside with no reachable hex beyond."""
    edges = []
    for h in hexes:
        pts = lay.corners(h)
        for d in range(6):
            if neighbour(h, d) not in hexes:  # side d runs corner d -> d+1 (game.layout)
                a, b = pts[d], pts[(d + 1) % 6]
                edges.append(((a[0] - x0, a[1] - y0), (b[0] - x0, b[1] - y0)))
    w = max(2, round(3 * lay.scale))
    for a, b in edges:
        pygame.draw.line(surf, (*INK, 235), a, b, w + 3)
    for a, b in edges:
        pygame.draw.line(surf, (*colour, 255), a, b, w)


def zone_layer(lay: HexLayout, hexes: Iterable[Hex], colour: Colour) -> Layer:
    """Deployment hexes of the side placing units."""
    hexes = list(hexes)
    if not hexes:
        return EMPTY
    surf, x0, y0 = _canvas(lay, hexes, 2)
    for h in hexes:
        pts = [(x - x0, y - y0) for x, y in lay.corners(h)]
        pygame.draw.polygon(surf, (*colour, 130), pts)
        pygame.draw.polygon(surf, (255, 255, 255, 200), pts, max(1, round(2 * lay.scale)))
    return Layer(_fast(surf), x0, y0)


def path_points(start: Hex, result: Any, steps: tuple[str, ...]) -> list[tuple[Hex, int]]:
    """The hexes the path enters in order with the MP used on arrival (turns collapse)."""
    out: list[tuple[Hex, int]] = [(start, 0)]
    for rep in getattr(result, "reports", ()) or ():
        st = rep.state_after
        if st is None:
            continue
        if st.at != out[-1][0]:
            out.append((st.at, st.mp_used))
        else:
            out[-1] = (st.at, st.mp_used if len(out) > 1 else 0)
    return out


def depth_marks(result: Any) -> dict[Hex, str]:
    """Where a submarine's path dives or rises, or a VTOL's descends or rises (ADV-25): per
    hex the depth (altitude) it leaves there with the MP used by then, e.g. "depth 2 (3 MP)",
    "altitude 3 (4 MP)", "landed (2 MP)"."""
    out: dict[Hex, str] = {}
    vtol = bool(getattr(result, "vtol", False)) or not getattr(result, "submarine", True)
    for rep in getattr(result, "reports", ()) or ():
        if rep.token.upper() in ("DV", "RS") and rep.state_after is not None:
            st = rep.state_after
            if vtol:
                where = "landed" if st.altitude == 0 else f"altitude {st.altitude}"
            else:
                where = "surface" if st.depth == 0 else f"depth {st.depth}"
            out[st.at] = f"{where} ({st.mp_used} MP)"
    return out


def psr_hex(psr: Any, result: Any, start: Hex) -> Hex:
    if getattr(psr, "at", None) is not None:
        return psr.at
    reps = getattr(result, "reports", ()) or ()
    if 0 <= psr.step < len(reps) and reps[psr.step].state_after is not None:
        return reps[psr.step].state_after.at
    return start


def path_layer(
    lay: HexLayout,
    start: Hex,
    result: Any,
    steps: tuple[str, ...],
    *,
    mode: str,
    dest: Hex,
    facing: int,
    facings: tuple[int, ...],
    waypoints: Iterable[Hex],
    legal: bool,
    warnings: Iterable[MoveWarning] = (),
    arrow: bool = True,
) -> Layer:
    """The path from the unit to the destination with MP numbers, PSR markers, waypoints,
    the facing arrow (reachable facings bright, the others greyed; none with ``arrow``
    False: infantry has no facing, MOV-16) and, if illegal, a cross. Each warning (MOV-27
    bridge collapse) is a red warning triangle on its hex."""
    s = lay.scale
    points = path_points(start, result, steps) if legal else [(start, 0)]
    if dest not in [p for p, _ in points]:
        points.append((dest, getattr(result, "mp_used", 0)))
    hexes = {p for p, _ in points} | {dest}
    surf, x0, y0 = _canvas(lay, hexes, 48 * max(s, 0.6) + 12)  # room for the facing arrow

    def c(h: Hex) -> tuple[float, float]:
        x, y = lay.centre(h)
        return x - x0, y - y0

    colour = REACH.get(mode, REACH["walk"]) if legal else ILLEGAL
    width = max(4, round(7 * s))
    pts = [c(h) for h, _ in points]
    if len(pts) > 1:
        pygame.draw.lines(surf, (*INK, 230), False, pts, width + 6)
        pygame.draw.lines(surf, (*WHITE, 255), False, pts, width)
        for p in pts:
            pygame.draw.circle(surf, (*INK, 230), p, (width + 6) / 2)
            pygame.draw.circle(surf, (*WHITE, 255), p, width / 2)
    for wp in waypoints:
        x, y = c(wp)
        pygame.draw.circle(surf, (*WHITE, 255), (x, y), 11 * s + 3)
        pygame.draw.circle(surf, (*colour, 255), (x, y), 8 * s + 2)
    if arrow:
        _facing_arrow(surf, c(dest), facing, facings, lay, colour if legal else ILLEGAL)
    if not legal:
        x, y = c(dest)
        r = 16 * s
        pygame.draw.line(surf, ILLEGAL, (x - r, y - r), (x + r, y + r), max(3, round(5 * s)))
        pygame.draw.line(surf, ILLEGAL, (x - r, y + r), (x + r, y - r), max(3, round(5 * s)))
    f = font(max(15, round(22 * s)), True)
    for h, mp in points[1:] if legal else ():
        x, y = c(h)
        _label(surf, f, str(mp), (x, y + 20 * s), colour)
    for h, text in depth_marks(result).items() if legal else ():  # ADV-25: DV / RS
        x, y = c(h)
        _label(surf, font(max(13, round(17 * s)), True), text, (x, y - 24 * s), DEPTH)
    markers: list[tuple[float, float, float, Any]] = []
    if legal:
        placed: dict[Hex, int] = {}
        for psr in getattr(result, "psrs", ()) or ():
            h = psr_hex(psr, result, start)
            n = placed.get(h, 0)
            placed[h] = n + 1
            x, y = c(h)
            r = max(13, 17 * s)
            mx, my = x + 20 * s + n * 2.2 * r, y - 20 * s
            _psr_marker(surf, (mx, my), r, psr)
            markers.append((mx + x0, my + y0, r, psr))
        for w in warnings:
            if w.at is None or w.at not in hexes:
                continue
            x, y = c(w.at)
            r = max(14, 18 * s)
            mx, my = x - 20 * s, y - 20 * s
            _warning_marker(surf, (mx, my), r)
            markers.append((mx + x0, my + y0, r, w))
    return Layer(_fast(surf), x0, y0, tuple(markers))


def _warning_marker(surf: pygame.Surface, at: tuple[float, float], r: float) -> None:
    """A red warning triangle with a white "!" (unlike the yellow PSR diamonds)."""
    x, y = at
    tri = [(x, y - r), (x + r * 1.05, y + r * 0.8), (x - r * 1.05, y + r * 0.8)]
    pygame.draw.polygon(surf, (*PSR_AUTO, 255), tri)
    pygame.draw.polygon(surf, (*WHITE, 255), tri, 2)
    img = font(max(11, round(r * 1.2)), True).render("!", True, WHITE)
    surf.blit(img, (x - img.get_width() / 2, y - img.get_height() / 2 + r * 0.15))


def _label(surf: pygame.Surface, f: pygame.font.Font, text: str, at: Any, colour: Colour) -> None:
    img = f.render(text, True, WHITE)
    w, h = img.get_size()
    box = pygame.Rect(0, 0, w + 8, h + 2)
    box.center = (round(at[0]), round(at[1]))
    pygame.draw.rect(surf, (*INK, 210), box, border_radius=6)
    pygame.draw.rect(surf, (*colour, 255), box, 1, border_radius=6)
    surf.blit(img, (box.x + 4, box.y + 1))


def _psr_marker(surf: pygame.Surface, at: tuple[float, float], r: float, psr: Any) -> None:
    x, y = at
    fill = PSR_AUTO if getattr(psr, "auto_fail", False) else PSR_FILL
    diamond = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    pygame.draw.polygon(surf, (*fill, 255), diamond)
    pygame.draw.polygon(surf, (*INK, 255), diamond, 2)
    target = psr.target
    text = "X" if isinstance(target, str) else str(target)
    img = font(max(11, round(r * 1.2)), True).render(text, True, INK)
    surf.blit(img, (x - img.get_width() / 2, y - img.get_height() / 2 + 1))


def _facing_arrow(
    surf: pygame.Surface,
    centre: tuple[float, float],
    facing: int,
    facings: tuple[int, ...],
    lay: HexLayout,
    colour: Colour,
) -> None:
    """Six ticks around the destination (greyed where the facing costs too much) and an
    arrow for the chosen facing."""
    s = lay.scale
    cx, cy = centre
    for d in range(6):
        a = math.radians(60 * d)
        ux, uy = math.sin(a), -math.cos(a)
        tick = (cx + ux * 30 * s, cy + uy * 30 * s)
        ok = d in facings
        pygame.draw.circle(surf, (*(WHITE if ok else (110, 110, 110)), 235), tick, max(2, 4 * s))
    a = math.radians(60 * facing)
    ux, uy = math.sin(a), -math.cos(a)
    px, py = -uy, ux
    s = max(s, 0.6)  # large enough to read at every zoom
    tip = (cx + ux * 44 * s, cy + uy * 44 * s)
    base = (cx + ux * 6 * s, cy + uy * 6 * s)
    wing = 17 * s
    tri = [
        tip,
        (base[0] + px * wing, base[1] + py * wing),
        (base[0] - px * wing, base[1] - py * wing),
    ]
    pygame.draw.polygon(surf, (*INK, 255), tri, max(2, round(3 * s)) + 2)
    pygame.draw.polygon(surf, (*WHITE, 255), tri)  # light on any shading, any ground
    mx, my = sum(p[0] for p in tri) / 3, sum(p[1] for p in tri) / 3
    inner = [(mx + (x - mx) * 0.55, my + (y - my) * 0.55) for x, y in tri]
    pygame.draw.polygon(surf, (*colour, 255), inner)  # the mode's colour at its heart


def facing_arrow(
    screen: pygame.Surface, centre: tuple[float, float], facing: int, lay: HexLayout,
    colour: Colour,
) -> None:  # fmt: skip
    """The movement path's big facing arrow (and its six ticks), drawn straight on the
    screen: the deployment ghost's facing (issue 25, finding 17: the counter's own
    marker was too small to read)."""
    _facing_arrow(screen, centre, facing, tuple(range(6)), lay, colour)


def terrain_layer(
    lay: HexLayout, board: Any, cols: range | None = None, rows: range | None = None
) -> Layer:
    """Flat terrain colours for a board without tile art (an inline scenario board):
    clear, woods, water by depth, rough, rubble, pavement, buildings; level as a number.
    ``cols`` / ``rows``: only that part of the board (a big board is drawn near the view)."""
    cols = cols if cols is not None else range(board.width)
    rows = rows if rows is not None else range(board.height)
    hexes = [Hex(c, r) for r in rows for c in cols]
    if not hexes:
        return EMPTY
    surf, x0, y0 = _canvas(lay, hexes, 0)
    f = font(max(10, round(16 * lay.scale)), True)
    for h in hexes:
        r, c = h.row, h.col
        level = int(board.level[r, c])
        colour = (147, 168, 108)
        if board.water[r, c] >= 0:
            colour = (
                120 - 25 * min(3, int(board.water[r, c])),
                170 - 30 * min(3, int(board.water[r, c])),
                225,
            )
        elif board.building_class[r, c]:
            colour = (150, 150, 150)
        elif board.woods[r, c]:
            colour = (84 - 15 * int(board.woods[r, c]), 121 - 15 * int(board.woods[r, c]), 58)
        elif board.rubble[r, c]:
            colour = (140, 125, 110)
        elif board.rough[r, c]:
            colour = (169, 154, 119)
        elif board.pavement[r, c]:
            colour = (179, 177, 170)
        shade = max(-40, min(40, 12 * level))
        colour = tuple(max(0, min(255, v + shade)) for v in colour)
        pts = [(x - x0, y - y0) for x, y in lay.corners(h)]
        pygame.draw.polygon(surf, (*colour, 255), pts)
        pygame.draw.polygon(surf, (60, 64, 55, 255), pts, 1)
        if level:
            img = f.render(str(level), True, INK)
            cx, cy = lay.centre(h)
            surf.blit(img, (cx - x0 - img.get_width() / 2, cy - y0 - 30 * lay.scale))
    return Layer(_fast(surf), x0, y0)
