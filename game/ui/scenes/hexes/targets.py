"""What the weapon and the physical attack screens share (game.ui.scenes.hexes.attack.scene,
game.ui.scenes.hexes.physical.scene): the map view and panels, the hand-off between the players, the
dice of the resolution popping up one by one before the log shows their results, the keys
and clicks both screens answer. It is no screen of its own (it registers nothing); each
screen says who waits to declare, what a row toggles and what it declares.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, ClassVar

import pygame

from game.core.actions import Action
from game.flow import actor, phase_of
from game.hexgrid import Hex
from game.state import GameState
from game.ui.app.app import App
from game.ui.app.follow import follow, opening_view, show_unit
from game.ui.app.pace import dice_banner, paced
from game.ui.app.sound import sound_of
from game.ui.map.anim import Popup, popup_of
from game.ui.map.events import route
from game.ui.scenes.hexes.parts.attack.plan import FirePlan
from game.ui.scenes.hexes.parts.physical.plan import BlowPlan
from game.ui.scenes.hexes.stage import Frame, OwnFrame, Stage, lay_out, own_stage
from game.ui.widgets.handoff import HANDOFF_GRACE
from game.ui.widgets.help import help_key
from game.ui.widgets.keys import is_confirm
from game.ui.widgets.panels import Button, ScreenLayout, button_at, screen_layout
from game.ui.widgets.refusals import unused_key
from game.units.unit import Unit

POPUP_SECONDS = 1.1
WEAPON_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}
NEEDS_UNIT = {*WEAPON_KEYS, pygame.K_q, pygame.K_e, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET,
              pygame.K_TAB}  # keys that act on the selected unit  # fmt: skip


class TargetScene:
    """The shared part of an attack screen; a subclass answers ``waiting``, ``select``,
    ``aim_at``, ``toggle``, ``twist``, ``declare``, ``declaring``, ``next_unit``,
    ``_visible_enemies`` and ``draw``."""

    overlay = False
    scene_name = ""
    where = "on the attack screen"  # as a refusal names the screen (game.ui.widgets.refusals)
    sounds_its_results = True  # its dice pop-ups sound (game.ui.app.sound_cues keeps off)
    declares: ClassVar[type[Action]]  # the action of the screen's phase

    def __init__(self, app: App, stage: Stage | None = None) -> None:
        """A phase screen (no ``stage``: its own map view, cache, log and layout), or a
        view hosted by another screen on that screen's stage (no hand-off, no layout of
        its own, no debug layout written: the host writes it)."""
        self.app = app
        s = self.state
        hosted = stage is not None and stage.frame is not None
        stage = stage if stage is not None else own_stage(s)
        self.view, self.cache, self.log_view = stage.view, stage.cache, stage.log_view
        self.frame: Frame = stage.frame or OwnFrame(screen_layout(*app.screen.get_size()))
        self.writes_layout = not hosted  # HEXPLATE_DEBUG_LAYOUT
        self.plan: FirePlan | BlowPlan | None = None  # the screen's plan
        self.hover: Hex | None = None
        self.hover_row: int | None = None
        self.mouse = (0, 0)
        self.help = False
        self.space = False
        self.handoff: str | None = None if hosted else actor(s)
        self.shown_side = self.handoff
        self.popups: list[tuple[Popup, int]] = []  # a resolution roll and its log entry
        self.log_shown: int | None = None  # while dice pop up: log entries shown so far
        self.popup_left = 0.0
        self.dice_banner: str | None = None  # the phase the dice shown belong to
        self.skipped_at = 0.0
        self.buttons: list[Button] = []
        self.rows: list[tuple[pygame.Rect, int]] = []  # rows on screen -> index
        self.over = False  # the game-over overlay has been shown
        if not hosted:
            self.resize(fit=True)
            opening_view(self, (u.at for u in self.waiting(self.handoff)), app.screen.get_height())

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

    def resize(self, fit: bool = False) -> None:
        lay_out(self.frame, self.view, self.app.screen.get_size(), fit)
        self.cache.clear()

    def attacker(self) -> Unit | None:
        return self.state.unit(self.plan.unit_id) if self.plan is not None else None

    def waiting(self, side: str | None) -> Sequence[Unit]:
        """The units of ``side`` still to declare in this phase."""
        raise NotImplementedError

    def _visible_enemies(self) -> list[str]:
        raise NotImplementedError

    def select(self, unit_id: str) -> None:
        raise NotImplementedError

    def aim_at(self, target: str) -> None:
        raise NotImplementedError

    def toggle(self, index: int) -> None:
        raise NotImplementedError

    def twist(self, step: int) -> None:
        return None  # only the weapon attack screen twists

    def button_actions(self) -> dict[str, Any]:
        """What each side-panel button does (a screen may add its own)."""
        return {"declare": self.declare, "hold": lambda: self.declare(hold=True),
                "left": lambda: self.twist(-1), "right": lambda: self.twist(1)}  # fmt: skip

    def click_hex(self, h: Hex | None) -> None:
        """A click on a hex without a unit (the physical screen plans a defence walk):
        says what a click wants here."""
        if h is None:
            return
        where = self.state.board.hex_name(h)
        if self.plan is None:
            self.app.notify(f"No unit in {where}: click one of your units (ringed) first",
                            error=True)  # fmt: skip
        else:
            self.app.notify(f"No unit in {where}: click an enemy to aim at", error=True)

    def needs_unit(self) -> bool:
        """True (and why, at the pointer) when a key needs a selected unit and none is."""
        if self.plan is None:
            self.app.notify("Select one of your units (ringed) first", error=True)
        return self.plan is None

    def other_key(self, event: pygame.event.Event) -> bool:
        """A key the shared screen does not use (the physical screen's walk keys): said
        to do nothing here (game.ui.widgets.refusals); True if the screen used it."""
        unused_key(self.app, event, self.where)
        return False

    def declaration(self, hold: bool) -> Action:
        """The selected unit's declaration: its plan's, or none at all when ``hold``."""
        raise NotImplementedError

    def declare(self, hold: bool = False) -> None:
        """Send the declaration; then the dice of the resolution, or the next side."""
        if self.plan is None:
            self.app.notify("Select one of your units (ringed) first", error=True)
            return
        if self._send(self.declaration(hold)):
            self.plan = None

    def carry_out(self, action: object) -> bool:
        """The other player's declaration in a network game (issue 23, game.ui.app.
        net_turns): sent here as if declared on this screen, so the dice of the
        resolution it brings pop up one by one; False for an action of another kind (the
        caller acts it)."""
        return isinstance(action, self.declares) and self._send(action)

    def _send(self, action: Action) -> bool:
        """Act ``action``, the automatic steps after it, and queue their dice."""
        base = len(self.state.log)
        head = dice_banner(self.state)  # finding 4: the header waits for the dice
        if self.app.act(action) is None:
            return False
        self.app.advance()
        self._after(base)
        self.dice_banner = head if self.popups else None
        return True

    def declaring(self) -> bool:
        """The game is still in this screen's phase (declarations go on)."""
        return self.declares in phase_of(self.state).handlers

    def next_unit(self) -> None:
        units = [u.id for u in self.waiting(actor(self.state))]
        if not units:
            return
        cur = self.plan.unit_id if self.plan else None
        nxt = units[(units.index(cur) + 1) % len(units)] if cur in units else units[0]
        self.select(nxt)
        u = self.state.unit(nxt)
        if u is not None:
            show_unit(self, u.at)

    def _after(self, base: int) -> None:
        """Queue the resolution's dice (the log shows each result after its dice); hand
        the mouse over when the side changes."""
        log = self.state.log
        for i in range(base, len(log)):
            p = popup_of(log[i].event)
            if p is not None:
                self.popups.append((p, i))
        if self.popups:
            self.log_shown = self.popups[0][1]
            self.popup_left = POPUP_SECONDS
            self._sound()
        side = actor(self.state)
        if self.declaring() and side != self.shown_side:
            self.handoff = self.shown_side = side

    # --- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if help_key(self, event):
            return True
        if self.help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.help = False
            return True
        if self.popups:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.skip_popups()
            return True
        if handoff_click(self, event):
            return True
        return route(self, event, self._key, lambda pos: press(self, pos), self._hover_row)

    def _hover_row(self, pos: tuple[int, int]) -> None:
        self.hover_row = next((i for r, i in self.rows if r.collidepoint(pos)), None)

    def _key(self, event: pygame.event.Event) -> bool:
        """A key pressed; True if the screen has a use for it."""
        k = event.key
        if k == pygame.K_SPACE:
            self.space = True
        elif self.view.handle(event) or k in NEEDS_UNIT and self.needs_unit():
            pass
        elif k in WEAPON_KEYS:
            self.toggle(WEAPON_KEYS[k])
        elif k in (pygame.K_q, pygame.K_LEFTBRACKET):
            self.twist(-1)
        elif k in (pygame.K_e, pygame.K_RIGHTBRACKET):
            self.twist(1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.declare()
        elif k == pygame.K_h:
            self.declare(hold=True)
        elif k == pygame.K_n:
            self.next_unit()
        elif k == pygame.K_TAB:
            self.next_target()
        elif k == pygame.K_l:  # the banner says "L: log" on every play screen
            self.app.open("log")
        elif k in (pygame.K_f, pygame.K_HOME):
            self.view.fit_map()
        elif k == pygame.K_ESCAPE:
            if self.plan is not None:
                self.plan = None
            else:
                self.app.open("menu")
        else:
            return self.other_key(event)
        return True

    def next_target(self) -> None:
        plan = self.plan
        enemies = self._visible_enemies()
        if plan is None:
            return
        if not enemies:
            self.app.notify(f"{plan.unit_id} has no target in reach", error=True)
            return
        i = enemies.index(plan.target) + 1 if plan.target in enemies else 0
        self.aim_at(enemies[i % len(enemies)])

    def update(self, dt: float) -> None:
        if self.popups:
            self.popup_left -= paced(self.app, dt)  # the settings' dice speed
            if self.popup_left <= 0:
                self.popups.pop(0)
                self.popup_left = POPUP_SECONDS
                self.log_shown = self.popups[0][1] if self.popups else None
                self._sound()
            if not self.popups:
                self.dice_banner = None
            return
        if not self.over and self.app.over:  # the attacks ended the game: its result
            self.over, self.handoff, self.plan = True, None, None
            self.app.open("over")
            return
        if not self.help and self.view.held_keys(dt):
            self.hover = self.view.hex_at(pygame.mouse.get_pos())
        if not self.declaring() and self.handoff is None:
            self.app.follow_phase()

    def _sound(self) -> None:
        """The sound of the roll now shown (a shot by its weapon's kind), and of what its
        result brought before the next roll: a hit, a destroyed unit (game.ui.app.sound)."""
        sounds = getattr(self.app, "sound", None)
        if sounds is None or not self.popups:
            return
        log, i = self.state.log, self.popups[0][1]
        sounds.play(sound_of(log[i].event))
        nxt = self.popups[1][1] if len(self.popups) > 1 else len(log)
        after = {sound_of(e.event) for e in log[i + 1 : nxt]}
        for name in ("destroyed", "fall", "hit"):
            if name in after:
                sounds.play(name)
                break

    def skip_popups(self) -> None:
        """Show every result now (a click or key while the dice roll)."""
        self.popups, self.log_shown = [], None
        self.dice_banner = None
        self.skipped_at = time.monotonic()

    def log_upto(self) -> int | None:
        """How many log entries may show now (results never before their dice)."""
        return None if self.log_shown is None else self.log_shown + 1

    def visible_log(self) -> tuple[Any, ...]:
        upto = self.log_upto()
        return self.state.log if upto is None else self.state.log[:upto]


def press(scene: TargetScene, pos: tuple[int, int]) -> None:
    """A left click: a button, a weapon row, one of your units, or an enemy target."""
    b = button_at(scene.buttons, pos)
    if b is not None:
        scene.button_actions()[b.action]()
        return
    row = next((i for r, i in scene.rows if r.collidepoint(pos)), None)
    if row is not None:
        scene.toggle(row)
        return
    h = scene.view.hex_at(pos)
    here = next((u for u in scene.state.units if u.at == h), None) if h is not None else None
    if here is None:
        scene.click_hex(h)
        return
    a = scene.attacker()
    if a is None or here.side == a.side:
        scene.select(here.id)  # an enemy without a selection: says whose it is
    else:
        scene.aim_at(here.id)


def handoff_click(scene: TargetScene, event: pygame.event.Event) -> bool:
    """The hand-off prompt eats the click or key that dismisses it."""
    if scene.handoff is None:
        return False
    if event.type == pygame.MOUSEBUTTONDOWN or is_confirm(event):
        if time.monotonic() - scene.skipped_at < HANDOFF_GRACE:
            return True
        scene.handoff = None
        units = scene.waiting(actor(scene.state))
        follow(scene, (u.at for u in units), None)
    return True
