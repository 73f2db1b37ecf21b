"""The sandbox screen's unit editor (issue 13): every number of a unit with - / +
buttons, in the side panel's Edit view.

Sections: pilot (gunnery, piloting, pilot hits), heat, posture and reactor (prone,
shut down), what the unit counts as having done this turn (stand / walk / run / jump and
the hexes: CMB-12/13), armour, rear armour and structure per location (click a location
for its critical slots, each a toggle: hit or not), ammunition bins (shots left), and a
vehicle's weapons. :func:`editor_lines` describes the panel; :func:`editor_action` turns
a button into one core action (game.phases.sandbox_edit and game.phases.sandbox), so
each click is one undo step; :func:`draw_editor` draws the lines and returns the buttons.
Shift-click steps by 5.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.actions import Action
from game.designs.roster import built_hull
from game.phases.sandbox import (
    EditAmmo,
    EditCrit,
    EditLocation,
    EditUnit,
    EditWeapon,
    SetMoved,
    SetPosture,
)
from game.phases.sandbox_edit import NUMBERS, slot_refusal
from game.state import GameState
from game.ui.widgets.fonts import draw_text, font
from game.ui.widgets.palette import BAD, DIM, GOOD, TEXT, WARN
from game.ui.widgets.panels import Button, draw_button
from game.ui.widgets.unit_tip import infantry_line
from game.units.locations import TORSOS
from game.units.mech import max_structure
from game.units.unit import Unit, platoon_line

Colour = tuple[int, int, int]
MOVE_MODES = ("stand", "walk", "run", "jump")


@dataclass(frozen=True, slots=True)
class EditLine:
    """One line of the editor: its text and its buttons (action, label, active)."""

    text: str
    colour: Colour = TEXT
    bold: bool = False
    buttons: tuple[tuple[str, str, bool], ...] = ()


def _plus_minus(key: str) -> tuple[tuple[str, str, bool], ...]:
    return ((f"{key}:-1", "-", False), (f"{key}:1", "+", False))


def editor_lines(state: GameState, unit: Unit, loc: str | None) -> list[EditLine]:
    """The editor for ``unit``; ``loc`` is the location whose slots are listed."""
    d = unit.damage
    lines = [EditLine(f"Edit {unit.id}  {unit.name or unit.kind}", TEXT, True)]
    for key in NUMBERS:  # piloting, gunnery, heat, pilot hits (game.phases.sandbox_edit)
        label = key.replace("_", " ").capitalize()
        lines.append(EditLine(f"{label} {_number(unit, key)}", TEXT, False,
                              _plus_minus(f"num:{key}")))  # fmt: skip
    flags = [("shutdown", "shut down", d.shutdown), ("unconscious", "pilot out", d.unconscious)]
    if unit.is_mech:
        flags.insert(0, ("posture", "prone", unit.prone))
    lines.append(EditLine("State", TEXT, False,
                          tuple((f"flag:{k}", label, on) for k, label, on in flags)))  # fmt: skip
    rec = state.move_record(unit.id)
    mode, hexes = (rec.mode, rec.hexes_moved) if rec is not None else ("stand", 0)
    tmod = rec.target_modifier if rec is not None else 0
    lines.append(EditLine(f"Moved: {mode}, {hexes} hexes (+{tmod} to hit it)", TEXT, False,
                          _plus_minus("hexes")))  # fmt: skip
    lines.append(EditLine("", DIM, False,
                          tuple((f"moved:{m}", m, m == mode) for m in MOVE_MODES)))  # fmt: skip
    lines += _armour_lines(unit, loc)
    lines += _ammo_lines(unit)
    return lines


def _armour_lines(unit: Unit, loc: str | None) -> list[EditLine]:
    body = unit.body if unit.body is not None else unit.hull
    if body is None:
        if not unit.has_facing:  # infantry (MOV-16): what it is, its troopers (CMB-41)
            return [EditLine(infantry_line(unit), TEXT), EditLine(platoon_line(unit), DIM)]
        return [EditLine("No armour record", DIM)]
    out = [EditLine("Armour A, rear R, structure S per location", DIM)]
    for code in body.codes:
        x = body[code]
        colour = BAD if x.destroyed else TEXT
        rear = code in TORSOS and unit.body is not None
        text = f"{code}  A {x.armour}" + (f"  R {x.rear}" if rear else "") + f"  S {x.structure}"
        text += "  destroyed" if x.destroyed else ""
        slots = ((f"loc:{code}", "slots", code == loc),) if unit.body is not None else ()
        out.append(EditLine(text, colour, False, slots))
        buttons: list[tuple[str, str, bool]] = []
        for part in ("armour", "rear", "structure") if rear else ("armour", "structure"):
            short = part[0].upper()
            buttons += [(f"edit:{code}:{part}:-1", f"{short}-", False),
                        (f"edit:{code}:{part}:1", f"{short}+", False)]  # fmt: skip
        out.append(EditLine("", TEXT, False, tuple(buttons)))
        if code == loc and unit.body is not None:
            out += _slot_lines(unit, code)
    return out


def _slot_lines(unit: Unit, code: str) -> list[EditLine]:
    body = unit.body
    assert body is not None
    row = body.built.layout[body.codes.index(code)]
    out = []
    for k, slot in enumerate(row):
        if slot is None:
            continue
        hit = body.hit(code, k)
        why = slot_refusal(body, code, k)
        colour = BAD if hit else DIM if why else TEXT
        label = "hit" if hit else "ok"
        buttons = () if why and not hit else ((f"slot:{code}:{k}", label, hit),)
        out.append(EditLine(f"   {k + 1:>2} {slot.item}", colour, False, buttons))
    return out


def _number(unit: Unit, key: str) -> int:
    """A number EditUnit sets: the unit's own (skills, heat) or its pilot's (hits)."""
    return int(getattr(unit, key) if hasattr(unit, key) else getattr(unit.damage, key))


def _ammo_lines(unit: Unit) -> list[EditLine]:
    out = []
    if unit.body is not None:
        bins, left = unit.body.built.bins, unit.body.ammo
    elif unit.hull is not None:
        bins, left = unit.hull.bins, unit.hull.ammo
        for i, m in enumerate(unit.hull.weapons):
            gone = unit.hull.weapon_destroyed(i)
            button = (f"weapon:{i}", "destroyed" if gone else "ok", gone)
            out.append(EditLine(f"{m.weapon} ({m.location})", BAD if gone else TEXT, False,
                                (button,)))  # fmt: skip
    else:
        return out
    for i, b in enumerate(bins):
        colour = WARN if left[i] < b.shots else GOOD
        out.append(EditLine(f"Ammo {b.weapon} ({b.location}) {left[i]}/{b.shots}", colour,
                            False, _plus_minus(f"ammo:{i}")))  # fmt: skip
    return out


def editor_action(state: GameState, unit: Unit, action: str, step: int = 1) -> Action | None:
    """The core action of an editor button (``step``: 1, or 5 with Shift); None for a
    button that only changes the view (a location's slots) or would change nothing."""
    kind, _, rest = action.partition(":")
    args = rest.split(":")
    if kind == "num":
        field, sign = args[0], int(args[1])
        return EditUnit(unit.id, field, max(0, _number(unit, field) + sign * step))
    if kind == "flag":
        if args[0] == "posture":
            return SetPosture(unit.id, "standing" if unit.prone else "prone")
        on = bool(getattr(unit.damage, args[0]))
        return EditUnit(unit.id, args[0], 0 if on else 1)
    if kind in ("moved", "hexes"):
        return _moved(state, unit, kind, args, step)
    if kind == "edit":
        return _location(unit, args[0], args[1], int(args[2]) * step)
    if kind == "slot":
        code, k = args[0], int(args[1])
        assert unit.body is not None
        return EditCrit(unit.id, code, k, not unit.body.hit(code, k))
    if kind == "ammo":
        i, sign = int(args[0]), int(args[1])
        rec = unit.body.ammo if unit.body is not None else unit.hull.ammo  # type: ignore[union-attr]
        return EditAmmo(unit.id, i, max(0, rec[i] + sign * step))
    if kind == "weapon" and unit.hull is not None:
        i = int(args[0])
        return EditWeapon(unit.id, i, not unit.hull.weapon_destroyed(i))
    return None


def _moved(state: GameState, unit: Unit, kind: str, args: list[str], step: int) -> Action:
    rec = state.move_record(unit.id)
    mode, hexes = (rec.mode, rec.hexes_moved) if rec is not None else ("stand", 0)
    if mode not in MOVE_MODES:
        mode = "run"
    if kind == "moved":
        mode = args[0]
        hexes = 0 if mode == "stand" else max(hexes, 1)
    else:
        hexes = max(0, hexes + int(args[0]) * step)
        mode = "walk" if mode == "stand" and hexes else mode
        mode = "stand" if not hexes else mode
    return SetMoved(unit.id, mode, hexes)


def _location(unit: Unit, code: str, part: str, delta: int) -> Action | None:
    body = unit.body if unit.body is not None else unit.hull
    if body is None:
        return None
    x = body[code]
    values = {"armour": x.armour, "rear": x.rear, "structure": x.structure}
    if unit.body is not None:
        full = max_structure(unit.tons, unit.kind == "quad")[code]
    else:
        built = built_hull(unit) or unit.hull
        full = built[code].structure  # type: ignore[index]
    top = full if part == "structure" else 99
    values[part] = max(0, min(top, values[part] + delta))
    if part != "structure" and x.destroyed:
        values["structure"] = 1  # adding armour to a lost location brings it back
    if part == "structure" and x.destroyed and delta > 0:
        values["structure"] = max(values["structure"], 1)
    return EditLocation(unit.id, code, values["armour"], values["rear"], values["structure"])


def draw_editor(screen: pygame.Surface, lines: list[EditLine], rect: pygame.Rect, size: int,
                scroll: int, mouse: tuple[int, int]) -> tuple[list[Button], int]:  # fmt: skip
    """The editor in ``rect`` from line ``scroll`` on; returns the buttons shown and how
    many lines there are below the last one shown (for the wheel)."""
    f = font(size - 2)
    line = round(size * 1.55)
    pad = max(4, size // 3)
    y = rect.y + pad
    out: list[Button] = []
    clip = screen.get_clip()
    screen.set_clip(rect)
    shown = 0
    for ln in lines[scroll:]:
        if y + line > rect.bottom:
            break
        shown += 1
        bw = [max(f.size(label)[0] + size // 2, size * 2) for _, label, _ in ln.buttons]
        x = rect.right - pad - sum(bw) - 3 * max(len(bw) - 1, 0)
        text_box = pygame.Rect(rect.x + pad, y, max(10, x - rect.x - 2 * pad), line)
        fb = font(size - 1, True) if ln.bold else f
        draw_text(screen, ln.text, fb, ln.colour, (text_box.x, y + 2), text_box, elide=True)
        for (action, label, active), w in zip(ln.buttons, bw, strict=True):
            b = Button(pygame.Rect(x, y + 1, w, line - 3), action, label, active)
            draw_button(screen, b, size - 2, b.rect.collidepoint(mouse))
            out.append(b)
            x += w + 3
        y += line
    screen.set_clip(clip)
    return out, max(0, len(lines) - scroll - shown)
