"""MOV-31: wheeled support vehicles without off-road equipment (``offroad: false``).

+1 MP for every hex entered, except pavement or hexes entered along a road; the step
checker and the reach search read the same cost arrays, so both are pinned here.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from movekit import H, board, move, unit

from game.core.errors import UserFacingError
from game.rules.move.reach import reach, reach_batch
from game.scenario.reader import load_scenario, parse_scenario
from game.scenario.writer import scenario_to_json


def roadbound(**kw):
    return replace(unit(kind="wheeled", **kw), offroad=False)


def test_mov_31_clear_hexes_cost_one_more():
    b = board()
    r = move(b, roadbound(), ["F", "F"])
    assert r.legal and r.mp_used == 4  # 2 x (1 + 1)
    assert move(b, unit(kind="wheeled"), ["F", "F"]).mp_used == 2  # default: off-road


def test_mov_31_pavement_costs_no_extra():
    b = board({"0504": {"pavement": True}, "0503": {"pavement": True}})
    assert move(b, roadbound(), ["F", "F"]).mp_used == 2


def test_mov_31_along_a_road_costs_no_extra_but_across_it_does():
    b = board({"0505": {"road": True}, "0504": {"road": True}, "0503": {"road": True}})
    assert move(b, roadbound(), ["F", "F"]).mp_used == 2  # along the road
    across = board({"0504": {"road": True, "road_exits": (1, 4)}, "0505": {"road": True}})
    assert move(across, roadbound(), ["F"]).mp_used == 2  # entered across its side: 1 + 1
    onto = board({"0504": {"road": True}})  # from a roadless hex onto a road
    assert move(onto, roadbound(), ["F"]).mp_used == 2


def test_mov_31_level_changes_and_turns_unchanged():
    b = board({"0504": {"level": 1}})
    assert move(b, roadbound(), ["F"]).mp_used == 1 + 2 + 1  # base + level (MOV-13) + MOV-31
    assert move(board(), roadbound(), ["R", "F"]).mp_used == 1 + 2  # a turn is not a hex


def test_mov_31_runs_out_of_mp_sooner():
    b = board()
    r = move(b, roadbound(walk=3), ["F", "F"])
    assert not r.legal and r.failed_step == 1 and "MOV-07" in r.error


def test_mov_31_reach_agrees_with_the_step_checker():
    b = board({"0505": {"road": True}, "0504": {"road": True}, "0503": {"road": True},
               "0502": {"road": True}, "0506": {"pavement": True}})  # fmt: skip
    u = roadbound(walk=4)
    r = reach(b, [u], "m", "walk")
    hexes = r.hexes()
    assert hexes[H("0502")][0] == 3  # 3 hexes along the road, no extra
    assert hexes[H("0506")][0] == 1  # backward onto pavement: no extra
    for h, (_, faces) in hexes.items():
        path = r.path_to(h, faces[0])
        res = move(b, u, path)
        assert res.legal and res.mp_used == r.cost_to(h, faces[0])
    off = reach(b, [unit(kind="wheeled", walk=4)], "m", "walk").hexes()
    assert len(off) > len(hexes)


def test_mov_31_batch_keeps_road_bound_and_off_road_apart():
    b = board()
    a = roadbound(uid="a", at="0505")
    c = unit(uid="c", kind="wheeled", at="0808")
    got = reach_batch(b, [a, c], [("a", "walk"), ("c", "walk")])
    assert got[0].hexes() == reach(b, [a, c], "a", "walk").hexes()
    assert got[1].hexes() == reach(b, [a, c], "c", "walk").hexes()
    assert got[0].hexes()[H("0503")][0] == 4  # two clear hexes at 2 MP each
    assert got[1].hexes()[H("0806")][0] == 2  # the off-road truck pays 1 each


SCENARIO = {
    "version": 1,
    "board": {"width": 8, "height": 8, "hexes": {}},
    "units": [{"id": "truck", "side": "A", "kind": "wheeled", "tons": 20, "walk": 5,
               "at": "0405", "facing": 0, "offroad": False}],
}  # fmt: skip


def test_mov_31_scenario_field_reads_and_round_trips():
    sc = parse_scenario(json.loads(json.dumps(SCENARIO)), Path("t.json"))
    assert sc.units[0].offroad is False
    out = scenario_to_json(sc)
    assert out["units"][0]["offroad"] is False
    assert parse_scenario(out, Path("t.json")).units == sc.units
    plain = json.loads(json.dumps(SCENARIO))
    del plain["units"][0]["offroad"]
    sc2 = parse_scenario(plain, Path("t.json"))
    assert sc2.units[0].offroad is True and "offroad" not in scenario_to_json(sc2)["units"][0]


@pytest.mark.parametrize("kind", ["biped", "tracked", "hover", "infantry"])
def test_mov_31_offroad_refused_on_other_kinds(kind):
    data = json.loads(json.dumps(SCENARIO))
    data["units"][0]["kind"] = kind
    with pytest.raises(UserFacingError, match="offroad applies only to wheeled units"):
        parse_scenario(data, Path("t.json"))


def test_mov_31_offroad_must_be_a_boolean():
    data = json.loads(json.dumps(SCENARIO))
    data["units"][0]["offroad"] = "no"
    with pytest.raises(UserFacingError, match="offroad"):
        parse_scenario(data, Path("t.json"))


def test_mov_31_referee_scenario_file_loads():
    sc = load_scenario(Path(__file__).parents[1] / "scenarios" / "support_vehicle_road.json")
    assert [u.offroad for u in sc.units] == [False]


def test_mov_31_game_save_keeps_offroad(tmp_path):
    from game.flow import apply_strict
    from game.phases.actions import CommitMove, RollInitiative, StartGame
    from game.save import load_game, save_game
    from game.setup import new_game

    truck = roadbound(uid="t1", at="0205", walk=4)
    enemy = unit(uid="b1", side="B", at="0808")
    s = new_game(board(), script=(1, 1, 6, 6), units=(truck, enemy))  # A loses: moves first
    s = apply_strict(apply_strict(s, StartGame()).state, RollInitiative()).state
    s = apply_strict(s, CommitMove("t1", "walk", ("F", "F"))).state
    assert s.move_record("t1").mp_used == 4  # MOV-31 in the game's own mover
    save_game(s, tmp_path / "truck.json")
    loaded = load_game(tmp_path / "truck.json")
    assert loaded == s and loaded.unit("t1").offroad is False
