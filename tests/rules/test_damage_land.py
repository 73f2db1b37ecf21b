"""The one damage entry, game.rules.damage.land (issue 24): whatever lands on a Mech, a
vehicle or a platoon is never lost or doubled (CMB-28/29/37, CMB-41), counts as the phase's
damage (PSR-08) unless the record is not tallied (a vehicle's ammunition critical), and an
explosion skips the armour (HEAT-09, CMB-36, CMB-48)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.designs.roster import make_unit
from game.hexgrid import parse_hex_name
from game.rules.damage.infantry import TROOPERS
from game.rules.damage.land import (
    EXPLOSION,
    FALL,
    SOURCES,
    WEAPON,
    DamageRecord,
    land,
    sever,
)
from game.units.unit import Unit

AT = parse_hex_name("0505")
MECH_CODES = ["HD", "CT", "LT", "RT", "LA", "RA", "LL", "RL"]
HULL_CODES = ["FR", "LS", "RS", "RR", "TU"]


def _unit(design: str) -> Unit:
    return make_unit(design, "t", "B", at=AT)


def _left(u: Unit) -> int:
    """Armour + structure still on a body or hull (a destroyed location holds 0)."""
    rec = u.body if u.body is not None else u.hull
    assert rec is not None
    return sum(loc.armour + loc.rear + loc.structure for loc in rec.locations)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(MECH_CODES),
            st.integers(0, 40),
            st.booleans(),
            st.sampled_from(SOURCES),
            st.booleans(),
        ),
        max_size=12,
    )
)
def test_cmb_28_29_what_lands_on_a_mech_is_never_lost_or_doubled(hits: list) -> None:
    u = _unit("HBK-4G")
    for code, points, rear, source, tallied in hits:
        before, phase = _left(u), u.damage.phase_damage
        landed = land(u, DamageRecord(code, points, source, rear, tallied=tallied))
        res, u = landed.result, landed.unit
        assert res.absorbed + res.lost == points
        assert before - _left(u) == res.absorbed + sum(v for _, v in res.collateral)
        assert u.damage.phase_damage - phase == (res.absorbed if tallied else 0)  # PSR-08
        if source == EXPLOSION:  # HEAT-09 / CMB-36: no armour is touched
            assert all(p.armour == 0 for p in res.parts)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(HULL_CODES), st.integers(0, 30), st.sampled_from(SOURCES)),
        max_size=10,
    ),
    st.booleans(),
)
def test_cmb_48_what_lands_on_a_hull_is_never_lost_or_doubled(hits: list, off: bool) -> None:
    """Any source on any location, the turret blown off first or not (CMB-48: then a hit
    there is lost, and the vehicle with it); an explosion (the ammunition critical, not
    tallied as the phase's damage) goes into the structure only."""
    u = _unit("Scorpion")
    if off:
        u, _ = sever(u, "TU")
    for code, points, source in hits:
        before, phase = _left(u), u.damage.phase_damage
        assert u.hull is not None
        gone = u.hull[code].destroyed
        tallied = source != EXPLOSION
        landed = land(u, DamageRecord(code, points, source, tallied=tallied))
        res, u = landed.result, landed.unit
        assert res.absorbed + res.lost == points
        assert before - _left(u) == res.absorbed
        assert u.damage.phase_damage - phase == (res.absorbed if tallied else 0)
        if source == EXPLOSION:
            assert all(p.armour == 0 for p in res.parts)
        if gone:  # nothing lands on a location already lost: the vehicle goes with it
            assert res.absorbed == 0 and u.hull is not None and u.hull.destroyed


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.booleans()), max_size=8))
def test_cmb_40_41_a_platoon_loses_one_trooper_a_point_doubled_in_the_open(hits: list) -> None:
    u = _unit("INF-R")
    for points, open_ground in hits:
        assert u.platoon is not None
        before = u.platoon.troopers
        landed = land(u, DamageRecord(TROOPERS, points, FALL, open_ground=open_ground))
        hit, u = landed.platoon, landed.unit
        assert u.platoon is not None
        reached = points * (2 if open_ground else 1)
        assert hit.killed == before - u.platoon.troopers == min(reached, before)
        assert u.destroyed == (u.platoon.troopers == 0)


def test_cmb_30_a_limb_blown_off_takes_its_points_but_is_not_phase_damage() -> None:
    u = _unit("HBK-4G")
    assert u.body is not None
    arm = u.body["LA"]
    after, lost = sever(u, "LA")
    assert after.body is not None and after.body["LA"].destroyed
    assert lost == arm.armour + arm.structure
    assert after.damage.phase_damage == 0 and not after.destroyed
    head, _ = sever(u, "HD")
    assert head.destroyed  # CMB-37


def test_cmb_48_a_turret_blown_off_takes_its_points_but_is_not_phase_damage() -> None:
    u = _unit("Scorpion")
    assert u.hull is not None
    turret = u.hull["TU"]
    after, lost = sever(u, "TU")
    assert after.hull is not None and after.hull["TU"].destroyed and not after.destroyed
    assert lost == turret.armour + turret.structure > 0
    assert after.damage.phase_damage == 0 and _left(u) - _left(after) == lost


def test_a_record_names_a_known_source() -> None:
    with pytest.raises(AssertionError, match="unknown damage source"):
        DamageRecord("LA", 5, "sneeze")
    with pytest.raises(AssertionError, match="not an infantry platoon"):
        _ = land(_unit("HBK-4G"), DamageRecord("LA", 5, WEAPON)).platoon
