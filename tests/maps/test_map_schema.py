"""Terrain properties and the per-hex merge of tile layers (MOV-14, MOV-15, EX-MOV-05)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.board import CLASS_INDEX, DEFAULT_CF
from game.maps import MapError
from game.maps.schema import (
    apply_override,
    merge_stack,
    parse_props,
    parse_value,
    resolve_depth,
    resolve_level,
    to_spec,
)

W = "test.tmx, hex 0505"


def spec(*stack: dict, overrides: dict | None = None):
    merged = merge_stack([parse_props(p, W) for p in stack], W)
    if overrides:
        apply_override(merged, parse_props(overrides, W), W)
    return to_spec(merged, W)


@pytest.mark.parametrize(
    ("levels", "expected"),
    [({0, 2}, 0), ({1, 3}, 1), ({-2, 1}, 1), ({2}, 2), ({-1, -2}, -1), ({3, 0, -1}, 0)],
)
def test_ex_mov_05_level_conflicts(levels: set[int], expected: int) -> None:  # MOV-14
    assert resolve_level(sorted(levels)) == expected
    tiles = [{"level": v} for v in sorted(levels)]
    assert spec(*tiles).level == expected
    assert spec(*reversed(tiles)).level == expected  # layer order does not matter


def test_ex_mov_05_water_depth_conflict_takes_shallowest() -> None:  # MOV-14 rule 3
    assert resolve_depth([1, 3]) == 1
    assert spec({"water": 3}, {"water": 1}).water == 1
    assert spec({"water": 1}, {"water": 3}).water == 1


@given(st.lists(st.integers(-20, 50), min_size=1, max_size=5))
def test_resolved_level_is_shown_and_closest_to_zero(levels: list[int]) -> None:  # MOV-14
    got = resolve_level(levels)
    assert got in levels
    assert all(abs(got) <= abs(v) for v in levels)
    if 0 in levels:
        assert got == 0


def test_terrain_stacks_rough_and_rubble() -> None:  # MOV-15, EX-MOV-06
    s = spec({"rough": True}, {"rubble": "true"})
    assert s.rough and s.rubble


def test_woods_on_a_hill_and_road_on_a_bridge() -> None:  # MOV-15
    hill = spec({"terrain": "clear"}, {"level": 2}, {"woods": 2})
    assert (hill.level, hill.woods) == (2, 2)
    bridge = spec({"water": 2}, {"bridge": "medium", "bridge_cf": 40, "road": True})
    assert bridge.water == 2 and bridge.road and bridge.bridge_class == CLASS_INDEX["medium"]
    assert (bridge.bridge_cf, bridge.bridge_level) == (40, 0)


def test_bridge_level_is_hex_level_plus_offset() -> None:
    s = spec({"level": 1}, {"water": 1}, {"bridge": "heavy", "bridge_level_offset": 2})
    assert s.level == 1 and s.bridge_level == 3
    assert s.bridge_cf == DEFAULT_CF[CLASS_INDEX["heavy"]]


def test_upper_feature_tile_wins_a_class_conflict() -> None:
    # Stacks are passed bottom to top (the loader sorts: ground tiles first, then by layer).
    assert spec({"woods": 1}, {"woods": 3}).woods == 3
    assert spec({"woods": 3}, {"woods": 1}).woods == 1
    s = spec({"building": "light", "building_cf": 10}, {"building": "heavy"})
    assert s.building_class == CLASS_INDEX["heavy"] and s.building_cf == 90  # its own default


def test_building_defaults_and_loose_cf() -> None:
    s = spec({"building": "Medium"}, {"building_cf": 20, "building_height": 4})
    assert (s.building_class, s.building_cf, s.building_height) == (2, 20, 4)
    assert spec({"building": "light"}).building_height == 1
    with pytest.raises(MapError, match="'building_cf' is set but the hex has no building"):
        spec({"building_cf": 20})


def test_cf_above_class_maximum_is_refused() -> None:  # MOV-26
    with pytest.raises(MapError, match="MOV-26"):
        spec({"building": "light", "building_cf": 40})


def test_overrides_replace_merged_values() -> None:
    s = spec({"building": "heavy"}, overrides={"building_cf": 60})
    assert s.building_cf == 60 and s.building_class == 3
    s = spec({"building": "heavy"}, overrides={"building": "light"})
    assert (s.building_class, s.building_cf) == (1, 15)
    s = spec({"woods": 2, "level": 2}, overrides={"woods": 0, "level": 1})
    assert (s.woods, s.level) == (0, 1)
    s = spec({"building": "heavy"}, overrides={"building": "none"})
    assert s.building_class == 0 and s.building_cf == 0
    with pytest.raises(MapError, match="no bridge"):
        spec({"level": 1}, overrides={"bridge_cf": 10})


@pytest.mark.parametrize(
    ("name", "raw", "value"),
    [
        ("level", "3", 3),
        ("level", 2.0, 2),
        ("level", -2, -2),
        ("rough", "TRUE", True),
        ("rough", "0", False),
        ("road", True, True),
        ("building", "hardened", "hardened"),
        ("terrain", "anything at all", "anything at all"),
    ],
)
def test_values_parse_from_tiled_strings_and_types(name: str, raw: object, value: object) -> None:
    assert parse_value(name, raw, W) == value


@pytest.mark.parametrize(
    ("name", "raw", "words"),
    [
        ("level", "high", "whole number"),
        ("level", 1.5, "whole number"),
        ("level", True, "whole number"),
        ("woods", 4, "between 0 and 3"),
        ("water", -1, "between 0 and 20"),
        ("rough", "maybe", "true or false"),
        ("building", "castle", "light, medium, heavy or hardened"),
        ("building_cf", 0, "between 1 and 150"),
    ],
)
def test_bad_values_name_file_hex_and_property(name: str, raw: object, words: str) -> None:
    with pytest.raises(MapError) as err:
        parse_value(name, raw, W)
    msg = str(err.value)
    assert msg.startswith("test.tmx, hex 0505: property ") and f"'{name}'" in msg
    assert words in msg and "\n" not in msg


def test_unknown_property_names_are_errors_but_pytmx_keys_are_skipped() -> None:
    with pytest.raises(MapError, match="'wood' is not a terrain property"):
        parse_props({"wood": 1}, W)
    assert parse_props(
        {"id": 4, "width": 84, "frames": [], "level": 1}, W, skip={"id", "width", "frames"}
    ) == {"level": 1}


def test_terrain_the_rules_forbid_is_a_map_error() -> None:
    with pytest.raises(MapError, match="hex 0505: woods cannot grow in water"):
        spec({"water": 2}, {"woods": 1})
    assert spec({"water": 0}, {"woods": 1}).woods == 1  # shallow water may hold woods
