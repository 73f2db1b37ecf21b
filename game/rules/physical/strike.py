"""Damage from a physical attack landing on a unit (PHY-05, PHY-09, CMB-27..31, PSR-19/20).

One blow's damage, in one hit (punch, kick, club) or in 5-point groups (charge, DFA), each
located on its table: the 1D6 punch or kick table or the 2D6 normal table (a vehicle: its
own 2D6 table). Dice order as for weapons: every location roll, then the critical checks
(CMB-30, one per location whose structure was hurt), then the MechWarrior's consciousness
rolls for head hits (PSR-19/20). Shared by the physical attacks and by accidental falls
from above (PHY-17 treats a hit as a DFA, game.rules.piloting.fromabove).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.dice import Dice
from game.core.options import TW, Rules
from game.rules.damage.hull import hull_hits
from game.rules.damage.land import PHYSICAL, DamageRecord, land
from game.rules.piloting.falls import RulesEvent, event
from game.units.hittables import hit_location, kick_location, punch_location
from game.units.locations import HEAD
from game.units.mech import damage_groups
from game.units.unit import Unit

from ..combat.criticals import critical_check, destroyed_reason, struck_structure
from ..combat.resolve import Group, pilot_rolls


@dataclass(frozen=True, slots=True)
class Struck:
    """What the damage did: the unit after, its groups and every event, in order."""

    unit: Unit
    groups: tuple[Group, ...]
    events: tuple[RulesEvent, ...]


def locate(table: str, side: str, quad: bool, dice: Dice, rules: Rules,
           who: str) -> tuple[str, bool, int]:  # fmt: skip
    """(location, rear armour?, roll) on the punch (1D6), kick (1D6) or normal (2D6) table."""
    if table == "punch":
        face = dice.d6(f"hit location (punch table, {who})")
        code, rear = punch_location(side, face, quad)
        return code, rear, face
    if table == "kick":
        face = dice.d6(f"hit location (kick table, {who})")
        return kick_location(side, face, quad), False, face
    roll = dice.roll2d6(f"hit location ({who})")
    code, rear = hit_location(side, roll.total, quad, rules)
    return code, rear, roll.total


def strike(unit: Unit, total: int, table: str, side: str, dice: Dice, *, by: str, cause: str,
           grouped: bool, rules: Rules = TW) -> Struck:  # fmt: skip
    """``total`` damage on ``unit`` from ``side``: one hit, or 5-point groups if
    ``grouped``; ``by`` names the attacker in the events, ``cause`` the attack."""
    sizes = damage_groups(total) if grouped else ((total,) if total > 0 else ())
    if unit.hull is not None:
        return _vehicle(unit, sizes, side, dice, by, cause)
    if unit.body is None:
        return Struck(unit, (), ())
    before = unit
    groups: list[Group] = []
    events: list[RulesEvent] = []
    checks: list[str] = []
    hurt: list[tuple[str, int]] = []
    for size in sizes:
        body = unit.body
        assert body is not None
        if body.destroyed:
            break
        code, rear, roll = locate(table, side, body.quad, dice, rules, unit.id)
        landed = land(unit, DamageRecord(code, size, PHYSICAL, rear, roll))
        unit, res = landed.unit, landed.result
        body = unit.body
        assert body is not None
        g = Group(code, rear, size, roll)
        groups.append(g)
        events.append(event("damage", None, attacker=by, target=unit.id, weapon=cause,
                            side=side, group=g, hit=res))  # fmt: skip
        new = [c for c in struck_structure(res) if c not in checks]
        two = table == "normal" and roll == 2 and not body[res.location].destroyed
        if two and res.location not in new + checks:
            new.append(res.location)  # CMB-27: a 2 may be a critical hit
        checks += new
        if code == HEAD:
            hurt.append(("head hit", 1))  # PSR-19
    for code in checks:
        unit, evs, extra = critical_check(unit, code, dice, by)
        events += evs
        if extra:
            hurt.append(("ammunition explosion", extra))
    unit, pilot_events = pilot_rolls(unit, hurt, dice)
    events += pilot_events
    if unit.destroyed and not before.destroyed:
        events.append(event("destroyed", None, unit=unit.id, cause=destroyed_reason(unit)))
    return Struck(unit, tuple(groups), tuple(events))


def _vehicle(unit: Unit, sizes: tuple[int, ...], side: str, dice: Dice, by: str,
             cause: str) -> Struck:  # fmt: skip
    """A vehicle: each group on its own 2D6 table (CMB-27 for vehicles), motive rolls."""
    unit, hits = hull_hits(unit, sizes, side, dice, PHYSICAL)
    groups: list[Group] = []
    events: list[RulesEvent] = []
    for h in hits:
        g = Group(h.hit.location, False, h.size, h.roll)
        groups.append(g)
        events.append(event("damage", None, attacker=by, target=unit.id, weapon=cause,
                            side=side, group=g, hit=h.hit))  # fmt: skip
        events += h.critical  # CMB-46
        if h.motive is not None:
            m = h.motive  # PSR-27
            events.append(event("critical", None, unit=unit.id, location="motive system",
                                roll=m.roll.total, modifier=m.modifier,
                                effect=m.effect))  # fmt: skip
    if unit.destroyed:
        events.append(event("destroyed", None, unit=unit.id, cause="vehicle destroyed"))
    return Struck(unit, tuple(groups), tuple(events))


def jsonable_groups(groups: tuple[Group, ...]) -> list[dict[str, Any]]:
    return [g.to_json() for g in groups]
