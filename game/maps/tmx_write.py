"""A Board -> a Tiled map (``python main.py map convert X.board OUT.tmx``).

The map uses the bundled tileset (maps/terrain.tsx, by a path relative to the output),
in the layout of the bundled maps: a ``ground`` layer (grass, pavement, rough, water by
depth), an ``elevation`` layer (levels) and a ``features`` layer (woods, rubble, roads,
buildings, bridges), so Tiled and tmxrasterizer draw it as our previewer does. Tiles
are per tile type, so every hex that is not clear ground also gets a point object in
the ``overrides`` group carrying its exact terrain (level, depth, CF, height, road
exits, ...): reading the map back gives the same board (tests/megamek).
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

from ..board import BUILDING_CLASSES, Board
from ..core.atomic import write_atomic
from ..hexgrid import Hex
from .schema import MapError, exits_text

TSX = Path(__file__).resolve().parents[2] / "maps" / "terrain.tsx"
TW, TH, SIDE = 84, 72, 42
PITCH = (TW + SIDE) // 2


@cache
def tile_props() -> dict[int, dict[str, str]]:
    """Tile id -> its properties (as text) in maps/terrain.tsx."""
    root = ElementTree.parse(TSX).getroot()
    out = {}
    for tile in root.iter("tile"):
        props = {p.get("name", ""): p.get("value", "") for p in tile.iter("property")}
        out[int(tile.get("id", "0"))] = props
    return out


def _find(**wanted: str) -> int:
    """The first tile whose terrain properties (besides ``terrain``) are exactly these."""
    for tid, props in tile_props().items():
        if {k: v for k, v in props.items() if k != "terrain"} == wanted:
            return tid
    return -1


def _first(key: str, value: str) -> int:
    return next((t for t, p in tile_props().items() if p.get(key) == value), -1)


def tiles_of(board: Board, h: Hex) -> tuple[int, int, int]:
    """(ground, elevation, feature) tile ids of a hex, -1 for none."""
    s = board.spec(h)
    if s.water >= 0:
        ground = _find(water=str(min(s.water, 3)))
    elif s.pavement:
        ground = _find(pavement="true")
    elif s.rough:
        ground = _find(rough="true")
    else:
        ground = 0
    elevation = _find(level=str(s.level)) if s.level else -1
    if s.building_class:
        feature = _first("building", BUILDING_CLASSES[s.building_class])
    elif s.bridge_class:
        feature = _first("bridge", BUILDING_CLASSES[min(s.bridge_class, 3)])
    elif s.road:
        feature = _first("road", "true")
    elif s.rubble:
        feature = _find(rubble="true")
    elif s.woods:
        feature = _find(woods=str(s.woods))
    else:
        feature = -1
    return ground, elevation, feature


def overrides(board: Board, h: Hex) -> dict[str, object]:
    """The hex's exact terrain as override properties ({} for clear level-0 ground)."""
    s = board.spec(h)
    if s == type(s)(road_exits=()):
        return {}
    out: dict[str, object] = {"level": s.level}
    if s.water >= 0:
        out["water"] = s.water
    out |= {"woods": s.woods, "rough": s.rough, "rubble": s.rubble, "pavement": s.pavement}
    out["road"] = s.road
    if s.road:
        out["road_exits"] = exits_text(s.road_exits) if s.road_exits else "none"
    if s.building_class:
        out |= {"building": BUILDING_CLASSES[s.building_class], "building_cf": s.building_cf,
                "building_height": s.building_height}  # fmt: skip
    if s.bridge_class:
        out |= {"bridge": BUILDING_CLASSES[s.bridge_class], "bridge_cf": s.bridge_cf,
                "bridge_level_offset": s.bridge_level - s.level}  # fmt: skip
    return out


def centre(h: Hex) -> tuple[float, float]:
    """Hex centre in Tiled pixels (staggerindex odd: odd columns half a hex lower)."""
    return h.col * PITCH + TW / 2, h.row * TH + TH / 2 + (TH / 2 if h.col & 1 else 0)


def _prop(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{str(value).lower()}"/>\n'
    if isinstance(value, int):
        return f'    <property name="{name}" type="int" value="{value}"/>\n'
    return f'    <property name="{name}" value={quoteattr(str(value))}/>\n'


def tmx_text(board: Board, tileset: str, description: str = "") -> str:
    """The board as a TMX document (Tiled 1.8 layout, CSV layers, external tileset)."""
    w, hgt = board.width, board.height
    hexes = [Hex(c, r) for r in range(hgt) for c in range(w)]
    tiles = [tiles_of(board, h) for h in hexes]
    over = [(h, o) for h in sorted(hexes) if (o := overrides(board, h))]
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" '
        f'renderorder="right-down" width="{w}" height="{hgt}" tilewidth="{TW}" '
        f'tileheight="{TH}" infinite="0" hexsidelength="{SIDE}" staggeraxis="x" '
        f'staggerindex="odd" nextlayerid="5" nextobjectid="{len(over) + 1}">\n',
        f" <properties>\n{_prop('description', description)[2:]} </properties>\n",
        f' <tileset firstgid="1" source={quoteattr(tileset)}/>\n',
    ]
    for i, name in enumerate(("ground", "elevation", "features")):
        rows = []
        for r in range(hgt):
            rows.append(",".join(str(tiles[r * w + c][i] + 1) for c in range(w)))
        out.append(f' <layer id="{i + 1}" name="{name}" width="{w}" height="{hgt}">\n')
        out.append('  <data encoding="csv">\n' + ",\n".join(rows) + "\n</data>\n </layer>\n")
    out.append(' <objectgroup id="4" name="overrides">\n')
    for k, (h, props) in enumerate(over, 1):
        x, y = centre(h)
        out.append(f'  <object id="{k}" name="{board.hex_name(h)}" x="{x:g}" y="{y:g}">\n')
        out.append("   <properties>\n" + "".join(_prop(n, v) for n, v in props.items()))
        out.append("   </properties>\n   <point/>\n  </object>\n")
    out.append(" </objectgroup>\n</map>\n")
    return "".join(out)


def write_tmx(board: Board, out: str | Path, description: str = "") -> Path:
    """Write the board as a Tiled map at ``out`` (atomically); MapError if it cannot."""
    target = Path(out)
    if target.suffix.lower() != ".tmx":
        raise MapError(f"{out}: the converted map must be a .tmx file.")
    try:
        tileset = os.path.relpath(TSX, target.resolve().parent)
    except ValueError:  # another drive (Windows): an absolute path
        tileset = str(TSX)
    text = tmx_text(board, Path(tileset).as_posix(), description)
    try:
        write_atomic(target, text)
    except OSError as e:
        raise MapError(f"{out}: the map cannot be written ({e.strerror}).") from None
    return target
