"""Control rolls (AERO-03/04), their timing and regaining control (AERO-03, AERO-10),
the +2 to an out-of-control unit's attacks (AERO-09)."""

from __future__ import annotations

from aerokit import board, fighter, mech

from game.core.dice import Dice
from game.rules.aero import control_roll, end_of_turn, out_of_control
from game.rules.aero.control import EVADING, REGAIN, control_modifiers
from game.rules.combat.los import line_of_sight, viewer
from game.rules.combat.modifiers import shared_modifiers
from game.rules.combat.records import STOOD_STILL
from game.units.craft import THRUST_ABOVE_SAFE
from game.units.unit import Damage


def values(mods) -> dict[str, int]:
    return {m.reason: m.value for m in mods}


def test_aero_03_control_roll_is_piloting_plus_modifiers_and_succeeds_on_target() -> None:
    f = fighter("f1", "0505", 0, piloting=4, velocity=3)
    roll = control_roll(f, THRUST_ABOVE_SAFE, thrust_used=6)
    assert roll.target == 4 + 1 + 2 - 1  # piloting, over safe thrust, atmosphere, fighter
    assert [m.rule for m in roll.modifiers][0] == "AERO-03"
    cup = Dice(script=(3, 3))
    from game.rules.aero.control import roll_control

    assert roll_control(cup, roll, "f1").success  # 6 >= 6


def test_aero_04_every_modifier_row() -> None:
    f = fighter("f1", "0505", 0, velocity=14, safe=5, avionics=2,
                damage=Damage(pilot_hits=2))  # fmt: skip
    mods = values(control_modifiers(f, thrust_used=6, velocity=14))
    assert mods == {
        "piloting skill": 5,
        "used more than safe thrust this turn": 1,  # counted once (both tables list it)
        "avionics damage (2 hit)": 2,
        "pilot damage (2 hits)": 2,
        "in atmosphere": 2,
        "fighter in atmosphere": -1,
        "velocity 14 above twice safe thrust (10)": 4,
    }
    dead = values(control_modifiers(fighter("f", "0505", 0, avionics=3), 0, 4))
    assert dead["avionics destroyed"] == 5
    space = values(control_modifiers(fighter("f", "0505", 0, atmosphere=False, velocity=30), 0, 30))
    assert space == {"piloting skill": 5}  # no atmosphere: no atmosphere or velocity rows


def test_aero_04_dropship_forms_in_atmosphere() -> None:
    aerodyne = values(control_modifiers(fighter("d", "0505", 0, large=True), 0, 3))
    spheroid = values(control_modifiers(fighter("d", "0505", 0, large=True, spheroid=True), 0, 3))
    assert aerodyne == {"piloting skill": 5, "in atmosphere": 2}  # aerodyne DropShip 0
    assert spheroid["spheroid DropShip in atmosphere"] == 1


def test_an_unconscious_pilot_fails_every_control_roll_without_dice() -> None:
    f = fighter("f1", "0505", 0, damage=Damage(unconscious=True))
    roll = control_roll(f, EVADING)
    assert roll.target == "auto-fail" and roll.auto_fail == "the pilot is unconscious"


def test_aero_03_rolls_wait_for_the_end_phase_and_a_failure_loses_control() -> None:
    f = fighter("f1", "0505", 0, due=(THRUST_ABOVE_SAFE,))
    after, (o,) = end_of_turn(f, 3, Dice(script=(1, 2)))  # 3 < 7
    assert o.kind == "lose" and not o.success
    assert after.craft.out_of_control and after.craft.lost_turn == 3
    assert after.craft.due == () and after.craft.thrust == after.craft.max_thrust
    kept, (o,) = end_of_turn(f, 3, Dice(script=(4, 3)))
    assert o.success and not kept.craft.out_of_control


def test_ex_aero_02_lost_in_turn_3_first_recovery_roll_in_turn_4() -> None:
    """EX-AERO-02: the roll is made in turn 3's end phase; out of control in turn 4; the
    first recovery roll in turn 4's end phase; success: normal movement in turn 5."""
    f = fighter("f1", "0505", 0, due=("damage above the threshold",))
    cup = Dice(script=(1, 1, 6, 6))
    lost, _ = end_of_turn(f, 3, cup)
    assert out_of_control(lost)
    again, outs = end_of_turn(lost.moved_to(lost.at, lost.facing), 3, cup)
    assert outs == () and out_of_control(again)  # no recovery in the turn control was lost
    back, (o,) = end_of_turn(lost, 4, cup)  # AERO-10
    assert o.kind == "regain" and o.roll.reason == REGAIN and o.success
    assert not out_of_control(back)


def test_aero_10_a_failed_recovery_roll_keeps_it_out_of_control() -> None:
    f = fighter("f1", "0505", 0, ooc=True, lost_turn=2)
    after, (o,) = end_of_turn(f, 3, Dice(script=(1, 1)))
    assert not o.success and out_of_control(after) and after.craft.lost_turn == 2


def test_aero_03_no_recovery_while_shut_down() -> None:
    f = fighter("f1", "0505", 0, ooc=True, damage=Damage(shutdown=True))
    after, outs = end_of_turn(f, 5, Dice(script=(6, 6)))
    assert outs == () and out_of_control(after)


def test_out_of_control_units_make_no_loss_rolls_and_landed_ones_no_rolls() -> None:
    f = fighter("f1", "0505", 0, ooc=True, lost_turn=4, due=(THRUST_ABOVE_SAFE,))
    _, outs = end_of_turn(f, 4, Dice(script=(6, 6)))
    assert outs == ()
    landed = fighter("f2", "0505", 0, due=(THRUST_ABOVE_SAFE,), landed=True)
    assert end_of_turn(landed, 4, Dice())[1] == ()


def test_aero_09_out_of_control_adds_2_to_its_attacks() -> None:
    b = board()
    a = fighter("f1", "0505", 0, ooc=True)
    t = mech("m", "0503")
    sight = line_of_sight(b, viewer(b, a), viewer(b, t))
    mods = shared_modifiers(a, t, sight, STOOD_STILL, STOOD_STILL, "front", False, None)
    assert any(m.value == 2 and m.rule == "AERO-09" for m in mods)
    calm = fighter("f1", "0505", 0)
    mods = shared_modifiers(calm, t, sight, STOOD_STILL, STOOD_STILL, "front", False, None)
    assert not any(m.rule == "AERO-09" for m in mods)
