"""What the game draws on top of the tiles: contours, roads, bridges, grid and hex labels.

All of it is drawn once per zoom level into the cached map surface (never per frame), in
vector form at the target zoom so lines stay crisp when zoomed in. Roads are joined
strokes from each road hex's centre to the midpoints of its road hexsides (the tiles only
carry a central pad), so they follow ``board.road_exits`` exactly; two neighbours' halves
meet on the shared hexside in one straight line.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.board import Board, neighbour_index
from game.hexgrid import Hex, hex_name, neighbour
from game.layout import HexLayout
from game.ui.widgets.palette import Colour, Palette

Point = tuple[float, float]
BRIDGE_DECK = {1: "bridge_light", 2: "bridge_medium", 3: "bridge_heavy", 4: "bridge_heavy"}


def stroke(surface: pygame.Surface, colour: Colour, a: Point, b: Point, width: float) -> None:
    """A thick antialiased segment with butt ends (a filled quad with smoothed edges)."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    if length == 0 or width <= 0:
        return
    nx, ny = -(by - ay) / length * width / 2, (bx - ax) / length * width / 2
    quad = [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]
    pygame.draw.polygon(surface, colour, quad)
    pygame.draw.aalines(surface, colour, True, quad)


def disc(surface: pygame.Surface, colour: Colour, c: Point, radius: float) -> None:
    if radius <= 0:
        return
    pygame.draw.circle(surface, colour, c, radius)
    pygame.draw.aacircle(surface, colour, c, radius)


def _links(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Unordered neighbour pairs (directions NE, SE, S of each hex): rows, cols, n_rows, n_cols
    and the direction, as flat arrays."""
    nr, nc, ok = neighbour_index(board.height, board.width)
    out = []
    for d in (1, 2, 3):
        rr, cc = np.nonzero(ok[d])
        out.append((rr, cc, nr[d][rr, cc], nc[d][rr, cc], np.full(rr.shape, d)))
    return tuple(np.concatenate([o[i] for o in out]) for i in range(5))  # type: ignore[return-value]


def draw_contours(surface: pygame.Surface, board: Board, lay: HexLayout, pal: Palette) -> None:
    """Darker lines on every hexside between hexes of different level, so hills read.

    Brown where the higher side is above ground level, dark blue around depressions;
    a bigger step draws a thicker line.
    """
    rows, cols, nrows, ncols, dirs = _links(board)
    level = board.level
    a, b = level[rows, cols], level[nrows, ncols]
    differ = np.nonzero(a != b)[0]
    high, low = pal.colour("terrain", "contour_high"), pal.colour("terrain", "contour_low")
    for i in differ:
        h = Hex(int(cols[i]), int(rows[i]))
        d = int(dirs[i])
        top = max(int(a[i]), int(b[i]))
        step = abs(int(a[i]) - int(b[i]))
        width = max(1.5, lay.scale * (1.6 + 1.0 * min(step, 3)))
        pts = lay.corners(h)
        stroke(surface, high if top > 0 else low, pts[d], pts[(d + 1) % 6], width)


def _road_ends(board: Board, h: Hex, lay: HexLayout) -> list[Point]:
    """Hexside midpoints the road of hex h runs to; a road at the map edge with a single
    exit also runs off the map on the far side (so edge roads leave the sheet)."""
    mask = int(board.road_exits[h.row, h.col])
    dirs = [d for d in range(6) if mask >> d & 1]
    if len(dirs) <= 1:
        far = [(dirs[0] + 3) % 6] if dirs else []
        off = [d for d in far if not board.contains(neighbour(h, d))]
        dirs += off
    return [lay.hexside_midpoint(h, d) for d in dirs]


def draw_roads(
    surface: pygame.Surface,
    board: Board,
    lay: HexLayout,
    pal: Palette,
    gone: np.ndarray | None = None,
) -> None:
    """Kerbs, then asphalt (or a bridge deck), then the centre line, each for every road
    hex in turn, so the strokes of neighbours join seamlessly. ``gone`` [row, col] marks
    hexes whose road is not drawn (a bridge that fell, MOV-27: nothing crosses the gap)."""
    s = lay.scale
    road_w, edge_w = pal.size("road_width") * s, pal.size("road_edge_width") * s
    asphalt, kerb = pal.colour("road", "asphalt"), pal.colour("road", "edge")
    rail, rail_dark = pal.colour("terrain", "railing"), pal.colour("terrain", "railing_dark")
    mask = board.road_exits > 0 if gone is None else (board.road_exits > 0) & ~gone
    hexes = [Hex(int(c), int(r)) for r, c in zip(*np.nonzero(mask), strict=True)]
    plans = [(h, lay.centre(h), _road_ends(board, h, lay)) for h in hexes]
    for h, c, ends in plans:  # outer edge: kerbs, or dark railing posts on bridges
        bridge = int(board.bridge_class[h.row, h.col])
        colour, w = (rail_dark, edge_w + 4 * s) if bridge else (kerb, edge_w)
        for e in ends:
            stroke(surface, colour, c, e, w)
        disc(surface, colour, c, w / 2)
    for h, c, ends in plans:  # railings of bridges
        if board.bridge_class[h.row, h.col]:
            for e in ends:
                stroke(surface, rail, c, e, edge_w + 1 * s)
            disc(surface, rail, c, (edge_w + 1 * s) / 2)
    for h, c, ends in plans:  # road surface / deck
        bridge = int(board.bridge_class[h.row, h.col])
        colour = pal.colour("terrain", BRIDGE_DECK[bridge]) if bridge else asphalt
        w = road_w - 2 * s if bridge else road_w
        for e in ends:
            stroke(surface, colour, c, e, w)
        disc(surface, colour, c, w / 2)
    if s >= 0.75:
        line = pal.colour("road", "centre_line")
        for _, c, ends in plans:
            for e in ends:
                _dashes(surface, line, c, e, max(1.0, 1.6 * s), 7 * s)


def draw_broken_decks(
    surface: pygame.Surface, was: Board, gone: np.ndarray, lay: HexLayout, pal: Palette
) -> None:
    """MOV-27: a fallen bridge hex keeps only jagged stubs of its deck at the hexsides
    where the road still arrives (a standing neighbour), so the gap reads as a collapse;
    its centre shows the hex below. ``was`` is the board the bridge stood on."""
    s = lay.scale
    road_w, edge_w = pal.size("road_width") * s, pal.size("road_edge_width") * s
    rail_dark = pal.colour("terrain", "railing_dark")
    for r, c in zip(*np.nonzero(gone), strict=True):
        h = Hex(int(c), int(r))
        deck = pal.colour("terrain", BRIDGE_DECK.get(int(was.bridge_class[r, c]), "bridge_medium"))
        cx, cy = lay.centre(h)
        mask = int(was.road_exits[r, c])
        for d in range(6):
            n = neighbour(h, d)
            if not mask >> d & 1 or not was.contains(n) or gone[n.row, n.col]:
                continue
            mx, my = lay.hexside_midpoint(h, d)
            ux, uy = cx - mx, cy - my
            length = math.hypot(ux, uy)
            if length == 0:
                continue
            ux, uy = ux / length, uy / length
            reach = 0.3 * length
            end = (mx + ux * reach, my + uy * reach)
            stroke(surface, rail_dark, (mx, my), end, road_w + edge_w)
            stroke(surface, deck, (mx, my), end, road_w - 2 * s)
            px, py = -uy * road_w / 2, ux * road_w / 2  # a jagged broken edge
            teeth = [(end[0] + px, end[1] + py)]
            for i, k in enumerate((0.5, 0.0, -0.5)):
                depth = (6 if i % 2 == 0 else -3) * s
                teeth.append((end[0] + px * k + ux * depth, end[1] + py * k + uy * depth))
            teeth.append((end[0] - px, end[1] - py))
            pygame.draw.polygon(surface, deck, teeth)
            pygame.draw.aalines(surface, rail_dark, False, teeth)


def draw_debris(surface: pygame.Surface, where: np.ndarray, lay: HexLayout, pal: Palette) -> None:
    """Vector rubble (a dusty hex with scattered blocks) where a building fell and the
    tileset has no rubble tile to show."""
    s = lay.scale
    dust, block = (196, 184, 160), (110, 104, 98)
    for r, c in zip(*np.nonzero(where), strict=True):
        h = Hex(int(c), int(r))
        cx, cy = lay.centre(h)
        pts = [(cx + (x - cx) * 0.8, cy + (y - cy) * 0.8) for x, y in lay.corners(h)]
        pygame.draw.polygon(surface, dust, pts)
        for i in range(7):  # fixed pseudo-random spots, the same at every zoom
            a = math.radians(51 * i + 13 * (int(r) + int(c)))
            d = (6 + (i * 7) % 17) * s
            x, y = cx + math.cos(a) * d, cy + math.sin(a) * d
            w = (4 + i % 3 * 2) * s
            pygame.draw.rect(surface, block, (x - w / 2, y - w / 2, w, w * 0.7))


def _dashes(surface: pygame.Surface, colour: Colour, a: Point, b: Point, w: float, dash: float):
    """A dashed line from a to b, starting with a gap so junctions stay clean."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = dash * 0.9
    while t < length:
        e = min(t + dash, length)
        stroke(surface, colour, (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e), w)
        t += 2 * dash


def draw_grid(surface: pygame.Surface, cols: int, rows: int, lay: HexLayout, pal: Palette) -> None:
    """Thin translucent hexside lines (each hexside once)."""
    overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA, 32)
    overlay.fill((0, 0, 0, 0))
    colour = pal.colour("grid", "line")
    width = 2 if lay.scale >= 1.5 else 1
    seen: set[tuple[tuple[float, float], tuple[float, float]]] = set()
    for col in range(cols):
        for row in range(rows):
            pts = lay.corners(Hex(col, row))
            for d in range(6):
                a, b = pts[d], pts[(d + 1) % 6]
                ka, kb = (round(a[0], 1), round(a[1], 1)), (round(b[0], 1), round(b[1], 1))
                key = (ka, kb) if ka <= kb else (kb, ka)
                if key not in seen:
                    seen.add(key)
                    pygame.draw.aaline(overlay, colour, a, b, width)
    overlay.set_alpha(120)
    surface.blit(overlay, (0, 0))


ORIGIN = Hex(0, 0)
LABEL_MIN_ZOOM = 0.75  # below this the XXYY labels would be unreadable noise


def label_font_size(scale: float) -> int:
    return max(9, round(15 * scale))


def draw_labels(
    surface: pygame.Surface,
    board: Board,
    lay: HexLayout,
    pal: Palette,
    font: pygame.font.Font,
    origin: Hex = ORIGIN,
    size: tuple[int, int] | None = None,
) -> None:
    """XXYY at the top of each hex, dark text with a light halo. ``board`` may be a piece
    of a larger map (game.ui.map.chunks): ``origin`` is its first hex there, ``size`` that
    map's width and height, so the names are the map's."""
    text_c, halo_c = pal.colour("label", "text"), pal.colour("label", "outline")
    width, height = size or (board.width, board.height)
    for col in range(board.width):
        for row in range(board.height):
            h = Hex(col, row)
            name = hex_name(Hex(col + origin.col, row + origin.row), width, height)
            text = font.render(name, True, text_c)
            halo = font.render(name, True, halo_c)
            cx, _ = lay.centre(h)
            _, top = lay.cell_origin(h)
            x = round(cx - text.get_width() / 2)
            y = round(top + 2 * lay.scale)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surface.blit(halo, (x + dx, y + dy))
            surface.blit(text, (x, y))
