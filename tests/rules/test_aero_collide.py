"""Collisions of out-of-control units (AERO-06..08) with scripted dice, EX-AERO-01."""

from __future__ import annotations

from collections import Counter

from aerokit import board, fighter, mech, names
from hypothesis import given
from hypothesis import strategies as st

from game.core.dice import Dice
from game.rules.aero import check_flight, resolve_flight
from game.rules.aero.collide import can_evade, pick, strike_class

B = board()


def ex_aero_01_units():
    """EX-AERO-01: an out-of-control fighter at 0505, velocity 6, facing NE; an enemy
    fighter at 0704 (not moved, 3 thrust); a DropShip and a fighter at 0903."""
    return [
        fighter("f1", "0505", 1, velocity=6, ooc=True),
        fighter("f2", "0704", 4, side="B", thrust=3),
        fighter("ds", "0903", 0, side="B", large=True),
        fighter("f3", "0903", 0, side="B"),
    ]


def resolve(units, dice, mover="f1", steps=()):
    by_id = {u.id: u for u in units}
    flight = check_flight(B, by_id, mover, steps)
    return resolve_flight(B, by_id, flight, Dice(seed=1, script=dice))


def test_ex_aero_01_checks_at_0704_and_0903_with_11_and_10() -> None:
    flight = check_flight(B, ex_aero_01_units(), "f1", ())
    checks = [(B.hex_name(c.at), c.target, c.units) for c in flight.collision_checks]
    assert checks == [("0704", 11, ("f2",)), ("0903", 10, ("ds", "f3"))]  # AERO-06


def test_ex_aero_01_evaded_the_fighter_flies_on_and_the_evader_loses_its_thrust() -> None:
    # 0704: 6+5 = 11 collision may occur; f2 evades 3+4 = 7 >= 6; 0903: 2+3 = 5 < 10
    now, out = resolve(ex_aero_01_units(), (6, 5, 3, 4, 2, 3))
    first, second = out.collision_checks
    assert first.struck == "f2" and first.evaded is True and first.evasion.target == 6
    assert second.struck is None and second.evaded is None
    assert B.hex_name(out.end) == "1102" and len(out.path) == 6  # AERO-08: it goes on
    assert now["f2"].craft.thrust == 0 and now["f2"].craft.velocity == 4  # velocity kept


def test_ex_aero_01_failed_evasion_collides_and_the_flight_ends_in_0704() -> None:
    now, out = resolve(ex_aero_01_units(), (6, 6, 1, 2))
    (check,) = out.collision_checks  # 0903 is never reached
    assert check.struck == "f2" and check.evaded is False and check.collided
    assert names(B, out.path) == ["0604", "0704"] and B.hex_name(out.end) == "0704"
    assert now["f2"].craft.thrust == 3  # a failed evasion spends nothing


def test_ex_aero_01_the_dropship_is_struck_first_at_0903() -> None:
    # 0704: 1+1 no; 0903: 5+5 = 10 >= 10: the DropShip before the fighter (AERO-07), no d6
    _, out = resolve(ex_aero_01_units(), (1, 1, 5, 5, 6, 6))
    check = out.collision_checks[1]
    assert check.struck == "ds" and check.evaded is True  # it may evade: 6+6 >= its target
    assert [r.reason for r in out.rolls][:3] == [
        "collision check at 0704",
        "collision check at 0903",
        "control roll, evading a collision (ds)",
    ]


def test_aero_07_same_class_is_picked_at_random_with_a_d6() -> None:
    units = [fighter("f1", "0808", 0, velocity=1, ooc=True), fighter("a", "0807", 0),
             fighter("b", "0807", 0)]  # fmt: skip
    # 6+6 hit; d6 = 5 picks the second of two (4-6); b evades 6+6
    _, out = resolve(units, (6, 6, 5, 6, 6))
    assert out.collision_checks[0].struck == "b"
    _, out = resolve(units, (6, 6, 2, 6, 6))
    assert out.collision_checks[0].struck == "a"


def test_aero_07_dropship_before_fighter_before_ground_unit() -> None:
    assert strike_class(fighter("d", "0505", 0, large=True)) == 0
    assert strike_class(fighter("f", "0505", 0)) == 1
    assert strike_class(mech("m", "0505")) == 2


def test_aero_08_who_may_evade() -> None:
    assert can_evade(fighter("f", "0505", 0, thrust=1))
    assert not can_evade(fighter("f", "0505", 0, thrust=0))
    assert not can_evade(fighter("f", "0505", 0, moved=True))
    assert not can_evade(fighter("f", "0505", 0, ooc=True))
    assert not can_evade(mech("m", "0505"))


def test_aero_08_a_ground_unit_cannot_evade_the_flight_ends_over_it() -> None:
    units = [fighter("f1", "0808", 0, velocity=3, ooc=True), mech("m", "0807")]
    _, out = resolve(units, (6, 6))
    (check,) = out.collision_checks
    assert check.struck == "m" and check.evaded is None and check.collided
    assert names(B, out.path) == ["0807"]


def test_aero_06_one_check_per_hex_however_many_units() -> None:
    units = [fighter("f1", "0808", 0, velocity=2, ooc=True), mech("m", "0807"),
             fighter("a", "0807", 0), fighter("b", "0807", 0, side="B")]  # fmt: skip
    _, out = resolve(units, (1, 1))
    assert len(out.collision_checks) == 1 and out.rolls[0].reason == "collision check at 0807"
    assert len(out.rolls) == 1


def test_a_controlled_flight_rolls_nothing_in_play_but_its_control_roll_for_the_referee() -> None:
    f = fighter("f1", "0808", 0, velocity=1, thrust=8, safe=5)
    by_id = {"f1": f}
    flight = check_flight(B, by_id, "f1", ["T:6", *["F"] * 7])
    _, out = resolve_flight(B, by_id, flight, Dice(script=(4, 4)))
    assert out.rolls == ()
    _, out = resolve_flight(B, by_id, flight, Dice(script=(4, 4)), control_now=True)
    assert [(r.total, r.target, r.success) for r in out.rolls] == [(8, 7, True)]


@given(st.integers(1, 36), st.lists(st.integers(1, 6), min_size=40, max_size=40))
def test_pick_is_always_in_range(count: int, faces: list[int]) -> None:
    assert 0 <= pick(Dice(script=faces), count, "x") < count


def test_pick_is_fair_for_two_to_six() -> None:
    for n in range(2, 7):
        cup = Dice(seed=7)
        seen = Counter(pick(cup, n, "x") for _ in range(6000))
        assert set(seen) == set(range(n))
        assert max(seen.values()) - min(seen.values()) < 6000 / n * 0.2
