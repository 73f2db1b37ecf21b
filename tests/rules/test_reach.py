"""Reachable sets (docs/scenario-format.md `rules reach`), checked against check_move and the
baseline."""

from __future__ import annotations

import pytest
from dijkstra import baseline_hexes
from movekit import H, board, move, unit

from game.rules.move.jumps import hex_distances
from game.rules.move.reach import reach, reach_batch


def test_reach_json_shape_and_start_hex():
    b = board()
    j = reach(b, [unit(walk=4)], "m", "walk").to_json(b)
    assert (j["unit"], j["mode"], j["mp_available"]) == ("m", "walk", 4)
    assert j["reach"]["0505"] == {"mp": 0, "facings": [0, 1, 2, 3, 4, 5]}
    assert j["reach"]["0504"] == {"mp": 1, "facings": [0, 1, 2, 3, 4, 5]}
    j2 = reach(b, [unit(walk=2)], "m", "walk").to_json(b)
    assert j2["reach"]["0504"] == {"mp": 1, "facings": [0, 1, 5]}
    assert j["reach"]["0501"]["mp"] == 4 and "0500" not in j["reach"]


def test_reach_every_listed_facing_has_a_legal_path_of_that_cost():
    b = board({"0504": {"woods": 2}, "0604": {"level": 1}, "0405": {"water": 1}})
    r = reach(b, [unit(walk=5)], "m", "walk")
    for h, (mp, faces) in r.hexes().items():
        costs = []
        for f in faces:
            res = move(b, unit(walk=5), r.path_to(h, f))
            assert res.legal and (res.end_at, res.end_facing) == (h, f)
            costs.append(res.mp_used)
        assert min(costs) == mp


def test_reach_matches_the_heapq_baseline_on_mixed_terrain():
    b = board(
        {"0504": {"woods": 2}, "0604": {"level": 2}, "0405": {"water": 1}, "0506": {"rubble": True},
         "0606": {"road": True, "woods": 1}, "0607": {"road": True, "woods": 2}},
    )  # fmt: skip
    for kind in ("biped", "quad", "tracked", "hover", "infantry"):
        for mode in ("walk", "run"):
            u = unit(kind=kind, walk=4)
            assert reach(b, [u], "m", mode).hexes() == baseline_hexes(b, [u], "m", mode), kind


def test_reach_stand_is_the_start_hex_only():
    b = board()
    assert reach(b, [unit(facing=2)], "m", "stand").to_json(b)["reach"] == {
        "0505": {"mp": 0, "facings": [2]}
    }


def test_reach_mov_30_friends_passed_not_ended_on_enemies_block():
    b = board(w=10, h=10)
    us = [unit(walk=2), unit("f", at="0504"), unit("e", at="0506", side="B")]
    hexes = reach(b, us, "m", "walk").hexes()
    assert H("0504") not in hexes and H("0503") in hexes
    assert H("0506") not in hexes and H("0507") not in hexes


def test_reach_mov_20_minimum_movement_entry():
    b = board({"0504": {"woods": 2}})
    r = reach(b, [unit(walk=1)], "m", "walk")
    j = r.to_json(b)["reach"]
    assert j["0504"] == {"mp": 3, "facings": [0], "minimum": True}
    assert r.minimum_hexes() == {H("0504"): 3} and r.path_to(H("0504"), 0) == ["F"]
    assert move(b, unit(walk=1), r.path_to(H("0504"), 0)).legal


def test_reach_mov_20_infantry_minimum_movement_in_every_direction():
    # MOV-16/MOV-29: infantry has no facing; minimum movement works towards any neighbour.
    b = board({"0504": {"woods": 2}, "0604": {"woods": 2}, "0506": {"woods": 2}})
    inf = unit(kind="infantry", walk=1)
    r = reach(b, [inf], "m", "walk")
    j = r.to_json(b)["reach"]
    for name, facing in (("0504", 0), ("0604", 1), ("0506", 3)):
        assert j[name] == {"mp": 2, "facings": [facing], "minimum": True}
        path = r.path_to(H(name), facing)
        res = move(b, inf, path)
        assert res.legal and res.end_at == H(name) and res.mp_used == r.cost_to(H(name), facing)


def test_reach_mov_20_runner_into_water_is_minimum_only():
    b = board({"0504": {"water": 1}})
    j = reach(b, [unit(walk=2)], "m", "run").to_json(b)["reach"]
    assert j["0504"]["minimum"] is True


def test_reach_prone_mech_stands_and_moves():
    b = board()
    r = reach(b, [unit(prone=True, walk=4)], "m", "walk")
    hexes = r.hexes()
    assert hexes[H("0505")] == (0, (0, 1, 2, 3, 4, 5))  # turning while prone or U:n
    assert hexes[H("0503")][0] == 4  # U (2) + F + F
    res = move(b, unit(prone=True, walk=4), r.path_to(H("0503"), 0))
    assert res.legal and res.mp_used == 4 and not res.end_prone


def test_reach_jump_every_facing_within_jump_mp_and_clear_path():
    b = board({"0504": {"level": 9}, "0503": {"level": 9}}, w=12, h=12)
    r = reach(b, [unit(jump=3)], "m", "jump")
    hexes = r.hexes()
    dist = hex_distances(12, 12, H("0505"))
    assert H("0505") not in hexes  # a jump moves at least one hex (MOV-05)
    within = {(c, rr) for rr in range(12) for c in range(12) if 1 <= dist[rr, c] <= 3}
    listed = {(h.col, h.row) for h in hexes} - {(4, 4)}
    assert listed < within and (4, 1) not in listed  # 0502 lies behind the wall
    for h, (mp, faces) in hexes.items():
        assert faces == ((0,) if h == H("0505") else tuple(range(6)))
        res = move(b, unit(jump=3), r.path_to(h, faces[-1]), mode="jump")
        assert res.legal and res.mp_used == mp


def test_reach_jump_not_onto_units():
    us = [unit(jump=2), unit("f", at="0504"), unit("e", at="0503", side="B")]
    hexes = reach(board(), us, "m", "jump").hexes()
    assert H("0504") not in hexes and H("0503") not in hexes and H("0502") not in hexes


def test_reach_mov_25_vehicle_gets_1_mp_more_while_on_pavement():
    col = {f"05{r:02d}": {"pavement": True} for r in range(1, 10)}
    b = board(col)
    r = reach(b, [unit(kind="tracked", at="0509", walk=3)], "m", "walk")
    assert r.hexes()[H("0505")][0] == 4  # 4 hexes for 3 MP + 1
    assert H("0405") not in r.hexes() or r.hexes()[H("0405")][0] <= 3
    res = move(b, unit(kind="tracked", at="0509", walk=3), r.path_to(H("0505"), 0))
    assert res.legal and res.mp_used == 4


def test_mov_25_bonus_lost_when_leaving_pavement():
    col = {f"05{r:02d}": {"pavement": True} for r in range(1, 10)}
    r = move(board(col), unit(kind="tracked", at="0509", walk=3), ["F", "F", "F", "F"])
    assert r.legal and r.mp_used == 4 and r.mp_available == 4  # 3 + 1 on pavement
    r2 = move(board(col), unit(kind="tracked", at="0509", walk=3), ["F", "F", "L", "F"])
    assert not r2.legal and r2.failed_step == 3 and "MOV-07" in r2.error


def test_reach_infantry_has_every_facing():
    r = reach(board(), [unit(kind="infantry", walk=1)], "m", "walk")
    assert len(r.hexes()) == 7 and all(f == tuple(range(6)) for _, f in r.hexes().values())
    assert move(board(), unit(kind="infantry", walk=1), r.path_to(H("0405"), 2)).legal


def test_reach_batch_equals_single_queries():
    b = board({"0504": {"woods": 1}}, w=12, h=12)
    us = [
        unit("a", walk=4),
        unit("b", at="0808", kind="quad", walk=3),
        unit("c", at="0202", jump=3),
    ]
    reqs = [("a", "walk"), ("b", "run"), ("c", "jump"), ("a", "run")]
    for r, (uid, mode) in zip(reach_batch(b, us, reqs), reqs, strict=True):
        assert r.hexes() == reach(b, us, uid, mode).hexes()


@pytest.mark.parametrize("mode", ["walk", "run", "jump"])
def test_reach_immobile_unit_reaches_nothing(mode):
    assert reach(board(), [unit(gyro=2, jump=3)], "m", mode).hexes() == {}
