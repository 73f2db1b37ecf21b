"""The bot's numbers are the core's: the to-hit answers it reads for a candidate end (a
ghost of the unit there, game.bot.ghosts) equal game.rules.combat.tohit.weapon_options
on the state where the unit really made that move, both ways, and its expected damage
equals game.rules.combat.odds.volley_odds weapon by weapon (hypothesis, random positions
on a board with woods and hills)."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board import HexSpec
from game.bot.ends import candidate_ends
from game.bot.ghosts import sights
from game.bot.numbers import expected_damage
from game.bot.vehicle_odds import group_extra, kill_chance, vehicle_extra
from game.core.actions import Refused
from game.core.dice import Dice
from game.designs import weapons_table
from game.flow import apply
from game.hexgrid import Hex
from game.phases.actions import CommitMove, StandStill
from game.phases.weapons import movements, options_at
from game.rules.combat.odds import TWO_D6, hit_chance, volley_odds
from game.rules.combat.records import Declaration
from game.rules.combat.resolve import resolve_attack
from game.rules.combat.tohit import weapon_options

from .helpers import edit, position

TERRAIN = {Hex(c, r): HexSpec(woods=1 + (c + r) % 2) for c in range(3, 13) for r in range(3, 13)
           if (c * 7 + r * 3) % 5 == 0}  # fmt: skip
TERRAIN |= {Hex(c, r): HexSpec(level=1) for c in range(6, 9) for r in range(9, 12)}


def _same(a, b) -> bool:
    return [(w.index, w.can_fire, w.target, w.modifiers) for w in a.weapons] == [
        (w.index, w.can_fire, w.target, w.modifiers) for w in b.weapons
    ] and (a.side, a.arc) == (b.side, b.arc)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 15),
    st.integers(0, 15),
    st.integers(0, 5),
    st.integers(0, 15),
    st.integers(0, 15),
    st.integers(0, 40),
    st.sampled_from(["HBK-4G", "JR7-D", "WVR-6R"]),
)
def test_the_numbers_of_a_candidate_are_those_of_the_move_made(c, r, f, ec, er, pick,
                                                             design):  # fmt: skip
    a, e = Hex(c, r), Hex(ec, er)
    if a == e:
        return
    s = position([(design, "A", a, f), ("AS7-D", "B", e, (f + 3) % 6)], TERRAIN, seed=pick)
    u, enemy = s.unit("A1"), s.unit("B1")
    ends = candidate_ends(s, u, [e], 6)
    end = ends[pick % len(ends)]
    seen = sights(s, u, [end], [enemy], 99, {"B1": 99})[0]
    action = StandStill("A1") if end.mode == "stand" else CommitMove("A1", end.mode, end.steps)
    out = apply(s, action, mover=None)
    assert not isinstance(out, Refused), out
    after = out.state
    moved = after.unit("A1")
    if moved.prone != seen.ghost.prone or moved.at != seen.ghost.at:
        return  # a failed roll on the way: the move ended elsewhere
    mine, theirs = options_at(after, "A1", "B1"), options_at(after, "B1", "A1")
    assert _same(seen.out["B1"], mine)
    assert _same(seen.back["B1"], theirs)
    odds = volley_odds(mine, enemy, rules=after.rules)
    bot = {w.index: expected_damage(w, seen.out["B1"], enemy, s.rules) for w in mine.weapons}
    for w in odds.weapons:
        assert abs(bot[w.index] - w.damage) < 1e-9


def test_the_volley_chooser_only_fires_weapons_that_can_fire() -> None:
    from game.bot.style import STYLES
    from game.bot.volley import plan_volley

    rng = random.Random(3)
    for _ in range(20):
        a, e = Hex(rng.randrange(16), rng.randrange(16)), Hex(rng.randrange(16), rng.randrange(16))
        if a == e:
            continue
        s = position([("HBK-4G", "A", a, rng.randrange(6)), ("JR7-D", "B", e, 0)], TERRAIN)
        opts = options_at(s, "A1", "B1")
        v = plan_volley(s.unit("A1"), opts, s.unit("B1"), 0, STYLES["aggressive"], s.rules)
        fires = {w.index for w in opts.weapons if w.fires}
        assert set(v.weapons) <= fires


def _worn(u, wear: int | list[int]):
    """The vehicle with ``wear`` points of armour gone from each location (one number for
    all, or one per location in order; at least 0 left)."""
    hull = u.hull
    for k, code in enumerate(hull.codes):
        loc, w = hull[code], wear if isinstance(wear, int) else wear[k]
        hull = hull.with_location(code, replace(loc, armour=max(loc.armour - w, 0)))
    return replace(u, hull=hull)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 15),
    st.integers(0, 15),
    st.integers(0, 5),
    st.lists(st.integers(0, 18), min_size=5, max_size=5),
    st.sampled_from(["Scorpion", "GAL-100", "Savannah"]),
)
def test_a_shot_at_a_vehicle_is_worth_the_cores_numbers(c, r, f, wear, design) -> None:
    """At a combat vehicle (CMB-45..48): the bot's expected damage equals volley_odds
    weapon by weapon, and its chance that a hit of each one-group weapon destroys the
    vehicle equals the core's resolution of that hit for every location roll (scripted
    dice: a hit, the location, then no critical and no motive damage)."""
    a = Hex(c, r)
    if a == Hex(8, 8):
        return
    s = position([("HBK-4G", "A", a, f), (design, "B", Hex(8, 8), (f + 2) % 6)])
    s = edit(s, "B1", lambda u: _worn(u, wear))
    target = s.unit("B1")
    opts = options_at(s, "A1", "B1")
    odds = volley_odds(opts, target, rules=s.rules)
    for w in odds.weapons:
        o = next(x for x in opts.weapons if x.index == w.index)
        assert abs(expected_damage(o, opts, target, s.rules) - w.damage) < 1e-9
    table = weapons_table()
    units = {u.id: u for u in s.units}
    for o in opts.weapons:
        if not o.fires or o.target is None or table[o.name].cluster:
            continue
        dead = Fraction(0)
        for roll, p in TWO_D6.items():
            dice = Dice(1, (6, 6, max(1, roll - 6), min(6, roll - 1)) + (1,) * 12)
            decl = Declaration("A1", "B1", weapons=(o.index,))
            one = weapon_options(s.board, units, "A1", "B1", movements(s), s.rules,
                                 weapons=(o.index,))  # fmt: skip
            after, _ = resolve_attack(s.board, units, decl, one, dice, s.rules)
            dead += p if after["B1"].destroyed else 0
        kill = kill_chance(o, opts, target) / float(hit_chance(o.target))
        assert abs(kill - float(dead)) < 1e-9, (o.name, kill, dead)
        assert vehicle_extra(o, opts, target) >= 0.0


def test_a_kill_and_a_critical_are_worth_more_on_a_worn_vehicle() -> None:
    """CMB-45/46: an AC/20 hit destroys a Scorpion whose front has 19 points or fewer
    left (structure 3): the kill is worth the hulk's points; whole, a Medium Laser's hit
    brings only its critical rolls' worth (2, 12 and, from the side, 8)."""
    s = position([("HBK-4G", "A", Hex(8, 12), 0), ("Scorpion", "B", Hex(8, 8), 3)])
    target = s.unit("B1")
    hull = target.hull
    kill, worth = group_extra(hull, "front", 20)
    assert abs(kill - 1.0) < 1e-9 and worth > 50
    k5, w5 = group_extra(hull, "front", 5)
    ks, ws = group_extra(hull, "left", 5)
    assert k5 == ks == 0.0 and 0 < w5 < ws  # the side's 8 is a critical roll too
    worn = _worn(target, 14).hull
    assert group_extra(worn, "front", 5)[0] > 0  # 2 armour + 3 structure left in front


LAKE = {Hex(c, r): HexSpec(water=1 + (c + r) % 3) for c in range(16) for r in range(8, 16)}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 15), st.integers(9, 15), st.integers(0, 5), st.integers(0, 40),
       st.sampled_from(["Barracuda", "Skimmer"]))  # fmt: skip
def test_a_submarine_s_or_wige_s_ghost_is_the_unit_after_the_move(c, r, f, pick,
                                                                  design) -> None:  # fmt: skip
    """ADV-17..25: the ghost keeps the height band the move leaves (a submarine's depth,
    a WiGE in flight or landed): its to-hit answers both ways equal options_at after the
    move was made (a submerged one: none)."""
    s = position([(design, "A", Hex(c, r), f), ("HBK-4G", "B", Hex(8, 5), 3)], LAKE, seed=pick)
    if design == "Skimmer":
        s = edit(s, "A1", lambda u: replace(u, wige_airborne=True, altitude=1))
    u, enemy = s.unit("A1"), s.unit("B1")
    ends = [e for e in candidate_ends(s, u, [enemy.at], 6) if e.result is not None]
    end = ends[pick % len(ends)]
    seen = sights(s, u, [end], [enemy], 99, {"B1": 99})[0]
    out = apply(s, CommitMove("A1", end.mode, end.steps), mover=None)
    assert not isinstance(out, Refused), out
    after = out.state
    moved = after.unit("A1")
    if moved is None or moved.destroyed or moved.at != seen.ghost.at:
        return  # a failed roll on the way
    g = seen.ghost
    assert (moved.depth, moved.wige_airborne, moved.altitude) == (g.depth, g.wige_airborne,
                                                                  g.altitude)  # fmt: skip
    assert _same(seen.out["B1"], options_at(after, "A1", "B1"))
    assert _same(seen.back["B1"], options_at(after, "B1", "A1"))
