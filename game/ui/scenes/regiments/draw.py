"""One frame of the regiments screen: table, regiments, the planned order's path and ghost
with the distance left (or the reason in red), a charge's halt and aligned contact, the
countercharge question, banner, side panel with buttons, log, help and the load list.
Reads the scene (game.ui.scenes.regiments.scene); changes nothing but the button list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.core.files import save_dir
from game.regiments.engine import ENGINE
from game.regiments.paths import Leg
from game.regiments.regiment import Regiment
from game.regiments.verdict import Verdict
from game.ui.scenes.regiments.files import label
from game.ui.scenes.regiments.plan import Plan, describe, drag_step, pose_after, remaining
from game.ui.scenes.regiments.shown import RegimentsShown, RegimentTools
from game.ui.scenes.regiments.view import draw_ghost, draw_path, draw_regiment, poly, text_box
from game.ui.widgets.fonts import font
from game.ui.widgets.help import draw_help
from game.ui.widgets.hud import wrap
from game.ui.widgets.palette import BAD, BG, DIM, GOOD, LEGAL, SIDE_TEXT, TEXT, WARN
from game.ui.widgets.palette import TABLE_ILLEGAL as ILLEGAL
from game.ui.widgets.palette import TABLE_SELECT as SELECT
from game.ui.widgets.panels import button_grid, draw_button, rows_surface, side_colour

KEYS = (
    ("Click your regiment", "select it (one without a marker; Space: the next one)"),
    ("Drag the front edge", "move straight on (or back: half the rate)"),
    ("Drag a front corner", "wheel about the other corner (the arc counts, REG-02)"),
    ("M", "Move / March (twice the rate, halts near enemies)"),
    ("Q / E / Z", "face left / right / about (REG-08)"),
    ("W / N", "widen / narrow by a file each side (panel: one side)"),
    ("H", "hold: a hold marker, may still countercharge"),
    ("C, then an enemy", "charge: path, halt 3 cm short, aligned contact"),
    ("Backspace, right click", "remove the last step"),
    ("Enter", "commit the order (nothing else commits)"),
    ("Esc", "clear the order; again: deselect"),
    ("Y / N", "answer a countercharge question"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo a whole order (dice stay rolled)"),
    ("Wheel, + / -, F", "zoom, fit the table"),
    ("Middle drag, arrows", "pan"),
    ("Tab", "hide / show the panels"),
    ("Ctrl+S / Ctrl+O", "save / load a regiments game"),
    ("Ctrl+Q", "quit"),
)


def _help(tools: RegimentTools | None) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The help box's title and rows: the sandbox's keys first in the sandbox."""
    if tools is None:
        return "Regiments - keys and mouse", KEYS
    rest = tuple(k for k in KEYS[1:] if not k[0].startswith("Ctrl+S"))
    return "Regiments sandbox - keys and mouse", (*tools.help_rows, *rest)


def in_map(scene: RegimentsShown, pos: tuple[int, int]) -> bool:
    return scene.layout.map.collidepoint(pos)


def frame(scene: RegimentsShown, screen: pygame.Surface) -> None:
    lay = scene.layout
    screen.fill(BG)
    screen.set_clip(lay.map)
    scene.scenery.draw(screen, scene.cam)
    _regiments(scene, screen)
    _plan(scene, screen)
    tools = scene.tools  # the sandbox's (game.ui.scenes.regiments.tools), None in a game
    if tools is not None:
        tools.draw_map(screen)
    _waiting(scene, screen)
    screen.set_clip(None)
    _banner(scene, screen)
    scene.buttons = []
    if scene.panels:
        if tools is not None:
            tools.draw_panel(screen)
        else:
            _side(scene, screen)
        lines = [(e.text, TEXT if e.event.kind != "phase" else WARN) for e in scene.state.log]
        screen.blit(log_surface(lines, lay.log, lay.size), lay.log)
    _prompt(scene, screen)
    if scene.help:
        draw_help(screen, *_help(tools))
    if scene.saves is not None:
        _load_list(scene, screen)


def log_surface(lines: list[tuple[str, Any]], rect: pygame.Rect, size: int) -> pygame.Surface:
    """The newest log lines that fit, newest last."""
    surf = pygame.Surface(rect.size)
    surf.fill((20, 21, 24))
    f = font(max(13, size - 2))
    line_h = f.get_linesize()
    pad = max(4, size // 3)
    avail = max(1, (rect.h - 2 * pad) // line_h)
    wrapped: list[tuple[str, Any]] = []
    for text, colour in lines[-avail * 2 :]:
        for part in wrap(text, f, rect.w - 2 * pad):
            wrapped.append((part, colour))
    y = pad
    for text, colour in wrapped[-avail:]:
        surf.blit(f.render(text, True, colour), (pad, y))
        y += line_h
    pygame.draw.line(surf, (70, 74, 80), (0, 0), (rect.w, 0))
    return surf


def _regiments(scene: RegimentsShown, screen: pygame.Surface) -> None:
    s = scene.state
    side = ENGINE.actor(s)
    chosen = scene.plan.unit if scene.plan else None
    for r in s.regiments:
        draw_regiment(
            screen, scene.cam, r, selected=r.id == chosen, ready=r.side == side and not r.markers
        )


def _attempted(scene: RegimentsShown, extra: Leg | None) -> Regiment | None:
    p = scene.plan
    reg = scene.state.get(p.unit) if p else None
    if p is None or reg is None or p.kind not in ("move", "march"):
        return None
    steps = p.steps + ((extra,) if extra is not None else ())
    return pose_after(reg, steps)


def _plan(scene: RegimentsShown, screen: pygame.Surface) -> None:
    v: Verdict | None = scene.verdict
    p = scene.plan
    if v is None or p is None:
        return
    cam = scene.cam
    draw_path(screen, cam, v.path, LEGAL if v.legal else ILLEGAL)
    if p.kind == "charge":
        _charge(scene, screen, v)
        return
    extra = None
    if scene.drag is not None:
        extra = drag_step(scene.drag, cam.to_table(*scene.mouse))
    tried = _attempted(scene, extra)
    if v.legal:
        draw_ghost(screen, cam, v.end, True)
        if tried is not None and v.stopped:
            poly(screen, cam, tried.corners(), (200, 200, 200), 1)
    else:
        draw_ghost(screen, cam, tried or v.end, False)
    _tag(scene, screen, v, tried)


def _tag(scene: RegimentsShown, screen: pygame.Surface, v: Verdict, tried: Regiment | None) -> None:
    """The live readout beside the unit: distance left, or the reason in red."""
    cam = scene.cam
    where = (tried if tried is not None and not v.legal else v.end).corners()
    at = cam.to_screen(where.max(axis=0))
    size = max(14, scene.layout.size - 2)
    if v.legal:
        lines = [(f"{remaining(v):.1f} cm left of {v.allowance:g}", LEGAL)]
        if v.stopped:
            lines.append((v.stopped, (250, 215, 60)))
    else:
        lines = [(v.error or "illegal", ILLEGAL)]
    text_box(screen, (int(at[0]) + 8, int(at[1]) - 10), lines, size)


def _charge(scene: RegimentsShown, screen: pygame.Surface, v: Verdict) -> None:
    cam, plan = scene.cam, scene.plan
    assert plan is not None  # the verdict is the plan's
    if not v.legal:
        reg = scene.state.get(plan.unit)
        if reg is not None:
            draw_ghost(screen, cam, pose_after(reg, plan.steps), False)
        size = max(14, scene.layout.size - 2)  # the reason at the cursor (issue 25, 17),
        mx, my = scene.mouse  # not where a refused charge's end would have been
        text_box(screen, (mx + 16, my + 12), [(v.error or "illegal", ILLEGAL)], size)
        return
    if v.halt is not None:
        poly(screen, cam, v.halt.corners(), SELECT, 2)  # halt 3 cm short (REG-12)
    for m in v.meets:
        poly(screen, cam, m.at.corners(), (250, 160, 60), 2)
    others = [r for r in v.moved if r.id != v.end.id]
    for r in others:
        draw_ghost(screen, cam, r, True)
    draw_ghost(screen, cam, v.end, True)
    size = max(14, scene.layout.size - 2)
    lines = [(f"charge {v.used:.1f} of {v.allowance:g} cm", LEGAL)]
    if v.countercharge is not None:
        colour = (250, 215, 60) if v.countercharge.may else DIM
        lines.append((v.countercharge.why, colour))
    if v.stopped:
        lines.append((v.stopped, (250, 160, 60)))
    at = cam.to_screen(v.end.corners().max(axis=0))
    text_box(screen, (int(at[0]) + 8, int(at[1]) - 10), lines, size)


def _waiting(scene: RegimentsShown, screen: pygame.Surface) -> None:
    v = scene.waiting_charge()
    if v is None:
        return
    draw_path(screen, scene.cam, v.path, SELECT)
    draw_ghost(screen, scene.cam, v.end, True)


def _prompt(scene: RegimentsShown, screen: pygame.Surface) -> None:
    p = scene.state.pending
    if p is None:
        return
    size = scene.layout.size
    m = scene.layout.map
    box = pygame.Rect(0, 0, min(m.w - 20, size * 34), size * 7)
    box.midtop = (m.centerx, m.y + size)
    pygame.draw.rect(screen, (27, 29, 33), box, border_radius=10)
    pygame.draw.rect(screen, (250, 215, 60), box, 2, border_radius=10)
    reg = next((r for r in p.before if r.id == p.ask), None)
    who = reg.label if reg else p.ask
    side = reg.side if reg else "?"
    text = f"Side {side}: {p.order.unit} halts 3 cm short. Does {who} countercharge?"
    img = font(size + 2, True).render(text, True, TEXT)
    screen.blit(img, (box.x + size, box.y + size // 2))
    area = pygame.Rect(box.x + size, box.y + size * 3, box.w - 2 * size, size * 3)
    specs = [("yes", "Countercharge (Y)", False, True), ("no", "Stand (N)", False, True)]
    for b in button_grid(area, specs, size, cols=2):
        scene.buttons.append(b)
        draw_button(screen, b, size, b.rect.collidepoint(scene.mouse))


def _banner(scene: RegimentsShown, screen: pygame.Surface) -> None:
    lay = scene.layout
    side = ENGINE.actor(scene.state)
    pygame.draw.rect(screen, side_colour(side), lay.banner)
    img = font(round(lay.size * 1.2), True).render(
        ENGINE.banner(scene.state), True, SIDE_TEXT.get(side or "", TEXT)
    )
    screen.blit(
        img, (lay.banner.x + lay.size, lay.banner.y + (lay.banner.h - img.get_height()) // 2)
    )
    hint = font(lay.size).render("F1: help", True, SIDE_TEXT.get(side or "", TEXT))
    if img.get_width() + hint.get_width() + 3 * lay.size < lay.banner.w:
        screen.blit(
            hint,
            (
                lay.banner.right - hint.get_width() - lay.size,
                lay.banner.y + (lay.banner.h - hint.get_height()) // 2,
            ),
        )


def unit_rows(r: Regiment) -> list[tuple[str, Any, bool]]:
    marks = ", ".join(r.markers) or "none"
    return [
        (f"{r.id}  {r.name or 'Regiment'}  (side {r.side})", side_colour(r.side), True),
        (
            f"{r.files} files x {r.ranks} ranks of {r.stand[0]:g} x {r.stand[1]:g} cm stands",
            TEXT,
            False,
        ),
        (
            f"Move {r.move:g} cm, march {2 * r.move:g}, charge {2 * r.move:g}; size {r.size}",
            TEXT,
            False,
        ),
        (f"Markers: {marks}", DIM, False),
    ]


def plan_rows(scene: RegimentsShown, reg: Regiment) -> list[tuple[str, Any, bool]]:
    """The selected regiment, its planned order and the rules' verdict on it."""
    rows = unit_rows(reg)
    assert scene.plan is not None  # the rows of the regiment planned
    rows.append((describe(scene.plan), WARN, True))
    v = scene.verdict
    if v is not None and v.legal:
        rows.append((f"Uses {v.used:.2f} of {v.allowance:g} cm ({remaining(v):.2f} left)", GOOD,
                     False))  # fmt: skip
    elif v is not None:
        rows.append((v.error or "", BAD, False))
    return rows


def grid(
    scene: RegimentsShown,
    screen: pygame.Surface,
    area: pygame.Rect,
    specs: list[tuple[str, str, bool, bool]],
    size: int,
    cols: int = 3,
) -> int:
    """Buttons in a grid from ``area``'s top (those that fit), added to the scene's
    buttons; the y below the last row drawn."""
    bottom = area.y
    for b in button_grid(area, specs, size, cols):
        if b.rect.bottom <= area.bottom:
            scene.buttons.append(b)
            draw_button(screen, b, size, b.rect.collidepoint(scene.mouse))
            bottom = b.rect.bottom
    return bottom


def _side(scene: RegimentsShown, screen: pygame.Surface) -> None:
    lay = scene.layout
    rect = lay.side
    pygame.draw.rect(screen, BG, rect)
    p = scene.plan
    reg = scene.state.get(p.unit) if p else None
    if reg is not None:
        rows = plan_rows(scene, reg)
    else:
        rows = [("Click one of your regiments (outlined) to give it an order.", DIM, False)]
    surf = rows_surface(rows, lay.size - 2, rect.w)
    screen.blit(surf, rect.topleft)
    area = pygame.Rect(rect.x, rect.y + surf.get_height(), rect.w, rect.h - surf.get_height())
    grid(scene, screen, area, order_buttons(scene, p, reg is not None), lay.size - 2)


def order_buttons(
    scene: RegimentsShown, p: Plan | None, on: bool
) -> list[tuple[str, str, bool, bool]]:
    """The side panel's buttons: (action, label, active, enabled)."""
    kind = p.kind if p else ""
    turn, side = (p.turn, p.side) if p else (None, None)
    return [
        ("march", "March (M)" if kind != "march" else "Move (M)", kind == "march", on),
        ("face:-90", "Face left", kind == "face" and turn == -90, on),
        ("face:90", "Face right", kind == "face" and turn == 90, on),
        ("face:180", "About face", kind == "face" and turn == 180, on),
        ("widen:left", "Widen L", kind == "widen" and side == "left", on),
        ("widen:both", "Widen", kind == "widen" and side == "both", on),
        ("widen:right", "Widen R", kind == "widen" and side == "right", on),
        ("narrow:left", "Narrow L", kind == "narrow" and side == "left", on),
        ("narrow:both", "Narrow", kind == "narrow" and side == "both", on),
        ("narrow:right", "Narrow R", kind == "narrow" and side == "right", on),
        ("hold", "Hold (H)", kind == "hold", on),
        ("charge", "Charge (C)", kind == "charge", on),
        ("commit", "Commit (Enter)", False, on),
        ("clear", "Clear (Esc)", False, on),
        ("next", "Next (Space)", False, True),
        ("undo", "Undo", False, scene.history.can_undo),
        ("redo", "Redo", False, scene.history.can_redo),
    ]


def load_rows(scene: RegimentsShown) -> list[tuple[pygame.Rect, Path]]:
    size = scene.layout.size
    w = scene.app.screen.get_width()
    x = (w - size * 30) // 2
    return [
        (pygame.Rect(x, size * 6 + i * round(size * 1.6), size * 30, round(size * 1.5)), p)
        for i, p in enumerate(scene.saves or [])
    ]


def _load_list(scene: RegimentsShown, screen: pygame.Surface) -> None:
    size = scene.layout.size
    shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    screen.blit(shade, (0, 0))
    head = f"Load a regiments game from {save_dir()}  (click one; Esc: back)"
    screen.blit(
        font(size + 4, True).render(head, True, TEXT),
        ((screen.get_width() - size * 30) // 2, size * 4),
    )
    rows = load_rows(scene)
    if not rows:
        screen.blit(
            font(size).render("No regiments saves yet (Ctrl+S saves).", True, DIM),
            ((screen.get_width() - size * 30) // 2, size * 6),
        )
    for rect, path in rows:
        hover = rect.collidepoint(scene.mouse)
        pygame.draw.rect(screen, (60, 90, 140) if hover else (45, 48, 55), rect, border_radius=6)
        screen.blit(
            font(size).render(label(path), True, TEXT), (rect.x + size // 2, rect.y + size // 4)
        )
