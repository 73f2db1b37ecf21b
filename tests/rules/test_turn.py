"""Turn order: phase sequences, initiative with scripted dice, unequal numbers (TURN-*)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.dice import Dice
from game.core.options import CLASSIC, TW
from game.rules.turn import (
    ALTERNATING_PHASES,
    PHASES_CLASSIC_ADVANCED,
    PHASES_CLASSIC_BASIC,
    PHASES_TW,
    Phase,
    move_order,
    next_phase,
    order_for_sides,
    pair_sizes,
    phase_sequence,
    roll_initiative,
)


def seq(s: str) -> list[str]:
    return s.split()


# --- unequal numbers -------------------------------------------------------------------


def test_ex_turn_01_eight_vs_five_seed_example() -> None:
    # TURN-08 table: pairs 1-2 one each, pairs 3-5 A (8) moves two; A moves last.
    assert move_order(loser=5, winner=8) == seq("L W L W L W W L W W L W W")
    assert order_for_sides("A", {"A": 8, "B": 5}) == seq("B A B A B A A B A A B A A")


def test_ex_turn_02_equal_numbers() -> None:
    assert move_order(4, 4) == seq("L W L W L W L W")


def test_ex_turn_03_loser_outnumbers_winner_tw() -> None:
    assert move_order(loser=7, winner=3) == seq("L L W L L W L L W L")


def test_ex_turn_04_seven_vs_two_tw_and_classic() -> None:
    assert move_order(loser=2, winner=7) == seq("L W W L W W W W W")
    assert move_order(loser=2, winner=7, rules=CLASSIC) == seq("L W W W L W W W W")


def test_ex_turn_05_classic_loser_outnumbers_winner() -> None:
    assert move_order(loser=7, winner=3, rules=CLASSIC) == seq("L L W L L W L L L W")


def test_turn_08_threshold_is_at_least_twice_k02() -> None:
    # 6 vs 3 is exactly twice: the seed example applies the two-unit rule (K02).
    assert pair_sizes(3, 6) == (1, 2)
    assert pair_sizes(3, 5) == (1, 1)


def test_turn_08_never_more_than_two_per_half_pair() -> None:
    assert pair_sizes(1, 10) == (1, 2)
    assert pair_sizes(1, 10, CLASSIC) == (1, 10)  # TURN-09: ten times as many -> ten


def test_one_side_empty_moves_everything() -> None:
    assert move_order(0, 3) == ["W"] * 3
    assert move_order(2, 0, CLASSIC) == ["L"] * 2
    assert move_order(0, 0) == []
    assert order_for_sides("A", {"A": 0, "B": 2}) == ["B", "B"]


@settings(max_examples=100)
@given(st.integers(0, 40), st.integers(0, 40), st.sampled_from([TW, CLASSIC]))
def test_every_unit_moves_exactly_once(loser: int, winner: int, rules) -> None:
    order = move_order(loser, winner, rules)
    assert Counter(order) == Counter({"L": loser, "W": winner}) - Counter()
    if loser and winner:
        assert order[0] == "L"  # TURN-06: the loser starts


@settings(max_examples=100)
@given(st.integers(1, 40), st.integers(1, 40))
def test_turn_09_classic_winner_always_moves_last(loser: int, winner: int) -> None:
    # TURN-09: "as a consequence the initiative winner always moves its last Mech last".
    assert move_order(loser, winner, CLASSIC)[-1] == "W"


@settings(max_examples=100)
@given(st.integers(0, 40), st.integers(0, 40))
def test_tw_runs_never_exceed_two_while_both_sides_have_units(loser: int, winner: int) -> None:
    order = move_order(loser, winner)
    left = {"L": loser, "W": winner}
    run, prev = 0, None
    for a in order:
        run = run + 1 if a == prev else 1
        prev = a
        left[a] -= 1
        other = "W" if a == "L" else "L"
        if left[other] > 0:  # TURN-08 cap holds until the other side is done
            assert run <= 2


def test_order_for_sides_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="exactly two sides"):
        order_for_sides("A", {"A": 1, "B": 1, "C": 1})
    with pytest.raises(ValueError, match="not one of"):
        order_for_sides("X", {"A": 1, "B": 1})
    with pytest.raises(ValueError, match="negative"):
        order_for_sides("A", {"A": -1, "B": 1})


# --- initiative --------------------------------------------------------------------------


def test_turn_05_initiative_highest_total_wins() -> None:
    dice = Dice(seed=1, script=(3, 4, 6, 5))  # A 7, B 11
    ini = roll_initiative(["A", "B"], dice)
    assert ini.rounds == ({"A": 7, "B": 11},)
    assert ini.winner == "B" and ini.loser == "A"
    assert [r.total for r in dice.log] == [7, 11]
    assert [r.reason for r in dice.log] == ["initiative A", "initiative B"]


def test_turn_05_initiative_tie_rerolls() -> None:
    dice = Dice(seed=1, script=(3, 4, 5, 2, 6, 6, 1, 1))  # 7 v 7 tie, then A 12 v B 2
    ini = roll_initiative(["A", "B"], dice)
    assert ini.rounds == ({"A": 7, "B": 7}, {"A": 12, "B": 2})
    assert ini.order == ("B", "A") and ini.winner == "A"
    assert ini.to_json() == {
        "rolls": [{"A": 7, "B": 7}, {"A": 12, "B": 2}],
        "order": ["B", "A"],
        "winner": "A",
    }


def test_turn_05_three_sides_only_tied_sides_reroll() -> None:
    # A 8, B 5, C 8: B is placed lowest; A and C re-roll between themselves: A 4, C 9.
    dice = Dice(seed=1, script=(4, 4, 2, 3, 5, 3, 1, 3, 4, 5))
    ini = roll_initiative(["A", "B", "C"], dice)
    assert ini.rounds == ({"A": 8, "B": 5, "C": 8}, {"A": 4, "C": 9})
    assert ini.order == ("B", "A", "C")
    assert ini.winner == "C"


def test_initiative_falls_back_to_the_seed_reproducibly() -> None:
    a = roll_initiative(["A", "B"], Dice(seed=42))
    b = roll_initiative(["A", "B"], Dice(seed=42))
    assert a == b
    last = a.rounds[-1]
    assert last[a.winner] > last[a.loser]


def test_initiative_needs_two_distinct_sides() -> None:
    with pytest.raises(ValueError):
        roll_initiative(["A"], Dice())
    with pytest.raises(ValueError):
        roll_initiative(["A", "A"], Dice())


# --- phases ------------------------------------------------------------------------------


def test_turn_02_tw_phase_sequence() -> None:
    assert phase_sequence(TW) == PHASES_TW
    assert [p.value for p in PHASES_TW] == [
        "initiative",
        "movement",
        "aerospace movement",
        "weapon attack",
        "physical attack",
        "heat",
        "end",
    ]


def test_turn_03_04_classic_sequences() -> None:
    assert phase_sequence(CLASSIC, advanced=False) == PHASES_CLASSIC_BASIC
    assert phase_sequence(CLASSIC) == PHASES_CLASSIC_ADVANCED
    assert Phase.REACTION in PHASES_CLASSIC_ADVANCED and Phase.REACTION not in PHASES_TW


def test_turn_07_alternating_phases_and_next_phase_wraps() -> None:
    assert Phase.MOVEMENT in ALTERNATING_PHASES and Phase.HEAT not in ALTERNATING_PHASES
    assert next_phase(Phase.END) == Phase.INITIATIVE  # TURN-14
    assert next_phase(Phase.MOVEMENT, CLASSIC) == Phase.REACTION
    with pytest.raises(ValueError):
        next_phase(Phase.REACTION, TW)
