"""The bot's movement phase: which unit moves now, where to, or which charge or death
from above to declare (TURN-06, MOV, PHY-02).

Units are planned one after the other in the order they must move (the slowest first, so
the fastest choose last, knowing most): each sees its friends where they are (moved) or
stand (not yet), the moved enemies where they ended and the others where they stand now,
with their reach counted for rear exposure. Every candidate end is scored by
game.bot.scoring in the core's numbers; a charge or DFA is taken only when its value
beats the best move's."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game.bot.blows import blow_value
from game.bot.defending import DEFEND_MARGIN, defence_score, move_blows
from game.bot.ends import End, candidate_ends, hovering, preferred_range, settle
from game.bot.explain import charge_why, defence_why, move_why
from game.bot.ghosts import prospect, sights
from game.bot.scoring import Context, Score, cut_short, score
from game.bot.style import Level, Style
from game.bot.tacops import tacops_ends
from game.bot.volley import base_heat
from game.core.actions import Action
from game.designs import weapons_table
from game.designs.roster import built_body, built_hull
from game.hexgrid import distance
from game.phases.actions import CommitMove, EndMove, StandStill
from game.phases.charges import attack_plan
from game.phases.movement import DeclareCharge, attack_choices, mode_reason, to_move
from game.phases.movers import reach_of
from game.phases.weapons import in_fight, movements
from game.rules.combat.records import STOOD_STILL
from game.rules.combat.tohit import mounts
from game.rules.move.movement import check_move
from game.rules.physical.options import PhysicalOption
from game.state import GameState
from game.units.unit import Unit, ground

CHARGE_MARGIN = 1.0
PROSPECTS = 3  # hexes per unmoved enemy where it may walk to fire
NEAREST = 4  # unmoved enemies looked at that way (the nearest)


@dataclass(frozen=True, slots=True)
class Choice:
    action: Action
    why: str
    numbers: dict[str, float]


def enemies_of(s: GameState, side: str) -> list[Unit]:
    return [u for u in s.units if u.side != side and in_fight(s, u) and not u.airborne]


def hurt_share(u: Unit) -> float:
    """The share of its armour and structure the unit has lost (game.outcome.damage_taken)."""
    key = (u.design, u.tons, u.kind)
    if key not in _FULL:
        built = built_body(u) if u.body is not None else built_hull(u)
        _FULL[key] = built.total_armour() + built.total_structure() if built is not None else 0
    full, now = _FULL[key], u.body if u.body is not None else u.hull
    if not full or now is None:
        return 0.0
    return max(full - now.total_armour() - now.total_structure(), 0) / full


_FULL: dict[tuple[str, int, str], int] = {}  # (design, tons, kind) -> armour + structure built


def longest_range(u: Unit) -> int:
    table = weapons_table()
    return max((table[m.weapon].long for m in mounts(u)), default=0)


def next_mover(s: GameState, side: str) -> Unit:
    """The unit to move now: the one that can do least first (immobile, prone, slow)."""
    units = to_move(s, side)
    return min(units, key=lambda u: (not u.immobile, u.run_mp() + u.jump_mp(), u.id))


def context(s: GameState, u: Unit, enemies: list[Unit], style: Style,
            noise: Callable[[], float] | None, cache: dict) -> Context:  # fmt: skip
    moves = movements(s)
    heat = {}
    for e in enemies:
        key = ("heat", s.turn, e.id, e.heat, e.at, e.moved)
        if key not in cache:
            cache[key] = base_heat(e, moves.get(e.id, STOOD_STILL), s.board, s.rules)
        heat[e.id] = cache[key]
    reach = {e.id: (0 if e.moved else e.run_mp() + e.jump_mp()) + longest_range(e)
             for e in enemies}  # fmt: skip
    friends = [f.at for f in s.units
               if f.side == u.side and f.id != u.id and in_fight(s, f)]  # fmt: skip
    hurt = {e.id: hurt_share(e) for e in enemies}
    return Context(style, s.rules, hurt, heat, reach, friends, preferred_range(u), noise)


def prospects_for(s: GameState, u: Unit, enemies: list[Unit],
                  cache: dict) -> dict[str, list[Unit]]:  # fmt: skip
    """Where the NEAREST enemies that have not moved may walk to fire at ``u``: ghosts of
    each in the PROSPECTS hexes of its walking reach nearest to ``u`` (one fewer in big
    fights; its reach is kept for the turn in ``cache``)."""
    out: dict[str, list[Unit]] = {}
    waiting = [e for e in enemies if not e.moved and not e.immobile]
    for e in sorted(waiting, key=lambda e: (distance(e.at, u.at), e.id))[:NEAREST]:
        if mode_reason(e, "walk") is not None:
            continue
        key = (s.turn, e.id, e.at, e.facing)
        if key not in cache:
            cache[key] = [h for h, (_, fs) in reach_of(s, e.id, "walk").hexes().items()
                          if fs and h != e.at]  # fmt: skip
        near = sorted(cache[key], key=lambda h: (distance(h, u.at), h.col, h.row))
        keep = PROSPECTS if len(enemies) <= 4 else PROSPECTS - 1
        out[e.id] = [prospect(e, h, u.at, k) for k, h in enumerate(near[:keep])]
    return out


def decide_move(s: GameState, side: str, style: Style, level: Level, pick: random.Random,
                cache: dict | None = None) -> Choice:  # fmt: skip
    """The movement phase's next action for ``side``."""
    cache = {} if cache is None else cache
    busy = s.underway
    if busy is not None:  # MOV-23: a fall cut the move short; it ends where it lies
        return Choice(EndMove(busy.unit_id), f"{busy.unit_id} ends its move", {})
    u = next_mover(s, side)
    enemies = enemies_of(s, side)
    if u.immobile or not enemies:
        down = settle(s, u)  # an airborne WiGE lands or flies on (ADV-17)
        if down is not None:
            action = (
                StandStill(u.id)
                if _lands_in_place(u, down)
                else CommitMove(u.id, down.mode, down.steps)
            )
            return Choice(action, f"{u.id} keeps to ADV-17 with nothing to move for", {})
        return Choice(StandStill(u.id), f"{u.id} stands still: nothing to move for", {})
    noise = None
    if level.noise:
        noise = lambda: pick.gauss(0.0, level.noise * 10.0)  # noqa: E731
    ctx = context(s, u, enemies, style, noise, cache)
    per_mode = max(3, level.candidates * 4 // max(4, len(enemies)))  # big fights: fewer
    at = [e.at for e in enemies]
    ends = candidate_ends(s, u, at, per_mode)
    ends += tacops_ends(s, u, at, per_mode, ends)  # the tacops option's modes
    later = prospects_for(s, u, enemies, cache) if level.lookahead else {}
    seen = sights(s, u, ends, enemies, longest_range(u), ctx.reach, later)
    scored = [score(s, u, sg, end, enemies, ctx) for sg, end in zip(seen, ends, strict=True)]
    scored = [cut_short(x, scored[0].total) for x in scored]  # ends[0]: standing still
    choosable = [x for x in scored if not hovering(u, x.end)] or scored  # ADV-17
    best = max(choosable, key=lambda x: x.total)
    charge = best_charge(s, u, style, best, ctx, enemies)
    if charge is not None:
        return charge
    defence = best_defence(s, u, style, scored[0], best, enemies)
    if defence is not None:
        return defence
    return Choice(_action(u, best), move_why(s, u, best, enemies), _numbers(best))


def _action(u: Unit, best: Score) -> Action:
    if best.end.mode == "stand" or _lands_in_place(u, best.end):
        return StandStill(u.id)
    return CommitMove(u.id, best.end.mode, best.end.steps, careless=best.end.careless)


def _lands_in_place(u: Unit, end: End) -> bool:
    """An airborne WiGE's empty walk: it lands where it is, which the core's StandStill
    does too (ADV-17) and counts as standing still, not as a walk."""
    return u.kind == "wige" and u.wige_airborne and end.mode == "walk" and not end.steps


def _numbers(best: Score) -> dict[str, float]:
    """What the why-line's breakdown shows (game.bot.breakdown)."""
    out = {"dealt": round(best.volley.damage, 2), "taken": round(best.taken, 2),
           "fall": round(best.fall, 3), "cover": float(best.woods),
           "rear": float(len(best.rear_to)), "score": round(best.total, 2)}  # fmt: skip
    if best.volley.best is not None:
        out["to_hit"], out["heat"] = float(best.volley.best), float(best.volley.heat_after)
    return out


def best_charge(s: GameState, u: Unit, style: Style, best: Score, ctx: Context,
                enemies: list[Unit]) -> Choice | None:  # fmt: skip
    """A charge or death from above whose value beats the best move's (PHY-10..14): the
    blow's value (game.bot.blows) instead of a volley (the charger fires nothing), and
    what it suffers where the move leaves it, scored as any end."""
    top: tuple[float, DeclareCharge, PhysicalOption] | None = None
    far = max(u.run_mp(), u.jump_mp()) + 1
    if not any(e.moved and distance(e.at, u.at) <= far for e in enemies):
        return None  # nobody it could reach to charge or jump on (PHY-02: moved targets)
    for a in attack_choices(s, u):
        if not isinstance(a, DeclareCharge):
            continue
        plan = attack_plan(s, u.id, a.mode, a.steps, a.target)
        t = s.unit(a.target)
        if isinstance(plan, str) or t is None:
            continue
        end = _plan_end(s, u, plan.mode, plan.steps)
        if end is None:
            continue
        at = score(s, u, sights(s, u, [end], enemies, 0, ctx.reach)[0], end, enemies, ctx)
        v = blow_value(plan.option, u, t, style) + at.total - at.dealt
        if top is None or v > top[0]:
            top = (v, a, plan.option)
    if top is None or top[0] <= max(best.total, 0.0) + CHARGE_MARGIN:
        return None
    value, action, option = top
    numbers = {"score": round(value, 2), "damage": float(option.damage),
               "self_damage": float(option.attacker_damage)}  # fmt: skip
    if option.target is not None:
        numbers["to_hit"] = float(option.target)
    return Choice(action, charge_why(s, u, action, option), numbers)


def best_defence(s: GameState, u: Unit, style: Style, stand: Score, best: Score,
                 enemies: list[Unit]) -> Choice | None:  # fmt: skip
    """Physical attack defence (ADV-01/02, game.bot.defending) when its score beats the best
    move's and the physical attack that move leaves it."""
    d = defence_score(s, u, style, stand.total, stand.dealt, enemies)
    if d is None:
        return None
    follow = move_blows(s, u, style, best.end)
    if d.total <= best.total + follow + DEFEND_MARGIN:
        return None
    numbers = {"score": round(d.total, 2), "move": round(best.total + follow, 2),
               "avoided": round(d.avoided, 2), "given_up": round(best.dealt, 2),
               "taken": round(stand.taken, 2)}  # fmt: skip
    plan = d.strike.plan
    if plan:
        numbers |= {"to_hit": float(min(o.target or 13 for o in plan)),
                    "damage": float(sum(o.damage for o in plan))}  # fmt: skip
    return Choice(CommitMove(u.id, "defend", ()), defence_why(s, u, d, best), numbers)


def _plan_end(s: GameState, u: Unit, mode: str, steps: tuple[str, ...]) -> End | None:
    if not steps:  # a DFA from beside the target
        return End("stand", (), None)
    res = check_move(s.board, ground(s.units), u.id, mode, steps, s.rules)
    return End(mode, steps, res) if res.legal else None
