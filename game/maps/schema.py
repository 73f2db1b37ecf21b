"""Terrain properties of Tiled tiles and how the layers of one hex merge into a HexSpec.

A map maker paints tiles whose custom properties (level, water, woods, ...) describe the
terrain; one hex usually shows several tiles stacked in different layers (a grass ground
tile, a level-2 elevation overlay, a heavy-woods feature). This module is the single
place that knows the property names, their types and ranges, and the rules that turn a
stack of tiles into one :class:`~game.board.HexSpec`:

* flags (rough, rubble, pavement, road) stack: any layer setting one sets it (MOV-15);
* conflicting levels resolve by MOV-14 (0 if any is 0, else the level closest to 0) and
  conflicting water depths by the shallowest depth (MOV-14 rule 3);
* any other conflict (woods, building, bridge) goes to the feature tile over the ground
  tile, then to the upper layer (the tile Tiled draws on top);
* a bridge's level is the hex level plus ``bridge_level_offset``;
* ``road_exits`` (MOV-24) of the top tile or override giving it counts; how explicit
  exits and joined roads combine across hexes is :mod:`game.maps.roads`.

Errors are :class:`MapError` sentences naming the file, the hex and the property.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from game.core.errors import UserFacingError

from ..board import CF_RANGES, CLASS_INDEX, DEFAULT_CF, BoardError, HexSpec, validate_spec
from ..hexgrid import DIRECTION_NAMES
from ..terrain import BUILDING_CLASSES, FEATURE_PROPS, FLAGS, TILE_FIELD, TILE_PROPERTIES, TileProp
from ..terrain import BY_NAME as TERRAIN

Value = int | bool | str | tuple[int, ...]


class MapError(UserFacingError):
    """A map file that cannot be used; the message is one sentence naming the file."""


Prop = TileProp
PROPERTIES: tuple[Prop, ...] = TILE_PROPERTIES  # the terrain list's (game/terrain.py)
BY_NAME: dict[str, Prop] = {p.name: p for p in PROPERTIES}
# Keys pytmx itself puts into a tile's property dict (XML attributes and bookkeeping);
# they are not the map maker's properties and are skipped, never validated.
PYTMX_TILE_KEYS = frozenset(
    {"id", "type", "class", "probability", "x", "y", "width", "height", "source", "trans"}
    | {"frames", "colliders", "path"}
)
_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off", ""}
_CLASS_WORDS = "light, medium, heavy or hardened"


def _fail(where: str, name: str, raw: object, why: str) -> MapError:
    return MapError(f"{where}: property '{name}' is {raw!r}, but {why}.")


def parse_exits(raw: object, where: str, name: str = "road_exits") -> tuple[int, ...]:
    """MOV-24: road exits "N,S" / "0,3" / "ne, sw" / a lone int -> sorted facings 0..5.

    Facings are the game's directions (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW); repeats are
    harmless, an empty list is an error (a road pad with no exits would never be drawn);
    ``none`` says it on purpose: a road hex linked to no neighbour (a converted MegaMek
    board's road whose neighbours do not lead to it).
    """
    words = "it must list facings 0..5 or N, NE, SE, S, SW, NW separated by commas"
    if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
        raise _fail(where, name, raw, words)
    if isinstance(raw, int | float):
        raw = str(int(raw))
    if not isinstance(raw, str):
        raise _fail(where, name, raw, words)
    if raw.strip().lower() == "none":  # a road hex that links to no neighbour
        return ()
    tokens = [t.strip().upper() for t in raw.split(",")]
    if not any(tokens):
        raise _fail(where, name, raw, f"{words} (at least one)")
    out: set[int] = set()
    for token in tokens:
        if token in DIRECTION_NAMES:
            out.add(DIRECTION_NAMES.index(token))
        elif token in ("0", "1", "2", "3", "4", "5"):
            out.add(int(token))
        else:
            raise _fail(where, name, raw, f"{token or 'an empty entry'!r} is not a facing; {words}")
    return tuple(sorted(out))


def exits_text(exits: tuple[int, ...] | int) -> str:
    """Facings (or a 6-bit mask) as compass names, "N,S", for messages and map files."""
    if isinstance(exits, int):
        exits = tuple(d for d in range(6) if exits >> d & 1)
    return ",".join(DIRECTION_NAMES[d] for d in exits)


def parse_value(name: str, raw: object, where: str) -> Value:
    """The typed value of one property, or a MapError naming ``where`` and the property.

    Tiled stores untyped properties as strings, so "2" and 2 are both a level of 2.
    """
    prop = BY_NAME[name]
    if prop.kind == "text":
        return str(raw)
    if prop.kind == "exits":
        return parse_exits(raw, where, name)
    if prop.kind == "bool":
        if isinstance(raw, bool):
            return raw
        word = str(raw).strip().lower()
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        raise _fail(where, name, raw, "it must be true or false")
    if prop.kind == "class":
        word = str(raw).strip().lower()
        if word in CLASS_INDEX:
            return word
        raise _fail(where, name, raw, f"it must be one of {_CLASS_WORDS} (or none)")
    value: int | None = None
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    elif isinstance(raw, float) and raw.is_integer():
        value = int(raw)
    elif isinstance(raw, str):
        try:
            value = int(raw.strip())
        except ValueError:
            value = None
    if value is None:
        raise _fail(where, name, raw, "it must be a whole number")
    if not prop.lo <= value <= prop.hi:
        raise _fail(where, name, raw, f"{name} must be between {prop.lo} and {prop.hi}")
    return value


def parse_props(raw: Mapping[str, object], where: str, *, skip: Iterable[str] = ()) -> dict:
    """Our properties out of a pytmx property dict; unknown names are an error (typos)."""
    skipped = set(skip)
    out: dict[str, Value] = {}
    for name, value in raw.items():
        if name in BY_NAME:
            if name == "terrain" and not isinstance(value, str):
                continue
            out[name] = parse_value(name, value, where)
        elif name not in skipped:
            known = ", ".join(p.name for p in PROPERTIES)
            raise MapError(f"{where}: property '{name}' is not a terrain property ({known}).")
    return out


def resolve_level(levels: Sequence[int]) -> int:
    """MOV-14: level 0 if any part of the hex is level 0, else the level closest to 0.

    Ties between +n and -n (not covered by the rule) go to the lower level, the flatter
    choice for a unit standing in the hex.
    """
    if not levels:
        return 0
    if 0 in levels:
        return 0
    return min(levels, key=lambda v: (abs(v), v))


def resolve_depth(depths: Sequence[int]) -> int:
    """MOV-14 rule 3: of several water depths shown in one hex, the shallowest counts."""
    return min(depths)


def is_feature(props: Mapping[str, Value]) -> bool:
    """Feature tiles (woods, rubble, roads, buildings, bridges) win conflicts over ground."""
    return any(k in FEATURE_PROPS for k in props)


def _pick_structure(
    stack: Sequence[Mapping[str, Value]], kind: str, where: str
) -> tuple[int, int, int] | None:
    """(class, cf, extra) of the winning building or bridge, or None if the hex has none.

    The winning tile is the last (top) one naming a class; its own cf / height / offset
    count, else those of the top tile giving them alone, else the class defaults.
    """
    extra_name = "building_height" if kind == "building" else "bridge_level_offset"
    extra_default = 1 if kind == "building" else 0
    winner = None
    for props in stack:
        if kind in props:
            winner = props
    loose_cf = loose_extra = None
    for props in stack:
        if kind not in props:
            loose_cf = props.get(f"{kind}_cf", loose_cf)
            loose_extra = props.get(extra_name, loose_extra)
    if winner is None or winner[kind] == "none":
        if loose_cf is not None or loose_extra is not None:
            name = f"{kind}_cf" if loose_cf is not None else extra_name
            raise MapError(f"{where}: property '{name}' is set but the hex has no {kind}.")
        return None
    cls = CLASS_INDEX[str(winner[kind])]
    cf = winner.get(f"{kind}_cf", loose_cf)
    cf = DEFAULT_CF[cls] if cf is None else int(cf)
    if cf > CF_RANGES[cls][1]:  # MOV-26: a class's CF range caps its CF
        raise MapError(
            f"{where}: property '{kind}_cf' is {cf}, above the {winner[kind]} class maximum "
            f"of {CF_RANGES[cls][1]} (MOV-26)."
        )
    extra = winner.get(extra_name, loose_extra)
    return cls, cf, extra_default if extra is None else int(extra)


def merge_stack(stack: Sequence[Mapping[str, Value]], where: str) -> dict[str, Value]:
    """Merged terrain of one hex from its tiles, ordered bottom (ground) to top.

    Returns the merged property dict (our property names, no bridge level yet) so that
    overrides can replace entries before :func:`to_spec` builds the HexSpec.
    """
    out: dict[str, Value] = {}
    levels = [int(p["level"]) for p in stack if "level" in p]
    if levels:
        out["level"] = resolve_level(levels)  # MOV-14
    depths = [int(p["water"]) for p in stack if "water" in p]
    if depths:
        out["water"] = resolve_depth(depths)  # MOV-14
    for props in stack:  # later (upper) tiles win: feature over ground
        if "woods" in props:
            out["woods"] = props["woods"]
        if "terrain" in props:
            out["terrain"] = props["terrain"]
        if "road_exits" in props:
            out["road_exits"] = props["road_exits"]
    for flag in FLAGS:  # MOV-15: terrain stacks
        if any(p.get(flag) is True for p in stack):
            out[flag] = True
    for kind in ("building", "bridge"):
        picked = _pick_structure(stack, kind, where)
        if picked is not None:
            cls, cf, extra = picked
            out[kind] = BUILDING_CLASSES[cls]
            out[f"{kind}_cf"] = cf
            out["building_height" if kind == "building" else "bridge_level_offset"] = extra
    return out


def apply_override(merged: dict[str, Value], override: Mapping[str, Value], where: str) -> None:
    """Replace merged values by an override object's properties (in place).

    A new building or bridge class without a CF takes the class default CF, so that
    turning a light building into a heavy one never leaves a light CF behind.
    """
    for kind, extra in (("building", "building_height"), ("bridge", "bridge_level_offset")):
        if kind in override:
            if override[kind] == "none":
                for k in (kind, f"{kind}_cf", extra):
                    merged.pop(k, None)
                continue
            merged[kind] = override[kind]
            merged[f"{kind}_cf"] = DEFAULT_CF[CLASS_INDEX[str(override[kind])]]
            merged.setdefault(extra, 1 if kind == "building" else 0)
    for key, value in override.items():
        if key in ("building", "bridge"):
            continue
        if key.startswith("building_") and "building" not in merged:
            raise MapError(f"{where}: property '{key}' is set but the hex has no building.")
        if key.startswith("bridge_") and "bridge" not in merged:
            raise MapError(f"{where}: property '{key}' is set but the hex has no bridge.")
        merged[key] = value
    for kind in ("building", "bridge"):
        if kind in merged:
            cls = CLASS_INDEX[str(merged[kind])]
            if int(merged[f"{kind}_cf"]) > CF_RANGES[cls][1]:  # MOV-26
                raise MapError(
                    f"{where}: property '{kind}_cf' is {merged[f'{kind}_cf']}, above the "
                    f"{merged[kind]} class maximum of {CF_RANGES[cls][1]} (MOV-26)."
                )


def to_spec(merged: Mapping[str, Value], where: str) -> HexSpec:
    """The HexSpec of merged properties; bridge level = hex level + offset.

    Terrain the rules forbid (woods in deep water, a building in deep water) is a
    MapError naming ``where``.
    """
    kw: dict[str, int | bool] = {}
    for prop, name in TILE_FIELD.items():  # one tile property per board field
        if prop in merged and prop != "road_exits":
            value = merged[prop]
            kind = TERRAIN[name].kind
            kw[name] = CLASS_INDEX[str(value)] if kind == "class" else value  # type: ignore[assignment]
    level = int(kw.get("level", 0))
    kw["bridge_level"] = level + int(kw.get("bridge_level", 0)) if "bridge" in merged else 0
    spec = HexSpec(**kw)  # type: ignore[arg-type]
    exits = merged.get("road_exits")
    if exits is not None:
        if not spec.road:  # MOV-24: exits belong to a road; painting one is explicit
            raise MapError(
                f"{where}: property 'road_exits' is {exits_text(exits)!r} "  # type: ignore[arg-type]
                "but the hex has no road (paint a road or bridge tile, or set road = true)."
            )
        spec = replace(spec, road_exits=tuple(exits))  # type: ignore[arg-type]
    try:
        validate_spec(spec, where)
    except BoardError as e:
        raise MapError(f"{e}.") from None
    return spec
