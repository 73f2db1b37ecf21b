"""The bot's physical attack phase (PHY-01..09): for the next unit of its side, the best
of the attacks the core allows at each enemy beside it (two punches together, or one
kick, push or club), only when its value beats the falls and damage it risks
(game.bot.blows); else no attack. A Mech in physical attack defence (ADV-01) declares
after its side's others and first walks when a walk's attack, or stepping away from the
blows declared at it, is worth more than staying (game.bot.defending)."""

from __future__ import annotations

from game.bot.defending import best_blows, defence_walk
from game.bot.explain import blow_why, defence_walk_why
from game.bot.moving import Choice
from game.bot.style import Style
from game.phases.defence import DefendWalk, walk_blocker
from game.phases.physical import DeclarePhysical, to_declare
from game.state import GameState


def decide_physical(s: GameState, side: str, style: Style) -> Choice:
    acting = to_declare(s, side)
    if s.active_unit in s.walked and s.active_unit not in s.acted:
        acting = tuple(u for u in acting if u.id == s.active_unit)  # ADV-01: it goes first
    # a defender that may still walk declares last: it sees the others' declarations first
    u = sorted(acting, key=lambda x: walk_blocker(s, x) is None)[0]
    walk = defence_walk(s, u, style)
    if walk is not None:
        numbers = {"score": round(walk.value, 2), "fall": round(walk.fall, 3)}
        return Choice(DefendWalk(u.id, walk.steps), defence_walk_why(s, u, walk), numbers)
    value, plan = best_blows(s, u, style)
    action = DeclarePhysical(u.id, tuple(o.blow.kind for o in plan),
                             tuple(o.blow.target for o in plan),
                             tuple(o.blow.limb for o in plan))  # fmt: skip
    numbers = {"score": round(value, 2)}
    if plan:
        numbers |= {"to_hit": float(min(o.target or 13 for o in plan)),
                    "damage": float(sum(o.damage for o in plan)),
                    "self_damage": float(sum(o.attacker_damage for o in plan))}  # fmt: skip
    return Choice(action, blow_why(s, u, plan), numbers)
