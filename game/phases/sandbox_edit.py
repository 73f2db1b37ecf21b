"""The sandbox's editor actions on one unit (issue 13): skills, heat, pilot and reactor
state, armour and structure per location, critical slots, weapons and ammunition.

The editor sets states, not effects: marking a slot hit does not roll or explode
anything; it is the body as if that hit had happened. What the scenario format cannot
write back (a hit on an ammunition slot, a cockpit hit) is refused with the way to say
it instead, so a sandbox always saves as a scenario that reads back to the same rules
(game.phases.sandbox_game.scenario_json). Handlers are the sandbox phase's (game.phases.sandbox).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from game.core.actions import Action, Event
from game.designs.roster import RosterError, built_hull, check_skill
from game.units.critslots import COCKPIT
from game.units.locations import CT, DEPENDENTS, HEAD, LOCATION_NAMES, TORSOS
from game.units.mech import Location, MechBody, max_structure
from game.units.unit import Unit
from game.units.vehicle import VehicleBody

from ..core.phase import Applying

SKILLS = ("piloting", "gunnery")
NUMBERS = {"piloting": (0, 8), "gunnery": (0, 8), "heat": (0, 30), "pilot_hits": (0, 6)}
FLAGS = ("shutdown", "unconscious")  # the reactor shut down (HEAT-08), the pilot out (PSR-20)
UNIT_FIELDS = tuple(NUMBERS) + FLAGS


@dataclass(frozen=True, slots=True)
class EditUnit(Action):
    """Sandbox: set a number on the unit: piloting, gunnery, heat, pilot_hits (6 kills the
    MechWarrior, PSR-19), or a flag as 0/1: shutdown, unconscious."""

    doing: ClassVar[str] = "units are edited"
    unit_id: str
    field: str
    value: int


@dataclass(frozen=True, slots=True)
class EditLocation(Action):
    """Sandbox: set a location's front armour, rear armour and structure (0 structure
    destroys it; a side torso takes its arm with it, CMB-28)."""

    doing: ClassVar[str] = "armour is edited"
    unit_id: str
    location: str
    armour: int
    rear: int
    structure: int


@dataclass(frozen=True, slots=True)
class EditCrit(Action):
    """Sandbox: mark critical slot ``slot`` (0-based) of a Mech's location hit or not."""

    doing: ClassVar[str] = "critical slots are edited"
    unit_id: str
    location: str
    slot: int
    hit: bool = True


@dataclass(frozen=True, slots=True)
class EditAmmo(Action):
    """Sandbox: set the shots left in ammunition bin ``bin`` (0-based, the unit's order)."""

    doing: ClassVar[str] = "ammunition is edited"
    unit_id: str
    bin: int
    shots: int


@dataclass(frozen=True, slots=True)
class EditWeapon(Action):
    """Sandbox: a vehicle's weapon destroyed or repaired (Mechs: mark its slots, EditCrit)."""

    doing: ClassVar[str] = "weapons are edited"
    unit_id: str
    index: int
    destroyed: bool = True


def find_unit(step: Applying, unit_id: str) -> Unit | str:
    u = step.state.unit(unit_id)
    return u if u is not None else f"there is no unit {unit_id!r}"


def put_unit(step: Applying, unit: Unit) -> None:
    s = step.state
    step.state = replace(s, units=tuple(unit if u.id == unit.id else u for u in s.units))


def edit_unit(step: Applying, a: Action) -> str | None:
    assert isinstance(a, EditUnit)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    if a.field not in UNIT_FIELDS:
        return f"{a.field!r} is not one of {', '.join(UNIT_FIELDS)}"
    lo, hi = NUMBERS.get(a.field, (0, 1))
    if a.field in SKILLS:
        try:
            check_skill(a.field, a.value)
        except RosterError as e:
            return str(e)
    if not lo <= a.value <= hi:
        return f"{a.field} must be {lo}..{hi}, not {a.value}"
    if a.field in ("piloting", "gunnery", "heat"):
        u = replace(u, **{a.field: a.value})
    else:  # the pilot's and the reactor's state (game.units.unit.Damage)
        d = u.damage
        value = bool(a.value) if a.field in FLAGS else a.value
        d = replace(d, **{a.field: value})
        if a.field == "pilot_hits" and a.value >= 6:
            d = replace(d, unconscious=True)  # PSR-19: the sixth hit kills
        u = replace(u, damage=d)
    put_unit(step, u)
    step.emit(Event("edited", f"{u.id}: {a.field.replace('_', ' ')} {a.value}", u.id))
    return None


def edit_location(step: Applying, a: Action) -> str | None:
    assert isinstance(a, EditLocation)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    if u.hull is not None:
        return _edit_hull(step, u, u.hull, a)
    body = u.body
    if body is None or a.location not in body.codes:
        return f"{u.id} has no location {a.location!r}"
    full = max_structure(u.tons, u.kind == "quad")[a.location]
    if not (a.armour >= 0 and a.rear >= 0 and 0 <= a.structure <= full):
        return f"{a.location} takes armour >= 0 and structure 0..{full}"
    if a.rear and a.location not in TORSOS:
        return f"only torsos have rear armour, not {a.location}"
    loc = Location(a.armour if a.structure else 0, a.structure, a.rear if a.structure else 0,
                   a.structure == 0)  # fmt: skip
    body = body.with_location(a.location, loc)
    dep = DEPENDENTS.get((body.quad, a.location))
    if loc.destroyed and dep is not None:  # CMB-28: the side torso takes its arm
        body = body.with_location(dep, Location(0, 0, 0, True))
    body = _alive(body)
    put_unit(step, replace(u, body=body))
    text = f"{u.id} {a.location}: armour {loc.armour} (rear {loc.rear}), structure {loc.structure}"
    step.emit(Event("edited", text, u.id))
    return None


def _alive(body: MechBody) -> MechBody:
    """CMB-37: the Mech is destroyed exactly when its head or centre torso is."""
    return replace(body, destroyed=body[HEAD].destroyed or body[CT].destroyed)


def _edit_hull(step: Applying, u: Unit, hull: VehicleBody, a: EditLocation) -> str | None:
    if a.location not in hull.codes:
        return f"{u.id} has no location {a.location!r}"
    built = built_hull(u) or hull
    full = built[a.location].structure
    if a.rear:
        return f"a vehicle has no rear armour on its {LOCATION_NAMES[a.location]}"
    if not (a.armour >= 0 and 0 <= a.structure <= full):
        return f"{a.location} takes armour >= 0 and structure 0..{full}"
    loc = Location(a.armour if a.structure else 0, a.structure, 0, a.structure == 0)
    hull = hull.with_location(a.location, loc)
    hull = replace(hull, destroyed=any(x.destroyed for x in hull.locations))
    put_unit(step, replace(u, hull=hull))
    text = f"{u.id} {a.location}: armour {loc.armour}, structure {loc.structure}"
    step.emit(Event("edited", text, u.id))
    return None


def slot_refusal(body: MechBody, code: str, slot: int) -> str | None:
    """Why slot ``slot`` of ``code`` cannot be marked in the editor, or None."""
    if code not in body.codes:
        return f"there is no location {code!r}"
    row = body.built.layout[body.codes.index(code)]
    if not 0 <= slot < len(row):
        return f"{code} has slots 1..{len(row)}, not {slot + 1}"
    item = row[slot]
    if item is None:
        return f"slot {slot + 1} of the {LOCATION_NAMES[code]} is empty"
    if body[code].destroyed:
        return f"the {LOCATION_NAMES[code]} is destroyed: its slots went with it"
    if item.bin >= 0:
        return f"slot {slot + 1} holds {item.item}: set the bin's shots instead (0 = empty)"
    if item.item == COCKPIT:
        return "a cockpit hit kills the MechWarrior: set pilot hits to 6 instead"
    return None


def edit_crit(step: Applying, a: Action) -> str | None:
    assert isinstance(a, EditCrit)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    body = u.body
    if body is None:
        return f"{u.id} has no critical slots (vehicles: destroy a weapon instead)"
    why = slot_refusal(body, a.location, a.slot)
    if why is not None:
        return why
    i = body.codes.index(a.location)
    mask = body.hits[i] | 1 << a.slot if a.hit else body.hits[i] & ~(1 << a.slot)
    body = replace(body, hits=body.hits[:i] + (mask,) + body.hits[i + 1 :])
    put_unit(step, replace(u, body=body))
    item = body.built.layout[i][a.slot]
    assert item is not None
    state = "hit" if a.hit else "repaired"
    step.emit(Event("edited", f"{u.id} {a.location} slot {a.slot + 1} ({item.item}) {state}",
                    u.id))  # fmt: skip
    return None


def edit_ammo(step: Applying, a: Action) -> str | None:
    assert isinstance(a, EditAmmo)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    rec = u.body if u.body is not None else u.hull
    bins = u.body.built.bins if u.body is not None else (u.hull.bins if u.hull else ())
    if rec is None or not 0 <= a.bin < len(bins):
        return f"{u.id} has no ammunition bin {a.bin + 1}"
    b = bins[a.bin]
    if not 0 <= a.shots <= b.shots:
        return f"the {b.weapon} bin holds 0..{b.shots} shots, not {a.shots}"
    if u.body is not None:
        u = replace(u, body=u.body.with_ammo(a.bin, a.shots))
    elif u.hull is not None:
        u = replace(u, hull=u.hull.with_ammo(a.bin, a.shots))
    put_unit(step, u)
    step.emit(Event("edited", f"{u.id}: {b.weapon} ammunition ({b.location}) {a.shots} shots",
                    u.id))  # fmt: skip
    return None


def edit_weapon(step: Applying, a: Action) -> str | None:
    assert isinstance(a, EditWeapon)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    hull = u.hull
    if hull is None:
        return f"{u.id} is not a vehicle: mark a slot of the weapon hit instead"
    if not 0 <= a.index < len(hull.weapons):
        return f"{u.id} has no weapon {a.index + 1}"
    lost = hull.weapons_lost | {a.index} if a.destroyed else hull.weapons_lost - {a.index}
    put_unit(step, replace(u, hull=replace(hull, weapons_lost=frozenset(lost))))
    m = hull.weapons[a.index]
    state = "destroyed" if a.destroyed else "repaired"
    step.emit(Event("edited", f"{u.id}: {m.weapon} ({m.location}) {state}", u.id))
    return None


HANDLERS = {
    EditUnit: edit_unit,
    EditLocation: edit_location,
    EditCrit: edit_crit,
    EditAmmo: edit_ammo,
    EditWeapon: edit_weapon,
}
