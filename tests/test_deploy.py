"""Deployment zones: map zones per side, else home edges; occupied and prohibited hexes out."""

from __future__ import annotations

import pytest

from game.board import HexSpec, Zone, build_board
from game.designs.roster import make_unit
from game.hexgrid import Hex
from game.rules.deploy import DeployError, check_deploy, legal_deploy_hexes, zone_hexes


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
    from game.flow import apply_strict
    from game.phases.actions import AddUnit, Deploy, StartGame
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
    from game.flow import apply
    from game.phases.actions import AddUnit
    from game.setup import new_game

    dry = new_game(build_board(10, 6), seed=1)
    out = apply(dry, AddUnit("Corsair", "A"))
    assert getattr(out, "reason", "") == (
        "Corsair Patrol Boat cannot be deployed on this map: side A's deployment zone "
        "has no hex a naval unit may stand in (a vessel needs depth 1+ water, ADV-24)"
    )
    wet = new_game(build_board(10, 6, {Hex(0, 2): HexSpec(water=1)}), seed=1)
    assert apply(wet, AddUnit("Barracuda", "A")).state.unit("A1").kind == "submarine"


def _one_sea_hex_game(*forces: tuple[str, str], seed: int = 1):
    """A 10x6 board whose only depth-1 hex is 0103 (side A's edge), forces added, started."""
    from game.flow import apply_strict
    from game.phases.actions import AddUnit, StartGame
    from game.setup import new_game

    s = new_game(build_board(10, 6, {Hex(0, 2): HexSpec(water=1)}), seed=seed)
    for side, design in forces:
        s = apply_strict(s, AddUnit(design, side)).state
    return apply_strict(s, StartGame()).state


STAYS_OFF = "A3 (Corsair Patrol Boat) has nowhere to deploy in side A's zone: it stays off the map"


def test_adv_24_mov_30_a_vessel_left_without_a_sea_hex_stays_off_the_map() -> None:
    """Three Corsairs, one sea hex: A1 and A2 share it (two units of a side, MOV-34), A3
    has nowhere left (ADV-24). The phase says so once and goes on to side B instead of
    waiting for A forever."""
    from game.flow import apply_strict, choices, waiting
    from game.outcome import in_the_fight
    from game.phases.actions import Deploy
    from game.phases.deployment import deploying_side, stranded, to_deploy

    s = _one_sea_hex_game(("A", "Corsair"), ("A", "Corsair"), ("A", "Corsair"), ("B", "HBK-4G"))
    assert choices(s) == [Deploy("A1", Hex(0, 2), 1)]
    s = apply_strict(s, Deploy("A1", Hex(0, 2), 1)).state
    assert choices(s) == [Deploy("A2", Hex(0, 2), 1)]
    s = apply_strict(s, Deploy("A2", Hex(0, 2), 1)).state
    assert [e.text for e in s.log][-1] == STAYS_OFF
    assert [u.id for u in stranded(s)] == ["A3"] and to_deploy(s, "A") == ()
    assert deploying_side(s) == "B" and waiting(s) == "side B still has units to deploy"
    assert {a.unit_id for a in choices(s)} == {"B1"}
    s = apply_strict(s, choices(s)[0]).state
    assert s.phase != "deployment" and s.turn == 1
    assert not s.board.contains(s.unit("A3").at) and not in_the_fight(s, s.unit("A3"))
    assert sum(e.text == STAYS_OFF for e in s.log) == 1


def test_adv_24_a_sides_own_mech_in_the_only_sea_hex_strands_its_vessel() -> None:
    from game.flow import apply_strict
    from game.phases.actions import Deploy
    from game.phases.deployment import deploying_side

    s = _one_sea_hex_game(("A", "HBK-4G"), ("A", "Corsair"), ("A", "Corsair"), ("B", "HBK-4G"))
    s = apply_strict(s, Deploy("A1", Hex(0, 2), 1)).state  # a Mech may stand in depth 1
    s = apply_strict(s, Deploy("A2", Hex(0, 2), 1)).state  # MOV-34: Mech + vessel share it
    assert [e.text for e in s.log][-1] == STAYS_OFF
    assert deploying_side(s) == "B"


def test_a_unit_stranded_when_the_phase_begins_is_logged_on_entering_it() -> None:
    """Units placed before deployment (a scenario's) may already fill the zone's hexes."""
    from dataclasses import replace

    from game.flow import apply_strict
    from game.phases.actions import AddUnit, StartGame
    from game.setup import new_game

    s = new_game(build_board(10, 6, {Hex(0, 2): HexSpec(water=1)}), seed=1)
    for side, design in (("A", "Corsair"), ("A", "Corsair"), ("A", "Corsair"), ("B", "HBK-4G")):
        s = apply_strict(s, AddUnit(design, side)).state
    full = {"A1", "A2"}  # two of a side fill the hex (MOV-34)
    s = replace(s, units=tuple(replace(u, at=Hex(0, 2)) if u.id in full else u for u in s.units))
    s = apply_strict(s, StartGame()).state
    assert s.phase == "deployment" and STAYS_OFF in [e.text for e in s.log]
    assert {u.side for u in s.units if not s.board.contains(u.at)} == {"A", "B"}


def test_autoplay_finishes_a_game_with_a_vessel_that_cannot_deploy() -> None:
    from game.bot.autoplay import check_replay, play

    for seed in (1, 2):
        three = (("A", "Corsair"),) * 3
        s = _one_sea_hex_game(*three, ("B", "HBK-4G"), seed=seed)
        played = play(s, seed, 3)  # raised IllegalStateError: nobody could act
        assert played.state.phase != "deployment"
        assert STAYS_OFF in [e.text for e in played.state.log]
        check_replay(played.state)
