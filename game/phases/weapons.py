"""The weapon attack phase (CMB-01, TURN-07, TURN-10): units declare their attacks in the movement
order and all attacks resolve together at the end of the phase.

Each unit in the fight declares once (``DeclareFire``): a torso twist (CMB-09, TW: while
declaring) and, per target, the weapons it fires at it (the first target is the primary
one, the others secondary, CMB-16); no targets holds its fire. Every number is computed
from the units as declared, so a unit destroyed in the phase still fires
(game.rules.combat.resolve). Leaving the phase resolves everything with the dice shown
weapon by weapon, then makes the piloting rolls the damage calls for (PSR-07/08).
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
from ..narrate.combat import fire_text, game_events
from ..rules.combat.records import Declaration, Movement
from ..rules.combat.resolve import resolve_declarations
from ..rules.combat.tohit import (
    AttackOptions,
    unit_blocker,
    weapon_count,
    weapon_names,
    weapon_options,
)
from ..rules.combat.tohit_batch import weapon_options_many
from ..rules.physical.clubs import dropped_limbs
from ..rules.turn import Phase
from ..state import GameState, MoveRecord
from . import alternate
from .crashed import crash_blocker, crashed_this_turn
from .damage_check import damage_rolls

TWISTS = (-1, 0, 1)


@dataclass(frozen=True, slots=True)
class DeclareFire(Action):
    """Weapon attack phase: one unit's attacks. ``targets[i]`` is fired at with the weapon
    indexes ``weapons[i]``; the first target is the primary one (CMB-16). ``twist`` is
    the torso twist (-1 left, 0, 1 right, CMB-09). No targets: the unit holds its fire."""

    doing: ClassVar[str] = "weapon attacks are declared"
    unit_id: str
    targets: tuple[str, ...] = ()
    weapons: tuple[tuple[int, ...], ...] = ()
    twist: int = 0


def movements(s: GameState) -> dict[str, Movement]:
    """What every unit did this turn, as the combat rules read it (CMB-12/13, HEAT-02); a
    unit making a death from above is exposed (PHY-12)."""
    jumping = {b.attacker for b in s.physical if b.kind == "dfa"}
    out = {m.unit_id: movement(m) for m in s.moves}
    return {k: replace(v, exposed=True) if k in jumping else v for k, v in out.items()}


def movement(m: MoveRecord) -> Movement:
    # a dodge counts as standing; "defend" stays (ADV-01/02: no weapon attacks, +1 as walked,
    # no charge or DFA on it; its hexes are those of its physical-phase walk, if any)
    mode = m.mode if m.mode in ("stand", "walk", "run", "jump", "defend") else "stand"
    return Movement(mode, m.hexes_moved, m.skidded, m.heat)


def can_fire(u: Unit) -> bool:
    """The unit has weapons (a platoon: its rifles, CMB-42) and nothing keeps it from
    firing them all (CMB-32, HEAT-08)."""
    return weapon_count(u) > 0 and unit_blocker(u) is None


def in_fight(s: GameState, u: Unit) -> bool:
    return s.board.contains(u.at) and not s.is_destroyed(u)


def to_declare(s: GameState, side: str | None = None) -> tuple[Unit, ...]:
    """Units that still declare this phase: in the fight, able to fire, not yet declared,
    not charging or making a death from above (PHY-10, PHY-12: they fire nothing), not in
    physical attack defence (ADV-01: it makes no weapon attacks), not crashed in a sideslip
    this turn (ADV-28)."""
    attacking = {b.attacker for b in s.physical if b.kind in ("charge", "dfa")}
    attacking |= {m.unit_id for m in s.moves if m.mode == "defend"}
    return tuple(
        u
        for u in s.units
        if u.id not in s.acted
        and u.id not in attacking
        and in_fight(s, u)
        and can_fire(u)
        and (side is None or u.side == side)
        and not crashed_this_turn(s, u.id)
    )


def _pending(s: GameState, side: str) -> int:
    return len(to_declare(s, side))


def targets_of(s: GameState, unit_id: str) -> tuple[Unit, ...]:
    """The enemy units the unit could fire at (on the map and not destroyed)."""
    me = s.unit(unit_id)
    if me is None:
        return ()
    return tuple(u for u in s.units if u.side != me.side and in_fight(s, u))


def options_at(
    s: GameState,
    attacker: str,
    target: str,
    twist: int = 0,
    secondary: bool = False,
    weapons: tuple[int, ...] | None = None,
) -> AttackOptions:
    """Every weapon's answer for one attacker at one target now (the attack screen)."""
    return weapon_options(s.board, s.units, attacker, target, movements(s), s.rules,
                          weapons=weapons, secondary=secondary, twist=twist)  # fmt: skip


def options_all(s: GameState, attacker: str, twist: int = 0,
                primary: str | None = None) -> dict[str, AttackOptions]:  # fmt: skip
    """options_at for every enemy at once (the attack screen's numbers), in one batch
    (tohit_batch); with a ``primary`` target every other one is a secondary target."""
    targets = targets_of(s, attacker)
    queries = [Declaration(attacker, t.id, secondary=primary is not None and t.id != primary,
                           twist=twist) for t in targets]  # fmt: skip
    found = weapon_options_many(s.board, s.units, queries, movements(s), s.rules)
    return {t.id: o for t, o in zip(targets, found, strict=True)}


def declarations_for(a: DeclareFire) -> tuple[Declaration, ...]:
    return tuple(
        Declaration(a.unit_id, t, tuple(w), secondary=i > 0, twist=a.twist)
        for i, (t, w) in enumerate(zip(a.targets, a.weapons, strict=True))
    )


def check_fire(s: GameState, a: DeclareFire) -> str | None:
    """Why this declaration is not allowed now, or None (one sentence)."""
    unit = s.unit(a.unit_id)
    if unit is None:
        return f"there is no unit {a.unit_id!r}"
    if unit.id in s.acted:
        return f"{unit.id} has already declared its attacks this turn"
    crashed = crash_blocker(s, unit.id)
    if crashed is not None:
        return crashed
    side = alternate.actor(s)
    if unit.side != side:
        return f"side {side} declares now, not side {unit.side}"
    if unit not in to_declare(s):
        return unit_blocker(unit) or f"{unit.id} cannot fire this turn"
    enemies = {u.id for u in targets_of(s, unit.id)}
    return volley_error(s, unit, a.twist, a.targets, a.weapons, enemies)


def volley_error(
    s: GameState,
    unit: Unit,
    twist: int,
    targets: tuple[str, ...],
    weapons: tuple[tuple[int, ...], ...],
    enemies: set[str],
) -> str | None:
    """Why this volley is not allowed (one sentence), or None: the twist (CMB-09), each
    target once, each weapon once (CMB-01), a number for every weapon (1 = the first on
    the record sheet) and every weapon able to fire at its target. The hot-seat declaration
    and the sandbox's fire-at-once both ask it."""
    if twist not in TWISTS:
        return f"torso twist {twist} is not -1, 0 or 1"
    if twist and unit.kind != "biped":
        return f"only two-legged Mechs twist their torso (CMB-09), not {unit.id}"
    if len(weapons) != len(targets) or len(set(targets)) != len(targets):
        return "give each target once, with the weapons fired at it"
    fired = [w for ws in weapons for w in ws]
    if len(set(fired)) != len(fired):
        return "a weapon fires at most once a turn (CMB-01)"
    count = weapon_count(unit)
    for i, (t, ws) in enumerate(zip(targets, weapons, strict=True)):
        if t not in enemies:
            return f"{t} is not a unit of another side {unit.id} can fire at"
        if not ws:
            return f"no weapon is fired at {t}"
        wrong = [w for w in ws if not 0 <= w < count]
        if wrong:
            return f"{unit.id} has no weapon number {wrong[0] + 1} (it has {count})"
        for o in options_at(s, unit.id, t, twist, i > 0, tuple(ws)).weapons:
            what = f"{o.name} ({o.location})" if o.location else o.name
            if not o.can_fire:
                return f"{what} cannot fire at {t}: {o.why_not}"
            if not o.fires:
                return f"{what} needs more than 12 against {t} (impossible)"
    return None


def _declare(step: Applying, a: Action) -> str | None:
    assert isinstance(a, DeclareFire)
    s = step.state
    reason = check_fire(s, a)
    if reason is not None:
        return reason
    decls = declarations_for(a)
    state = replace(s, declarations=s.declarations + decls, acted=s.acted + (a.unit_id,))
    step.state = replace(alternate.after_action(state, _pending), active_unit=None)
    step.emit(Event("declared", _declared_text(s, a), a.unit_id, payload=decls))
    return None


def _declared_text(s: GameState, a: DeclareFire) -> str:
    unit = s.unit(a.unit_id)
    assert unit is not None
    names = weapon_names(unit)
    fire = [(t, [names[w] for w in ws]) for t, ws in zip(a.targets, a.weapons, strict=True)]
    return fire_text(unit.id, fire, a.twist)


def _enter(step: Applying) -> None:
    s = replace(step.state, acted=(), declarations=())
    step.state = alternate.begin(s, _pending)


def _leave(step: Applying) -> None:
    """Resolve every declared attack (all at once, CMB-01), then the damage rolls."""
    s = step.state
    if s.declarations:
        mark = len(step.cup.log)
        units, raw = resolve_declarations(s.board, s.units, s.declarations, movements(s),
                                          step.cup, s.rules)  # fmt: skip
        for e in game_events(s, raw, step.new_rolls(mark)):
            step.emit(e)
        limbs = s.limbs + tuple(dropped_limbs(s.units, units))  # PHY-06: clubs lie about
        step.state = replace(s, units=units, limbs=limbs)
    damage_rolls(step, before=s.units)
    step.state = replace(step.state, acted=())


def _waiting(s: GameState) -> str | None:
    return alternate.waiting(s, to_declare, "declare their attacks")


def _banner(s: GameState) -> str:
    return alternate.banner(s, to_declare, "Weapon attack", "declares")


def _choices(s: GameState) -> list[Action]:
    """For each unit of the acting side: hold fire, or fire everything that can fire at
    one enemy it can see (seeded by the state, so a game replays)."""
    side = alternate.actor(s)
    if side is None:
        return []
    pick = random.Random(f"fire:{s.faces_used}:{len(s.history)}")
    out: list[Action] = []
    for u in to_declare(s, side):
        out.append(DeclareFire(u.id))
        enemies = list(targets_of(s, u.id))
        pick.shuffle(enemies)
        for t in enemies[:3]:
            firing = tuple(w.index for w in options_at(s, u.id, t.id).weapons if w.fires)
            if firing:
                out.append(DeclareFire(u.id, (t.id,), (firing,)))
    return out


RULES: HexPhase = PhaseRules(
    name=Phase.WEAPON_ATTACK,
    handlers=MappingProxyType({DeclareFire: _declare}),
    enter=_enter,
    leave=_leave,  # PSR-07/08: the damage rolls come at the end of the phase
    waiting=_waiting,  # it closes itself once every unit has declared
    actor=alternate.actor,
    skipped=lambda s: not to_declare(s),
    banner=_banner,
    choices=_choices,
)

__all__ = ["DeclareFire", "RULES", "movements", "options_at", "to_declare"]
