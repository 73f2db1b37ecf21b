"""Four movement rules the first engine got wrong or left out: MOV-32 building load, a
jump into ultra-heavy woods (MOV-05), unit heights under bridges (MOV-28) and ground
infantry climbing one level in the whole turn (MOV-13)."""

from __future__ import annotations

from movekit import H, board, move, unit

from game.core.dice import Dice
from game.core.options import CLASSIC
from game.phases.actions import CommitMove
from game.phases.movers import with_building_cf
from game.rules.move.movement import check_move
from game.rules.move.reach import reach
from game.rules.piloting.resolve import resolve_move

LIGHT_CF15 = {"building_class": 1, "building_cf": 15, "building_height": 1}


# --- MOV-32: buildings carry weight on their roofs --------------------------------------------


def test_mov_32_a_55_t_mech_jumping_onto_a_cf_15_roof_brings_the_building_down():
    b = board({"0503": LIGHT_CF15})
    mech = unit(tons=55, walk=5, jump=3)
    checked = check_move(b, [mech], "m", "jump", ["J:0503"])
    assert checked.legal
    ((step, over),) = checked.warnings
    assert (step, over.rule, over.load, over.cf) == (0, "MOV-32", 55, 15)
    assert checked.to_json(b)["warnings"][0]["type"] == "building_collapse"
    res = resolve_move(b, [mech], "m", "jump", ["J:0503"], Dice(seed=1))
    assert res.legal and res.unit.at == H("0503") and res.unit.prone
    kinds = [e.type for e in res.events]
    assert kinds[0] == "building_collapse" and "fall" in kinds
    fall = next(e for e in res.events if e.type == "fall")
    assert fall.get("levels") == 1 and fall.get("damage") == 6 * 2  # PSR-16: ceil(55/10) x 2
    assert dict(res.buildings) == {H("0503"): 0}
    after = with_building_cf(b, res.buildings)  # the hex is rubble now (MOV-32, MOV-15)
    assert after.rubble[2, 4] and after.building_class[2, 4] == 0


def test_mov_32_a_mech_walking_in_at_ground_level_does_not_load_the_building():
    b = board({"0504": LIGHT_CF15})
    mech = unit(tons=55, walk=5)
    checked = check_move(b, [mech], "m", "walk", ["F"])
    assert checked.legal and checked.warnings == ()
    assert [p.kind for p in checked.psrs] == ["building"]  # PSR-08 entry roll only
    res = resolve_move(b, [mech], "m", "walk", ["F"], Dice(script=(6, 6)))
    assert res.unit.at == H("0504") and "building_collapse" not in [e.type for e in res.events]


def test_mov_32_walking_onto_a_roof_from_a_hex_at_roof_level_loads_it():
    b = board({"0505": {"level": 1}, "0504": LIGHT_CF15})
    checked = check_move(b, [unit(tons=55)], "m", "walk", ["F"])
    assert checked.legal and checked.mp_used == 1 and checked.psrs == ()  # on the roof
    assert [w[1].rule for w in checked.warnings] == ["MOV-32"]


def test_mov_32_a_roof_carries_up_to_its_cf():
    b = board({"0503": {"building_class": 2, "building_cf": 55, "building_height": 2}})
    assert check_move(b, [unit(tons=55, jump=3)], "m", "jump", ["J:0503"]).warnings == ()
    assert check_move(b, [unit(tons=60, jump=3)], "m", "jump", ["J:0503"]).warnings != ()


def started(hexes: dict, mech, rules=None):
    """A hot-seat game in its movement phase, ``mech`` (side A) moving first."""
    from game.flow import apply_strict
    from game.phases.actions import RollInitiative, StartGame
    from game.setup import new_game

    other = unit("b1", at="1010", side="B")
    kw = {"rules": rules} if rules is not None else {}
    s = new_game(board(hexes, w=12, h=12), script=(1, 1, 6, 6), units=(mech, other), **kw)
    s = apply_strict(s, StartGame()).state
    return apply_strict(s, RollInitiative()).state


def test_mov_32_the_game_board_turns_the_hex_to_rubble():
    from game.flow import apply_strict

    state = started({"0503": LIGHT_CF15}, unit(tons=55, jump=3))
    after = apply_strict(state, CommitMove("m", "jump", ("J:0503",))).state
    assert after.board.rubble[2, 4] and after.board.building_class[2, 4] == 0
    assert after.unit("m").prone and after.unit("m").at == H("0503")


# --- MOV-05: a jump lands in any hex, ultra-heavy woods too -----------------------------------


def test_mov_05_a_mech_may_jump_into_ultra_heavy_woods():
    """The digest (MOV-05) lets a jump land "in any hex regardless of terrain"; the engine
    agrees: no terrain rule keeps a jumping Mech out of ultra-heavy woods (woods 3)."""
    b = board({"0503": {"woods": 3}})
    mech = unit(jump=3)
    assert move(b, mech, ["J:0503"], mode="jump").legal
    assert H("0503") in reach(b, [mech], "m", "jump").hexes()
    assert move(b, unit(), ["F"]).legal  # walking in too: 1 + 3 MP (standard TW value)
    assert move(board({"0504": {"woods": 3}}), unit(), ["F"]).mp_used == 4


# --- MOV-28: heights are the levels a unit fills -------------------------------------------


LOW_BRIDGE = {"bridge_class": 2, "bridge_cf": 40, "bridge_level": 1, "road": True}


def test_mov_28_a_standing_mech_cannot_pass_under_a_level_1_bridge():
    b = board({"0504": LOW_BRIDGE})  # not along the road: under it or through it
    r = move(b, unit(walk=9), ["F"])
    assert r.mp_used == 1 + 2 and [p.kind for p in r.psrs] == ["building"]  # as a building


def test_mov_28_a_vehicle_passes_under_a_level_1_bridge_and_a_mech_under_a_level_2_one():
    b = board({"0504": LOW_BRIDGE})
    assert move(b, unit(kind="tracked", walk=9), ["F"]).mp_used == 1
    high = board({"0504": dict(LOW_BRIDGE, bridge_level=2)})
    r = move(high, unit(walk=9), ["F"])
    assert r.mp_used == 1 and r.psrs == ()


# --- MOV-13: ground infantry climbs one level in the whole turn ------------------------------


STAIRS = {"0504": {"level": 1}, "0503": {"level": 2}}


def test_mov_13_ground_infantry_climbs_at_most_one_level_in_a_turn():
    b = board(STAIRS)
    inf = unit(kind="infantry", walk=6)
    assert move(b, inf, ["F"]).legal
    r = move(b, inf, ["F", "F"])
    assert not r.legal and r.failed_step == 1 and "MOV-13" in r.error
    assert H("0503") not in reach(b, [inf], "m", "walk").hexes()


def test_mov_13_descending_is_not_limited_and_classic_counts_per_hex_only():
    b = board({"0505": {"level": 2}, "0504": {"level": 1}})
    inf = unit(kind="infantry", walk=6)
    assert move(b, inf, ["F", "F"]).legal  # down, down
    stairs = board(STAIRS)
    assert move(stairs, inf, ["F", "F"], rules=CLASSIC).legal
    assert H("0503") in reach(stairs, [inf], "m", "walk", CLASSIC).hexes()


def test_mov_13_a_mech_still_climbs_as_it_likes():
    assert move(board(STAIRS), unit(), ["F", "F"]).legal
