"""The application: a window, a stack of screens and the session they share.

Screens (start screen, deployment, play, menus) follow :class:`~game.ui.app.scene.Scene`:
``handle(event) -> bool`` (whether it used the event), ``update(dt)`` and
``draw(screen)``. An event goes to the top screen; an overlay that does not use it
passes it on to the screen below (the menu and the load dialog are modal: they use every
event). Overlays (menu, load dialog) draw over the screen below. Screens are opened by
name (game.ui.app.registry), so no screen imports another. The App is the loop and the
stack; the game, its undo line, the turns' starts and the toast are its
:class:`~game.ui.app.session.Session` (``app.session``), which screens change only
through :meth:`App.act`. The keys every screen shares (save, load, quit) are the App's
first layer (:meth:`App.shared_key`).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.actions import Action, Event
from game.core.errors import UserFacingError
from game.core.history import History
from game.flow import Outcome
from game.setup import forces_of
from game.state import GameState
from game.ui.app import registry as scenes
from game.ui.app.bot_turns import seat
from game.ui.app.follow import BoardKey, remember
from game.ui.app.play_undo import take_back
from game.ui.app.scene import Scene
from game.ui.app.session import QUICKSAVE, SANDBOX_FILE, Session, Toast
from game.ui.app.settings import Settings, load_settings
from game.ui.app.sound import Sounds
from game.ui.app.sound_cues import Cues
from game.ui.app.toast_place import draw_toast
from game.ui.map.camera import Camera
from game.ui.map.view import map_path
from game.ui.widgets.fonts import set_ui_scale
from game.ui.widgets.keys import ctrl

if TYPE_CHECKING:
    from game.ui.app.bot_turns import BotTurns
    from game.ui.app.net_turns import NetTurns


class App:
    """The window's loop and its stack of screens, over one :class:`Session`."""

    def __init__(self, screen: pygame.Surface) -> None:
        self.screen = screen
        self.scenes: list[Scene] = []
        self.running = True
        self.session = Session()
        self.settings: Settings = load_settings()  # game.ui.app.settings: kept between starts
        set_ui_scale(self.settings.ui_scale)
        self.sound = Sounds(0.0 if self.settings.mute else self.settings.volume)
        self.cues = Cues()  # sounds beyond the screens' dice (game.ui.app.sound_cues)
        # (game, camera) the player left (game.ui.app.follow)
        self.kept_camera: tuple[BoardKey, Camera] | None = None
        self.bots: BotTurns | None = None  # the sides the computer plays (issue 21)
        self.net: NetTurns | None = None  # a hosted or joined network game (issue 23)
        self.pointer: tuple[int, int] | None = None  # the mouse as the last event left it
        self._toast_seen: Toast | None = None  # the toast drawn last and the pointer as
        self._toast_pointer: tuple[int, int] | None = None  # it came (a refusal's place)
        self.toast_rect: pygame.Rect | None = None  # where the toast was drawn last
        self.dice_shown = False  # the top screen shows dice or a move (the toast waits)

    # --- the session (the game, its undo line, the toast) --------------------------------
    @property
    def state(self) -> GameState | None:
        return self.session.state

    @state.setter
    def state(self, state: GameState | None) -> None:
        self.session.state = state

    @property
    def line(self) -> History[GameState] | None:
        return self.session.line

    @property
    def toast(self) -> Toast | None:
        return self.session.toast

    @toast.setter
    def toast(self, toast: Toast | None) -> None:
        self.session.toast = toast

    @property
    def turn_starts(self) -> dict[int, GameState]:
        return self.session.turn_starts

    @property
    def summarised(self) -> int:
        """The last turn whose end-of-turn summary has been shown (Session.summarised)."""
        return self.session.summarised

    @property
    def events_out(self) -> list[Event]:
        return self.session.events_out

    def notify(self, text: str, error: bool = False, seconds: float = 3.5) -> None:
        self.session.notify(text, error, seconds)

    def act(self, action: Action) -> Outcome | None:
        """Apply an action (Session.act); None, with the reason as a toast, if refused.
        In a network game the accepted action goes to the other end too (NetTurns)."""
        at = len(self.state.history) if self.state is not None else 0
        out = self.session.act(action)
        if out is not None and self.net is not None:
            self.net.acted(self, action, at)
        return out

    def advance(self) -> list[Event]:
        return self.session.advance()

    def undo(self) -> bool:
        return self.session.undo()

    def redo(self) -> bool:
        return self.session.redo()

    def reset(self) -> bool:
        return self.session.reset()

    @property
    def over(self) -> str | None:
        return self.session.over

    def report_due(self) -> int | None:
        return self.session.report_due()

    # --- screens ----------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    @property
    def base(self) -> Scene | None:
        """The lowest screen that is no overlay (the one the overlays draw over)."""
        return next((s for s in self.scenes if not s.overlay), None)

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop()
        if not self.scenes:
            self.running = False

    def replace_all(self, scene: Scene) -> None:
        self.scenes = [scene]

    def make(self, name: str, **options: object) -> Scene:
        """A new screen of the kind called ``name`` (game.ui.app.registry)."""
        return scenes.factory(name)(self, **options)

    def open(self, name: str, **options: object) -> Scene:
        """Push a new screen of the kind called ``name`` (game.ui.app.registry) and return it."""
        scene = self.make(name, **options)
        self.push(scene)
        return scene

    def open_once(self, name: str) -> None:
        """Open ``name`` unless it is already the top screen."""
        top = self.top
        if top is None or getattr(top, "scene_name", None) != name:
            self.open(name)

    def show(self, name: str, **options: object) -> Scene:
        """Make a new screen called ``name`` the only one."""
        scene = self.make(name, **options)
        self.replace_all(scene)
        return scene

    def new_game(self) -> None:
        """The start screen with this game's map and forces (a rematch, or changes)."""
        state = self.state
        if state is None:
            self.show("start")
            return
        path = map_path(state)
        forces = forces_of(state)
        self.show(
            "start",
            map_path=path if path is not None and path.suffix in (".tmx", ".board") else None,
            forces=forces if any(forces.values()) else None,
            turns=state.start.turn_limit,
            rules=state.rules,
            players=dict(self.session.players),
        )

    def show_report(self) -> bool:
        """Open the end-of-turn summary (game.ui.scenes.hexes.summary) if one is due."""
        turn = self.session.report_due()
        if turn is None:
            return False
        self.session.summarised = turn
        self.open("summary", turn=turn)
        return True

    def save(self, name: str = QUICKSAVE) -> Path | None:
        if self.state is None:
            return None
        if self.line is not None:
            return self.save_scenario()
        return self.session.save_game(name)

    def save_scenario(self, name: str = SANDBOX_FILE) -> Path | None:
        """A sandbox as a scenario file in the save folder, with the attack its screen
        shows (the base screen's ``question()``), for ``python main.py rules``."""
        base = self.base
        question = getattr(base, "question", None)
        attacks, physical = question() if question is not None else ((), None)
        return self.session.save_scenario(attacks, physical, name)

    def load(self, path: Path) -> bool:
        """Load a save, or open a scenario file as a sandbox; a damaged one is a message
        and nothing changes."""
        state = self.session.read(path)
        if state is None:
            return False
        previous = self.state
        try:
            self.start_game(state)
        except UserFacingError as e:  # e.g. the save's map cannot be drawn: name the save too
            self.state = previous
            self.notify(f"{path}: the saved game cannot be shown ({e})", error=True, seconds=6)
            return False
        seat(self, self.session.read_seats)  # the save's players go on (issue 21)
        self.notify(f"Loaded {path.name}")
        return True

    def follow_phase(self) -> bool:
        """Open the screen of the phase the game is in now, if another screen shows it
        (the movement screen hands over to the attack screen and back); True if it did."""
        assert self.state is not None
        name = scenes.scene_for_phase(str(self.state.phase))
        base = self.base
        if base is not None and getattr(base, "scene_name", None) == name:
            return False
        self.show(name)
        return True

    def start_game(self, state: GameState) -> None:
        """Enter a game (Session.begin), then open the screen of the phase it is in
        (deployment or the play screen)."""
        self.session.begin(state)
        assert self.state is not None
        self.show(scenes.scene_for_phase(str(self.state.phase)))

    # --- input ------------------------------------------------------------------------------
    def shared_key(self, event: pygame.event.Event) -> bool:
        """Ctrl+S / Ctrl+O / Ctrl+Q for every screen; True when the key was used. A screen
        with ``save_own`` / ``load_own`` (the regiments screen) gets Ctrl+S / Ctrl+O itself."""
        if event.type != pygame.KEYDOWN or not ctrl(event):
            return False
        if event.key == pygame.K_q:
            self.running = False
            return True
        top = self.top
        if event.key in (pygame.K_s, pygame.K_o) and hasattr(top, "save_own"):
            # a screen that holds a game of another rule set saves and loads it itself
            own = getattr(top, "save_own" if event.key == pygame.K_s else "load_own")
            own()
            return True
        if event.key == pygame.K_s:
            if self.state is None:
                self.notify("Nothing to save yet: start or load a game first", error=True)
            else:
                self.save()
            return True
        if event.key == pygame.K_o:
            self.open_once("load")
            return True
        if event.key == pygame.K_z and self._in_play(top):
            said = self.take_back()
            self.notify(said, error=said.startswith("Nothing to undo"))  # a refusal: at the pointer
            return True
        return False

    def _in_play(self, top: Scene | None) -> bool:
        """A game in play (not a sandbox with its own undo line, not a regiments screen,
        not a menu or the start screen): Ctrl+Z takes back (game.ui.app.play_undo)."""
        if self.state is None or self.line is not None:
            return False
        return hasattr(top, "plan") and not hasattr(top, "save_own")

    def take_back(self) -> str:
        """Ctrl+Z in play (game.ui.app.play_undo): the sentence saying what was undone."""
        return take_back(self)

    @property
    def taken_back_to(self) -> list[GameState]:
        """The states before the last actions (Session.act keeps them for Ctrl+Z)."""
        return self.session.taken_back_to

    def apply_settings(self) -> None:
        """The settings take effect at once: the UI scale re-lays every screen, the
        volume and mute go to the sounds (game.ui.app.sound)."""
        set_ui_scale(self.settings.ui_scale)
        self.sound.set_volume(0.0 if self.settings.mute else self.settings.volume)
        self.resize()

    def dispatch(self, event: pygame.event.Event) -> bool:
        """The event down the stack from the top until a screen uses it; an overlay that
        does not use it passes it on, any other screen ends the walk. True if used."""
        for scene in reversed(self.scenes):
            if scene.handle(event):
                return True
            if not scene.overlay:
                return False
        return False

    # --- the loop -------------------------------------------------------------------------
    def resize(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        for scene in self.scenes:
            resize = getattr(scene, "resize", None)
            if resize is not None:
                resize()

    def step(self, events: list[pygame.event.Event], dt: float, draw: bool = True) -> None:
        """One frame: input to the top scene, update, draw (used by run and the tests)."""
        for event in events:
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self.pointer = (int(event.pos[0]), int(event.pos[1]))  # a refusal's toast
            if self.net is not None and self.net.handle(self, event):
                continue  # a network game: not this player's turn, or a quit to confirm
            if event.type == pygame.QUIT:
                for scene in self.scenes:  # e.g. the network lobby says goodbye first
                    closing = getattr(scene, "closing", None)
                    if closing is not None:
                        closing()
                self.running = False
                return
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.resize()
                continue
            if self.shared_key(event):
                continue
            if self.bots is not None and self.bots.handle(self, event):
                continue
            self.dispatch(event)
            if not self.running:
                return
        if self.bots is not None:
            self.bots.step(self, dt)
        if self.net is not None:
            self.net.step(self, dt)
        if self.top is not None:
            self.top.update(dt)
            if self.bots is not None:
                self.bots.no_handoff(self)
            remember(self)  # the next screen opens where the player left the camera
            top = self.top
            busy = getattr(top, "anim", None) is not None or bool(getattr(top, "popups", None))
            self.cues.tick(self.state, self.sound, busy)  # falls, shutdowns, a new turn
            self.dice_shown = busy
            if busy:
                self.session.hold_toast(dt)
        if draw:
            self.draw()

    def draw(self) -> None:
        screen = self.screen
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        for scene in self.scenes[start:]:
            scene.draw(screen)
        if self.net is not None:
            self.net.draw(self, screen)
        if self.bots is not None:
            self.bots.draw(self, screen)
        self._draw_toast(screen)

    def _draw_toast(self, screen: pygame.Surface) -> None:
        if self.toast is None:
            return
        text, until, error = self.toast
        if time.monotonic() > until:
            self.toast = None
            return
        if self.dice_shown and self.session.toast_waits:
            return  # the autosave names a later phase: after the dice (finding 4)
        if self.toast is not self._toast_seen:  # a new toast: the pointer as it came
            self._toast_seen, self._toast_pointer = self.toast, self.pointer
        pointer = self._toast_pointer if error else None
        on_log = getattr(self.top, "scene_name", "") == "log"
        self.toast_rect = draw_toast(screen, text, error, pointer, on_log)

    def run(self) -> int:
        clock = pygame.time.Clock()
        first = os.environ.get("HEXPLATE_FIRST_FRAME")  # benchmarks/startup.py
        while self.running:
            dt = clock.tick(60) / 1000.0
            self.step(pygame.event.get(), dt)
            if self.running:
                pygame.display.flip()
            if first:
                Path(first).write_text(f"{time.time():.6f}\n")
                first = None
                if os.environ.get("HEXPLATE_QUIT_AFTER_FIRST_FRAME"):
                    self.running = False
        return 0
