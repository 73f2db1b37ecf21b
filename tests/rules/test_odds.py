"""The what-if odds (game.rules.combat.odds, issue 13) against exact enumeration: every
die of every to-hit, cluster and location roll walked through with the game's own
tables and game.units.mech.apply_hit, the chances added up as fractions."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import HexSpec, build_board
from game.core.options import CLASSIC
from game.designs import weapons_table
from game.flow import apply
from game.hexgrid import Hex
from game.phases.sandbox import EditLocation, PlaceDummy, PlaceUnit
from game.phases.weapons import options_at
from game.rules.combat.cluster import cluster_hits, missile_groups
from game.rules.combat.odds import (
    body_tuple,
    hit_chance,
    missiles_hit,
    option_groups,
    spots,
    take_hit,
    volley_odds,
)
from game.setup import new_sandbox
from game.units.hittables import PUNCH_TABLE, hit_location
from game.units.locations import BIPED_LOCATIONS, LEGS, TORSOS
from game.units.mech import Location, MechBody, apply_hit, standard_body

DICE = list(product(range(1, 7), repeat=2))
TOTALS = {t: Fraction(sum(1 for a, b in DICE if a + b == t), 36) for t in range(2, 13)}


def test_cmb_11_chance_to_hit_is_the_share_of_the_36_rolls() -> None:
    for target in range(-2, 15):
        wins = sum(1 for a, b in DICE if a + b >= target)
        assert hit_chance(target) == Fraction(wins, 36)
    assert hit_chance(None) == 0


def test_cmb_24_missiles_hit_follow_the_cluster_table() -> None:
    for name in ("SRM-2", "SRM-6", "LRM-5", "LRM-20"):
        w = weapons_table()[name]
        counts: dict[int, int] = defaultdict(int)
        for a, b in DICE:
            counts[cluster_hits(w.missiles, a + b)] += 1
        assert dict(missiles_hit(w)) == {k: Fraction(v, 36) for k, v in counts.items()}
    assert missiles_hit(weapons_table()["AC/20"]) == ()


def test_cmb_27_group_spots_are_the_hit_table_and_cover_takes_the_legs() -> None:
    table = spots("left", False, covered=True)
    assert sum(p for *_, p, _ in table) == 1
    legs = sum(p for code, _, p, cover in table if cover)
    assert legs == sum(Fraction(1, 36) for a, b in DICE if hit_location("left", a + b)[0] in LEGS)
    classic = spots("front", False, covered=True, rules=CLASSIC)  # CMB-17 classic: punch table
    assert {c for c, *_ in classic} == set(PUNCH_TABLE["front"])


def sandbox_with(design: str, tons: int = 20, edits=()):
    s = new_sandbox(build_board(12, 12), seed=2)
    s = apply(s, PlaceUnit(design, "A", Hex(3, 6), 0)).state
    s = apply(s, PlaceDummy("B", Hex(3, 3), 3, tons=tons)).state
    for e in edits:
        out = apply(s, EditLocation("B1", *e))
        assert out.ok, out.reason
        s = out.state
    return s


def enumerate_volley(options, target_body: MechBody, chosen, rules=None):
    """Every die: each fired weapon's to-hit 2D6, cluster 2D6 and location 2D6s, with the
    real tables and apply_hit. Returns {final body: chance}."""
    fired = [o for o in options.weapons if o.index in chosen and o.fires]
    covered = options.sight.partial_cover or options.sight.water_cover
    out: dict[MechBody, Fraction] = defaultdict(Fraction)

    def groups_of(w):  # the 36 rolls, grouped by their total (only the total counts)
        if not w.cluster:
            yield Fraction(1), (w.damage,)
            return
        for total, q in TOTALS.items():
            yield q, missile_groups(w, cluster_hits(w.missiles, total))

    def place(body, groups, p):
        if not groups or body.destroyed:
            yield body, p
            return
        for total, q in TOTALS.items():
            code, rear = hit_location(options.side, total, body.quad)
            nxt = body if covered and code in LEGS else apply_hit(body, code, groups[0], rear)[0]
            yield from place(nxt, groups[1:], p * q)

    def walk(i, body, p):
        if i == len(fired):
            out[body] += p
            return
        o = fired[i]
        hit = hit_chance(o.target)
        walk(i + 1, body, p * (1 - hit))
        for q, groups in groups_of(weapons_table()[o.name]):
            for after, r in place(body, groups, p * hit * q):
                walk(i + 1, after, r)

    walk(0, target_body, Fraction(1))
    return out


def check_against_enumeration(s, chosen, fallback_equal=False) -> None:
    options = options_at(s, "A1", "B1")
    target = s.unit("B1")
    exact = enumerate_volley(options, target.body, chosen)
    odds = volley_odds(options, target, chosen)
    assert odds.exact
    start = target.body
    dead = sum(p for b, p in exact.items() if b.destroyed)
    assert odds.destroyed == pytest.approx(float(dead), abs=1e-12)
    for loc in odds.locations:
        full = start[loc.code].structure
        breach = sum(p for b, p in exact.items() if b[loc.code].structure < full)
        destroy = sum(p for b, p in exact.items() if b[loc.code].destroyed)
        assert loc.breach == pytest.approx(float(breach), abs=1e-12), loc.code
        assert loc.destroy == pytest.approx(float(destroy), abs=1e-12), loc.code
    if fallback_equal:  # counted location by location: the same where nothing dies early
        by_loc = volley_odds(options, target, chosen, max_states=0)
        assert not by_loc.exact
        for a, b in zip(odds.locations, by_loc.locations, strict=True):
            assert a.code == b.code
            assert b.breach == pytest.approx(a.breach, abs=1e-9), a.code
            if a.code != "CT":
                assert b.destroy == pytest.approx(a.destroy, abs=1e-9), a.code
            else:
                assert b.destroy <= a.destroy + 1e-12  # CT: a lower bound


def test_odds_a_laser_and_an_srm_2_at_a_battered_light_mech() -> None:
    s = sandbox_with("SHD-2H", 20, [("LA", 1, 0, 2), ("LT", 0, 0, 3), ("CT", 2, 1, 4),
                                   ("HD", 1, 0, 3)])  # fmt: skip
    check_against_enumeration(s, {0, 3})  # SRM-2 and the medium laser


def test_odds_an_lrm_5_and_an_autocannon_with_no_early_death() -> None:
    s = sandbox_with("SHD-2H", 20, [("HD", 60, 0, 3), ("CT", 60, 0, 6), ("RA", 0, 0, 2),
                                   ("RT", 2, 0, 5), ("LL", 0, 0, 1)])  # fmt: skip
    check_against_enumeration(s, {1, 2}, fallback_equal=True)


def test_expected_damage_counts_hits_times_mean_cluster_damage() -> None:
    s = sandbox_with("SHD-2H", 50)
    options = options_at(s, "A1", "B1")
    odds = volley_odds(options, s.unit("B1"))
    for w in odds.weapons:
        weapon = weapons_table()[w.name]
        if weapon.cluster:
            mean = sum(Fraction(1, 36) * sum(missile_groups(weapon, cluster_hits(
                weapon.missiles, a + b))) for a, b in DICE)  # fmt: skip
        else:
            mean = Fraction(weapon.damage)
        assert w.damage == pytest.approx(float(hit_chance(w.target) * mean))
    assert odds.damage == pytest.approx(sum(w.damage for w in odds.weapons))
    miss = 1.0
    for w in odds.weapons:
        miss *= 1 - float(w.hit)
    assert odds.any_hit == pytest.approx(1 - miss)


def test_a_big_volley_is_counted_location_by_location_quickly() -> None:
    s = sandbox_with("AS7-D", 50)
    odds = volley_odds(options_at(s, "A1", "B1"), s.unit("B1"))
    assert not odds.exact and 0 < odds.destroyed < 1
    assert all(0 <= x.destroy <= x.breach <= 1 for x in odds.locations)


LOCS = st.tuples(st.integers(0, 12), st.integers(0, 6), st.integers(0, 10))


@settings(max_examples=300, deadline=None)
@given(st.lists(LOCS, min_size=8, max_size=8), st.sampled_from(BIPED_LOCATIONS),
       st.integers(1, 30), st.booleans())  # fmt: skip
def test_cmb_29_take_hit_is_apply_hit_on_plain_tuples(locs, code, dmg, rear) -> None:
    base = standard_body(50)
    body = base
    for c, (a, r, s) in zip(BIPED_LOCATIONS, locs, strict=True):
        body = body.with_location(c, Location(a, s, r if c in TORSOS else 0, s == 0))
    after, _ = apply_hit(body, code, dmg, rear)
    mine = take_hit(body_tuple(body), body.codes, False, code, dmg, rear)
    assert mine == body_tuple(after)


def test_cmb_17_cover_takes_no_share_of_a_vehicles_hits_in_the_odds() -> None:
    """The shot's resolution gives a combat vehicle's hits no cover (CMB-17 is the legs of
    a Mech), so the odds take no leg share off a vehicle behind a hill: each weapon's
    expected damage is its chance to hit times its mean damage; a Mech there loses the
    share of its leg hits."""
    hill = build_board(12, 12, {Hex(3, 4): HexSpec(level=1)})

    def odds_at(design: str):
        s = new_sandbox(hill, seed=2)
        s = apply(s, PlaceUnit("HBK-4G", "A", Hex(3, 7), 0)).state
        s = apply(s, PlaceUnit(design, "B", Hex(3, 3), 3)).state
        options = options_at(s, "A1", "B1")
        assert options.sight.partial_cover
        means = {o.index: sum(float(q) * sum(g) for g, q in option_groups(o).items())
                 for o in options.weapons}  # fmt: skip
        return volley_odds(options, s.unit("B1")).weapons, means

    tank, means = odds_at("Scorpion")
    assert any(w.hit > 0 for w in tank)
    for w in tank:
        assert w.damage == pytest.approx(float(w.hit) * means[w.index])
    mech, means = odds_at("JR7-D")
    assert all(w.damage < float(w.hit) * means[w.index] for w in mech if w.hit > 0)
