"""Tiled (.tmx) hex maps -> :class:`~game.board.Board`, headless, through pytmx.

pytmx's default loader is used with its image loading replaced by a no-op, so maps load
without a display and without pygame (the core never imports pygame; pytmx's package
``__init__`` would, so the import below hides it). The loader goes through pytmx's tile
properties (``get_tile_properties_by_gid``), never raw gids, because pytmx renumbers
gids. Every problem with a map becomes a one-sentence :class:`MapError`.

Run ``python -m game.maps MAP.tmx ...`` to check maps from the command line.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import numpy as np

from game.core.errors import one_line

from ..board import ARRAY_FIELDS, Board, HexSpec, Zone, board_from_arrays
from ..hexgrid import Hex, hex_name
from .checks import (
    Header,
    check_header,
    check_layers,
    check_tilesets,
    check_typed_properties,
    read_xml,
)
from .geometry import MapGeometry
from .roads import resolve_road_array
from .schema import PROPERTIES, PYTMX_TILE_KEYS, MapError, Value, apply_override, parse_props
from .stacks import build_stacks, spec_arrays, stack_specs, tile_props

__all__ = ["MapError", "load_map", "main"]
SIDES = ("A", "B")


def _pytmx() -> ModuleType:
    """pytmx without pygame: its modules import pygame when they can (for type hints and
    load_pygame), which the core must not do, so pygame is hidden during that import."""
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    hidden = [m for m in ("pygame", "pytmx.util_pygame") if m not in sys.modules]
    for m in hidden:
        sys.modules[m] = None  # type: ignore[assignment]
    try:
        import pytmx
    finally:
        for m in hidden:
            if sys.modules.get(m, 0) is None:
                del sys.modules[m]
    return pytmx


def _no_images(filename: str, colorkey: Any, **kwargs: Any) -> Any:
    """Image loader for pytmx that loads nothing: the rules need only properties."""

    def load(rect: Any = None, flags: Any = None) -> None:
        return None

    return load


def _read_tiled(path: Path, where: str) -> Any:
    pytmx = _pytmx()
    try:
        # allow_duplicate_names: our properties are read from .properties dicts only, so
        # a property that shadows a pytmx attribute (name, type, ...) is harmless.
        return pytmx.TiledMap(str(path), image_loader=_no_images, allow_duplicate_names=True)
    except MapError:
        raise
    except Exception as e:  # pytmx raises bare Exception/KeyError/ValueError
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise MapError(f"{where}: pytmx could not read the map ({first}).") from None


def _layer_order(root: ElementTree.Element) -> dict[str, int]:
    """File order of tile layers by id (pytmx lists layers by kind, not file order)."""
    return {layer.get("id", ""): i for i, layer in enumerate(root.iter("layer"))}


def _tile_label(tm: Any, gid: int) -> str:
    tiled_gid = tm.tiledgidmap.get(gid, gid)
    owner = None
    for ts in tm.tilesets:
        if ts.firstgid <= tiled_gid:
            owner = ts
    if owner is None:
        return f"tile gid {tiled_gid}"
    return f"tile {tiled_gid - owner.firstgid} of tileset '{owner.name}'"


def _check_gid(tm: Any, gid: int, where: str) -> None:
    """A gid beyond its tileset's tiles means the tileset lost tiles the map still uses."""
    tiled_gid = tm.tiledgidmap.get(gid, gid)
    owner = None
    for ts in tm.tilesets:
        if ts.firstgid <= tiled_gid:
            owner = ts
    count = int(getattr(owner, "tilecount", 0) or 0) if owner else 0
    if owner is None or (count and tiled_gid >= owner.firstgid + count):
        raise MapError(f"{where}: the map uses tile gid {tiled_gid}, which no tileset holds.")


def _tile_layers(tm: Any, root: ElementTree.Element) -> tuple[list[np.ndarray], list[int]]:
    """The tile layers' gids as arrays [row, col], in pytmx's order, with their file rank."""
    order = _layer_order(root)
    layers, ranks = [], []
    tile_layers = [ly for ly in tm.layers if type(ly).__name__ == "TiledTileLayer"]
    for index, layer in enumerate(tile_layers):
        ranks.append(order.get(str(getattr(layer, "id", "")), index))
        layers.append(np.asarray(layer.data, dtype=np.int64).reshape(tm.height, tm.width))
    return layers, ranks


def _gid_parser(tm: Any, layout: MapGeometry, where: str, shadowed: dict[int, str]):
    """parse(gid, row, tiled col): the tile's terrain properties, or a MapError naming
    the first hex that shows it."""

    def parse(gid: int, row: int, col: int) -> dict[str, Value]:
        _check_gid(tm, gid, where)
        h = Hex(col + layout.shift, row)
        label = f"{where}, hex {hex_name(h, layout.width, layout.height)} ({_tile_label(tm, gid)})"
        bad = shadowed.get(tm.tiledgidmap.get(gid, gid))
        if bad is not None:  # pytmx mixes a tile's own attributes into its properties
            known = ", ".join(p.name for p in PROPERTIES)
            raise MapError(f"{label}: property '{bad}' is not a terrain property ({known}).")
        raw = tm.get_tile_properties_by_gid(gid) or {}
        return parse_props(raw, label, skip=PYTMX_TILE_KEYS)

    return parse


def _object_label(obj: Any) -> str:
    return f"'{obj.name}'" if obj.name else f"{obj.id}"


def _object_hexes(obj: Any, kinds: dict[str, str], layout: MapGeometry, where: str) -> set[Hex]:
    """The hexes an object marks: centres inside a polygon/rectangle/ellipse, or under a point."""
    kind = kinds.get(str(obj.id), "")
    label = f"{where}: object {_object_label(obj)} of layer '{obj.parent_name}'"
    numbers = [obj.x, obj.y, obj.width or 0, obj.height or 0, obj.rotation or 0]
    numbers += [v for p in getattr(obj, "points", ()) for v in p]
    if not all(isinstance(v, int | float) and math.isfinite(v) for v in numbers):
        raise MapError(f"{label} has a position, size or point that is not a finite number.")
    if kind == "polyline":
        raise MapError(f"{label} is a polyline; draw a polygon, rectangle or point instead.")
    if kind == "ellipse":
        hexes = layout.hexes_in_ellipse(obj.x, obj.y, obj.width, obj.height, obj.rotation or 0)
    elif kind == "point" or (not obj.width and not obj.height and kind != "polygon"):
        h = layout.hex_at(obj.x, obj.y)
        if h is None:
            raise MapError(f"{label} lies outside the map.")
        hexes = {h}
    else:
        hexes = layout.hexes_in_polygon(obj.apply_transformations())
    if not hexes:
        raise MapError(f"{label} covers no hex centre; make it larger or move it onto the map.")
    return hexes


def _object_kinds(root: ElementTree.Element) -> dict[str, str]:
    """Object id -> point/ellipse/polygon/polyline (pytmx does not keep the shape)."""
    kinds: dict[str, str] = {}
    for obj in root.iter("object"):
        for tag in ("point", "ellipse", "polygon", "polyline"):
            if obj.find(tag) is not None:
                kinds[obj.get("id", "")] = tag
    return kinds


def _group(tm: Any, name: str) -> list[Any]:
    """Objects of every object group called ``name`` (tile collision groups are nameless)."""
    out = []
    for layer in tm.layers:
        named = (layer.name or "").strip().lower() == name  # "Deployment" counts too
        if type(layer).__name__ == "TiledObjectGroup" and named:
            for obj in layer:
                obj.parent_name = name
                dx, dy = float(layer.offsetx or 0), float(layer.offsety or 0)
                if dx or dy:
                    obj.x, obj.y = obj.x + dx, obj.y + dy
                    if hasattr(obj, "points"):
                        obj.points = tuple((px + dx, py + dy) for px, py in obj.points)
                out.append(obj)
    return out


def _zones(tm: Any, kinds: dict[str, str], layout: MapGeometry, where: str) -> tuple[Zone, ...]:
    """Deployment zones, one per side, from the "deployment" object group."""
    by_side: dict[str, set[Hex]] = {}
    for obj in _group(tm, "deployment"):
        side = str(obj.properties.get("side", "")).strip().upper()
        if side not in SIDES:
            got = obj.properties.get("side")
            why = "has no 'side' property" if got is None else f"has side {got!r}"
            raise MapError(
                f"{where}: object {_object_label(obj)} of layer 'deployment' {why}; "
                "give it a property side = A or B."
            )
        by_side.setdefault(side, set()).update(_object_hexes(obj, kinds, layout, where))
    if len(by_side) == 2:
        both = by_side["A"] & by_side["B"]
        if both:
            first = hex_name(min(both), layout.width, layout.height)
            raise MapError(
                f"{where}: the deployment zones of sides A and B overlap at hex {first}."
            )
    return tuple(Zone(f"deployment {s}", s, frozenset(by_side[s])) for s in sorted(by_side))


def load_map(path: str | Path) -> Board:
    """The Board of a Tiled hex map; Board.name is the file's stem.

    Raises MapError (one sentence naming the file) for anything wrong with the map.
    """
    p = Path(path)
    where = str(path)
    root = read_xml(p, where)
    header: Header = check_header(root, where)
    check_typed_properties(root, where)
    shadowed = check_tilesets(root, p, where)
    check_layers(root, header, where)
    tm = _read_tiled(p, where)
    shift = 1 if header.even else 0
    layout = MapGeometry(
        header.tilewidth, header.tileheight, header.side, shift, header.width + shift, header.height
    )

    def label(flat_hex: int) -> str:
        r, c = divmod(flat_hex, layout.width)
        return f"{where}, hex {hex_name(Hex(c, r), layout.width, layout.height)}"

    layers, ranks = _tile_layers(tm, root)
    props = tile_props(layers, _gid_parser(tm, layout, where, shadowed))
    st = build_stacks(layers, ranks, props, shift, label)
    kinds = _object_kinds(root)
    overridden: dict[int, dict[str, Value]] = {}  # flat hex -> merged, in first-touch order
    for obj in _group(tm, "overrides"):
        for h in sorted(_object_hexes(obj, kinds, layout, where)):
            i = h.row * layout.width + h.col
            if i not in overridden:
                overridden[i] = dict(st.merged[st.index[i]]) if st.index[i] >= 0 else {}
            where_obj = f"{label(i)} (override object {_object_label(obj)})"
            apply_override(overridden[i], parse_props(obj.properties, where_obj), where_obj)
    zones = _zones(tm, kinds, layout, where)
    specs, own = stack_specs(st, overridden, label)
    return _board(st, specs, own, layout, p.stem, zones, where)


def _board(
    st: Any,
    specs: list[HexSpec],
    own: dict[int, HexSpec],
    layout: MapGeometry,
    name: str,
    zones: tuple[Zone, ...],
    where: str,
) -> Board:
    """Arrays of the stacks' specs, overridden hexes on top, road exits resolved (MOV-24)."""
    arrays = spec_arrays(st, specs)
    explicit_of = np.array([s.road_exits is not None for s in (*specs, HexSpec())])
    bits_of = np.array([_mask(s.road_exits) for s in (*specs, HexSpec())], np.uint8)
    explicit = explicit_of[st.index].reshape(st.rows, st.cols)
    bits = bits_of[st.index].reshape(st.rows, st.cols)
    for i, spec in own.items():
        r, c = divmod(i, layout.width)
        for f in ARRAY_FIELDS:
            if f != "road_exits":
                arrays[f][r, c] = getattr(spec, f)
        explicit[r, c] = spec.road_exits is not None
        bits[r, c] = _mask(spec.road_exits)
    arrays["road_exits"] = resolve_road_array(arrays["road"], explicit, bits, where)
    return board_from_arrays(arrays, name=name, zones=zones)


def _mask(exits: tuple[int, ...] | None) -> int:
    return sum(1 << d for d in set(exits or ()))


def summary(board: Board) -> str:
    """One line about a loaded board, for the checker below and the docs."""
    counts = {
        "woods": int((board.woods > 0).sum()),
        "water": int((board.water >= 0).sum()),
        "road": int(board.road.sum()),
        "building": int((board.building_class > 0).sum()),
        "bridge": int((board.bridge_class > 0).sum()),
        "rough": int(board.rough.sum()),
        "rubble": int(board.rubble.sum()),
    }
    parts = ", ".join(f"{v} {k}" for k, v in counts.items() if v)
    lo, hi = int(board.level.min()), int(board.level.max())
    zones = ", ".join(f"{z.side} {len(z.hexes)} hexes" for z in board.zones) or "none"
    return (
        f"{board.name}: {board.width}x{board.height}, levels {lo}..{hi}, {parts or 'clear'}; "
        f"deployment {zones}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Check maps: prints one summary line per good map, one sentence per bad one (exit 2)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m game.maps MAP.tmx [MAP.tmx ...]", file=sys.stderr)
        return 2
    status = 0
    for arg in args:
        try:
            print(summary(load_map(arg)))
        except MapError as e:
            print(f"hexplate: {one_line(e)}", file=sys.stderr)
            status = 2
    return status


if __name__ == "__main__":
    sys.exit(main())
