"""Map planning toolkit for tools/make_maps.py: semantic terrain arrays and shapes.

A :class:`Plan` holds the terrain of one map as arrays (level, water, woods, ...) and
offers the shapes the bundled maps are designed with: ridges of one-level terraces,
smooth rivers with a deep channel and shallow banks, fords, streams, woods with heavy
cores, roads along hex lines that cross deep water on bridges, buildings. The tile ids
are those of maps/terrain.tsx (helpers' tileset contract). Deterministic for a seed.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from game.hexgrid import Hex, direction_to, line, neighbours  # noqa: E402

TW, TH, SIDE = 84, 72, 42
PITCH = (TW + SIDE) // 2  # 63 px between column centres

CF = {"light": 15, "medium": 40, "heavy": 90, "hardened": 150}


def _building(cls: str, height: int) -> tuple[dict[str, object], str]:
    props = {"terrain": f"{cls} building", "building": cls, "building_cf": CF[cls]}
    return {**props, "building_height": height}, f"{cls} building, height {height}"


# Tile ids of maps/terrain.tsx (helpers/tileset.md): (properties, description).
TILES: list[tuple[dict[str, object], str]] = [
    ({"terrain": "clear"}, "clear grass"),
    ({"terrain": "clear"}, "clear grass (variant)"),
    ({"terrain": "rough", "rough": True}, "rough ground"),
    ({"terrain": "pavement", "pavement": True}, "pavement"),
    ({"terrain": "shallow water", "water": 0}, "water depth 0"),
    ({"terrain": "water", "water": 1}, "water depth 1"),
    ({"terrain": "water", "water": 2}, "water depth 2"),
    ({"terrain": "deep water", "water": 3}, "water depth 3"),
    *[({"terrain": f"level {n}", "level": n}, f"level {n}") for n in range(1, 7)],
    ({"terrain": "level -1", "level": -1}, "level -1"),
    ({"terrain": "level -2", "level": -2}, "level -2"),
    ({"terrain": "light woods", "woods": 1}, "light woods"),
    ({"terrain": "heavy woods", "woods": 2}, "heavy woods"),
    ({"terrain": "ultra-heavy woods", "woods": 3}, "ultra-heavy woods"),
    ({"terrain": "rubble", "rubble": True}, "rubble"),
    ({"terrain": "road", "road": True, "pavement": True}, "road"),
    *[_building(c, h) for c, h in (("light", 1), ("medium", 2), ("heavy", 3), ("hardened", 4))],
    ({"terrain": "bridge", "bridge": "medium", "bridge_cf": 40, "road": True}, "medium bridge"),
    ({"terrain": "rough", "rough": True}, "rough overlay"),
    ({"terrain": "bridge", "bridge": "light", "bridge_cf": 15, "road": True}, "light bridge"),
    ({"terrain": "bridge", "bridge": "heavy", "bridge_cf": 90, "road": True}, "heavy bridge"),
    *[_building(c, h) for c, h in (("light", 2), ("medium", 3), ("heavy", 5))],
]
GRASS, GRASS2, ROUGH, PAVE = 0, 1, 2, 3
WATER = (4, 5, 6, 7)
LEVEL_TILE = {1: 8, 2: 9, 3: 10, 4: 11, 5: 12, 6: 13, -1: 14, -2: 15}
WOODS_TILE = {1: 16, 2: 17, 3: 18}
RUBBLE, ROAD, BRIDGE, BRIDGE_LIGHT, BRIDGE_HEAVY = 19, 20, 25, 27, 28
# (class, height) -> tile id
BUILDING_TILE = {
    ("light", 1): 21,
    ("medium", 2): 22,
    ("heavy", 3): 23,
    ("hardened", 4): 24,
    ("light", 2): 29,
    ("medium", 3): 30,
    ("heavy", 5): 31,
}


def centre(h: Hex) -> tuple[float, float]:
    """Hex centre in Tiled pixels (staggerindex odd: odd columns half a hex lower)."""
    return h.col * PITCH + TW / 2, h.row * TH + TH / 2 + (TH / 2 if h.col & 1 else 0)


@dataclass
class Plan:
    """Semantic terrain of one map before it becomes tile layers."""

    width: int
    height: int
    seed: int
    description: str
    level: np.ndarray = field(init=False)
    water: np.ndarray = field(init=False)
    woods: np.ndarray = field(init=False)
    rough: np.ndarray = field(init=False)
    rubble: np.ndarray = field(init=False)
    pave: np.ndarray = field(init=False)
    road: np.ndarray = field(init=False)
    feature: dict[Hex, int] = field(default_factory=dict)  # buildings and bridges
    overrides: list[tuple[Hex, dict[str, object]]] = field(default_factory=list)
    # MOV-24: the facings each road hex's road leaves by, from the paths roads follow
    road_exits: dict[Hex, set[int]] = field(default_factory=dict)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        shape = (self.height, self.width)
        self.level = np.zeros(shape, int)
        self.water = np.full(shape, -1, int)
        self.woods = np.zeros(shape, int)
        for name in ("rough", "rubble", "pave", "road"):
            setattr(self, name, np.zeros(shape, bool))
        self.rng = random.Random(self.seed)

    # -- geometry helpers -------------------------------------------------------------
    @property
    def px(self) -> tuple[float, float]:
        return PITCH * self.width + TW - PITCH, TH * self.height + TH / 2

    def hexes(self) -> Iterable[Hex]:
        for r in range(self.height):
            for c in range(self.width):
                yield Hex(c, r)

    def on(self, h: Hex) -> bool:
        return 0 <= h.col < self.width and 0 <= h.row < self.height

    def at(self, fx: float, fy: float) -> tuple[float, float]:
        """Fractions of the map's pixel size -> pixels."""
        w, h = self.px
        return fx * w, fy * h

    def noise(self, scale: float) -> Callable[[Hex], float]:
        """Smooth value noise in 0..1 with features about ``scale`` px across."""
        w, h = self.px
        gw, gh = int(w / scale) + 3, int(h / scale) + 3
        grid = [[self.rng.random() for _ in range(gw)] for _ in range(gh)]

        def f(hx: Hex) -> float:
            x, y = centre(hx)
            gx, gy = x / scale, y / scale
            i, j = int(gx), int(gy)
            tx, ty = gx - i, gy - j
            tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
            a = grid[j][i] * (1 - tx) + grid[j][i + 1] * tx
            b = grid[j + 1][i] * (1 - tx) + grid[j + 1][i + 1] * tx
            return a * (1 - ty) + b * ty

        return f

    # -- elevation ----------------------------------------------------------------------
    def hills(self, ridges: list[tuple[float, float, float, float, float, float]]) -> None:
        """Ridges (x0, y0, x1, y1 as map fractions, peak level, spread in hexes) -> levels.

        Each ridge is a segment with a Gaussian cross-section; the terrain is their max
        plus a little noise, floored to levels, then relaxed so that neighbouring hexes
        differ by at most one level (terraced slopes, no cliffs).
        """
        wobble = self.noise(160.0)
        for hx in self.hexes():
            x, y = centre(hx)
            best = 0.0
            for x0, y0, x1, y1, peak, spread in ridges:
                ax, ay = self.at(x0, y0)
                bx, by = self.at(x1, y1)
                d = _segment_distance(x, y, ax, ay, bx, by) / TH
                best = max(best, peak * math.exp(-(d * d) / (2 * spread * spread)))
            value = best + 0.9 * (wobble(hx) - 0.5)
            self.level[hx.row, hx.col] = max(0, math.floor(value + 0.35))
        self.relax()

    def relax(self) -> None:
        """Lower hexes until no neighbour is more than one level below (terraces)."""
        changed = True
        while changed:
            changed = False
            for hx in self.hexes():
                low = min(
                    (self.level[n.row, n.col] for n in neighbours(hx) if self.on(n)),
                    default=0,
                )
                if self.level[hx.row, hx.col] > low + 1:
                    self.level[hx.row, hx.col] = low + 1
                    changed = True

    # -- water --------------------------------------------------------------------------
    def river(self, xs: list[float], widths: tuple[float, ...], pools: list[float]) -> list[Hex]:
        """A river from the north edge to the south edge through x fractions ``xs``.

        ``widths`` are the half-widths (in px) of depth 3, 2, 1 and 0 water around the
        centre line (depth 3 only near the ``pools`` y fractions). Returns the centre hexes.
        """
        w, h = self.px
        ys = [i / (len(xs) - 1) for i in range(len(xs))]
        pts = _smooth([(fx * w, fy * h * 1.1 - 0.05 * h) for fx, fy in zip(xs, ys, strict=True)])
        d3, d2, d1, d0 = widths
        for hx in self.hexes():
            x, y = centre(hx)
            d = min(_segment_distance(x, y, *pts[i], *pts[i + 1]) for i in range(len(pts) - 1))
            pool = any(abs(y / h - p) < 0.07 for p in pools)
            depth = 3 if pool and d < d3 else 2 if d < d2 else 1 if d < d1 else 0 if d < d0 else -1
            if depth >= 0:
                self.water[hx.row, hx.col] = depth
                self.level[hx.row, hx.col] = 0
                self.woods[hx.row, hx.col] = 0
        return [hx for hx in self.hexes() if self.water[hx.row, hx.col] >= 2]

    def sea(self, shore: list[float], bands: tuple[float, float, float]) -> None:
        """The sea south of a coastline through the y fractions ``shore`` (evenly spaced
        from the west edge to the east, smoothed): a hex whose centre lies up to
        ``bands[0]`` hexes below the line is depth 0 (beach, shoal), up to ``bands[1]``
        depth 1, up to ``bands[2]`` depth 2, further out depth 3."""
        w, h = self.px
        n = len(shore) - 1
        pts = _smooth([(i / n * w, fy * h) for i, fy in enumerate(shore)])
        for hx in self.hexes():
            x, y = centre(hx)
            below = (y - float(np.interp(x, *zip(*pts, strict=True)))) / TH
            if below < 0:
                continue
            depth = next((d for d, b in enumerate(bands) if below < b), 3)
            self.water[hx.row, hx.col] = depth
            self.level[hx.row, hx.col] = 0
            self.woods[hx.row, hx.col] = 0

    def ford(self, row: int, depth: int) -> None:
        """Make a river crossing at ``row`` no deeper than ``depth``."""
        for c in range(self.width):
            if self.water[row, c] > depth:
                self.water[row, c] = depth

    # -- vegetation and ground ----------------------------------------------------------
    def forest(self, fx: float, fy: float, radius: float, heavy: float = 0.45) -> None:
        """Woods within about ``radius`` hexes of a centre: heavy in the core (where the
        noisy closeness exceeds ``heavy``), light at the ragged edge; 1.0+ = ultra-heavy."""
        cx, cy = self.at(fx, fy)
        n = self.noise(100.0)
        for hx in self.hexes():
            x, y = centre(hx)
            v = 1.0 - math.hypot(x - cx, y - cy) / (radius * TH) + 0.7 * (n(hx) - 0.5)
            if v > 0 and self.free(hx) and not self.rubble[hx.row, hx.col]:
                woods = 3 if v > 1.0 else 2 if v > heavy else 1
                self.woods[hx.row, hx.col] = max(self.woods[hx.row, hx.col], woods)

    def patches(self, mask: Callable[[Hex], bool], array: np.ndarray, share: float) -> None:
        """Set ``array`` on a noisy share of the hexes ``mask`` selects."""
        n = self.noise(90.0)
        for hx in self.hexes():
            if mask(hx) and n(hx) > 1 - share:
                array[hx.row, hx.col] = True

    # -- roads and towns ---------------------------------------------------------------
    def road_through(self, waypoints: list[Hex], bridge: int = BRIDGE) -> list[Hex]:
        """A road along straight hex lines between waypoints.

        Where it meets water, shallow banks (depth 0 and 1) are filled in as an embankment
        and the deeper channel gets bridge tiles, so bridges stay short, as built ones do.
        """
        path: list[Hex] = []
        for a, b in zip(waypoints, waypoints[1:], strict=False):
            for step in line(a, b):
                if not path or path[-1] != step[0]:
                    path.append(step[0])
        self.street(path)
        for hx in path:
            if 0 <= self.water[hx.row, hx.col] <= 1:
                self.water[hx.row, hx.col] = -1
            elif self.water[hx.row, hx.col] >= 2:
                self.feature[hx] = bridge
        return path

    def street(self, hexes: Iterable[Hex]) -> None:
        """Road along a path of touching hexes: each hex gets the exits to the hexes
        before and after it in the path (MOV-24), so a junction hex gets the union of
        the roads through it and touching roads that do not cross stay unlinked."""
        path = [hx for hx in hexes if self.on(hx)]
        for hx in path:
            self.road[hx.row, hx.col] = True
            self.woods[hx.row, hx.col] = 0
            self.rough[hx.row, hx.col] = False
            self.road_exits.setdefault(hx, set())
        for a, b in zip(path, path[1:], strict=False):
            d = direction_to(a, b)
            if d is None:
                raise AssertionError(f"{self.description}: road hexes {a} and {b} do not touch")
            self.road_exits[a].add(d)
            self.road_exits[b].add((d + 3) % 6)

    def stream(self, waypoints: list[Hex]) -> None:
        """A shallow (depth 0) stream along hex lines, at the level of the ground it crosses."""
        for a, b in zip(waypoints, waypoints[1:], strict=False):
            for step in line(a, b):
                hx = step[0]
                if self.on(hx) and self.water[hx.row, hx.col] < 0:
                    self.water[hx.row, hx.col] = 0
                    self.woods[hx.row, hx.col] = 0
                    self.rough[hx.row, hx.col] = False

    def free(self, h: Hex) -> bool:
        """No road, building, bridge or water on the hex."""
        return (
            not self.road[h.row, h.col] and h not in self.feature and self.water[h.row, h.col] < 0
        )

    def building(self, hx: Hex, cls: str, height: int) -> None:
        self.feature[hx] = BUILDING_TILE[(cls, height)]
        self.pave[hx.row, hx.col] = True
        self.woods[hx.row, hx.col] = 0


def _segment_distance(x: float, y: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    t = (
        0.0
        if dx == dy == 0
        else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    )
    return math.hypot(x - (ax + t * dx), y - (ay + t * dy))


def _smooth(pts: list[tuple[float, float]], rounds: int = 3) -> list[tuple[float, float]]:
    """Chaikin corner cutting: a polyline -> a smooth curve with the same ends."""
    for _ in range(rounds):
        out = [pts[0]]
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            out += [(0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1)]
            out += [(0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1)]
        pts = out + [pts[-1]]
    return pts
