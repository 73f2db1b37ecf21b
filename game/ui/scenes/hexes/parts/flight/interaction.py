"""The aerospace movement screen (issue 15): pick a flier, set its thrust and turns, see
the flight path before it flies; then watch it fly and its dice pop up.

Select one of your ringed fliers (a click or N): the hexes ahead at its velocity are
drawn numbered, with the thrust spent and the velocity after. W / S spend thrust to
speed up / slow down (AERO-01; only before the first hex); Q / E turn left / right after
the hex under the mouse (or the first hex without a turn); Backspace clears the plan.
Flying more than the safe thrust marks the control roll it will cost in the end phase
(AERO-03/04). An out-of-control unit's forced path is drawn before it moves, with the
collision check of every hex holding another unit (AERO-05/06); it can only fly it.
Enter flies. The screen only sends FlyUnit actions; it edits no state.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.flow import actor, phase_of
from game.hexgrid import Hex
from game.phases.aerospace import to_fly
from game.phases.flights import FlyUnit, preview
from game.rules.aero import Flight, out_of_control
from game.state import GameState
from game.ui.app.app import App
from game.ui.app.follow import follow, opening_view, show_unit
from game.ui.app.pace import paced
from game.ui.map.anim import MoveAnimation, Popup, popup_of
from game.ui.map.events import route
from game.ui.scenes.hexes.parts.flight.draw import draw_flight, flight_rows
from game.ui.scenes.hexes.parts.flight.plan import FlightPlan, positions
from game.ui.scenes.hexes.stage import Frame, OwnFrame, Stage, lay_out, own_stage
from game.ui.widgets.handoff import HANDOFF_GRACE
from game.ui.widgets.help import help_key
from game.ui.widgets.keys import is_confirm
from game.ui.widgets.panels import Button, Row, ScreenLayout, button_at, screen_layout
from game.ui.widgets.refusals import unused_key
from game.units.unit import Unit

TURN_KEYS = {pygame.K_q: "L", pygame.K_e: "R", pygame.K_LEFTBRACKET: "L",
             pygame.K_RIGHTBRACKET: "R"}  # fmt: skip
THRUST_KEYS = {pygame.K_w: 1, pygame.K_s: -1}


class FlightInteraction:
    overlay = False
    scene_name = ""  # the screen's (or the sandbox view's) name
    where = "on the aerospace movement screen"  # as a refusal names it (the views: theirs)
    no_plan = "Select one of your ringed fliers (N) first"

    def __init__(self, app: App, stage: Stage | None = None) -> None:
        """The phase screen (no ``stage``: its own map view, cache, log and layout), or a
        view hosted by another screen on that screen's stage (no hand-off, no layout)."""
        self.app = app
        s = self.state
        hosted = stage is not None and stage.frame is not None
        stage = stage if stage is not None else own_stage(s)
        self.view, self.cache, self.log_view = stage.view, stage.cache, stage.log_view
        self.frame: Frame = stage.frame or OwnFrame(screen_layout(*app.screen.get_size()))
        self.plan: FlightPlan | None = None
        self.hover: Hex | None = None
        self.mouse = (0, 0)
        self.help = False
        self.space = False
        self.handoff: str | None = None if hosted else actor(s)
        self.shown_side = self.handoff
        self.anim: MoveAnimation | None = None
        self.skipped_at = 0.0
        self.buttons: list[Button] = []
        if not hosted:
            self.resize(fit=True)
            opening_view(self, (u.at for u in self.fliers()), app.screen.get_height())

    @property
    def state(self) -> GameState:
        state = self.app.state
        assert state is not None  # a play screen shows a game
        return state

    @property
    def layout(self) -> ScreenLayout:
        return self.frame.layout

    @property
    def panels(self) -> bool:
        return self.frame.panels

    @panels.setter
    def panels(self, on: bool) -> None:
        assert isinstance(self.frame, OwnFrame)  # a hosted view toggles its host's panels
        self.frame.panels = on

    def resize(self, fit: bool = False) -> None:
        lay_out(self.frame, self.view, self.app.screen.get_size(), fit)
        self.cache.clear()

    # --- what the rules say -----------------------------------------------------------------
    def flying(self) -> bool:
        """The game is still in the aerospace movement phase."""
        return FlyUnit in phase_of(self.state).handlers

    def fliers(self) -> tuple[Unit, ...]:
        """The units the side to act may fly now."""
        side = actor(self.state)
        return to_fly(self.state, side) if side is not None and self.flying() else ()

    def unit(self) -> Unit | None:
        return self.state.unit(self.plan.unit_id) if self.plan is not None else None

    def steps(self) -> tuple[str, ...]:
        u = self.unit()
        if self.plan is None or u is None or u.craft is None or out_of_control(u):
            return ()
        return self.plan.steps(u.craft.velocity)

    def flight(self) -> Flight | None:
        """The checked flight of the plan (nothing rolled)."""
        if self.plan is None or self.unit() is None:
            return None
        key = (id(self.state), self.plan.unit_id, self.steps())
        return self.cache.get("flight", key, lambda: preview(self.state, key[1], key[2]))

    def forced(self) -> list[Flight]:
        """The forced paths of every out-of-control flier still to move (AERO-05)."""
        out = [u for u in to_fly(self.state) if out_of_control(u)] if self.flying() else []
        key = (id(self.state), tuple(u.id for u in out))
        return self.cache.get("forced", key, lambda: [preview(self.state, u.id, ()) for u in out])

    # --- choosing ---------------------------------------------------------------------------
    def select(self, unit_id: str) -> None:
        if unit_id not in {u.id for u in self.fliers()}:
            u = self.state.unit(unit_id)
            why = "has moved already" if u is not None and u.moved else "is not yours to fly now"
            if u is not None and not u.airborne:
                why = "is a ground unit: it moved in the movement phase"
            self.app.notify(f"{unit_id} {why}", error=True)
            return
        self.plan = FlightPlan(unit_id)

    def thrust(self, step: int) -> None:
        u = self.unit()
        if self.plan is None or u is None or u.craft is None:
            self.app.notify("Select one of your ringed fliers first", error=True)
            return
        c = u.craft
        if out_of_control(u):
            self.app.notify(f"{u.id} is out of control: it cannot spend thrust (AERO-05)",
                            error=True)  # fmt: skip
            return
        new = self.plan.thrust + step
        if abs(new) > c.thrust or c.velocity + new < 0:
            why = "its velocity cannot go below 0" if c.velocity + new < 0 else (
                f"it has {c.thrust} thrust points this turn")  # fmt: skip
            self.app.notify(f"{u.id}: {why}", error=True)
            return
        self.plan.thrust = new

    def turn(self, way: str) -> None:
        u, flight = self.unit(), self.flight()
        if self.plan is None or u is None or u.craft is None or flight is None:
            self.app.notify("Select one of your ringed fliers first", error=True)
            return
        if out_of_control(u):
            self.app.notify(f"{u.id} is out of control: it cannot turn (AERO-05)", error=True)
            return
        v = self.plan.velocity(u.craft.velocity)
        k = flight.path.index(self.hover) + 1 if self.hover in flight.path else None
        if k is None or k >= v:
            k = self.plan.first_free_gap(u.craft.velocity)
        if k is None:
            self.app.notify("A turn comes between two hexes ahead: fly faster to turn",
                            error=True)  # fmt: skip
            return
        self.plan.toggle_turn(k, way)

    def clear(self) -> None:
        if self.plan is not None:
            self.plan = FlightPlan(self.plan.unit_id)
        else:
            self.app.notify("Nothing to clear: select one of your ringed fliers (N) first",
                            error=True)  # fmt: skip

    def next_unit(self) -> None:
        units = [u.id for u in self.fliers()]
        if not units:
            return
        cur = self.plan.unit_id if self.plan else None
        nxt = units[(units.index(cur) + 1) % len(units)] if cur in units else units[0]
        self.select(nxt)
        u = self.state.unit(nxt)
        if u is not None:
            show_unit(self, u.at)

    def fly(self) -> None:
        u, flight = self.unit(), self.flight()
        if self.plan is None or u is None or flight is None:
            self.app.notify(self.no_plan, error=True)
            return
        if not flight.legal:
            self.app.notify(flight.error or "that flight is not legal", error=True)
            return
        self._send(u, FlyUnit(u.id, self.steps()))

    def carry_out(self, action: object) -> bool:
        """The other player's flight in a network game (issue 23, game.ui.app.net_turns):
        flown here as if planned on this screen, so it is animated hex by hex with its
        rolls; False for an action of another kind (the caller acts it)."""
        u = self.state.unit(action.unit_id) if isinstance(action, FlyUnit) else None
        return u is not None and isinstance(action, FlyUnit) and self._send(u, action)

    def _send(self, u: Unit, action: FlyUnit) -> bool:
        base = len(self.state.log)
        if self.app.act(action) is None:
            return False
        self.anim = self._animation(u, action.steps, base)
        self._flown(u)
        return True

    def _flown(self, u: Unit) -> None:
        """After a flight: the phase goes on, the mouse is handed over when the side changes."""
        self.plan = None
        self.app.advance()
        side = actor(self.state)
        if self.flying() and side != self.shown_side:
            self.handoff = self.shown_side = side

    def _animation(self, u: Unit, steps: tuple[str, ...], base: int) -> MoveAnimation:
        """The flier along its path hex by hex, each roll popping up at its hex."""
        log = self.state.log[base:]
        flown = next((e.event.payload for e in log if e.event.kind == "flight"), None)
        path = flown.path if isinstance(flown, Flight) else ()
        places = positions(u.at, u.facing, steps, path)
        items: list[tuple[str, Any]] = [("step", places[0])]
        reveals = [0]
        pending = [(i, p) for i, e in enumerate(log) if (p := flight_popup(e.event)) is not None]
        for place in places[1:]:
            items.append(("step", place))
            reveals.append(pending[0][0] if pending else len(log))
            for i, p in [x for x in pending if _at(log[x[0]].event) == place[0]]:
                items.append(("popup", p))
                pending.remove((i, p))
                reveals.append(i + 1)
        for i, p in pending:
            items.append(("popup", p))
            reveals.append(i + 1)
        items.append(("step", places[-1]))
        reveals.append(len(log))
        anim = MoveAnimation(u.id, items, reveals=reveals, events=len(log))
        anim.log_start = base
        return anim

    # --- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if help_key(self, event):
            return True
        if self.help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.help = False
            return True
        if self.anim is not None:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.anim.skip()
                self.skipped_at = time.monotonic()
            return True
        if self._handoff(event):
            return True
        return route(self, event, self._key, self._press)

    def _handoff(self, event: pygame.event.Event) -> bool:
        """The hand-off prompt eats the click or key that dismisses it."""
        if self.handoff is None:
            return False
        clicked = event.type == pygame.MOUSEBUTTONDOWN or is_confirm(event)
        if clicked and time.monotonic() - self.skipped_at >= HANDOFF_GRACE:
            self.handoff = None
            follow(self, (u.at for u in self.fliers()), None)
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        """A key pressed; True if the screen has a use for it."""
        k = event.key
        if k == pygame.K_SPACE:
            self.space = True
        elif self.view.handle(event):
            pass
        elif k in THRUST_KEYS:
            self.thrust(THRUST_KEYS[k])
        elif k in TURN_KEYS:
            self.turn(TURN_KEYS[k])
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.fly()
        elif k == pygame.K_BACKSPACE:
            self.clear()
        elif k == pygame.K_n:
            self.next_unit()
        elif k in (pygame.K_f, pygame.K_HOME):
            self.view.fit_map()
        elif k == pygame.K_l:
            self.app.open("log")
        elif k in (pygame.K_TAB, pygame.K_F2):
            self.panels = not self.panels
            self.resize()
        elif k == pygame.K_ESCAPE:
            if self.plan is not None:
                self.plan = None
            else:
                self.app.open("menu")
        else:
            unused_key(self.app, event, self.where)
            return False  # a key without a use here (said so)
        return True

    def _press(self, pos: tuple[int, int]) -> None:
        b = button_at(self.buttons, pos)
        if b is not None:
            {"up": lambda: self.thrust(1), "down": lambda: self.thrust(-1),
             "left": lambda: self.turn("L"), "right": lambda: self.turn("R"),
             "clear": self.clear, "fly": self.fly, "next": self.next_unit}[b.action]()  # fmt: skip
            return
        h = self.view.hex_at(pos)
        if h is None:
            return
        mine = [u for u in self.fliers() if u.at == h]
        here = mine or [u for u in self.state.units if u.at == h and u.airborne]
        if here:
            self.select(here[0].id)
        elif self.plan is None:
            self.app.notify("No flier there: click one of your ringed fliers (N: the next one)",
                            error=True)  # fmt: skip
        else:  # a flight is steered, not clicked
            self.app.notify("A flight is planned with W / S (thrust) and Q / E (turns), not by "
                            "clicking: Enter flies it", error=True)  # fmt: skip

    def update(self, dt: float) -> None:
        if self.anim is not None:
            if not self.anim.update(paced(self.app, dt)):
                self.anim = None
            return
        if not self.help and self.view.held_keys(dt):
            self.hover = self.view.hex_at(pygame.mouse.get_pos())
        if not self.flying() and self.handoff is None:
            self.app.follow_phase()

    def log_upto(self) -> int | None:
        """How many log entries may show now (a roll's line never before its dice)."""
        anim = self.anim
        if anim is None or anim.log_start is None:
            return None
        return anim.log_start + anim.revealed

    def popup(self) -> Popup | None:
        return self.anim.popup if self.anim is not None else None

    def side_rows(self) -> list[Row]:
        """The side panel's rows (game.ui.scenes.hexes.parts.flight.draw)."""
        return flight_rows(self)

    def draw(self, screen: pygame.Surface) -> None:
        draw_flight(self, screen)


def flight_popup(event: Any) -> Popup | None:
    """A roll's pop-up; a collision check reads the other way round: its "success" is a
    collision that may occur (AERO-06), bad news for the flier."""
    if event.kind != "collision_check" or not event.rolls:
        return popup_of(event)
    roll = event.rolls[0]
    hit = bool(roll.success)
    verdict = "a collision may occur" if hit else "no collision"
    return Popup(str(roll.reason)[:48], tuple(roll.faces), roll.target, verdict, not hit)


def _at(event: Any) -> Hex | None:
    """The hex a flight event happened in (a collision check's), if any."""
    return getattr(event.payload, "at", None)
