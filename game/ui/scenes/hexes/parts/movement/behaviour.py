"""The movement screen's behaviour: select a unit, plan its path with the mouse, commit,
watch it move. It registers nothing: game.ui.scenes.hexes.movement.scene makes it the hot-seat
movement screen and game.ui.scenes.hexes.sandbox.scene builds the sandbox on it.

Input becomes plans (:class:`Plan`, pure UI state) and, on Enter or a double click,
actions through ``App.act``; nothing here edits the game state. The reach and the
checked path are computed when the selection, mode, waypoints or hovered hex change,
and drawn as cached layers (game.ui.map.overlays); a frame only blits. Drawing lives in
game.ui.scenes.hexes.parts.movement.draw.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame

from game.flow import actor, phase_of
from game.hexgrid import Hex, line, neighbour
from game.outcome import in_the_fight
from game.phases.actions import CommitMove
from game.phases.movement import to_move
from game.rules.move.stacking import violation
from game.state import GameState
from game.ui.app.app import App
from game.ui.app.follow import follow, opening_view
from game.ui.app.pace import paced
from game.ui.map import overlays
from game.ui.map.anim import MoveAnimation
from game.ui.map.overlays import Layer
from game.ui.map.view import MapView, tiles_for
from game.ui.scenes.hexes.move_plan import (
    DEAD_ZONE,
    STICKY,
    Plan,
    aimed_facing,
    facing_from_angle,
    going_on,
)
from game.ui.scenes.hexes.parts.movement import act as play_act
from game.ui.scenes.hexes.parts.movement import charge_act, hull_preview
from game.ui.scenes.hexes.parts.movement import tacops as play_tacops
from game.ui.scenes.hexes.parts.movement.charge import ChargeView, enemy_at
from game.ui.scenes.hexes.parts.movement.enemy_hex import attack_offer, foes_in, moves_in
from game.ui.scenes.hexes.parts.movement.stuck import stuck_reason
from game.ui.widgets.log_view import LogView
from game.ui.widgets.panels import Button, PanelCache, screen_layout
from game.units.unit import Unit

from .charge_draw import Layers, targets_layer

STALE = object()  # a cache key that matches nothing


class MoveInteraction:
    overlay = False
    scene_name = ""  # the screen's (or the sandbox view's) name

    def __init__(self, app: App) -> None:
        self.app = app
        state = self.state
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
        self.reach_key: object = None  # what the reach layer was drawn for
        self.path_layer: Layer | Layers = overlays.EMPTY
        self.path_key: object = None  # what the path layer was drawn for
        self.attack: ChargeView | None = None  # the charge or DFA shown (movement.charge)
        self.aim: int | None = None  # the side of the enemy the pointer is on
        self.charging: Hex | None = None  # MOV-35: the enemy hex where C chose the attack
        self.targets_layer: Layer = overlays.EMPTY  # to-hit badges on enemies in reach
        self.numbers: tuple[object, dict[Hex, int | str]] = (None, {})
        self.info: dict[str, Any] = {}
        self.buttons: list[Button] = []
        self.space = False
        self.over = False  # the game-over overlay has been shown
        self.log_view = LogView()
        self.shown: GameState | None = None  # the state before a move, while it plays
        self.resize(fit=True)  # the starting view fits the map
        opening_view(self, (u.at for u in self.movable()), app.screen.get_height())
        self._after_action()

    def focus_side(self, zoom: bool = True) -> None:
        """Centre on the units of the side to act (and zoom to at least 75%)."""
        units = self.movable() or tuple(u for u in self.state.units if u.at.col >= 0)
        height = self.app.screen.get_height() if zoom else None
        follow(self, (u.at for u in units), height)  # only when following the action

    @property
    def state(self) -> GameState:
        state = self.app.state
        assert state is not None  # a play screen shows a game
        return state

    @property
    def sheet_state(self) -> GameState:
        """The state the panels show: before the move while its dice are being shown."""
        return self.shown if self.shown is not None and self.anim is not None else self.state

    def log_upto(self) -> int | None:
        """How many log entries may show now: not those whose dice are still to come."""
        anim = self.anim
        if anim is None or anim.log_start is None:
            return None
        return anim.log_start + anim.revealed

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
    def carry_out(self, action: object) -> bool:
        """The other player's move in a network game (issue 23, game.ui.app.net_turns):
        committed here as if planned and confirmed on this screen, so it is animated with
        its rolls; False for an action this screen does not animate (the caller acts it)."""
        if not isinstance(action, CommitMove):
            return False
        play_act.send(self, action.unit_id, action.mode, action.steps, action.partial,
                      action.careless)  # fmt: skip
        return True

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
        busy = self.state.underway
        if busy is not None and (self.plan is None or self.plan.unit_id != busy.unit_id):
            self.plan = going_on(self.state)  # MOV-23: that move goes on first
            self.inspect = busy.unit_id
        self._invalidate()

    def movable(self) -> tuple[Unit, ...]:
        """The units the side to act may move now (none outside the movement phase)."""
        side = actor(self.state)
        if side is None or CommitMove not in phase_of(self.state).handlers:
            return ()
        return to_move(self.state, side)

    def select(self, unit_id: str) -> None:
        u = self.state.unit(unit_id)
        busy = self.state.underway
        if busy is not None and busy.unit_id != unit_id:
            self.app.notify(f"{busy.unit_id}'s move is under way: go on with it or end it (S)",
                            error=True)  # fmt: skip
            unit_id, u = busy.unit_id, self.state.unit(busy.unit_id)
        self.inspect = unit_id
        if u is None:
            return
        if u.id not in {m.id for m in self.movable()}:
            why = "has already moved" if u.moved else f"belongs to side {u.side}"
            if u.side == actor(self.state) and not u.moved:
                why = "cannot move now"
            self.app.notify(f"{u.id} {why}: its record sheet is shown", error=not u.moved)
            self.plan = None
            self._refresh_path()  # no plan: no summary left from the last one
            return
        mode = "walk"
        if self.plan is not None and self.plan.mode != "jump":
            mode = self.plan.mode
        if busy is not None:
            mode = busy.mode
        elif play_tacops.mode_refusal(self, u, mode):
            mode = "walk"  # crawling is for a prone Mech (ADV-03)
        if self.plan is None or self.plan.unit_id != u.id or self.plan.mode != mode:
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
        busy = self.state.underway
        if busy is not None and busy.unit_id == self.plan.unit_id and mode != busy.mode:
            self.app.notify(f"{busy.unit_id}'s move goes on as a {busy.mode}", error=True)
            return
        if mode == "jump" and (u is None or u.jump_mp() <= 0):
            self.app.notify(f"{self.plan.unit_id} has no jump MP", error=True)
            return
        why = play_tacops.mode_refusal(self, u, mode)
        if why:
            self.app.notify(why, error=True)
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
        view = plan.reach(self.state)
        if plan.dest in view.hexes and h != plan.dest and self._near(plan.dest, pos, STICKY):
            h = plan.dest  # aiming the facing: the pointer may leave the hex a little
        plan.dest = h
        plan.facing = None
        if h != self.charging:  # MOV-35: elsewhere the move into an enemy hex is shown again
            self.charging = None
        self.aim = self._aim(h, pos) if enemy_at(self.state, plan.unit_id, h) else None
        if h is not None and h in view.hexes:
            plan.facing = self._facing_for(h, pos, view.hexes[h][1])
        self._refresh_path()

    def _radius(self) -> float:
        lay = self.view.layout
        return lay.tile_width / 2 * lay.scale

    def _near(self, h: Hex, pos: tuple[int, int], share: float) -> bool:
        cx, cy = self.view.centre(h)
        return math.hypot(pos[0] - cx, pos[1] - cy) < share * self._radius()

    def _aim(self, h: Hex | None, pos: tuple[int, int]) -> int | None:
        """The side of the enemy in ``h`` the pointer is on (None: its middle)."""
        if h is None:
            return None
        cx, cy = self.view.centre(h)
        if math.hypot(pos[0] - cx, pos[1] - cy) < DEAD_ZONE * self._radius():
            return None
        return facing_from_angle(pos[0] - cx, pos[1] - cy)

    def _facing_for(self, h: Hex, pos: tuple[int, int], faces: tuple[int, ...]) -> int | None:
        """The angle from the hex's centre to the pointer picks the facing; the middle of
        the hex keeps the path's natural (cheapest) facing."""
        cx, cy = self.view.centre(h)
        natural = self.plan.default_facing(self.state, h) if self.plan else None
        return aimed_facing(pos[0] - cx, pos[1] - cy, self._radius(), natural, faces)

    def _refresh_path(self) -> None:
        """Recompute the summary and the path layer when the plan's inputs changed."""
        plan = self.plan
        key = None
        if plan is not None:
            key = (id(self.state), plan.unit_id, plan.mode, tuple(plan.waypoints), plan.dest,
                   plan.facing, self.view.camera.zoom, self.aim, plan.careless,
                   plan.depth, plan.altitude, plan.hull)  # fmt: skip
        if key == self.path_key:
            return
        self.path_key = key
        self.info, self.path_layer, self.attack = {}, overlays.EMPTY, None
        if plan is None:
            return
        unit = self.state.unit(plan.unit_id)
        assert unit is not None
        title = f"{unit.id} {plan.mode}s" + (" carelessly" if plan.careless else "")
        busy = self.state.underway
        if busy is not None and busy.unit_id == unit.id:
            title = (
                f"{unit.id} goes on ({busy.mode}): {busy.mp_left} of {busy.mp_available} MP left"
            )
        # MOV-16: infantry has no facing to choose (the summary says so, no arrow drawn)
        self.info = {"title": title, "result": None,
                     "facing": plan.facing if unit.has_facing else None,
                     "no_facing": not unit.has_facing, "vtol": unit.kind == "vtol"}  # fmt: skip
        if plan.hull:  # H: the hull-down change shown before Enter (issue 25)
            hull_preview.show(self, unit)
            return
        stuck = stuck_reason(self.state, unit, plan.mode)
        if stuck is not None:  # nothing shaded: the summary says why at once
            self.info["title"] = stuck
        if plan.dest is None:
            return
        enemy = enemy_at(self.state, unit.id, plan.dest)
        if enemy is not None and not self.walks_into(plan.dest):
            self._attack_path(unit, enemy)
            return
        if enemy is not None:  # MOV-35: the move into its hex, the attack offered beside it
            passes = unit.is_mech and all(u.kind == "infantry" for u in
                                          foes_in(self.state, unit.id, plan.dest))  # fmt: skip
            how = "a Mech does not stop for infantry" if passes else "it stops there"
            self.info["title"] = f"{unit.id} moves into {enemy.id}'s hex: {how} (MOV-35)"
            self.info["offer"] = attack_offer(plan, self.state, plan.dest)
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
        if (
            res.legal
            and res.end_depth
            and not any(  # ADV-25: under water it keeps no side in
                in_the_fight(self.state, u) for u in self.state.side_units(unit.side) if u != unit
            )
        ):  # the fight (game.outcome): say so before the player dives the side's last unit
            self.info["alone_below"] = unit.side
        other = plan.other_option(self.state)  # ADV-05: careful or careless, when it differs
        mine = (res.mp_used, len(res.psrs))
        same = other is not None and (other.mp_used, len(other.psrs)) == mine
        self.info["other"] = None if same else other
        self.info["warnings"] = overlays.move_warnings(res, self.state.board)
        self.path_layer = self._path_layer(
            unit, res, steps, legal=res.legal, warnings=self.info["warnings"]
        )

    def walks_into(self, h: Hex) -> bool:
        """MOV-35: ``h`` holds enemy platoons only and the plan's reach ends there, so
        pointing at it moves in (to stomp it later) instead of aiming a charge or a death
        from above, which a platoon cannot be the target of (CMB-44)."""
        return self.plan is not None and moves_in(self.plan, self.state, h, self.charging)

    def _attack_path(self, unit: Unit, enemy: Unit) -> None:
        charge_act.attack_path(self, unit, enemy)

    def turn_approach(self, step: int) -> bool:
        return charge_act.turn_approach(self, step)

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
            arrow=unit.has_facing,
        )  # fmt: skip

    def _why_not(self, unit: Unit, h: Hex) -> str:
        """Why a hex is out of reach: the rules' sentence for a straight try at it."""
        plan = self.plan
        assert plan is not None
        s = self.state
        if stuck_reason(s, unit, plan.mode) is not None:  # a prone Mech with 1 MP (issue 25)
            return f"{s.board.hex_name(h)} is out of reach: only a stand-up attempt (U) is left"
        if s.rules.classic and any(u.at == h and u.id != unit.id and not u.airborne
                                   for u in s.units):  # fmt: skip
            return f"{s.board.hex_name(h)} is occupied (one unit per hex, MOV-30)"
        if not s.rules.classic:  # MOV-34: say which limit the hex would break
            there = [u for u in s.units if u.at == h and not u.airborne]
            why = violation(replace(unit, at=h), there, s.rules)
            if why is not None:
                return f"{s.board.hex_name(h)} {why}"
        if plan.depth is not None and h in plan.reach(self.state).hexes:  # ADV-25
            where = "on the surface" if plan.depth == 0 else f"at depth {plan.depth}"
            return (f"{unit.id} cannot end {where} in {self.state.board.hex_name(h)} within "
                    "its MP (V / B change the depth, ADV-25)")  # fmt: skip
        if plan.mode == "jump":
            steps: tuple[str, ...] = (f"J:{self.state.board.hex_name(h)}",)
        else:
            wp = plan.waypoints[-1] if plan.waypoints else None
            at, facing = (wp.at, wp.facing) if wp else (unit.at, unit.facing)
            steps = wp.steps if wp else ()
            if unit.prone and plan.mode != "crawl":  # ADV-03: a crawl stays prone
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

    def _reach_layer(self) -> Layer:
        plan = self.plan
        key = None
        if plan is not None:
            key = (
                id(self.state),
                plan.unit_id,
                plan.mode,
                tuple(plan.waypoints),
                self.view.camera.zoom,
                plan.altitude,  # ADV-25: a VTOL's reach after the MP of its altitude change
                plan.careless,
            )
        if key != self.reach_key:
            self.reach_key = key
            if plan is None:
                self.reach_layer = self.targets_layer = overlays.EMPTY
            else:
                v = plan.reach(self.state)
                self.reach_layer = overlays.reach_layer(
                    self.view.layout, v.hexes, v.mp_available, plan.mode
                )
                self.targets_layer = targets_layer(self.view.layout, self._numbers(key[:-1]))
        return self.reach_layer

    def _numbers(self, key: tuple[object, ...]) -> dict[Hex, int | str]:
        return charge_act.numbers(self, key)

    # --- actions (game.ui.scenes.hexes.parts.movement.act)
    def commit(self) -> None:
        play_act.commit(self)

    def declare_charge(self) -> None:
        """C: where the move into an enemy's hex is shown (MOV-35), show the attack on it
        instead; with the attack shown, declare it."""
        plan = self.plan
        if (
            plan is not None
            and plan.dest is not None
            and self.attack is None
            and self.info.get("offer")
        ):
            self.charging = plan.dest
            self.path_key = None
            self._refresh_path()
            return
        charge_act.declare_charge(self)

    def stand_still(self) -> None:
        play_act.stand_still(self)

    def posture(self, token: str) -> None:
        play_act.posture(self, token)

    def next_unit(self) -> None:
        play_act.next_unit(self)

    def step_facing(self, step: int) -> bool:
        return play_act.step_facing(self, step)

    def wheel_facing(self, step: int) -> bool:
        return play_act.step_facing(self, step)

    def click(self, h: Hex | None) -> None:
        play_act.click(self, h)

    def unpin(self) -> None:
        play_act.unpin(self)

    # --- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        from game.ui.scenes.hexes.parts.movement.input import handle_event

        return handle_event(self, event)

    def update(self, dt: float) -> None:
        if self.anim is None and self.marks:
            self.marks = [(h, t, left - dt) for h, t, left in self.marks if left > dt]
        if self.anim is not None:
            shown = self.anim.popup
            self.anim.update(paced(self.app, dt))
            sounds = getattr(self.app, "sound", None)
            if sounds is not None and self.anim.popup not in (None, shown):
                sounds.play("dice")  # a roll pops up beside the unit (game.ui.app.sound)
            if self.anim.done:
                self.anim = None
                self.shown = None
                self.cache.clear()
                self._update_hover(self.mouse)
        if self.anim is None and not self.over and self.app.over:
            self.over = True  # after the last move has played out, with no hand-off
            self.handoff = None
            self.plan = None
            self.app.open("over")  # T there: the last turn's summary
            return
        if self.anim is None and not self.over and self.app.show_report():
            return  # the end-of-turn summary of the turn just over, before anything else
        if self.anim is None and not self.over and self.app.follow_phase():
            return  # another phase's screen took over (weapon attacks)
        if not self.help and self.view.held_keys(dt):
            self._update_hover(pygame.mouse.get_pos())

    def draw(self, screen: pygame.Surface) -> None:
        from game.ui.scenes.hexes.parts.movement.draw import draw_scene

        draw_scene(self, screen)
