"""Keys and mouse of the movement screen, turned into calls on the PlayScene.

Kept apart from the scene so the mapping from input to intent reads in one place (and
matches the help overlay, game.ui.widgets.help.PLAY_KEYS).
"""

from __future__ import annotations

import math
import time

import pygame

from game.ui.scenes.hexes.move_plan import facing_from_angle, nearest_facing
from game.ui.scenes.hexes.parts.movement import altitude as play_altitude
from game.ui.scenes.hexes.parts.movement import tacops as play_tacops
from game.ui.scenes.hexes.parts.movement.shown import MovementShown
from game.ui.widgets.fonts import log_size
from game.ui.widgets.handoff import HANDOFF_GRACE
from game.ui.widgets.help import help_key
from game.ui.widgets.keys import is_confirm
from game.ui.widgets.panels import button_at
from game.ui.widgets.refusals import unused_key

DRAG_PX = 10


def handle_event(scene: MovementShown, event: pygame.event.Event) -> bool:
    if help_key(scene, event):
        return True
    if scene.help:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            scene.help = False
        return True
    if scene.anim is not None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            scene.anim.skip()
            scene.skipped_at = time.monotonic()
        return True
    if scene.handoff is not None:
        if event.type == pygame.MOUSEBUTTONDOWN or is_confirm(event):
            if time.monotonic() - scene.skipped_at < HANDOFF_GRACE:
                scene.skipped_at = 0.0  # the mover's impatient double click: the next
                return True  # player still has to see "take the mouse"
            scene.handoff = None
            scene.focus_side(zoom=False)
            scene._update_hover(scene.mouse)
        return True
    if event.type == pygame.KEYDOWN:
        return _key(scene, event)
    if event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
        scene.space = False
        return True
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        return _mouse(scene, event)
    if event.type == pygame.MOUSEWHEEL:
        return _wheel(scene, event)
    return False  # a key let go (but Space), or no input at all


TACOPS_BUTTONS = {  # the tacops option's commands (movement.tacops, ADV-01..16)
    "crawl": lambda scene: scene.set_mode("crawl"),
    "careless": play_tacops.toggle_careless,
    "hull": play_tacops.hull_down,
    "defend": play_tacops.defend,
}
TACOPS_KEYS = {
    pygame.K_k: TACOPS_BUTTONS["crawl"],  # K: C declares a charge
    pygame.K_x: TACOPS_BUTTONS["careless"],
    pygame.K_h: TACOPS_BUTTONS["hull"],
    pygame.K_d: TACOPS_BUTTONS["defend"],
}
DIVE_KEYS = {pygame.K_v: play_altitude.down, pygame.K_b: play_altitude.up}  # ADV-25: subs, VTOLs
FACING_KEYS = {pygame.K_q: -1, pygame.K_e: 1, pygame.K_LEFTBRACKET: -1, pygame.K_RIGHTBRACKET: 1}


def _key(scene: MovementShown, event: pygame.event.Event) -> bool:
    """A key pressed; True if the screen has a use for it."""
    k = event.key
    if k == pygame.K_SPACE:
        scene.space = True
    elif scene.log_view.handle(event, scene.layout.log, log_page(scene)):
        return True
    elif scene.view.handle(event):
        scene._update_hover(scene.mouse)
    elif k in FACING_KEYS:
        if not scene.step_facing(FACING_KEYS[k]):
            first = "Select one of your units, then point" if scene.plan is None else "Point"
            scene.app.notify(f"{first} at a shaded hex first: Q / E turn the unit there",
                             error=True)  # fmt: skip
    elif k in (pygame.K_f, pygame.K_HOME):
        scene.view.fit_map()
        scene._update_hover(scene.mouse)
    elif k == pygame.K_l:
        scene.app.open("log")
    elif k == pygame.K_w:
        scene.set_mode("walk")
    elif k == pygame.K_r:
        scene.set_mode("run")
    elif k == pygame.K_j:
        scene.set_mode("jump")
    elif k in TACOPS_KEYS:
        TACOPS_KEYS[k](scene)
    elif k in DIVE_KEYS:
        DIVE_KEYS[k](scene)
    elif k == pygame.K_s:
        scene.stand_still()
    elif k == pygame.K_c:
        scene.declare_charge()
    elif k == pygame.K_p:
        scene.posture("P")
    elif k == pygame.K_u:
        scene.posture("U")
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        scene.commit()
    elif k == pygame.K_BACKSPACE:
        scene.unpin()
    elif k == pygame.K_n:
        scene.next_unit()
    elif k in (pygame.K_TAB, pygame.K_F2):
        scene.panels = not scene.panels
        scene.resize()
    elif k == pygame.K_ESCAPE:
        if scene.plan is not None:
            scene.plan = None
            scene._update_hover(scene.mouse)
        else:
            scene.app.open("menu")
    else:
        unused_key(scene.app, event, getattr(scene, "where", "on the movement screen"))
        return False  # a key without a use here (said so)
    return True


def _press_button(scene: MovementShown, action: str) -> None:
    if action in ("walk", "run", "jump"):
        scene.set_mode(action)
    elif action == "stand":
        scene.stand_still()
    elif action in ("P", "U"):
        scene.posture(action)
    elif action in TACOPS_BUTTONS:
        TACOPS_BUTTONS[action](scene)
    elif action in ("dive", "rise"):
        play_altitude.change(scene, 1 if action == "dive" else -1)
    elif action == "commit":
        scene.commit()
    elif action == "next":
        scene.next_unit()
    elif action == "log":
        scene.app.open("log")


def _mouse(scene: MovementShown, event: pygame.event.Event) -> bool:
    """A pointer move, press or release; True if the screen used it (a move always: the
    hover follows it)."""
    view = scene.view
    if view.handle(event, scene.space):
        scene._update_hover(getattr(event, "pos", scene.mouse))
        return True
    if event.type == pygame.MOUSEMOTION:
        if scene.press is not None and event.buttons[0]:
            _drag(scene, event.pos)
            return True
        scene._update_hover(event.pos)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        b = button_at(scene.buttons, event.pos)
        if b is not None:
            _press_button(scene, b.action)
            return True
        if not view.camera.in_view(*event.pos):
            return False
        scene.press = (event.pos, view.hex_at(event.pos), False)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        scene.unpin()
        return True
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        press, scene.press = scene.press, None
        if press is None:
            return False
        if not press[2]:
            scene.click(press[1])
        return True
    return False


def _drag(scene: MovementShown, pos: tuple[int, int]) -> None:
    """A drag that starts on the planned destination turns the unit there."""
    assert scene.press is not None  # a drag began with a press
    start, h, dragging = scene.press
    plan = scene.plan
    if not dragging and math.hypot(pos[0] - start[0], pos[1] - start[1]) < DRAG_PX:
        return
    if plan is None or h is None or plan.dest != h or plan.facing is None:
        scene.press = (start, h, True)  # a drag elsewhere: neither click nor facing
        scene._update_hover(pos)
        return
    scene.press = (start, h, True)
    faces = plan.reach(scene.state).hexes.get(h, (0, ()))[1]
    cx, cy = scene.view.centre(h)
    f = nearest_facing(facing_from_angle(pos[0] - cx, pos[1] - cy), faces)
    if f is not None:
        plan.facing = f
        plan.locked = True
        scene._refresh_path()


def log_page(scene: MovementShown) -> int:
    """Rows one PageUp / PageDown scrolls: the log's height, less one row of overlap."""
    rows = scene.log_view.visible_rows(scene.layout.log.h, log_size(scene.app.screen.get_height()))
    return max(1, rows - 1)


def _wheel(scene: MovementShown, event: pygame.event.Event) -> bool:
    if not event.y:
        return False
    if scene.panels and scene.log_view.handle(event, scene.layout.log, log_page(scene)):
        return True  # the wheel over the log scrolls it
    step = 1 if event.y > 0 else -1
    ctrl = bool(pygame.key.get_mods() & pygame.KMOD_CTRL)
    if not ctrl and scene.wheel_facing(-step):
        return True
    scene.view.zoom(step, pygame.mouse.get_pos())
    scene._update_hover(pygame.mouse.get_pos())
    return True
