"""Damage landing on a vehicle's hull, shared by weapons, physical attacks and moving into
things (standard TW values where the digest has a GAP, game.units.vehicle).

Each group is located with 2D6 on the vehicle hit location table from the side attacked
and marked on the hull (armour, then structure; a location gone destroys the vehicle); a
motive-system result (3, 4, 5, 9) makes a motive roll (PSR-27) at once. Kept apart from
game.rules.combat and game.rules.physical so that the movement rules (skids, falls,
collapses: game.rules.piloting.collide, bridges, fromabove) can use it without an import loop.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.dice import Dice, Roll
from game.rules.damage.land import COLLISION, DamageRecord, land
from game.rules.damage.vehicle_crits import vehicle_critical
from game.rules.piloting.falls import RulesEvent, UnitOutcome, event
from game.units.mech import HitResult, damage_groups
from game.units.unit import Unit
from game.units.vehicle import (
    MOTIVE_KIND,
    MOTIVE_SIDE,
    motive_effect,
    vehicle_location,
)


@dataclass(frozen=True, slots=True)
class Motive:
    """One motive roll (PSR-27): the 2D6, its modifier (side + kind) and the effect."""

    roll: Roll
    modifier: int
    effect: str


@dataclass(frozen=True, slots=True)
class HullHit:
    """One group on the hull: its size, location roll, what it did, the motive roll and
    the events of its critical roll (CMB-46)."""

    size: int
    roll: int
    hit: HitResult
    motive: Motive | None
    critical: tuple[RulesEvent, ...] = ()


def motive_hit(target: Unit, side: str, dice: Dice) -> tuple[Unit, Motive]:
    """PSR-27 (standard TW value): 2D6 + side (rear +1, side +2) + kind (wheeled +2,
    hover +3, WiGE +4); an effect other than none is kept on the hull."""
    hull = target.hull
    assert hull is not None
    roll = dice.roll2d6("motive system damage")
    mod = MOTIVE_SIDE[side] + MOTIVE_KIND.get(hull.kind, 0)
    effect = motive_effect(roll.total + mod)
    if effect != "none":
        hull = replace(hull, motive=hull.motive + (effect,))
    return replace(target, hull=hull), Motive(roll, mod, effect)


def hull_hits(unit: Unit, sizes: tuple[int, ...], side: str, dice: Dice,
              source: str) -> tuple[Unit, tuple[HullHit, ...]]:  # fmt: skip
    """Each group (``sizes``) on the hull from ``side``, the location roll labelled with the
    unit's id, landed as ``source`` (:func:`.land.land`: phase damage added, PSR-08); a
    critical roll (CMB-46) or a motive roll (PSR-27) follows its group."""
    hits: list[HullHit] = []
    for size in sizes:
        hull = unit.hull
        assert hull is not None
        if hull.destroyed:
            break
        roll = dice.roll2d6(f"hit location ({unit.id})")
        code, motive, crit = vehicle_location(side, roll.total, hull.has_turret)
        landed = land(unit, DamageRecord(code, size, source, roll=roll.total))
        unit, res = landed.unit, landed.result
        m = None
        crits: list[RulesEvent] = []
        if crit and not unit.destroyed:  # CMB-45/46: an automatic critical roll
            unit, crits = vehicle_critical(unit, code, dice)
        if motive and not unit.destroyed:
            unit, m = motive_hit(unit, side, dice)
        hits.append(HullHit(size, roll.total, res, m, tuple(crits)))
    return unit, tuple(hits)


def hurt_vehicle(unit: Unit, dmg: int, side: str, dice: Dice, step: int | None, cause: str,
                 source: str = COLLISION, **data: object) -> UnitOutcome:  # fmt: skip
    """Damage from moving into things on a vehicle's hull: an accidental charge (PSR-33),
    a fall (PSR-16, MOV-27 bridges), a collapse (MOV-32, PSR-32), death from above
    (PHY-13/17), in 5-point groups as a charge's (:func:`hull_hits`), landed as ``source``
    (a collision unless said: a fall, a blow from above). Events: one
    ``vehicle_damage`` (``groups``: the hits, ``data`` added), then each ``motive_damage``
    (PSR-27) and ``unit_destroyed``. A unit without a hull (a platoon: it loses troopers to
    combat only, CMB-39..41) only has the damage logged (``applied`` false)."""
    if unit.hull is None:
        ev = event("vehicle_damage", step, unit=unit.id, cause=cause, side=side, damage=dmg,
                   groups=damage_groups(dmg), applied=False, **data)  # fmt: skip
        return UnitOutcome(unit, (ev,))
    after, hits = hull_hits(unit, damage_groups(dmg), side, dice, source)
    events: list[RulesEvent] = [event("vehicle_damage", step, unit=unit.id, cause=cause, side=side,
                                 damage=dmg, groups=tuple(h.hit for h in hits), applied=True,
                                 **data)]  # fmt: skip
    for h in hits:
        events += h.critical
        if h.motive is not None:
            m = h.motive
            events.append(event("motive_damage", step, unit=unit.id, roll=m.roll,
                                modifier=m.modifier, total=m.roll.total + m.modifier,
                                effect=m.effect))  # fmt: skip
    if after.destroyed and not unit.destroyed:
        events.append(event("unit_destroyed", step, unit=unit.id,
                            cause=f"vehicle destroyed ({cause})"))  # fmt: skip
    return UnitOutcome(after, tuple(events))
