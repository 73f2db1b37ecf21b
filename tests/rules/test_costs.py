"""Entry costs per motive kind (MOV-07..13, MOV-24..29) through the step checker."""

from __future__ import annotations

import pytest
from movekit import board, move, unit

from game.core.options import CLASSIC, TW
from game.rules.move.costs import TW_COSTS, X, entry_table, motive_costs


def cost_into(spec: dict, kind: str = "biped", start: dict | None = None, rules=None) -> int | str:
    """MP of one F step from 0505 (facing N) into 0504 with ``spec``; the error if illegal."""
    hexes = {"0504": spec}
    if start:
        hexes["0505"] = start
    b = board(hexes)
    r = move(b, unit(kind=kind, walk=9), ["F"], rules=rules or TW)
    return r.mp_used if r.legal else r.error


# EX-MOV-04 (seed examples)
def test_ex_mov_04_clear_hex_costs_1():
    assert cost_into({}) == 1


def test_ex_mov_04_heavy_woods_two_levels_up_costs_5():
    assert cost_into({"woods": 2, "level": 2}) == 5


def test_ex_mov_04_heavy_woods_plus_one_facing_change_costs_4():
    b = board({"0604": {"woods": 2}})
    r = move(b, unit(walk=9), ["R", "F"])
    assert r.legal and r.mp_used == 4


# MOV-08 TW table, Mech column
@pytest.mark.parametrize(
    ("spec", "mp"),
    [
        ({"rough": True}, 2),
        ({"woods": 1}, 2),
        ({"woods": 2}, 3),
        ({"rubble": True}, 2),
        ({"water": 0}, 1),
        ({"pavement": True}, 1),
        ({"building_class": 1, "building_cf": 15, "building_height": 1}, 2),
        ({"building_class": 2, "building_cf": 40, "building_height": 1}, 3),
        ({"building_class": 3, "building_cf": 90, "building_height": 1}, 4),
        ({"building_class": 4, "building_cf": 150, "building_height": 1}, 5),
    ],
)
def test_mov_08_mech_terrain_costs(spec, mp):
    assert cost_into(spec) == mp


# MOV-15 / EX-MOV-06: rough + rubble add up
def test_ex_mov_06_rough_and_rubble_cost_3():
    assert cost_into({"rough": True, "rubble": True}) == 3


# MOV-12: water depth is a level change (TW)
@pytest.mark.parametrize(("depth", "mp"), [(1, 3), (2, 6)])
def test_mov_12_mech_into_water_pays_depth_as_levels(depth, mp):
    assert cost_into({"water": depth}) == mp


def test_mov_12_depth_3_from_ground_is_too_steep():
    err = cost_into({"water": 3})
    assert isinstance(err, str) and "MOV-13" in err


def test_mov_12_depth_1_to_depth_2_costs_5():
    assert cost_into({"water": 2}, start={"water": 1}) == 5


def test_mov_12_out_of_depth_1_onto_ground_costs_2():
    assert cost_into({}, start={"water": 1}) == 2


# MOV-09 classic totals: 2 for depth 1, 4 for depth 2+, no level MP for the depth
@pytest.mark.parametrize(("depth", "mp"), [(1, 2), (2, 4), (3, 4)])
def test_mov_09_classic_water_totals(depth, mp):
    assert cost_into({"water": depth}, rules=CLASSIC) == mp


def test_mov_09_classic_table_totals_match_tw_base_plus_modifier():
    mc = motive_costs("biped", CLASSIC)
    assert (1 + mc.rough, 1 + mc.woods[1], 1 + mc.woods[2]) == (2, 2, 3)


# MOV-13 level changes
def test_mov_13_mech_climbs_two_levels_for_2_extra_mp():
    assert cost_into({"level": 2}) == 3
    assert cost_into({"level": -2}) == 3


def test_mov_13_mech_cannot_change_three_levels():
    assert "MOV-13" in cost_into({"level": 3})


@pytest.mark.parametrize("kind", ["tracked", "wheeled", "hover", "infantry"])
def test_mov_13_vehicles_and_infantry_pay_2_per_level_max_1(kind):
    assert cost_into({"level": 1}, kind=kind) == 3
    assert cost_into({"level": -1}, kind=kind) == 3
    assert "MOV-13" in cost_into({"level": 2}, kind=kind)


# MOV-10 prohibited terrain per motive kind
@pytest.mark.parametrize(
    ("kind", "spec"),
    [
        ("tracked", {"woods": 2}),
        ("tracked", {"water": 1}),
        ("wheeled", {"woods": 1}),
        ("wheeled", {"rough": True}),
        ("wheeled", {"rubble": True}),
        ("wheeled", {"water": 1}),
        ("hover", {"woods": 1}),
        ("infantry", {"water": 1}),
    ],
)
def test_mov_10_prohibited_terrain(kind, spec):
    err = cost_into(spec, kind=kind)
    assert isinstance(err, str) and "MOV-10" in err


@pytest.mark.parametrize(
    ("kind", "spec", "mp"),
    [
        ("tracked", {"woods": 1}, 2),
        ("tracked", {"rough": True}, 2),
        ("hover", {"water": 2}, 1),  # MOV-12: hover rides on the surface
        ("hover", {"rough": True}, 2),
        ("infantry", {"woods": 1}, 1),  # MOV-29: light woods +0
        ("infantry", {"woods": 2}, 2),  # heavy woods +1
        ("infantry", {"building_class": 4, "building_cf": 150, "building_height": 2}, 1),
    ],
)
def test_mov_08_vehicle_and_infantry_costs(kind, spec, mp):
    assert cost_into(spec, kind=kind) == mp


def test_mov_10_tables_mark_prohibited_with_x():
    assert TW_COSTS["wheeled"].rough == X and TW_COSTS["biped"].rough == 1


# MOV-24 roads: 1 MP along the road whatever the terrain; prohibited terrain crossable
def test_mov_24_along_road_costs_1_in_heavy_woods():
    b = board({"0505": {"road": True}, "0504": {"road": True, "woods": 2}})
    r = move(b, unit(), ["F"])
    assert r.legal and r.mp_used == 1


def test_mov_24_road_level_change_still_paid():
    b = board({"0505": {"road": True}, "0504": {"road": True, "woods": 2, "level": 1}})
    assert move(b, unit(), ["F"]).mp_used == 2


def test_mov_24_wheeled_crosses_woods_only_along_the_road():
    b = board({"0506": {"road": True}, "0505": {"road": True}, "0504": {"road": True, "woods": 2}})
    assert move(b, unit(kind="wheeled", at="0506"), ["F", "F"]).legal
    b2 = board({"0504": {"road": True, "woods": 2}})
    assert not move(b2, unit(kind="wheeled"), ["F"]).legal


def test_mov_24_entering_a_road_hex_across_its_side_is_not_along_the_road():
    b = board({"0504": {"road": True, "woods": 2, "road_exits": (1, 4)}, "0505": {"road": True}})
    assert move(b, unit(), ["F"]).mp_used == 3


# MOV-26..28 bridges
BRIDGE = {"bridge_class": 2, "bridge_cf": 40, "bridge_level": 0, "water": 2, "road": True}


def test_mov_26_on_the_deck_along_the_road():
    b = board({"0505": {"road": True}, "0504": BRIDGE, "0503": {"road": True}})
    r = move(b, unit(), ["F", "F"])
    assert r.legal and r.mp_used == 2 and r.psrs == ()


def test_mov_28_tracked_vehicle_crosses_water_on_the_bridge_only():
    b = board({"0505": {"road": True}, "0504": BRIDGE, "0503": {"road": True}})
    assert move(b, unit(kind="tracked"), ["F", "F"]).legal
    b2 = board({"0504": BRIDGE, "0503": {"road": True}})  # no road behind: not along it
    assert "MOV-10" in move(b2, unit(kind="tracked"), ["F"]).error


def test_mov_28_under_a_high_bridge_in_the_water():
    high = dict(BRIDGE, bridge_level=3, water=1)
    b = board({"0504": high})
    r = move(b, unit(), ["F"])
    assert r.legal and r.mp_used == 3 and r.psrs[0].kind == "water"
    assert not entry_table(b, "biped").dest_deck[0, 0].any()


def test_mov_28_bridge_without_headroom_acts_as_building():
    low = {"bridge_class": 2, "bridge_cf": 40, "bridge_level": 0, "road": True}
    b = board({"0504": low})
    r = move(b, unit(), ["F"])
    assert r.mp_used == 1 + 2 and [p.kind for p in r.psrs] == ["building"]
