"""A Mech's body: armour and internal structure per location, and damage to it.

Falls, skids and collisions (piloting) and later weapon and physical attacks (combat) all
hurt a Mech the same way, so the body lives here, apart from both. Everything is frozen:
:func:`apply_hit` returns a new body and a :class:`HitResult` that says exactly where each
point went (armour, structure, transfers, destroyed locations), so the UI can animate it
and a test can account for every point (CMB-28, CMB-29, CMB-37).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from game.core.dice import Dice, Roll
from game.core.options import TW, Rules
from game.units.critslots import NO_CRITS, CritCounts, Gear, count_crits, default_gear
from game.units.hittables import (  # noqa: F401  (re-exported: the tables moved, callers did not)
    HIT_TABLE,
    PUNCH_TABLE,
    SIDES,
    hit_location,
    kick_location,
    punch_location,
)
from game.units.locations import (  # noqa: F401  (re-exported)
    BIPED_LOCATIONS,
    CT,
    DEPENDENTS,
    FLL,
    FRL,
    HEAD,
    LA,
    LL,
    LOCATION_NAMES,
    LT,
    QUAD_LOCATIONS,
    QUAD_NAMES,
    RA,
    RL,
    RLL,
    RRL,
    RT,
    TORSOS,
    TRANSFER,
)

# Standard internal structure by tonnage (TW): centre torso, side torso, arm, leg.
# The head always has 3. A quad's four legs all use the leg value.
INTERNAL_STRUCTURE: dict[int, tuple[int, int, int, int]] = {
    20: (6, 5, 3, 4),
    25: (8, 6, 4, 6),
    30: (10, 7, 5, 7),
    35: (11, 8, 6, 8),
    40: (12, 10, 6, 10),
    45: (14, 11, 7, 11),
    50: (16, 12, 8, 12),
    55: (18, 13, 9, 13),
    60: (20, 14, 10, 14),
    65: (21, 15, 10, 15),
    70: (22, 15, 11, 15),
    75: (23, 16, 12, 16),
    80: (25, 17, 13, 17),
    85: (27, 18, 14, 18),
    90: (29, 19, 15, 19),
    95: (30, 20, 16, 20),
    100: (31, 21, 17, 21),
}
HEAD_STRUCTURE = 3
HEAD_MAX_ARMOUR = 9
DEFAULT_ARMOUR_FRACTION = 0.8  # of maximum armour, when no record sheet is given
REAR_SHARE = 5  # a torso's default rear armour is 1/REAR_SHARE of its allocation


def structure_for(tons: int) -> tuple[int, int, int, int]:
    """(CT, side torso, arm, leg) structure; tonnage clamped to 20..100, rounded down to 5."""
    t = min(max(int(tons), 20), 100)
    return INTERNAL_STRUCTURE[t - t % 5]


@dataclass(frozen=True, slots=True)
class Location:
    """One body location; ``rear`` is rear armour (torsos only, else 0)."""

    armour: int
    structure: int
    rear: int = 0
    destroyed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "armour": self.armour,
            "rear": self.rear,
            "structure": self.structure,
            "destroyed": self.destroyed,
        }


@dataclass(frozen=True, slots=True)
class LocationDamage:
    """Damage one location absorbed from a hit; ``transferred_from`` set if it moved inward."""

    location: str
    rear: bool
    armour: int
    structure: int
    destroyed: bool
    transferred_from: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "location": self.location,
            "name": LOCATION_NAMES[self.location],
            "rear": self.rear,
            "armour": self.armour,
            "structure": self.structure,
            "destroyed": self.destroyed,
            "transferred_from": self.transferred_from,
        }


@dataclass(frozen=True, slots=True)
class HitResult:
    """What one damage group did.

    Accounting: ``damage == sum(armour + structure over parts) + lost``; ``lost`` is only
    ever non-zero once the Mech is destroyed. ``collateral`` lists locations destroyed with
    their side torso (CMB-28) and the armour + structure that went with them.
    """

    location: str
    rear: bool
    damage: int
    parts: tuple[LocationDamage, ...]
    destroyed: tuple[str, ...]
    collateral: tuple[tuple[str, int], ...] = ()
    mech_destroyed: bool = False
    lost: int = 0
    roll: int | None = None  # the 2D6 that chose the location (2 = critical chance, CMB-27)

    @property
    def absorbed(self) -> int:
        return sum(p.armour + p.structure for p in self.parts)

    @property
    def structure_damaged(self) -> bool:
        return any(p.structure for p in self.parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "location": self.location,
            "name": LOCATION_NAMES[self.location],
            "rear": self.rear,
            "damage": self.damage,
            "roll": self.roll,
            "parts": [p.to_json() for p in self.parts],
            "destroyed": list(self.destroyed),
            "collateral": [{"location": c, "lost": v} for c, v in self.collateral],
            "mech_destroyed": self.mech_destroyed,
            "lost": self.lost,
        }


@dataclass(frozen=True, slots=True)
class MechBody:
    """Everything done to a Mech's body, in one record: armour and structure per location
    (in the order of :attr:`codes`), the critical slots hit (``hits``: one bitmask per
    location over ``gear.layout``), shots left per ammunition bin (``ammo``) and engine
    heat sinks destroyed (``sinks_lost``: only a scenario's ``damage.heat_sinks`` beyond the
    slot sinks writes it; criticals cannot reach them).

    ``gear`` is the Mech as built (weapons, bins, layout; game.units.critslots); None means the
    default layout. ``crits`` adds the hits up (gyro, hips, engine, ...); it is derived on
    construction, never written.
    """

    tons: int
    quad: bool
    locations: tuple[Location, ...]
    destroyed: bool = False
    gear: Gear | None = None
    hits: tuple[int, ...] = ()
    ammo: tuple[int, ...] = ()
    sinks_lost: int = 0
    crits: CritCounts = field(init=False, compare=False, repr=False, default=NO_CRITS)

    def __post_init__(self) -> None:
        gear = self.gear if self.gear is not None else default_gear(self.quad)
        set_ = object.__setattr__
        set_(self, "gear", gear)
        if not self.hits:
            set_(self, "hits", (0,) * len(self.locations))
        if not self.ammo:
            set_(self, "ammo", tuple(b.shots for b in gear.bins))
        lost = tuple(loc.destroyed for loc in self.locations)
        set_(self, "crits", count_crits(gear.layout, self.hits, self.codes, lost))

    @property
    def built(self) -> Gear:
        assert self.gear is not None  # set in __post_init__
        return self.gear

    def hit(self, code: str, slot: int) -> bool:
        return bool(self.hits[self.codes.index(code)] >> slot & 1)

    def with_hit(self, code: str, slot: int) -> MechBody:
        i = self.codes.index(code)
        hits = self.hits[:i] + (self.hits[i] | 1 << slot,) + self.hits[i + 1 :]
        return replace(self, hits=hits)

    def with_ammo(self, index: int, shots: int) -> MechBody:
        return replace(self, ammo=self.ammo[:index] + (max(shots, 0),) + self.ammo[index + 1 :])

    def weapon_destroyed(self, index: int) -> bool:
        """CMB-28/36: a weapon is gone once a slot of it is hit or its location is lost."""
        return index in self.crits.weapons or self[self.built.weapons[index].location].destroyed

    def bin_live(self, index: int) -> bool:
        """An ammunition bin that still feeds its weapon (shots left, location intact)."""
        return self.ammo[index] > 0 and not self[self.built.bins[index].location].destroyed

    def working_sinks(self) -> int:
        """HEAT-03: heat sinks as built less those destroyed or lost with their location."""
        g = self.built
        return max(g.heat_sinks - self.crits.heat_sinks - self.sinks_lost, 0)

    def working_sinks_in_legs(self) -> int:
        legs = [self.codes.index(c) for c in self.legs]
        built = sum(1 for i in legs for s in self.built.layout[i] if s and s.item == "Heat Sink")
        return max(built - self.crits.sinks_in_legs_lost, 0)

    @property
    def codes(self) -> tuple[str, ...]:
        return QUAD_LOCATIONS if self.quad else BIPED_LOCATIONS

    @property
    def legs(self) -> tuple[str, ...]:
        return (FLL, FRL, RLL, RRL) if self.quad else (LL, RL)

    @property
    def legs_destroyed(self) -> int:
        return sum(self[c].destroyed for c in self.legs)

    def __getitem__(self, code: str) -> Location:
        return self.locations[self.codes.index(code)]

    def with_location(self, code: str, loc: Location) -> MechBody:
        i = self.codes.index(code)
        return replace(self, locations=self.locations[:i] + (loc,) + self.locations[i + 1 :])

    def total_armour(self) -> int:
        return sum(loc.armour + loc.rear for loc in self.locations)

    def total_structure(self) -> int:
        return sum(loc.structure for loc in self.locations)

    def to_json(self) -> dict[str, Any]:
        return {
            "tons": self.tons,
            "quad": self.quad,
            "destroyed": self.destroyed,
            "locations": {c: self[c].to_json() for c in self.codes},
        }


def max_structure(tons: int, quad: bool) -> dict[str, int]:
    ct, side, arm, leg = structure_for(tons)
    out = {HEAD: HEAD_STRUCTURE, CT: ct, LT: side, RT: side}
    limbs = (FLL, FRL, RLL, RRL) if quad else (LA, RA, LL, RL)
    for code in limbs:
        out[code] = leg if quad or code in (LL, RL) else arm
    return out


def max_armour(tons: int, quad: bool) -> dict[str, int]:
    """Maximum armour: twice the structure (torsos: front + rear together), head 9."""
    structure = max_structure(tons, quad)
    return {c: HEAD_MAX_ARMOUR if c == HEAD else 2 * s for c, s in structure.items()}


def standard_body(
    tons: int,
    quad: bool = False,
    fraction: float = DEFAULT_ARMOUR_FRACTION,
    legs_destroyed: int = 0,
    gear: Gear | None = None,
) -> MechBody:
    """A body with no record sheet: ``fraction`` of max armour (rounded down) everywhere,
    a fifth of each torso's share on its rear; ``legs_destroyed`` legs already gone;
    ``gear`` as built (default: the standard layout, game.units.critslots)."""
    structure = max_structure(tons, quad)
    armour = max_armour(tons, quad)
    locs = []
    for code in QUAD_LOCATIONS if quad else BIPED_LOCATIONS:
        total = math.floor(armour[code] * fraction)
        rear = total // REAR_SHARE if code in TORSOS else 0
        locs.append(Location(total - rear, structure[code], rear))
    body = MechBody(int(tons), quad, tuple(locs), gear=gear)
    return with_legs_destroyed(body, legs_destroyed)


def with_legs_destroyed(body: MechBody, legs: int) -> MechBody:
    """The body with its first ``legs`` legs destroyed (a scenario's `legs_destroyed`)."""
    for code in body.legs[: max(legs, 0)]:
        body = body.with_location(code, Location(0, 0, 0, True))
    return body


def body_from_record(
    tons: int,
    quad: bool,
    armour: dict[str, int],
    rear: dict[str, int] | None = None,
    gear: Gear | None = None,
) -> MechBody:
    """A body from a record sheet's armour values (structure from the tonnage table)."""
    structure = max_structure(tons, quad)
    rear = rear or {}
    codes = QUAD_LOCATIONS if quad else BIPED_LOCATIONS
    locs = tuple(Location(armour.get(c, 0), structure[c], rear.get(c, 0)) for c in codes)
    return MechBody(int(tons), quad, locs, gear=gear)


def damage_groups(total: int, size: int = 5) -> tuple[int, ...]:
    """Damage in groups of ``size``; the remainder forms a last, smaller group (PSR-16)."""
    if total <= 0:
        return ()
    return (size,) * (total // size) + ((total % size,) if total % size else ())


def apply_hit(
    body: MechBody,
    location: str,
    damage: int,
    rear: bool = False,
    roll: int | None = None,
    internal: bool = False,
) -> tuple[MechBody, HitResult]:
    """One hit: armour (rear armour for rear hits on torsos), then structure, then inward.

    CMB-28: structure at 0 destroys the location; a side torso takes its arm (a quad's
    front leg) with it; head or centre torso destroys the Mech (CMB-37).
    CMB-29: a hit on a missing location, and damage beyond a location's structure, move
    inward (arm/leg -> side torso -> centre torso), keeping the rear flag for torsos.
    ``internal`` (HEAT-09 ammunition explosions): the armour is skipped all the way.
    """
    remaining = max(int(damage), 0)
    code, source = location, None
    parts: list[LocationDamage] = []
    destroyed: list[str] = []
    collateral: list[tuple[str, int]] = []
    while remaining > 0 and not body.destroyed:
        loc = body[code]
        if loc.destroyed:
            nxt = TRANSFER.get(code)
            if nxt is None:  # head / CT already gone: the Mech is destroyed
                break
            code, source = nxt, code
            continue
        use_rear = rear and code in TORSOS
        a = 0 if internal else min(remaining, loc.rear if use_rear else loc.armour)
        s = min(remaining - a, loc.structure)
        remaining -= a + s
        gone = loc.structure - s == 0
        new = replace(
            loc,
            armour=loc.armour - (0 if use_rear else a),
            rear=loc.rear - (a if use_rear else 0),
            structure=loc.structure - s,
            destroyed=gone,
        )
        body = body.with_location(code, new)
        parts.append(LocationDamage(code, use_rear, a, s, gone, source))
        if gone:
            destroyed.append(code)
            dep = DEPENDENTS.get((body.quad, code))
            if dep is not None and not body[dep].destroyed:  # CMB-28
                d = body[dep]
                collateral.append((dep, d.armour + d.rear + d.structure))
                body = body.with_location(dep, Location(0, 0, 0, True))
                destroyed.append(dep)
            if code in (HEAD, CT):  # CMB-37
                body = replace(body, destroyed=True)
                break
            nxt = TRANSFER[code]
            code, source = nxt, code
    lost = remaining if body.destroyed else 0
    result = HitResult(
        location,
        rear,
        int(damage),
        tuple(parts),
        tuple(destroyed),
        tuple(collateral),
        body.destroyed,
        lost,
        roll,
    )
    return body, result


def apply_groups(
    body: MechBody,
    dice: Dice,
    side: str,
    groups: Iterable[int],
    reason: str,
    rules: Rules = TW,
) -> tuple[MechBody, tuple[HitResult, ...], tuple[Roll, ...]]:
    """Roll a hit location (CMB-27) for each group on ``side`` and apply it.

    Stops once the Mech is destroyed (nothing further is rolled, PSR-31).
    """
    results: list[HitResult] = []
    rolls: list[Roll] = []
    for g in groups:
        if body.destroyed:
            break
        roll = dice.roll2d6(f"hit location ({reason})")
        rolls.append(roll)
        code, rear = hit_location(side, roll.total, body.quad, rules)
        body, res = apply_hit(body, code, g, rear, roll.total)
        results.append(res)
    return body, tuple(results), tuple(rolls)
