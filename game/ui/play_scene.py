"""The movement screen: select a unit, plan its path with the mouse, commit, watch it move.

Input becomes plans (:class:`Plan`, pure UI state) and, on Enter or a double click,
actions through ``App.act``; nothing here edits the game state. The reach and the
checked path are computed when the selection, mode, waypoints or hovered hex change,
and drawn as cached layers (game.ui.overlays); a frame only blits. Drawing lives in
game.ui.play_draw.
"""

from __future__ import annotations

import math
import time
from typing import Any

import pygame

from game.actions import CommitMove, StandStill
from game.flow import actor, phase_of
from game.hexgrid import Hex, line, neighbour
from game.phases.movement import to_move
from game.units import Unit

from . import overlays
from .anim import MoveAnimation, build_animation, map_marks
from .panels import Button, PanelCache, screen_layout
from .play_plan import Plan, facing_from_angle, nearest_facing
from .play_view import MapView, tiles_for
from .scenes import register

DOUBLE_CLICK = 0.45
STALE = object()  # a cache key that matches nothing


class PlayScene:
    overlay = False
    scene_name = "play"

    def __init__(self, app: Any) -> None:
        self.app = app
        state = app.state
        self.view = MapView(state.start_board or state.board, tiles_for(state))
        self.cache = PanelCache()
        self.panels = True
        self.plan: Plan | None = None
        self.inspect: str | None = None
        self.hover: Hex | None = None
        self.mouse = (0, 0)
        self.press: tuple[tuple[int, int], Hex | None, bool] | None = None  # pos, hex, facing drag
        self.last_click: tuple[float, Hex | None] = (0.0, None)
        self.anim: MoveAnimation | None = None
        self.skipped_at = 0.0  # when a click or key last skipped a move's animation
        self.help = False
        self.handoff: str | None = None
        self.shown_side: str | None = None
        self.marks: list[tuple[Hex, str, float]] = []  # falls and damage shown after a move
        self.reach_layer = overlays.EMPTY
        self.reach_key: Any = None
        self.path_layer = overlays.EMPTY
        self.path_key: Any = None
        self.info: dict[str, Any] = {}
        self.buttons: list[Button] = []
        self.space = False
        self.over = False  # the game-over overlay has been shown
        self.resize(fit=True)
        self._after_action()
        self.focus_side()

    def focus_side(self, zoom: bool = True) -> None:
        """Centre on the units of the side to act (and zoom to at least 75%)."""
        units = self.movable() or tuple(u for u in self.state.units if u.at.col >= 0)
        height = self.app.screen.get_height() if zoom else None
        self.view.focus((u.at for u in units), height)

    @property
    def state(self):
        return self.app.state

    # --- layout ---------------------------------------------------------------------------
    def resize(self, fit: bool = False) -> None:
        w, h = self.app.screen.get_size()
        self.layout = screen_layout(w, h, self.panels)
        self.view.set_view(self.layout.map, fit=fit)
        self.cache.clear()
        self._invalidate()

    def _invalidate(self) -> None:
        self.reach_key = self.path_key = STALE

    # --- turn flow ------------------------------------------------------------------------
    def _after_action(self) -> None:
        """Advance automatic phases; prompt the hand-off when the side to act changes."""
        self.app.advance()
        side = actor(self.state)
        if side is not None and side != self.shown_side:
            self.handoff = side
            self.shown_side = side
            self.plan = None
        if self.plan is not None:
            u = self.state.unit(self.plan.unit_id)
            if u is None or u.moved or u.side != side:
                self.plan = None
        self._invalidate()

    def movable(self) -> tuple[Unit, ...]:
        """The units the side to act may move now (none outside the movement phase)."""
        side = actor(self.state)
        if side is None or CommitMove not in phase_of(self.state).handlers:
            return ()
        return to_move(self.state, side)

    def select(self, unit_id: str) -> None:
        u = self.state.unit(unit_id)
        self.inspect = unit_id
        if u is None:
            return
        if u.id not in {m.id for m in self.movable()}:
            why = "has already moved" if u.moved else f"belongs to side {u.side}"
            if u.side == actor(self.state) and not u.moved:
                why = "cannot move now"
            self.app.notify(f"{u.id} {why}", error=True)
            self.plan = None
            return
        mode = "walk"
        if self.plan is not None and self.plan.mode != "jump":
            mode = self.plan.mode
        self.plan = Plan(u.id, mode)
        self.view.ensure_visible(u.at)
        if u.immobile:  # TURN-06: it can only stand still
            self.app.notify(f"{u.id} cannot move this turn: press S to stand still")
        self._update_hover(self.mouse)

    def set_mode(self, mode: str) -> None:
        if self.plan is None:
            self.app.notify("Select one of your units first", error=True)
            return
        u = self.state.unit(self.plan.unit_id)
        if mode == "jump" and (u is None or u.jump_mp() <= 0):
            self.app.notify(f"{self.plan.unit_id} has no jump MP", error=True)
            return
        self.plan = Plan(self.plan.unit_id, mode)
        self._update_hover(self.mouse)

    # --- hover and the path ---------------------------------------------------------------
    def _update_hover(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        h = self.view.hex_at(pos)
        self.hover = h
        plan = self.plan
        if plan is None or plan.locked or self.anim is not None:
            self._refresh_path()
            return
        if self.path_layer.marker_at(self.view.camera, *pos) is not None:
            return  # reading a roll's breakdown keeps the path
        plan.dest = h
        plan.facing = None
        if h is not None:
            view = plan.reach(self.state)
            if h in view.hexes:
                plan.facing = self._facing_for(h, pos, view.hexes[h][1])
        self._refresh_path()

    def _facing_for(self, h: Hex, pos: tuple[int, int], faces: tuple[int, ...]) -> int | None:
        cx, cy = self.view.centre(h)
        dx, dy = pos[0] - cx, pos[1] - cy
        if math.hypot(dx, dy) < 12 * self.view.camera.zoom:
            return self.plan.default_facing(self.state, h) if self.plan else None
        return nearest_facing(facing_from_angle(dx, dy), faces)

    def _refresh_path(self) -> None:
        """Recompute the summary and the path layer when the plan's inputs changed."""
        plan = self.plan
        key = None
        if plan is not None:
            key = (id(self.state), plan.unit_id, plan.mode, tuple(plan.waypoints), plan.dest,
                   plan.facing, self.view.camera.zoom)  # fmt: skip
        if key == self.path_key:
            return
        self.path_key = key
        self.info, self.path_layer = {}, overlays.EMPTY
        if plan is None:
            return
        unit = self.state.unit(plan.unit_id)
        assert unit is not None
        title = f"{unit.id} {plan.mode}s"
        self.info = {"title": title, "result": None}
        if plan.dest is None:
            return
        steps = plan.current_steps(self.state) if plan.facing is not None else None
        if steps is None:
            self.info["error"] = self._why_not(unit, plan.dest)
            self.path_layer = self._path_layer(unit, None, (), legal=False)
            return
        res = plan.preview(self.state, steps)
        if not res.legal:
            self.info["error"] = res.error
        self.info["result"] = res
        self.info["steps"] = steps
        self.info["warnings"] = overlays.move_warnings(res, self.state.board)
        self.path_layer = self._path_layer(
            unit, res, steps, legal=res.legal, warnings=self.info["warnings"]
        )

    def _path_layer(
        self, unit: Unit, res: Any, steps: tuple[str, ...], legal: bool, warnings: Any = ()
    ):
        plan = self.plan
        assert plan is not None and plan.dest is not None
        view = plan.reach(self.state)
        faces = view.hexes.get(plan.dest, (0, ()))[1]
        return overlays.path_layer(
            self.view.layout, unit.at, res, steps, mode=plan.mode, dest=plan.dest,
            facing=plan.facing if plan.facing is not None else unit.facing, facings=faces,
            waypoints=[w.at for w in plan.waypoints], legal=legal, warnings=warnings,
        )  # fmt: skip

    def _why_not(self, unit: Unit, h: Hex) -> str:
        """Why a hex is out of reach: the rules' sentence for a straight try at it."""
        plan = self.plan
        assert plan is not None
        if any(u.at == h and u.id != unit.id for u in self.state.units):
            return f"{self.state.board.hex_name(h)} is occupied"
        if plan.mode == "jump":
            steps: tuple[str, ...] = (f"J:{self.state.board.hex_name(h)}",)
        else:
            wp = plan.waypoints[-1] if plan.waypoints else None
            at, facing = (wp.at, wp.facing) if wp else (unit.at, unit.facing)
            steps = wp.steps if wp else ()
            if unit.prone:
                steps += ("U",)
            for cell in line(at, h)[1:]:
                nxt = cell[0]
                d = next((d for d in range(6) if neighbour(at, d) == nxt), facing)
                right = (d - facing) % 6
                steps += ("R",) * right if right <= 3 else ("L",) * (6 - right)
                steps += ("F",)
                at, facing = nxt, d
        res = plan.preview(self.state, steps)
        if res.legal:
            return "out of reach this way"
        if "(MOV-07)" in (res.error or ""):  # too far: the straight try's MP sums only confuse
            mp = plan.reach(self.state).mp_available
            return f"out of reach: more than {unit.id}'s {mp} {plan.mode} MP (MOV-07)"
        return f"cannot end here: {res.error}"

    def _reach_layer(self):
        plan = self.plan
        key = None
        if plan is not None:
            key = (
                id(self.state),
                plan.unit_id,
                plan.mode,
                tuple(plan.waypoints),
                self.view.camera.zoom,
            )
        if key != self.reach_key:
            self.reach_key = key
            if plan is None:
                self.reach_layer = overlays.EMPTY
            else:
                v = plan.reach(self.state)
                self.reach_layer = overlays.reach_layer(
                    self.view.layout, v.hexes, v.mp_available, plan.mode
                )
        return self.reach_layer

    # --- actions --------------------------------------------------------------------------
    def commit(self) -> None:
        plan = self.plan
        if plan is None:
            self.app.notify("Select a unit and point at a shaded hex first", error=True)
            return
        steps = plan.current_steps(self.state)
        if steps is None:
            self.app.notify(self.info.get("error") or "Point at a shaded hex first", error=True)
            return
        self._commit(plan.unit_id, plan.mode, steps)

    def _commit(self, unit_id: str, mode: str, steps: tuple[str, ...]) -> None:
        from game.movers import preview_move

        before = self.state.unit(unit_id)
        assert before is not None
        res = preview_move(self.state, unit_id, mode, steps)
        if not res.legal:
            self.app.notify(res.error or "that move is not legal", error=True)
            return
        out = self.app.act(CommitMove(unit_id, mode, steps))
        if out is None:
            return
        after = self.state.unit(unit_id) or before
        self.anim = build_animation(
            unit_id, (before.at, before.facing), res, out.events, (after.at, after.facing)
        )
        self.marks = map_marks(self.state, out.events)
        self.plan = None
        self.info, self.path_layer = {}, overlays.EMPTY
        self.inspect = unit_id
        self._after_action()

    def stand_still(self) -> None:
        if self.plan is None:
            self.app.notify("Select a unit first", error=True)
            return
        if self.app.act(StandStill(self.plan.unit_id)) is not None:
            self.plan = None
            self._after_action()

    def posture(self, token: str) -> None:
        if self.plan is None:
            self.app.notify("Select a unit first", error=True)
            return
        u = self.state.unit(self.plan.unit_id)
        if token == "P" and u is not None and u.prone:
            self.app.notify(f"{u.id} is already prone", error=True)
            return
        if token == "U" and u is not None and not u.prone:
            self.app.notify(f"{u.id} is already standing", error=True)
            return
        mode = "walk" if self.plan.mode == "jump" else self.plan.mode
        self._commit(self.plan.unit_id, mode, (token,))

    def next_unit(self) -> None:
        units = self.movable()
        if not units:
            return
        ids = [u.id for u in units]
        cur = self.plan.unit_id if self.plan else None
        nxt = ids[(ids.index(cur) + 1) % len(ids)] if cur in ids else ids[0]
        self.select(nxt)
        u = self.state.unit(nxt)
        if u is not None:
            self.view.centre_on(u.at)

    def wheel_facing(self, step: int) -> bool:
        plan = self.plan
        if plan is None or plan.dest is None or plan.facing is None:
            return False
        faces = plan.reach(self.state).hexes.get(plan.dest, (0, ()))[1]
        if not faces:
            return False
        ordered = sorted(faces)
        i = ordered.index(plan.facing) if plan.facing in ordered else 0
        plan.facing = ordered[(i + step) % len(ordered)]
        plan.locked = True
        self._refresh_path()
        return True

    def click(self, h: Hex | None) -> None:
        now = time.monotonic()
        last_t, last_h = self.last_click
        self.last_click = (now, h)
        if h is None:
            return
        here = next((u for u in self.state.units if u.at == h), None)
        plan = self.plan
        if plan is not None and now - last_t < DOUBLE_CLICK and last_h == h and plan.dest == h:
            self.commit()
            return
        switch = plan is None or (
            not plan.waypoints and here is not None and here.id != plan.unit_id
        )
        movable = here is not None and here.id in {m.id for m in self.movable()}
        if here is not None and switch and (movable or plan is None):
            self.select(here.id)
            self.last_click = (0.0, None)  # a selecting click never starts a double click
            return
        if plan is None:
            return
        if here is not None and here.id == plan.unit_id and not plan.waypoints:
            return  # clicking the selected unit again: no waypoint on its own hex
        if plan.locked and plan.dest != h:
            plan.locked = False
            self._update_hover(self.mouse)
            return
        err = plan.pin(self.state)
        if err:
            self.app.notify(err, error=True)
        self._update_hover(self.mouse)

    def unpin(self) -> None:
        self.last_click = (0.0, None)  # a click after an undo is never a double click
        if self.plan is not None and self.plan.unpin():
            self._update_hover(self.mouse)

    # --- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        from .play_input import handle_event

        handle_event(self, event)

    def update(self, dt: float) -> None:
        if self.anim is None and self.marks:
            self.marks = [(h, t, left - dt) for h, t, left in self.marks if left > dt]
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.done:
                self.anim = None
                self._update_hover(self.mouse)
        if self.anim is None and not self.over and self.app.over:
            self.over = True  # after the last move has played out, with no hand-off
            self.handoff = None
            self.plan = None
            self.app.open("over")
            return
        if self.anim is None and not self.over and self.app.follow_phase():
            return  # another phase's screen took over (weapon attacks)
        if not self.help and self.view.held_keys(dt):
            self._update_hover(pygame.mouse.get_pos())

    def draw(self, screen: pygame.Surface) -> None:
        from .play_draw import draw_scene

        draw_scene(self, screen)


register("play", PlayScene)
