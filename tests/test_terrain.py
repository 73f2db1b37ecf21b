"""The terrain list (game/terrain.py) is the one place terrain properties are named.

The board's arrays, the scenario reader and writer, the Tiled map schema and the docs'
tables all derive from it; these tests fail when one of them drifts from the list.
"""

from __future__ import annotations

import importlib.util
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import Board, BoardError, HexSpec, build_board, validate_spec
from game.core.files import ScenarioError
from game.hexgrid import Hex
from game.maps import schema
from game.scenario.reader import HEX_KEYS, parse_scenario
from game.scenario.writer import board_to_json
from game.terrain import (
    ARRAY_FIELDS,
    BY_NAME,
    CF_RANGES,
    FEATURE_PROPS,
    FIELDS,
    FLAGS,
    SCALARS,
    SCENARIO_KEYS,
    STRUCTURES,
    TILE_FIELD,
    TILE_PROPERTIES,
)

ROOT = Path(__file__).resolve().parents[1]


def test_the_board_and_a_hex_spec_hold_exactly_the_listed_fields_in_order() -> None:
    board = [f.name for f in fields(Board)]
    assert tuple(board[: len(ARRAY_FIELDS)]) == ARRAY_FIELDS
    assert board[len(ARRAY_FIELDS) :] == ["name", "zones"]
    assert tuple(f.name for f in fields(HexSpec)) == ARRAY_FIELDS
    b = build_board(3, 2)
    for f in FIELDS:
        a = getattr(b, f.name)
        assert a.dtype == f.dtype and (a == f.default).all(), f.name


def test_the_scenario_keys_and_tile_properties_are_the_lists() -> None:
    assert HEX_KEYS == SCENARIO_KEYS
    assert (*SCALARS[:3], *FLAGS, "road_exits", "building", "bridge") == SCENARIO_KEYS
    assert STRUCTURES == {
        "building": {"class": "building_class", "cf": "building_cf", "height": "building_height"},
        "bridge": {"class": "bridge_class", "cf": "bridge_cf", "level": "bridge_level"},
    }
    assert schema.PROPERTIES == TILE_PROPERTIES
    assert schema.FEATURE_PROPS == FEATURE_PROPS
    assert set(TILE_FIELD.values()) == set(ARRAY_FIELDS)  # every field can be painted


def test_the_docs_tables_are_written_from_the_list() -> None:
    spec = importlib.util.spec_from_file_location("terrain_docs", ROOT / "tools/terrain_docs.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    for path, text in tool.rendered(ROOT).items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is out of date: run python tools/terrain_docs.py"
        )
    maps = (ROOT / "docs/maps.md").read_text(encoding="utf-8")
    for p in TILE_PROPERTIES:
        assert f"| `{p.name}` |" in maps


def test_a_stale_table_is_noticed(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("terrain_docs", ROOT / "tools/terrain_docs.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    (tmp_path / "docs").mkdir()
    for doc in tool.TABLES:
        text = (ROOT / doc).read_text(encoding="utf-8")
        for row in ("| `rough` | bool |", "| `rough` | true / false |"):
            text = text.replace(row, row.replace("rough", "ruff"))
        (tmp_path / doc).write_text(text, encoding="utf-8")
    stale = [(tmp_path / d).read_text(encoding="utf-8") for d in tool.TABLES]
    assert all("| `ruff` |" in t for t in stale)
    out = tool.rendered(tmp_path)
    assert all("| `ruff` |" not in t for t in out.values())


@pytest.mark.parametrize("name", SCALARS)
def test_each_scalar_range_is_enforced_by_the_board_and_the_reader(name: str) -> None:
    f = BY_NAME[name]
    for bad in (f.lo - 1 if f.lo - 1 != f.default else f.lo - 2, f.hi + 1):
        with pytest.raises(BoardError, match=f.label):
            validate_spec(HexSpec(**{name: bad}), "hex 0101")
        data = {"version": 1, "board": {"width": 2, "height": 2, "hexes": {"0101": {name: bad}}},
                "units": []}  # fmt: skip
        with pytest.raises(ScenarioError, match=name):
            parse_scenario(data, Path("t.json"))
    validate_spec(HexSpec(**{name: f.hi}), "hex 0101")


def _spec(draw: Any) -> HexSpec:
    kw: dict[str, Any] = {"level": draw(st.integers(-20, 50))}
    kw["water"] = draw(st.sampled_from([-1, 0, 1, 3, 20]))
    if kw["water"] <= 0:
        kw["woods"] = draw(st.integers(0, 3))
    for flag in FLAGS:
        kw[flag] = draw(st.booleans())
    if kw["water"] <= 0 and draw(st.booleans()):
        cls = draw(st.integers(1, 4))
        kw["building_class"] = cls
        kw["building_cf"] = draw(st.integers(*CF_RANGES[cls]))
        kw["building_height"] = draw(st.integers(1, 20))
    if draw(st.booleans()):
        cls = draw(st.integers(1, 4))
        kw |= {"bridge_class": cls, "bridge_cf": draw(st.integers(*CF_RANGES[cls]))}
        kw["bridge_level"] = draw(st.integers(kw["level"], min(kw["level"] + 20, 50)))
    return HexSpec(**kw)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_every_field_survives_a_scenario_write_and_read(data: st.DataObject) -> None:
    spec = _spec(data.draw)
    exits = data.draw(st.one_of(st.none(), st.sets(st.integers(0, 5), min_size=1)))
    if exits is not None:
        spec = HexSpec(**{**{f: getattr(spec, f) for f in ARRAY_FIELDS}, "road": True,
                          "road_exits": tuple(sorted(exits))})  # fmt: skip
    board = build_board(3, 3, {Hex(1, 1): spec})
    text = {"version": 1, "board": board_to_json(board), "units": []}
    back = parse_scenario(text, Path("t.json")).board
    for f in ARRAY_FIELDS:
        assert (getattr(back, f) == getattr(board, f)).all(), f


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_every_field_painted_as_tile_properties_reaches_the_board(data: st.DataObject) -> None:
    spec = _spec(data.draw)
    props: dict[str, Any] = {}
    for prop, name in TILE_FIELD.items():
        value = getattr(spec, name)
        f = BY_NAME[name]
        if name == "road_exits" or value == f.default:
            continue
        if f.kind == "class":
            value = ("none", "light", "medium", "heavy", "hardened")[value]
        if name.startswith("bridge_") and not spec.bridge_class:
            continue
        if name.startswith("building_") and not spec.building_class:
            continue
        props[prop] = value
    if spec.bridge_class:
        props["bridge_level_offset"] = spec.bridge_level - spec.level
    merged = schema.merge_stack([props], "hex 0101")
    assert schema.to_spec(merged, "hex 0101") == HexSpec(
        **{**{f: getattr(spec, f) for f in ARRAY_FIELDS}, "road_exits": None}
    )


def test_a_bridge_deck_above_the_highest_level_is_refused_on_a_map() -> None:
    # A deck painted as an offset may not leave the range a scenario can write back.
    merged = schema.merge_stack([{"level": 45, "bridge": "medium", "bridge_level_offset": 10}], "x")
    with pytest.raises(schema.MapError, match="bridge level 55 is outside -20..50"):
        schema.to_spec(merged, "maps/x.tmx, hex 0101")
