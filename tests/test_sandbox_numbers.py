"""Every to-hit number a sandbox setting sets (issue 13): the dummy's movement, posture and
power, the attacker's movement, skill and heat, each with the value and rule of the digest,
as the Attack view shows them (game.phases.weapons.options_at). The duel: a Hunchback
(gunnery 4) three hexes south of a 50-ton dummy, medium laser at short range (base 4)."""

from __future__ import annotations

import pytest

from game.board import build_board
from game.flow import apply
from game.hexgrid import Hex
from game.phases.sandbox import EditUnit, PlaceDummy, PlaceUnit, SetDown, SetMoved
from game.phases.weapons import options_at
from game.setup import new_sandbox


def act(s, action):
    out = apply(s, action)
    assert out.ok, getattr(out, "reason", "")
    return out.state


def duel(**dummy):
    s = act(new_sandbox(build_board(12, 12), seed=4), PlaceUnit("HBK-4G", "A", Hex(3, 6), 0))
    return act(s, PlaceDummy("B", Hex(3, 3), 3, tons=50, **dummy))


def laser(s):
    """The first medium laser's option at B1: its number and its modifiers summed by rule."""
    w = options_at(s, "A1", "B1").weapons[0]
    assert w.name == "Medium Laser" and w.fires
    mods: dict[str, int] = {}
    for m in w.modifiers:
        if m.value:
            mods[m.rule] = mods.get(m.rule, 0) + m.value
    assert w.target == sum(mods.values())  # the number is its modifiers, nothing hidden
    return w.target, mods


def test_the_duel_is_the_base_number_cmb_11() -> None:
    target, mods = laser(duel())
    assert target == 4 and set(mods) == {"CMB-11"} and mods["CMB-11"] == 4


@pytest.mark.parametrize("mode, hexes, extra", [
    ("walk", 2, 0), ("walk", 3, 1), ("run", 4, 1), ("run", 5, 2), ("run", 6, 2),
    ("run", 7, 3), ("run", 9, 3), ("run", 10, 4), ("jump", 2, 1), ("jump", 5, 3),
])  # fmt: skip
def test_the_dummy_counts_as_having_moved_cmb_13(mode, hexes, extra) -> None:
    target, mods = laser(duel(mode=mode, hexes=hexes))
    assert target == 4 + extra and mods.get("CMB-13", 0) == extra


def test_a_prone_dummy_is_plus_1_at_range_and_minus_2_adjacent_cmb_19() -> None:
    s = duel(prone=True)
    target, mods = laser(s)
    assert (target, mods.get("CMB-19")) == (5, 1)
    target, mods = laser(act(s, SetDown("B1", Hex(3, 5), 3)))
    assert (target, mods.get("CMB-19")) == (2, -2)


def test_a_shut_down_dummy_is_immobile_minus_4_cmb_20() -> None:
    target, mods = laser(duel(shutdown=True))
    assert (target, mods.get("CMB-20")) == (0, -4)


@pytest.mark.parametrize("mode, hexes, extra", [
    ("walk", 3, 1), ("run", 5, 2), ("jump", 3, 3),
])  # fmt: skip
def test_the_attacker_counts_as_having_moved_cmb_12(mode, hexes, extra) -> None:
    target, mods = laser(act(duel(), SetMoved("A1", mode, hexes)))
    assert target == 4 + extra and mods.get("CMB-12") == extra


@pytest.mark.parametrize("gunnery", [2, 3, 5, 6])
def test_the_gunnery_skill_is_the_base_cmb_11(gunnery) -> None:
    target, mods = laser(act(duel(), EditUnit("A1", "gunnery", gunnery)))
    assert target == gunnery and mods.get("CMB-11", 0) == gunnery


@pytest.mark.parametrize("heat, extra", [(7, 0), (8, 1), (12, 1), (13, 2), (16, 2), (17, 3),
                                         (23, 3), (24, 4), (30, 4)])  # fmt: skip
def test_the_attackers_heat_heat_07(heat, extra) -> None:
    target, mods = laser(act(duel(), EditUnit("A1", "heat", heat)))
    assert target == 4 + extra and mods.get("HEAT-07", 0) == extra
