"""Dice: scripted faces first, then the seeded generator; every roll logged (PSR-06)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.dice import Dice, DiceScriptError, Roll


def test_script_is_used_first_then_seeded_generator() -> None:
    d = Dice(seed=7, script=(3, 4, 6))
    r = d.roll2d6("stand up", target=7)
    assert r.faces == (3, 4) and r.total == 7
    assert d.scripted_left == 1
    second = d.roll2d6("water")
    assert second.faces[0] == 6  # last scripted face, then the generator
    ref = Dice(seed=7)
    assert second.faces[1] == ref.d6("x")  # the generator starts fresh after the script


def test_psr_06_success_is_roll_at_least_target() -> None:
    d = Dice(script=(3, 4, 3, 3))
    ok = d.roll2d6("psr", target=7)
    bad = d.roll2d6("psr", target=7)
    assert ok.success and ok.margin == 0 and ok.margin_of_failure == 0
    assert not bad.success and bad.margin == -1 and bad.margin_of_failure == 1


def test_plain_roll_has_no_success() -> None:
    d = Dice(script=(2, 5))
    r = d.roll2d6("hit location")
    assert r.target is None and r.success is None and r.margin is None


def test_d6_is_logged_as_one_face_roll() -> None:
    d = Dice(script=(5,))
    assert d.d6("fall facing") == 5
    assert d.log == (Roll((5,), 5, "fall facing"),)


def test_log_order_and_json() -> None:
    d = Dice(script=(1, 2, 6, 6))
    d.roll2d6("a", target=4)
    d.roll2d6("b", target=12)
    assert [r.reason for r in d.log] == ["a", "b"]
    assert d.log[1].to_json() == {
        "reason": "b",
        "dice": [6, 6],
        "total": 12,
        "target": 12,
        "success": True,
    }


def test_bad_script_face_is_rejected() -> None:
    with pytest.raises(DiceScriptError):
        Dice(script=(1, 7))


def test_different_seeds_differ() -> None:
    d1, d2 = Dice(seed=1), Dice(seed=2)
    assert [d1.d6("x") for _ in range(20)] != [d2.d6("x") for _ in range(20)]


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10_000),
    script=st.lists(st.integers(1, 6), max_size=12),
    targets=st.lists(st.one_of(st.none(), st.integers(2, 13)), min_size=1, max_size=15),
)
def test_same_script_and_seed_replay_the_same_log(
    seed: int, script: list[int], targets: list[int | None]
) -> None:
    def run(d: Dice) -> tuple[Roll, ...]:
        for i, t in enumerate(targets):
            if i % 3 == 2:
                d.d6(f"r{i}")
            else:
                d.roll2d6(f"r{i}", target=t)
        return d.log

    first = Dice(seed, script)
    log = run(first)
    assert run(first.replay()) == log
    assert run(Dice(seed, script)) == log
    assert all(1 <= f <= 6 for r in log for f in r.faces)
