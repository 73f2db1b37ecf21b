"""resolve_move: PSRs rolled at the right moment and what failure does (PSR-05..20, MOV-23)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from piloting_helpers import H, board, of_type, types, unit

from game.board import HexSpec
from game.core.dice import Dice
from game.core.options import CLASSIC
from game.rules.piloting.falls import fall_damage
from game.rules.piloting.resolve import resolve_move
from game.units.mech import CT, standard_body

SPEC_KEYS = {"legal", "error", "failed_step", "mp_used", "mp_available", "mode", "end",
             "hexes_moved", "heat", "psrs", "attacker_modifier", "target_modifier"}  # fmt: skip


def test_psr_13_fall_in_place_after_failed_stand() -> None:
    b = board()
    m = unit(prone=True)
    # stand 1+1 < 5; facing 1 (unchanged, Front); location 3+4 CT; pilot 6+6
    r = resolve_move(b, [m], "m", "walk", ["U"], Dice(script=(1, 1, 1, 3, 4, 6, 6)))
    assert types(r.events) == ["psr", "fall", "damage", "pilot_check"]
    fall = of_type(r.events, "fall")[0]
    assert fall.get("at") == H("0510") and fall.get("levels") == 0 and fall.get("damage") == 5
    assert r.unit.at == H("0510") and r.unit.prone
    assert r.body[CT].armour == standard_body(50)[CT].armour - 5
    j = r.to_json(b)
    assert set(j) >= SPEC_KEYS and j["legal"] is True
    assert j["end"] == {"at": "0510", "facing": 0, "prone": True}
    assert [x["success"] for x in j["rolls"] if x["target"] is not None] == [False, True]
    assert j["mp_used"] == 2


def test_psr_16_fall_from_two_levels_into_rubble() -> None:
    b = board({"0510": HexSpec(level=2), "0509": HexSpec(rubble=True)})
    m = unit(tons=55)
    dice = Dice(script=(1, 1, 4) + (3, 4) * 4 + (6, 6))  # rubble fails; rear; 4 groups
    r = resolve_move(b, [m], "m", "walk", ["F"], dice)
    fall = of_type(r.events, "fall")[0]
    assert fall.get("at") == H("0509") and fall.get("levels") == 2 and fall.get("side") == "rear"
    dmg = of_type(r.events, "damage")[0]
    assert [g.damage for g in dmg.get("groups")] == [5, 5, 5, 3]  # EX-PSR-02 row 4
    assert all(g.rear for g in dmg.get("groups"))
    assert of_type(r.events, "pilot_check")[0].get("target") == 7  # PSR-17: 5 + 2
    assert r.unit.facing == 3 and r.unit.prone and r.unit.at == H("0509")


def test_ex_psr_02_fall_from_level_one_into_depth_one_water() -> None:
    b = board({"0510": HexSpec(level=1), "0509": HexSpec(water=1)})
    m = unit(tons=75)
    r = resolve_move(b, [m], "m", "walk", ["F"], Dice(script=(1, 1, 1, 3, 4, 3, 4, 6, 6)))
    fall = of_type(r.events, "fall")[0]
    assert fall.get("into_water") and fall.get("levels") == 1 and fall.get("damage") == 8
    assert [g.damage for g in of_type(r.events, "damage")[0].get("groups")] == [5, 3]
    # PSR-17: the fall's own modifiers (5, depth 1 -1) + 1 level
    assert of_type(r.events, "pilot_check")[0].get("target") == 5


def test_psr_13_uphill_terrain_fall_goes_back_to_the_lower_hex() -> None:
    b = board({"0509": HexSpec(level=1, rubble=True)})
    r = resolve_move(b, [unit()], "m", "walk", ["F"], Dice(script=(1, 1, 1, 3, 4, 6, 6)))
    fall = of_type(r.events, "fall")[0]
    assert fall.get("at") == H("0510") and fall.get("levels") == 1
    assert r.unit.at == H("0510")


def test_ex_psr_01_three_water_hexes_three_rolls() -> None:
    b = board({h: HexSpec(water=1) for h in ("0509", "0508", "0507")})
    m = unit(walk=7)
    r = resolve_move(b, [m], "m", "walk", ["F", "F", "F"], Dice(script=(3, 3) * 3))
    psrs = of_type(r.events, "psr")
    assert [p.step for p in psrs] == [0, 1, 2]  # PSR-07: right after each hex
    assert all(p.get("target") == 4 for p in psrs)
    assert r.unit.at == H("0507") and not r.unit.prone


def test_psr_07_fall_in_second_water_hex_ends_the_walk() -> None:
    b = board({h: HexSpec(water=1) for h in ("0509", "0508", "0507")})
    dice = Dice(script=(3, 3, 1, 1, 1, 3, 4, 6, 6))
    r = resolve_move(b, [unit(walk=7)], "m", "walk", ["F", "F", "F"], dice)
    assert r.unit.at == H("0508") and r.unit.prone
    end = of_type(r.events, "move_ends")[0]
    assert end.step == 2 and "prone" in end.get("reason")
    assert r.legal  # a step made impossible by a fall is not an illegal move
    assert r.to_json(b)["end"]["at"] == "0508"


def test_ex_mov_10_standing_attempts() -> None:
    m = unit(prone=True, gyro=1)  # TN 8 = 5 + 3 + 0
    # attempt 1 rolls 6: falls (facing 1, CT, pilot 6+6); attempt 2 rolls 9
    dice = Dice(script=(3, 3, 1, 3, 4, 6, 6, 4, 5))
    r = resolve_move(board(), [m], "m", "walk", ["U", "U", "U"], dice)
    stands = [e for e in of_type(r.events, "psr") if e.get("kind") == "stand"]
    assert [s.get("target") for s in stands] == [8, 8]
    assert [s.get("success") for s in stands] == [False, True]
    assert not r.unit.prone and r.check.mp_used == 4
    assert of_type(r.events, "move_ends")[0].step == 2  # 1 MP left: no third attempt
    assert r.check.heat == 1  # walking; the attempts make no heat under TW (MOV-36)
    dice = Dice(script=(3, 3, 1, 3, 4, 6, 6, 4, 5))
    classic = resolve_move(board(), [m], "m", "walk", ["U", "U", "U"], dice, CLASSIC)
    assert classic.check.heat == 1 + 2  # variant classic: one per attempt (MOV-23)


def test_mov_23_two_failed_stand_attempts_then_success() -> None:
    m = unit(prone=True, walk=6)
    fail = (1, 1, 1, 3, 4, 6, 6)
    r = resolve_move(board(), [m], "m", "walk", ["U", "U", "U"], Dice(script=fail * 2 + (3, 3)))
    assert len(of_type(r.events, "fall")) == 2
    assert not r.unit.prone and r.check.mp_used == 6
    assert r.unit.damage.phase_damage == 10


def test_psr_20_pilot_hit_and_failed_consciousness_ends_the_move() -> None:
    m = unit(prone=True, walk=6, pilot_hits=2)
    # stand fails; facing 1; CT; pilot 1+1 fails; consciousness (3 hits: 7) 2+2 fails
    r = resolve_move(
        board(), [m], "m", "walk", ["U", "U"], Dice(script=(1, 1, 1, 3, 4, 1, 1, 2, 2))
    )
    assert r.unit.damage.pilot_hits == 3 and r.unit.damage.unconscious
    assert types(r.events)[-3:] == ["pilot_hit", "consciousness", "move_ends"]
    assert "unconscious" in r.events[-1].get("reason")


def test_psr_05_immobile_unit_cannot_move_and_rolls_nothing() -> None:
    dice = Dice(script=(6, 6))
    r = resolve_move(board(), [unit(gyro=2, prone=True)], "m", "walk", ["U"], dice)
    assert not r.legal and r.check.failed_step == 0 and dice.log == ()


def test_psr_10_quad_stands_more_easily() -> None:
    m = unit(kind="quad", prone=True)
    r = resolve_move(board(), [m], "m", "walk", ["U"], Dice(script=(1, 2)))
    assert of_type(r.events, "psr")[0].get("target") == 3 and not r.unit.prone


def test_psr_12_running_with_a_damaged_gyro_rolls_after_the_move() -> None:
    m = unit(gyro=1)
    r = resolve_move(board(), [m], "m", "run", ["F", "F"], Dice(script=(1, 1, 1, 3, 4, 6, 6)))
    psr = of_type(r.events, "psr")[0]
    assert psr.get("kind") == "run-damage" and psr.step == 1 and psr.get("target") == 8
    assert r.unit.at == H("0508") and r.unit.prone


def test_psr_12_classic_gyro_roll_comes_before_the_run() -> None:
    m = unit(gyro=1)
    r = resolve_move(
        board(), [m], "m", "run", ["F", "F"], Dice(script=(1, 1, 1, 3, 4, 6, 6)), CLASSIC
    )
    assert of_type(r.events, "psr")[0].step == -1
    assert r.unit.at == H("0510") and r.unit.prone  # fell before moving; F impossible now
    assert of_type(r.events, "move_ends")[0].step == 0


def test_psr_12_landing_after_a_jump_with_leg_damage() -> None:
    m = replace(unit(leg_actuators=1), jump=4)
    r = resolve_move(board(), [m], "m", "jump", ["J:0507"], Dice(script=(1, 1, 1, 3, 4, 6, 6)))
    fall = of_type(r.events, "fall")[0]
    assert fall.get("at") == H("0507") and fall.get("levels") == 0
    assert r.unit.prone and r.unit.at == H("0507")


def test_building_roll_failure_damages_instead_of_falling() -> None:
    b = board({"0509": HexSpec(building_class=2, building_cf=40, building_height=2)})
    r = resolve_move(b, [unit()], "m", "walk", ["F"], Dice(script=(1, 1, 3, 4)))
    ev = of_type(r.events, "building_damage")[0]
    assert ev.get("damage") == 4 and ev.get("building_damage") == 5 and ev.get("cf_left") == 35
    assert not r.unit.prone and not of_type(r.events, "fall")
    assert r.buildings == ((H("0509"), 35),)


def test_psr_19_falls_that_hit_the_head_hurt_the_pilot() -> None:
    r = resolve_move(board(), [unit(prone=True)], "m", "walk", ["U"],
                     Dice(script=(1, 1, 1, 6, 6, 6, 6, 6, 6)))  # fmt: skip
    assert types(r.events)[2:5] == ["damage", "pilot_hit", "consciousness"]
    assert r.unit.damage.pilot_hits == 1


def test_cmb_37_destroyed_in_a_fall() -> None:
    body = standard_body(50)
    body = body.with_location(CT, replace(body[CT], armour=0, structure=1))
    r = resolve_move(board(), [unit(prone=True).with_body(body)], "m", "walk", ["U", "U"],
                     Dice(script=(1, 1, 1, 3, 4)))  # fmt: skip
    assert r.destroyed and "mech_destroyed" in types(r.events)
    assert not of_type(r.events, "pilot_check")
    assert of_type(r.events, "move_ends")[0].get("reason") == "the unit is destroyed"


def test_illegal_first_step_is_reported_like_check_move() -> None:
    b = board()
    r = resolve_move(b, [unit(prone=True)], "m", "walk", ["F"], Dice())
    j = r.to_json(b)
    assert j["legal"] is False and j["failed_step"] == 0 and j["rolls"] == [] and j["events"] == []


def test_psr_04_infantry_never_rolls() -> None:
    b = board({"0509": HexSpec(rubble=True)})
    dice = Dice()
    r = resolve_move(b, [unit(kind="infantry", tons=3, walk=1)], "m", "walk", ["F"], dice)
    assert r.legal and r.psrs == () and dice.log == ()


scripts = st.lists(st.integers(1, 6), max_size=30)


@settings(max_examples=40, deadline=None)
@given(script=scripts, seed=st.integers(0, 1000))
def test_replaying_the_same_dice_gives_the_same_events(script: list[int], seed: int) -> None:
    b = board({h: HexSpec(water=1) for h in ("0509", "0508")} | {"0507": HexSpec(rubble=True)})
    m = unit(walk=8)
    steps = ["F", "F", "F", "U", "U"]
    one = resolve_move(b, [m], "m", "walk", steps, Dice(seed, script))
    two = resolve_move(b, [m], "m", "walk", steps, Dice(seed, script))
    assert one.events == two.events and one.rolls == two.rolls
    assert one.to_json(b) == two.to_json(b)
    # damage is never lost: what the body lost equals the damage the events report
    taken = sum(g.absorbed for e in of_type(one.events, "damage") for g in e.get("groups"))
    start = standard_body(50)
    lost = (start.total_armour() + start.total_structure()) - (
        one.body.total_armour() + one.body.total_structure()
    )
    if not one.destroyed:
        assert lost == taken == sum(e.get("total") for e in of_type(one.events, "damage"))
    falls = of_type(one.events, "fall")
    assert all(
        f.get("damage") == fall_damage(50, f.get("levels"), f.get("into_water")) for f in falls
    )


def test_cmb_38_building_damage_that_takes_a_leg_drops_the_mech() -> None:
    b = board({"0509": HexSpec(building_class=4, building_cf=150, building_height=2)})
    body = standard_body(50)
    body = body.with_location("LL", replace(body["LL"], armour=0, structure=2))
    # hardened +5, 1 hex: TN 10; 1+1 fails; 15 damage: 5 -> LL (front 9), then 2 x CT;
    # the lost leg drops the Mech: facing 1, 5 -> CT, pilot check 6+6
    script = (1, 1, 4, 5, 3, 4, 3, 4, 1, 3, 4, 6, 6)
    r = resolve_move(b, [unit().with_body(body)], "m", "walk", ["F", "F"], Dice(script=script))
    assert r.body["LL"].destroyed and r.unit.legs_destroyed == 1
    assert of_type(r.events, "fall")[0].get("cause") == "lost a leg"
    assert r.unit.prone and r.unit.at == H("0509")
    assert of_type(r.events, "move_ends")[0].step == 1


def test_psr_12_landing_roll_comes_after_the_jump_facing() -> None:
    m = replace(unit(leg_actuators=1), jump=4)
    # landing fails; 1D6 = 2: one hexside right of the chosen facing 3
    dice = Dice(script=(1, 1, 2, 3, 4, 6, 6))
    r = resolve_move(board(), [m], "m", "jump", ["J:0507", "FACE:3"], dice)
    assert of_type(r.events, "psr")[0].step == 0
    assert r.unit.facing == 4 and r.unit.prone
    assert of_type(r.events, "fall")[0].get("old_facing") == 3


def test_skid_hexes_count_as_hexes_moved() -> None:
    road = {f"05{r:02d}": HexSpec(pavement=True, road=True) for r in range(3, 19)}
    m = unit(at="0518", walk=6)
    dice = Dice(script=(2, 2, 1, 3, 4, 6, 6) + (3, 4) * 3)
    r = resolve_move(board(road), [m], "m", "run", ["F"] * 7 + ["R", "F"], dice)
    assert r.check.hexes_moved == 7 + 4


def test_psr_13_phy_18_falling_into_a_friendly_hex_pushes_it_on() -> None:
    b = board({"0509": HexSpec(water=1)})
    friend = unit("f", at="0509", side="A")
    # water 1+1 fails; facing 1; 3 damage (50 t: 5 halved) -> CT; pilot check 6+6;
    # the friend is pushed to 0508 and rolls its domino PSR 6+6
    dice = Dice(script=(1, 1, 1, 3, 4, 6, 6, 6, 6))
    r = resolve_move(b, [unit(), friend], "m", "walk", ["F", "F"], dice)
    assert r.unit.at == H("0509") and r.unit.prone
    ((fid, moved, _),) = r.others
    assert fid == "f" and moved.at == H("0508") and not moved.prone
    psr = [e for e in of_type(r.events, "psr") if e.get("unit") == "f"][0]
    assert psr.get("reason") == "domino effect" and psr.get("target") == 5


def test_resolved_move_reads_the_move_fields_through() -> None:
    r = resolve_move(board(), [unit()], "m", "walk", ["F", "F"], Dice())
    assert (r.mp_used, r.hexes_moved, r.mode, r.heat, r.error) == (2, 2, "walk", 1, None)
    assert r.attacker_modifier == 1 and r.target_modifier == r.check.target_modifier


def test_psr_12_classic_fall_before_a_jump_cancels_it() -> None:
    m = replace(unit(gyro=1), jump=4)
    r = resolve_move(
        board(), [m], "m", "jump", ["J:0507"], Dice(script=(1, 1, 1, 3, 4, 6, 6)), CLASSIC
    )
    assert r.unit.at == H("0510") and r.unit.prone
    assert "cannot jump" in of_type(r.events, "move_ends")[0].get("reason")
