"""Step checking: modes, facing, backward, shifts, prone, minimum movement, stacking."""

from __future__ import annotations

import pytest
from movekit import H, board, move, unit

from game.core.options import CLASSIC
from game.rules.move.movement import advance, attacker_modifier, begin_move, target_modifier
from game.rules.move.steps import Step, StepError, parse_step

# ---- step tokens (docs/scenario-format.md)


@pytest.mark.parametrize(
    ("token", "step"),
    [
        ("F", Step("F")),
        ("br", Step("BR")),
        ("U:3", Step("U", facing=3)),
        ("FACE:5", Step("FACE", facing=5)),
        ("J:0507", Step("J", target=H("0507"))),
        ("J:101012", Step("J", target=H("101012"))),
    ],
)
def test_parse_step_tokens(token, step):
    assert parse_step(token) == step
    assert parse_step(step.token(200, 200) if step.kind == "J" else step.token()) == step


@pytest.mark.parametrize("token", ["X", "U:7", "FACE", "J:05", "J:abcd", ""])
def test_parse_step_rejects_bad_tokens_with_a_sentence(token):
    with pytest.raises(StepError, match="step"):
        parse_step(token)


def test_bad_token_is_an_illegal_step_not_an_exception():
    r = move(board(), unit(), ["F", "Q"])
    assert not r.legal and r.failed_step == 1 and "Q" in r.error and r.mp_used == 1


# ---- MOV-01..04 modes, heat, modifiers


def test_mov_02_stand_still_spends_nothing():
    r = move(board(), unit(), [], mode="stand")
    assert r.legal and (r.mode, r.heat, r.attacker_modifier, r.target_modifier) == (
        "stand",
        0,
        0,
        0,
    )
    assert not move(board(), unit(), ["L"], mode="stand").legal


def test_mov_03_walk_heat_1_attacker_plus_1():
    r = move(board(), unit(), ["F"])
    assert (r.mode, r.heat, r.attacker_modifier, r.mp_available) == ("walk", 1, 1, 5)


@pytest.mark.parametrize(("walk", "run"), [(3, 5), (4, 6), (5, 8), (6, 9)])
def test_ex_mov_01_run_mp(walk, run):
    r = move(board(), unit(walk=walk), ["F"], mode="run")
    assert r.mp_available == run and r.heat == 2 and r.attacker_modifier == 2


def test_ex_mov_01_heat_reduces_walk_then_run():
    u = unit(walk=5)
    from dataclasses import replace

    hot = replace(u, heat=10)  # walk 5 - 2 = 3 (HEAT-06)
    assert move(board(), hot, ["F"], mode="run").mp_available == 5


def test_mov_04_running_may_not_enter_depth_1_water():
    b = board({"0504": {"water": 1}, "0505": {}})
    r = move(b, unit(), ["L", "R", "F"], mode="run")
    assert not r.legal and r.failed_step == 2 and "MOV-04" in r.error


def test_mov_04_running_may_leave_water():
    b = board({"0505": {"water": 1}})
    assert move(b, unit(), ["F"], mode="run").legal


def test_mov_01_jump_steps_only_in_jump_mode():
    assert "MOV-01" in move(board(), unit(jump=3), ["J:0503"]).error
    assert "MOV-05" in move(board(), unit(jump=3), ["F"], mode="jump").error


def test_no_steps_counts_as_standing_still():
    r = move(board(), unit(), [], mode="run")
    assert r.legal and r.mode == "stand" and r.heat == 0


# ---- MOV-16/17 facing


@pytest.mark.parametrize(("a", "b", "mp"), [(0, 1, 1), (0, 5, 1), (1, 4, 3), (5, 1, 2)])
def test_ex_mov_07_facing_change_cost(a, b, mp):
    turns = (b - a) % 6
    steps = ["R"] * turns if turns <= 3 else ["L"] * (6 - turns)
    r = move(board(), unit(facing=a), steps)
    assert r.end_facing == b and r.mp_used == mp


def test_mov_16_forward_enters_the_hex_in_front():
    r = move(board(), unit(facing=2), ["F"])
    assert r.end_at == H("0605")


def test_mov_16_infantry_turns_free_and_moves_any_way():
    r = move(board(), unit(kind="infantry", walk=1), ["R", "R", "F"])
    assert r.legal and r.mp_used == 1 and r.end_at == H("0605")


# ---- MOV-18 backward


def test_mov_18_backward_costs_like_forward():
    r = move(board({"0506": {"rough": True}}), unit(), ["B"])
    assert r.end_at == H("0506") and r.mp_used == 2


def test_mov_18_no_backward_when_running():
    assert "MOV-18" in move(board(), unit(), ["B"], mode="run").error


def test_mov_18_backward_may_not_change_levels():
    assert "MOV-18" in move(board({"0506": {"level": 1}}), unit(), ["B"]).error
    assert "MOV-18" in move(board({"0506": {"water": 1}}), unit(), ["B"]).error


def test_mov_18_backward_into_same_level_water_depth_0_is_fine():
    assert move(board({"0506": {"water": 0}}), unit(), ["B"]).legal


# ---- MOV-19 quad lateral shift / EX-MOV-08


def test_ex_mov_08_quad_shift_front_right_costs_2():
    r = move(board(), unit(kind="quad"), ["FR"])
    assert r.legal and (r.end_at, r.end_facing, r.mp_used) == (H("0604"), 0, 2)


def test_ex_mov_08_biped_equivalent_costs_3():
    r = move(board(), unit(), ["R", "F", "L"])
    assert (r.end_at, r.end_facing, r.mp_used) == (H("0604"), 0, 3)


def test_ex_mov_08_rear_shift_is_backward():
    r = move(board(), unit(kind="quad"), ["BR"])
    assert (r.end_at, r.mp_used) == (H("0605"), 2)
    assert "MOV-18" in move(board(), unit(kind="quad"), ["BR"], mode="run").error
    assert move(board(), unit(kind="quad"), ["FR"], mode="run").legal


def test_mov_19_only_quads_shift():
    assert "MOV-19" in move(board(), unit(), ["FL"]).error


# ---- MOV-20 minimum movement / EX-MOV-09


def test_ex_mov_09_walk_1_enters_heavy_woods_and_counts_as_run():
    r = move(board({"0504": {"woods": 2}}), unit(walk=1), ["F"])
    assert r.legal and r.mode == "run" and r.attacker_modifier == 2 and r.mp_used == 3
    assert r.heat == 2


def test_ex_mov_09_not_after_a_facing_change():
    r = move(board({"0404": {"woods": 2}}), unit(walk=1), ["L", "F"])
    assert not r.legal and r.failed_step == 1


def test_ex_mov_09_runner_into_water_only_as_sole_step():
    b = board({"0504": {"water": 1}, "0503": {"water": 1}})
    r = move(b, unit(walk=2), ["F"], mode="run")
    assert r.legal and r.mode == "run" and r.psrs[0].target == 4
    assert not move(b, unit(walk=2), ["F", "F"], mode="run").legal


def test_ex_mov_09_tracked_vehicle_never_into_prohibited_terrain():
    r = move(board({"0504": {"woods": 2}}), unit(kind="tracked", walk=1), ["F"])
    assert not r.legal and "MOV-10" in r.error


def test_mov_20_infantry_minimum_movement_into_any_adjacent_hex():
    # MOV-16/MOV-29: infantry has no facing, so every adjacent hex is "directly ahead";
    # its facing changes cost no MP, so the entry is still the only MP expenditure.
    b = board({"0604": {"woods": 2}})
    r = move(b, unit(kind="infantry", walk=1), ["R", "F"])
    assert r.legal and r.end_at == H("0604") and r.mp_used == 2 and r.mode == "run"
    assert not move(b, unit(walk=1), ["R", "F"]).legal  # a Mech's turn costs 1 MP


def test_mov_20_nothing_after_minimum_movement():
    r = move(board({"0504": {"woods": 2}}), unit(walk=1), ["F", "L"])
    assert not r.legal and "MOV-20" in r.error


# ---- MOV-21..23 prone, stand up / EX-MOV-10


def test_mov_21_prone_mech_turns_but_cannot_enter_hexes():
    r = move(board(), unit(prone=True), ["R", "R"])
    assert r.legal and r.end_prone and r.mp_used == 2 and r.mode == "walk"
    assert "MOV-21" in move(board(), unit(prone=True), ["F"]).error


def test_mov_21_prone_mech_cannot_jump():
    assert "MOV-21" in move(board(), unit(prone=True, jump=4), ["J:0503"], mode="jump").error


def test_mov_22_going_prone_costs_1_no_heat_of_its_own():
    r = move(board(), unit(), ["F", "P"])
    assert r.legal and r.end_prone and r.mp_used == 2 and r.heat == 1


def test_mov_22_vehicles_cannot_go_prone():
    assert "MOV-22" in move(board(), unit(kind="tracked"), ["P"]).error


def test_ex_mov_10_two_stand_attempts_leave_1_mp():
    u = unit(prone=True, gyro=1)
    ctx, st = begin_move(board(), [u], "m", "walk")
    first = advance(ctx, st, "U", 0)
    assert first.ok and first.psrs[0].target == 8 and first.state_after.mp_used == 2
    fallen = first.state_after.__class__(**{**_fields(first.state_after), "prone": True})
    second = advance(ctx, fallen, "U", 1)
    assert second.ok and second.state_after.mp_used == 4
    third = advance(
        ctx, second.state_after.__class__(**{**_fields(second.state_after), "prone": True}), "U", 2
    )
    assert not third.ok and "MOV-07" in third.error


def _fields(state):
    return {f: getattr(state, f) for f in state.__slots__}


def test_mov_23_stand_up_facing_n_is_free_k25():
    r = move(board(), unit(prone=True), ["U:3"])
    assert r.legal and r.end_facing == 3 and r.mp_used == 2 and r.heat == 1  # MOV-36: no heat


def test_ex_mov_14_stand_heat_tw_none_classic_one_per_attempt():
    # MOV-36 (TW): a stand attempt makes no heat, only the mode does (run 2)
    tw = move(board(), unit(prone=True, gyro=1), ["U", "F"], mode="run")
    assert tw.legal and tw.heat == 2
    # variant classic (MOV-23): +1 heat per attempt
    classic = move(board(), unit(prone=True, gyro=1), ["U", "F"], mode="run", rules=CLASSIC)
    assert classic.legal and classic.heat == 3


def test_mov_23_standing_mech_cannot_stand_up():
    assert "MOV-23" in move(board(), unit(), ["U"]).error


def test_mov_20_prone_mech_with_1_mp_may_try_once():
    r = move(board(), unit(prone=True, walk=1), ["U"])
    assert r.legal and r.mode == "run" and r.psrs[0].kind == "stand"


# ---- MOV-05/06 jumps


def test_ex_mov_02_jump_heat():
    b = board(w=12, h=12)
    for target, heat in (("0504", 3), ("0502", 3), ("0510", 5)):
        r = move(b, unit(jump=5), [f"J:{target}", "FACE:3"], mode="jump")
        assert r.legal and r.heat == heat and r.end_facing == 3


def test_mov_05_jump_distance_and_modifiers():
    r = move(board(w=12, h=12), unit(jump=5), ["J:0501"], mode="jump")
    assert (r.mp_used, r.hexes_moved, r.attacker_modifier, r.target_modifier) == (4, 4, 3, 2)
    assert "MOV-05" in move(board(w=12, h=12), unit(jump=3), ["J:0501"], mode="jump").error


def test_mov_05_tw_height_limit_is_jump_mp_plus_start_level():
    wall = {f"{c:02d}03": {"level": 4} for c in range(1, 11)}
    b = board(wall)
    assert not move(b, unit(jump=3), ["J:0501"], mode="jump").legal
    b2 = board({**wall, "0505": {"level": 1}})
    assert move(b2, unit(jump=3), ["J:0502"], mode="jump").legal


def test_mov_05_any_shortest_path_that_clears_will_do():
    # 0505 -> 0705: two shortest paths (via 0604 or via 0605); block one, then both.
    assert move(board({"0604": {"level": 9}}), unit(jump=2), ["J:0705"], mode="jump").legal
    both = board({"0604": {"level": 9}, "0605": {"level": 9}})
    assert not move(both, unit(jump=2), ["J:0705"], mode="jump").legal


def test_mov_05_classic_limit_is_absolute_but_detours_allowed():
    wall = {"0504": {"level": 4}}
    b = board({**wall, "0505": {"level": 2}})
    assert move(b, unit(jump=3), ["J:0503"], mode="jump").legal
    r = move(b, unit(jump=3), ["J:0503"], mode="jump", rules=CLASSIC)
    assert r.legal and r.mp_used == 3  # detour around the level-4 hex


def test_ex_mov_03_depth_2_water_cannot_jump():
    b = board({"0505": {"water": 2}})
    assert "MOV-06" in move(b, unit(jump=5), ["J:0503"], mode="jump").error


def test_ex_mov_03_depth_1_water_keeps_torso_jets():
    b = board({"0505": {"water": 1}})
    assert move(b, unit(jump=5), ["J:0501"], mode="jump").legal


def test_mov_05_face_must_follow_a_jump_and_jump_once():
    assert not move(board(), unit(jump=3), ["FACE:2"], mode="jump").legal
    assert not move(board(), unit(jump=3), ["J:0504", "J:0503"], mode="jump").legal


# ---- MOV-30 stacking


def test_mov_30_may_pass_friends_not_end_on_them():
    friend = unit("f", at="0504")
    r = move(board(), [unit(), friend], ["F", "F"])
    assert r.legal and r.end_at == H("0503")
    r2 = move(board(), [unit(), friend], ["F"], rules=CLASSIC)
    assert not r2.legal and "MOV-30" in r2.error and r2.failed_step == 0
    r3 = move(board(), [unit(), friend], ["F"])  # TW: still one Mech per hex (MOV-34)
    assert not r3.legal and "MOV-34" in r3.error and r3.failed_step == 0


def test_mov_30_enemies_block():
    r = move(board(), [unit(), unit("e", at="0504", side="B")], ["F", "F"])
    assert not r.legal and r.failed_step == 0 and "enemy" in r.error


def test_mov_30_jump_cannot_land_on_a_unit():
    us = [unit(jump=4), unit("f", at="0503")]
    assert "MOV-30" in move(board(), us, ["J:0503"], mode="jump", rules=CLASSIC).error
    assert "MOV-34" in move(board(), us, ["J:0503"], mode="jump").error  # TW: one Mech a hex


# ---- CMB-12 / CMB-13 / EX-CMB-02


@pytest.mark.parametrize(("mode", "mod"), [("stand", 0), ("walk", 1), ("run", 2), ("jump", 3)])
def test_cmb_12_attacker_modifier(mode, mod):
    assert attacker_modifier(mode) == mod


@pytest.mark.parametrize(
    ("hexes", "jumped", "mod"),
    [(0, False, 0), (2, False, 0), (3, False, 1), (5, False, 2), (7, False, 3), (10, False, 4),
     (18, False, 5), (25, False, 6), (4, True, 2)],
)  # fmt: skip
def test_cmb_13_target_modifier(hexes, jumped, mod):
    assert target_modifier(hexes, jumped) == mod


def test_cmb_13_classic_caps_at_4():
    assert target_modifier(25, False, CLASSIC) == 4


def test_ex_cmb_02_backed_3_then_forward_2_counts_2():
    r = move(board(), unit(walk=9), ["B", "B", "B", "F", "F"])
    assert r.hexes_moved == 5 and r.target_modifier == 0


def test_ex_cmb_02_walk_5_with_3_turns():
    b = board(w=12, h=12)
    r = move(b, unit(walk=8), ["F", "R", "F", "L", "F", "R", "F", "F"])
    assert r.mp_used == 8 and r.hexes_moved == 5 and r.target_modifier == 2


def test_ex_cmb_02_jumped_4():
    r = move(board(), unit(jump=4), ["J:0501"], mode="jump")
    assert r.target_modifier == 2


def test_illegal_move_reports_the_legal_prefix():
    r = move(board({"0503": {"level": 3}}), unit(), ["F", "F"])
    assert not r.legal and r.failed_step == 1 and r.end_at == H("0504") and r.mp_used == 1
    j = r.to_json(board())
    assert j["end"] == {"at": "0504", "facing": 0, "prone": False} and j["failed_step"] == 1
