"""REG-06..09 and EX-REG-03/04: markers, formation changes, facing changes, widen/narrow."""

from __future__ import annotations

import numpy as np
import pytest
from regkit import F, judge, order, reg, world

from game.regiments.formation import faced, reshaped
from game.regiments.regiment import Regiment


def box(r: Regiment) -> tuple[float, float, float, float]:
    c = r.corners()
    return tuple(np.round([c[:, 0].min(), c[:, 1].min(), c[:, 0].max(), c[:, 1].max()], 6))


def test_ex_reg_03_turn_right_on_the_east_edge() -> None:
    a = reg("a", "A", 4, 3, at=(0, 0))  # x 0..16, y 0..12, facing north
    v = judge(world(a), order("a", "face", turn=90))
    assert v.legal
    e = v.end
    assert (e.files, e.ranks, e.facing) == (3, 4, 90)
    assert e.front_left == pytest.approx((16, 0))  # front rank on x = 16 from y 0 to 12
    assert e.front_right == pytest.approx((16, 12))
    assert box(e) == (0, 0, 16, 12)  # the ranks extend west
    fwd, right = e.axes()
    command = np.array(e.front_left) + (e.command_file + 0.5) * e.stand[0] * right
    assert command == pytest.approx((16, 6))  # the middle stand of the 3-stand front rank


def test_reg_08_turn_left_and_about_face() -> None:
    a = reg("a", "A", 4, 3, at=(20, 20))  # x 20..36, y 20..32
    left = faced(a, -90)
    assert (left.files, left.ranks, left.facing) == (3, 4, 270)
    assert left.front_left == pytest.approx((20, 32)) and left.front_right == pytest.approx(
        (20, 20)
    )
    about = faced(a, 180)
    assert (about.files, about.ranks, about.facing) == (4, 3, 180)
    assert about.front_left == pytest.approx((36, 32))
    assert box(about) == box(a)


def test_reg_08_rectangular_stands_change_the_footprint() -> None:
    """Diagram 10: stands keep their own frontage across the new front."""
    a = reg("a", "A", 4, 2, at=(40, 40), stand=(4, 2))  # 16 x 4
    t = faced(a, 90)
    assert (t.width, t.depth) == (8, 8)
    assert t.front_left == pytest.approx((56, 42 - 4))  # centred on the east edge's middle (56, 42)
    assert t.front_right == pytest.approx((56, 46))


def test_reg_08_only_quarter_and_half_turns() -> None:
    v = judge(world(reg("a", at=(50, 50))), order("a", "face", turn=45))
    assert not v.legal and "REG-08" in v.error


def test_ex_reg_04_widen_narrow() -> None:
    a = reg("a", "A", 4, 3, at=(50, 50))
    both = reshaped(a, "widen", 1, "both")
    assert (both.files, both.ranks) == (6, 2) and both.front_left == pytest.approx((46, 50))
    back = reshaped(both, "narrow", 1, "both")
    assert (back.files, back.ranks) == (4, 3) and back.front_left == pytest.approx((50, 50))
    left = reshaped(a, "widen", 2, "left")
    assert (left.files, left.ranks) == (6, 2) and left.front_left == pytest.approx((42, 50))
    assert reshaped(a, "widen", 2, "both") == both  # "both" is one file on each side


def test_reg_09_ranks_stay_full_and_there_must_be_a_rear_rank() -> None:
    a = reg("a", "A", 4, 3, at=(50, 50))
    assert isinstance(reshaped(a, "widen", 1, "left"), str)  # 12 stands in 5 files
    one_rank = reg("b", "A", 4, 1, at=(50, 50))
    assert isinstance(reshaped(one_rank, "widen", 1, "both"), str)
    assert isinstance(reshaped(reg("c", "A", 1, 4, at=(50, 50)), "narrow", 1, "left"), str)
    assert isinstance(reshaped(a, "widen", 3, "left"), str)


def test_reg_07_no_room_means_no_formation_change() -> None:
    a = reg("a", "A", 4, 3, at=(2, 50))
    v = judge(world(a), order("a", "widen", files=2, side="left"))
    assert not v.legal and "REG-07" in v.error  # it would stand off the table
    friend = reg("f", "A", 2, 2, at=(20.5, 50))
    v = judge(
        world(reg("a", "A", 4, 3, at=(0, 50)), friend), order("a", "widen", files=2, side="right")
    )
    assert not v.legal and "run into f" in v.error


def test_reg_07_a_formation_change_gives_an_activation_marker_and_does_not_move() -> None:
    a = reg("a", "A", 4, 3, at=(50, 50))
    v = judge(world(a), order("a", "face", turn=180))
    assert v.legal and v.marker == "activation" and v.used == 0 and v.end.activated


def test_reg_06_markers_of_each_order() -> None:
    a = reg("a", at=(50, 100))
    w = world(a)
    assert judge(w, order("a", "move", F(2))).end.markers == ("activation",)
    assert judge(w, order("a", "march", F(2))).end.markers == ("activation",)
    hold = judge(w, order("a", "hold"))
    assert hold.marker == "hold" and hold.end.markers == ("hold",)
