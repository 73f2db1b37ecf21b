"""MegaMek ``.board`` files -> :class:`~game.board.Board` (docs/megamek.md).

What is played: hex levels (negative ones too; a water hex's level is its surface),
water depth, woods (light, heavy, ultra-heavy), rough, rubble, pavement, roads,
buildings (kind 1-4 = light, medium, heavy, hardened; construction factor; height) and
bridges (kind, CF, the deck's elevation above the hex). Road exits follow the format:
a road that gives its exits keeps them; any other road leaves toward every touching
road hex and, unless the file says ``option exit_roads_to_pavement false``, every
touching pavement hex, and toward a bridge whose exits lead to it; an exit that the hex
it leads to does not answer is dropped (MOV-24 moves along a road only over a hexside
both hexes name, so it changes nothing; a Tiled map may not hold it). A
building's extent is the hexes its exits join (same kind); a hex of it that gives no CF
or height takes the building's. Every other terrain is kept out of play and listed in
:attr:`MapRead.warnings` (one entry per hex and terrain), never a crash. A file that
is not a board (or a broken one) is a one-sentence MapError.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import MappingProxyType

import numpy as np

from game.core.limits import FileTooLarge, read_capped

from ..board import (
    ARRAY_FIELDS,
    DTYPES,
    BoardError,
    HexSpec,
    board_from_arrays,
    neighbour_values,
    validate_spec,
)
from ..hexgrid import Hex, hex_name, neighbour
from ..terrain import CF_RANGES, DEFAULT_CF
from .megamek_terrain import CLASSES, HexTerrain, hex_terrain
from .megamek_text import MAX_BYTES, BoardText, decode, parse_text
from .result import MapRead, MapWarning
from .schema import MapError


def read_board_file(path: str | Path) -> MapRead:
    """The board of a MegaMek .board file and what was left out of it."""
    p = Path(path)
    where = str(path)
    try:
        data = read_capped(p, MAX_BYTES)  # never more (a device such as /dev/zero)
    except FileTooLarge:
        raise MapError(f"{where}: the board file is more than {MAX_BYTES} bytes, more than "
                       "any board needs.") from None  # fmt: skip
    except FileNotFoundError:
        raise MapError(f"{where}: the board file does not exist.") from None
    except IsADirectoryError:
        raise MapError(f"{where}: this is a folder, not a board file.") from None
    except OSError as e:
        raise MapError(f"{where}: the board file cannot be read ({e.strerror}).") from None
    return read_board_text(decode(data, where), where, p.stem)


def read_board_text(text: str, where: str, name: str = "board") -> MapRead:
    bt = parse_text(text, where)
    w, h = bt.width, bt.height
    if len(bt.hexes) != w * h:
        why = "the file looks cut short" if bt.hexes and not bt.ended else "the counts differ"
        raise MapError(
            f"{where}: the board is {w}x{h} ({w * h} hexes) but the file has "
            f"{len(bt.hexes)} hex lines ({why})."
        )
    cells = _cells(bt, where)
    warnings: list[MapWarning] = []
    grid = [[cells[r * w + c] for c in range(w)] for r in range(h)]
    _fill_buildings(grid)
    specs: list[HexSpec] = []
    masks = np.zeros((h, w), np.uint8)
    made: dict[tuple[int, int], tuple[HexSpec, tuple[Note, ...]]] = {}
    for i, (hl, t) in enumerate(zip(bt.hexes, cells, strict=True)):
        key = (hl.level, id(t))  # hexes of one terrain reading and level share their spec
        if key not in made:
            made[key] = _spec(hl.level, t)
        spec, notes = made[key]
        specs.append(spec)
        if notes:
            label = hex_name(Hex(i % w, i // w), w, h)
            warnings += [MapWarning(label, what, why) for what, why in notes]
        if spec.road:
            masks[i // w, i % w] = _road_exits(grid, Hex(i % w, i // w), t, bt)
    arrays = _arrays(specs, w, h, where)
    arrays["road_exits"] = answered(masks)
    themes = Counter(hl.theme or "grass" for hl in bt.hexes)
    board = board_from_arrays(arrays, name=name)
    return MapRead(board, tuple(warnings), tuple(bt.tags), bt.description,
                   MappingProxyType(dict(themes)), "board")  # fmt: skip


def _cells(bt: BoardText, where: str) -> list[HexTerrain]:
    """Each hex's terrain; hexes with the same terrain string share one reading (buildings
    excepted: their CF and height may still be filled in from the rest of the building)."""
    seen: dict[str, HexTerrain] = {}
    out = []
    for hl in bt.hexes:
        t = seen.get(hl.terrain)
        if t is None:
            t = hex_terrain(hl.terrain, f"{where}, line {hl.line} (hex {hl.number})")
            if not t.building:
                seen[hl.terrain] = t
        out.append(t)
    return out


Note = tuple[str, str]  # (terrain, why): what of a hex is not played as written


def _spec(level: int, t: HexTerrain) -> tuple[HexSpec, tuple[Note, ...]]:
    """Our hex from one file hex, and what of it is left out or changed (impossible mixes
    are left out; a CF above its class maximum is played at the maximum)."""
    notes: list[Note] = list(t.left_out)
    woods, building = t.woods, t.building
    if woods and t.water > 0:
        notes.append(("woods", f"left out: woods in water of depth {t.water}"))
        woods = 0
    if building and t.water > 0:
        notes.append(("building", f"left out: a building in water of depth {t.water}"))
        building = 0
    values: dict[str, object] = {"level": level, "water": t.water, "woods": woods,
                                 "rough": t.rough, "rubble": t.rubble, "pavement": t.pavement,
                                 "road": t.road or bool(t.bridge)}  # fmt: skip
    if building:
        values |= {"building_class": building,
                   "building_cf": _cf("building", building, t.building_cf, notes),
                   "building_height": t.building_height or 1}  # fmt: skip
    if t.bridge:
        values |= {"bridge_class": t.bridge,
                   "bridge_cf": _cf("bridge", t.bridge, t.bridge_cf, notes),
                   "bridge_level": level + t.bridge_elev}  # fmt: skip
    return HexSpec(**values), tuple(notes)  # type: ignore[arg-type]


def _cf(kind: str, cls: int, cf: int, notes: list[Note]) -> int:
    """The CF (the class default when none is given), at most the class maximum (MOV-26)."""
    top = CF_RANGES[cls][1]
    if cf > top:
        notes.append((f"{kind} CF", f"CF {cf} is above the {CLASSES[cls]} maximum: played as "
                                    f"{top} (MOV-26)"))  # fmt: skip
        return top
    return cf or DEFAULT_CF[cls]


def answered(masks: np.ndarray) -> np.ndarray:
    """The exits that lead over the board edge or to a hex whose exits lead back: MOV-24
    moves along a road only over a hexside both hexes name, so the others change nothing
    (a road's automatic exit onto plain pavement, say); a Tiled map may not hold them."""
    out = np.zeros_like(masks)
    on_board = np.ones(masks.shape, bool)
    for d in range(6):
        back = (neighbour_values(masks, d, 0) >> (d + 3) % 6 & 1).astype(bool)
        off = ~neighbour_values(on_board, d, False)
        keep = (masks >> d & 1).astype(bool) & (back | off)
        out |= (keep.astype(np.uint8) << d).astype(np.uint8)
    return out


def _road_exits(grid: list[list[HexTerrain]], at: Hex, t: HexTerrain, bt: BoardText) -> int:
    """The road (and bridge) exits of a road or bridge hex, as the format resolves them."""
    to_pavement = bt.options.get("exit_roads_to_pavement", "true") != "false"
    mask = 0
    if t.road:
        mask |= t.road_exits if t.road_exits is not None else _auto(grid, at, to_pavement, "road")
    if t.bridge:
        given = t.bridge_exits
        mask |= given if given is not None else _auto(grid, at, False, "bridge")
    return mask


def _auto(grid: list[list[HexTerrain]], at: Hex, to_pavement: bool, kind: str) -> int:
    """Exits toward every touching hex of the same terrain (a road also to pavement)."""
    h, w = len(grid), len(grid[0])
    mask = 0
    for d in range(6):
        n = neighbour(at, d)
        if not (0 <= n.col < w and 0 <= n.row < h):
            continue
        o = grid[n.row][n.col]
        if (o.road if kind == "road" else bool(o.bridge)) or (to_pavement and o.pavement):
            mask |= 1 << d
        elif kind == "road" and o.bridge and (o.bridge_exits or 0) >> (d + 3) % 6 & 1:
            mask |= 1 << d  # onto a bridge whose exits lead here (its deck carries the road)
    return mask


def _fill_buildings(grid: list[list[HexTerrain]]) -> None:
    """A building is the hexes its exits join (same kind; an exit from either side joins
    two hexes); hexes of it without their own CF or height take the first the building
    gives (in row order)."""
    seen: set[Hex] = set()
    found = [Hex(c, r) for r, row in enumerate(grid) for c, t in enumerate(row) if t.building]
    for start in found:
        if start in seen:
            continue
        group = _building(grid, start, seen)
        members = [grid[x.row][x.col] for x in sorted(group, key=lambda x: (x.row, x.col))]
        cf = next((m.building_cf for m in members if m.building_cf), 0)
        height = next((m.building_height for m in members if m.building_height), 0)
        for m in members:
            m.building_cf = m.building_cf or cf
            m.building_height = m.building_height or height


def _building(grid: list[list[HexTerrain]], start: Hex, seen: set[Hex]) -> list[Hex]:
    """The hexes of the building ``start`` is in (added to ``seen``)."""
    h, w = len(grid), len(grid[0])
    group, todo = [start], [start]
    seen.add(start)
    while todo:
        cur = todo.pop()
        t = grid[cur.row][cur.col]
        for d in range(6):
            n = neighbour(cur, d)
            if n in seen or not (0 <= n.col < w and 0 <= n.row < h):
                continue
            o = grid[n.row][n.col]
            joined = t.building_exits >> d & 1 or o.building_exits >> (d + 3) % 6 & 1
            if o.building == t.building and joined:
                seen.add(n)
                group.append(n)
                todo.append(n)
    return group


def _arrays(specs: list[HexSpec], w: int, h: int, where: str) -> dict[str, np.ndarray]:
    """The board arrays of every hex's spec (row order), each distinct spec checked once
    and its values gathered once."""
    index: dict[int, int] = {}
    unique: list[HexSpec] = []
    order = np.empty(len(specs), np.int64)
    for i, spec in enumerate(specs):
        k = index.get(id(spec))
        if k is None:
            try:
                validate_spec(spec, f"{where}, hex {hex_name(Hex(i % w, i // w), w, h)}")
            except BoardError as e:
                raise MapError(f"{e}.") from None
            k = index[id(spec)] = len(unique)
            unique.append(spec)
        order[i] = k
    return {
        f: np.array([getattr(s, f) for s in unique], dtype=DTYPES[f])[order].reshape(h, w)
        for f in ARRAY_FIELDS
        if f != "road_exits"
    }
