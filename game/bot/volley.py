"""Which weapons to fire at one target: the most expected damage for the heat it costs.

Each weapon's expected damage is the core's (game.bot.numbers.expected_damage); the heat
the unit ends the turn with is its heat now plus movement, engine hits and the fired
weapons less its sinks (game.rules.heat.heat_forecast's sum), and what that heat costs is
numbers.heat_cost weighted by the style. At a vehicle, each weapon is worth its damage
plus the motive damage its hits are expected to do (numbers.motive_damage: the vehicle
hit location table's motive results and the motive roll's table) and what its kills and
critical hits are worth (game.bot.vehicle_odds: the same table's locations and critical
rolls, the vehicle critical table, a kill by the core's own damage rules). Ammunition is never
spent on a shot that needs 12 (a 1-in-36 chance)."""

from __future__ import annotations

from dataclasses import dataclass

from game.board import Board
from game.bot.numbers import expected_damage, heat_cost, motive_damage, uses_ammo
from game.bot.style import Style
from game.bot.vehicle_odds import kill_chance, vehicle_extra
from game.core.options import Rules
from game.rules.combat.records import Movement
from game.rules.combat.tohit import AttackOptions, WeaponOption
from game.rules.heat import MAX_HEAT, heat_forecast, live_ammo
from game.units.unit import Unit

LAST_CHANCE = 12  # a number this high is not worth a round of ammunition


@dataclass(frozen=True, slots=True)
class Volley:
    """The weapons to fire at ``target`` and what they bring: expected damage, the heat
    of the turn after them, and the value (damage less the heat's cost, weighted)."""

    target: str
    weapons: tuple[int, ...]
    damage: float
    heat_after: int
    value: float
    best: int | None  # the lowest to-hit number among the fired weapons
    motive: float = 0.0  # the expected cost of its motive damage, at a vehicle
    extra: float = 0.0  # at a vehicle: the expected worth of its kills and critical hits
    kill: float = 0.0  # at a vehicle: the chance it destroys it (each weapon on its own)


NO_VOLLEY = Volley("", (), 0.0, 0, 0.0, None)


def base_heat(u: Unit, movement: Movement, board: Board, rules: Rules) -> int:
    """The heat at the end of the turn if the unit fires nothing (not clamped at 0)."""
    f = heat_forecast(u, (), movement, board, rules)
    return f.heat_before + f.movement + f.engine + f.other - f.dissipated


def worth_firing(o: WeaponOption) -> bool:
    return o.fires and o.target is not None and not (uses_ammo(o) and o.target >= LAST_CHANCE)


def plan_volley(u: Unit, opts: AttackOptions, target: Unit, raw_heat: int, style: Style,
                rules: Rules, skip: frozenset[int] = frozenset()) -> Volley:  # fmt: skip
    """The weapons of ``opts`` to fire at ``target``: every weapon worth firing whose
    damage beats the heat it adds, the best damage per heat first (``skip``: weapons
    already given to another target)."""
    ammo = live_ammo(u)
    ranked = []
    for o in opts.weapons:
        if o.index in skip or not worth_firing(o):
            continue
        dmg = expected_damage(o, opts, target, rules)
        if dmg > 0:
            mot = motive_damage(o, opts, target)
            ext = vehicle_extra(o, opts, target) if target.hull is not None else 0.0
            ranked.append(((dmg + mot + ext) / (o.heat + 0.5), dmg, mot, ext, o))
    ranked.sort(key=lambda x: (-x[0], x[4].index))
    heat, chosen, damage, motive, extra = raw_heat, [], 0.0, 0.0, 0.0
    cost = style.heat * heat_cost(u, heat, ammo)
    for _, dmg, mot, ext, o in ranked:
        nxt = style.heat * heat_cost(u, heat + o.heat, ammo)
        if style.dealt * (dmg + mot + ext) > nxt - cost:
            chosen.append(o)
            heat, cost, damage = heat + o.heat, nxt, damage + dmg
            motive, extra = motive + mot, extra + ext
    if not chosen:
        return NO_VOLLEY
    after = max(0, min(MAX_HEAT, heat))
    best = min(o.target for o in chosen if o.target is not None)
    weapons = tuple(sorted(o.index for o in chosen))
    base = style.heat * heat_cost(u, raw_heat, ammo)
    value = style.dealt * (damage + motive + extra) - (cost - base)
    kill = 0.0
    if target.hull is not None:
        stay = 1.0
        for o in chosen:
            stay *= 1.0 - kill_chance(o, opts, target)
        kill = 1.0 - stay
    return Volley(opts.target, weapons, damage, after, value, best, motive, extra, kill)
