"""VTOL and WiGE crashes (ADV-26..29, EX-ADV-06/07): crash damage, the facing roll, 5-point
groups on the vehicle table, the ICE explosion, water, sideslip crash damage, forced
landings; a WiGE crash landing through the move resolver."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from movekit import board, unit

from game.core.dice import Dice
from game.core.options import TW
from game.rules.damage.crashes import (
    crash,
    crash_damage,
    forced_landing,
    landing_ground,
    sideslip_crash_damage,
)
from game.rules.piloting.resolve import resolve_move
from game.units.mech import damage_groups
from game.units.unit import Unit


def vtol(tons: int = 30, engine: str = "ice") -> Unit:
    u = unit(kind="vtol", tons=tons, walk=8)
    assert u.hull is not None
    return replace(u, hull=replace(u.hull, engine=engine))


def test_ex_adv_06_rotor_destroyed_fall_4_and_onto_a_roof() -> None:
    assert crash_damage(30, 4) == 15 and damage_groups(15) == (5, 5, 5)
    assert crash_damage(30, 2) == 9 and damage_groups(9) == (5, 4)
    assert crash_damage(32, 0) == 4  # TW rounds up (MegaMek's Math.round gives 3)
    # facing roll 4: the rear column; the three groups each roll a location (7s: rear)
    out = crash(vtol(), board(), 4, Dice(1, [4] + [3, 4] * 3), None, "rotor destroyed")
    head = out.events[0]
    assert head.type == "crash" and head.get("side") == "rear" and head.get("damage") == 15
    assert out.unit.facing == 3 and not out.unit.wige_airborne
    hull = out.unit.hull
    assert hull is not None
    # rear armour of a default 30 t VTOL: ceil(30/3) = 10, structure 3: 15 points destroy it
    assert hull["RR"].destroyed and out.unit.destroyed


def _thin_rear(engine: str) -> Unit:
    v = vtol(engine=engine)
    assert v.hull is not None
    return replace(v, hull=v.hull.with_location("RR", replace(v.hull["RR"], armour=4)))


def test_adv_27_an_ice_engine_explodes_when_structure_is_hit_fusion_does_not() -> None:
    dice = [4, 3, 4]  # facing 4 (rear), location 7 (rear): 5 points = 4 armour + 1 structure
    ice = crash(_thin_rear("ice"), board(), 0, Dice(1, dice), None, "test")  # 3 x 1 = 3?
    assert ice.events[0].get("damage") == 3  # ceil(30 / 10) x (0 + 1)
    ice = crash(_thin_rear("ice"), board(), 1, Dice(1, dice), None, "test")  # 6: 5 + 1
    assert ice.unit.destroyed and any("ICE engine exploded" in str(e.get("cause"))
                                      for e in ice.events)  # fmt: skip
    fusion = crash(_thin_rear("fusion"), board(), 1, Dice(1, dice + [3, 4]), None, "test")
    assert not fusion.unit.destroyed
    assert not any("exploded" in str(e.get("cause")) for e in fusion.events)


def test_adv_27_a_fusion_engine_does_not_explode() -> None:
    # 5 points to the front (roll 7 on the front column): armour holds
    out = crash(vtol(engine="fusion"), board(), 0, Dice(1, [1, 3, 4]), None, "test")
    assert out.events[0].get("side") == "front" and out.events[0].get("damage") == 3
    assert not out.unit.destroyed
    big = crash(vtol(engine="fusion"), board(), 4, Dice(1, [1] + [3, 4] * 3), None, "test")
    assert not any("exploded" in str(e.get("cause")) for e in big.events)


def test_adv_26_a_crash_into_water_destroys() -> None:
    out = crash(vtol(), board({"0505": {"water": 1}}), 2, Dice(1, [1]), None, "test")
    assert out.unit.destroyed and out.wrecked
    assert "water" in str(out.events[-1].get("cause"))


def test_ex_adv_07_sideslip_crash_damage() -> None:  # ADV-28
    assert sideslip_crash_damage(40, 6) == 24 and damage_groups(24) == (5, 5, 5, 5, 4)
    assert sideslip_crash_damage(40, 0) == 0


def test_adv_29_forced_landing_roll_and_automatic_crash() -> None:
    v = vtol(engine="fusion")  # piloting 5, VTOL +4: needs 9
    ok = forced_landing(v, board(), 3, Dice(1, [5, 4]), None, "engine hit")
    assert ok.events[0].type == "forced_landing" and ok.events[0].get("target") == 9
    assert ok.events[0].get("success") and len(ok.events) == 1
    bad = forced_landing(v, board(), 3, Dice(1, [4, 4, 1, 3, 4, 3, 4, 3, 4, 3, 4]), None, "x")
    assert [e.type for e in bad.events][:2] == ["forced_landing", "crash"]
    assert landing_ground(board({"0505": {"woods": 1}}), unit().at) == "woods"
    woods = forced_landing(v, board({"0505": {"woods": 1}}), 1, Dice(1, [1, 3, 4, 3, 4]), None, "x")
    assert woods.events[0].type == "crash"  # no roll: an automatic crash


def test_adv_18_27_a_wige_crash_landing_takes_crash_damage() -> None:
    rough = board({"0507": {"rough": True}}, h=12)
    w = replace(unit(kind="wige", walk=8, tons=30, at="0509"), wige_airborne=True, altitude=1)
    r = resolve_move(rough, [w], "m", "walk", ["F", "F"], Dice(1, [1, 3, 4, 3, 4]), TW)
    crashes = [e for e in r.events if e.type == "crash"]
    assert crashes and crashes[0].get("damage") == crash_damage(30, 1) == 6
    assert not r.unit.wige_airborne and r.unit.altitude == 0
    hull = r.unit.hull
    assert hull is not None and hull.total_armour() < w.hull.total_armour()  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(st.integers(5, 60), st.integers(0, 6), st.booleans(),
       st.lists(st.integers(1, 6), min_size=40, max_size=40))  # fmt: skip
def test_a_crashed_flyer_is_never_left_airborne(tons: int, fall: int, wige: bool,
                                                faces: list[int]) -> None:  # fmt: skip
    u = unit(kind="wige" if wige else "vtol", tons=tons, walk=6)
    u = replace(u, wige_airborne=wige, altitude=1 if wige else 0)
    out = crash(u, board(), fall, Dice(1, faces), None, "test")
    assert not out.unit.wige_airborne and out.unit.altitude == 0
    dealt = sum(int(e.get("damage") or 0) for e in out.events if e.type == "crash")
    assert dealt == crash_damage(tons, fall)


@pytest.mark.parametrize("terrain", [{"woods": 1}, {"water": 1}, {"rubble": True}])
def test_adv_29_ground_that_cannot_take_a_landing(terrain: dict) -> None:
    assert landing_ground(board({"0505": terrain}), unit().at) is not None
    assert landing_ground(board(), unit().at) is None
