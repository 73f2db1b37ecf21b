"""The physical attack phase (PHY-01/02, TURN-07, TURN-12): punches, kicks, pushes and clubs are
declared in the movement order; charges and deaths from above were declared in the
movement phase (game.phases.movement); everything resolves together on leaving.

A Mech in physical attack defence (ADV-01, the tacops option) may walk first, at its turn
(``DefendWalk``, game.phases.defence: resolved at once), then declares from where it
ended; an attack declared on it before it walked has no effect if it is no longer in the
hex it was declared at (ADV-01, the step-away).

Each unit with an enemy beside it declares once
(``DeclarePhysical``: up to two punches, or one kick, push or club; nothing at all is
allowed) or picks up a club (``PickUpClub``, PHY-06). Every number is computed from the
units as the phase began, so the attacks are simultaneous; the damage is applied in
declaration order (charges and DFAs first, as declared), then the rolls the damage calls
for (PSR-07/08) before the heat phase.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import ClassVar

from game.core.actions import Action, Event
from game.phases.movers import HexPhase
from game.units.unit import Unit

from ..core.phase import Applying, PhaseRules
from ..hexgrid import distance
from ..narrate.physical import blows_text, physical_events
from ..rules.combat.records import Movement
from ..rules.combat.tohit import mounts
from ..rules.physical.clubs import dropped_limbs, pickups, without_limb
from ..rules.physical.options import PhysicalOption, adjacent_enemies, physical_option
from ..rules.physical.records import (
    ARM_LIMBS,
    LEG_LIMBS,
    MOVEMENT_ATTACKS,
    PUNCH,
    TYPES,
    Blow,
    Context,
)
from ..rules.physical.resolve import resolve_blow
from ..rules.turn import Phase
from ..state import GameState
from . import alternate
from .crashed import crash_blocker, crashed_this_turn
from .damage_check import damage_rolls
from .defence import DefendWalk, resolve_walk, step_blocker, walk_blocker, walk_reach
from .weapons import in_fight, movements


@dataclass(frozen=True, slots=True)
class DeclarePhysical(Action):
    """Physical attack phase: one unit's attacks; ``kinds[i]`` at ``targets[i]`` with
    ``limbs[i]`` (LA/RA punch, LL/RL kick, "" otherwise). Nothing: no physical attack."""

    doing: ClassVar[str] = "physical attacks are declared"
    unit_id: str
    kinds: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    limbs: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PickUpClub(Action):
    """Physical attack phase: pick up a club where the unit stands ("tree", "arm", "leg",
    PHY-06); that is the unit's action of the phase."""

    doing: ClassVar[str] = "clubs are picked up"
    unit_id: str
    what: str


def context(s: GameState) -> Context:
    """The turn as the physical rules read it: movement, the locations that fired (the
    weapon declarations), MP left (PHY-19), torso twists, where DFAs began."""
    fired: dict[str, set[str]] = {}
    twists: dict[str, int] = {}
    for d in s.declarations:
        u = s.unit(d.attacker)
        if u is None or u.platoon is not None:
            continue  # a platoon's rifles fire from no location (CMB-42)
        listed = mounts(u)
        idx = d.weapons if d.weapons is not None else tuple(range(len(listed)))
        fired.setdefault(u.id, set()).update(listed[i].location for i in idx)
        twists[u.id] = d.twist
    mp_left = {}
    for u in s.units:
        m = s.move_record(u.id)
        mode, used = ("stand", 0) if m is None else (m.mode, m.mp_used)
        mp = {"stand": u.walk_mp(), "walk": u.walk_mp(), "run": u.run_mp()}.get(mode, 0)
        mp_left[u.id] = max(mp - used, 0)
    starts = {b.attacker: b.start for b in s.physical if b.start is not None}
    frozen = {k: frozenset(v) for k, v in fired.items()}
    moves: dict[str, Movement] = movements(s)
    return Context(moves, frozen, mp_left, twists, starts)


def pending_attack(s: GameState, unit_id: str) -> Blow | None:
    """The charge or DFA the unit declared in the movement phase this turn, if any."""
    return next((b for b in s.physical if b.attacker == unit_id and b.kind in MOVEMENT_ATTACKS),
                None)  # fmt: skip


def can_declare(s: GameState, u: Unit) -> bool:
    if not in_fight(s, u) or not u.is_mech or u.damage.shutdown or u.damage.unconscious:
        return False
    if crashed_this_turn(s, u.id):
        return False  # ADV-28: no attack in the turn it crashed
    if pending_attack(s, u.id) is not None:
        return False  # its charge or DFA is its physical attack (PHY-10/13)
    if walk_blocker(s, u) is None:
        return True  # ADV-01: a defending Mech may walk up to an enemy first
    by_id = {x.id: x for x in s.units if in_fight(s, x)}
    return bool(adjacent_enemies(by_id, u))  # (choice) a club is picked up then too


def _pickups(s: GameState, u: Unit) -> tuple[str, ...]:
    if any(d.attacker == u.id and d.weapons != () for d in s.declarations):
        return ()  # PHY-06: it fired this turn
    return pickups(s.board, s.limbs, u)


def to_declare(s: GameState, side: str | None = None) -> tuple[Unit, ...]:
    return tuple(u for u in s.units if u.id not in s.acted and can_declare(s, u)
                 and (side is None or u.side == side))  # fmt: skip


def _pending(s: GameState, side: str) -> int:
    return len(to_declare(s, side))


def options_at(s: GameState, attacker: str, target: str, kind: str,
               limb: str = "") -> PhysicalOption:  # fmt: skip
    """One attack's answer now (the physical attack screen)."""
    units = {u.id: u for u in s.units}
    return physical_option(s.board, units, Blow(attacker, target, kind, limb), context(s), s.rules)


def every_option(s: GameState, attacker: str, target: str) -> list[PhysicalOption]:
    """Every attack (each limb) of ``attacker`` at ``target`` (movement attacks left out)."""
    out = []
    for kind in TYPES:
        if kind in MOVEMENT_ATTACKS:
            continue
        limbs = ARM_LIMBS if kind == PUNCH else LEG_LIMBS if kind == "kick" else ("",)
        out += [options_at(s, attacker, target, kind, limb) for limb in limbs]
    return out


def check_physical(s: GameState, a: DeclarePhysical) -> str | None:
    """Why this declaration is not allowed now, or None (one sentence)."""
    unit = s.unit(a.unit_id)
    reason = _actor_reason(s, unit, a.unit_id)
    if reason is not None or unit is None:
        return reason
    if not len(a.kinds) == len(a.targets) == len(a.limbs):
        return "give each attack its type, target and limb"
    if len(a.kinds) > 2 or (len(a.kinds) == 2 and set(a.kinds) != {PUNCH}):
        return "a Mech makes one physical attack a turn, or a punch with each arm (PHY-04)"
    if len(a.kinds) == 2 and len(set(a.limbs)) != 2:
        return "each arm punches once (PHY-04)"
    enemies = {u.id for u in s.units if u.side != unit.side and in_fight(s, u)}
    for kind, target, limb in zip(a.kinds, a.targets, a.limbs, strict=True):
        if kind in MOVEMENT_ATTACKS:
            return f"a {kind} is declared in the movement phase (PHY-02)"
        if target not in enemies:
            return f"{target} is not an enemy unit {unit.id} can attack"
        opt = options_at(s, unit.id, target, kind, limb)
        if not opt.can_attack:
            return f"{unit.id} cannot {kind} {target}: {opt.why_not}"
        if opt.target is None:
            return f"{unit.id}'s {kind} at {target} needs more than 12 (impossible)"
    return None


def _actor_reason(s: GameState, unit: Unit | None, uid: str) -> str | None:
    if unit is None:
        return f"there is no unit {uid!r}"
    if unit.id in s.acted:
        return f"{unit.id} has already declared its physical attacks this turn"
    crashed = crash_blocker(s, unit.id)
    if crashed is not None:
        return crashed
    busy = s.active_unit
    if busy is not None and busy != unit.id and busy in s.walked and busy not in s.acted:
        return f"{busy} has walked in physical attack defence: it declares first (ADV-01)"
    side = alternate.actor(s)
    if unit.side != side:
        return f"side {side} declares now, not side {unit.side}"
    if unit not in to_declare(s):
        return f"{unit.id} makes no physical attack this turn"
    return None


def _declare(step: Applying, a: Action) -> str | None:
    assert isinstance(a, DeclarePhysical)
    s = step.state
    reason = check_physical(s, a)
    if reason is not None:
        return reason
    where = {u.id: u.at for u in s.units}  # ADV-01: a defender may step away afterwards
    blows = tuple(Blow(a.unit_id, t, k, limb, at=where[t])
                  for k, t, limb in zip(a.kinds, a.targets, a.limbs, strict=True))  # fmt: skip
    state = replace(s, physical=s.physical + blows, acted=s.acted + (a.unit_id,))
    step.state = replace(alternate.after_action(state, _pending), active_unit=None)
    step.emit(Event("declared", blows_text(a.unit_id, blows), a.unit_id, payload=blows))
    return None


def _defend_walk(step: Applying, a: Action) -> str | None:
    """ADV-01: the defending Mech walks now; its declaration follows (from the new hex)."""
    assert isinstance(a, DefendWalk)
    s = step.state
    unit = s.unit(a.unit_id)
    reason = _actor_reason(s, unit, a.unit_id)
    if reason is not None or unit is None:
        return reason
    reason = walk_blocker(s, unit) or step_blocker(a)
    if reason is None:
        reason = resolve_walk(step, unit, a.steps)
    if reason is not None:
        return reason
    s = step.state
    after = s.unit(unit.id)
    if after is not None and can_declare(s, after):
        step.state = replace(s, active_unit=unit.id)  # its declaration comes next
        return None
    state = replace(s, acted=s.acted + (unit.id,))  # fallen out of the fight, or alone
    step.state = replace(alternate.after_action(state, _pending), active_unit=None)
    step.emit(Event("declared", f"{unit.id} has no enemy it can attack after its walk",
                    unit.id, payload=()))  # fmt: skip
    return None


def _pick_up(step: Applying, a: Action) -> str | None:
    assert isinstance(a, PickUpClub)
    s = step.state
    unit = s.unit(a.unit_id)
    reason = _actor_reason(s, unit, a.unit_id)
    if reason is not None or unit is None:
        return reason
    can = _pickups(s, unit)
    if a.what not in can:
        return f"{unit.id} cannot pick up a {a.what} club here (PHY-06)"
    limbs = s.limbs if a.what == "tree" else without_limb(s.limbs, unit.at, a.what)
    units = tuple(replace(u, club=a.what) if u.id == unit.id else u for u in s.units)
    state = replace(s, units=units, limbs=limbs, acted=s.acted + (unit.id,))
    step.state = replace(alternate.after_action(state, _pending), active_unit=None)
    verb = "tears out a tree" if a.what == "tree" else f"picks up a severed {a.what}"
    step.emit(Event("club", f"{unit.id} {verb} as a club (PHY-06)", unit.id))
    return None


def _enter(step: Applying) -> None:
    s = replace(step.state, acted=(), walked=())
    step.state = alternate.begin(s, _pending)


def _leave(step: Applying) -> None:
    """Resolve every declared attack, numbers from the units as the phase began (PHY-02),
    then the damage rolls (PSR-07/08)."""
    s = step.state
    ctx = context(s)
    declared = {u.id: u for u in s.units}
    options = [physical_option(s.board, declared, b, ctx, s.rules) for b in s.physical]
    now = dict(declared)
    mark = len(step.cup.log)
    raw = []
    for opt in options:
        away = _stepped_away(s, opt.blow)
        if away is not None:
            raw.append(_cancelled(opt, away))
            continue
        if not opt.can_attack and opt.blow.kind in MOVEMENT_ATTACKS:
            raw.append(_cancelled(opt))
            continue
        now, res = resolve_blow(s.board, now, opt, step.cup, s.rules, ctx)
        raw += res.events
    for e in physical_events(s, raw, step.new_rolls(mark)):
        step.emit(e)
    units = tuple(now[u.id] for u in s.units)
    step.state = replace(s, units=units, limbs=s.limbs + tuple(dropped_limbs(s.units, units)))
    damage_rolls(step, before=s.units)
    step.state = replace(step.state, acted=(), physical=(), walked=())


def _stepped_away(s: GameState, b: Blow) -> str | None:
    """ADV-01: the target is no longer in the hex the attack was declared at."""
    t = s.unit(b.target)
    if b.at is None or t is None or t.at == b.at:
        return None
    name = s.board.hex_name(b.at)
    if t.id in s.walked:
        return f"{t.id} stepped away from {name} in physical attack defence (ADV-01)"
    return f"{t.id} is no longer in {name}"


def _cancelled(opt: PhysicalOption, reason: str | None = None):  # -> rules Event
    from game.rules.piloting.falls import event

    b = opt.blow
    return event("cancelled", None, unit=b.attacker, target=b.target, attack=b.kind,
                 reason=reason or opt.why_not)  # fmt: skip


def _waiting(s: GameState) -> str | None:
    return alternate.waiting(s, to_declare, "declare physical attacks")


def _banner(s: GameState) -> str:
    return alternate.banner(s, to_declare, "Physical attack", "declares")


def _choices(s: GameState) -> list[Action]:
    """For each unit of the acting side: no attack, every possible attack at each enemy
    beside it, picking up a club (seeded by the state, so a game replays)."""
    side = alternate.actor(s)
    if side is None:
        return []
    pick = random.Random(f"physical:{s.faces_used}:{len(s.history)}")
    out: list[Action] = []
    by_id = {u.id: u for u in s.units if in_fight(s, u)}
    acting = to_declare(s, side)
    if s.active_unit in s.walked and s.active_unit not in s.acted:
        acting = tuple(u for u in acting if u.id == s.active_unit)  # it declares first
    for u in acting:
        out += walk_choices(s, u, by_id, pick)
        out.append(DeclarePhysical(u.id))
        out += [PickUpClub(u.id, w) for w in _pickups(s, u)]
        for t in adjacent_enemies(by_id, u):
            for o in every_option(s, u.id, t.id):
                if o.attacks:
                    b = o.blow
                    out.append(DeclarePhysical(u.id, (b.kind,), (t.id,), (b.limb,)))
    pick.shuffle(out)
    return out


def walk_choices(s: GameState, u: Unit, by_id: dict[str, Unit],
                 pick: random.Random) -> list[Action]:  # fmt: skip
    """ADV-01, for the autoplay: a few defence walks, to hexes beside an enemy first."""
    if walk_blocker(s, u) is not None:
        return []
    reach = walk_reach(s, u.id)
    enemies = [e.at for e in by_id.values() if e.side != u.side]
    ends = sorted(reach.hexes().items(), key=lambda kv: (kv[0].col, kv[0].row))
    ends = [kv for kv in ends if kv[0] != u.at]
    near = [kv for kv in ends if any(distance(kv[0], e) == 1 for e in enemies)]
    out: list[Action] = []
    chosen = pick.sample(near, min(2, len(near))) + pick.sample(ends, min(1, len(ends)))
    for h, (_, facings) in chosen:
        steps = reach.path_to(h, pick.choice(facings)) if facings else None
        if steps:
            out.append(DefendWalk(u.id, tuple(steps)))
    return out


RULES: HexPhase = PhaseRules(
    name=Phase.PHYSICAL_ATTACK,
    handlers=MappingProxyType(
        {DeclarePhysical: _declare, PickUpClub: _pick_up, DefendWalk: _defend_walk}
    ),  # fmt: skip
    enter=_enter,
    leave=_leave,  # PSR-07/08: the damage rolls come at the end of the phase
    waiting=_waiting,
    actor=alternate.actor,
    banner=_banner,
    choices=_choices,
)

__all__ = ["DeclarePhysical", "DefendWalk", "PickUpClub", "RULES", "context", "every_option",
           "options_at", "to_declare"]  # fmt: skip
