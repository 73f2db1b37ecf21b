"""The network game's lobby screen (issue 23): each player picks their own side's force,
and the game starts when both say ready.

Both ends show the map, the rules, the turn limit and both forces with who is ready.
Each player picks their own side's force here with the start screen's roster (search,
filters, a +A or +B button per design) and its -/+ for gunnery and piloting and x to
remove: the host side A's (its start screen's side A, or the map's default, is the first
offer), the guest side B's. The host's referee checks every change the same way
(game.net.lobby: the guest's over the wire, the host's own at once) and both screens
show it; a changed force takes back both players' ready.
A scenario or a save fixes both forces: the lobby only shows them. Ready (Enter) says
ready or takes it back; once both are ready the host's referee starts the game and
both ends open it (game.ui.app.net_enter). Esc twice leaves the lobby; closing the
window says goodbye to the other end. A ``computer`` end
(scripts, tests) says ready by itself, with the default force if it has none.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pygame

from game.designs.model import Design
from game.designs.roster import entries
from game.net.host_lobby import HostLobby
from game.net.joining import Joining
from game.net.lobby import MAX_UNITS, lobby_to_json
from game.setup import DEFAULT_FORCES, DEFAULT_SKILLS
from game.ui.app.app import App
from game.ui.app.net_enter import enter_game
from game.ui.app.net_turns import CONFIRM_SECONDS
from game.ui.app.registry import register
from game.ui.widgets.panels import Button, button_at

from . import lobby_draw as drawn
from .roster_filter import RosterFilter, filtered


class LobbyScreen:
    """One end's lobby: the host's (HostLobby) or the guest's (Joining)."""

    overlay = False
    scene_name = "lobby"

    def __init__(self, app: App, end: HostLobby | Joining, where: str = "", code: str = "",
                 computer: str | None = None, back: bool = True) -> None:  # fmt: skip
        self.app, self.end = app, end
        self.where, self.code, self.computer, self.back = where, code, computer, back
        self.mine: list[list[Any]] = []  # this end's picks, as last sent
        self.filter = RosterFilter()
        self.scroll = 0
        self.searching = False
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.note = ""  # the last thing that happened, under the title
        self._auto_done = False
        self.leave_asked = -CONFIRM_SECONDS  # when Esc first asked to leave (it must confirm)
        self._seen = isinstance(end, Joining) and end.lobby is not None
        if isinstance(end, Joining) and end.lobby is not None:
            self.mine = [list(u) for u in end.lobby["forces"].get(end.side or "B", [])]
        if isinstance(end, HostLobby):
            self.mine = [list(u) for u in end.lobby.forces[end.host]]

    # --- what is shown --------------------------------------------------------------------
    @property
    def hosting(self) -> bool:
        return isinstance(self.end, HostLobby)

    @property
    def side(self) -> str:
        if isinstance(self.end, HostLobby):
            return self.end.host
        return self.end.side or "B"

    @property
    def joined(self) -> bool:
        """The other player is there (the host's guest has joined; the guest is linked)."""
        if isinstance(self.end, HostLobby):
            return self.end.joined
        return self.end.connected

    def shown(self) -> dict[str, Any]:
        """The lobby as both ends know it (the host's own, or the host's last message)."""
        if isinstance(self.end, HostLobby):
            return lobby_to_json(self.end.lobby)
        return self.end.lobby or {"sides": ["A", "B"], "forces": {}, "ready": []}

    def picks(self) -> bool:
        """This end picks its force here (either end of an open lobby)."""
        return not self.shown().get("fixed", False)

    def roster(self) -> list[Design]:
        return filtered(entries(), self.filter)

    def started(self) -> bool:
        """Both said ready: the game is there (the host's referee's, the guest's copy)."""
        if isinstance(self.end, HostLobby):
            return self.end.hosting is not None
        return self.end.copy is not None

    def is_ready(self) -> bool:
        return self.side in self.shown().get("ready", [])

    # --- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was used (issue 24): Esc, Enter, a key typed into the search,
        a pointer move, a wheel turn, a left click on a button or one that ends the
        search's typing; not another key, a key or button let go, nor anything else."""
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return True
        if event.type == pygame.MOUSEWHEEL and event.y:
            self.scroll = max(0, min(len(self.roster()) - 1, self.scroll - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            b = button_at(self.buttons, event.pos)
            was = self.searching
            self.searching = b is not None and b.action == "focus:search"
            if b is not None:
                self.choose(b.action)
            return b is not None or was
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """Esc, Enter, or Backspace and characters while searching; False for another."""
        if event.key == pygame.K_ESCAPE:
            self.ask_to_leave()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose("ready")
        elif self.searching and event.key == pygame.K_BACKSPACE:
            self._search(self.filter.text[:-1])
        elif self.searching and event.unicode and event.unicode.isprintable():
            self._search(self.filter.text + event.unicode)
        else:
            return False
        return True

    def _search(self, text: str) -> None:
        self.filter, self.scroll = replace(self.filter, text=text), 0

    def choose(self, action: str) -> None:
        kind, _, arg = action.partition(":")
        if action == "ready":
            self.say_ready(not self.is_ready())
        elif action == "leave":
            self.ask_to_leave()
        elif kind == "filter":
            self.filter, self.scroll = self.filter.cycled(arg), 0
        elif kind in ("add", "gun", "pil", "del") and self.picks():
            self._edit(kind, arg)

    def _edit(self, kind: str, arg: str) -> None:
        """A change to this end's force (the roster's +A or +B, -/+ G and P, x), sent at
        once (the host's checked at once)."""
        if kind == "add":
            if len(self.mine) >= MAX_UNITS:
                self.app.notify(f"At most {MAX_UNITS} units per side", error=True)
                return
            self.mine.append([arg.split(",", 1)[1], *DEFAULT_SKILLS])
        else:
            _side, index, delta = arg.split(",")
            i = int(index)
            if not 0 <= i < len(self.mine):
                return
            if kind == "del":
                del self.mine[i]
            else:
                slot = 1 if kind == "gun" else 2
                self.mine[i][slot] = max(0, min(8, self.mine[i][slot] + int(delta)))
        self.send_pick()

    def send_pick(self) -> None:
        if isinstance(self.end, Joining):
            self.end.pick([list(u) for u in self.mine])
            return
        change = self.end.pick([list(u) for u in self.mine])
        if change.kind == "refused":  # said, and the force shown is the lobby's again
            self.app.notify(change.text, error=True)
            self.mine = [list(u) for u in self.end.lobby.forces[self.side]]

    def say_ready(self, ready: bool) -> None:
        if isinstance(self.end, HostLobby):
            change = self.end.ready(ready)
            if change.kind == "refused":
                self.app.notify(change.text, error=True)
            elif change.kind == "started":
                self._started()
        else:
            self.end.ready(ready)

    def ask_to_leave(self) -> None:
        """Esc (or Leave) twice within a few seconds leaves; the first time says so (the
        other player is left waiting, or the host's lobby closes for both)."""
        now = time.monotonic()
        if now - self.leave_asked > CONFIRM_SECONDS:
            self.leave_asked = now
            who = "closes the lobby for both" if self.hosting else "leaves the host's lobby"
            self.app.notify(f"Press Esc (or Leave) again: it {who}", seconds=CONFIRM_SECONDS)
            return
        self.leave()

    def closing(self) -> None:
        """The window is closed: say goodbye over the link, so the other end knows at once
        instead of waiting for a dropped link to come back."""
        if isinstance(self.end, HostLobby):
            self.end.close()
        else:
            self.end.quit()

    def leave(self) -> None:
        """Close this end (the host's lobby for both; the guest leaves it)."""
        if isinstance(self.end, HostLobby):
            self.end.close()
        else:
            self.end.quit()
        if self.back:
            self.app.show("start")
        else:
            self.app.running = False

    # --- once a frame ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for change in self.end.pump():
            self._change(change.kind, change.text)
        if self.app.top is not self:
            return
        if self.started():
            self._started()
        elif self.computer and not self._auto_done:
            self._auto_ready()

    def _change(self, kind: str, text: str) -> None:
        lobby = self.end.lobby if isinstance(self.end, Joining) else None
        if lobby is not None and (kind == "refused" or (kind == "lobby" and not self._seen)):
            self._seen = True  # the host's force: at first, and after a refused pick
            self.mine = [list(u) for u in lobby["forces"].get(self.side, [])]
        if kind in ("joined", "lobby", "left", "refused", "fatal", "bye", "desync") and text:
            self.note = text
            self.app.notify(text, error=kind not in ("joined", "lobby"), seconds=5)
        if kind == "left" or (kind == "lobby" and text):
            self._auto_done = False  # the computer says ready again (the link back, or the
            # other end's force changed, which took back both players' ready)
        if kind in ("fatal", "bye", "desync"):
            self._auto_done = True

    def _auto_ready(self) -> None:
        """The computer's end: ready once the lobby is there (with the default force if
        its side has none)."""
        if isinstance(self.end, Joining) and (self.end.lobby is None or not self.end.connected):
            return  # (a ready sent while the link is down is lost: said again once back)
        if isinstance(self.end, HostLobby) and not self.end.joined:
            return
        if self.picks() and not self.mine:
            self.mine = [list(u) for u in DEFAULT_FORCES.get(self.side, DEFAULT_FORCES["B"])]
            self.send_pick()
        self._auto_done = True
        self.say_ready(True)

    def _started(self) -> None:
        """Both are ready: this end opens the game."""
        end, side = self.end, self.side
        if isinstance(end, HostLobby):
            assert end.hosting is not None
            game, state = end.hosting, end.hosting.state
        else:
            assert end.state is not None
            game, state = end, end.state
        try:
            enter_game(self.app, state, game, side, self.where, self.code, self.computer)
        except ValueError as e:
            self.app.notify(f"--computer: {e}", error=True)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        self.buttons = drawn.draw_lobby(screen, self)


register("lobby", LobbyScreen)
