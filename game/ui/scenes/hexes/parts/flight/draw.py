"""Drawing the aerospace movement screen (game.ui.scenes.hexes.flight.scene): the planned flight
path numbered hex by hex, out-of-control units' forced paths with their collision checks, the
fliers above the ground units, the side panel with thrust and control, the dice."""

from __future__ import annotations

import math

import pygame

from game.hexgrid import DIRECTION_NAMES, neighbour
from game.rules.aero import Flight, out_of_control
from game.ui.map.anim import popup_surface
from game.ui.map.fliers import draw_flier, lifted
from game.ui.scenes.hexes.parts.flight.shown import FlightShown
from game.ui.widgets.fonts import font, log_size
from game.ui.widgets.handoff import draw_handoff
from game.ui.widgets.help import draw_help
from game.ui.widgets.palette import BAD, BG, DIM, GOOD, TEXT, WARN
from game.ui.widgets.panels import (
    Button,
    Row,
    banner_surface,
    draw_button,
    rows_surface,
    side_colour,
)

PATH, FORCED, SELECT, CHECK = (120, 220, 255), (235, 70, 55), (255, 255, 255), (250, 215, 60)
FLIGHT_KEYS: tuple[tuple[str, str], ...] = (
    ("Click a ringed flier, N", "select the unit to fly (N: the next one)"),
    ("W / S", "spend a thrust point to speed up / slow down (before the first hex)"),
    ("Q / E  or  [ / ]", "turn left / right after the hex under the mouse"),
    ("Backspace", "clear the plan: no thrust, no turns"),
    ("Enter", "fly the path shown (an out-of-control unit flies its forced path)"),
    ("Red path", "an out-of-control unit's forced path; 11+ / 10+ are its collision checks"),
    ("Yellow badge", "more than safe thrust: a control roll in the end phase"),
    ("Click, any key in a flight", "skip the animation"),
    ("Esc", "drop the selection; again: the menu"),
    ("Middle drag, arrows, wheel", "pan and zoom; F fits the map"),
    ("L, Tab or F2", "the whole game's log; hide / show the panels"),
    ("Ctrl+S / Ctrl+O / F1", "save / load / this help"),
)


def draw_flight(scene: FlightShown, screen: pygame.Surface) -> None:
    state, view = scene.state, scene.view
    view.sync(state.board)
    view.draw_map(screen)
    for f in scene.forced():
        _draw_path(scene, screen, f, FORCED)
    flight = scene.flight()
    if flight is not None and scene.anim is None:
        _draw_path(scene, screen, flight, PATH if flight.legal else BAD)
    rings = {u.id: side_colour(u.side) for u in scene.fliers()}
    if scene.plan is not None:
        rings[scene.plan.unit_id] = SELECT
    hide = scene.anim.unit_id if scene.anim is not None else None
    view.draw_units(screen, state.units, hide=hide, ring=rings)
    if scene.anim is not None:
        _draw_moving(scene, screen)
    lay = scene.layout
    extra = f"- {scene.plan.unit_id} flies" if scene.plan is not None else ""
    screen.blit(banner_surface(state, extra, lay.banner, lay.size), lay.banner.topleft)
    if scene.panels:
        _draw_side(scene, screen)
        scene.log_view.draw(screen, lay.log, state, log_size(screen.get_height()),
                            scene.log_upto())  # fmt: skip
    popup = scene.popup()
    if popup is not None:
        img = popup_surface(popup, lay.size)
        screen.blit(img, img.get_rect(center=lay.map.center))
    elif scene.handoff is not None:
        draw_handoff(scene, screen)
    if scene.help:
        draw_help(screen, "Aerospace movement", FLIGHT_KEYS)


def _draw_path(scene: FlightShown, screen: pygame.Surface, f: Flight, colour: tuple[int, int, int]
               ) -> None:  # fmt: skip
    """The hexes ahead, numbered; the collision checks (AERO-06); the end facing; an
    arrow off the map edge when the flight leaves it."""
    view, zoom = scene.view, scene.view.camera.zoom
    u = scene.state.unit(f.unit_id)
    if u is None:
        return
    pts = [lifted(view.centre(h), zoom) for h in (u.at, *f.path)]
    if f.off_map:
        last = f.path[-1] if f.path else u.at
        pts.append(lifted(view.centre(neighbour(last, f.facing)), zoom))
    if len(pts) > 1:
        pygame.draw.lines(screen, (20, 20, 24), False, pts, max(3, round(7 * zoom)))
        pygame.draw.lines(screen, colour, False, pts, max(2, round(4 * zoom)))
    f_num = font(max(10, round(16 * zoom)), True)
    for n, h in enumerate(f.path, start=1):
        view.renderer.outline(screen, view.camera, h, colour, 2)
        img = f_num.render(str(n), True, colour)
        x, y = view.centre(h)
        screen.blit(img, img.get_rect(center=(x, y + 22 * zoom)))
    checks = {c.at: c for c in f.collision_checks}
    for h, c in checks.items():
        _badge(screen, view.centre(h), f"{c.target}+", CHECK, zoom)
    if f.control_rolls and f.path:
        target = f.control_rolls[0].target
        _badge(screen, view.centre(f.path[-1]), f"roll {target}+", WARN, zoom, up=True)
    if f.path and not f.off_map:
        _arrow(screen, view.centre(f.path[-1]), f.facing, colour, zoom)


def _badge(screen: pygame.Surface, c: tuple[float, float], text: str,
           colour: tuple[int, int, int], zoom: float, up: bool = False) -> None:  # fmt: skip
    f = font(max(10, round(15 * zoom)), True)
    img = f.render(text, True, (20, 20, 22))
    box = img.get_rect().inflate(8, 4)
    box.center = (round(c[0] - 26 * zoom), round(c[1] + (-34 if up else 30) * zoom))
    pygame.draw.rect(screen, colour, box, border_radius=box.h // 2)
    pygame.draw.rect(screen, (20, 20, 22), box, 1, border_radius=box.h // 2)
    screen.blit(img, img.get_rect(center=box.center))


def _arrow(screen: pygame.Surface, c: tuple[float, float], facing: int,
           colour: tuple[int, int, int], zoom: float) -> None:  # fmt: skip
    """A chevron on the end hex pointing along the facing after the flight."""
    a = math.radians(60 * facing)
    ux, uy = math.sin(a), -math.cos(a)
    r = 30 * zoom
    tip = (c[0] + ux * r, c[1] + uy * r)
    left = (c[0] + ux * r * 0.55 - uy * r * 0.3, c[1] + uy * r * 0.55 + ux * r * 0.3)
    right = (c[0] + ux * r * 0.55 + uy * r * 0.3, c[1] + uy * r * 0.55 - ux * r * 0.3)
    pygame.draw.polygon(screen, colour, [tip, left, right])
    pygame.draw.polygon(screen, (20, 20, 24), [tip, left, right], 1)


def _draw_moving(scene: FlightShown, screen: pygame.Surface) -> None:
    anim = scene.anim
    assert anim is not None  # drawn while a flight is shown
    u = scene.state.unit(anim.unit_id)
    if u is None or anim.position is None:
        return
    h, facing = anim.position
    view = scene.view
    old = screen.get_clip()
    screen.set_clip(pygame.Rect(view.camera.view))
    if scene.state.board.contains(h):
        draw_flier(screen, u, view.centre(h), view.camera.zoom, facing=facing)
    screen.set_clip(old)


def turns_line(plan: object, f: Flight) -> str:
    """The plan's turns in words and the facing it ends with ("turns: L after hex 1, R
    after hex 3; ends facing NE")."""
    turns = sorted(getattr(plan, "turns", {}).items()) if plan is not None else []
    said = ", ".join(f"{way} after hex {k}" for k, way in turns) or "none"
    return f"Turns: {said}; ends facing {DIRECTION_NAMES[f.facing]}"


def flight_rows(scene: FlightShown) -> list[Row]:
    """The selected flier: velocity, thrust, control; the plan and what it will cost."""
    u, f = scene.unit(), scene.flight()
    if u is None or u.craft is None:
        return [("No flier selected", TEXT, True),
                ("Click one of your ringed fliers (or press N) to plan its flight.", DIM,
                 False)]  # fmt: skip
    c = u.craft
    rows: list[Row] = [(f"{u.id}  {u.name or 'aerospace unit'}", side_colour(u.side), True),
                       (f"{c.kind_label}, {u.tons} t, pilot P{u.piloting}", DIM, False),
                       (f"velocity {c.velocity}, thrust {c.thrust} of {c.max_thrust} "
                        f"(safe {c.safe_thrust})", TEXT, False)]  # fmt: skip
    if out_of_control(u):
        rows.append(("OUT OF CONTROL: no thrust, no turns, straight ahead (AERO-05); +2 to "
                     "its attacks (AERO-09)", BAD, True))  # fmt: skip
    if f is None:
        return rows
    colour = GOOD if f.legal else BAD
    rows.append((f"Plan: velocity {f.velocity_after}, {f.thrust_used} thrust, "
                 f"{len(f.path)} hexes", colour, True))  # fmt: skip
    rows.append((turns_line(scene.plan, f), TEXT, False))  # finding 11: Q / E show here too
    if not f.legal:
        rows.append((f.error or "not legal", BAD, False))
    if f.off_map:
        rows.append(("It flies off the map and leaves the game", WARN, True))
    for r in f.control_rolls:
        rows.append((f"Control roll in the end phase: {r.target}+ ({r.reason})", WARN, True))
        rows += [(f"  {m.reason} {m.value:+d} ({m.rule})", DIM, False) for m in r.modifiers]
    for chk in f.collision_checks:
        name = scene.state.board.hex_name(chk.at)
        rows.append((f"Collision check at {name}: {chk.target}+ ({', '.join(chk.units)})",
                     WARN, False))  # fmt: skip
    return rows


def _draw_side(scene: FlightShown, screen: pygame.Surface) -> None:
    lay = scene.layout
    rect = lay.side
    pygame.draw.rect(screen, BG, rect)
    key = ("side", id(scene.state), scene.plan.unit_id if scene.plan else None,
           scene.steps(), rect.w, lay.size)  # fmt: skip
    img = scene.cache.get("side", key, lambda: rows_surface(scene.side_rows(), lay.size, rect.w))
    screen.blit(img, rect.topleft)
    _draw_buttons(scene, screen, rect, lay.size)


def _draw_buttons(scene: FlightShown, screen: pygame.Surface, rect: pygame.Rect, size: int) -> None:
    bh = round(size * 1.9)
    specs = (("down", "Slower (S)"), ("up", "Faster (W)"), ("left", "Turn L (Q)"),
             ("right", "Turn R (E)"), ("clear", "Clear (Bksp)"), ("next", "Next (N)"),
             ("fly", "Fly (Enter)"))  # fmt: skip
    w = (rect.w - size * 3) // 2
    rows = (len(specs) + 1) // 2
    y0 = rect.bottom - rows * (bh + size // 3) - size // 2
    scene.buttons = []
    for i, (action, label) in enumerate(specs):
        x = rect.x + size + (i % 2) * (w + size)
        y = y0 + (i // 2) * (bh + size // 3)
        width = w * 2 + size if action == "fly" else w
        b = Button(pygame.Rect(x, y, width, bh), action, label, action == "fly")
        scene.buttons.append(b)
        draw_button(screen, b, size, b.rect.collidepoint(scene.mouse))
