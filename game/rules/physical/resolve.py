"""Resolving one physical attack with the dice (PHY-04..19).

Dice order (the referee contract): the to-hit roll, then the location rolls (the target's,
then for a charge or DFA the attacker's; critical checks and consciousness rolls follow
each unit's locations), then the target's PSR, then the attacker's, then those of every
unit the domino effect moved, then the dice of every fall (facing, locations, pilot roll)
in that order. Displacement goes through game.rules.piloting.collide.chain, the one mechanism for
pushes, charges, deaths from above, skids and falls (PHY-18/19); a physical attack's
chain is strict: when somebody cannot be pushed on (map edge, building, prohibited
terrain, a hex 2+ levels up), nobody moves (choice), so no two units ever share a hex.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.core.dice import Dice, Roll
from game.core.options import TW, Rules
from game.rules.damage.infantry import TROOPERS, destroyed_event
from game.rules.damage.land import PHYSICAL, DamageRecord, land
from game.rules.modifier import Modifier
from game.rules.move.diving import set_at
from game.rules.piloting.collide import Shove, SlideWorld, chain, standable
from game.rules.piloting.falls import (
    RulesEvent,
    UnitOutcome,
    apply_damage_groups,
    event,
    fall,
    pilot_roll,
)
from game.rules.piloting.psr import auto_fail_reason, psr_base_modifiers
from game.units.unit import Unit

from ...board import Board
from ...hexgrid import Hex, direction_to, distance, neighbour
from ..combat.resolve import Group
from .numbers import DFA_FALL_LEVELS, dfa_miss_damage
from .options import PhysicalOption
from .platoons import stomp
from .records import CHARGE, CLUB, DFA, KICK, NAMES, NO_CONTEXT, PUSH, Context
from .strike import strike

DISPLACING = frozenset({PUSH, CHARGE, DFA})
LIMB_NAMES = {"LA": "left arm", "RA": "right arm", "LL": "left leg", "RL": "right leg"}


@dataclass(frozen=True, slots=True)
class BlowResult:
    """What one attack did: its roll, hit or miss, damage groups on both, every event."""

    option: PhysicalOption
    roll: Roll | None
    hit: bool
    groups: tuple[Group, ...] = ()
    attacker_groups: tuple[Group, ...] = ()
    events: tuple[RulesEvent, ...] = ()


@dataclass(frozen=True, slots=True)
class _Roll:
    """A PSR to make: whose, why (the situation's modifier), legs before the blow, and
    where a fall would drop it from (a displaced unit falls the levels it was moved)."""

    unit: str
    why: Modifier
    legs: int
    frm: Hex | None = None


def label(option: PhysicalOption) -> str:
    """ "punch (right arm)", "kick (left leg)", "charge", "death from above"."""
    b = option.blow
    return f"{NAMES[b.kind]} ({LIMB_NAMES[b.limb]})" if b.limb in LIMB_NAMES else NAMES[b.kind]


class _Run:
    """Scratch record of one resolution: the units as they change, and the events."""

    def __init__(self, board: Board, units: Mapping[str, Unit], dice: Dice, rules: Rules,
                 ctx: Context) -> None:  # fmt: skip
        self.board, self.dice, self.rules, self.ctx = board, dice, rules, ctx
        self.units = dict(units)
        self.events: list[RulesEvent] = []
        self.rolls: list[_Roll] = []
        self.falls: list[tuple[_Roll, tuple[Modifier, ...]]] = []
        self.dfa_miss: str | None = None

    def world(self) -> SlideWorld:
        base = lambda u: psr_base_modifiers(u, self.rules)  # noqa: E731
        w = SlideWorld(self.board, self.dice, self.rules, None, base, dict(self.units))
        w.mp_left.update(self.ctx.mp_left)
        return w

    def note(self, type_: str, **data: Any) -> None:
        self.events.append(event(type_, None, **data))


def resolve_blow(board: Board, units: Mapping[str, Unit], option: PhysicalOption, dice: Dice,
                 rules: Rules = TW, ctx: Context = NO_CONTEXT
                 ) -> tuple[dict[str, Unit], BlowResult]:  # fmt: skip
    """One attack against the units as they are now (numbers from ``option``)."""
    run = _Run(board, units, dice, rules, ctx)
    b = option.blow
    if not option.attacks:
        return run.units, BlowResult(option, None, False)
    a, t = run.units[b.attacker], run.units[b.target]
    if distance(a.at, t.at) != 1 and b.kind != DFA and not stomp(a, t):
        run.note("cancelled", unit=a.id, target=t.id, attack=label(option),
                 reason=f"{t.id} is no longer adjacent")  # fmt: skip
        return run.units, BlowResult(option, None, False, events=tuple(run.events))
    roll = dice.roll2d6(f"to-hit {label(option)} ({a.id} at {t.id})", target=option.target)
    hit = bool(roll.success)
    run.note("blow", attacker=a.id, target=t.id, attack=label(option), kind=b.kind,
             limb=b.limb or None, needs=option.target, roll=roll, hit=hit)  # fmt: skip
    groups: tuple[Group, ...] = ()
    mine: tuple[Group, ...] = ()
    if hit:
        groups, mine = _hit(run, option)
    else:
        _miss(run, option)
    _psrs(run)
    _falls(run)
    return run.units, BlowResult(option, roll, hit, groups, mine, tuple(run.events))


def _hit(run: _Run, option: PhysicalOption) -> tuple[tuple[Group, ...], tuple[Group, ...]]:
    b = option.blow
    a0, t0 = run.units[b.attacker], run.units[b.target]
    groups: tuple[Group, ...] = ()
    mine: tuple[Group, ...] = ()
    if option.damage > 0 and t0.platoon is not None:  # CMB-44: troopers, no location roll
        run.units[t0.id], groups = _platoon_hit(run, option, a0, t0)
    elif option.damage > 0:
        got = strike(t0, option.damage, option.table or "normal", option.side, run.dice,
                     by=a0.id, cause=label(option), grouped=b.kind in (CHARGE, DFA),
                     rules=run.rules)  # fmt: skip
        run.units[t0.id], groups = got.unit, got.groups
        run.events += got.events
    if option.attacker_damage > 0 and a0.body is not None:  # PHY-11 Front column, PHY-13 legs
        table = "kick" if b.kind == DFA else "normal"
        got = strike(a0, option.attacker_damage, table, "front", run.dice, by=t0.id,
                     cause=f"{label(option)} (its own damage)", grouped=True,
                     rules=run.rules)  # fmt: skip
        run.units[a0.id], mine = got.unit, got.groups
        run.events += got.events
    if b.kind == CLUB and a0.club == "tree":  # PHY-06: the tree breaks after one hit
        run.units[a0.id] = replace(run.units[a0.id], club="")
        run.note("club_breaks", unit=a0.id)
    shoves = _displace(run, option) if b.kind in DISPLACING else []
    moved = {x.unit: x.frm for x in shoves if not x.dodge}
    for key, u0 in (("target_on_hit", t0), ("attacker_on_hit", a0)):
        need = option.psrs.get(key)
        if need is not None:
            run.rolls.append(_Roll(u0.id, need.modifiers[-1], u0.legs_destroyed, moved.get(u0.id)))
    for x in shoves[1:]:  # PHY-18: every unit the domino effect moved rolls at 0
        if not x.dodge:
            run.rolls.append(_Roll(x.unit, x.why, run.units[x.unit].legs_destroyed, x.frm))
    return groups, mine


def _platoon_hit(run: _Run, option: PhysicalOption, a: Unit,
                 t: Unit) -> tuple[Unit, tuple[Group, ...]]:  # fmt: skip
    """CMB-44/40/41: a kick's converted damage on the platoon, one trooper a point."""
    points = option.damage // 2 if option.in_open else option.damage
    landed = land(t, DamageRecord(TROOPERS, points, PHYSICAL, open_ground=option.in_open))
    after, hit = landed.unit, landed.platoon
    g = Group(TROOPERS, False, hit.damage, None)
    run.note("damage", attacker=a.id, target=t.id, weapon=label(option), side=option.side,
             group=g, hit=hit)  # fmt: skip
    run.events += destroyed_event(t, after)
    return after, (g,)


def _displace(run: _Run, option: PhysicalOption) -> list[Shove]:
    """PHY-07/10/14: the target goes one hex on, away from the attacker (a DFA: from where
    the attack came); the attacker takes its hex. Whoever stood there is pushed on
    (PHY-18) or steps aside (PHY-19). Returns the moves (none if blocked)."""
    b = option.blow
    a, t = run.units[b.attacker], run.units[b.target]
    if _out(a) or _out(t) or distance(a.at, t.at) != 1:
        return []  # destroyed, or no longer side by side: nobody moves (choice)
    d = direction_to(a.at, t.at)
    assert d is not None
    why = option.psrs.get("target_on_hit")
    reason = why.modifiers[-1] if why is not None else Modifier(0, "displaced")
    shoves, blocker = chain(run.world(), t, neighbour(t.at, d), d, reason, strict=True)
    if blocker is not None:
        run.note("blocked", unit=blocker.id, at=blocker.at, attack=label(option))
        return []
    frm = t.at
    for x in shoves:
        u = run.units[x.unit]
        run.units[u.id] = set_at(run.board, u, x.to)  # ADV-25: depth capped
        run.note("steps_aside" if x.dodge else "displaced", unit=u.id, frm=x.frm, to=x.to,
                 reason=x.why.reason)  # fmt: skip
    facing = d if b.kind == DFA else a.facing  # a DFA lands facing the way it jumped
    run.units[a.id] = set_at(run.board, a, frm, facing)
    run.note("displaced", unit=a.id, frm=a.at, to=frm, reason=f"{label(option)}: takes the hex")
    return shoves


def _out(u: Unit) -> bool:
    return u.destroyed or (u.body is not None and u.body.destroyed)


def _miss(run: _Run, option: PhysicalOption) -> None:
    """PHY-08 a missed kick: the attacker rolls; PHY-10 a missed charge: the attacker
    ends in the target's front-left or front-right hex; PHY-14 a missed DFA: it falls."""
    b = option.blow
    a, t = run.units[b.attacker], run.units[b.target]
    if b.kind == KICK:
        need = option.psrs.get("attacker_on_miss")
        if need is not None:
            run.rolls.append(_Roll(a.id, need.modifiers[-1], a.legs_destroyed))
    elif b.kind == CHARGE:
        _charge_miss(run, a, t)
    elif b.kind == DFA:
        run.dfa_miss = a.id


def _charge_miss(run: _Run, a: Unit, t: Unit) -> None:
    """PHY-10 (the defender chooses, choice): the attacker stays if it already stands in
    one of the two hexes; else the free one nearer to it; else it stays where it is."""
    spots = [neighbour(t.at, (t.facing + k) % 6) for k in (-1, 1)]
    if a.at in spots:
        return
    w = run.world()
    taken = {u.at for u in run.units.values() if u.id != a.id and not _out(u)}
    free = [h for h in spots if run.board.contains(h) and h not in taken
            and standable(w, h, a.kind)]  # fmt: skip
    if not free:
        return
    to = min(free, key=lambda h: (distance(a.at, h), h.col, h.row))
    run.units[a.id] = set_at(run.board, a, to)
    run.note("displaced", unit=a.id, frm=a.at, to=to, reason="missed charge (PHY-10)")


def _psrs(run: _Run) -> None:
    """Roll every PSR the blow caused, in order; failures fall afterwards (PSR-06)."""
    for r in run.rolls:
        u = run.units[r.unit]
        if not u.is_mech or u.prone or _out(u):
            continue
        mods = (*psr_base_modifiers(u, run.rules), r.why)
        auto = auto_fail_reason(u) or ("a leg was lost" if u.legs_destroyed > r.legs else None)
        tn = sum(m.value for m in mods)
        roll = None if auto else run.dice.roll2d6(f"{u.id}: {r.why.reason}", target=tn)
        ok = roll is not None and bool(roll.success)
        run.note("psr", unit=u.id, kind="physical", reason=r.why.reason,
                 target="auto-fail" if auto else tn,
                 modifiers=[{"value": m.value, "reason": m.reason} for m in mods], roll=roll,
                 success=ok)  # fmt: skip
        if not ok:
            run.falls.append((r, mods))


def _falls(run: _Run) -> None:
    """PSR-13..17: each failed roll is a fall in the unit's hex (a displaced unit falls the
    levels it was moved down); a missed DFA falls as from 2 levels on its back (PHY-14)."""
    for r, mods in run.falls:
        u = run.units[r.unit]
        if u.prone or _out(u):
            continue
        levels, water = 0, False
        if r.frm is not None and r.frm != u.at:
            b = run.board
            drop = int(b.level[r.frm.row, r.frm.col]) - int(b.level[u.at.row, u.at.col])
            levels, water = max(drop, 0), int(b.water[u.at.row, u.at.col]) >= 1
        fell, _ = fall(u, u.at, levels, water, mods, run.dice, None, r.why.reason, run.rules)
        run.units[u.id] = fell.unit
        run.note("unit_falls", unit=u.id, events=fell.events)
    if run.dfa_miss is not None:
        _dfa_miss_fall(run, run.units[run.dfa_miss])


def _dfa_miss_fall(run: _Run, u: Unit) -> None:
    """PHY-14: the attacker falls as from 2 levels in the hex beside the target it counts
    as standing in (the defender's choice, choice: that hex), landing on its back: the
    damage on the rear column, no facing roll; then the MechWarrior's roll (PSR-17)."""
    if _out(u):
        return
    was_unconscious, was_immobile = u.damage.unconscious, u.immobile
    down = replace(u, prone=True)
    dmg = dfa_miss_damage(u)
    out = UnitOutcome(down, (event("fall", None, cause="missed death from above", at=u.at,
                               levels=DFA_FALL_LEVELS, into_water=False, facing=u.facing,
                               side="rear", damage=dmg),))  # fmt: skip
    if down.body is not None:
        out = out.then(apply_damage_groups(down, run.dice, "rear", dmg, None,
                                           "missed death from above", run.rules))  # fmt: skip
    if not out.destroyed:
        base = psr_base_modifiers(u, run.rules)
        out = out.then(pilot_roll(out.unit, base, DFA_FALL_LEVELS, run.dice, None,
                                  was_unconscious, was_immobile))  # fmt: skip
    run.units[u.id] = out.unit
    run.note("unit_falls", unit=u.id, events=out.events)


def end_of(u: Unit, board: Board) -> dict[str, Any]:
    return {"at": board.hex_name(u.at), "facing": u.facing, "prone": u.prone}
