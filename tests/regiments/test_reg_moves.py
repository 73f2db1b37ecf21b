"""REG-01..05: orders, wheeling, Move, the 3 cm zone and March (game.regiments.moves)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from regkit import B, F, W, judge, order, reg, world

from game.regiments.options import Options
from game.regiments.regiment import wheel_distance


def test_reg_01_every_order_type_and_no_other() -> None:
    a = reg("a", centre=(50, 150))
    far = world(a, reg("e", "B", centre=(50, 90), facing=180))  # 48 cm away
    near = world(a, reg("e", "B", centre=(50, 125), facing=180))  # 13 cm away
    for o in (
        order("a", "move", F(1)),
        order("a", "march", F(1)),
        order("a", "face", turn=180),
        order("a", "widen", files=1, side="both"),
        order("a", "hold"),
    ):
        assert judge(far, o).legal, o
    assert judge(near, order("a", "charge", target="e")).legal
    v = judge(far, order("a", "wheel", W(10)))
    assert not v.legal and "REG-01" in v.error  # a wheel is not an order of its own


def test_reg_01_units_move_the_way_their_front_faces() -> None:
    for facing, (dx, dy) in ((0, (0, -5)), (90, (5, 0)), (180, (0, 5)), (270, (-5, 0))):
        a = reg("a", at=(100, 100), facing=facing)
        v = judge(world(a), order("a", "move", F(5)))
        assert v.end.front_left == pytest.approx((100 + dx, 100 + dy))


def test_reg_02_a_positive_wheel_keeps_the_right_front_corner() -> None:
    a = reg("a", "A", 2, 3, at=(10, 50))
    v = judge(world(a), order("a", "move", W(30)))
    assert v.end.front_right == pytest.approx(a.front_right)
    assert v.end.facing == pytest.approx(30)
    assert v.used == pytest.approx(8 * math.pi / 6)


def test_reg_02_a_negative_wheel_keeps_the_left_front_corner() -> None:
    a = reg("a", "A", 2, 3, at=(10, 50))
    v = judge(world(a), order("a", "move", W(-45)))
    assert v.end.front_left == pytest.approx(a.front_left)
    assert v.end.facing == pytest.approx(315)


def test_reg_02_the_outer_corner_swings_forward() -> None:
    a = reg("a", "A", 3, 2, at=(50, 50))
    for deg in (20, -20):
        moved = a.wheeled(deg)
        fwd, _ = a.axes()
        gained = (moved.corners()[:2] - a.corners()[:2]) @ fwd
        assert gained.max() > 0 and gained.min() >= -1e-9


def test_reg_02_wheel_then_the_rest_of_the_movement() -> None:
    a = reg("a", "A", 2, 3, at=(10, 50))  # frontage 8
    deg = math.degrees(4 / 8)  # the outer corner travels 4 cm
    ok = judge(world(a), order("a", "move", W(deg), F(5)))
    assert ok.legal and ok.used == pytest.approx(9)
    over = judge(world(a), order("a", "move", W(deg), F(5.05)))
    assert not over.legal and over.failed_step == 1 and "REG-03" in over.error


def test_reg_02_chord_option_measures_the_straight_line() -> None:
    a = reg("a", "A", 2, 3, at=(10, 50))
    v = judge(world(a, options=Options(wheel="chord")), order("a", "move", W(60)))
    assert v.used == pytest.approx(8.0)  # 60 degrees: the chord equals the frontage
    assert wheel_distance(8, 60, "arc") == pytest.approx(8 * math.pi / 3)


def test_reg_03_forward_up_to_the_rate_backward_up_to_half() -> None:
    a = reg("a", at=(50, 100), move=9)
    w = world(a)
    assert judge(w, order("a", "move", F(9))).legal
    assert not judge(w, order("a", "move", F(9.01))).legal
    back = judge(w, order("a", "move", B(4.5)))
    assert back.legal and back.allowance == 4.5 and back.end.facing == a.facing
    assert back.end.front_left == pytest.approx((50, 104.5))
    assert not judge(w, order("a", "move", B(4.6))).legal


def test_reg_03_forward_and_backward_are_not_mixed_unless_the_option_says_so() -> None:
    a = reg("a", at=(50, 100), move=9)
    v = judge(world(a), order("a", "move", F(2), B(1)))
    assert not v.legal and "not both" in v.error and v.failed_step == 0
    v = judge(world(a), order("a", "move", B(1), W(10)))
    assert not v.legal and "may not wheel" in v.error
    mixed = judge(world(a, options=Options(mixed_move=True)), order("a", "move", F(3), B(2)))
    assert mixed.legal and mixed.used == pytest.approx(7) and mixed.allowance == 9


def test_reg_03_a_move_places_an_activation_marker() -> None:
    v = judge(world(reg("a", at=(50, 100))), order("a", "move", F(1)))
    assert v.marker == "activation" and v.end.activated


def test_reg_04_a_move_may_end_at_three_cm_but_not_closer() -> None:
    a = reg("a", at=(50, 100), move=20)
    e = reg("e", "B", at=(70, 80), facing=180)  # its front on y = 80, x 54..70
    w = world(a, e)
    assert judge(w, order("a", "move", F(17))).legal  # front at y = 83: 3.0 cm
    v = judge(w, order("a", "move", F(17.01)))
    assert not v.legal and "within 3 cm of e" in v.error and "REG-04" in v.error


def test_reg_04_the_whole_path_counts_not_only_its_end() -> None:
    a = reg("a", "A", 2, 2, at=(50, 100))  # 8 x 8
    e = reg("e", "B", 2, 2, at=(68.5, 95), facing=180)  # x 60.5..68.5: 2.5 cm right of a's lane
    v = judge(world(a, e), order("a", "move", F(9)))
    assert not v.legal and "2.50 cm" in v.error


def test_reg_04_applies_to_formation_changes() -> None:
    a = reg("a", "A", 4, 3, at=(50, 100))  # 16 wide, 12 deep; widened: 24 wide
    e = reg("e", "B", 4, 2, at=(92.9, 104), facing=180)  # 2.9 cm beyond the new right flank
    v = judge(world(a, e), order("a", "widen", files=2, side="right"))
    assert not v.legal and "within 3 cm" in v.error


def test_reg_04_a_unit_already_in_contact_may_step_away() -> None:
    a = reg("a", "A", 2, 2, at=(50, 100))
    e = reg("e", "B", 2, 2, at=(58, 100), facing=180)  # touching a's front
    v = judge(world(a, e), order("a", "move", B(4)))
    assert v.legal


def test_reg_05_march_doubles_the_rate_forward_only() -> None:
    a = reg("a", at=(50, 150), move=9)
    w = world(a)
    assert judge(w, order("a", "march", W(10), F(15))).legal
    assert not judge(w, order("a", "march", F(18.5))).legal
    v = judge(w, order("a", "march", B(1)))
    assert not v.legal and "forward only" in v.error


def test_reg_05_no_march_with_an_enemy_in_charge_reach() -> None:
    a = reg("a", "A", 2, 2, at=(50, 100))
    e = reg("e", "B", 2, 2, at=(58, 85), move=9, facing=180)  # 15 cm ahead, e charges 18
    v = judge(world(a, e), order("a", "march", F(1)))
    assert not v.legal and "REG-05" in v.error and v.failed_step is None


def test_reg_05_march_halts_on_entering_charge_range() -> None:
    a = reg("a", "A", 2, 2, at=(50, 150))
    e = reg("e", "B", 2, 2, at=(58, 125), move=9, facing=180)  # 25 cm ahead
    v = judge(world(a, e), order("a", "march", F(18)))
    assert v.legal and v.stopped is not None and "REG-05" in v.stopped
    assert v.used == pytest.approx(25 - 18, abs=1e-6)  # halts 18 cm (e's charge) away
    assert v.end.front_left == pytest.approx((50, 143), abs=1e-6)


def test_reg_05_two_size_classes_larger_marches_on_but_not_within_3_cm() -> None:
    a = reg("a", "A", 2, 2, at=(50, 150), size=3)
    e = reg("e", "B", 2, 2, at=(58, 130), move=9, facing=180, size=1)  # 20 cm ahead
    w = world(a, e)
    v = judge(w, order("a", "march", F(17)))
    assert v.legal and v.stopped is None
    v = judge(w, order("a", "march", F(18)))  # would end 2 cm away
    assert not v.legal and "within 3 cm" in v.error


def test_reg_05_k22_option_through_does_not_halt() -> None:
    a = reg("a", "A", 2, 2, at=(50, 150))
    e = reg("e", "B", 2, 2, at=(58, 110), facing=180)
    v = judge(world(a, e, options=Options(march_halt="through")), order("a", "march", F(18)))
    assert v.legal and v.stopped is None and v.used == pytest.approx(18)


def test_reg_05_march_vicinity_option_is_a_fixed_distance() -> None:
    a = reg("a", "A", 2, 2, at=(50, 100))
    e = reg("e", "B", 2, 2, at=(58, 85), facing=180)  # 15 cm
    assert judge(world(a, e, options=Options(march_vicinity=10)), order("a", "march", F(1))).legal


def test_reg_05_a_halt_in_a_wheel_is_found_too() -> None:
    a = reg("a", "A", 2, 2, at=(50, 150))
    e = reg("e", "B", 2, 2, at=(70, 132), facing=180)  # ahead right, 18.44 cm away
    v = judge(world(a, e), order("a", "march", W(90)))
    assert v.legal and v.stopped is not None
    from game.regiments.geometry import distance

    assert distance(v.end.corners(), e.corners()) == pytest.approx(18, abs=1e-3)
    assert np.isclose(v.end.front_right, a.front_right).all()
