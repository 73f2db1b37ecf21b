"""Invariants of the regiment rules, for random regiments and orders (hypothesis):
a wheel turned back returns the unit; no order but a charge ends within 3 cm of an enemy
it was clear of; the distance used never exceeds the allowance; random games keep every
regiment on the table, apart, and replay to the same state."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from regkit import reg, world

from game.regiments.engine import ENGINE, new_game, replay
from game.regiments.geometry import distance, overlaps
from game.regiments.orders import check_order
from game.regiments.paths import Leg
from game.regiments.state import RegimentStart
from game.regiments.table import Table
from game.regiments.verdict import Order

coord = st.floats(30, 170)
facing = st.floats(0, 359.9)
files = st.integers(1, 6)
ranks = st.integers(1, 4)


@st.composite
def regiment(draw, rid: str, side: str):  # noqa: ANN001, ANN201
    return reg(
        rid, side, draw(files), draw(ranks), centre=(draw(coord), draw(coord)),
        facing=draw(facing), move=draw(st.floats(4, 20)),
        stand=(draw(st.sampled_from([3.0, 4.0, 5.0])), draw(st.sampled_from([2.0, 4.0, 6.0]))),
        size=draw(st.integers(0, 3)),
    )  # fmt: skip


step = st.one_of(
    st.builds(lambda d: Leg("wheel", d), st.floats(-120, 120).filter(lambda d: abs(d) > 0.1)),
    st.builds(lambda c: Leg("forward", c), st.floats(0.1, 25)),
)


@st.composite
def an_order(draw, unit: str, target: str):  # noqa: ANN001, ANN201
    kind = draw(
        st.sampled_from(["move", "march", "move_back", "face", "widen", "narrow", "charge"])
    )
    if kind == "move_back":
        return Order(unit, "move", (Leg("backward", draw(st.floats(0.1, 10))),))
    if kind in ("move", "march"):
        return Order(unit, kind, tuple(draw(st.lists(step, min_size=1, max_size=3))))
    if kind == "face":
        return Order(unit, "face", turn=draw(st.sampled_from([90, -90, 180])))
    if kind in ("widen", "narrow"):
        return Order(
            unit,
            kind,
            files=draw(st.sampled_from([1, 2])),
            side=draw(st.sampled_from(["left", "right", "both"])),
        )
    steps = tuple(draw(st.lists(step, max_size=1)))
    return Order(unit, "charge", steps, target=target)


SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@SETTINGS
@given(regiment("a", "A"), st.floats(-170, 170).filter(lambda d: abs(d) > 1e-3))
def test_a_wheel_turned_back_about_its_pivot_returns_the_unit(a, deg) -> None:  # noqa: ANN001
    w = a.wheeled(deg)
    pivot = np.array(a.front_right if deg >= 0 else a.front_left)
    stays = w.front_right if deg >= 0 else w.front_left
    assert np.allclose(stays, pivot)  # REG-02: the pivot corner stays put
    back = w.turned_about(pivot, -deg)
    assert np.allclose(back.corners(), a.corners(), atol=1e-9)


@SETTINGS
@given(st.data())
def test_orders_keep_their_rules(data) -> None:  # noqa: ANN001
    a = data.draw(regiment("a", "A"))
    e = data.draw(regiment("e", "B"))
    f = data.draw(regiment("f", "A"))
    assume(not overlaps(a.corners(), e.corners()) and not overlaps(a.corners(), f.corners()))
    assume(not overlaps(e.corners(), f.corners()))
    w = world(a, e, f)
    assume(all(w.table.holds(r.corners()) for r in (a, e, f)))
    o = data.draw(an_order("a", "e"))
    v = check_order(w, o)
    assert v.used <= v.allowance + 1e-6  # the allowance is never exceeded
    if not v.legal:
        assert v.error
        return
    end = {r.id: r for r in v.moved}["a"]
    assert w.table.holds(end.corners())
    assert not overlaps(end.corners(), f.corners())
    start_d = distance(a.corners(), e.corners())
    end_d = distance(end.corners(), e.corners())
    if o.type == "charge":
        moved = {r.id: r for r in v.moved}
        if v.contact is not None:  # the one exception to REG-04: contact, flush or as near
            other = moved.get(v.contact.unit, w.get(v.contact.unit))
            assert distance(v.contact.attacker.corners(), other.corners()) < 1e-6
        for r in moved.values():
            assert w.table.holds(r.corners())
    else:
        assert end_d >= min(3.0, start_d) - 1e-6  # REG-04


def _random_start(seed: int) -> RegimentStart:
    rng = random.Random(seed)
    regs = []
    for side, y, f in (("A", 110.0, 0.0), ("B", 40.0, 180.0)):
        for k in range(3):
            r = reg(
                f"{side}{k + 1}",
                side,
                rng.randint(2, 5),
                rng.randint(1, 3),
                centre=(30 + 45 * k + rng.uniform(-5, 5), y + rng.uniform(-8, 8)),
                facing=f + rng.uniform(-30, 30),
                move=rng.choice([8.0, 10.0, 16.0]),
            )
            regs.append(r)
    return RegimentStart(Table(160, 150), tuple(regs), seed=seed)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_regiments_apart_and_replay(seed: int) -> None:
    st_ = _random_start(seed)
    for i, a in enumerate(st_.regiments):
        for b in st_.regiments[i + 1 :]:
            assert not overlaps(a.corners(), b.corners())
    s = new_game(st_)
    rng = random.Random(seed)
    for _ in range(40):
        choices = ENGINE.choices(s)
        rng.shuffle(choices)
        for a in choices:
            out = ENGINE.apply(s, a)
            if out.ok:
                s, _ = ENGINE.advance(out.state)
                break
        else:
            break
        for i, r in enumerate(s.regiments):
            assert s.start.table.holds(r.corners())
            for q in s.regiments[i + 1 :]:
                assert not overlaps(r.corners(), q.corners()), (r.id, q.id)
    assert s.turn >= 2  # several rounds were played
    assert replay(st_, s.history) == s
