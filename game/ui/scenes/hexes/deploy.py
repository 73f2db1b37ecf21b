"""Deployment: each side in turn places its units by clicking hexes of its zone.

The zone (from the map's object layer, else the map edges) is shaded in the side's
colour; the next unit follows the mouse as a ghost counter, turned with the wheel or
Q / E. A click sends ``Deploy``; a refusal (occupied, prohibited terrain) is shown. In a
network game the other player's placements are carried out here as if clicked
(:meth:`DeployScene.carry_out`) and stay ringed for a moment where they landed.
"""

from __future__ import annotations

import time

import pygame

from game.flow import phase_of
from game.hexgrid import Hex
from game.narrate import skills
from game.phases.actions import Deploy
from game.phases.deployment import deploying_side, to_deploy
from game.rules.deploy import legal_deploy_hexes
from game.ui.app.app import App
from game.ui.app.pace import paced
from game.ui.app.registry import for_phase, register
from game.ui.map import overlays
from game.ui.map.sprites import draw_unit
from game.ui.map.view import MapView, tiles_for, unit_under
from game.ui.widgets.fonts import log_size, place
from game.ui.widgets.handoff import HANDOFF_GRACE, draw_handoff
from game.ui.widgets.help import DEPLOY_KEYS, draw_help, help_key
from game.ui.widgets.keys import is_confirm
from game.ui.widgets.log_view import LogView
from game.ui.widgets.map_notes import map_notes
from game.ui.widgets.palette import DIM, TEXT
from game.ui.widgets.panels import (
    PanelCache,
    banner_surface,
    rows_surface,
    screen_layout,
    side_colour,
    tooltip,
)
from game.ui.widgets.refusals import unused_key
from game.ui.widgets.unit_tip import tip_beside, tip_rows
from game.units.unit import Unit, platoon_line

LANDING = 1.5  # seconds (at dice speed 1) the other player's placement stays ringed
LANDING_COLOUR = (255, 246, 192)  # the outline a local placement's hex has under the mouse


class DeployScene:
    overlay = False
    scene_name = "deploy"

    def __init__(self, app: App) -> None:
        self.app = app
        s = app.state
        self.view = MapView(s.start_board or s.board, tiles_for(s))
        self.cache = PanelCache()
        self.facing = 0
        self.hover: Hex | None = None
        self.mouse = (0, 0)
        self.help = False
        self.space = False
        self.handoff: str | None = deploying_side(s)
        self.placed: tuple[float, tuple[int, int]] = (0.0, (0, 0))  # last placing click
        self.landing: tuple[str, float] | None = None  # a placement made elsewhere, time left
        self.zone_key: tuple[int, float] | None = None  # the state and zoom drawn for
        self.zone = overlays.EMPTY
        self.log_view = LogView()
        self.resize(fit=True)
        self._default_facing()
        self.focus_zone()

    def focus_zone(self) -> None:
        """The starting view: the deploying side's whole zone in view."""
        self.view.fit_hexes(self.legal())

    @property
    def state(self):
        return self.app.state

    def resize(self, fit: bool = False) -> None:
        w, h = self.app.screen.get_size()
        self.layout = screen_layout(w, h, True)
        self.view.set_view(self.layout.map, fit=fit)
        self.cache.clear()

    def _default_facing(self) -> None:
        """Face the middle of the map: side placing on the west faces SE, east faces SW."""
        side = deploying_side(self.state)
        waiting = to_deploy(self.state, side) if side else ()
        unit = waiting[0] if waiting else None
        if unit is None:
            return
        hexes = legal_deploy_hexes(
            self.state.board, side, self.state.units, unit.kind, unit, self.state.rules
        )
        if hexes:
            mean = sum(h.col for h in hexes) / len(hexes)
            self.facing = 2 if mean < self.state.board.width / 2 else 4

    def legal(self) -> frozenset[Hex]:
        s = self.state
        side = deploying_side(s)
        waiting = to_deploy(s, side) if side else ()
        if not waiting:
            return frozenset()
        return frozenset(
            legal_deploy_hexes(s.board, side, s.units, waiting[0].kind, waiting[0], s.rules)
        )

    def place(self, h: Hex | None) -> None:
        s = self.state
        side = deploying_side(s)
        waiting = to_deploy(s, side) if side else ()
        if h is None or not waiting:
            return
        self._deploy(Deploy(waiting[0].id, h, self.facing))

    def _deploy(self, action: Deploy) -> bool:
        """A placement, clicked here or carried out for the other player: act it; once
        every unit is down the game begins, else a new side to deploy gets its hand-off,
        its facing and its zone in view. True if it was accepted."""
        side = deploying_side(self.state)
        if self.app.act(action) is None:
            return False
        self.zone_key = None
        if Deploy not in phase_of(self.app.state).handlers:  # every unit is down
            self.app.start_game(self.app.state)
            return True
        if deploying_side(self.app.state) != side:
            self.handoff = deploying_side(self.app.state)
            self._default_facing()
            self.focus_zone()
        return True

    def carry_out(self, action: object) -> bool:
        """The other player's placement in a network game (game.ui.app.net_turns): made
        here the way a click makes one (:meth:`_deploy`: the game begins after the last,
        a new side gets its facing and zone), without a hand-off (one player a screen),
        its hex ringed for :data:`LANDING` seconds and, while that side goes on placing,
        panned into view if it was out of it; False for an action of another kind or a
        refused one (the caller acts it)."""
        if not isinstance(action, Deploy):
            return False
        side = deploying_side(self.state)
        if not self._deploy(action):
            return False
        self.handoff = None
        self.landing = (action.unit_id, LANDING)
        going_on = self.app.base is self and deploying_side(self.state) == side
        if going_on and not self.layout.map.contains(self.view.hex_box(action.at)):
            self.view.ensure_visible(action.at)  # (a new side's zone is in view: _deploy)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if help_key(self, event):
            return True
        if self.help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.help = False
            return True
        if self.handoff is not None:
            if event.type == pygame.MOUSEBUTTONDOWN or is_confirm(event):
                t, (px, py) = self.placed
                pos = getattr(event, "pos", None)
                if (
                    pos
                    and time.monotonic() - t < HANDOFF_GRACE
                    and abs(pos[0] - px) + abs(pos[1] - py) <= 8
                ):
                    self.placed = (0.0, (0, 0))  # a double click on the last placement
                    return True
                self.handoff = None
            return True
        if self.view.handle(event, self.space):
            return True
        page = max(1, self.log_view.visible_rows(self.layout.log.h, self.layout.size) - 1)
        if self.log_view.handle(event, self.layout.log, page):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_f, pygame.K_HOME):
                self.view.fit_map()
            elif event.key == pygame.K_l:
                self.app.open("log")
            elif event.key == pygame.K_SPACE:
                self.space = True
            elif event.key == pygame.K_q:
                self.facing = (self.facing - 1) % 6
            elif event.key == pygame.K_e:
                self.facing = (self.facing + 1) % 6
            elif event.key == pygame.K_ESCAPE:
                self.app.open("menu")
            else:
                unused_key(self.app, event, "on the deployment screen")
                return False  # a key without a use here (said so)
        elif event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.space = False
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self.view.hex_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.placed = (time.monotonic(), event.pos)
            self.place(self.view.hex_at(event.pos))
        elif event.type == pygame.MOUSEWHEEL and event.y:
            if pygame.key.get_mods() & pygame.KMOD_CTRL:
                self.view.zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())
            else:
                self.facing = (self.facing + (1 if event.y < 0 else -1)) % 6
        else:
            return False  # a key or a button let go, another button, no input at all
        return True

    def update(self, dt: float) -> None:
        self.view.held_keys(dt)
        if self.landing is not None:
            uid, left = self.landing
            left -= paced(self.app, dt)
            self.landing = (uid, left) if left > 0 else None

    def draw(self, screen: pygame.Surface) -> None:
        s, view, lay = self.state, self.view, self.layout
        view.sync(s.board)  # a renderer shared with an earlier game shows this board
        view.draw_map(screen)
        side = deploying_side(s)
        key = (id(s), view.camera.zoom)
        if key != self.zone_key:
            self.zone_key = key
            self.zone = overlays.zone_layer(view.layout, self.legal(), side_colour(side))
        self.zone.draw(screen, view.camera)
        view.draw_units(screen, s.units)
        self._draw_landing(screen)
        waiting = to_deploy(s, side) if side else ()
        if self.hover is not None and waiting and self.handoff is None:
            ok = self.hover in self.legal()
            view.renderer.outline(
                screen, view.camera, self.hover, LANDING_COLOUR if ok else (225, 45, 45), 3
            )
            if ok:
                draw_unit(
                    screen,
                    waiting[0],
                    view.centre(self.hover),
                    view.camera.zoom,
                    facing=self.facing,
                )
                if waiting[0].has_facing:  # MOV-16: infantry has none
                    overlays.facing_arrow(screen, view.centre(self.hover), self.facing,
                                          view.layout, side_colour(side))  # fmt: skip
        banner = self.cache.get(
            "banner", (id(s), lay.banner.size), lambda: banner_surface(s, "", lay.banner, lay.size)
        )
        screen.blit(banner, lay.banner.topleft)
        rows = [(f"Deployment: side {side}", TEXT, True)]
        if waiting:
            u = waiting[0]
            rows += [
                (f"Next: {u.id} {u.name or u.kind}", TEXT, False),
                (f"{u.tons} t, walk {u.walk_mp()} run {u.run_mp()} jump {u.jump_mp()}", DIM, False),
                (f"Pilot {skills(u.gunnery, u.piloting)} (gunnery / piloting)", DIM, False),
                *([(platoon_line(u), DIM, False)] if u.platoon is not None else []),
                (f"{len(waiting)} unit(s) left to place", DIM, False),
                (_place_hint(u), DIM, False),
            ]
        side_panel = self.cache.get(
            "side", (id(s), lay.side.size), lambda: rows_surface(rows, lay.size, lay.side.w)
        )
        pygame.draw.rect(screen, (27, 29, 33), lay.side)
        place(screen.subsurface(lay.side), side_panel, (0, 0), "deployment panel")
        self.log_view.draw(screen, lay.log, s, log_size(screen.get_height()))
        self._draw_tip(screen)
        if self.handoff is not None:
            draw_handoff(self, screen)
        if self.help:
            draw_help(screen, "Deployment", DEPLOY_KEYS + map_notes(s))
        view.write_debug_layout(s.units, {"phase": s.phase, "side_to_act": side})

    def _draw_landing(self, screen: pygame.Surface) -> None:
        """The other player's last placement: its hex outlined as a click's hex is, and a
        ring in its side's colour closing in on it as it lands."""
        if self.landing is None:
            return
        uid, left = self.landing
        unit = self.state.unit(uid)
        if unit is None or not self.state.board.contains(unit.at):
            return
        view = self.view
        view.renderer.outline(screen, view.camera, unit.at, LANDING_COLOUR, 3)
        radius = view.hex_box(unit.at).h / 2 * (1 + max(left, 0) / LANDING)
        old = screen.get_clip()
        screen.set_clip(self.layout.map)
        pygame.draw.circle(screen, side_colour(unit.side), view.centre(unit.at), radius, 3)
        screen.set_clip(old)

    def _draw_tip(self, screen: pygame.Surface) -> None:
        """Hovering a unit already placed: what it is."""
        if self.hover is None or self.handoff is not None:
            return
        unit = unit_under(self.state, self.hover)
        if unit is None or not self.layout.map.collidepoint(self.mouse):
            return
        size = self.layout.size
        tip = self.cache.get(
            "tip", (id(self.state), unit.id, size),
            lambda: tooltip(tip_rows(self.state, unit), size - 2, size * 20),
        )  # fmt: skip
        tip_beside(screen, tip, self.view.hex_box(unit.at), self.mouse)  # the unit stays seen


def _place_hint(u: Unit) -> str:
    if not u.has_facing:  # MOV-16
        return "Click a shaded hex to place it (infantry: no facing)."
    return "Click a shaded hex to place it; wheel or Q / E turns it first."


register("deploy", DeployScene)
for_phase("deployment", "deploy")  # this is the deployment phase's screen
