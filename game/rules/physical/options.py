"""Who may make which physical attack against whom, and at what number (PHY-01..16).

:func:`physical_option` is what the physical attack screen, the phase and the referee ask:
for one attacker, one target and one attack (and limb), either the number with every
modifier, the damage, the location table and the PSRs, or one sentence saying why the
attack cannot be made. A number above 12 is "impossible": allowed but not made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.options import TW, Rules
from game.rules.modifier import Modifier
from game.units.unit import Unit

from ...board import Board
from ...hexgrid import Hex, distance, neighbour, ring
from ..combat.arcs import arc_of, relative_angle, side_hit, target_arc
from ..combat.los import line_of_sight, viewer
from ..combat.modifiers import IMPOSSIBLE, terrain_modifiers
from . import numbers, platoons
from .limbs import limb_code, limb_gone, lost_parts
from .numbers import PsrNeed
from .records import (
    ARM_LIMBS,
    CHARGE,
    CLUB,
    DFA,
    KICK,
    LEG_LIMBS,
    NAMES,
    NO_CONTEXT,
    PUNCH,
    PUSH,
    TYPES,
    Blow,
    Context,
)


@dataclass(frozen=True, slots=True)
class PhysicalOption:
    """One attack's answer (the contract's `rules physical` object)."""

    blow: Blow
    can_attack: bool
    why_not: str | None
    target: int | None  # None: impossible (above 12) or cannot attack
    modifiers: tuple[Modifier, ...]
    damage: int
    table: str | None
    attacker_damage: int
    psrs: Mapping[str, PsrNeed | None]
    side: str = "front"  # the target's side struck (CMB-26; PHY-13 from the DFA start)
    level_diff: int = 0  # target level - attacker level (PHY-16)
    in_open: bool = False  # a platoon target in the open: ``damage`` is doubled (CMB-40)

    @property
    def attacks(self) -> bool:
        """The attack is made: allowed and a possible number."""
        return self.can_attack and self.target is not None

    def to_json(self) -> dict[str, Any]:
        number: int | str | None = self.target
        if self.can_attack and self.target is None:
            number = "impossible"
        return {
            "type": self.blow.kind,
            "can_attack": self.can_attack,
            "why_not": self.why_not,
            "target": number,
            "modifiers": [m.to_json() for m in self.modifiers],
            "damage": self.damage,
            "table": self.table,
            "attacker_damage": self.attacker_damage,
            "psrs": {k: (None if v is None else v.to_json()) for k, v in self.psrs.items()},
        }


def level_of(board: Board, u: Unit) -> int:
    """The level a unit stands on (a Mech in water: the bottom, MOV-12)."""
    return viewer(board, u).floor


def dfa_start(ctx: Context, a: Unit, t: Unit) -> Hex:
    """PHY-13: where the jump began (the context's, else the attacker's own hex)."""
    return ctx.starts.get(a.id, a.at)


def physical_option(board: Board, units: Mapping[str, Unit], blow: Blow,
                    ctx: Context = NO_CONTEXT, rules: Rules = TW) -> PhysicalOption:  # fmt: skip
    a, t = units[blow.attacker], units[blow.target]
    kind, limb = blow.kind, blow.limb
    diff = level_of(board, t) - level_of(board, a)
    start = dfa_start(ctx, a, t) if kind == DFA else a.at
    side = side_hit(relative_angle(t.at, start, t.facing)) if start != t.at else "front"
    why = why_not(board, units, blow, ctx, rules, diff)
    mods = _modifiers(board, a, t, blow, ctx, rules) if kind in TYPES else []
    hexes = blow.hexes or ctx.movement(a.id).hexes  # PHY-11: the hexes the charger entered
    dmg = numbers.damage(kind, a, t, limb, hexes, rules) if kind in TYPES else 0
    opened = False
    if t.platoon is not None:  # CMB-44: converted, doubled in the open
        dmg, opened = platoons.blow_damage(board, t, dmg) if kind == KICK else (0, False)
    psrs = numbers.psrs(kind, a, t, rules) if kind in TYPES else {}
    total = sum(m.value for m in mods)
    number = total if why is None and total <= IMPOSSIBLE else None
    table = numbers.table(kind, t, diff, a.hull_down) if kind in TYPES else None
    return PhysicalOption(blow, why is None, why, number, tuple(mods), dmg,
                          None if t.platoon is not None else table,
                          numbers.attacker_damage(kind, a, t), psrs, side, diff,
                          opened)  # fmt: skip


def _modifiers(board: Board, a: Unit, t: Unit, blow: Blow, ctx: Context,
               rules: Rules) -> list[Modifier]:  # fmt: skip
    kind = blow.kind
    mods = numbers.base_modifiers(kind, a, t, rules)
    mods += numbers.movement_modifiers(kind, a, t, ctx.movement(a.id), ctx.movement(t.id), rules)
    if kind != DFA:  # PHY-03: terrain as for weapon attacks (CMB-14); a DFA ignores it
        sight = line_of_sight(board, viewer(board, a), viewer(board, t))
        mods += [m for m in terrain_modifiers(sight, rules) if m.rule == "CMB-14"]
    limb = limb_code(a, blow.limb) if blow.limb else ""
    return mods + platoons.modifiers(a, t) + numbers.limb_modifiers(kind, a, limb)


def why_not(board: Board, units: Mapping[str, Unit], blow: Blow, ctx: Context, rules: Rules,
            diff: int) -> str | None:  # fmt: skip
    """One sentence saying why the attack cannot be made, or None (checked in order)."""
    a, t = units[blow.attacker], units[blow.target]
    kind = blow.kind
    checks = (
        _kind_reason(blow),
        _attacker_reason(a),
        _target_reason(a, t, kind),
        _reach_reason(board, a, t, blow, ctx),
        _posture_reason(a, t, kind),
        _level_reason(kind, diff),
    )
    found = next((c for c in checks if c is not None), None)
    if found is not None:
        return found
    return _KIND_CHECKS[kind](board, a, t, blow, ctx)


def _kind_reason(blow: Blow) -> str | None:
    if blow.kind not in TYPES:
        return f"'{blow.kind}' is not a physical attack ({', '.join(TYPES)})"
    if blow.kind == PUNCH and blow.limb not in ARM_LIMBS:
        return "a punch needs the arm it is made with: limb LA or RA"
    if blow.kind == KICK and blow.limb not in LEG_LIMBS:
        return "a kick needs the leg it is made with: limb LL or RL"
    if blow.attacker == blow.target:
        return "a unit cannot attack itself"
    return None


def _attacker_reason(a: Unit) -> str | None:
    """PHY-01/02: Mechs attack; shut-down or helpless Mechs cannot."""
    if not a.is_mech:
        return f"only Mechs make physical attacks (PHY-01), {a.id} is a {a.kind} unit"
    if a.destroyed or (a.body is not None and a.body.destroyed):
        return f"{a.id} is destroyed"
    if a.damage.shutdown:
        return f"{a.id} is shut down and cannot make physical attacks (PHY-02)"
    if a.damage.unconscious:
        return f"{a.id}'s MechWarrior is unconscious (PHY-02)"
    return None


def _target_reason(a: Unit, t: Unit, kind: str) -> str | None:
    if t.destroyed or (t.body is not None and t.body.destroyed):
        return f"{t.id} is already destroyed"
    if t.platoon is not None:
        return platoons.refused(kind, t)
    if t.airborne:
        return f"{t.id} flies overhead: aerospace units cannot be struck by physical attacks"
    if t.submerged:
        return f"{t.id} is submerged: underwater combat is not in the rules digest (ADV-25)"
    return None


def _reach_reason(board: Board, a: Unit, t: Unit, blow: Blow, ctx: Context) -> str | None:
    """Adjacency (PHY-04..10); a DFA reaches its target from where its jump began if the
    attacker has the jump MP for it (PHY-13/14)."""
    rng = distance(a.at, t.at)
    if blow.kind == DFA:
        start = dfa_start(ctx, a, t)
        need = distance(start, t.at)
        if a.jump_mp() < max(need, 1):
            return (f"a death from above needs jump MP for the {need} hexes to the target "
                    f"({a.id} has {a.jump_mp()}) (PHY-13)")  # fmt: skip
        if start == a.at and rng > 1 and a.jump_mp() < rng:
            return f"{t.id} is out of jump range"
        return None
    if rng == 0 and platoons.stomp(a, t) and blow.kind == KICK:
        return None  # CMB-44: a stomp on a platoon in the attacker's own hex
    if rng != 1:
        return f"{t.id} is {rng} hexes away: physical attacks are made on an adjacent unit"
    return None


def _posture_reason(a: Unit, t: Unit, kind: str) -> str | None:
    """CMB-19/PHY-04: a prone Mech only punches, never a prone Mech (choice: a prone
    Mech cannot kick, push, club, charge or jump); PHY-15: prone targets only kicked or
    DFA'd."""
    if a.prone and kind != PUNCH:
        return f"a prone Mech cannot {NAMES[kind]} (it can only punch, PHY-04)"
    if a.prone and t.prone:
        return "a prone Mech cannot punch a prone Mech (PHY-04)"
    if t.prone and kind not in (KICK, DFA):
        return f"a prone Mech can only be kicked or jumped on, not hit by a {NAMES[kind]} (PHY-15)"
    return None


def _level_reason(kind: str, diff: int) -> str | None:
    """PHY-16: one level up punch/club/charge, one down kick/club/charge, DFA at any."""
    if kind == DFA or diff == 0:
        return None
    allowed = {1: (CHARGE, PUNCH, CLUB), -1: (CHARGE, KICK, CLUB)}.get(diff, ())
    if kind in allowed:
        return None
    where = f"{abs(diff)} level{'s' if abs(diff) != 1 else ''} {'higher' if diff > 0 else 'lower'}"
    return f"the target stands {where}: no {NAMES[kind]} between those levels (PHY-16)"


def _arc(a: Unit, t: Unit, ctx: Context, legs: bool) -> str:
    return target_arc(a, t, ctx.twists.get(a.id, 0), legs=legs)


def _punch(board: Board, a: Unit, t: Unit, blow: Blow, ctx: Context) -> str | None:
    """PHY-04: the arm's weapons did not fire, the shoulder works, the target in the
    forward arc or in the arm's own side arc."""
    if a.kind == "quad":
        return "a four-legged Mech has no arms to punch with"
    arm = blow.limb
    name = "left arm" if arm == "LA" else "right arm"
    if limb_gone(a, arm):
        return f"the {name} is destroyed"
    if "shoulder" in lost_parts(a, arm):
        return f"the {name}'s shoulder actuator is destroyed (PHY-04)"
    if arm in ctx.fired.get(a.id, frozenset()):
        return f"the {name} fired its weapons this turn: it cannot also punch (PHY-04)"
    arc = _arc(a, t, ctx, legs=False)
    own = "left" if arm == "LA" else "right"
    if arc not in ("front", own):
        return f"{t.id} is in the {arc} arc, out of reach of the {name} (PHY-04)"
    return None


def _both_arms(a: Unit, ctx: Context, what: str) -> str | None:
    if a.kind == "quad":
        return f"a four-legged Mech has no arms to {what} with"
    for arm, name in (("LA", "left arm"), ("RA", "right arm")):
        if limb_gone(a, arm):
            return f"a {what} needs both arms and the {name} is destroyed"
        if "shoulder" in lost_parts(a, arm):
            return f"the {name}'s shoulder actuator is destroyed"
        if arm in ctx.fired.get(a.id, frozenset()):
            return f"the {name} fired its weapons this turn: a {what} needs both arms"
    return None


def _push(board: Board, a: Unit, t: Unit, blow: Blow, ctx: Context) -> str | None:
    """PHY-07: both arms, neither fired; an adjacent Mech in the forward arc."""
    why = _both_arms(a, ctx, "push")
    if why is not None:
        return why
    if not t.is_mech:
        return "only Mechs can be pushed (PHY-07)"
    if _arc(a, t, ctx, legs=False) != "front":
        return f"{t.id} is not in the forward arc (PHY-07)"
    return None


def _club(board: Board, a: Unit, t: Unit, blow: Blow, ctx: Context) -> str | None:
    """PHY-06: a club in both hands (no arm weapon fired), target in the forward arc."""
    if not a.club:
        return f"{a.id} has no club: pick up a severed limb or tear out a tree first (PHY-06)"
    why = _both_arms(a, ctx, "club attack")
    if why is not None:
        return why
    if _arc(a, t, ctx, legs=False) != "front":
        return f"{t.id} is not in the forward arc (PHY-06)"
    return None


def _kick(board: Board, a: Unit, t: Unit, blow: Blow, ctx: Context) -> str | None:
    """PHY-08: the kicking leg works and its weapons did not fire; the target in the three
    forward hexes (leg facing); CMB-33 both hips (and, TW, the kicking leg's hip)."""
    code = limb_code(a, blow.limb)
    name = {"LL": "left leg", "RL": "right leg"}[blow.limb]
    if a.legs_destroyed:
        return f"{a.id} has lost a leg and cannot kick"
    if a.crits.hips >= 2:
        return "both hip actuators are destroyed: no kicks (CMB-33)"
    if "hip" in lost_parts(a, code):
        return f"the {name}'s hip actuator is destroyed (PHY-08)"
    if code in ctx.fired.get(a.id, frozenset()):
        return f"the {name} fired its weapons this turn: it cannot also kick (PHY-08)"
    if platoons.stomp(a, t):
        return None  # CMB-44: a stomp has no arc check
    if arc_of(relative_angle(a.at, t.at, a.facing)) != "front":
        return f"{t.id} is not in one of the three hexes in front of the legs (PHY-08)"
    return None


def _charge(board: Board, a: Unit, t: Unit, blow: Blow, ctx: Context) -> str | None:
    """PHY-10: after walking or running at least one hex, from an adjacent hex, the
    target in front; no weapon attacks that turn."""
    mv = ctx.movement(a.id)
    if mv.mode not in ("walk", "run"):
        return "a charge is made walking or running (PHY-10); a jumping Mech makes a DFA"
    if max(blow.hexes, mv.hexes) < 1:
        return "a charge needs at least one hex moved this turn (PHY-11)"
    if ctx.fired.get(a.id):
        return f"{a.id} fired weapons this turn: a charging Mech makes no weapon attacks (PHY-10)"
    if ctx.movement(t.id).mode == "defend":
        return f"{t.id} is in physical attack defence: it cannot be charged (ADV-02)"
    if _arc(a, t, ctx, legs=True) != "front":
        return f"{t.id} is not in front of the charger (PHY-10)"
    return None


def _dfa(board: Board, a: Unit, t: Unit, blow: Blow, ctx: Context) -> str | None:
    """PHY-12/13: a jump this turn, no weapon fired."""
    if ctx.movement(a.id).mode != "jump":
        return "a death from above is made jumping: the attacker's movement must be a jump"
    if ctx.fired.get(a.id):
        return f"{a.id} fired weapons this turn: a Mech making a DFA fires none (PHY-12)"
    if ctx.movement(t.id).mode == "defend":
        return f"{t.id} is in physical attack defence: no death from above on it (ADV-02)"
    return None


_KIND_CHECKS = {PUNCH: _punch, KICK: _kick, PUSH: _push, CLUB: _club, CHARGE: _charge, DFA: _dfa}


def adjacent_enemies(units: Mapping[str, Unit], a: Unit) -> list[Unit]:
    """Enemy units in the six hexes around ``a`` and enemy platoons in its own hex (a stomp,
    CMB-44), in id order."""
    around = set(ring(a.at, 1))
    return sorted((u for u in units.values() if u.side != a.side
                   and (u.at in around or (u.at == a.at and u.platoon is not None))),
                  key=lambda u: u.id)  # fmt: skip


def staging_hex(board: Board, units: Mapping[str, Unit], a: Unit, target_at: Hex,
                start: Hex) -> Hex | None:  # fmt: skip
    """PHY-12: the hex beside the target a DFA attacker counts as standing in during the
    weapon attack phase: a free neighbour of the target nearest the jump's start (then by
    direction)."""
    taken = {u.at for u in units.values() if u.id != a.id}
    free = [neighbour(target_at, d) for d in range(6)]
    free = [h for h in free if board.contains(h) and h not in taken]
    free.sort(key=lambda h: distance(start, h))
    return free[0] if free else None
