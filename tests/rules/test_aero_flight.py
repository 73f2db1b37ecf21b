"""Checking aerospace moves (AERO-05, the Aerospace move language of the referee contract):
thrust before the first hex, exactly velocity hexes ahead, turns between them, the
straight-ahead flight of an out-of-control unit, leaving the map."""

from __future__ import annotations

import pytest
from aerokit import board, fighter, mech, names
from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import Hex, distance, neighbour
from game.rules.aero import check_flight
from game.rules.aero.steps import AeroStep, AeroStepError, parse_aero_step
from game.units.craft import THRUST_ABOVE_SAFE
from game.units.unit import Damage

B = board()


def fly(unit, steps, *others):
    return check_flight(B, [unit, *others], unit.id, steps)


def test_ex_aero_01_out_of_control_path_is_six_hexes_straight_along_ne() -> None:
    f = fighter("f1", "0505", 1, velocity=6, ooc=True)
    out = fly(f, ["T:2", "F", "R"])  # AERO-05: the steps are ignored
    assert out.legal and out.forced
    assert names(B, out.path) == ["0604", "0704", "0803", "0903", "1002", "1102"]
    assert (out.velocity_after, out.thrust_used, out.facing) == (6, 0, 1)
    assert B.hex_name(out.end) == "1102" and out.control_rolls == ()


def test_aero_05_out_of_control_keeps_velocity_and_facing_and_spends_no_thrust() -> None:
    f = fighter("f1", "0808", 3, velocity=3, ooc=True)
    out = fly(f, [])
    assert names(B, out.path) == ["0809", "0810", "0811"] and out.facing == 3
    assert out.thrust_used == 0 and out.velocity_after == 3


def test_aero_03_a_shut_down_unit_is_out_of_control() -> None:
    f = fighter("f1", "0808", 0, velocity=2, damage=Damage(shutdown=True))
    out = fly(f, ["T:1", "F", "F", "F"])
    assert out.forced and names(B, out.path) == ["0807", "0806"]


def test_thrust_changes_velocity_and_f_count_must_match() -> None:
    f = fighter("f1", "0808", 0, velocity=3, thrust=4)
    out = fly(f, ["T:2", "F", "F", "F", "F", "F"])
    assert out.legal and out.velocity_after == 5 and out.thrust_used == 2
    slow = fly(f, ["T:-2", "F"])
    assert slow.legal and slow.velocity_after == 1 and slow.thrust_used == 2
    short = fly(f, ["F", "F"])
    assert not short.legal and "must fly 3 hexes ahead (2 given)" in short.error
    assert names(B, short.path) == ["0807", "0806"]  # the legal prefix
    long = fly(f, ["F", "F", "F", "F"])
    assert not long.legal and "step 4 (F)" in long.error and len(long.path) == 3


def test_thrust_only_before_the_first_hex_and_within_the_thrust_available() -> None:
    f = fighter("f1", "0808", 0, velocity=2, thrust=3)
    late = fly(f, ["F", "T:1", "F", "F"])
    assert not late.legal and "step 2 (T:1): thrust is spent only before the first F" in late.error
    much = fly(f, ["T:2", "T:2"])
    assert not much.legal and "needs 4 thrust, 3 available" in much.error
    assert much.velocity_after == 4 and much.thrust_used == 2  # the legal prefix
    below = fly(f, ["T:-3"])
    assert not below.legal and "cannot go below 0" in below.error


def test_turns_come_between_two_hexes_ahead_one_at_a_time() -> None:
    f = fighter("f1", "0808", 0, velocity=3)
    ok = fly(f, ["F", "R", "F", "L", "F"])
    assert ok.legal and names(B, ok.path) == ["0807", "0907", "0906"] and ok.facing == 0
    first = fly(f, ["R", "F", "F", "F"])
    assert not first.legal and "not before the first F" in first.error
    twice = fly(f, ["F", "R", "R", "F", "F"])
    assert not twice.legal and "one hexside turn between two hexes ahead" in twice.error
    last = fly(f, ["F", "F", "F", "R"])
    assert not last.legal and "no hex ahead follows the turn" in last.error


def test_velocity_zero_stays_put() -> None:
    f = fighter("f1", "0808", 2, velocity=0)
    out = fly(f, [])
    assert out.legal and out.path == () and out.end == f.at


def test_aero_04_thrust_above_safe_thrust_calls_for_a_control_roll() -> None:
    f = fighter("f1", "0808", 0, velocity=1, thrust=8, safe=5)
    safe = fly(f, ["T:5", *["F"] * 6])
    assert safe.legal and safe.control_rolls == ()
    over = fly(f, ["T:6", *["F"] * 7])
    (roll,) = over.control_rolls
    assert roll.reason == THRUST_ABOVE_SAFE
    # piloting 5 + more than safe thrust 1 + atmosphere 2 - fighter 1 = 7 (AERO-04)
    assert roll.target == 7


def test_leaving_the_map_ends_the_flight_at_the_edge() -> None:
    f = fighter("f1", "0802", 0, velocity=4)
    out = fly(f, ["F", "F", "F", "F"])
    assert out.legal and out.off_map and names(B, out.path) == ["0801"]
    forced = fly(fighter("f2", "0102", 5, velocity=3, ooc=True), [])
    assert forced.off_map and forced.path == () and forced.end == forced.end


def test_aero_01_an_unconscious_pilot_is_ordered_zero_thrust() -> None:
    f = fighter("f1", "0808", 0, velocity=2, damage=Damage(unconscious=True))
    assert fly(f, ["F", "F"]).legal
    out = fly(f, ["T:1", "F", "F", "F"])
    assert not out.legal and "0 thrust only (AERO-01)" in out.error
    assert not fly(f, ["F", "R", "F"]).legal


def test_aero_02_a_landed_unit_does_not_fly() -> None:
    out = fly(fighter("f1", "0808", 0, landed=True), ["F"])
    assert not out.legal and "AERO-02" in out.error


def test_collision_checks_are_listed_only_for_out_of_control_units() -> None:
    f = fighter("f1", "0808", 0, velocity=2)
    enemy = mech("m", "0807")
    assert fly(f, ["F", "F"], enemy).collision_checks == ()
    g = fighter("f1", "0808", 0, velocity=2, ooc=True)
    (check,) = fly(g, [], enemy).collision_checks
    assert B.hex_name(check.at) == "0807" and check.units == ("m",) and check.target == 11


def test_step_tokens_parse_or_say_why() -> None:
    assert parse_aero_step(" t:-2 ") == AeroStep("T", -2)
    assert parse_aero_step("T:+3") == AeroStep("T", 3) and parse_aero_step("r").kind == "R"
    for bad in ("T:0", "T:", "T:x", "J:0505", "B", "T:100", 3):
        with pytest.raises(AeroStepError):
            parse_aero_step(bad)
    out = fly(fighter("f1", "0808", 0, velocity=1), ["Q"])
    assert not out.legal and out.error.startswith("step 1: step 'Q'")


@given(st.integers(0, 5), st.integers(0, 12), st.integers(3, 12), st.integers(3, 13))
def test_forced_path_is_a_straight_line_of_velocity_hexes(
    facing: int, velocity: int, col: int, row: int
) -> None:
    """Property (AERO-05): every hex is the neighbour ahead of the one before; the path
    is the velocity long unless the map's edge stops it first."""
    f = fighter("f1", B.hex_name(Hex(col, row)), facing, velocity=velocity, ooc=True)
    out = fly(f, [])
    here = f.at
    for h in out.path:
        assert h == neighbour(here, facing)
        here = h
    assert len(out.path) == velocity or out.off_map
    assert distance(f.at, out.end) == len(out.path)


@given(st.lists(st.sampled_from(["F", "L", "R", "T:1", "T:-1", "T:2"]), max_size=12))
def test_any_step_list_gets_an_answer_and_a_legal_prefix(steps: list[str]) -> None:
    f = fighter("f1", "0808", 0, velocity=3, thrust=3)
    out = fly(f, steps)
    assert out.legal or out.error
    assert out.thrust_used <= 3 and out.velocity_after >= 0
    assert len(out.path) <= out.velocity_after
