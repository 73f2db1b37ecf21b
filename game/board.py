"""The board: one read-only numpy array per hex property, shape (rows, cols).

Every rules query works on these arrays, never on per-hex objects; a map loader or a
scenario file builds them once through :func:`build_board`. Arrays are made read-only so
that nothing downstream can edit the terrain by accident.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from .hexgrid import NEIGHBOUR_DELTAS, Hex, hex_name
from .terrain import (  # noqa: F401  (re-exported: the board's vocabulary)
    ARRAY_FIELDS,
    BUILDING_CLASSES,
    BY_NAME,
    CF_RANGES,
    CLASS_INDEX,
    DEFAULT_CF,
    DTYPES,
    FIELDS,
    FLAGS,
    NO_WATER,
    SCALARS,
    STRUCTURES,
    WOODS_NAMES,
    allowed,
)

_DTYPES = DTYPES
BOARD_DTYPES = _DTYPES


class BoardError(ValueError):
    """A board whose values break the terrain rules (the message names the hex)."""


@dataclass(frozen=True, slots=True)
class HexSpec:
    """Terrain of one hex, as written in a scenario or merged from a map's layers.

    Its fields are the terrain list's (game/terrain.py, in that order; a test checks)."""

    level: int = 0
    water: int = NO_WATER  # depth; -1 = no water
    woods: int = 0  # 0 none, 1 light, 2 heavy, 3 ultra-heavy
    rough: bool = False
    rubble: bool = False
    pavement: bool = False
    road: bool = False
    road_exits: tuple[int, ...] | None = None  # None: join touching road hexes
    building_class: int = 0
    building_cf: int = 0
    building_height: int = 0
    bridge_class: int = 0
    bridge_cf: int = 0
    bridge_level: int = 0


@dataclass(frozen=True, slots=True)
class Zone:
    """A deployment zone or start hex set read from a map's object layer."""

    name: str
    side: str | None
    hexes: frozenset[Hex]


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """Read-only terrain arrays indexed [row, col]: one per entry of the terrain list
    (game/terrain.py, in that order; a test checks), then the name and zones."""

    level: np.ndarray
    water: np.ndarray
    woods: np.ndarray
    rough: np.ndarray
    rubble: np.ndarray
    pavement: np.ndarray
    road: np.ndarray
    road_exits: np.ndarray
    building_class: np.ndarray
    building_cf: np.ndarray
    building_height: np.ndarray
    bridge_class: np.ndarray
    bridge_cf: np.ndarray
    bridge_level: np.ndarray
    name: str = "board"
    zones: tuple[Zone, ...] = field(default=())

    @property
    def shape(self) -> tuple[int, int]:
        return self.level.shape  # type: ignore[return-value]

    @property
    def height(self) -> int:
        return int(self.level.shape[0])

    @property
    def width(self) -> int:
        return int(self.level.shape[1])

    def contains(self, h: Hex) -> bool:
        return 0 <= h.col < self.width and 0 <= h.row < self.height

    def hex_name(self, h: Hex) -> str:
        return hex_name(h, self.width, self.height)

    def floor(self) -> np.ndarray:
        """Level a ground unit stands at: the water bottom in water hexes (MOV-12)."""
        return self.level - np.where(self.water > 0, self.water, 0).astype(self.level.dtype)

    def spec(self, h: Hex) -> HexSpec:
        r, c = h.row, h.col
        values = {f: getattr(self, f)[r, c].item() for f in ARRAY_FIELDS}
        exits = int(values["road_exits"])
        values["road_exits"] = tuple(d for d in range(6) if exits >> d & 1)
        return HexSpec(**values)

    def describe(self, h: Hex) -> str:
        """One line of terrain for hover panels and messages."""
        s = self.spec(h)
        parts = [f"level {s.level}"]
        if s.water >= 0:
            parts.append(f"water depth {s.water}")
        if s.woods:
            parts.append(f"{WOODS_NAMES[s.woods]} woods")
        for flag in FLAGS:
            if getattr(s, flag):
                parts.append(flag)
        if s.building_class:
            parts.append(
                f"{BUILDING_CLASSES[s.building_class]} building CF {s.building_cf} "
                f"height {s.building_height}"
            )
        if s.bridge_class:
            parts.append(
                f"{BUILDING_CLASSES[s.bridge_class]} bridge CF {s.bridge_cf} "
                f"at level {s.bridge_level}"
            )
        return ", ".join(parts)


def validate_spec(spec: HexSpec, where: str) -> None:
    """Raise BoardError naming ``where`` if the hex's values break the terrain rules."""

    def bad(msg: str) -> BoardError:
        return BoardError(f"{where}: {msg}")

    for name in SCALARS:  # level, water, woods and their ranges (game/terrain.py)
        f, value = BY_NAME[name], getattr(spec, name)
        if not allowed(f, value):
            raise bad(f"{f.label} {value} is outside {f.lo}..{f.hi}")
    if spec.woods and spec.water > 0:
        raise bad("woods cannot grow in water of depth 1 or more")
    for kind, part in STRUCTURES.items():  # building {class, cf, height}, bridge {...}
        cls = getattr(spec, part["class"])
        if cls not in CLASS_INDEX.values():
            raise bad(f"{kind} class {cls} is not one of light, medium, heavy, hardened")
        for name in part.values():
            f, value = BY_NAME[name], getattr(spec, name)
            if cls and f.kind == "int" and not f.lo <= value <= f.hi:
                raise bad(f"{f.label} {value} is outside {f.lo}..{f.hi}")
    if spec.building_class and spec.water > 0:
        raise bad("a building cannot stand in water of depth 1 or more")
    if spec.bridge_class and spec.bridge_level < spec.level:
        raise bad(f"bridge level {spec.bridge_level} is below the hex level {spec.level}")
    if spec.road_exits is not None and any(d not in range(6) for d in spec.road_exits):
        raise bad(f"road exits {list(spec.road_exits)} must be facings 0..5")


def build_board(
    width: int,
    height: int,
    hexes: Mapping[Hex, HexSpec] | None = None,
    *,
    name: str = "board",
    zones: tuple[Zone, ...] = (),
) -> Board:
    """Arrays from sparse hex specs; unlisted hexes are clear level-0 ground.

    Road exits: a hex whose spec gives ``road_exits`` keeps them; other road hexes are
    joined to every touching road hex (the scenario contract).
    """
    if not (1 <= width <= 999 and 1 <= height <= 999):
        raise BoardError(f"board size {width}x{height} must be between 1x1 and 999x999")
    arrays = {f.name: np.full((height, width), f.default, dtype=f.dtype) for f in FIELDS}
    explicit_exits = np.zeros((height, width), dtype=bool)
    for h, spec in (hexes or {}).items():
        if not (0 <= h.col < width and 0 <= h.row < height):
            raise BoardError(f"hex {hex_name(h, width, height)} is off the {width}x{height} board")
        validate_spec(spec, f"hex {hex_name(h, width, height)}")
        for f in ARRAY_FIELDS:
            if f == "road_exits":
                continue
            arrays[f][h.row, h.col] = getattr(spec, f)
        if spec.road_exits is not None:
            explicit_exits[h.row, h.col] = True
            arrays["road_exits"][h.row, h.col] = sum(1 << d for d in set(spec.road_exits))
            if spec.road_exits:
                arrays["road"][h.row, h.col] = True
    joined = join_roads(arrays["road"])
    arrays["road_exits"] = np.where(explicit_exits, arrays["road_exits"], joined).astype(np.uint8)
    for a in arrays.values():
        a.setflags(write=False)
    return Board(**arrays, name=name, zones=zones)


def board_from_arrays(
    arrays: Mapping[str, np.ndarray],
    *,
    name: str = "board",
    zones: tuple[Zone, ...] = (),
) -> Board:
    """A Board from complete [row, col] arrays (every ARRAY_FIELDS entry, values already
    checked, road exits final): cast to the board's dtypes and made read-only."""
    out = {f: np.asarray(arrays[f], dtype=_DTYPES[f]) for f in ARRAY_FIELDS}
    for a in out.values():
        a.setflags(write=False)
    return Board(**out, name=name, zones=zones)


def neighbour_index(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every hex and direction: the neighbour's (row, col) and whether it is on board.

    Shapes (6, rows, cols). Off-board neighbours are clamped to a valid index and flagged
    False in the mask, so callers can gather with them safely.
    """
    rr, cc = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    parity = cc & 1
    deltas = NEIGHBOUR_DELTAS[parity]  # (rows, cols, 6, 2)
    nr = rr[None] + np.moveaxis(deltas[..., 0], -1, 0)
    nc = cc[None] + np.moveaxis(deltas[..., 1], -1, 0)
    ok = (nr >= 0) & (nr < rows) & (nc >= 0) & (nc < cols)
    return np.clip(nr, 0, rows - 1), np.clip(nc, 0, cols - 1), ok


def neighbour_values(a: np.ndarray, direction: int, fill: object = 0) -> np.ndarray:
    """b[row, col] = a at the neighbour of (col, row) in ``direction``, ``fill`` where that
    neighbour is off the board. Built by slicing (even and odd columns apart), so it
    needs no index arrays: the memory of one more array like ``a``."""
    rows, cols = a.shape
    out = np.full(a.shape, fill, dtype=a.dtype)
    for parity in (0, 1):
        dr, dc = (int(v) for v in NEIGHBOUR_DELTAS[parity, direction % 6])
        src_c0 = parity + dc  # neighbours of columns parity, parity + 2, ...
        first = 0 if src_c0 >= 0 else 1  # skip a first column whose neighbour is off west
        c_dst = np.arange(parity + 2 * first, cols, 2)
        c_src = c_dst + dc
        keep = c_src < cols
        c_dst, c_src = c_dst[keep], c_src[keep]
        if c_dst.size == 0:
            continue
        r0, r1 = max(0, -dr), min(rows, rows - dr)
        if r0 >= r1:
            continue
        d0, d1, ds = int(c_dst[0]), int(c_dst[-1]) + 1, 2
        s0, s1 = int(c_src[0]), int(c_src[-1]) + 1
        out[r0:r1, d0:d1:ds] = a[r0 + dr : r1 + dr, s0:s1:ds]
    return out


def join_roads(road: np.ndarray) -> np.ndarray:
    """Road exit bitmask joining every pair of touching road hexes."""
    exits = np.zeros(road.shape, dtype=np.uint8)
    for d in range(6):
        linked = road & neighbour_values(road, d, False)
        exits |= (linked.astype(np.uint8) << d).astype(np.uint8)
    return exits
