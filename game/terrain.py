"""The terrain list: every property a hex can have, in one place.

The board's arrays, the scenario reader and writer, the Tiled map schema and
``docs/terrain.md`` all derive from :data:`FIELDS`; adding a terrain property means adding
one entry here (and the rule that reads it). Each entry names

* the board array (``Board.<name>``, also the ``HexSpec`` field) and its numpy dtype,
* its key in a scenario's hex object (``"building.cf"`` is the ``cf`` key of the hex's
  ``building`` object, docs/scenario-format.md),
* the tile property a map maker paints on a Tiled tile (docs/maps.md), with its own range
  where it differs (a bridge deck is painted as an offset above the hex), and whether a
  tile carrying it is a *feature* that wins conflicts over a ground tile.

This module holds data only; it imports nothing of the game. ``tools/terrain_docs.py``
writes the tables of the docs from it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

NO_WATER = -1  # water array value for a hex that holds no water

# Building / bridge classes (MOV-08, MOV-26, PSR-08; GAP G07 filled values).
BUILDING_CLASSES = ("none", "light", "medium", "heavy", "hardened")
CLASS_INDEX = {name: i for i, name in enumerate(BUILDING_CLASSES)}
# Standard CF ranges per class (MOV-26): light 1-15, medium 16-40, heavy 41-90, hardened 91-150.
CF_RANGES = {1: (1, 15), 2: (16, 40), 3: (41, 90), 4: (91, 150)}
DEFAULT_CF = {1: 15, 2: 40, 3: 90, 4: 150}
WOODS_NAMES = ("none", "light", "heavy", "ultra-heavy")


@dataclass(frozen=True, slots=True)
class TileProp:
    """One custom property a Tiled tile (or an override object) may carry."""

    name: str
    kind: str  # "int", "bool", "class" (building/bridge class name), "exits" or "text"
    meaning: str
    lo: int = 0
    hi: int = 0
    feature: bool = False  # a tile carrying it is a feature: it wins over ground tiles
    values: str = ""  # the values column of docs/maps.md, when lo..hi does not say it


@dataclass(frozen=True, slots=True)
class Field:
    """One terrain property of a hex: a board array, a scenario key and a tile property."""

    name: str  # Board array and HexSpec field
    dtype: type
    kind: str  # "int", "flag", "exits" (a 6-bit mask of facings) or "class"
    lo: int  # allowed values (classes: an index of BUILDING_CLASSES), besides the default
    hi: int
    default: int  # the value of a clear hex (water: NO_WATER, outside lo..hi)
    label: str  # how messages and hover panels name it
    scenario: str  # key in a scenario's hex object; "a.b" is key b of the object a
    meaning: str  # what the scenario key holds (docs/scenario-format.md)
    rule: str  # the rule IDs that read it
    tile: TileProp | None  # the tile property that sets it on a Tiled map


def _tile(
    name: str, kind: str, meaning: str, lo: int = 0, hi: int = 0, *, feature: bool, values: str = ""
) -> TileProp:
    return TileProp(name, kind, meaning, lo, hi, feature, values)


_CLASSES = "`light`, `medium`, `heavy`, `hardened`"
FIELDS: tuple[Field, ...] = (
    Field(
        "level", np.int16, "int", -20, 50, 0, "level", "level",
        "the height of the hex (default 0); for water, the height of its surface",
        "MOV-13, MOV-14",
        _tile("level", "int", "height of the hex in levels; for water, the level of the surface",
              -20, 50, feature=False),
    ),
    Field(
        "water", np.int8, "int", 0, 20, NO_WATER, "water depth", "water",
        "the hex is water of this depth; 0 is very shallow; the bottom lies at `level - water`",
        "MOV-12",
        _tile("water", "int", "the hex is water of this depth (0 = shallow); its bottom is "
              "level - depth (MOV-12)", 0, 20, feature=False),
    ),
    Field(
        "woods", np.int8, "int", 0, 3, 0, "woods", "woods",
        "1 light, 2 heavy, 3 ultra-heavy woods (0 or absent: none)", "MOV-08, MOV-10",
        _tile("woods", "int", "1 light, 2 heavy, 3 ultra-heavy woods (0 = none)",
              0, 3, feature=True),
    ),
    Field(
        "rough", np.bool_, "flag", 0, 1, 0, "rough", "rough",
        "rough, rocky ground", "MOV-08, MOV-11",
        _tile("rough", "bool", "rough, rocky ground", feature=False),
    ),
    Field(
        "rubble", np.bool_, "flag", 0, 1, 0, "rubble", "rubble",
        "rubble of a collapsed building", "MOV-08, MOV-15",
        _tile("rubble", "bool", "rubble of a collapsed building", feature=True),
    ),
    Field(
        "pavement", np.bool_, "flag", 0, 1, 0, "pavement", "pavement",
        "paved ground", "MOV-24, MOV-25, PSR-08",
        _tile("pavement", "bool", "paved ground", feature=False),
    ),
    Field(
        "road", np.bool_, "flag", 0, 1, 0, "road", "road",
        "a road runs through the hex; neighbouring road hexes are joined to each other",
        "MOV-24",
        _tile("road", "bool", "a road runs through the hex; touching road hexes are joined "
              "(unless exits are given)", feature=True),
    ),
    Field(
        "road_exits", np.uint8, "exits", 0, 63, 0, "road exits", "road_exits",
        "overrides the automatic joining: the hexsides the road leaves by", "MOV-24",
        _tile("road_exits", "exits", "the hexsides the road leaves the hex by (MOV-24); see "
              "[Road exits](#road-exits)", feature=True,
              values="facings, e.g. `N,S` or `0,3`; `none`"),
    ),
    Field(
        "building_class", np.int8, "class", 0, 4, 0, "building class", "building.class",
        f"one of {_CLASSES} (required)", "MOV-08, MOV-32",
        _tile("building", "class", "building class", feature=True),
    ),
    Field(
        "building_cf", np.int16, "int", 0, 150, 0, "building CF", "building.cf",
        "its construction factor (default by class: 15, 40, 90, 150)", "MOV-26, MOV-32",
        _tile("building_cf", "int", "construction factor (MOV-26: light 15, medium 40, heavy 90, "
              "hardened 150)", 1, 150, feature=True, values="1..150, at most the class maximum"),
    ),
    Field(
        "building_height", np.int8, "int", 1, 20, 0, "building height", "building.height",
        "in levels (default 1)", "MOV-08, MOV-13",
        _tile("building_height", "int", "building height in levels (default 1)", 1, 20,
              feature=True),
    ),
    Field(
        "bridge_class", np.int8, "class", 0, 4, 0, "bridge class", "bridge.class",
        "as for buildings (default `medium`)", "MOV-26",
        _tile("bridge", "class", "bridge class; a bridge tile also carries `road = true`",
              feature=True),
    ),
    Field(
        "bridge_cf", np.int16, "int", 0, 150, 0, "bridge CF", "bridge.cf",
        "(default by class)", "MOV-26, MOV-27",
        _tile("bridge_cf", "int", "bridge construction factor", 1, 150, feature=True,
              values="1..150, at most the class maximum"),
    ),
    Field(
        "bridge_level", np.int16, "int", -20, 50, 0, "bridge level", "bridge.level",
        "(default the hex's level; not below it)", "MOV-26, MOV-28",
        _tile("bridge_level_offset", "int", "the deck's level above the hex level (default 0: "
              "bridge level = hex level)", 0, 20, feature=True),
    ),
)  # fmt: skip
# What a scenario's structure object is, before its keys (docs/scenario-format.md).
STRUCTURE_MEANING = {
    "building": "a building",
    "bridge": "a bridge carrying a road over the hex at height `level`",
}
# A tile property that no board array holds.
TILE_ONLY: tuple[TileProp, ...] = (
    TileProp("terrain", "text", "a human name for the tile; informational only", values="anything"),
)


def _structures(fields: tuple[Field, ...]) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for f in fields:
        if "." in f.scenario:
            obj, key = f.scenario.split(".")
            out.setdefault(obj, {})[key] = f.name
    return out


BY_NAME: dict[str, Field] = {f.name: f for f in FIELDS}
ARRAY_FIELDS: tuple[str, ...] = tuple(f.name for f in FIELDS)
DTYPES: dict[str, type] = {f.name: f.dtype for f in FIELDS}
FLAGS: tuple[str, ...] = tuple(f.name for f in FIELDS if f.kind == "flag")
# Plain integer fields written at the top of a scenario hex object (level, water, woods).
SCALARS: tuple[str, ...] = tuple(
    f.name for f in FIELDS if f.kind == "int" and "." not in f.scenario
)
# Structures: scenario object -> {its key: board field}, e.g. building -> {class: ...}.
STRUCTURES: dict[str, dict[str, str]] = _structures(FIELDS)
SCENARIO_KEYS: tuple[str, ...] = tuple(dict.fromkeys(f.scenario.split(".")[0] for f in FIELDS))
TILE_PROPERTIES: tuple[TileProp, ...] = (
    *(f.tile for f in FIELDS if f.tile is not None),
    *TILE_ONLY,
)
FEATURE_PROPS: frozenset[str] = frozenset(p.name for p in TILE_PROPERTIES if p.feature)
# Tile property -> board field (a bridge's deck is painted as an offset, bridge_level).
TILE_FIELD: dict[str, str] = {f.tile.name: f.name for f in FIELDS if f.tile is not None}


def allowed(f: Field, value: int) -> bool:
    """Whether ``value`` is one the field may hold: in its range, or its default."""
    return f.lo <= value <= f.hi or value == f.default


def scenario_table() -> str:
    """The hex-key table of docs/scenario-format.md."""
    rows = ["| Key | Value | Meaning |", "|-----|-------|---------|"]
    for key in SCENARIO_KEYS:
        if key in STRUCTURES:
            part = STRUCTURES[key]
            value = "`{" + ", ".join(f'"{k}"' for k in part) + "}`"
            keys = "; ".join(f"`{k}` {BY_NAME[name].meaning}" for k, name in part.items())
            rows.append(f"| `{key}` | {value} | {STRUCTURE_MEANING[key]}: {keys} |")
            continue
        f = BY_NAME[key]
        value = {
            "flag": "true / false",
            "exits": "list of facings 0..5",
            "int": f"whole number {f.lo}..{f.hi}",
        }[f.kind]
        rows.append(f"| `{key}` | {value} | {f.meaning} |")
    return "\n".join(rows)


def tile_table() -> str:
    """The property table of docs/maps.md."""
    rows = ["| Property | Type | Values | Meaning |", "|----------|------|--------|---------|"]
    for p in TILE_PROPERTIES:
        kind = {"class": "text", "exits": "text"}.get(p.kind, p.kind)
        rows.append(f"| `{p.name}` | {kind} | {p.values or _tile_values(p)} | {p.meaning} |")
    return "\n".join(rows)


def overview() -> str:
    """docs/terrain.md: the three views of each terrain property side by side."""
    lines = [
        "# Terrain properties",
        "",
        "<!-- Generated by `python tools/terrain_docs.py` from game/terrain.py; a test fails",
        "     when the docs and the list differ. -->",
        "",
        "Every property a hex can have, in the three places it appears: the board holds one",
        "array per property (the rules read these); a scenario writes it in the hex's object",
        "([scenario-format.md](scenario-format.md)); a Tiled map sets it with a tile's custom",
        "property ([maps.md](maps.md)). A hex with none of them is clear level-0 ground.",
        "",
        "| Board array | Scenario key | Tile property | Feature tile | Rules |",
        "|---|---|---|---|---|",
    ]
    for f in FIELDS:
        t = f.tile
        tile = f"`{t.name}`" if t else "-"
        feature = "yes" if t and t.feature else "no"
        lines.append(f"| `{f.name}` | `{f.scenario}` | {tile} | {feature} | {f.rule} |")
    lines += [
        "",
        "Tile properties that no board array holds: "
        + ", ".join(f"`{p.name}` ({p.meaning})" for p in TILE_ONLY)
        + ".",
        "",
        "A *feature* tile (one carrying any property marked yes) wins conflicts over a",
        "ground tile in the same hex; flags stack (any layer setting one sets it, MOV-15);",
        "levels and water depths resolve by MOV-14. Building and bridge classes are",
        f"{', '.join(BUILDING_CLASSES[1:])}; their CF ranges (MOV-26) are "
        + ", ".join(f"{BUILDING_CLASSES[c]} {lo}-{hi}" for c, (lo, hi) in CF_RANGES.items())
        + ".",
        "",
    ]
    return "\n".join(lines)


def _tile_values(t: TileProp) -> str:
    if t.kind == "int":
        return f"{t.lo}..{t.hi}"
    if t.kind == "bool":
        return "true / false"
    if t.kind == "class":
        return "light, medium, heavy, hardened, none"
    return ""
