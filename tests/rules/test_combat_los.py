"""Line of sight (CMB-02..06, CMB-17/18) and the hex line it rests on."""

from __future__ import annotations

import pytest
from combatkit import board
from hypothesis import given, settings
from hypothesis import strategies as st

from game.hexgrid import Hex, parse_hex_name
from game.rules.combat.lines import crossed_hexes, crossed_naive
from game.rules.combat.los import line_of_sight, standing_mech_at


def los(hexes: dict, a: str = "0505", b: str = "0509") -> dict:
    bd = board(hexes)
    return line_of_sight(
        bd, standing_mech_at(bd, parse_hex_name(a)), standing_mech_at(bd, parse_hex_name(b))
    ).to_json(bd)


def test_cmb_02_intervening_hexes_are_those_the_segment_crosses() -> None:
    assert los({})["intervening"] == ["0506", "0507", "0508"]
    # 0505 -> 0702 runs along hexsides (bearing 30): two defender's choices and 0603.
    steps = crossed_hexes(parse_hex_name("0505"), parse_hex_name("0702"))
    assert [len(s) for s in steps] == [2, 1, 2]
    assert los({}, "0505", "0506")["intervening"] == []  # adjacent: always LOS


def test_cmb_02_defender_takes_the_worse_hex_along_a_hexside() -> None:
    out = los({"0604": {"woods": 2}}, "0505", "0702")
    assert "0604" in out["intervening"] and out["woods"]["heavy"] == 1


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 25), st.integers(0, 25), st.integers(0, 25), st.integers(0, 25))
def test_cmb_02_numpy_crossing_equals_the_plain_python_one(a: int, b: int, c: int, d: int) -> None:
    assert crossed_hexes(Hex(a, b), Hex(c, d)) == crossed_naive(Hex(a, b), Hex(c, d))


def test_cmb_03_terrain_higher_than_both_blocks() -> None:
    out = los({"0507": {"level": 2}})
    assert not out["los"] and out["blocked_by"] == "0507"
    assert out["reason"] == "level 2 hill higher than both"
    assert los({"0507": {"level": 1}})["los"]  # CMB-03 / K27: level 1 only hides partly
    assert los({"0507": {"level": 2}, "0505": {"level": 2}})["los"]  # from the hill top


@pytest.mark.parametrize(
    ("woods", "clear", "modifier"),
    [([1], True, 1), ([2], True, 2), ([1, 1], True, 2), ([1, 2], False, 3), ([1, 1, 1], False, 3)],
)
def test_ex_cmb_01_woods_blocking(woods: list[int], clear: bool, modifier: int) -> None:
    hexes = {f"05{6 + i:02d}": {"woods": w} for i, w in enumerate(woods)}
    out = los(hexes)
    assert out["los"] is clear and out["terrain_modifier"] == modifier


def test_ex_cmb_01_target_in_heavy_woods() -> None:
    out = los({"0509": {"woods": 2}})
    assert out["los"] and out["terrain_modifier"] == 2 and out["woods"] == {"light": 0, "heavy": 0}


def test_cmb_04_woods_the_line_passes_above_do_not_count() -> None:
    out = los({"0505": {"level": 2}, "0509": {"level": 2}, "0507": {"woods": 2}})
    assert out["los"] and out["terrain_modifier"] == 0


def test_cmb_05_deep_water_cuts_a_mech_off() -> None:
    out = los({"0509": {"water": 2}})
    assert not out["los"] and out["reason"] == "target in depth 2 water"


def test_cmb_06_cumulative_woods_ultra_heavy_blocks_alone() -> None:
    out = los({"0507": {"woods": 3}})
    assert not out["los"] and out["woods"]["ultra"] == 1


def test_cmb_17_partial_cover_behind_a_level_one_hill() -> None:
    assert los({"0508": {"level": 1}})["partial_cover"]
    assert not los({"0507": {"level": 1}})["partial_cover"]  # not beside the target
    assert not los({"0508": {"level": 1}, "0505": {"level": 1}})["partial_cover"]  # from above
    assert not los({"0508": {"woods": 1}})["partial_cover"]  # trees never give cover


def test_cmb_18_depth_one_water_is_partial_cover() -> None:
    assert los({"0509": {"water": 1}})["partial_cover"]


@settings(max_examples=120, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 11), st.integers(0, 11), st.integers(0, 3), st.integers(0, 3)),
        max_size=25,
    ),
    st.integers(0, 11),
    st.integers(0, 11),
    st.integers(0, 11),
    st.integers(0, 11),
)
def test_los_is_symmetric_for_two_standing_mechs(
    cells: list, a: int, b: int, c: int, d: int
) -> None:
    hexes = {f"{x + 1:02d}{y + 1:02d}": {"level": lv, "woods": w} for x, y, lv, w in cells}
    bd = board(hexes, 12, 12)
    p, q = standing_mech_at(bd, Hex(a, b)), standing_mech_at(bd, Hex(c, d))
    assert line_of_sight(bd, p, q).los == line_of_sight(bd, q, p).los
