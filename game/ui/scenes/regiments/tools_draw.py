"""Drawing the regiments sandbox's tools: the ghost of the regiment being placed or
carried (green, or red with the reason), and the side panel: the palette (army, unit
type, side, what the keys do) when no regiment is selected, else the selected regiment
with its planned order, the order buttons and the sandbox's edits of it."""

from __future__ import annotations

import pygame

from game.regiments.armies import armies, unit_types
from game.regiments.regiment import Regiment
from game.ui.scenes.regiments import draw
from game.ui.scenes.regiments.shown import RegimentsShown, ToolsShown
from game.ui.scenes.regiments.view import draw_ghost, text_box
from game.ui.widgets.fonts import draw_text, font
from game.ui.widgets.palette import BG, DIM, LEGAL, TEXT, WARN, Colour
from game.ui.widgets.palette import TABLE_ILLEGAL as ILLEGAL
from game.ui.widgets.panels import rows_surface, side_colour

Spec = tuple[str, str, bool, bool]


def ghost(tools: ToolsShown, screen: pygame.Surface) -> None:
    """The regiment a click would put down, at the mouse, with the reason it may not."""
    scene = tools.scene
    if not draw.in_map(scene, scene.mouse):
        return
    g = tools.ghost()
    if g is None:
        return
    reg, why = g
    draw_ghost(screen, scene.cam, reg, why is None)
    verb = "set down" if tools.carrying else "place"
    head = f"{reg.name or reg.id} (side {reg.side}), facing {reg.facing:.0f}"
    lines = [(head, LEGAL if why is None else ILLEGAL)]
    lines.append((why, ILLEGAL) if why else (f"click: {verb}   R: turn   Esc: stop", LEGAL))
    at = scene.cam.to_screen(reg.corners().max(axis=0))
    text_box(screen, (int(at[0]) + 8, int(at[1]) - 10), lines, max(14, scene.layout.size - 2))


def panel(tools: ToolsShown, screen: pygame.Surface) -> None:
    scene = tools.scene
    rect = scene.layout.side
    pygame.draw.rect(screen, BG, rect)
    size = scene.layout.size - 2
    p = scene.plan
    reg = scene.state.get(p.unit) if p is not None else None
    if reg is not None:
        surf = rows_surface(draw.plan_rows(scene, reg), size, rect.w)
        screen.blit(surf, rect.topleft)
        y = rect.y + surf.get_height()
        y = _section(scene, screen, rect, y, "Sandbox", _edit_specs(reg), size, 3)
        specs = [s for s in draw.order_buttons(scene, p, True) if s[0] != "next"]
        _section(scene, screen, rect, y, "Order (any regiment, any time)", specs, size, 3)
        return
    _palette(tools, screen, rect, size)


def _edit_specs(reg: Regiment) -> list[Spec]:
    marks = "+".join(reg.markers) or "none"
    return [
        ("sb:pickup", "Pick up (G)", False, True),
        ("sb:turn=-15", "Turn -15 (Sh+R)", False, True),
        ("sb:turn=15", "Turn +15 (R)", False, True),
        ("sb:remove", "Remove (Del)", False, True),
        ("sb:markers", f"Marker: {marks} (K)", bool(reg.markers), True),
        ("sb:deselect", "Deselect (Esc)", False, True),
    ]


def _palette(tools: ToolsShown, screen: pygame.Surface, rect: pygame.Rect, size: int) -> None:
    scene = tools.scene
    known, kinds = armies(), unit_types()
    y = rect.y + size // 2
    title = "Placing: click on the table" if tools.unit_type else "Sandbox"
    draw_text(screen, title, font(size + 2, True), WARN if tools.unit_type else TEXT,
              (rect.x + size // 2, y), rect)  # fmt: skip
    y += round(size * 1.6)
    army = [(f"sb:army={c}", a.name, c == tools.army, True) for c, a in known.items()]
    y = _section(scene, screen, rect, y, "Army", army, size, 2)
    types = [
        (f"sb:type={c}", f"{i + 1} {kinds[c].name}", c == tools.unit_type, True)
        for i, c in enumerate(tools.types())
    ]
    y = _section(scene, screen, rect, y, "Unit type (1..9; P: place)", types, size, 2)
    sides = [(f"sb:side={s}", f"Side {s}", s == tools.side, True) for s in scene.state.sides]
    y = _section(scene, screen, rect, y, "Side", sides, size, 2, side_colour(tools.side))
    general = [
        ("sb:stop", "Stop placing", False, tools.active),
        ("sb:clear", "Clear markers", False, True),
        ("sb:save", "Save (Ctrl+S)", False, True),
        ("undo", "Undo", False, scene.history.can_undo),
        ("redo", "Redo", False, scene.history.can_redo),
        ("next", "Next (Space)", False, bool(scene.state.regiments)),
    ]
    y = _section(scene, screen, rect, y, "Table", general, size, 3)
    hints = [
        ("Click a regiment to select it; drag its front edge or a corner, Enter commits.",
         DIM, False),
        ("Shift+click places within 3 cm of an enemy (in contact).", DIM, False),
    ]  # fmt: skip
    if y + size * 4 < rect.bottom:
        screen.blit(rows_surface(hints, size - 1, rect.w), (rect.x, y + size // 3))


def _section(
    scene: RegimentsShown,
    screen: pygame.Surface,
    rect: pygame.Rect,
    y: int,
    head: str,
    specs: list[Spec],
    size: int,
    cols: int,
    colour: Colour = DIM,
) -> int:
    """A small heading and a grid of buttons below it; the y below them."""
    draw_text(screen, head, font(size - 1, True), colour, (rect.x + size // 2, y + 2), rect,
              elide=True)  # fmt: skip
    area = pygame.Rect(rect.x, y + size + 2, rect.w, rect.bottom - y - size - 2)
    return draw.grid(scene, screen, area, specs, size, cols) + size // 2
