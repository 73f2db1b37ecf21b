"""The sandbox screen (issue 13): one player sets up any situation and tries moves and
attacks with the rules of play, undoing and redoing freely.

The screen is the movement interaction (game.ui.scenes.hexes.parts.movement.behaviour:
select, reach, path, PSR markers, facing, waypoints, commit, the move's dice) with a palette
on the left (drag a design or a dummy target onto the map; the wheel turns it before it
lands), direct manipulation of the units on the map (drag a unit to set it down elsewhere,
the wheel over a unit turns it, Delete takes the selected one off) and four views of the
side panel: Move (the record sheet and the move's summary), Edit (every number of the unit,
game.ui.scenes.hexes.sandbox.editor), Attack and Physical (the attack screens' interaction,
game.ui.scenes.hexes.sandbox.attack, with the what-if odds) and Fly (the aerospace movement
screen's, game.ui.scenes.hexes.sandbox.flight: selecting an airborne aerospace unit in the
Move view opens it). Ctrl+Z / Ctrl+Y undo and redo whole actions (the App's undo line,
game.phases.sandbox_game), Ctrl+R goes back to the starting layout, D types the next dice
(FixDice), Ctrl+S writes the sandbox as a scenario file. Input is
game.ui.scenes.hexes.sandbox.input, drawing game.ui.scenes.hexes.sandbox.draw. The screen
edits no state: every change is an action through ``App.act``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from game.hexgrid import Hex
from game.narrate.words import percent
from game.rules.combat.odds import hit_chance
from game.ui.app.app import App
from game.ui.app.registry import for_phase, register
from game.ui.scenes.hexes.move_plan import Plan
from game.ui.scenes.hexes.parts.movement.behaviour import MoveInteraction
from game.ui.scenes.hexes.sandbox.attack import FireView, StrikeView
from game.ui.scenes.hexes.sandbox.flight import FlightView, is_flier
from game.ui.scenes.hexes.sandbox.guide import Guide
from game.ui.scenes.hexes.sandbox.pieces import Carry, Palette, palette_width
from game.ui.widgets.palette import DIM, TEXT
from game.ui.widgets.panels import Button, screen_layout
from game.units.unit import Unit

TOOLS = ("move", "edit", "attack", "strike", "fly")


class SandboxScene(MoveInteraction):
    scene_name = "sandbox"
    where = "in the sandbox"  # as a refusal names the screen (game.ui.widgets.refusals)
    sounds_its_results = True  # its views sound their own dice (game.ui.app.sound_cues)

    def __init__(self, app: App) -> None:
        self.palette = Palette()
        self.palette_rect = pygame.Rect(0, 0, 0, 0)
        self.palette_buttons: list[Button] = []
        self.editor_buttons: list[Button] = []
        self.editor_more = 0  # editor lines below the panel (the wheel scrolls)
        self.edit_scroll = 0
        self.edit_loc: str | None = None
        self.tool = "move"
        self.what_if = False
        self.carry: Carry | None = None
        self.carry_hex: Hex | None = None
        self.grab: tuple[tuple[int, int], str] | None = None  # press on a unit: pos, id
        self.dice_prompt: str | None = None
        self.guide = Guide()  # the first steps card (game.ui.scenes.hexes.sandbox.guide)
        super().__init__(app)
        self.fire = FireView(self)
        self.strike = StrikeView(self)
        self.flyer = FlightView(self)

    # --- layout ---------------------------------------------------------------------------
    def resize(self, fit: bool = False) -> None:
        w, h = self.app.screen.get_size()
        lay = screen_layout(w, h, self.panels)
        pw = palette_width(lay.size, w) if self.panels else 0
        m = lay.map
        self.palette_rect = pygame.Rect(m.x, m.y, pw, m.h)
        self.layout = replace(lay, map=pygame.Rect(m.x + pw, m.y, m.w - pw, m.h))
        self.view.set_view(self.layout.map, fit=fit)
        self.cache.clear()
        self._invalidate()

    # --- the movement screen's hooks -------------------------------------------------------
    def movable(self) -> tuple[Unit, ...]:
        """Any unit on the map moves, at any time (no turn order)."""
        s = self.state
        return tuple(u for u in s.units if s.board.contains(u.at) and not s.is_destroyed(u))

    def _after_action(self) -> None:
        """After an action: keep the selection (a fresh plan: the state changed)."""
        s = self.state
        if self.inspect is not None and s.unit(self.inspect) is None:
            self.inspect = None
        if self.plan is not None:
            u = s.unit(self.plan.unit_id)
            keep = u is not None and self.tool == "move"
            self.plan = Plan(self.plan.unit_id, self.plan.mode) if keep else None
        if hasattr(self, "flyer"):  # not while the movement screen's __init__ runs
            self._forget_gone()
            self.flyer.keep()
        self.cache.clear()
        self._invalidate()

    def _forget_gone(self) -> None:
        """Attack plans name units an undo or a removal took away: drop those parts."""
        s = self.state
        fire, strike = self.fire.plan, self.strike.plan
        if fire is not None and s.unit(fire.unit_id) is None:
            self.fire.plan = fire = None
        if fire is not None:
            fire.fire = {t: ws for t, ws in fire.fire.items() if s.unit(t) is not None}
            if fire.target is not None and s.unit(fire.target) is None:
                fire.target = None
        if strike is not None and s.unit(strike.unit_id) is None:
            self.strike.plan = strike = None
        if strike is not None:
            strike.chosen[:] = [c for c in strike.chosen if s.unit(c[1]) is not None]
            if strike.target is not None and s.unit(strike.target) is None:
                strike.target = None

    def select(self, unit_id: str) -> None:
        """Select any unit: its sheet (and in the Move view its reach)."""
        u = self.state.unit(unit_id)
        self.inspect = unit_id
        if u is None:
            return
        if self.tool != "move":
            self.plan = None
            return
        if u.airborne:  # an aerospace unit in the air flies in the Fly view (if on the map)
            self.plan = None
            if is_flier(self.state, u):
                self.set_tool("fly")
                self.app.notify(f"{u.id} is in the air: the Fly view (W / S thrust, Q / E "
                                "turn, Enter flies; M or Esc: back)")  # fmt: skip
            return
        mode = self.plan.mode if self.plan is not None and self.plan.mode != "jump" else "walk"
        if self.plan is None or self.plan.unit_id != u.id:
            self.plan = Plan(u.id, mode)
        if u.walk and (u.immobile or (u.walk_mp() <= 0 and u.jump_mp() <= 0)):
            self.app.notify(f"{u.id} cannot move now (damage, heat, shut down): drag it to set "
                            "it down elsewhere")  # fmt: skip
        self._update_hover(self.mouse)

    def _refresh_path(self) -> None:
        """The movement screen's path summary; with what-if on, each roll's chance."""
        super()._refresh_path()
        if self.what_if and self.info:
            self.info["chance"] = lambda t: percent(float(hit_chance(t)))

    def idle_rows(self) -> list[tuple[str, Any, bool]]:
        """The side panel with nothing selected (game.ui.scenes.hexes.parts.movement.draw)."""
        return [("Nothing selected", TEXT, True),
                ("Put units on the map from the palette on the left, then click one to "
                 "select it. The first steps card (bottom right) shows the way to a to-hit "
                 "number; F1 lists every key.", DIM, False)]  # fmt: skip

    def selected_id(self) -> str | None:
        if self.tool == "attack" and self.fire.plan is not None:
            return str(self.fire.plan.unit_id)
        if self.tool == "strike" and self.strike.plan is not None:
            return str(self.strike.plan.unit_id)
        if self.tool == "fly" and self.flyer.plan is not None:
            return str(self.flyer.plan.unit_id)
        return self.plan.unit_id if self.plan is not None else self.inspect

    def hand_flier(self, unit_id: str) -> bool:
        """An airborne aerospace unit clicked in the Attack or Melee view: the Fly view
        with it selected and a sentence why (True); False for any other unit."""
        u = self.state.unit(unit_id)
        if u is None or not is_flier(self.state, u):
            return False
        self.fire.plan = self.strike.plan = None
        self.inspect = unit_id
        self.set_tool("fly")
        self.app.notify(f"{unit_id} is in the air: it flies in the Fly view (W / S thrust, "
                        "Q / E turn, Enter flies; M or Esc: back)")  # fmt: skip
        return True

    def set_tool(self, tool: str) -> None:
        """Switch the side panel's view: move, edit, attack (weapons), strike (physical),
        fly (aerospace movement). A flier stays in the Move view only as a sheet."""
        uid = self.selected_id()
        self.tool = tool
        self.plan = None
        self.carry = None
        self.cache.clear()
        if uid is not None:
            self.inspect = uid
            u = self.state.unit(uid)
            if tool == "move" and u is not None and not u.airborne:
                self.select(uid)
            elif tool == "attack":
                self.fire.select(uid)
            elif tool == "strike":
                self.strike.select(uid)
            elif tool == "fly":
                self.flyer.plan = None  # a ground unit selected: no flier planned either
                self.flyer.select(uid)
        self._invalidate()

    def to_move(self, unit_id: str) -> None:
        """A ground unit clicked in the Fly view: the Move view, with it selected."""
        self.flyer.plan = None
        self.inspect = unit_id
        self.set_tool("move")

    def after_flight(self, unit_id: str) -> None:
        """A flight was made: the flier stays selected, planned afresh."""
        self.inspect = unit_id
        self.flyer.keep()
        self.cache.clear()
        self._invalidate()

    def after_attack(self) -> None:
        view = self.fire if self.tool == "attack" else self.strike
        if view.plan is not None:
            self.inspect = view.plan.unit_id
        self.cache.clear()

    # --- undo and redo (the App's line) -----------------------------------------------------
    def history_step(self, how: str) -> None:
        done = {"undo": self.app.undo, "redo": self.app.redo, "reset": self.app.reset}[how]()
        if not done:
            nothing = {"undo": "Nothing to undo", "redo": "Nothing to redo",
                       "reset": "Already at the starting layout"}[how]  # fmt: skip
            self.app.notify(nothing, error=True)  # a refusal: beside the pointer
            return
        self.anim, self.shown, self.marks = None, None, []
        self.fire.skip_popups()
        self.strike.skip_popups()
        self.flyer.skip_popups()
        self._after_action()
        left = len(self.state.history) - len(self.app.line.first.history)
        self.app.notify(f"{how.capitalize()}: {left} action{'s' if left != 1 else ''} since the "
                        "start")  # fmt: skip

    def question(self) -> tuple[tuple[Any, ...], Any]:
        """The attack looked at (a saved scenario's attack or physical block)."""
        if self.tool == "strike":
            return self.strike.question()
        return self.fire.question()

    # --- the loop ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        from game.ui.scenes.hexes.sandbox.input import handle_event

        return handle_event(self, event)

    def update(self, dt: float) -> None:
        views: dict[str, FireView | StrikeView | FlightView] = {
            "attack": self.fire, "strike": self.strike, "fly": self.flyer}  # fmt: skip
        view = views.get(self.tool)
        if view is not None and view.busy():
            view.update(dt)
            return
        super().update(dt)

    def draw(self, screen: pygame.Surface) -> None:
        from game.ui.scenes.hexes.sandbox.draw import draw_sandbox

        draw_sandbox(self, screen)


register("sandbox", SandboxScene)
for_phase("sandbox", "sandbox")  # the sandbox's one phase is played on this screen
