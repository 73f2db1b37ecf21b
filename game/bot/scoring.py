"""A candidate end's score: what it deals and suffers there, in the core's numbers.

- dealt: the best volley at any one enemy (game.bot.volley: expected damage under the
  heat the move leaves), worth more on an enemy already hurt;
- taken: every enemy's best volley at it where the enemy stands now, rear hits weighing
  more (REAR_WEIGHT), and for a vehicle the motive damage those hits are expected to do
  (game.bot.numbers.motive_value: worse from the side and the rear, worst for a hover
  craft), so a vehicle keeps its front to the enemy; an enemy that has not moved yet
  and would see its rear adds the rear's exposure even without a line of sight now;
- the chance of falling on the way (every PSR of the path, PSR-06) times a fall's cost,
  and that chance of not getting there at all (:func:`cut_short`: the move ends where
  the unit falls, MOV-23);
- water of depth 2+ (or depth 1 lying down) with a breached location: the hull breach
  risk the core does not roll (TW: not in the digest), counted as a heavy cost;
- cover: a woods level where it ends; friends: not straying from the others; closing on
  the range its weapons like while nobody can fire."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from game.bot.ends import End
from game.bot.ghosts import Sight
from game.bot.numbers import REAR_WEIGHT, fail, fall_damage
from game.bot.style import Style
from game.bot.volley import NO_VOLLEY, Volley, base_heat, plan_volley
from game.core.options import Rules
from game.hexgrid import Hex, distance
from game.state import GameState
from game.units.unit import Unit

BREACH_COST = 60.0
LATER = 0.8  # an unmoved enemy's fire from where it may walk, against where it stands
HULL_LEAVE = 1.0  # going hull-down: next turn's move starts by leaving it (ADV-11/12)
REAR_EXPOSURE = 3.0  # an unmoved enemy that would see the rear (per enemy)
NEUTRAL = Style("enemy", 1.0, 1.0, 10.0, 1.0, 0.0, 0.0, 0.0)  # how enemies are assumed to fire


@dataclass(frozen=True, slots=True)
class Score:
    """One candidate and the numbers that made its score (the why-line reads them)."""

    end: End
    sight: Sight
    total: float
    volley: Volley  # the best volley from there
    taken: float  # expected damage taken there
    fall: float  # chance to fall on the way
    rear_to: tuple[str, ...]  # enemies that would see its rear
    hidden_rear_from: tuple[str, ...]  # unmoved enemies it keeps its rear from
    woods: int
    dealt: float = 0.0  # the part of ``total`` its volley brings
    fall_cost: float = 0.0  # the part of ``total`` the chance to fall takes


def target_weight(t: Unit, hurt: Mapping[str, float]) -> float:
    """Damage on an enemy already hurt is worth more (it goes down sooner)."""
    return 1.0 + 0.5 * hurt.get(t.id, 0.0)


def breached(u: Unit) -> bool:
    """A location with its armour gone (front or rear) and structure left."""
    b = u.body
    if b is None:
        return False
    return any(not x.destroyed and (x.armour == 0 or (x.rear == 0 and c in ("LT", "CT", "RT")))
               for c, x in zip(b.codes, b.locations, strict=True))  # fmt: skip


def deep_water(s: GameState, end: End, prone: bool) -> bool:
    """The path enters water deep enough to flood a breached location."""
    r = end.result
    if r is None:
        return False
    hexes = [rep.state_after.at for rep in r.reports] + [r.end_at]
    water = s.board.water
    return any(water[h.row, h.col] >= 2 or (prone and water[h.row, h.col] >= 1)
               for h in hexes if s.board.contains(h))  # fmt: skip


NO_FALL = frozenset({"crawl", "hull-down"})  # failed, they cost MP, not a fall (ADV-04/12)


def fall_chance(end: End) -> float:
    r = end.result
    if r is None:
        return 0.0
    stay = 1.0
    for p in r.psrs:
        if p.kind not in NO_FALL:
            stay *= 1.0 - fail(p.target)
    return 1.0 - stay


def score(s: GameState, u: Unit, sight: Sight, end: End, enemies: Sequence[Unit],
          ctx: Context) -> Score:  # fmt: skip
    style, rules = ctx.style, s.rules
    g = sight.ghost
    raw = base_heat(g, sight.movement, s.board, rules)
    best = NO_VOLLEY
    for e in enemies:
        opts = sight.out.get(e.id)
        if opts is None:
            continue
        v = plan_volley(g, opts, e, raw, style, rules)
        if v.weapons and v.value * target_weight(e, ctx.hurt) > best.value:
            best = v
    taken, rear, hidden = 0.0, [], []
    for e in enemies:
        opts = sight.back.get(e.id)
        if opts is None:
            continue
        v = plan_volley(e, opts, g, ctx.enemy_heat[e.id], NEUTRAL, rules)
        is_rear = opts.side == "rear"
        hit = v.damage * (REAR_WEIGHT if is_rear else 1.0) + v.motive  # motive: a vehicle's
        for later in sight.later.get(e.id, ()):  # where it may walk first
            w = plan_volley(e, later, g, ctx.enemy_heat[e.id] + 1, NEUTRAL, rules)
            back = later.side == "rear"
            hit = max(hit, LATER * (w.damage * (REAR_WEIGHT if back else 1.0) + w.motive))
            is_rear = is_rear or (back and bool(w.weapons))
        taken += hit
        if is_rear and (v.weapons or not e.moved):
            rear.append(e.id)
        elif not e.moved and distance(e.at, g.at) <= ctx.reach[e.id]:
            hidden.append(e.id)
    fall = fall_chance(end)
    dealt = best.value * target_weight(_unit(enemies, best.target), ctx.hurt) if best.weapons else 0
    total = dealt
    total -= style.taken * taken
    total -= REAR_EXPOSURE * style.taken * sum(1 for e in rear if e not in _shooters(sight))
    fall_cost = fall * (style.fall + style.taken * fall_damage(u))
    total -= fall_cost
    if breached(u) and deep_water(s, end, g.prone):
        total -= BREACH_COST * style.taken
    woods = int(s.board.woods[g.at.row, g.at.col])
    total += style.cover * min(woods, 2)
    if g.hull_down and not u.hull_down:  # ADV-12: 2 MP and a PSR to leave it next turn
        total -= HULL_LEAVE
    total -= style.friends * max(0, ctx.nearest_friend(g.at) - 3) * 0.3
    if not best.weapons:
        total -= style.close * abs(min(distance(g.at, e.at) for e in enemies) - ctx.pref)
    total += ctx.noise()
    return Score(end, sight, total, best, taken, fall, tuple(rear), tuple(hidden), woods, dealt,
                 fall_cost)  # fmt: skip


def cut_short(x: Score, stand: float) -> Score:
    """A fall on the way ends the move where the unit lies (MOV-23; the bot does not go
    on from there): with the chance to fall, what the end gains over standing still is
    not had. ``stand``: the score of standing still."""
    gain = x.total + x.fall_cost - stand
    if x.fall <= 0.0 or gain <= 0.0:
        return x
    return replace(x, total=stand + (1.0 - x.fall) * gain - x.fall_cost)


def _unit(units: Sequence[Unit], uid: str) -> Unit:
    return next(x for x in units if x.id == uid)


def _shooters(sight: Sight) -> set[str]:
    return {k for k, o in sight.back.items() if any(w.fires for w in o.weapons)}


@dataclass
class Context:
    """What one decision shares across its candidates (worked out once)."""

    style: Style
    rules: Rules
    hurt: Mapping[str, float]  # enemy id -> share of its armour and structure gone
    enemy_heat: Mapping[str, int]  # enemy id -> its heat before weapons this turn
    reach: Mapping[str, int]  # enemy id -> hexes it can still cover plus its longest range
    friends: Sequence[Hex]
    pref: int
    noise_fn: object = None

    def nearest_friend(self, h: Hex) -> int:
        return min((distance(h, f) for f in self.friends), default=0)

    def noise(self) -> float:
        return self.noise_fn() if callable(self.noise_fn) else 0.0
