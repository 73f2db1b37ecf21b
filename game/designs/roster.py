"""The built-in roster: the bundled designs (game.designs) a side picks its force from.

:func:`make_unit` turns a design into a :class:`~game.units.unit.Unit` with the player's pilot
skills and its body (armour and structure, game.units.mech); the unit records its design
(``Unit.design``), so everything else about it (weapons, heat sinks, slots) is looked up
there, never guessed from its name. Run/flank MP is never stored: it is derived as
``ceil(1.5 x walk)`` (MOV-04) like everywhere else.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace

from game.designs import Design, DesignError, catalog, design, designs, weapons_table
from game.designs.gear import design_gear
from game.hexgrid import Hex
from game.units.craft import Craft
from game.units.mech import MechBody, body_from_record, standard_body
from game.units.platoon import DEFAULT_TROOPERS, FOOT, JUMP, Platoon, platoon
from game.units.unit import AERO, INFANTRY, NEEDS_WATER, VEHICLE_KINDS, VESSELS, Unit
from game.units.vehicle import VehicleBody, vehicle_body

RosterError = DesignError  # an unknown design or bad pilot skills (the message says which)


class _Roster(Mapping[str, Design]):
    """The catalog, read on first use (a broken data file is then a DesignError sentence
    where it is asked for, not a traceback at import)."""

    def __getitem__(self, key: str) -> Design:
        return catalog()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(catalog())

    def __len__(self) -> int:
        return len(catalog())


ROSTER: Mapping[str, Design] = _Roster()
# Units not yet on the map stand here; deployment (game.rules.deploy) gives them a real hex.
OFF_BOARD = Hex(-1, -1)
# An aerospace unit enters the game at this velocity (a design choice: the seeds give no
# starting velocity; a scenario sets its own).
START_VELOCITY = 3


def entry(key: str) -> Design:
    """The design for a designation; an unknown key is a RosterError naming it."""
    return design(key)


def entries(kind: str | None = None) -> tuple[Design, ...]:
    """Every design in roster order (Mechs first, lightest first), optionally of one kind."""
    return designs(kind)


def roster_info(e: Design) -> tuple[str, ...]:
    """A roster entry's small print: tonnage, kind and MP; a platoon (MOV-33) its ground
    and jump MP, no facing, its troopers and rifle (CMB-41/42); a vessel (ADV-24) that it
    needs depth 1+ water in its side's zone to deploy."""
    if e.kind == INFANTRY:
        what = "jump platoon" if e.jump else "foot platoon"
        jumps = f", {e.jump} jump MP" if e.jump else ""
        troopers = e.troopers or DEFAULT_TROOPERS
        return (f"{e.tons} t {what}  {e.walk} ground MP{jumps}, no facing",
                f"{troopers} troopers with rifles (range 3 hexes)")  # fmt: skip
    jump = f" J{e.jump}" if e.jump else ""
    stats = f"{e.tons} t {e.kind}  W{e.walk} R{e.run}{jump}"
    return (stats, NEEDS_WATER) if e.kind in VESSELS else (stats,)


def check_skill(name: str, value: int) -> int:
    """Pilot skills run 0 (best) .. 8 (worst); anything else is a RosterError."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 8:
        raise RosterError(f"{name} skill must be a whole number 0..8, not {value!r}")
    return value


def make_unit(
    key: str,
    unit_id: str,
    side: str,
    piloting: int = 5,
    gunnery: int = 4,
    at: Hex = OFF_BOARD,
    facing: int = 0,
) -> Unit:
    """A fresh, undamaged unit of a roster design with the given pilot skills."""
    e = entry(key)
    return Unit(
        id=unit_id,
        side=side,
        kind=e.kind,
        tons=e.tons,
        walk=e.walk,
        at=at,
        facing=facing,
        jump=e.jump,
        piloting=check_skill("piloting", piloting),
        gunnery=check_skill("gunnery", gunnery),
        name=e.name,
        design=e.code,
        body=design_body(e) if e.kind in ("biped", "quad") else None,
        hull=design_hull(e) if e.kind in VEHICLE_KINDS else None,
        craft=design_craft(e) if e.kind == AERO else None,
        platoon=design_platoon(e) if e.kind == INFANTRY else None,
    )


def design_platoon(e: Design) -> Platoon:
    """A platoon as built: its troopers at full strength, foot or jump (MOV-33)."""
    return platoon(e.troopers or DEFAULT_TROOPERS, JUMP if e.jump else FOOT)


def design_craft(e: Design, velocity: int = START_VELOCITY) -> Craft:
    """An aerospace unit's flight record as built: full thrust, in control."""
    return Craft.built(e.safe_thrust, velocity=velocity, large=e.large_craft,
                       spheroid=e.shape == "spheroid")  # fmt: skip


def design_body(e: Design) -> MechBody:
    """A Mech's body as built: its published armour (else the default allocation), its
    weapons, ammunition and critical slots (game.designs.gear)."""
    quad = e.kind == "quad"
    gear = design_gear(e, weapons_table())
    if not e.armor:
        return standard_body(e.tons, quad=quad, gear=gear)
    return body_from_record(e.tons, quad, e.front_armor(), e.rear_armor(), gear=gear)


def design_hull(e: Design) -> VehicleBody:
    """A vehicle's body as built: its armour per location, turret, weapons and bins."""
    hull = vehicle_body(e.tons, e.kind, dict(e.armor) or None, e.turret, e.weapons, e.ammo)
    return replace(hull, engine=e.engine_type)


def body_for(key: str) -> MechBody:
    """The Mech body of a design (RosterError for a vehicle)."""
    e = entry(key)
    if e.kind not in ("biped", "quad"):
        raise RosterError(f"{e.name} is a vehicle and has no Mech body")
    return design_body(e)


def built_body(unit: Unit) -> MechBody | None:
    """A Mech's body as it was built, undamaged: its design's, else the default for its
    tonnage (the record sheet's full bars); None for units without a body."""
    if not unit.is_mech:
        return None
    if unit.design and unit.design in ROSTER and ROSTER[unit.design].tons == unit.tons:
        return design_body(ROSTER[unit.design])
    return standard_body(unit.tons, quad=unit.kind == "quad")


def built_hull(unit: Unit) -> VehicleBody | None:
    """A vehicle's body as it was built (its design's, else the default)."""
    if unit.kind not in VEHICLE_KINDS:
        return None
    if unit.design and unit.design in ROSTER and ROSTER[unit.design].tons == unit.tons:
        return design_hull(ROSTER[unit.design])
    return vehicle_body(unit.tons, unit.kind)
