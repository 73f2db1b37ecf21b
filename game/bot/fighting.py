"""The bot's physical attack phase (PHY-01..09): for the next unit of its side, the best
of the attacks the core allows at each enemy beside it (two punches together, or one
kick, push or club), only when its value beats the falls and damage it risks
(game.bot.blows); else no attack."""

from __future__ import annotations

from game.bot.blows import blow_value
from game.bot.explain import blow_why
from game.bot.moving import Choice
from game.bot.style import Style
from game.phases.physical import DeclarePhysical, every_option, to_declare
from game.phases.weapons import in_fight
from game.rules.physical.options import PhysicalOption, adjacent_enemies
from game.state import GameState


def decide_physical(s: GameState, side: str, style: Style) -> Choice:
    acting = to_declare(s, side)
    if s.active_unit in s.walked and s.active_unit not in s.acted:
        acting = tuple(u for u in acting if u.id == s.active_unit)  # ADV-01: it goes first
    u = acting[0]
    by_id = {x.id: x for x in s.units if in_fight(s, x)}
    best: tuple[float, tuple[PhysicalOption, ...]] = (0.0, ())
    for t in adjacent_enemies(by_id, u):
        opts = [o for o in every_option(s, u.id, t.id) if o.attacks]
        punches = tuple(o for o in opts if o.blow.kind == "punch")
        plans = [(o,) for o in opts] + ([punches] if len(punches) == 2 else [])
        for plan in plans:
            value = sum(blow_value(o, u, t, style) for o in plan)
            if value > best[0]:
                best = (value, plan)
    plan = best[1]
    action = DeclarePhysical(u.id, tuple(o.blow.kind for o in plan),
                             tuple(o.blow.target for o in plan),
                             tuple(o.blow.limb for o in plan))  # fmt: skip
    numbers = {"score": round(best[0], 2)}
    if plan:
        numbers |= {"to_hit": float(min(o.target or 13 for o in plan)),
                    "damage": float(sum(o.damage for o in plan)),
                    "self_damage": float(sum(o.attacker_damage for o in plan))}  # fmt: skip
    return Choice(action, blow_why(s, u, plan), numbers)
