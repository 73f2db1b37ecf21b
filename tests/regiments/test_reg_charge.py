"""REG-10..17 and EX-REG-05..07: charges, their targets, halt, contact, aligning,
countercharges and the second enemy met on the way (game.regiments.charge)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from regkit import B, F, W, judge, kinds, order, rect, reg, world

from game.regiments.align import touch_ahead
from game.regiments.front import in_front_area, may_countercharge
from game.regiments.geometry import distance
from game.regiments.options import Options


def head_on(gap: float, **kw):  # noqa: ANN003, ANN201
    """Charger b (4 x 2, facing north) with target a's front ``gap`` cm ahead."""
    b = reg("b", "B", 4, 2, at=(50, 100), **kw)
    a = reg("a", "A", 4, 2, at=(66, 100 - gap), facing=180)
    return a, b


def test_reg_10_the_charge_move_is_twice_the_rate() -> None:
    a, b = head_on(18.0)
    v = judge(world(a, b), order("b", "charge", target="a"))
    assert v.legal and v.allowance == 18 and v.used == pytest.approx(18)
    a, b = head_on(18.5)
    v = judge(world(a, b), order("b", "charge", target="a"))
    assert not v.legal and "beyond the charge move of 18" in v.error and "REG-11" in v.error


def test_reg_11_no_line_of_sight_no_charge() -> None:
    a, b = head_on(12.0)
    wall = rect("wall", 30, 92, 90, 93)
    v = judge(world(a, b, obstacles=(wall,)), order("b", "charge", target="a"))
    assert not v.legal and "line of sight" in v.error


def test_reg_11_only_enemies_are_charged() -> None:
    a, b = head_on(10.0)
    friend = reg("f", "B", 2, 2, at=(10, 100))
    v = judge(world(a, b, friend), order("b", "charge", target="f"))
    assert not v.legal and "not an enemy" in v.error


def test_ex_reg_05_a_unit_in_the_way_leaves_only_itself_to_charge() -> None:
    c = reg("C", "A", 4, 2, centre=(50, 80), move=9)  # front at y = 76
    b = reg("B", "B", 4, 2, centre=(50, 68), facing=180)  # front at y = 72: 4 cm ahead
    a = reg("A", "B", 6, 2, centre=(50, 56), facing=180)  # front at y = 60: 16 cm ahead
    w = world(a, b, c)
    v = judge(w, order("C", "charge", target="A"))
    assert not v.legal and "no clear charge path to A within 18 cm" in v.error
    assert "blocked by B" in v.error
    assert judge(w, order("C", "charge", target="B")).legal


def test_reg_12_halt_three_cm_short_then_contact() -> None:
    a, b = head_on(10.0)
    v = judge(world(a, b), order("b", "charge", target="a"))
    assert v.halt.front_left == pytest.approx((50, 93))  # 3 cm short
    assert v.end.front_left == pytest.approx((50, 90)) and v.used == pytest.approx(10)
    assert v.contact.unit == "a" and v.contact.target == a
    assert v.marker == "activation"


def test_reg_12_a_charge_may_begin_with_a_wheel_and_ends_straight() -> None:
    b = reg("b", "B", 4, 2, at=(50, 100))
    after = b.wheeled(30)
    fwd, _ = after.axes()
    ahead = after.corners()[:2].mean(axis=0) + 12 * fwd  # 8 cm ahead, plus half a's depth
    a = reg("a", "A", 4, 2, centre=tuple(ahead), facing=210)
    w = world(a, b)
    v = judge(w, order("b", "charge", W(30), target="a"))
    assert v.legal and v.used == pytest.approx(16 * math.radians(30) + 8)
    assert v.halt.facing == pytest.approx(30) and v.end.facing == pytest.approx(30)
    late = judge(w, order("b", "charge", F(2), W(-20), F(1), target="a"))
    assert late.legal or "REG" in late.error  # wheels between straight runs are steps too


def test_reg_12_a_wheel_may_not_reach_the_three_cm() -> None:
    b = reg("b", "B", 4, 2, at=(50, 100))  # pivot (66, 100); the outer corner reaches (66, 84)
    a = reg("a", "A", 2, 2, at=(70, 82), facing=180)  # x 62..70, y 74..82
    v = judge(world(a, b), order("b", "charge", W(89), target="a"))
    assert not v.legal and "a charge ends with straight movement (REG-12)" in v.error
    assert v.failed_step == 0


def test_reg_12_no_backward_charge() -> None:
    a, b = head_on(10.0)
    v = judge(world(a, b), order("b", "charge", B(1), target="a"))
    assert not v.legal and v.failed_step == 0


def test_reg_12_countercharge_moves_the_target_into_contact_instead() -> None:
    a, b = head_on(10.0)
    v = judge(world(a, b), order("b", "charge", target="a", countercharge=("a",)))
    assert v.legal and v.end.front_left == pytest.approx((50, 93))  # b waits at its halt
    assert v.used == pytest.approx(7)
    assert v.contact.target.front_left == pytest.approx((66, 93))  # a came 3 cm
    assert kinds(v)[-2:] == [("countercharges", "a"), ("contact", "a")]


def test_reg_13_ex_reg_07_diagram_14_the_first_contact_point_stays_put() -> None:
    b = reg("b", "B", 4, 2, centre=(45, 58))
    a = reg("a", "A", 6, 2, centre=(50, 40), facing=165)
    v = judge(world(a, b), order("b", "charge", target="a"))
    assert v.legal
    contact = b.forward(0)  # where the slide ended: the last pose before the swing
    touch = touch_ahead(v.halt, a)
    pivot = np.array(touch.point)
    end = v.contact.attacker
    assert distance(end.corners(), a.corners()) < 1e-9
    assert distance(np.array([pivot, pivot + 1e-9]), end.corners()) < 1e-6
    assert (end.facing - a.facing) % 360 == pytest.approx(180)  # front to front, flush
    del contact


def test_reg_14_ex_reg_07_diagram_15_at_a_corner_the_smaller_swing_wins() -> None:
    a = reg("a", "A", 4, 2, centre=(50, 40), facing=200)  # a corner points at b
    b = reg("b", "B", 4, 2, centre=(50, 60))
    v = judge(world(a, b), order("b", "charge", target="a"))
    assert v.legal
    assert v.end.facing == pytest.approx(20)  # 20 degrees, not the other edge's 70
    assert any(e.kind == "aligns" and "20.0 degrees" in e.text for e in v.events)


def test_reg_15_ex_reg_07_diagram_16_an_obstacle_stops_the_swing() -> None:
    a = reg("A", "A", 6, 2, centre=(50, 40), facing=160)
    b = reg("B", "B", 4, 2, centre=(45, 58))
    rock = rect("rock", 54, 53, 56.5, 55)
    v = judge(world(a, b, obstacles=(rock,)), order("B", "charge", target="A"))
    assert v.legal
    assert [k for k, _ in kinds(v)[-3:]] == ["aligns", "blocked", "completes_alignment"]
    att, tgt = v.contact.attacker, v.contact.target
    assert (att.facing - tgt.facing) % 360 == pytest.approx(180)  # flush in the end
    assert tgt.facing != pytest.approx(a.facing)  # the target turned
    assert distance(att.corners(), rock.polygon()) < 0.02  # b stopped at the rock
    assert distance(att.corners(), tgt.corners()) < 1e-9


def _three() -> tuple:
    a = reg("A", "A", 4, 2, centre=(45, 40), facing=160)
    b = reg("B", "B", 4, 2, centre=(45, 58))
    c = reg("C", "A", 2, 2, centre=(60, 42), facing=210)
    return a, b, c


def test_ex_reg_07_diagram_17_the_met_unit_declines() -> None:
    a, b, c = _three()
    v = judge(world(a, b, c), order("B", "charge", target="A"))
    seq = kinds(v)
    assert seq == [
        ("charges", "B"), ("halts", "B"), ("may_countercharge", "A"), ("declines", "A"),
        ("contact", "B"), ("meets", "B"), ("may_countercharge", "C"), ("declines", "C"),
        ("aligns", "B"), ("aligns", "C"),
    ]  # fmt: skip
    assert "REG-16" in v.stopped and v.meets[0].unit == "C"
    moved = {r.id: r for r in v.moved}
    assert distance(moved["B"].corners(), moved["C"].corners()) < 1e-6  # proper contact
    assert distance(moved["B"].corners(), a.corners()) < 1e-9


def test_ex_reg_07_diagram_18_the_met_unit_countercharges() -> None:
    a, b, c = _three()
    v = judge(world(a, b, c), order("B", "charge", target="A", countercharge=("C",)))
    assert kinds(v)[4:] == [
        ("contact", "B"), ("meets", "B"), ("may_countercharge", "C"), ("countercharges", "C"),
        ("contact", "C"), ("aligns", "A"),
    ]  # fmt: skip
    moved = {r.id: r for r in v.moved}
    assert v.contact.unit == "C"
    assert distance(moved["B"].corners(), moved["C"].corners()) < 1e-6
    assert distance(moved["B"].corners(), moved["A"].corners()) < 1e-6
    assert (moved["B"].facing - moved["A"].facing) % 360 == pytest.approx(180)  # A aligned to B


def test_ex_reg_07_diagram_13_sequence() -> None:
    b = reg("b", "B", 4, 2, centre=(45, 58))
    a = reg("a", "A", 6, 2, centre=(50, 40), facing=165)
    v = judge(world(a, b), order("b", "charge", target="a"))
    assert [k for k, _ in kinds(v)] == [
        "charges", "halts", "may_countercharge", "declines", "contact", "aligns",
    ]  # fmt: skip


def test_ex_reg_06_countercharge_eligibility() -> None:
    b = reg("b", "B", 4, 2, at=(50, 97))  # 3 cm in front of a
    held = reg("a", "A", 4, 2, at=(66, 94), facing=180, markers=("activation", "hold"))
    w = world(held, b)
    assert may_countercharge(w, held, b).may  # fig. 1: hold marker, in front
    flank = reg("f", "B", 2, 4, at=(72, 88), facing=270)  # beside a's flank, 3 cm off
    assert not in_front_area(flank, held) and not may_countercharge(w, held, flank).may
    spent = reg("a", "A", 4, 2, at=(66, 94), facing=180, markers=("activation",))
    assert not may_countercharge(world(spent, b), spent, b).may  # activated, no hold
    a, bb, c = _three()  # C not yet activated, B's alignment comes within 3 cm of its front
    v = judge(world(a, bb, c), order("B", "charge", target="A"))
    assert v.meets[0].countercharge.may


def test_reg_17_the_referee_reports_eligibility() -> None:
    a, b = head_on(10.0)
    spent = reg("a", "A", 4, 2, at=(66, 90), facing=180, markers=("activation",))
    v = judge(world(spent, b), order("b", "charge", target="a"))
    assert v.countercharge.may is False and "REG-17" in v.countercharge.why
    v = judge(world(a, b), order("b", "charge", target="a"))
    assert v.countercharge.may is True


def test_reg_17_half_plane_front_area_option() -> None:
    a = reg("a", "A", 4, 2, at=(66, 94), facing=180)  # front along y = 94, x 50..66
    side = reg("s", "B", 2, 2, at=(70, 100))  # ahead of a's front line, beside its flank
    assert not in_front_area(side, a, "strip")
    assert in_front_area(side, a, "half-plane")
    w = world(a, side, options=Options(front_area="half-plane"))
    assert may_countercharge(w, a, side).may


def test_reg_16_met_on_the_way_in() -> None:
    b = reg("b", "B", 4, 2, at=(50, 100))
    a = reg("a", "A", 4, 2, at=(66, 84), facing=180)  # 16 cm ahead
    c = reg("c", "A", 2, 2, at=(68.5, 96), facing=270)  # 2.5 cm right of b's lane, facing it
    v = judge(world(a, b, c), order("b", "charge", target="a"))
    assert v.legal and [m.unit for m in v.meets] == ["c"]
    at = v.meets[0].at  # the first pose within 3 cm of c and in its front area
    assert distance(at.corners(), c.corners()) <= 3 + 1e-6 and in_front_area(at, c)
    assert at.forward(-0.01).corners()[:, 1].min() >= c.corners()[:, 1].max() - 1e-6
    v2 = judge(world(a, b, c), order("b", "charge", target="a", countercharge=("c",)))
    assert v2.contact.unit == "c"  # c came into contact; b's charge ends there
