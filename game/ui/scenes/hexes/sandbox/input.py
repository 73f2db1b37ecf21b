"""Keys and mouse of the sandbox screen (game.ui.scenes.hexes.sandbox.scene), turned into
calls on it.

The sandbox's own input comes first: its help, the fixed-dice prompt, undo / redo / reset,
the view keys (M move, T edit, A attack, X physical, V fly, O what-if, D dice, Delete), the
palette, carrying a design, a dummy or a unit to the map (the wheel turns it), the wheel
over a unit (turns it where it stands) and the editor's buttons. Everything else goes to the
view shown: the movement screen's input (game.ui.scenes.hexes.parts.movement.input) in the
Move and Edit views, the attack screens' in the Attack and Physical views, the aerospace
movement screen's in the Fly view.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame

from game.hexgrid import Hex
from game.phases.actions import RemoveUnit
from game.phases.sandbox import FixDice, SetDown
from game.ui.scenes.hexes.parts.movement.input import DRAG_PX, log_page
from game.ui.scenes.hexes.parts.movement.input import handle_event as play_handle
from game.ui.scenes.hexes.sandbox.editor import editor_action
from game.ui.scenes.hexes.sandbox.pieces import Carry
from game.ui.scenes.hexes.sandbox.placing import facing_enemy
from game.ui.scenes.hexes.sandbox.shown import HostedView, SandboxShown
from game.ui.widgets.keys import ctrl, is_help
from game.ui.widgets.panels import button_at

VIEW_KEYS = {pygame.K_m: "move", pygame.K_t: "edit", pygame.K_a: "attack", pygame.K_x: "strike",
             pygame.K_v: "fly"}  # fmt: skip
HISTORY_KEYS = {pygame.K_z: "undo", pygame.K_y: "redo", pygame.K_r: "reset"}


def handle_event(scene: SandboxShown, event: pygame.event.Event) -> bool:
    if is_help(event) and scene.dice_prompt is None:
        scene.help = not scene.help
        return True
    if scene.help:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            scene.help = False
        return True
    if scene.dice_prompt is not None:
        _dice_key(scene, event)
        return True
    if event.type == pygame.KEYDOWN and ctrl(event) and event.key in HISTORY_KEYS:
        scene.history_step(HISTORY_KEYS[event.key])  # also while the dice are still shown
        return True
    if scene.anim is not None or _popups(scene):
        _view_input(scene, event)  # a click or key skips the animation or the dice
        if _view_key(event):
            _key(scene, event)  # ... and a view's key opens that view at once
        return True
    if event.type == pygame.KEYDOWN and _key(scene, event):
        return True
    mouse = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
    if event.type in mouse and _mouse(scene, event):
        return True
    if event.type == pygame.MOUSEWHEEL and not event.y:
        return False  # a wheel event without a turn (a touchpad's sideways scroll)
    if event.type == pygame.MOUSEWHEEL and _wheel(scene, event):
        return True
    return _view_input(scene, event)


def _view_key(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key in VIEW_KEYS and not ctrl(event)


def _popups(scene: SandboxShown) -> bool:
    view = _view(scene)
    return view is not None and bool(view.busy())


def _view(scene: SandboxShown) -> HostedView | None:
    views: dict[str, HostedView] = {"attack": scene.fire, "strike": scene.strike,
                                    "fly": scene.flyer}  # fmt: skip
    return views.get(scene.tool)


def _view_input(scene: SandboxShown, event: pygame.event.Event) -> bool:
    """The event to the view shown; True if it used it."""
    view = _view(scene)
    if view is None:
        if scene.tool == "edit" and event.type == pygame.MOUSEBUTTONUP:
            return False  # a click in the Edit view selects (in _mouse), it plans no move
        return play_handle(scene, event)
    used = view.handle(event)
    if view.plan is not None:
        scene.inspect = view.plan.unit_id
    return used


def _key(scene: SandboxShown, event: pygame.event.Event) -> bool:
    k = event.key
    if ctrl(event) and k in HISTORY_KEYS:
        scene.history_step(HISTORY_KEYS[k])
        return True
    if ctrl(event):
        return False
    if k == pygame.K_ESCAPE and scene.carry is not None:
        scene.carry = None
        return True
    if k == pygame.K_ESCAPE and scene.tool != "move":
        scene.set_tool("move")
        return True
    if k in VIEW_KEYS:  # always that view, never a toggle back (finding 11: V twice)
        if scene.tool != VIEW_KEYS[k]:
            scene.set_tool(VIEW_KEYS[k])
        return True
    if k == pygame.K_o:
        scene.what_if = not scene.what_if
        scene.cache.clear()
        scene.path_key = None  # the summary again, with or without the chances
        scene._refresh_path()
        scene.app.notify("What-if odds " + ("on: no dice are rolled to show them" if
                                             scene.what_if else "off"))  # fmt: skip
        return True
    if k == pygame.K_d:
        scene.dice_prompt = ""
        return True
    if k == pygame.K_g:
        scene.guide.toggle()
        return True
    if k == pygame.K_DELETE:
        remove_selected(scene)
        return True
    return False


def remove_selected(scene: SandboxShown) -> None:
    uid = scene.selected_id()
    if uid is None:
        scene.app.notify("Select a unit first (click it)", error=True)
        return
    if scene.app.act(RemoveUnit(uid)) is not None:
        scene.plan = None
        scene.inspect = None
        for view in (scene.fire, scene.strike):
            view.plan = None
        scene._after_action()


def _dice_key(scene: SandboxShown, event: pygame.event.Event) -> None:
    """The fixed-dice prompt: digits 1..6 (spaces allowed), Enter fixes, Esc cancels."""
    if event.type != pygame.KEYDOWN:
        return
    typed = scene.dice_prompt
    assert typed is not None  # the prompt is open
    if event.key == pygame.K_ESCAPE:
        scene.dice_prompt = None
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        faces = tuple(int(c) for c in typed if c in "123456")
        scene.dice_prompt = None
        if faces and scene.app.act(FixDice(faces)) is not None:
            scene.app.notify("Next dice: " + " ".join(map(str, faces)))
    elif event.key == pygame.K_BACKSPACE:
        scene.dice_prompt = typed[:-1]
    elif getattr(event, "unicode", "") in ("1", "2", "3", "4", "5", "6", " "):
        scene.dice_prompt = (typed + event.unicode)[:40]


# --- the mouse ------------------------------------------------------------------------------


def _mouse(scene: SandboxShown, event: pygame.event.Event) -> bool:
    """The palette, carrying, grabbing a unit, the editor; True when the event was used."""
    pos = getattr(event, "pos", scene.mouse)
    if event.type == pygame.MOUSEMOTION:
        scene.mouse = pos
        if scene.carry is not None:
            scene.carry_hex = _map_hex(scene, pos)
            return True
        if scene.grab is not None and event.buttons[0]:
            start, uid = scene.grab
            if math.hypot(pos[0] - start[0], pos[1] - start[1]) >= DRAG_PX:
                u = scene.state.unit(uid)
                scene.grab, scene.press = None, None
                if u is not None:
                    scene.carry = Carry("unit", uid, u.facing)
                    scene.carry_hex = _map_hex(scene, pos)
                return True
        return False
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return _press(scene, pos)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return _release(scene, pos)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and scene.carry is not None:
        scene.carry = None  # a right click drops nothing
        return True
    return False


def _map_hex(scene: SandboxShown, pos: tuple[int, int]) -> Hex | None:
    if not scene.layout.map.collidepoint(pos):
        return None
    return scene.view.hex_at(pos)


def _press(scene: SandboxShown, pos: tuple[int, int]) -> bool:
    if scene.guide.shown and scene.guide.rect.collidepoint(pos):
        scene.guide.hidden = True  # a click on the first steps card hides it
        return True
    b = button_at(scene.palette_buttons, pos)
    if b is not None:
        palette_press(scene, b.action)
        return True
    if scene.carry is not None:
        if scene.carry.sticky and _map_hex(scene, pos) is not None:
            drop(scene, _map_hex(scene, pos))
        return True
    if scene.tool == "edit":
        b = button_at(scene.editor_buttons, pos)
        if b is not None:
            editor_press(scene, b.action)
            return True
    h = _map_hex(scene, pos)
    if h is None or scene.space:
        return False
    here = next((u for u in scene.state.units if u.at == h), None)
    if scene.tool in ("attack", "strike", "fly"):  # a drag sets it down here too (finding 10)
        if here is not None:
            scene.grab = (pos, here.id)
        return False  # the view's own click (select, target) goes on
    plan = scene.plan
    if here is not None and not (plan is not None and plan.dest == h and h != here.at):
        scene.grab = (pos, here.id)  # a drag sets it down elsewhere; a click selects it
    if scene.tool == "edit":
        if here is not None:
            scene.select(here.id)
            scene.edit_loc = None
        return True
    return False


def _release(scene: SandboxShown, pos: tuple[int, int]) -> bool:
    scene.grab = None
    carry = scene.carry
    if carry is None:
        return False
    if carry.sticky:
        return True  # picked with a click: the next press on the map puts it down
    h = _map_hex(scene, pos)
    if h is not None:
        drop(scene, h)
    elif carry.kind != "unit" and scene.palette_rect.collidepoint(pos):
        scene.carry = replace(carry, sticky=True)  # a click on the palette: place next
        scene.app.notify("Click a hex to place it (Esc: cancel; the wheel turns it)")
    else:
        scene.carry = None
    return True


def palette_press(scene: SandboxShown, action: str) -> None:
    kind, _, arg = action.partition(":")
    if kind == "carry":
        facing = scene.palette.facing
        scene.carry = Carry("dummy", "", facing) if arg == "dummy" else Carry("design", arg, facing)
        scene.carry_hex = None
    elif kind == "tool":
        scene.set_tool(arg)
    elif kind in ("undo", "redo", "reset"):
        scene.history_step(kind)
    elif kind == "whatif":
        _key(scene, _fake_key(pygame.K_o))
    elif kind == "dice":
        scene.dice_prompt = ""
    elif kind == "save":
        scene.app.save()
    elif kind == "open":
        scene.app.open_once("load")
    elif kind == "help":
        scene.help = True
    else:
        scene.palette.choose(action)


def _fake_key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def drop(scene: SandboxShown, h: Hex) -> None:
    """Put what is carried down at ``h`` (one action: PlaceUnit, PlaceDummy or SetDown)."""
    carry = scene.carry
    scene.carry = None
    if carry is None:
        return
    if carry.kind == "unit":
        action: Any = SetDown(carry.key, h, carry.facing)
    else:
        if not carry.turned:  # a new unit faces the nearest enemy (issue 25, finding 10)
            side = scene.palette.side if carry.kind == "design" else scene.palette.dummy_side
            carry = replace(carry, facing=facing_enemy(scene.state, side, h, carry.facing))
        action = scene.palette.placing(carry, h)
        scene.palette.facing = carry.facing
    out = scene.app.act(action)
    if out is None:
        return
    placed = next((e.unit_id for e in out.events if e.unit_id), None)
    if scene.app.toast is not None and scene.app.toast[0].startswith("Click a hex to place"):
        scene.app.toast = None  # done: the prompt would only linger
    scene._after_action()
    if placed is not None:
        scene.select(placed)


def editor_press(scene: SandboxShown, action: str) -> None:
    uid = scene.inspect
    u = scene.state.unit(uid) if uid is not None else None
    if u is None:
        return
    if action.startswith("loc:"):
        code = action[4:]
        scene.edit_loc = None if scene.edit_loc == code else code
        return
    step = 5 if pygame.key.get_mods() & pygame.KMOD_SHIFT else 1
    a = editor_action(scene.state, u, action, step)
    if a is not None and scene.app.act(a) is not None:
        scene._after_action()


def _wheel(scene: SandboxShown, event: pygame.event.Event) -> bool:
    step = 1 if event.y > 0 else -1
    pos = scene.mouse  # where the last motion event left the pointer
    if scene.carry is not None:
        scene.carry = replace(scene.carry, facing=(scene.carry.facing - step) % 6, turned=True)
        return True
    if scene.palette_rect.collidepoint(pos):
        scene.palette.scrolled(-step)
        return True
    if scene.tool == "edit" and scene.layout.side.collidepoint(pos):
        scene.edit_scroll = max(0, scene.edit_scroll - step) if step > 0 else (
            scene.edit_scroll + (1 if scene.editor_more else 0))  # fmt: skip
        return True
    if scene.tool in ("attack", "strike") or pygame.key.get_mods() & pygame.KMOD_CTRL:
        return False
    if scene.panels and scene.log_view.handle(event, scene.layout.log, log_page(scene)):
        return True
    return _turn_unit(scene, pos, -step)


def _turn_unit(scene: SandboxShown, pos: tuple[int, int], step: int) -> bool:
    """The wheel over a unit turns it where it stands (SetDown), unless a move's
    destination facing is being aimed there."""
    h = _map_hex(scene, pos)
    here = next((u for u in scene.state.units if u.at == h), None) if h is not None else None
    if here is None:
        return False
    plan = scene.plan
    if plan is not None and plan.dest == h and plan.facing is not None and h != here.at:
        return False
    if plan is not None and plan.unit_id == here.id and plan.waypoints:
        return False
    if scene.app.act(SetDown(here.id, here.at, (here.facing + step) % 6)) is not None:
        scene._after_action()
    return True
