"""Damage in words: each group's hit location roll, the location, front or rear armour,
and what it did to armour and structure, following the body point by point (CMB-27..29,
PSR-16)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.piloting.falls import RulesEvent
from game.units.mech import LOCATION_NAMES, TORSOS, HitResult, Location
from game.units.vehicle import VehicleBody

from .words import Context, dice_text, is_location


def damage_text(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    groups = tuple(g for g in e.get("groups") or () if isinstance(g, HitResult))
    total, side = int(e.get("total") or 0), str(e.get("side"))
    head = f"{who} takes {total} damage from the {side} ({e.get('cause')})"
    if not groups:
        return head
    told = [group_text(n, who, g, i + 1, len(groups)) for i, g in enumerate(groups)]
    return head + ": " + "; ".join(told)


def group_text(n: Context, who: str, g: HitResult, index: int, count: int,
               rolled: bool = True) -> str:  # fmt: skip
    """One damage group: its location roll(s) (``rolled``: it had one), then what each
    location it reached lost, before -> after, following the body point by point."""
    lead = f"group {index} ({g.damage}) " if count > 1 else ""
    where = f"{lead}{_rolls_text(n, g)}" if rolled else lead
    parts = [_part(n, who, p, first=i == 0) for i, p in enumerate(g.parts)]
    body = n.bodies.get(who)
    for code, _ in g.collateral:
        parts.append(f"the {LOCATION_NAMES[code]} goes with it (destroyed)")
        if body is not None:
            body = body.with_location(code, Location(0, 0, 0, True))
    if body is not None:
        n.bodies[who] = replace(body, destroyed=body.destroyed or g.mech_destroyed)
    if g.lost:
        what = "vehicle" if isinstance(body, VehicleBody) else "Mech"
        parts.append(f"{g.lost} more are lost with the destroyed {what}")
    hit = _loc_name(g.location, g.rear)
    return f"{where}{hit}" + (": " + "; ".join(parts) if parts else "")


def _rolls_text(n: Context, g: HitResult) -> str:
    """'location roll 3+4 = 7 - ', or an aimed shot's roll (CMB-21) and the location roll
    after a miss; the group's own roll is the one whose total chose the location."""
    ahead = n.peek(is_location)
    last = next((i for i, r in enumerate(ahead) if r.total == g.roll), 0) if ahead else -1
    said = []
    for i in range(last + 1):
        r = n.location_roll()
        if r is None:
            break
        aimed = r.reason.startswith("aimed shot")
        what = "aimed shot roll" if aimed else "location roll"
        if i < last:
            said.append(f"{what} {dice_text(r)} misses" if aimed else
                        f"{what} {dice_text(r)} (a leg: rolled again)")  # fmt: skip
        else:
            said.append(f"{what} {dice_text(r)}")
    if not said:
        return f"location roll {g.roll} - " if g.roll is not None else ""
    return ", ".join(said) + " - "


def _part(n: Context, who: str, p: Any, first: bool) -> str:
    """'armour 26 -> 21, structure 16 untouched' for the location hit first; a location
    the damage moved on to (CMB-29) is named."""
    name = (
        "" if first and not p.transferred_from else f"on to the {_loc_name(p.location, p.rear)}: "
    )
    body = n.bodies.get(who)
    if body is None:
        return f"{name}armour -{p.armour}, structure -{p.structure}"
    loc = body[p.location]
    a0, s0 = (loc.rear if p.rear else loc.armour), loc.structure
    text = f"{name}armour {a0} -> {a0 - p.armour}, structure "
    text += f"{s0} -> {s0 - p.structure}" if p.structure else f"{s0} untouched"
    if p.destroyed:
        text += f" - the {LOCATION_NAMES.get(p.location, p.location)} is destroyed"
    n.bodies[who] = body.with_location(
        p.location, _after(loc, p.rear, p.armour, p.structure, p.destroyed)
    )
    return text


def _loc_name(code: str, rear: bool) -> str:
    name = LOCATION_NAMES.get(code, code)
    if code in TORSOS:
        return f"{name} ({'rear' if rear else 'front'})"
    return name


def _after(loc: Location, rear: bool, armour: int, structure: int, gone: bool) -> Location:
    return replace(
        loc,
        armour=loc.armour - (0 if rear else armour),
        rear=loc.rear - (armour if rear else 0),
        structure=loc.structure - structure,
        destroyed=loc.destroyed or gone,
    )


def hurt_other(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    what = {"charge_damage": "the accidental charge", "dfa_damage": "the falling Mech"}
    cause = "the crashing vehicle" if e.get("crashed") else what.get(e.type, e.type)
    text = f"{who} takes {e.get('damage')} damage from the {e.get('side')} ({cause})"
    detail = e.get("detail")
    if isinstance(detail, tuple) and detail and isinstance(detail[0], HitResult):
        told = [group_text(n, who, g, i + 1, len(detail)) for i, g in enumerate(detail)]
        return text + ": " + "; ".join(told)
    if isinstance(detail, tuple) and detail and isinstance(detail[0], RulesEvent):
        # a vehicle's hull or a platoon: the nested lines below give the damage and groups
        return f"{who} is hit from the {e.get('side')} by {cause}:"
    return text


def vehicle_damage(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    """Damage from moving into things on a vehicle, told as a weapon's hit on one: each
    group's location roll, the location and its armour and structure (game.rules.
    hull_damage); a platoon only the total: damage from moving into things is not taken off
    its troopers in this build (its combat damage is, CMB-39..41)."""
    side = f" from the {e.get('side')}" if e.get("side") else ""
    head = f"{who} takes {e.get('damage')} damage{side} ({e.get('cause')})"
    groups = tuple(g for g in e.get("groups") or () if isinstance(g, HitResult))
    if not groups:
        return head if e.get("applied") else head + " - not taken off its troopers in this build"
    told = [group_text(n, who, g, i + 1, len(groups)) for i, g in enumerate(groups)]
    return head + ": " + "; ".join(told)
