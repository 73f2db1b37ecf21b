"""The application: a window, a stack of scenes and the game state they share.

Scenes (start screen, deployment, play, menus) each have ``handle(event)``,
``update(dt)`` and ``draw(screen)``; the top scene gets the input, and overlays (menu,
load dialog) draw over the scene below. Scenes are opened by name (game.ui.app.registry), so
no scene imports another; the keys every screen shares are game.ui.widgets.keys. The App holds
the one :class:`GameState`; scenes change it only through :meth:`App.act`, which hands
an action to ``game.flow.apply``, autosaves at every phase change and keeps the refusal
sentence for the screen. The steps nobody decides and the end of the game are the
core's (game.flow.advance, game.flow.outcome).
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any, Protocol

import pygame

from game.actions import Action, StartGame
from game.core.errors import UserFacingError
from game.core.history import History
from game.flow import Outcome, apply, outcome, phase_of
from game.flow import advance as core_advance
from game.phases.sandbox_game import SANDBOX, is_scenario, sandbox_from_scenario, save_sandbox
from game.phases.sandbox_game import undo as undo_line
from game.save import autosave, load_game, save_dir, save_game
from game.setup import forces_of
from game.state import GameState
from game.ui.app import registry as scenes
from game.ui.app.follow import remember
from game.ui.app.play_undo import note_action, take_back
from game.ui.app.settings import Settings, load_settings
from game.ui.app.sound import Sounds
from game.ui.map.view import map_path
from game.ui.widgets.fonts import set_ui_scale
from game.ui.widgets.keys import shared_key

QUICKSAVE = "quicksave.json"
SANDBOX_FILE = "sandbox.json"  # Ctrl+S in the sandbox: a scenario file (game.phases.sandbox_game)


class Scene(Protocol):
    overlay: bool

    def handle(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, screen: pygame.Surface) -> None: ...


class App:
    """Window, scene stack, game state, notices."""

    def __init__(self, screen: pygame.Surface) -> None:
        self.screen = screen
        self.scenes: list[Any] = []
        self.state: GameState | None = None
        self.running = True
        self.toast: tuple[str, float, bool] | None = None  # text, until, is_error
        self.events_out: list[Any] = []  # events of the last accepted actions (for scenes)
        self.turn_starts: dict[int, GameState] = {}  # each turn as it began (the summaries)
        self.summarised = 0  # the last turn whose end-of-turn summary has been shown
        self.line: History[GameState] | None = None  # a sandbox's undo line
        self.settings: Settings = load_settings()  # game.ui.app.settings: kept between starts
        set_ui_scale(self.settings.ui_scale)
        self.sound = Sounds(0.0 if self.settings.mute else self.settings.volume)
        self.taken_back_to: list[GameState] = []  # states before the last actions (Ctrl+Z)
        self.kept_camera: Any = None  # (game, camera) the player left (game.ui.app.follow)

    # --- scenes ---------------------------------------------------------------------------
    @property
    def top(self) -> Any:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Any) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop()
        if not self.scenes:
            self.running = False

    def replace_all(self, scene: Any) -> None:
        self.scenes = [scene]

    def open(self, name: str, **options: Any) -> Any:
        """Push a new screen of the kind called ``name`` (game.ui.app.registry) and return it."""
        scene = scenes.make(name, self, **options)
        self.push(scene)
        return scene

    def open_once(self, name: str) -> None:
        """Open ``name`` unless it is already the top screen."""
        top = self.top
        if top is None or getattr(top, "scene_name", None) != name:
            self.open(name)

    def show(self, name: str, **options: Any) -> Any:
        """Make a new screen called ``name`` the only one."""
        scene = scenes.make(name, self, **options)
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
            map_path=path if path is not None and path.suffix == ".tmx" else None,
            forces=forces if any(forces.values()) else None,
            turns=state.start.turn_limit,
            rules=state.rules,
        )

    def notify(self, text: str, error: bool = False, seconds: float = 3.5) -> None:
        self.toast = (text, time.monotonic() + seconds, error)

    # --- the game -------------------------------------------------------------------------
    def act(self, action: Action) -> Outcome | None:
        """Apply an action; on refusal (a finished game refuses everything) show why and
        return None."""
        assert self.state is not None
        out = apply(self.state, action)
        if not out.ok:
            self.notify(out.reason, error=True)
            return None
        assert isinstance(out, Outcome)
        before = self.state
        self.state = out.state
        self._note_turn(before)
        if self.line is not None:
            self.line = self.line.push(out.state)
        else:
            note_action(self, before)  # Ctrl+Z may take it back (game.ui.app.play_undo)
        self.events_out.extend(out.events)
        if out.phase_changed:
            self._autosave()
        return out

    # --- a sandbox's undo line ------------------------------------------------------------
    def undo(self) -> bool:
        """Ctrl+Z in a sandbox: the state before the last action (its dice then roll anew,
        game.phases.sandbox_game.reroll); False when there is nothing to undo."""
        if self.line is None or not self.line.can_undo:
            return False
        self.line = undo_line(self.line)
        self.state = self.line.current
        return True

    def redo(self) -> bool:
        """Ctrl+Y: the state undone last, exactly (dice included)."""
        if self.line is None or not self.line.can_redo:
            return False
        self.line = self.line.redo()
        self.state = self.line.current
        return True

    def reset(self) -> bool:
        """Back to the sandbox's starting layout (everything after it can be redone)."""
        if self.line is None or not self.line.can_undo:
            return False
        self.line = self.line.reset()
        self.state = self.line.current
        return True

    def advance(self) -> list[Any]:
        """Take the steps no player decides (game.flow.advance: the initiative roll,
        ending a phase everybody has acted in); returns the events produced."""
        assert self.state is not None
        before = self.state
        self.state, events = core_advance(self.state)
        self._note_turn(before)
        self.events_out.extend(events)
        if self.state is not before and any(e.kind == "phase" for e in events):
            self._autosave()
        return events

    @property
    def over(self) -> str | None:
        """The headline of a finished game, or None while it goes on."""
        result = outcome(self.state) if self.state is not None else None
        return result.headline if result is not None else None

    def _note_turn(self, before: GameState | None) -> None:
        """Keep the state a new turn begins with (the end-of-turn summary compares)."""
        s = self.state
        if s is not None and (before is None or s.turn != before.turn):
            self.turn_starts.setdefault(s.turn, s)

    def report_due(self) -> int | None:
        """The turn whose end-of-turn summary is to be shown now: the last one over (the
        game's last when it is over), if nobody has seen it yet."""
        s = self.state
        if s is None or s.start.mode != "game":
            return None
        result = outcome(s)
        last = result.turn if result is not None else s.turn - 1
        return last if last >= 1 and last > self.summarised else None

    def show_report(self) -> bool:
        """Open the end-of-turn summary (game.ui.scenes.hexes.summary) if one is due."""
        turn = self.report_due()
        if turn is None:
            return False
        self.summarised = turn
        self.open("summary", turn=turn)
        return True

    def _autosave(self) -> None:
        if self.state is None or os.environ.get("HEXPLATE_NO_AUTOSAVE"):
            return
        try:
            autosave(self.state)
        except (OSError, UserFacingError) as e:  # save_game raises SaveError: a notice only
            self.notify(f"Autosave failed: {e}", error=True)

    def save(self, name: str = QUICKSAVE) -> Path | None:
        if self.state is None:
            return None
        if self.line is not None:
            return self.save_scenario()
        path = save_dir() / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_game(self.state, path)
        except (OSError, UserFacingError) as e:
            self.notify(f"Could not save: {e}", error=True)
            return None
        self.notify(f"Saved to {path}")
        return path

    def save_scenario(self, name: str = SANDBOX_FILE) -> Path | None:
        """A sandbox as a scenario file in the save folder, with the attack its screen
        shows (the base screen's ``question()``), for ``python main.py rules``."""
        assert self.state is not None
        base = next((s for s in self.scenes if not getattr(s, "overlay", False)), None)
        attacks, physical = base.question() if hasattr(base, "question") else ((), None)
        path = save_dir() / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_sandbox(self.state, path, attacks, physical)
        except OSError as e:
            self.notify(f"Could not save: {e}", error=True)
            return None
        self.notify(f"Scenario saved to {path}")
        return path

    def load(self, path: Path) -> bool:
        """Load a save, or open a scenario file as a sandbox; a damaged one is a message
        and nothing changes."""
        try:
            if is_scenario(path):
                state = sandbox_from_scenario(path, seed=random.randrange(1, 2**31))
            else:
                state = load_game(path)
        except UserFacingError as e:
            self.notify(str(e), error=True, seconds=6)
            return False
        except Exception as e:  # noqa: BLE001 - a damaged save must never end the game
            self.notify(
                f"{path}: cannot be loaded ({type(e).__name__}: {e})", error=True, seconds=6
            )
            return False
        previous = self.state
        try:
            self.start_game(state)
        except UserFacingError as e:  # e.g. the save's map cannot be drawn: name the save too
            self.state = previous
            self.notify(f"{path}: the saved game cannot be shown ({e})", error=True, seconds=6)
            return False
        self.notify(f"Loaded {path.name}")
        return True

    def follow_phase(self) -> bool:
        """Open the screen of the phase the game is in now, if another screen shows it
        (the movement screen hands over to the attack screen and back); True if it did."""
        assert self.state is not None
        name = scenes.scene_for_phase(str(self.state.phase))
        base = next((s for s in self.scenes if not getattr(s, "overlay", False)), None)
        if base is not None and getattr(base, "scene_name", None) == name:
            return False
        self.show(name)
        return True

    def start_game(self, state: GameState) -> None:
        """Enter a game: start it if it is still being set up, take the automatic steps,
        then open the screen of the phase it is in (deployment or the play screen)."""
        self.state = state
        self.turn_starts = {state.turn: state} if state.turn == 0 else {}
        self.line = None
        if StartGame in phase_of(state).handlers:
            self.act(StartGame())
        self.advance()
        self.summarised = max(self.state.turn - 1, 0)  # a loaded game: from its next turn on
        if self.state.start.mode == SANDBOX:  # undo and redo of whole actions
            self.line = History.begin(self.state)
        self.show(scenes.scene_for_phase(str(self.state.phase)))

    # --- the loop -------------------------------------------------------------------------
    def take_back(self) -> str:
        """Ctrl+Z in play (game.ui.app.play_undo): the sentence saying what was undone."""
        return take_back(self)

    def apply_settings(self) -> None:
        """The settings take effect at once: the UI scale re-lays every screen, the
        volume and mute go to the sounds (game.ui.app.sound)."""
        set_ui_scale(self.settings.ui_scale)
        self.sound.set_volume(0.0 if self.settings.mute else self.settings.volume)
        self.resize()

    def resize(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        for scene in self.scenes:
            if hasattr(scene, "resize"):
                scene.resize()

    def step(self, events: list[pygame.event.Event], dt: float, draw: bool = True) -> None:
        """One frame: input to the top scene, update, draw (used by run and the tests)."""
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                return
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.resize()
                continue
            if shared_key(self, event):
                continue
            if self.top is not None:
                self.top.handle(event)
            if not self.running:
                return
        if self.top is not None:
            self.top.update(dt)
            remember(self)  # the next screen opens where the player left the camera
        if draw:
            self.draw()

    def draw(self) -> None:
        screen = self.screen
        start = len(self.scenes) - 1
        while start > 0 and getattr(self.scenes[start], "overlay", False):
            start -= 1
        for scene in self.scenes[start:]:
            scene.draw(screen)
        self._draw_toast(screen)

    def _draw_toast(self, screen: pygame.Surface) -> None:
        from game.ui.widgets.fonts import font, ui_size

        if self.toast is None:
            return
        text, until, error = self.toast
        if time.monotonic() > until:
            self.toast = None
            return
        size = ui_size(screen.get_height())
        img = font(size + 2, True).render(text[:160], True, (255, 255, 255))
        box = img.get_rect()
        box.inflate_ip(size * 2, size)
        box.midbottom = (screen.get_width() // 2, screen.get_height() - size * 9)
        pygame.draw.rect(screen, (170, 40, 35) if error else (35, 110, 60), box, border_radius=8)
        screen.blit(img, img.get_rect(center=box.center))

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
