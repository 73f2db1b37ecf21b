"""The bot's weapon attack phase (CMB-01..22): for the next unit of its side, the torso
twist (CMB-09), the primary target and its weapons under the heat budget (game.bot
.volley), then weapons that cannot bear on the primary at a secondary target (CMB-16).

Damage is not wasted: what the side has already declared at an enemy this phase counts,
and an enemy already expected to lose what it has left is worth less."""

from __future__ import annotations

from collections.abc import Mapping

from game.bot.explain import fire_why
from game.bot.moving import Choice, hurt_share
from game.bot.numbers import expected_damage
from game.bot.style import Style
from game.bot.volley import Volley, base_heat, plan_volley
from game.core.actions import Action
from game.phases.weapons import DeclareFire, movements, options_all, options_at, to_declare
from game.rules.combat.records import STOOD_STILL
from game.state import GameState
from game.units.unit import Unit


def declared_at(s: GameState, side: str) -> dict[str, float]:
    """Expected damage the side's declarations this phase already send at each enemy."""
    out: dict[str, float] = {}
    for d in s.declarations:
        a, t = s.unit(d.attacker), s.unit(d.target)
        if a is None or t is None or a.side != side:
            continue
        opts = options_at(s, a.id, t.id, d.twist, d.secondary, d.weapons)
        out[t.id] = out.get(t.id, 0.0) + sum(expected_damage(o, opts, t, s.rules)
                                             for o in opts.weapons)  # fmt: skip
    return out


def left_of(t: Unit) -> float:
    b, h = t.body, t.hull
    if b is not None:
        ct = b["CT"]
        return float(ct.armour + ct.structure)
    return float(h.total_armour() + h.total_structure()) if h is not None else 10.0


def worth(t: Unit, already: Mapping[str, float], hurt: Mapping[str, float]) -> float:
    """A point of damage on ``t``: more on a hurt enemy, little past what it has left."""
    w = 1.0 + 0.5 * hurt.get(t.id, 0.0)
    return w * (0.3 if already.get(t.id, 0.0) >= left_of(t) else 1.0)


def twists(u: Unit) -> tuple[int, ...]:
    return (0, -1, 1) if u.kind == "biped" else (0,)


def decide_fire(s: GameState, side: str, style: Style) -> Choice:
    """The next declaration of ``side``: its best twist, target and weapons."""
    u = to_declare(s, side)[0]
    raw = base_heat(u, movements(s).get(u.id, STOOD_STILL), s.board, s.rules)
    already = declared_at(s, side)
    enemies = {x.id: x for x in s.units if x.side != side}
    hurt = {k: hurt_share(e) for k, e in enemies.items()}
    best: tuple[float, int, Volley] | None = None
    for twist in twists(u):
        for tid, opts in options_all(s, u.id, twist).items():
            v = plan_volley(u, opts, enemies[tid], raw, style, s.rules)
            value = v.value * worth(enemies[tid], already, hurt)
            if v.weapons and (best is None or value > best[0] + 1e-9):
                best = (value, twist, v)
    if best is None or best[0] <= 0:
        return Choice(DeclareFire(u.id), fire_why(s, u, (), 0), {})
    _, twist, first = best
    second = _secondary(s, u, first, twist, raw, style, enemies)
    volleys = (first,) + ((second,) if second is not None else ())
    action: Action = DeclareFire(u.id, tuple(v.target for v in volleys),
                                 tuple(v.weapons for v in volleys), twist)  # fmt: skip
    numbers = {"dealt": round(sum(v.damage for v in volleys), 2),
               "weapons": float(sum(len(v.weapons) for v in volleys)),
               "heat": float(volleys[-1].heat_after)}  # fmt: skip
    if first.best is not None:
        numbers["to_hit"] = float(first.best)
    if first.kill > 0:  # a vehicle: the chance the primary volley destroys it
        numbers["kill"] = round(first.kill, 3)
    return Choice(action, fire_why(s, u, volleys, twist), numbers)


def _secondary(s: GameState, u: Unit, first: Volley, twist: int, raw: int, style: Style,
               enemies: Mapping[str, Unit]) -> Volley | None:  # fmt: skip
    """Weapons left over (out of the primary's arc or range) at the best other target,
    heat counted after the primary volley."""
    used = frozenset(first.weapons)
    heat = raw + sum(o.heat for o in options_at(s, u.id, first.target, twist).weapons
                     if o.index in used)  # fmt: skip
    best: Volley | None = None
    for tid, opts in options_all(s, u.id, twist, primary=first.target).items():
        if tid == first.target:
            continue
        v = plan_volley(u, opts, enemies[tid], heat, style, s.rules, skip=used)
        if v.weapons and v.value > 0 and (best is None or v.value > best.value):
            best = v
    return best
