"""The start screen's network game panel (issue 23): host the game set up on the start
screen, or join a hosted one.

Host: the map, rules and turn limit chosen on the start screen (under this panel), a
port (default 27023), a join code (random; it can be typed over) and whether to listen
on this machine only; the lobby then opens as side A and waits for the guest
(game.ui.scenes.hexes.lobby). There each player picks their own side's force (the start
screen's forces are the first offers); the game starts when both say ready. Join: the
host's address (HOST or HOST:PORT) and its code; the panel connects without freezing the
window and opens the lobby as side B once the host answers, or says why not. Tab moves
between the fields, Esc closes the panel.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.actions import IllegalActionError
from game.core.errors import UserFacingError
from game.core.options import Rules
from game.net.codes import CodeError, checked_code, new_code
from game.net.joining import Joining
from game.net.protocol import DEFAULT_PORT
from game.ui.app.app import App
from game.ui.app.registry import register
from game.ui.widgets.fonts import draw_text, font, ui_size
from game.ui.widgets.palette import BG, DIM, TEXT
from game.ui.widgets.panels import Button, button_at, draw_button
from game.ui.widgets.refusals import unused_key

if TYPE_CHECKING:
    from game.net.lobby import Lobby

FIELDS = ("port", "code", "address", "join_code")
LABELS = {"port": "Port", "code": "Join code", "address": "Host address (HOST or HOST:PORT)",
          "join_code": "The host's join code"}  # fmt: skip
JOIN_WAIT = 15.0


class StartChoice(Protocol):
    """What the panel reads of the start screen under it (game.ui.scenes.hexes.start): the
    game set up there, hosted as it is."""

    rules: Rules
    turns: int | None  # the turn limit (None: none)
    forces: dict[str, list[list[str | int]]]  # side -> [design, gunnery, piloting] each

    def map_choice(self) -> Path | None: ...


class NetworkScreen:
    """The Host / Join panel over the start screen (modal)."""

    overlay = True
    scene_name = "network"

    def __init__(self, app: App, start: StartChoice | None = None) -> None:
        self.app, self.start = app, start
        self.values = {"port": str(DEFAULT_PORT), "code": new_code(), "address": "",
                       "join_code": ""}  # fmt: skip
        self.focus = "address"
        self.local = False
        self.joining: Joining | None = None  # while connecting
        self.waited = 0.0
        self.buttons: list[Button] = []
        self.mouse = (0, 0)

    # --- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was used (issue 24). The panel is modal: a key, a pointer move,
        a button pressed or a wheel turn is its own, kept from the start screen under it
        (a key without a use is said); a key or a button let go, a wheel without a turn
        and any other event are not used and go on down."""
        if event.type == pygame.KEYDOWN:
            if not self._key(event):
                unused_key(self.app, event, "in the network panel",
                           "Tab: next field, Enter: host or join, Esc: back")  # fmt: skip
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            b = button_at(self.buttons, event.pos) if event.button == 1 else None
            if b is not None:
                self.choose(b.action)
            return True
        return event.type == pygame.MOUSEWHEEL and bool(event.y)

    def _key(self, event: pygame.event.Event) -> bool:
        """Esc, Tab, Enter, Backspace or a character typed; False for another key."""
        if event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key == pygame.K_TAB:
            self.focus = FIELDS[(FIELDS.index(self.focus) + 1) % len(FIELDS)]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose("host" if self.focus in ("port", "code") else "join")
        elif event.key == pygame.K_BACKSPACE:
            self.values[self.focus] = self.values[self.focus][:-1]
        elif event.unicode and event.unicode.isprintable():
            if len(self.values[self.focus]) < 60:
                self.values[self.focus] += event.unicode
        else:
            return False
        return True

    def choose(self, action: str) -> None:
        if action.startswith("field:"):
            self.focus = action.partition(":")[2]
        elif action == "local":
            self.local = not self.local
        elif action == "host":
            self.host()
        elif action == "join":
            self.join()
        elif action == "back":
            self.close()

    def close(self) -> None:
        if self.joining is not None:
            self.joining.link.close()
            self.joining = None
        self.app.pop()

    # --- hosting --------------------------------------------------------------------------
    def host(self) -> None:
        """Open the lobby as side A with the start screen's map; its forces are the first
        offers each player changes for their own side (game.ui.scenes.hexes.lobby)."""
        from game.core.files import save_dir
        from game.net.host_link import HostLink
        from game.net.host_lobby import HostLobby
        from game.net.setup import AUTOSAVE, lan_address

        try:
            port, code = self._port(), checked_code(self.values["code"])
            lobby = self._lobby()
        except (UserFacingError, IllegalActionError, ValueError) as e:
            self.app.notify(str(e), error=True, seconds=6)
            return
        link = HostLink(code, port, local=self.local)
        try:
            port = link.start()
        except OSError as e:
            self.app.notify(f"Cannot listen on port {port}: {e}", error=True, seconds=6)
            return
        where = f"{'127.0.0.1' if self.local else lan_address()}:{port}"
        host = HostLobby(lobby, link, autosave=save_dir() / AUTOSAVE)
        self.app.show("lobby", end=host, where=where, code=code)

    def _port(self) -> int:
        text = self.values["port"].strip()
        if not text.isdigit() or not 1 <= int(text) <= 65535:
            raise ValueError(f"port {text!r} must be a number 1 to 65535")
        return int(text)

    def _lobby(self) -> Lobby:
        """The lobby of the game the start screen has set up (its map, rules, turn limit;
        both forces as first offers)."""
        from game.net.lobby import open_lobby
        from game.setup import new_game_from_map, with_turn_limit

        s = self.start
        path = s.map_choice() if s is not None else None
        if path is None:
            raise ValueError("Choose a map on the start screen first")
        picks = {side: [list(u) for u in units] for side, units in s.forces.items()}
        state = new_game_from_map(path, rules=s.rules, seed=random.randrange(1, 2**31))
        return open_lobby(with_turn_limit(state, s.turns), picks)

    # --- joining --------------------------------------------------------------------------
    def join(self) -> None:
        from game.net.guest_link import GuestLink

        address = self.values["address"].strip()
        host, _, port = address.rpartition(":") if ":" in address else (address, "", "")
        try:
            code = checked_code(self.values["join_code"])
        except CodeError as e:
            self.app.notify(str(e), error=True)
            return
        if not host or (port and not port.isdigit()):
            self.app.notify("Type the host's address: HOST or HOST:PORT", error=True)
            return
        if self.joining is not None:
            self.joining.link.close()
        link = GuestLink(host, int(port) if port else DEFAULT_PORT, code)
        link.start()
        self.joining, self.waited = Joining(link), 0.0

    def update(self, dt: float) -> None:
        j = self.joining
        if j is None:
            return
        self.waited += dt
        for change in j.pump():
            if change.kind in ("fatal", "desync", "bye"):
                self._give_up(change.text)
                return
        if (j.copy is not None or j.lobby is not None) and j.side is not None:
            self._joined(j)
        elif self.waited > JOIN_WAIT:
            self._give_up("no hexplate host answers there (is it hosting, is the port open?)")

    def _joined(self, j: Joining) -> None:
        """In: the lobby (or the game at once, a guest that resumes one)."""
        from game.ui.app.net_enter import enter_game

        self.joining = None
        where = self.values["address"].strip()
        if j.copy is not None:
            enter_game(self.app, j.state, j, j.side, where, "")
        else:
            self.app.show("lobby", end=j, where=where)

    def _give_up(self, why: str) -> None:
        if self.joining is not None:
            self.joining.link.close()
        self.joining = None
        self.app.notify(f"Cannot join: {why}", error=True, seconds=6)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        size = ui_size(h)
        box = pygame.Rect(0, 0, min(w - 4 * size, size * 44), min(h - 4 * size, size * 27))
        box.center = (w // 2, h // 2)
        pygame.draw.rect(screen, BG, box, border_radius=10)
        pygame.draw.rect(screen, (90, 95, 105), box, 1, border_radius=10)
        x, y = box.x + size * 2, box.y + size
        draw_text(screen, "Network game", font(size + 6, True), TEXT, (x, y))
        self.buttons = []
        col = (box.w - size * 5) // 2
        self._column(screen, x, y + size * 3, col, size, "Host this game (side A)",
                     ("port", "code"), "host", "Host (Enter)")  # fmt: skip
        local = f"This machine only: {'on' if self.local else 'off'}"
        self._button(screen, pygame.Rect(x, y + size * 17, col, size * 2), "local", local, size)
        note = "The map and rules are the start screen's; each picks their force in the lobby."
        draw_text(screen, note, font(size - 2), DIM, (x, y + size * 20), pygame.Rect(x, 0, col, h))
        jx = x + col + size
        self._column(screen, jx, y + size * 3, col, size, "Join a game (side B)",
                     ("address", "join_code"), "join", "Join")  # fmt: skip
        if self.joining is not None:
            draw_text(screen, f"Connecting... {self.waited:.0f} s", font(size), DIM,
                      (jx, y + size * 17))  # fmt: skip
        back = pygame.Rect(box.right - size * 10, box.bottom - size * 3, size * 8, size * 2)
        self._button(screen, back, "back", "Back (Esc)", size)

    def _column(self, screen: pygame.Surface, x: int, y: int, width: int, size: int,
                title: str, fields: tuple[str, ...], action: str, label: str) -> None:  # fmt: skip
        draw_text(screen, title, font(size + 2, True), TEXT, (x, y))
        for i, name in enumerate(fields):
            fy = y + size * 2 + i * size * 4
            draw_text(screen, LABELS[name], font(size - 2), DIM, (x, fy))
            rect = pygame.Rect(x, fy + size + size // 3, width, round(size * 1.9))
            caret = "|" if self.focus == name else ""
            b = Button(rect, f"field:{name}", self.values[name] + caret, self.focus == name)
            self.buttons.append(b)
            draw_button(screen, b, size + 2, rect.collidepoint(self.mouse))
        self._button(screen, pygame.Rect(x, y + size * 10, width, size * 2), action, label, size)

    def _button(self, screen: pygame.Surface, rect: pygame.Rect, action: str, label: str,
                size: int) -> None:  # fmt: skip
        b = Button(rect, action, label, action in ("host", "join"))
        self.buttons.append(b)
        draw_button(screen, b, size + 2, rect.collidepoint(self.mouse))


register("network", NetworkScreen)
