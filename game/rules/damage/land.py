"""The one place damage lands on a unit: :func:`land` takes a :class:`DamageRecord` (where
it lands, how many points, what dealt it) and writes the unit's armour, structure or
troopers.

Every rule that deals damage builds a record and calls :func:`land`, each group on its own
(the groups are the caller's: 5-point groups for falls, charges, DFAs and collisions,
PSR-16 / ``damage_groups``; a cluster's groups, CMB-25): weapon attacks
(game.rules.combat.resolve), ammunition explosions (game.rules.combat.criticals, HEAT-09 /
CMB-36; a combat vehicle's ammunition critical, game.rules.damage.vehicle_crits, CMB-48),
physical attacks (game.rules.physical.strike, .resolve), falls
(game.rules.piloting.falls), skids, charges and collisions (game.rules.piloting.collide),
and, through :mod:`.hull` and :mod:`.platoon_hurt`, collapses, bridges, deaths from above
and crashes. A location blown off whole by a critical hit (a Mech's head or limb, CMB-30;
a vehicle's turret, CMB-48) is :func:`sever`.
Nothing outside this package writes armour or structure (tests/test_architecture.py);
the arithmetic itself is the body records' (game.units.mech.apply_hit CMB-28/29/37,
game.units.vehicle.apply_vehicle_hit, game.units.platoon.Platoon.lose CMB-41).

Whatever a record's points take off a unit also counts as its damage this phase (PSR-08),
unless the record says it is not ``tallied``: only a combat vehicle's ammunition critical,
which has never counted there (the tally is PSR-08's 20+ count, which only a Mech rolls
on; a vehicle's tally is shown, never used, and the referee's answers show it unchanged).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.units.mech import HEAD, HitResult, Location, apply_hit
from game.units.unit import Unit
from game.units.vehicle import apply_vehicle_hit

# What dealt the damage (DamageRecord.source). An explosion goes into the internal
# structure, the armour skipped (HEAT-09, CMB-36); every other source hits armour first.
WEAPON = "weapon"  # CMB-23..31
PHYSICAL = "physical"  # PHY-05..17
FALL = "fall"  # PSR-16, MOV-27, MOV-32
COLLISION = "collision"  # PSR-33 accidental charges, PSR-39 skids into units
EXPLOSION = "explosion"  # HEAT-09, CMB-36
SOURCES = (WEAPON, PHYSICAL, FALL, COLLISION, EXPLOSION)


@dataclass(frozen=True, slots=True)
class DamageRecord:
    """One group of damage on one location: ``location`` (a Mech's or vehicle's location
    code; a platoon has one, ignored), ``points``, what dealt it (``source``: one of
    :data:`SOURCES`), rear armour (``rear``: torsos only), the roll that chose the location
    (kept in the result, CMB-27), for a platoon whether it stands in the open (CMB-40:
    the points doubled; a platoon's points are already converted, CMB-39), and whether
    the points taken count as the phase's damage (``tallied``, PSR-08; see the module
    docstring for the one record that does not)."""

    location: str
    points: int
    source: str
    rear: bool = False
    roll: int | None = None
    open_ground: bool = False
    tallied: bool = True

    def __post_init__(self) -> None:
        assert self.source in SOURCES, f"unknown damage source {self.source!r}"

    @property
    def internal(self) -> bool:
        """HEAT-09 / CMB-36: an explosion skips the armour all the way."""
        return self.source == EXPLOSION


@dataclass(frozen=True, slots=True)
class PlatoonHit:
    """What one hit did to a platoon: the damage before CMB-40, doubled or not, the points
    that reached it and its troopers before and after (CMB-41)."""

    converted: int
    doubled: bool
    troopers_before: int
    troopers_after: int

    @property
    def damage(self) -> int:
        """The points that reach the platoon (CMB-40 applied)."""
        return self.converted * (2 if self.doubled else 1)

    @property
    def killed(self) -> int:
        return self.troopers_before - self.troopers_after

    def to_json(self) -> dict[str, Any]:
        return {"converted": self.converted, "in_open": self.doubled, "damage": self.damage,
                "troopers_before": self.troopers_before,
                "troopers_after": self.troopers_after}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Landed:
    """The unit after a damage record landed and what it did: a Mech's or vehicle's ``hit``, or a
    platoon's ``troopers``."""

    unit: Unit
    hit: HitResult | None = None
    troopers: PlatoonHit | None = None

    @property
    def result(self) -> HitResult:
        """The hit on a body or hull (a record on a platoon has none)."""
        assert self.hit is not None, f"{self.unit.id} is a platoon: no body hit"
        return self.hit

    @property
    def platoon(self) -> PlatoonHit:
        """The hit on a platoon's troopers (a record on a body or hull has none)."""
        assert self.troopers is not None, f"{self.unit.id} is not an infantry platoon"
        return self.troopers


def land(unit: Unit, rec: DamageRecord) -> Landed:
    """``rec`` on ``unit``: a platoon's troopers (CMB-40/41), a vehicle's hull (armour,
    then structure) or a Mech's body (armour, structure, inward: CMB-28/29); the points
    taken added to the phase's damage (PSR-08)."""
    if unit.platoon is not None:
        return _on_platoon(unit, rec)
    if unit.hull is not None:
        hull, res = apply_vehicle_hit(unit.hull, rec.location, rec.points, rec.roll,
                                      internal=rec.internal)  # fmt: skip
        return Landed(_add_phase(replace(unit, hull=hull), rec, res.absorbed), res)
    assert unit.body is not None, f"{unit.id} has no body, hull or troopers to damage"
    body, res = apply_hit(unit.body, rec.location, rec.points, rec.rear, rec.roll,
                          internal=rec.internal)  # fmt: skip
    return Landed(_add_phase(replace(unit, body=body), rec, res.absorbed), res)


def _on_platoon(unit: Unit, rec: DamageRecord) -> Landed:
    """CMB-40/41: the points (already converted), doubled in the open, one trooper each."""
    p = unit.platoon
    assert p is not None
    hit = PlatoonHit(rec.points, rec.open_ground, p.troopers, 0)
    after = p.lose(hit.damage)
    hit = replace(hit, troopers_after=after.troopers)
    return Landed(_add_phase(replace(unit, platoon=after), rec, hit.killed), troopers=hit)


def sever(unit: Unit, code: str) -> tuple[Unit, int]:
    """CMB-30: a critical hit blows ``code`` (the head or a limb) off whole: the location
    destroyed, its armour and structure gone (not the phase's damage: no points landed);
    the head takes the Mech with it. A vehicle's turret blown off (CMB-48) goes the same
    way and leaves the vehicle alive. Returns the unit and what went with the location."""
    if unit.hull is not None:
        tu = unit.hull[code]
        hull = unit.hull.with_location(code, Location(0, 0, 0, True))
        return replace(unit, hull=hull), tu.armour + tu.rear + tu.structure
    body = unit.body
    assert body is not None
    loc = body[code]
    lost = loc.armour + loc.rear + loc.structure
    body = body.with_location(code, Location(0, 0, 0, True))
    if code == HEAD:
        body = replace(body, destroyed=True)
    return replace(unit, body=body), lost


def _add_phase(u: Unit, rec: DamageRecord, points: int) -> Unit:
    if not rec.tallied:
        return u
    return replace(u, damage=replace(u.damage, phase_damage=u.damage.phase_damage + points))
