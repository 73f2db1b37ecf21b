"""Attacks in the sandbox (issue 13): one unit's weapon fire or physical attack, declared
and resolved at once with the same rules as in play.

There is no turn order and no attack phase: :class:`SandboxFire` is a DeclareFire that
resolves on the spot (game.rules.combat.resolve.resolve_declarations, then the damage
rolls at the end of a phase, game.phases.damage_check); :class:`SandboxStrike` is a
DeclarePhysical that does the same with the physical rules (game.rules.physical). Each
attack is its own "phase" for the 20+ damage roll (PSR-08). Heat is not built (the
sandbox has no heat phase: the attack screen shows what the fire would build, the panel
sets the heat). Any unit may attack any unit of another side; every number comes from
the units as they stand when the attack is made.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from game.core.actions import Action, Event
from game.narrate.combat import game_events
from game.narrate.physical import physical_events
from game.units.unit import Unit

from ..core.phase import Applying
from ..rules.combat.resolve import resolve_declarations
from ..rules.combat.tohit import unit_blocker, weapon_count, weapon_names
from ..rules.physical.clubs import dropped_limbs
from ..rules.physical.options import physical_option
from ..rules.physical.records import ARM_LIMBS, CHARGE, DFA, LEG_LIMBS, PUNCH, TYPES, Blow
from ..rules.physical.resolve import resolve_blow
from ..state import GameState
from .damage_check import damage_rolls
from .physical import context
from .weapons import DeclareFire as _Declared
from .weapons import declarations_for, in_fight, movements, volley_error


@dataclass(frozen=True, slots=True)
class SandboxFire(Action):
    """Sandbox: one unit fires now. ``targets[i]`` takes the weapon indexes ``weapons[i]``
    (the first target is the primary one, CMB-16); ``twist`` is the torso twist (CMB-09)."""

    doing: ClassVar[str] = "units fire at once"
    unit_id: str
    targets: tuple[str, ...]
    weapons: tuple[tuple[int, ...], ...]
    twist: int = 0


@dataclass(frozen=True, slots=True)
class SandboxStrike(Action):
    """Sandbox: one unit makes a physical attack now: ``kinds[i]`` (punch, kick, push,
    club, charge, dfa) at ``targets[i]`` with ``limbs[i]`` (LA/RA punch, LL/RL kick, else
    ""); two punches are one with each arm (PHY-04)."""

    doing: ClassVar[str] = "units strike at once"
    unit_id: str
    kinds: tuple[str, ...]
    targets: tuple[str, ...]
    limbs: tuple[str, ...]


def enemies(s: GameState, unit_id: str) -> tuple[Unit, ...]:
    """The units of other sides ``unit_id`` may attack: on the map and not destroyed."""
    me = s.unit(unit_id)
    if me is None:
        return ()
    return tuple(u for u in s.units if u.side != me.side and in_fight(s, u))


def check_fire(s: GameState, a: SandboxFire) -> str | None:
    """Why this fire cannot be made now (one sentence), or None."""
    unit = s.unit(a.unit_id)
    if unit is None:
        return f"there is no unit {a.unit_id!r}"
    if not in_fight(s, unit):
        return f"{unit.id} is destroyed"
    if not weapon_count(unit):  # a platoon: its rifles (CMB-42)
        return f"{unit.id} has no weapons"
    blocked = unit_blocker(unit)
    if blocked is not None:
        return blocked
    if not a.targets:
        return "give each target once, with the weapons fired at it"
    others = {u.id for u in enemies(s, unit.id)}
    return volley_error(s, unit, a.twist, a.targets, a.weapons, others)


def _fire(step: Applying, a: Action) -> str | None:
    """Declare and resolve at once (CMB-01..38), then the damage rolls (PSR-07/08)."""
    assert isinstance(a, SandboxFire)
    s = step.state
    reason = check_fire(s, a)
    if reason is not None:
        return reason
    decls = declarations_for(_Declared(a.unit_id, a.targets, a.weapons, a.twist))
    names = weapon_names(s.unit(a.unit_id))  # type: ignore[arg-type]
    parts = [f"{', '.join(names[w] for w in ws)} at {t}"
             for t, ws in zip(a.targets, a.weapons, strict=True)]  # fmt: skip
    step.emit(Event("declared", f"{a.unit_id} fires {'; '.join(parts)}", a.unit_id, payload=decls))
    mark = len(step.cup.log)
    units, raw = resolve_declarations(s.board, s.units, decls, movements(s), step.cup, s.rules)
    for e in game_events(s, raw, step.new_rolls(mark)):
        step.emit(e)
    step.state = replace(s, units=units, limbs=s.limbs + tuple(dropped_limbs(s.units, units)))
    damage_rolls(step, before=s.units)
    return None


def blows_of(a: SandboxStrike) -> tuple[Blow, ...]:
    return tuple(Blow(a.unit_id, t, k, limb)
                 for k, t, limb in zip(a.kinds, a.targets, a.limbs, strict=True))  # fmt: skip


def check_strike(s: GameState, a: SandboxStrike) -> str | None:
    """Why this physical attack cannot be made now (one sentence), or None."""
    unit = s.unit(a.unit_id)
    if unit is None:
        return f"there is no unit {a.unit_id!r}"
    if not in_fight(s, unit):
        return f"{unit.id} is destroyed"
    if not a.kinds or not len(a.kinds) == len(a.targets) == len(a.limbs):
        return "give each attack its type, target and limb"
    if len(a.kinds) > 2 or (len(a.kinds) == 2 and set(a.kinds) != {PUNCH}):
        return "a Mech makes one physical attack at a time, or a punch with each arm (PHY-04)"
    if len(a.kinds) == 2 and len(set(a.limbs)) != 2:
        return "each arm punches once (PHY-04)"
    others = {u.id for u in enemies(s, unit.id)}
    ctx = context(s)
    by_id = {u.id: u for u in s.units}
    for b in blows_of(a):
        if b.kind not in TYPES:
            return f"{b.kind!r} is not one of {', '.join(TYPES)}"
        if b.target not in others:
            return f"{b.target} is not a unit of another side {unit.id} can attack"
        limbs = ARM_LIMBS if b.kind == PUNCH else LEG_LIMBS if b.kind == "kick" else ("",)
        if b.limb not in limbs:
            return f"a {b.kind} is made with {' or '.join(x or 'no limb' for x in limbs)}"
        opt = physical_option(s.board, by_id, b, ctx, s.rules)
        if not opt.can_attack:
            return f"{unit.id} cannot {b.kind} {b.target}: {opt.why_not}"
        if opt.target is None:
            return f"{unit.id}'s {b.kind} at {b.target} needs more than 12 (impossible)"
    return None


def _strike(step: Applying, a: Action) -> str | None:
    """Declare and resolve at once (PHY-01..16), then the damage rolls (PSR-07/08); a
    charge counts the hexes of the unit's latest move (PHY-11)."""
    assert isinstance(a, SandboxStrike)
    s = step.state
    reason = check_strike(s, a)
    if reason is not None:
        return reason
    ctx = context(s)
    declared = {u.id: u for u in s.units}
    blows = blows_of(a)
    text = "; ".join(f"{b.kind}{f' ({b.limb})' if b.limb else ''} at {b.target}" for b in blows)
    step.emit(Event("declared", f"{a.unit_id} makes a {text}", a.unit_id, payload=blows))
    now = dict(declared)
    mark = len(step.cup.log)
    raw = []
    for b in blows:
        if b.kind in (CHARGE, DFA):
            b = replace(b, hexes=ctx.movement(b.attacker).hexes)
        opt = physical_option(s.board, declared, b, ctx, s.rules)
        now, res = resolve_blow(s.board, now, opt, step.cup, s.rules, ctx)
        raw += res.events
    for e in physical_events(s, raw, step.new_rolls(mark)):
        step.emit(e)
    units = tuple(now[u.id] for u in s.units)
    step.state = replace(s, units=units, limbs=s.limbs + tuple(dropped_limbs(s.units, units)))
    damage_rolls(step, before=s.units)
    return None


HANDLERS = {SandboxFire: _fire, SandboxStrike: _strike}
