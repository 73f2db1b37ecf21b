"""What hovering a unit's counter tells: its name, side, armour state and what it did this
turn (the play and deployment screens draw these rows as a tooltip)."""

from __future__ import annotations

from typing import Any

import pygame

from game.designs.roster import built_body, built_hull
from game.narrate import plural, skills
from game.phases.crashed import crashed_this_turn
from game.state import GameState
from game.ui.widgets.palette import BAD, DIM, TEXT
from game.ui.widgets.palette import SIDE_LIGHT as SIDE
from game.ui.widgets.palette import WARN_SOFT as WARN
from game.units.unit import INFANTRY, Unit, platoon_line

Row = tuple[str, Any, bool]
DONE = {"walk": "walked", "run": "ran", "jump": "jumped", "dodge": "tried to dodge a skid"}


def armour_state(unit: Unit) -> str:
    """'armour 142/169, structure 83/83', '2 locations destroyed' added; vehicles: none;
    aerospace units: their flight state instead (AERO-04/05)."""
    body, c = unit.body, unit.craft
    if c is not None:
        state = "OUT OF CONTROL" if c.out_of_control or unit.damage.shutdown else "in control"
        return (f"velocity {c.velocity}, thrust {c.thrust} of {c.max_thrust} "
                f"(safe {c.safe_thrust}), {state}")  # fmt: skip
    hull = unit.hull
    if body is None and hull is not None:  # a vehicle's hull (CMB-45..48)
        top = built_hull(unit) or hull
        text = (f"armour {hull.total_armour()}/{top.total_armour()}, "
                f"structure {hull.total_structure()}/{top.total_structure()}")  # fmt: skip
        lost = [c for c in hull.codes if hull[c].destroyed]
        return text + (f"; destroyed: {', '.join(lost)}" if lost else "")
    if body is None:
        return "no armour record yet (vehicle)" if unit.kind != INFANTRY else infantry_line(unit)
    full = built_body(unit) or body
    text = (
        f"armour {body.total_armour()}/{full.total_armour()}, "
        f"structure {body.total_structure()}/{full.total_structure()}"
    )
    gone = [c for c in body.codes if body[c].destroyed]
    if gone:
        text += f"; destroyed: {', '.join(gone)}"
    return text


def infantry_line(unit: Unit) -> str:
    """What a platoon is: 'jump platoon: 1 ground MP, 3 jump MP, no facing' (MOV-16/29)."""
    what = "jump platoon" if unit.jump_infantry else "foot platoon"
    jump = f", {unit.jump_mp()} jump MP" if unit.jump_infantry else ""
    return f"{what}: {unit.walk_mp()} ground MP{jump}, no facing"


def this_turn(state: GameState, unit: Unit) -> str:
    """What the unit did in this turn's movement."""
    busy = state.underway
    if busy is not None and busy.unit_id == unit.id:
        return f"moving now: {busy.mp_used} MP spent, {busy.mp_left} left"
    rec = state.move_record(unit.id)
    if rec is None:
        return "has not moved yet this turn" if not unit.moved else "has moved this turn"
    if rec.mode == "stand":
        return "stood still this turn"
    verb = DONE.get(rec.mode, rec.mode)
    if rec.mode == "dodge":
        return f"{verb} this turn"
    return (
        f"{verb} {plural(rec.hexes_moved, 'hex', 'hexes')} this turn ({rec.mp_used} MP, "
        f"target modifier +{rec.target_modifier})"
    )


def tip_rows(state: GameState, unit: Unit) -> list[Row]:
    """The tooltip's rows for a hovered unit."""
    name = f"{unit.id}  {unit.name}" if unit.name else f"{unit.id}  {unit.tons} t {unit.kind}"
    rows: list[Row] = [
        (name, SIDE.get(unit.side, TEXT), True),
        (f"side {unit.side}, pilot {skills(unit.gunnery, unit.piloting)}", DIM, False),
        (armour_state(unit), TEXT, False),
        (this_turn(state, unit), TEXT, False),
    ]
    status = [w for w, on in (("prone", unit.prone), ("hull-down", unit.hull_down),
              ("airborne", unit.airborne or (unit.wige_airborne and unit.kind != "vtol")),
              (f"flying at altitude {unit.flying_height}",  # ADV-23/25
               unit.kind in ("vtol", "wige") and unit.flying_height > 0),
              ("landed", unit.kind == "vtol" and unit.landed),
              ("crashed this turn: no attacks (ADV-28)", crashed_this_turn(state, unit.id)),
              ("immobile", unit.hull is not None and unit.hull.immobile),  # PSR-27, CMB-48
              (f"submerged, depth {unit.depth}", unit.submerged),  # ADV-25
              ("pilot unconscious", unit.damage.unconscious))
              if on]  # fmt: skip
    if unit.kind == INFANTRY:
        rows[1] = (f"side {unit.side}, gunnery {unit.gunnery} (no piloting rolls)", DIM, False)
        rows.append((platoon_line(unit), DIM, False))
    if state.is_destroyed(unit):
        rows.append(("DESTROYED", BAD, True))
    elif status:
        rows.append((", ".join(status), WARN, False))
    return rows


def tip_beside(
    screen: pygame.Surface, tip: pygame.Surface, hex_box: pygame.Rect, mouse: tuple[int, int]
) -> pygame.Rect:
    """Blit a unit's tooltip clear of its hex (issue 25, finding 16: it hid the unit it
    describes): right of the hex, else left, below or above, the first that fits in the
    window; beside the pointer when none does. Returns where it went."""
    w, h = tip.get_size()
    gap = 6
    spots = (
        (hex_box.right + gap, hex_box.centery - h // 2),
        (hex_box.left - gap - w, hex_box.centery - h // 2),
        (hex_box.centerx - w // 2, hex_box.bottom + gap),
        (hex_box.centerx - w // 2, hex_box.top - gap - h),
    )
    window = screen.get_rect()
    for x, y in spots:
        y = max(0, min(y, window.h - h))
        box = pygame.Rect(x, y, w, h)
        if window.contains(box) and not box.colliderect(hex_box):
            screen.blit(tip, box)
            return box
    mx, my = mouse
    box = pygame.Rect(
        min(mx + 16, window.w - w), my + 16 if my + 16 + h <= window.h else my - h, w, h
    )
    box.x, box.y = max(0, box.x), max(0, box.y)
    screen.blit(tip, box)
    return box
