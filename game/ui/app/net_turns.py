"""Network play in the window (issue 23): the App's hook for a hosted or joined game.

Each end runs today's play screens over its own copy of the game. Once a frame
:meth:`NetTurns.step` pumps its end of the wire (game.net.hosting on the host,
game.net.joining on the guest) and carries the other player's accepted actions out on
this screen as if clicked (App.act, so the waiting side sees them animated and logged).
The guest's own actions are applied at once on its screen and sent to the host
(:meth:`NetTurns.acted`); the host's entries confirm them, and a refusal puts the
guest's screen back on the host's game. Input is taken from the player only when its
side is to act and the link is up; Ctrl+Z (take back) and Ctrl+O (load) are off in a
network game; a guest's quit asks to be confirmed. The banner across the top says who
is where (:meth:`NetTurns.draw`): the address and join code while the host waits, a
pause while the link is down, the reason when the game has stopped.
"""

from __future__ import annotations

import os
import time
from typing import Protocol

import pygame

from game.core.actions import Action
from game.core.engine import Outcome
from game.core.errors import UserFacingError
from game.core.files import save_dir
from game.flow import actor, outcome
from game.net.changes import Change
from game.net.entries import Entry, state_hash
from game.net.hosting import Hosting
from game.net.joining import Joining
from game.save import save_game
from game.state import GameState
from game.ui.app.scene import Scene
from game.ui.app.session import Session
from game.ui.widgets.fonts import font, ui_size
from game.ui.widgets.keys import ctrl

CONFIRM_SECONDS = 4.0
GUEST_SAVE = "network-guest.json"  # the guest's copy when the game stops


class NetApp(Protocol):
    """The app as one end of a network game sees it: the game, the screens, acting."""

    running: bool

    @property
    def state(self) -> GameState | None: ...

    @property
    def session(self) -> Session: ...

    @property
    def top(self) -> Scene | None: ...

    @property
    def base(self) -> Scene | None: ...

    def act(self, action: Action) -> Outcome[GameState] | None: ...
    def follow_phase(self) -> bool: ...
    def notify(self, text: str, error: bool = False, seconds: float = 3.5) -> None: ...


class NetTurns:
    """One end of a network game as the window sees it."""

    def __init__(self, end: Hosting | Joining, side: str, where: str = "", code: str = "") -> None:
        self.end = end
        self.side = side
        self.where, self.code = where, code
        self.stopped: str | None = None
        self.quit_asked = 0.0  # when the guest first asked to quit (it must confirm)
        self._remote = False  # True while the other side's actions are applied here
        self.exit_at_end = bool(os.environ.get("HEXPLATE_NET_EXIT_AT_END"))

    @property
    def hosting(self) -> bool:
        return isinstance(self.end, Hosting)

    @property
    def linked(self) -> bool:
        return self.end.joined if isinstance(self.end, Hosting) else self.end.connected

    def my_turn(self, app: NetApp) -> bool:
        s = app.state
        return s is not None and self.linked and self.stopped is None and actor(s) == self.side

    # --- input ----------------------------------------------------------------------------
    def handle(self, app: NetApp, event: pygame.event.Event) -> bool:
        """True: the event is taken here (not the player's to give now)."""
        if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and ctrl(event)
                                         and event.key == pygame.K_q):  # fmt: skip
            return self._quit(app)
        if event.type == pygame.KEYDOWN and ctrl(event) and event.key in (pygame.K_z, pygame.K_o):
            app.notify("Not in a network game: actions cannot be taken back or another "
                       "game loaded", error=True)  # fmt: skip
            return True
        if event.type == pygame.KEYDOWN and ctrl(event) and event.key == pygame.K_s:
            return False
        if getattr(app.top, "overlay", False) or self.my_turn(app):
            return False
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def _quit(self, app: NetApp) -> bool:
        """The host closes the game for both; a guest confirms first (Ctrl+Q twice)."""
        if not self.hosting and self.stopped is None and self.linked:
            now = time.monotonic()
            if now - self.quit_asked > CONFIRM_SECONDS:
                self.quit_asked = now
                app.notify("Leave the network game? Press Ctrl+Q (or close) again to leave",
                           seconds=CONFIRM_SECONDS)  # fmt: skip
                return True
        self.close()
        app.running = False
        return True

    def close(self) -> None:
        if isinstance(self.end, Hosting):
            self.end.close()
        else:
            self.end.quit()

    # --- the player's own actions ---------------------------------------------------------
    def acted(self, app: NetApp, action: Action, at: int) -> None:
        """App.act accepted ``action`` (it followed action number ``at``) on this screen."""
        if self._remote or isinstance(self.end, Hosting):
            return  # the host's own actions are sent by step() (with their automatic steps)
        self.end.act(at, action)

    # --- once a frame ---------------------------------------------------------------------
    def step(self, app: NetApp, dt: float) -> None:
        if getattr(app.top, "handoff", None) is not None:
            app.top.handoff = None  # one player a screen: no hot-seat hand-off prompt
        for change in self.end.pump():
            self._change(app, change)
        host = isinstance(self.end, Hosting) and self.stopped is None
        if host and app.state is not None and app.state is not self.end.state:
            self.end.record(app.state)  # the host's own actions go to the guest
        if self.exit_at_end and app.state is not None and outcome(app.state) is not None:
            self._finish(app)

    def _change(self, app: NetApp, change: Change) -> None:
        if change.kind in ("joined", "left", "refused", "welcome") and change.text:
            app.notify(change.text, error=change.kind in ("left", "refused"))
        if change.kind in ("desync", "fatal", "bye"):
            self.stopped = change.text
            app.notify(change.text + _kept(self.end), error=True, seconds=8)
        if change.kind in ("entries", "welcome", "refused"):
            self._follow(app, change.entries)

    def _follow(self, app: NetApp, entries: tuple[Entry, ...]) -> None:
        """Carry the confirmed actions out on this screen; where it went its own way (a
        refused guest action), it goes back to the confirmed game."""
        truth = self.end.state
        if truth is None or app.state is None:
            return
        self._remote = True
        try:
            for entry in entries:
                have = app.state.history
                if len(have) > entry.i and have[entry.i] == entry.action:
                    continue  # this screen did it already (the guest's own action)
                if len(have) != entry.i or not _carry_out(app, entry.action):
                    break
        finally:
            self._remote = False
        mine, confirmed = app.state.history, truth.history
        ahead = mine[: len(confirmed)] == confirmed and _pending(self.end)
        if mine == confirmed or not ahead:
            app.session.state = truth  # the confirmed game (the same, or back to it)
        if not _showing(app.base):  # a move or dice being shown hand over themselves
            app.follow_phase()
        _refresh(app)

    def _finish(self, app: NetApp) -> None:
        """HEXPLATE_NET_EXIT_AT_END (tests): print the final hash once both hold it."""
        truth = self.end.state
        if truth is None or len(truth.history) != len(app.state.history):
            return
        print(f"net: game over, {len(truth.history)} actions, hash {state_hash(truth)}",
              flush=True)  # fmt: skip
        self.close()
        app.running = False

    # --- the banner -----------------------------------------------------------------------
    def banner(self, app: NetApp) -> tuple[str, bool]:
        """The banner's text and whether it is a warning."""
        if self.stopped is not None:
            return f"Network game stopped: {self.stopped}", True
        if isinstance(self.end, Hosting) and not self.end.joined:
            return (f"Paused - waiting for the guest to join {self.where} with code "
                    f"{self.code}", True)  # fmt: skip
        if not self.linked:
            return "Paused - the connection to the host is lost; reconnecting...", True
        s = app.state
        if s is not None and outcome(s) is None and actor(s) not in (self.side, None):
            return f"You are side {self.side} - side {actor(s)} is playing", False
        return f"You are side {self.side} - network game {self.where}", False

    def draw(self, app: NetApp, screen: pygame.Surface) -> None:
        text, warn = self.banner(app)
        size = ui_size(screen.get_height())
        img = font(size, True).render(text[:140], True, (255, 255, 255))
        box = img.get_rect()
        box.inflate_ip(size * 2, size // 2)
        box.midtop = (screen.get_width() // 2, size * 3)
        pygame.draw.rect(screen, (170, 90, 20) if warn else (30, 70, 120), box, border_radius=6)
        screen.blit(img, img.get_rect(center=box.center))


def _carry_out(app: NetApp, action: Action) -> bool:
    """The other side's action on this screen: the screen animates it if it can (the
    ``carry_out`` of the deployment, movement, flight, weapon and physical attack
    screens), else
    App.act; True if it was carried out."""
    count = len(app.state.history)
    app.follow_phase()  # a screen still showing the last phase's end gives way at once
    carry = getattr(app.base, "carry_out", None)
    if carry is not None and carry(action) and len(app.state.history) > count:
        return True
    return app.act(action) is not None


def _showing(scene: Scene | None) -> bool:
    """The screen is showing an action (a move's animation, dice popping up): it opens
    the next phase's screen itself when it is done."""
    return getattr(scene, "anim", None) is not None or bool(getattr(scene, "popups", None))


def _kept(end: Hosting | Joining) -> str:
    """The guest's copy as far as it matched the host's, saved when the game stops."""
    if isinstance(end, Hosting) or end.state is None:
        return ""
    path = save_dir() / GUEST_SAVE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_game(end.state, path)
    except (OSError, UserFacingError):
        return ""
    return f" (the game so far is saved to {path})"


def _pending(end: Hosting | Joining) -> bool:
    return isinstance(end, Joining) and bool(end.pending)


def _refresh(app: NetApp) -> None:
    """The screen after its game changed under it (game.ui.app.play_undo does the same)."""
    top = app.base
    if top is None:
        return
    if hasattr(top, "_after_action"):
        top._after_action()
    elif hasattr(top, "cache"):
        top.cache.clear()
