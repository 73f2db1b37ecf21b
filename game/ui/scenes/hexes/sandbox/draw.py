"""One frame of the sandbox screen (game.ui.scenes.hexes.sandbox.scene).

The Move and Edit views draw the movement screen's pieces
(game.ui.scenes.hexes.parts.movement.draw: the map, the reach and path layers, the counters,
the move's animation and dice, the record sheet with the move's summary, the log, the hover
tips); the Edit view puts the unit editor in the side panel
(game.ui.scenes.hexes.sandbox.editor). The Attack and Physical views are the attack screens'
drawing (game.ui.scenes.hexes.parts.attack.draw, game.ui.scenes.hexes.parts.physical.draw)
on the same map, the Fly view the aerospace movement screen's
(game.ui.scenes.hexes.parts.flight.draw). Over all of them: the palette, what the pointer
carries (a ghost counter in the hex under it), the sandbox's banner (undo and redo, the
fixed dice still to come, the what-if toggle), the dice prompt and the help.
"""

from __future__ import annotations

import pygame

from game.ui.map.sprites import draw_unit
from game.ui.scenes.hexes.parts.attack.draw import draw_attack
from game.ui.scenes.hexes.parts.flight.draw import draw_flight
from game.ui.scenes.hexes.parts.movement.draw import (
    _draw_anim,
    _draw_hover_info,
    _draw_log,
    _draw_marks,
    _draw_popup,
    _draw_side,
    _sheet_lines,
)
from game.ui.scenes.hexes.parts.physical.draw import draw_physical
from game.ui.scenes.hexes.sandbox.editor import draw_editor, editor_lines
from game.ui.scenes.hexes.sandbox.guide import draw_guide, scene_steps
from game.ui.scenes.hexes.sandbox.pieces import draw_palette
from game.ui.scenes.hexes.sandbox.shown import HostedView, SandboxShown
from game.ui.widgets.fonts import draw_text, font
from game.ui.widgets.help import draw_help
from game.ui.widgets.log_view import LogView
from game.ui.widgets.palette import BG, DIM, HOVER, SELECT, TEXT, WARN
from game.ui.widgets.panels import banner_surface, rows_surface

SANDBOX_KEYS: tuple[tuple[str, str], ...] = (
    ("Drag from the palette", "put a design or a dummy target on the map (click, then click a "
     "hex, works too); the wheel turns it first"),
    ("Dummy settings", "tonnage, legs, prone, shut down, and what it counts as having done "
     "(stand / walk / run / jump, hexes): the modifier to hit it"),
    ("Drag a unit", "set it down elsewhere (no rules, no dice); the wheel over it turns it"),
    ("Delete", "take the selected unit off the map"),
    ("Click a unit", "select it; M: move it by the rules (W / R / J, hover, click waypoints, "
     "Enter commits, every roll made and logged)"),
    ("T", "edit it: skills, heat, pilot hits, prone, shut down, movement, armour, slots, ammo"),
    ("A", "its weapon attacks: numbers at every unit of another side it sees; Enter fires"),
    ("X", "its physical attacks on a unit beside it (punch, kick, push, club, charge, DFA)"),
    ("V", "fly it (an aerospace unit in the air; selecting one opens this view): W / S "
     "thrust, Q / E turns, Enter flies"),
    ("O", "what-if: chance to hit, expected damage, odds per location, without rolling"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo a whole action; after an undo the dice roll anew"),
    ("Ctrl+R", "back to the starting layout (Ctrl+Y steps forward again)"),
    ("D", "type the next dice (e.g. 6 6 3), Enter: the next rolls show them"),
    ("Ctrl+S / Ctrl+O", "save the sandbox as a scenario file / open a scenario or save"),
    ("G", "show or hide the first steps card (a click on it hides it too)"),
    ("Esc", "drop what is carried, back to the Move view; again: the menu"),
    ("Middle drag, arrows, Ctrl+wheel", "pan and zoom; F fits the map; Tab hides the panels"),
)  # fmt: skip


def draw_sandbox(scene: SandboxShown, screen: pygame.Surface) -> None:
    if scene.tool == "attack":
        draw_attack(scene.fire, screen)
    elif scene.tool == "strike":
        draw_physical(scene.strike, screen)
    elif scene.tool == "fly":
        draw_flight(scene.flyer, screen)
    else:
        _draw_move_view(scene, screen)
    _draw_ghost(scene, screen)
    lay = scene.layout
    _draw_banner(scene, screen)
    if scene.panels:
        scene.palette_buttons = draw_palette(screen, scene.palette, scene.palette_rect, lay.size,
                                             scene.mouse, scene.what_if, scene.tool)  # fmt: skip
        scene.guide.update(scene_steps(scene))
        draw_guide(screen, scene.guide, lay.log, lay.size)
    else:
        scene.palette_buttons = []
    if scene.dice_prompt is not None:
        _draw_prompt(scene, screen)
    if scene.help:
        draw_help(screen, "Sandbox", SANDBOX_KEYS)
    _debug_layout(scene)


def _draw_move_view(scene: SandboxShown, screen: pygame.Surface) -> None:
    """The movement screen's frame (Move view), or with the editor (Edit view)."""
    state, view = scene.state, scene.view
    view.sync(state.board)
    view.draw_map(screen)
    if scene.tool == "move":
        scene._reach_layer().draw(screen, view.camera)
    anim = scene.anim
    hide = scene.carry.key if scene.carry is not None and scene.carry.kind == "unit" else None
    hide = anim.unit_id if anim is not None else hide
    rings = {}
    sel = scene.selected_id()
    if sel is not None:
        rings[sel] = SELECT
    view.draw_units(screen, state.units, hide=hide, ring=rings)
    if scene.plan is not None and anim is None:
        scene.path_layer.draw(screen, view.camera)
    if scene.hover is not None and anim is None and scene.carry is None:
        view.renderer.outline(screen, view.camera, scene.hover, HOVER, 2)
    if anim is not None:
        _draw_anim(scene, screen)
    elif scene.marks:
        _draw_marks(scene, screen)
    if scene.panels:
        if scene.tool == "edit":
            _draw_editor(scene, screen)
        else:
            _draw_side(scene, screen)
        _draw_log(scene, screen)
    else:
        scene.buttons = []
    if anim is not None:
        _draw_popup(scene, screen)
    if scene.carry is None:
        _draw_hover_info(scene, screen)


def _draw_editor(scene: SandboxShown, screen: pygame.Surface) -> None:
    rect, size = scene.layout.side, scene.layout.size
    pygame.draw.rect(screen, BG, rect)
    pygame.draw.line(screen, (70, 74, 80), rect.topleft, rect.bottomleft)
    scene.buttons = []
    unit = scene.state.unit(scene.inspect) if scene.inspect else None
    if unit is None:
        rows = [("Edit view: no unit selected", TEXT, True),
                ("Click a unit on the map to edit its numbers.", DIM, False)]  # fmt: skip
        screen.blit(rows_surface(rows, size, rect.w), rect.topleft)
        scene.editor_buttons = []
        return
    lines = editor_lines(scene.state, unit, scene.edit_loc)
    scene.edit_scroll = min(scene.edit_scroll, max(0, len(lines) - 4))
    scene.editor_buttons, scene.editor_more = draw_editor(
        screen, lines, rect, size, scene.edit_scroll, scene.mouse
    )
    if scene.editor_more:
        f = font(size - 3)
        at = (rect.right - size // 2, rect.bottom - 2)
        text = f"wheel: {scene.editor_more} more lines"
        draw_text(screen, text, f, DIM, at, rect, anchor="bottomright")


def _draw_ghost(scene: SandboxShown, screen: pygame.Surface) -> None:
    """What the pointer carries, in the hex under it (half transparent)."""
    carry, h = scene.carry, scene.carry_hex
    if carry is None or h is None:
        return
    view = scene.view
    if carry.kind == "unit":
        u = scene.state.unit(carry.key)
        if u is None:
            return
        ghost = u
    else:
        ghost = scene.palette.ghost(carry, h)
    c = view.centre(h)
    old = screen.get_clip()
    screen.set_clip(pygame.Rect(view.camera.view))
    view.renderer.outline(screen, view.camera, h, WARN, 3)
    draw_unit(screen, ghost, c, view.camera.zoom, facing=carry.facing, show_moved=False,
              label=carry.kind == "unit")  # fmt: skip
    screen.set_clip(old)


def banner_extra(scene: SandboxShown) -> str:
    """What the sandbox's banner adds: the view, undo and redo, dice to come, what-if."""
    line = scene.app.line
    parts = [{"move": "Move", "edit": "Edit", "attack": "Attack", "strike": "Melee",
              "fly": "Fly"}[scene.tool]]  # fmt: skip
    sel = scene.selected_id()
    if sel:
        parts[0] += f" {sel}"
    if line is not None:
        parts.append(f"undo {line.at}" + (f" redo {len(line.states) - 1 - line.at}"
                                          if line.can_redo else ""))  # fmt: skip
    s = scene.state
    pending = s.start.script[s.faces_used :]
    if pending:
        parts.append("next dice " + " ".join(map(str, pending[:6])) + ("..." if len(pending) > 6
                                                                        else ""))  # fmt: skip
    if scene.what_if:
        parts.append("what-if on")
    return "- " + " | ".join(parts)


def _draw_banner(scene: SandboxShown, screen: pygame.Surface) -> None:
    lay = scene.layout
    extra = banner_extra(scene)
    key = (id(scene.state), extra, lay.banner.size)
    surf = scene.cache.get(
        "sandbox banner", key, lambda: banner_surface(scene.state, extra, lay.banner, lay.size)
    )
    screen.blit(surf, lay.banner.topleft)


def _draw_prompt(scene: SandboxShown, screen: pygame.Surface) -> None:
    size = scene.layout.size
    rows = [("Next dice", WARN, True),
            ("Type the faces (1..6) the next dice will show, e.g. 6 6 3 4", TEXT, False),
            ((scene.dice_prompt or "") + "_", TEXT, True),
            ("Enter: fix them   Esc: cancel", DIM, False)]  # fmt: skip
    img = rows_surface(rows, size, size * 26)
    pygame.draw.rect(img, (200, 200, 200), img.get_rect(), 1)
    screen.blit(img, img.get_rect(center=scene.layout.map.center))


def _debug_layout(scene: SandboxShown) -> None:
    """HEXPLATE_DEBUG_LAYOUT: what an end-to-end test needs to drive the screen."""
    state = scene.state
    view = _active(scene)
    buttons = {b.action: list(b.rect.center) for b in scene.palette_buttons
               if b.action.startswith(("carry:dummy", "tool:"))}  # fmt: skip
    log: LogView = scene.log_view
    extra = {
        "tool": scene.tool,
        "selected": scene.selected_id(),
        "actions": len(state.history),
        "undo": scene.app.line.at if scene.app.line is not None else 0,
        "animating": scene.anim is not None or scene.flyer.anim is not None,
        "popups": view.busy() if view is not None else False,
        "carrying": scene.carry is not None,
        "what_if": scene.what_if,
        "palette": buttons,
        "facings": {u.id: u.facing for u in state.units},
        "log": log.visible,
        "sheet": _sheet_lines(scene),
    }
    scene.view.write_debug_layout(state.units, extra)


def _active(scene: SandboxShown) -> HostedView | None:
    views: dict[str, HostedView] = {"attack": scene.fire, "strike": scene.strike,
                                    "fly": scene.flyer}  # fmt: skip
    return views.get(scene.tool)
