"""The rules core's numbers as the bot weighs them, never worked out anew: the chance of
a roll (CMB-11 via game.rules.combat.odds), the expected damage of a weapon option
(odds.weapon_odds, cluster table and TW partial cover included), the heat scale's costs
(HEAT-05..09 via game.rules.heat's tables), a fall's cost (PSR-16) and, for a vehicle,
what a hit's motive roll costs it (CMB-45's motive results, PSR-27's table)."""

from __future__ import annotations

from functools import lru_cache
from math import ceil

from game.core.options import Rules
from game.designs import weapons_table
from game.rules.combat.modifiers import heat_to_hit
from game.rules.combat.odds import TWO_D6, Spot, hit_chance, option_groups, spots, weapon_odds
from game.rules.combat.tohit import AttackOptions, WeaponOption
from game.rules.heat import AMMO, MAX_HEAT, SHUTDOWN
from game.units.unit import Unit, heat_mp_penalty
from game.units.vehicle import MOTIVE_KIND, MOTIVE_ROLLS, MOTIVE_SIDE, motive_effect

REAR_WEIGHT = 1.5  # rear armour is thin: a point there costs more (CMB-26 rear hits)
SHUT_COST = 40.0  # a shut-down Mech is a sitting target for a turn (HEAT-08)
AMMO_COST = 60.0  # an ammunition explosion (HEAT-09)
MP_COST = 1.0  # per walking MP lost to heat next turn (HEAT-06)
TO_HIT_COST = 2.5  # per +1 to hit from heat (HEAT-07)
# what a motive system result costs a vehicle (PSR-27): each level of it is a cruising MP
# lost and a driving modifier (MOTIVE_DRIVING); "major" leaves it immobile for good
MOTIVE_POINTS = {"none": 0.0, "minor": 2.0, "moderate": 4.0, "heavy": 6.0, "major": 15.0}


def success(target: int | str | None) -> float:
    """P(2D6 >= target) (CMB-11, PSR-01); "auto-fail" or None never succeeds."""
    if not isinstance(target, int):
        return 0.0
    return float(hit_chance(target))


def fail(target: int | str | None) -> float:
    """The chance a roll against ``target`` fails."""
    return 1.0 - success(target)


@lru_cache(maxsize=64)
def _table(side: str, quad: bool, covered: bool, rules: Rules) -> tuple[Spot, ...]:
    return spots(side, quad, covered, rules)


@lru_cache(maxsize=20_000)
def _expected(name: str, target: int, table: tuple[Spot, ...]) -> float:
    o = WeaponOption(0, name, "", False, "", True, None, target, (), 0)
    return weapon_odds(o, table).damage


def expected_damage(o: WeaponOption, opts: AttackOptions, target: Unit, rules: Rules) -> float:
    """The expected damage of one weapon option at ``target`` (game.rules.combat.odds:
    chance to hit x mean damage of a hit, cover's leg share counted as nothing)."""
    if not o.fires:
        return 0.0
    sight = opts.sight
    table = _table(opts.side, target.kind == "quad", sight.partial_cover or sight.water_cover,
                   rules)  # fmt: skip
    return _expected(o.name, o.target, table) if o.target is not None else 0.0


def uses_ammo(o: WeaponOption) -> bool:
    return weapons_table()[o.name].uses_ammo


def heat_of(o: WeaponOption) -> int:
    return o.heat


def heat_cost(u: Unit, after: int, ammo: bool) -> float:
    """What ending the turn at ``after`` heat costs (in damage points, before the style's
    weight): MP lost (HEAT-06), to-hit (HEAT-07), the chance to shut down (HEAT-08) and,
    with live ammunition, to explode (HEAT-09). Vehicles track no heat."""
    return _heat_cost(max(0, min(MAX_HEAT, after)), ammo) if u.is_mech else 0.0


@lru_cache(maxsize=128)
def _heat_cost(after: int, ammo: bool) -> float:
    cost = MP_COST * heat_mp_penalty(after) + TO_HIT_COST * heat_to_hit(after)
    avoid = next((n for t, n in SHUTDOWN if after >= t), 0)
    cost += SHUT_COST * (1.0 if avoid is None else fail(avoid) if avoid else 0.0)
    if ammo:
        boom = next((n for t, n in AMMO if after >= t), None)
        cost += AMMO_COST * (fail(boom) if boom is not None else 0.0)
    return cost


def fall_damage(u: Unit, levels: int = 0) -> float:
    """A fall's damage (PSR-16: tons / 10 rounded up, times levels fallen + 1) plus what
    lying prone costs the next turn (a few points)."""
    return ceil(u.tons / 10) * (levels + 1) + 4.0


@lru_cache(maxsize=64)
def motive_value(side: str, kind: str) -> float:
    """The expected cost, in damage points, of one damage group striking a vehicle of
    ``kind`` from ``side``: the chance its location roll is a motive result (3, 4, 5, 9 on
    the vehicle table, CMB-45) times the mean cost of the motive roll it makes (2D6 plus
    the side's and the kind's modifiers, PSR-27: a hover craft hit in the side is nearly
    always slowed or stopped). 0 for a kind the table does not move (a Mech)."""
    if kind not in MOTIVE_KIND:
        return 0.0
    chance = float(sum(TWO_D6[r] for r in MOTIVE_ROLLS))
    mod = MOTIVE_SIDE.get(side, 0) + MOTIVE_KIND[kind]
    cost = sum(float(p) * MOTIVE_POINTS[motive_effect(t + mod)] for t, p in TWO_D6.items())
    return chance * cost


@lru_cache(maxsize=20_000)
def _groups(name: str, target: int) -> float:
    o = WeaponOption(0, name, "", False, "", True, None, target, (), 0)
    per_hit = sum(float(q) * len(g) for g, q in option_groups(o).items())
    return float(hit_chance(target)) * per_hit


def motive_damage(o: WeaponOption, opts: AttackOptions, target: Unit) -> float:
    """What one weapon option is expected to cost a vehicle ``target`` in motive damage
    (its expected damage groups x :func:`motive_value`); 0 at a Mech."""
    if target.hull is None or not o.fires or o.target is None or o.infantry_range is not None:
        return 0.0
    return _groups(o.name, o.target) * motive_value(opts.side, target.hull.kind)
