"""The regiments play screen ("regiments"): hot-seat regiment movement with the mouse.

Click one of your regiments without a marker to select it. Drag its front edge to move it
straight on (or back), drag a front corner to wheel about the other corner; each drag adds
a step to the order, the distance left is shown beside the unit and a ghost shows where
it will end, red with the reason when the rules say no. M switches Move and March; the
panel's buttons (or keys) plan a facing change, widening, narrowing, a hold or a charge
(C, then hover or click an enemy: the path, the halt 3 cm short and the aligned contact
are drawn). Enter commits; nothing else does. When a charge halts before a unit that may
countercharge, that side answers Y or N. Ctrl+Z / Ctrl+Y undo and redo whole orders (the
dice are never taken back: game.core.history). Ctrl+S / Ctrl+O save and load regiments
games (game.regiments.save). The screen holds its own game: the rules engine is
game.regiments.engine, the UI never edits the state. A sandbox game (its start's mode) is
played here too, with the sandbox's tools (game.ui.scenes.regiments.tools): any regiment takes
orders at any time, the palette places regiments, and Ctrl+S saves a scenario.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pygame

from game.core.actions import Action
from game.core.history import History
from game.regiments.actions import Countercharge
from game.regiments.charge import resolve_charge
from game.regiments.engine import ENGINE
from game.regiments.paths import World
from game.regiments.state import RegimentState
from game.regiments.verdict import Verdict
from game.ui.app.app import App
from game.ui.app.registry import register
from game.ui.scenes.regiments import draw
from game.ui.scenes.regiments import files as regiments_io
from game.ui.scenes.regiments.plan import (
    Drag,
    Plan,
    action_of,
    drag_step,
    grab,
    plan_for_button,
    plan_for_key,
    pose_after,
    preview,
    regiment_at,
)
from game.ui.scenes.regiments.tools import SandboxTools
from game.ui.scenes.regiments.view import Scenery, TableCamera
from game.ui.widgets.keys import ctrl, is_help
from game.ui.widgets.panels import Button, button_at, screen_layout
from game.ui.widgets.refusals import unused_key

GRAB_PX = 12  # how near (screen pixels) a corner or the front edge must be to take it
PAN_KEYS = {
    pygame.K_LEFT: (1, 0),
    pygame.K_RIGHT: (-1, 0),
    pygame.K_UP: (0, 1),
    pygame.K_DOWN: (0, -1),
}
ZOOM_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1,
             pygame.K_KP_MINUS: -1}  # fmt: skip


class RegimentsScene:
    overlay = False
    scene_name = "regiments"

    def __init__(self, app: App, state: RegimentState) -> None:
        self.app = app
        self.history: History[RegimentState] = History.begin(state)
        self.scenery = Scenery(state.start.table)
        self.plan: Plan | None = None
        self.drag: Drag | None = None
        self.verdict: Verdict | None = None
        self.charging = False
        self.panels = True
        self.help = False
        self.saves: list[Path] | None = None  # the load list while it is open
        self.mouse = (0, 0)
        self.pan_from: tuple[int, int] | None = None
        self.buttons: list[Button] = []
        self.cam = TableCamera()
        self.resize()
        self._layout_written = ""
        self.tools = SandboxTools(self) if state.start.sandbox else None

    # --- the game ---------------------------------------------------------------------
    @property
    def state(self) -> RegimentState:
        return self.history.current

    def act(self, action: Action) -> bool:
        """Apply an action (after discarding the dice of undone ones); False if refused."""
        state = self.state
        discard = self.history.dice_to_discard()
        if discard is not None:
            state = ENGINE.apply_strict(state, discard).state
        out = ENGINE.apply(state, action)
        if not out.ok:
            self.app.notify(out.reason, error=True, seconds=5)  # type: ignore[union-attr]
            return False
        new, events = ENGINE.advance(out.state)  # type: ignore[union-attr]
        self.history = self.history.push(new)
        if new.turn != state.turn:
            self._autosave()
        self.clear()
        return True

    def clear(self) -> None:
        self.plan, self.drag, self.verdict, self.charging = None, None, None, False

    def _autosave(self) -> None:
        regiments_io.autosave(self.app, self.state)

    def save_own(self) -> None:
        if self.tools is not None:
            self.tools.save()
        else:
            regiments_io.quicksave(self.app, self.state)

    def load_own(self) -> None:
        self.saves = regiments_io.list_saves()

    # --- planning ---------------------------------------------------------------------
    def select(self, unit: str | None) -> None:
        self.clear()
        if unit is not None:
            self.plan = Plan(unit)
            self.refresh()

    def set_plan(self, **kw: Any) -> None:
        if self.plan is None:
            self.app.notify("Select one of your regiments first", error=True)
            return
        self.plan = Plan(self.plan.unit, **kw)
        self.charging = kw.get("kind") == "charge"
        self.refresh()

    def refresh(self, extra: Any = None) -> None:
        p = self.plan
        if p is None or (p.kind == "charge" and not p.target):
            self.verdict = None
            return
        self.verdict = preview(self.state, p, extra)

    def commit(self) -> None:
        p = self.plan
        if p is None:
            return
        action = action_of(p)
        if action is None:
            self.app.notify("Click an enemy to charge first", error=True)
            return
        if self.act(action) and self.tools is not None and self.state.get(p.unit):
            self.select(p.unit)  # the sandbox: go on with the same regiment

    def answer(self, accept: bool) -> None:
        pending = self.state.pending
        if pending is not None:
            self.act(Countercharge(pending.ask, accept))

    def waiting_charge(self) -> Verdict | None:
        """While a countercharge is asked: the charge so far (the charger at its halt)."""
        p = self.state.pending
        if p is None:
            return None
        world = World(self.state.start.table, p.before, self.state.options)
        return resolve_charge(world, p.order, p.decided).verdict

    # --- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.help = False
            return True
        if self.saves is not None:
            self._handle_load(event)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._press(event)
        if event.type == pygame.MOUSEBUTTONUP:
            return self._release(event)
        if event.type == pygame.MOUSEMOTION:
            self._motion(event)
            return True
        if event.type == pygame.MOUSEWHEEL and event.y:
            self.cam = self.cam.zoomed(1 if event.y > 0 else -1, *self.mouse)
            return True
        return False  # a key let go, a wheel without a turn, anything else (issue 24)

    def _key(self, event: pygame.event.Event) -> bool:
        """One key; False for a key without a use here (said, game.ui.widgets.refusals)."""
        k = event.key
        if is_help(event):
            self.help = True
        elif self.tools is not None and not ctrl(event) and self._tools_key(event):
            pass
        elif ctrl(event) and k in (pygame.K_z, pygame.K_y):
            before = self.state
            self.history = self.history.undo() if k == pygame.K_z else self.history.redo()
            if self.state is before:
                self.app.notify("Nothing to undo" if k == pygame.K_z else "Nothing to redo",
                                error=True)  # fmt: skip
            self.clear()
        elif self.state.pending is not None and k in (pygame.K_y, pygame.K_n):
            self.answer(k == pygame.K_y)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.commit()
        elif k == pygame.K_ESCAPE:
            self.select(
                self.plan.unit
                if self.plan and (self.plan.steps or self.plan.kind != "move")
                else None
            )
        elif k in (pygame.K_BACKSPACE,) and self.plan is not None:
            self.plan = self.plan.undo_step()
            self.refresh()
        elif self._view_key(k):
            pass
        elif self.plan is None and plan_for_key(None, k) is not None:  # an order key
            self.app.notify("Select one of your regiments first", error=True)
        elif self.plan is None or not self._order_key(k):  # issue 25: never silent
            unused_key(self.app, event, "on the regiments screen")
            return False
        return True

    def _view_key(self, k: int) -> bool:
        """Tab, Space, pan, zoom and fit; True when the key was one of them."""
        if k == pygame.K_TAB:
            self.panels = not self.panels
            self.resize()
        elif k == pygame.K_SPACE:
            self._next_ready()
        elif k in PAN_KEYS:
            dx, dy = PAN_KEYS[k]
            self.cam = self.cam.panned(dx * 80, dy * 80)
        elif k in ZOOM_KEYS:
            self.cam = self.cam.zoomed(ZOOM_KEYS[k], *self.cam.view[:2])
        elif k == pygame.K_f:
            self.cam = self.cam.fitted(self.state.start.table)
        else:
            return False
        return True

    def _order_key(self, k: int) -> bool:
        kw = plan_for_key(self.plan, k)
        if kw is not None:
            self.set_plan(**kw)
        return kw is not None

    def _tools_key(self, event: pygame.event.Event) -> bool:
        """The sandbox's keys, unless a countercharge question waits for Y / N."""
        assert self.tools is not None
        return self.state.pending is None and self.tools.key(event)

    def button(self, action: str) -> None:
        """A panel button (the same orders as the keys)."""
        if self.tools is not None and self.tools.button(action):
            return
        if action == "commit":
            self.commit()
        elif action == "clear":
            self.select(self.plan.unit if self.plan else None)
        elif action in ("undo", "redo"):
            self.history = self.history.undo() if action == "undo" else self.history.redo()
            self.clear()
        elif action in ("yes", "no"):
            self.answer(action == "yes")
        elif action == "next":
            self._next_ready()
        elif (kw := plan_for_button(self.plan, action)) is not None:
            self.set_plan(**kw)

    def _next_ready(self) -> None:
        side = ENGINE.actor(self.state)
        ready = [r.id for r in self.state.ready(side)] if side else []
        if self.tools is not None:  # the sandbox: every regiment in turn
            ready = [r.id for r in self.state.regiments]
        if not ready:
            return
        now = self.plan.unit if self.plan else None
        nxt = ready[(ready.index(now) + 1) % len(ready)] if now in ready else ready[0]
        self.select(nxt)

    def _at(self, pos: tuple[int, int]) -> np.ndarray:
        return self.cam.to_table(*pos)

    def _regiment_at(self, p: np.ndarray) -> Any:
        return regiment_at(self.state.regiments, p)

    def _press(self, event: pygame.event.Event) -> bool:
        """A button pressed; False for one without a use (a right click with no plan, a
        left click beside the buttons and the table, another button)."""
        self.mouse = event.pos
        if event.button == 2:
            self.pan_from = event.pos
            return True
        if self.tools is not None and draw.in_map(self, event.pos) and self.tools.press(event):
            return True
        if event.button == 3:
            if self.plan is None:
                return False
            self.plan = self.plan.undo_step()
            self.refresh()
            return True
        if event.button != 1:
            return False
        b = button_at(self.buttons, event.pos)
        if b is not None:
            self.button(b.action)
            return True
        if not draw.in_map(self, event.pos):
            return False
        self._table_click(event.pos)
        return True

    def _table_click(self, pos: tuple[int, int]) -> None:
        """A left click on the table: grab the plan's front edge or corner, select a
        regiment, or pick the charge's target (or say why not)."""
        if self.state.pending is not None:
            self.app.notify("Answer the countercharge question first: Y or N", error=True)
            return
        p = self._at(pos)
        if self._start_drag(p):
            return
        r = self._regiment_at(p)
        if r is None:
            if self.plan is None:
                self.app.notify("Nothing is selected: click one of your regiments first",
                                error=True)  # fmt: skip
            return
        if self.plan is not None and self.plan.kind == "charge" and r.side != self._side():
            self.plan = replace(self.plan, target=r.id)
            self.refresh()
        elif self.tools is not None or (r.side == ENGINE.actor(self.state) and not r.markers):
            self.select(r.id)
        else:
            why = "has had its order this round" if r.markers else f"belongs to side {r.side}"
            self.app.notify(f"{r.label} {why}", error=True)

    def _side(self) -> str | None:
        reg = self.state.get(self.plan.unit) if self.plan else None
        return reg.side if reg else None

    def _start_drag(self, p: np.ndarray) -> bool:
        plan = self.plan
        if plan is None or plan.kind not in ("move", "march", "charge"):
            return False
        reg = self.state.get(plan.unit)
        if reg is None:
            return False
        base = pose_after(reg, plan.steps)
        part = grab(base, p, GRAB_PX / self.cam.scale)
        if part is None:
            return False
        self.drag = Drag(part, base, (float(p[0]), float(p[1])))
        return True

    def _motion(self, event: pygame.event.Event) -> None:
        self.mouse = event.pos
        if self.pan_from is not None:
            dx, dy = event.pos[0] - self.pan_from[0], event.pos[1] - self.pan_from[1]
            self.cam = self.cam.panned(dx, dy)
            self.pan_from = event.pos
            return
        if self.drag is not None:
            self.refresh(drag_step(self.drag, self._at(event.pos)))
        elif self.plan is not None and self.plan.kind == "charge" and draw.in_map(self, event.pos):
            r = self._regiment_at(self._at(event.pos))
            if r is not None and r.side != self._side() and r.id != self.plan.target:
                self.plan = replace(self.plan, target=r.id)
                self.refresh()

    def _release(self, event: pygame.event.Event) -> bool:
        """A button let go: ends a pan or a drag; False when neither was going on."""
        if event.button == 2 and self.pan_from is not None:
            self.pan_from = None
            return True
        if event.button != 1 or self.drag is None or self.plan is None:
            return False
        step = drag_step(self.drag, self._at(event.pos))
        self.drag = None
        if step is not None:
            self.plan = self.plan.with_step(step)
        self.refresh()
        return True

    def _handle_load(self, event: pygame.event.Event) -> None:
        assert self.saves is not None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.saves = None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, path in draw.load_rows(self):
                if rect.collidepoint(event.pos):
                    self.saves = None
                    regiments_io.load(self.app, path)
                    return
            self.saves = None

    # --- frame --------------------------------------------------------------------------
    def resize(self) -> None:
        w, h = self.app.screen.get_size()
        self.layout = screen_layout(w, h, self.panels)
        m = self.layout.map
        first = self.cam.view == TableCamera().view and self.cam.x == 0
        self.cam = replace(self.cam, view=(m.x, m.y, m.w, m.h))
        if first:
            self.cam = self.cam.fitted(self.state.start.table)

    def update(self, dt: float) -> None:
        return None

    def draw(self, screen: pygame.Surface) -> None:
        draw.frame(self, screen)
        self._layout_written = regiments_io.write_layout(self, self._layout_written)


register("regiments", RegimentsScene)
