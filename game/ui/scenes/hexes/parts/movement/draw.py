"""One frame of the movement screen: cached map, cached layers, counters, cached panels.

Everything expensive (map per zoom, reach and path layers, panel text) is rebuilt only
when its key changes; this function blits and draws a handful of outlines.
"""

from __future__ import annotations

import os
from typing import Any

import pygame

from game.flow import actor
from game.ui.app.pace import dice_banner
from game.ui.map.anim import popup_surface
from game.ui.map.overlays import MoveWarning
from game.ui.map.view import unit_under
from game.ui.scenes.hexes.parts.movement.shown import MovementShown
from game.ui.widgets.fonts import draw_text, font, log_size, place
from game.ui.widgets.handoff import draw_handoff
from game.ui.widgets.help import PLAY_KEYS, draw_help
from game.ui.widgets.hud import show_tip
from game.ui.widgets.map_notes import map_notes
from game.ui.widgets.palette import BG, DIM, HOVER, SELECT, TEXT
from game.ui.widgets.panels import (
    Button,
    banner_surface,
    button_grid,
    draw_button,
    rows_surface,
    side_colour,
    summary_rows,
    tooltip,
)
from game.ui.widgets.record_sheet import record_sheet, sheet_lines
from game.ui.widgets.safe_colours import BAD
from game.ui.widgets.unit_tip import tip_beside, tip_rows

from .charge_draw import charge_rows


def draw_scene(scene: MovementShown, screen: pygame.Surface) -> None:
    state, view = scene.state, scene.view
    view.sync(state.board)  # MOV-27 and rubble: the terrain as it is now
    view.draw_map(screen)
    scene._reach_layer().draw(screen, view.camera)
    anim = scene.anim
    hide = anim.unit_id if anim is not None else None
    side = actor(state)
    rings = {u.id: side_colour(side) for u in scene.movable()} if anim is None else {}
    if scene.plan is not None:
        rings[scene.plan.unit_id] = SELECT
    view.draw_units(screen, state.units, hide=hide, ring=rings)
    if scene.plan is not None and anim is None:
        scene.targets_layer.draw(screen, view.camera)  # enemies a charge or DFA can reach
        scene.path_layer.draw(screen, view.camera)
    if scene.hover is not None and anim is None:
        view.renderer.outline(screen, view.camera, scene.hover, HOVER, 2)
    if anim is not None:
        _draw_anim(scene, screen)
    elif scene.marks:
        _draw_marks(scene, screen)
    _draw_banner(scene, screen)
    if scene.panels:
        _draw_side(scene, screen)
        _draw_log(scene, screen)
    else:
        scene.buttons = []
    if anim is not None:
        _draw_popup(scene, screen)
    _draw_hover_info(scene, screen)
    if scene.handoff is not None and anim is None:
        draw_handoff(scene, screen)
    if scene.help:
        draw_help(screen, "How to play", PLAY_KEYS + map_notes(scene.state))
    extra = {
        "side_to_act": side,
        "phase": state.phase,
        "handoff": scene.handoff,
        "animating": anim is not None,
        "selected": scene.plan.unit_id if scene.plan else None,
        "actions": len(state.history),
        "underway": state.underway.unit_id if state.underway else None,
        "log": scene.log_view.visible,  # what the log shows now, row by row
        "sheet": _sheet_lines(scene),
        "turn": state.turn,
        "screen": getattr(scene.app.top, "scene_name", None),  # "summary": the turn's summary
    }
    view.write_debug_layout(state.units, extra)


def _sheet_lines(scene: MovementShown) -> list[str]:
    if not os.environ.get("HEXPLATE_DEBUG_LAYOUT"):
        return []  # only the debug layout asks (it is built every frame)
    uid = scene.plan.unit_id if scene.plan is not None else scene.inspect
    unit = scene.sheet_state.unit(uid) if uid else None
    return sheet_lines(unit) if unit is not None else []


def _draw_anim(scene: MovementShown, screen: pygame.Surface) -> None:
    from game.ui.map.sprites import draw_unit

    anim = scene.anim
    assert anim is not None  # drawn while a move is shown
    unit = scene.state.unit(anim.unit_id)
    if unit is None or anim.position is None:
        return
    h, facing = anim.position
    view = scene.view
    c = view.centre(h)
    old = screen.get_clip()
    screen.set_clip(pygame.Rect(view.camera.view))
    draw_unit(screen, unit, c, view.camera.zoom, facing=facing, show_moved=False)
    screen.set_clip(old)


def _draw_popup(scene: MovementShown, screen: pygame.Surface) -> None:
    """The roll pop-up beside the moving unit, kept inside the map area (over nothing
    else: the panels are drawn before it)."""
    anim, view, lay = scene.anim, scene.view, scene.layout
    assert anim is not None  # drawn while a move is shown
    popup = anim.popup
    if popup is None or anim.position is None:
        return
    surf = scene.cache.get("popup", (id(popup), lay.size), lambda: popup_surface(popup, lay.size))
    c = view.centre(anim.position[0])
    x = c[0] + 45 * view.camera.zoom
    if x + surf.get_width() > lay.map.right - 4:  # no room on the right: the left side
        x = max(lay.map.x + 4, c[0] - 45 * view.camera.zoom - surf.get_width())
    y = c[1] - surf.get_height() / 2
    y = min(max(lay.map.y + 4, y), lay.map.bottom - surf.get_height() - 4)
    screen.blit(surf, (x, y))


def _draw_marks(scene: MovementShown, screen: pygame.Surface) -> None:
    """Red labels ("FALL -4 -6", "BRIDGE DOWN") over the hexes the last move hit; labels
    on the same hex stack upwards instead of overlapping."""
    size = scene.layout.size
    stacked: dict[Any, float] = {}
    for h, text, left in scene.marks:
        img = scene.cache.get(f"mark:{text}", (text, size), lambda t=text: _mark(t, size))
        x, y = scene.view.centre(h)
        bottom = stacked.get(h, y - 40 * scene.view.camera.zoom)
        stacked[h] = bottom - img.get_height() - 2
        img.set_alpha(round(255 * min(1.0, left)))
        screen.blit(img, (x - img.get_width() / 2, bottom - img.get_height()))


def _mark(text: str, size: int) -> pygame.Surface:
    img = font(size + 4, True).render(text, True, (255, 255, 255))
    surf = pygame.Surface((img.get_width() + size, img.get_height() + 6), pygame.SRCALPHA)
    pygame.draw.rect(surf, (190, 40, 35), surf.get_rect(), border_radius=8)
    surf.blit(img, (size // 2, 3))
    return surf


def _draw_banner(scene: MovementShown, screen: pygame.Surface) -> None:
    lay = scene.layout
    extra = ""
    if scene.plan is not None:
        careless = " (careless)" if scene.plan.careless else ""
        extra = f"- {scene.plan.unit_id}: {scene.plan.mode}{careless}"
    shown = scene.shown if scene.anim is not None else None  # the state before the move
    head = dice_banner(shown) if shown is not None else None  # finding 4: not ahead of the dice
    surf = scene.cache.get(
        "banner",
        (id(scene.state), extra, lay.banner.size, head),
        lambda: banner_surface(scene.state, extra, lay.banner, lay.size, head),
    )
    screen.blit(surf, lay.banner.topleft)


def _draw_side(scene: MovementShown, screen: pygame.Surface) -> None:
    """The record sheet, buttons and path summary: one cached surface per content."""
    lay = scene.layout
    state = scene.sheet_state
    rect = lay.side
    uid = scene.plan.unit_id if scene.plan is not None else scene.inspect
    info = scene.info
    specs = tuple((b.action, b.label, b.enabled) for b in _buttons(scene, rect, lay.size))
    hovered = next((i for i, b in enumerate(scene.buttons) if b.rect.collidepoint(scene.mouse)), -1)
    key = (
        id(state), uid, rect.size, lay.size, hovered, specs, id(info.get("result")),
        info.get("error"), info.get("title"), info.get("facing"), id(info.get("other")),
    )  # fmt: skip
    surf, buttons = scene.cache.get("side", key, lambda: _side_surface(scene, rect, uid, hovered))
    scene.buttons = buttons
    screen.blit(surf, rect.topleft)


SUMMARY_ROOM = 7  # text lines kept free under the buttons for the path's summary


def _side_surface(scene: MovementShown, rect: pygame.Rect, uid: str | None, hovered: int):
    lay, state = scene.layout, scene.sheet_state
    surf = pygame.Surface(rect.size)
    surf.fill(BG)
    pygame.draw.line(surf, (70, 74, 80), (0, 0), (0, rect.h))
    unit = state.unit(uid) if uid else None
    info = scene.info
    rows = charge_rows(info, uid or "") if "attack" in info else summary_rows(info)
    summary = rows_surface(rows, lay.size, rect.w)
    probe = _buttons(scene, pygame.Rect(0, 0, rect.w, rect.h), lay.size)
    # finding 15: the sheet's form does not follow the summary's length, so planning a
    # path never drops the weapons list nor moves the buttons: room for a path's summary
    # is kept whether one is planned or not
    room = max(summary.get_height(), SUMMARY_ROOM * lay.size)
    below = (max(b.rect.bottom for b in probe) + lay.size // 2 if probe else 0) + room
    if unit is not None:  # with its weapons and ammunition when they fit
        top = record_sheet(state, unit, rect.w, lay.size, full=True)
        if top.get_height() + below > rect.h:
            top = record_sheet(state, unit, rect.w, lay.size)
        if top.get_height() + below > rect.h:  # a short window: the sheet's smaller type
            top = record_sheet(state, unit, rect.w, max(12, lay.size - 3))
    else:
        rows = scene.idle_rows() if hasattr(scene, "idle_rows") else [  # the sandbox's own
            ("No unit selected", TEXT, True),
            ("Click one of your units (ringed) to plan its move (N: the next one, shown on "
             "the map); hover any unit for its state.", DIM, False),
        ]  # fmt: skip
        top = rows_surface(rows, lay.size, rect.w)
    place(surf, top, (0, 0), "record sheet")
    y = top.get_height()
    local = _buttons(scene, pygame.Rect(0, y, rect.w, rect.h), lay.size)
    for i, b in enumerate(local):
        draw_button(surf, b, lay.size, i == hovered)
    y = max(b.rect.bottom for b in local) + lay.size // 2 if local else y
    place(surf, summary, (0, y), "path summary")
    buttons = [
        Button(b.rect.move(rect.x, rect.y), b.action, b.label, b.active, b.enabled) for b in local
    ]
    return surf, buttons


def _buttons(scene: MovementShown, rect: pygame.Rect, size: int) -> list[Button]:
    plan = scene.plan
    if plan is None:
        specs = [("next", "Next unit (N)", False, bool(scene.movable())),
                 ("log", "Full log (L)", False, True)]  # fmt: skip
        return button_grid(rect, specs, size, 2)
    unit = scene.state.unit(plan.unit_id)
    busy = scene.state.underway
    going = busy is not None and unit is not None and busy.unit_id == unit.id
    jump = unit is not None and unit.jump_mp() > 0 and not going
    mech = unit is not None and unit.is_mech
    prone = unit is not None and unit.prone
    free = not going  # a move under way keeps its mode
    specs = [
        ("walk", "Walk (W)", plan.mode == "walk", free or plan.mode == "walk"),
        ("run", "Run (R)", plan.mode == "run", free or plan.mode == "run"),
        ("jump", "Jump (J)", plan.mode == "jump", jump),
        ("stand", "End move (S)" if going else "Stand still (S)", False, True),
    ]
    if mech:  # vehicles never go prone
        specs.append(("U" if prone else "P", "Stand up (U)" if prone else "Go prone (P)",
                      False, True))  # fmt: skip
    if scene.state.rules.tacops and mech:  # ADV-01..16 (game.ui.scenes.hexes.parts.movement.tacops)
        hull = unit is not None and unit.hull_down
        specs += [
            ("crawl", "Crawl (K)", plan.mode == "crawl", prone and free),
            ("hull", "Leave hull-down (H)" if hull else "Hull-down (H)", hull or plan.hull, True),
            ("defend", "Defend (D)", False, free),
        ]
    if scene.state.rules.tacops and plan.mode in ("walk", "run"):
        specs.append(("careless", "Careless (X)", plan.careless, True))
    if unit is not None and unit.kind == "submarine":  # ADV-25 (parts.movement.dive)
        specs += [("dive", "Dive (V)", False, True), ("rise", "Rise (B)", False, True)]
    if unit is not None and unit.kind == "vtol":  # ADV-25 (movement.altitude)
        specs += [("dive", "Descend (V)", False, True), ("rise", "Rise (B)", False, True)]
    ok = "steps" in scene.info and not scene.info.get("error")
    attack = scene.info.get("attack")
    if attack is not None:  # the charge or death from above shown (movement.charge_act)
        specs.append(("commit", f"Declare {attack.name} (C)", False, attack.ready))
    else:
        specs.append(("commit", "Commit (Enter)", False, ok))
    return button_grid(rect, specs, size, 3)


def _draw_log(scene: MovementShown, screen: pygame.Surface) -> None:
    lay = scene.layout
    scene.log_view.draw(screen, lay.log, scene.state, log_size(screen.get_height()),
                        scene.log_upto())  # fmt: skip


def _draw_hover_info(scene: MovementShown, screen: pygame.Surface) -> None:
    """Hex name and terrain in the map's corner; a PSR marker's breakdown under the mouse."""
    lay, view = scene.layout, scene.view
    h = scene.hover
    if h is not None:
        b = scene.state.board
        text = f"{b.hex_name(h)}  {b.describe(h)}"
        f = font(lay.size - 2)
        room = pygame.Rect(lay.map.x + 8, lay.map.y, lay.map.w - 16, lay.map.h - 8)
        w = min(f.size(text)[0], room.w)
        x, y = lay.map.x + 8, lay.map.bottom - f.get_linesize() - 8
        pygame.draw.rect(screen, (20, 21, 24), (x - 4, y - 2, w + 8, f.get_linesize() + 4),
                         border_radius=4)  # fmt: skip
        draw_text(screen, text, f, TEXT, (x, y), room, elide=True)
    psr = scene.path_layer.marker_at(view.camera, *scene.mouse) if scene.plan is not None else None
    if psr is not None:
        if isinstance(psr, MoveWarning):  # MOV-27: the collapse, in words
            rows = [("Warning", BAD, True), (psr.text, TEXT, False)]
        else:
            need = f"roll {psr.target}+" if isinstance(psr.target, int) else str(psr.target)
            rows = [(f"{psr.reason}: {need}", (250, 215, 60), True)]
            rows += [(f"{m.reason}  {m.value:+d}", TEXT, False) for m in psr.modifiers]
        tip = scene.cache.get(
            "tip", (id(psr), lay.size), lambda: tooltip(rows, lay.size - 2, lay.size * 18)
        )
        show_tip(screen, tip, scene.mouse)
        return
    _draw_unit_tip(scene, screen)


def _draw_unit_tip(scene: MovementShown, screen: pygame.Surface) -> None:
    """Hovering any unit: its name, side, armour state and what it did this turn."""
    if scene.hover is None or scene.anim is not None or scene.handoff is not None:
        return
    if not scene.layout.map.collidepoint(scene.mouse):
        return
    state = scene.sheet_state
    unit = unit_under(state, scene.hover)
    plan = scene.plan
    if unit is None or (plan is not None and plan.unit_id == unit.id and plan.dest == unit.at):
        return  # nothing there, or the unit turning in its own hex: the arrow stays visible
    if scene.attack is not None and plan is not None and plan.dest == unit.at:
        return  # the attack's numbers on the enemy stay visible
    size = scene.layout.size
    tip = scene.cache.get(
        "unit_tip",
        (id(state), unit.id, size),
        lambda: tooltip(tip_rows(state, unit), size - 2, size * 20),
    )
    tip_beside(screen, tip, scene.view.hex_box(unit.at), scene.mouse)  # the unit stays seen
