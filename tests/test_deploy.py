"""Deployment zones: map zones per side, else home edges; occupied and prohibited hexes out."""

from __future__ import annotations

import pytest

from game.board import HexSpec, Zone, build_board
from game.deploy import DeployError, check_deploy, legal_deploy_hexes, zone_hexes
from game.hexgrid import Hex
from game.roster import make_unit


def test_home_edges_without_map_zones() -> None:
    board = build_board(10, 6)
    a = zone_hexes(board, "A")
    b = zone_hexes(board, "B")
    assert a == {Hex(c, r) for c in (0, 1) for r in range(6)}
    assert b == {Hex(c, r) for c in (8, 9) for r in range(6)}
    with pytest.raises(DeployError, match="'Z'"):
        zone_hexes(board, "Z")


def test_map_zones_replace_the_edge_for_their_side() -> None:
    zone = Zone("north", "A", frozenset({Hex(4, 0), Hex(5, 0), Hex(40, 40)}))
    board = build_board(10, 6, zones=(zone,))
    assert zone_hexes(board, "A") == {Hex(4, 0), Hex(5, 0)}  # off-map hex dropped
    assert Hex(9, 3) in zone_hexes(board, "B")  # B has no zone: east edge


def test_occupied_hexes_are_not_offered_mov30() -> None:
    board = build_board(10, 6)
    placed = [make_unit("HBK-4G", "a1", "A", at=Hex(0, 0))]
    free = legal_deploy_hexes(board, "A", placed)
    assert Hex(0, 0) not in free and Hex(0, 1) in free
    assert len(free) == 11


def test_prohibited_terrain_depends_on_kind_mov10() -> None:
    specs = {
        Hex(0, 0): HexSpec(woods=2),
        Hex(0, 1): HexSpec(water=1),
        Hex(0, 2): HexSpec(rough=True),
        Hex(0, 3): HexSpec(building_class=1, building_cf=10, building_height=1),
    }
    board = build_board(4, 4, specs)
    mech = legal_deploy_hexes(board, "A", [], "biped")
    tracked = legal_deploy_hexes(board, "A", [], "tracked")
    wheeled = legal_deploy_hexes(board, "A", [], "wheeled")
    hover = legal_deploy_hexes(board, "A", [], "hover")
    assert {Hex(0, 0), Hex(0, 1), Hex(0, 2)} <= mech
    assert Hex(0, 3) not in mech  # no deploying inside a building
    assert Hex(0, 0) not in tracked and Hex(0, 1) not in tracked and Hex(0, 2) in tracked
    assert Hex(0, 2) not in wheeled
    assert Hex(0, 1) in hover and Hex(0, 0) not in hover


def test_check_deploy_reasons() -> None:
    board = build_board(10, 6)
    hbk = make_unit("HBK-4G", "a1", "A")
    other = make_unit("LCT-1V", "a2", "A", at=Hex(1, 1))
    assert check_deploy(board, hbk, Hex(0, 0), 2, [other]) is None
    assert "occupied" in (check_deploy(board, hbk, Hex(1, 1), 2, [other]) or "")
    assert "outside side A" in (check_deploy(board, hbk, Hex(5, 1), 2, [other]) or "")
    assert "facing" in (check_deploy(board, hbk, Hex(0, 0), 6, [other]) or "")
    assert "off the map" in (check_deploy(board, hbk, Hex(20, 0), 0, [other]) or "")


def test_hexes_for_follows_the_deploying_side() -> None:
    from game.actions import AddUnit, Deploy, StartGame
    from game.flow import apply_strict
    from game.setup import new_game

    s = new_game(build_board(6, 4))
    s = apply_strict(s, AddUnit("HBK-4G", "A")).state
    s = apply_strict(s, AddUnit("Scorpion", "B")).state
    s = apply_strict(s, StartGame()).state
    from game.phases.deployment import hexes_for

    assert hexes_for(s, "A1") == zone_hexes(s.board, "A")
    assert hexes_for(s, "B1") == set()  # A deploys first
    s = apply_strict(s, Deploy("A1", Hex(0, 0), 2)).state
    assert hexes_for(s, "A1") == set()
    assert hexes_for(s, "B1") == zone_hexes(s.board, "B")


def test_adv_24_naval_vessels_and_submarines_deploy_in_depth_1_water_only() -> None:
    specs = {Hex(0, 0): HexSpec(water=0), Hex(0, 1): HexSpec(water=1), Hex(0, 2): HexSpec(water=2)}
    board = build_board(4, 4, specs)
    for kind in ("naval", "submarine"):
        assert legal_deploy_hexes(board, "A", [], kind) == {Hex(0, 1), Hex(0, 2)}
    ship = make_unit("Corsair", "a1", "A")
    assert check_deploy(board, ship, Hex(1, 3), 0, []) is not None  # dry ground
    assert check_deploy(board, ship, Hex(0, 1), 0, []) is None


def test_adv_24_a_vessel_is_refused_in_setup_when_its_zone_has_no_deep_water() -> None:
    from game.actions import AddUnit
    from game.flow import apply
    from game.setup import new_game

    dry = new_game(build_board(10, 6), seed=1)
    out = apply(dry, AddUnit("Corsair", "A"))
    assert getattr(out, "reason", "") == (
        "Corsair Patrol Boat cannot be deployed on this map: side A's deployment zone "
        "has no hex a naval unit may stand in (a vessel needs depth 1+ water, ADV-24)"
    )
    wet = new_game(build_board(10, 6, {Hex(0, 2): HexSpec(water=1)}), seed=1)
    assert apply(wet, AddUnit("Barracuda", "A")).state.unit("A1").kind == "submarine"
