"""PSR triggers and their modifier lists (PSR-04..12, PSR-22..29, MOV-11)."""

from __future__ import annotations

import pytest
from movekit import H, board, move, targets, unit

from game.core.options import CLASSIC
from game.rules.piloting.psr import (
    PSR,
    Modifier,
    building_modifiers,
    psr_base_modifiers,
    skid_modifier,
    water_modifier,
)


def test_ex_psr_01_three_depth_1_water_hexes_three_psrs_tn_4():
    b = board({"0504": {"water": 1}, "0503": {"water": 1}, "0502": {"water": 1}})
    r = move(b, unit(walk=7), ["F", "F", "F"])
    assert r.legal and targets(r) == [4, 4, 4]
    assert [p.step for p in r.psrs] == [0, 1, 2]
    assert [p.at for p in r.psrs] == [H("0504"), H("0503"), H("0502")]
    assert r.psrs[0].to_json() == {
        "step": 0,
        "reason": "entering depth 1 water",
        "target": 4,
        "modifiers": [
            {"reason": "piloting skill", "value": 5},
            {"reason": "depth 1 water", "value": -1},
        ],
    }


@pytest.mark.parametrize(("depth", "value"), [(1, -1), (2, 0), (3, 1), (5, 1)])
def test_psr_08_water_depth_modifiers(depth, value):
    assert water_modifier(depth).value == value


def test_mov_11_entering_deeper_water_rolls_at_its_depth():
    b = board({"0504": {"water": 1}, "0503": {"water": 2}})
    r = move(b, unit(walk=9), ["F", "F"])
    assert targets(r) == [4, 5]


def test_ex_mov_06_rubble_psr_modifier_0():
    r = move(board({"0504": {"rubble": True, "rough": True}}), unit(), ["F"])
    assert r.mp_used == 3 and [(p.kind, p.target) for p in r.psrs] == [("rubble", 5)]


def test_psr_08_pre_existing_damage_is_added_to_every_roll():
    u = unit(gyro=1, hips=1, leg_actuators=2, walk=9)
    mods = psr_base_modifiers(u)
    assert sum(m.value for m in mods) == 5 + 3 + 2 + 2
    r = move(board({"0504": {"water": 1}}), u, ["F"])
    assert targets(r) == [5 + 3 + 2 + 2 - 1]


def test_psr_08_destroyed_leg_plus_5_and_20_damage_plus_1():
    u = unit(legs_destroyed=1, phase_damage=20)
    assert [m.value for m in psr_base_modifiers(u)] == [5, 5, 1]


def test_psr_10_quad_minus_2_only_with_all_legs():
    assert psr_base_modifiers(unit(kind="quad"))[-1] == Modifier(-2, "four-legged Mech")
    assert all(m.value != -2 for m in psr_base_modifiers(unit(kind="quad", legs_destroyed=1)))


def test_psr_04_vehicles_and_infantry_make_no_falling_rolls():
    b = board({"0504": {"rubble": True}})
    assert move(b, unit(kind="tracked"), ["F"]).psrs == ()
    assert move(b, unit(kind="infantry"), ["F"]).psrs == ()
    assert move(board({"0504": {"water": 2}}), unit(kind="hover"), ["F"]).psrs == ()


def test_psr_05_automatic_failure_target():
    p = PSR(0, "x", "water", (Modifier(5, "piloting skill"),), auto_fail=True)
    assert p.target == "auto-fail" and p.to_json()["target"] == "auto-fail"


def test_mov_23_stand_psr_with_gyro_hit_tn_8():
    r = move(board(), unit(prone=True, gyro=1), ["U"])
    assert [(p.kind, p.target, p.step) for p in r.psrs] == [("stand", 8, 0)]


def test_psr_12_running_with_damaged_gyro_rolls_after_the_move():
    r = move(board(), unit(gyro=1, walk=6), ["F", "F"], mode="run")
    assert [(p.kind, p.step, p.target) for p in r.psrs] == [("run-damage", 1, 8)]
    assert r.psrs[0].at == H("0503")


def test_psr_12_running_with_hip_destroyed():
    r = move(board(), unit(hips=1, walk=6), ["F"], mode="run")
    assert [p.kind for p in r.psrs] == ["run-damage"] and r.psrs[0].target == 7


def test_psr_12_walking_with_damage_needs_no_roll():
    assert move(board(), unit(gyro=1), ["F"]).psrs == ()


def test_psr_12_jump_landing_with_leg_actuator_damage():
    r = move(board(), unit(jump=4, leg_actuators=1), ["J:0503", "FACE:2"], mode="jump")
    assert [(p.kind, p.step, p.target, p.at) for p in r.psrs] == [("jump-landing", 0, 6, H("0503"))]


def test_psr_12_classic_gyro_roll_at_start_of_run():
    r = move(board(), unit(gyro=1, walk=6), ["F"], mode="run", rules=CLASSIC)
    assert [(p.kind, p.step) for p in r.psrs] == [("run-damage", -1)]


def test_psr_12_classic_no_landing_roll_for_actuators_only_for_lost_leg():
    r = move(board(), unit(jump=4, leg_actuators=1), ["J:0503"], "jump", rules=CLASSIC)
    assert r.legal and r.psrs == ()
    r = move(board(), unit(jump=4, legs_destroyed=1), ["J:0503"], "jump", rules=CLASSIC)
    assert [(p.kind, p.target) for p in r.psrs] == [("jump-landing", 10)]


# PSR-22/23 skids
@pytest.mark.parametrize(
    ("hexes", "value"),
    [(0, -1), (2, -1), (3, 0), (4, 0), (5, 1), (7, 1), (8, 2), (10, 2), (11, 4), (17, 4),
     (18, 5), (24, 5), (25, 6)],
)  # fmt: skip
def test_psr_23_skid_table(hexes, value):
    assert skid_modifier(hexes).value == value


def road_column(length: int = 9) -> dict:
    return {f"05{r:02d}": {"road": True, "pavement": True} for r in range(1, length + 1)}


def test_psr_22_running_mech_turning_on_pavement_then_entering_skid_roll():
    b = board({**road_column(), "0604": {"pavement": True}})
    r = move(b, unit(at="0509", walk=6), ["F"] * 5 + ["R", "F"], mode="run")
    skid = [p for p in r.psrs if p.kind == "skid"]
    assert r.legal and len(skid) == 1
    p = skid[0]
    assert (p.step, p.target, p.at) == (6, 5 + 1, H("0504"))
    assert dict(p.context) == {"hexes_moved_before": 5, "direction_before": 0}


def test_ex_psr_05_seven_hexes_then_turn_tn_6():
    b = board({**road_column(10), "0602": {}}, h=12)
    r = move(b, unit(at="0510", walk=6), ["F"] * 7 + ["R", "F"], mode="run")
    assert [p.target for p in r.psrs if p.kind == "skid"] == [6]


def test_psr_22_no_skid_when_walking_or_off_pavement_or_no_entry():
    b = board(road_column())
    assert not [p for p in move(b, unit(at="0509"), ["F", "R", "F"]).psrs if p.kind == "skid"]
    assert not move(board(), unit(walk=6), ["F", "R", "F"], mode="run").psrs
    assert not move(b, unit(at="0509", walk=6), ["F", "R"], mode="run").psrs


def test_psr_22_tracked_vehicles_skid_infantry_never():
    b = board({**road_column(), "0604": {"pavement": True}})
    r = move(b, unit(kind="tracked", at="0506", walk=4), ["F", "R", "F"], mode="run")
    assert [p.kind for p in r.psrs] == ["skid"]
    r2 = move(b, unit(kind="infantry", at="0506", walk=4), ["F", "R", "F"], mode="run")
    assert r2.psrs == ()


def test_psr_28_hover_sideslips_on_any_terrain_after_a_turn_at_flank():
    r = move(board(), unit(kind="hover", walk=6), ["F", "F", "R", "F"], mode="run")
    assert [(p.kind, p.step, p.target) for p in r.psrs] == [("sideslip", 3, 5)]
    assert dict(r.psrs[0].context) == {"hexes_moved_before": 2, "direction_before": 0}
    assert move(board(), unit(kind="hover", walk=6), ["F", "R", "F"]).psrs == ()


# PSR-08 buildings
def test_psr_08_building_modifiers_table():
    assert [m.value for m in building_modifiers(2, 1)] == [1]
    assert [m.value for m in building_modifiers(4, 5)] == [5, 2]
    assert [m.value for m in building_modifiers(1, 10)] == [0, 4]


def test_psr_08_entering_and_leaving_a_building():
    hb = {"building_class": 3, "building_cf": 60, "building_height": 2}
    b = board({"0504": hb})
    r = move(b, unit(walk=9), ["F", "F"])
    assert [(p.kind, p.reason, p.target) for p in r.psrs] == [
        ("building", "entering a building", 5 + 2),
        ("building", "leaving a building", 5 + 2),
    ]


def test_psr_04_vehicles_roll_to_enter_buildings():
    hb = {"building_class": 1, "building_cf": 10, "building_height": 1}
    r = move(board({"0504": hb}), unit(kind="tracked"), ["F"])
    assert [p.kind for p in r.psrs] == ["building"]


def test_psr_08_jumping_into_water_rolls_for_the_water():
    r = move(board({"0503": {"water": 2}}), unit(jump=3), ["J:0503"], mode="jump")
    assert [(p.kind, p.target, p.step) for p in r.psrs] == [("water", 5, 0)]
    assert move(board({"0503": {"rubble": True}}), unit(jump=3), ["J:0503"], "jump").psrs == ()
