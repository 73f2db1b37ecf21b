"""The sandbox screen's palette (issue 13): what can be dragged onto the map, and the
sandbox's own commands.

Top to bottom: the side designs join (A first: the player's own units); the dummy
target with its settings (tonnage, two or four legs, standing or prone, shut down, its
own side, B first so that it is a target at once, and what it counts as having done this
turn: stand, walk, run or jump and the hexes, for the target movement modifier, CMB-13);
the roster's designs, one group at a time (Mechs, vehicles, infantry, aerospace: a tab
each, the wheel or the scrollbar's arrows scroll, each design with its type and tonnage,
issue 25); the commands (undo, redo, reset, what-if, fixed
dice, save, open). :class:`Palette` is the UI state; :meth:`Palette.buttons` lays it out
into buttons whose ``action`` strings the screen turns into carries and core actions
(game.ui.scenes.hexes.sandbox.input). Drawing is :func:`draw_palette`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.designs.roster import entries
from game.hexgrid import Hex
from game.phases.sandbox import DUMMY_KINDS, PlaceDummy, PlaceUnit
from game.state import SIDES
from game.ui.widgets.fonts import draw_text, font
from game.ui.widgets.palette import BG, DIM, TEXT
from game.ui.widgets.panels import Button, draw_button, side_colour
from game.units.unit import Unit

MOVED_MODES = ("stand", "walk", "run", "jump")
TOOLS = (("tool:move", "Move M"), ("tool:edit", "Edit T"), ("tool:attack", "Attack A"),
         ("tool:strike", "Melee X"), ("tool:fly", "Fly V"))  # fmt: skip
GROUPS = (("mech", "Mechs"), ("vehicle", "Vehicles"), ("infantry", "Infantry"),
          ("aero", "Aero"))  # fmt: skip
KIND_WORDS = {"biped": "", "quad": "quad", "hover": "hover", "vtol": "VTOL",
              "tracked": "tank", "wheeled": "wheeled", "wige": "WiGE", "naval": "boat",
              "submarine": "sub", "hydrofoil": "foil", "infantry": "foot",
              "aero": "aero"}  # fmt: skip


def group_of(kind: str) -> str:
    """The palette tab a design of ``kind`` is listed under."""
    if kind in ("biped", "quad"):
        return "mech"
    return kind if kind in ("infantry", "aero") else "vehicle"


def design_label(e: Any) -> str:
    """A design's button: code, type and tonnage ("Kestrel VTOL 20t"); fighters and
    DropShips by their own word."""
    word = KIND_WORDS.get(e.kind, e.kind)
    if e.kind == "aero":
        word = "DropShip" if e.tons > 200 else "fighter"
    return f"{e.code} {word} {e.tons}t" if word else f"{e.code} {e.tons}t"  # Mechs: the tab


def designs_in(group: str) -> list[Any]:
    return [e for e in entries() if group_of(e.kind) == group]


COMMANDS = (("undo", "Undo"), ("redo", "Redo"), ("reset", "Reset"),
            ("whatif", "What-if"), ("dice", "Dice"), ("help", "Help"),
            ("save", "Save"), ("open", "Open"))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Carry:
    """What the pointer carries: a roster ``design`` (by code), the dummy target, or a
    unit on the map being set down elsewhere; ``facing`` turns with the wheel; ``sticky``:
    picked with a click, placed with the next click on the map."""

    kind: str  # "design", "dummy" or "unit"
    key: str  # design code, "" for the dummy, unit id
    facing: int = 0
    sticky: bool = False
    turned: bool = False  # the wheel chose the facing (else a new unit faces an enemy)


class Palette:
    """The palette's settings and scroll (UI state only)."""

    def __init__(self) -> None:
        self.side = SIDES[0]  # designs join side A: the player's own units
        self.dummy_side = SIDES[1]  # dummy targets side B: at once something to aim at
        self.tons = 50
        self.kind = DUMMY_KINDS[0]
        self.prone = False
        self.shutdown = False
        self.mode = "stand"
        self.hexes = 0
        self.scroll = 0
        self.facing = 0
        self.group = GROUPS[0][0]  # the designs tab shown
        self.shown = (0, 0)  # designs listed now: how many, of how many in the group

    def choose(self, action: str) -> None:
        """A settings button (``side:B``, ``tons:5``, ``kind``, ``prone``, ``shutdown``,
        ``dummyside``, ``mode:run``, ``hexes:-1``)."""
        kind, _, arg = action.partition(":")
        if kind == "side":
            self.side = arg
        elif kind == "group":
            self.group, self.scroll = arg, 0
        elif kind == "scroll":
            self.scrolled(int(arg))
        elif kind == "dummyside":
            self.dummy_side = SIDES[0] if self.dummy_side == SIDES[1] else SIDES[1]
        elif kind == "tons":
            self.tons = max(20, min(100, self.tons + int(arg)))
        elif kind == "kind":
            self.kind = DUMMY_KINDS[(DUMMY_KINDS.index(self.kind) + 1) % len(DUMMY_KINDS)]
        elif kind == "prone":
            self.prone = not self.prone
        elif kind == "shutdown":
            self.shutdown = not self.shutdown
        elif kind == "mode":
            self.mode = arg
            if arg == "stand":
                self.hexes = 0
            elif not self.hexes:
                self.hexes = 3
        elif kind == "hexes":
            self.hexes = max(0, min(40, self.hexes + int(arg)))
            if self.hexes and self.mode == "stand":
                self.mode = "walk"
            if not self.hexes:
                self.mode = "stand"

    def placing(self, carry: Carry, at: Hex) -> PlaceUnit | PlaceDummy:
        """The action that puts what is carried down at ``at``."""
        if carry.kind == "design":
            return PlaceUnit(carry.key, self.side, at, carry.facing)
        return PlaceDummy(self.dummy_side, at, carry.facing, self.tons, self.kind, "", self.prone,
                          self.shutdown, self.mode, self.hexes)  # fmt: skip

    def ghost(self, carry: Carry, at: Hex) -> Unit:
        """A unit to draw under the pointer while carrying."""
        if carry.kind == "design":
            e = next(x for x in entries() if x.code == carry.key)
            return Unit(
                "+", self.side, e.kind, e.tons, e.walk, at, carry.facing, jump=e.jump, name=e.name
            )  # jump: a jump platoon's ghost wears its own art
        return Unit("+", self.dummy_side, self.kind, self.tons, 0, at, carry.facing,
                    prone=self.prone)  # fmt: skip

    def dummy_label(self) -> str:
        moved = "stood still" if self.mode == "stand" else f"{self.mode} {self.hexes} hexes"
        flags = ", prone" if self.prone else ""
        flags += ", shut down" if self.shutdown else ""
        return f"Dummy {self.tons} t {self.kind} (side {self.dummy_side}){flags}, {moved}"

    # --- layout -----------------------------------------------------------------------
    def buttons(self, rect: pygame.Rect, size: int, tool: str = "move") -> list[Button]:
        """Every button of the palette inside ``rect`` (top to bottom, see the module)."""
        gap = max(3, size // 4)
        bh = round(size * 1.6)
        x, w = rect.x + gap, rect.w - 2 * gap
        out: list[Button] = []
        half = (w - gap) // 2
        y = rect.y + gap
        third = (w - 2 * gap) // 3  # the five views in two rows of three
        for i, (action, label) in enumerate(TOOLS):
            r, c = divmod(i, 3)
            out.append(Button(pygame.Rect(x + c * (third + gap), y + r * (bh + gap), third, bh),
                              action, label, action == f"tool:{tool}"))  # fmt: skip
        y += 2 * (bh + gap) + gap + round(size * 1.4)
        for i, side in enumerate(SIDES[:2]):
            out.append(Button(pygame.Rect(x + i * (half + gap), y, half, bh), f"side:{side}",
                              f"Side {side}", self.side == side))  # fmt: skip
        y += bh + gap * 2 + round(size * 1.3)
        big = round(size * 2.4)
        out.append(Button(pygame.Rect(x, y, w, big), "carry:dummy",
                          f"Dummy {self.tons} t {self.kind}, side {self.dummy_side}"))  # fmt: skip
        y += big + gap
        rows = (
            [("tons:-5", "-5 t", False), ("tons:5", "+5 t", False), ("kind", self.kind, False)],
            [("prone", "prone" if self.prone else "standing", self.prone),
             ("shutdown", "shut down" if self.shutdown else "powered", self.shutdown),
             ("dummyside", f"side {self.dummy_side}", False)],
            [(f"mode:{m}", m, self.mode == m) for m in MOVED_MODES],
            [("hexes:-1", "-1 hex", False), ("hexes:0", f"{self.hexes} hexes", False),
             ("hexes:1", "+1 hex", False)],
        )  # fmt: skip
        for items in rows:
            cell = (w - (len(items) - 1) * gap) // len(items)
            for i, (action, label, active) in enumerate(items):
                out.append(Button(pygame.Rect(x + i * (cell + gap), y, cell, bh), action,
                                  label, active))  # fmt: skip
            y += bh + gap
        y += gap + round(size * 1.3)
        cmd_rows = (len(COMMANDS) + 2) // 3
        bottom = rect.bottom - gap - cmd_rows * (bh + gap)
        quarter = (w - 3 * gap) // 4
        for i, (group, label) in enumerate(GROUPS):
            out.append(Button(pygame.Rect(x + i * (quarter + gap), y, quarter, bh),
                              f"group:{group}", label, self.group == group))  # fmt: skip
        y += bh + gap
        out.extend(self._design_buttons(pygame.Rect(x, y, w, bottom - gap - y), size))
        third = (w - 2 * gap) // 3
        for i, (action, label) in enumerate(COMMANDS):
            r, c = divmod(i, 3)
            out.append(Button(pygame.Rect(x + c * (third + gap), bottom + r * (bh + gap), third,
                                          bh), action, label))  # fmt: skip
        return out

    def _design_buttons(self, area: pygame.Rect, size: int) -> list[Button]:
        """The group's designs from the scroll, two a row, in ``area``; a scrollbar's up
        and down arrows at its right when they do not all fit."""
        line = round(size * 1.5)
        group = designs_in(self.group)
        rows = max(1, area.h // line)
        arrows = len(group) > 2 * rows
        bar = round(size * 1.4) if arrows else 0
        gap = max(3, size // 4)
        half = (area.w - bar - gap - (gap if bar else 0)) // 2
        out: list[Button] = []
        for i, e in enumerate(group[self.scroll : self.scroll + 2 * rows]):
            r, c = divmod(i, 2)
            box = pygame.Rect(area.x + c * (half + gap), area.y + r * line, half, line - 3)
            out.append(Button(box, f"carry:{e.code}", design_label(e)))
        self.shown = (len(out), len(group))
        if arrows:
            x = area.right - bar
            h = min(area.h, rows * line) // 2 - 2
            out.append(Button(pygame.Rect(x, area.y, bar, h), "scroll:-1", "^",
                              enabled=self.scroll > 0))  # fmt: skip
            more = self.scroll + 2 * rows < len(group)
            out.append(Button(pygame.Rect(x, area.y + h + 4, bar, h), "scroll:1", "v",
                              enabled=more))  # fmt: skip
        return out

    def scrolled(self, step: int) -> None:
        """The wheel (or an arrow) over the designs: two a row, so two at a time."""
        shown, total = self.shown
        top = max(0, total - max(2, shown))
        self.scroll = max(0, min(top + top % 2, self.scroll + 2 * step))


def draw_palette(screen: pygame.Surface, palette: Palette, rect: pygame.Rect, size: int,
                 mouse: tuple[int, int], what_if: bool, tool: str) -> list[Button]:  # fmt: skip
    """The palette in ``rect``; returns its buttons (for clicks)."""
    pygame.draw.rect(screen, BG, rect)
    pygame.draw.line(screen, (70, 74, 80), (rect.right - 1, rect.y), (rect.right - 1, rect.bottom))
    buttons = palette.buttons(rect, size, tool)
    gap = max(3, size // 4)
    inner = rect.inflate(-2 * gap, 0)
    f, fb = font(size - 2), font(size, True)
    sides = next(b for b in buttons if b.action.startswith("side:"))
    draw_text(screen, "Designs join", fb, TEXT, (inner.x, sides.rect.y - round(size * 1.3)),
              inner, elide=True)  # fmt: skip
    dummy = next(b for b in buttons if b.action == "carry:dummy")
    draw_text(screen, "Drag onto the map:", fb, TEXT, (inner.x, dummy.rect.y - round(size * 1.3)),
              inner, elide=True)  # fmt: skip
    first = next((b for b in buttons if b.action.startswith("carry:") and b is not dummy), None)
    if first is not None:
        shown, total = palette.shown
        head = f"{palette.scroll + 1}-{palette.scroll + shown} of {total} (wheel scrolls)"
        tab = next(b for b in buttons if b.action.startswith("group:"))
        draw_text(screen, "Designs " + (head if shown < total else ""), f, DIM,
                  (inner.x, tab.rect.y - round(size * 1.2)), inner, elide=True)  # fmt: skip
    for b in buttons:
        hover = b.rect.collidepoint(mouse)
        active = b.active or (b.action == "whatif" and what_if)
        shown = Button(b.rect, b.action, b.label, active, b.enabled)
        draw_button(screen, shown, size, hover)
        if b.action.startswith("side:"):
            pygame.draw.rect(screen, side_colour(b.action[5:]), b.rect.inflate(-4, -4).move(0, 0),
                             2, border_radius=5)  # fmt: skip
    return buttons


def palette_width(size: int, window_w: int) -> int:
    return min(max(size * 13, 200), window_w // 5)
