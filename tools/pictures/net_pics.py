"""The network game's pictures (docs/network.md): the start screen's Host / Join panel,
the guest's lobby (picking side B's force, the host ready), the host's lobby (picking
side A's force, the guest ready), and the host's screen waiting for the guest (its
address and join code in the banner).
The code and address are fixed, so the pictures are the same on every run; nothing
listens (the waiting host's link is never started)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.actions import Refused
from game.net.guest_link import GuestLink
from game.net.host_link import HostLink
from game.net.host_lobby import HostLobby
from game.net.hosting import Hosting
from game.net.joining import Joining
from game.net.lobby import lobby_to_json, open_lobby, say_ready
from game.net.referee import Referee
from game.net.setup import begun
from game.setup import DEFAULT_FORCES, new_game_from_map, with_forces, with_turn_limit
from game.ui.app.net_turns import NetTurns
from game.ui.app.play import Args, make_app

from .drive import HD, save

ROOT = Path(__file__).resolve().parents[2]
CODE = "K7RM2Q"


def host_join_panel(out: Path) -> None:
    """The start screen with its Host / Join panel open, an address typed to join."""
    screen = pygame.display.set_mode(HD)
    app = make_app(Args(None, None, None, HD, 7), screen)
    app.open("network", start=app.top)
    panel = app.top
    panel.values.update(code=CODE, address="192.168.1.20:27023", join_code="")
    panel.focus = "join_code"
    save(app, out)


def host_waiting(out: Path) -> None:
    """The host's deployment screen, paused until the guest joins."""
    screen = pygame.display.set_mode(HD)
    app = make_app(Args(None, None, None, HD, 7), screen)
    state = begun(with_forces(new_game_from_map(ROOT / "maps" / "default.tmx", seed=7)))
    app.start_game(state)
    hosting = Hosting(Referee(state), HostLink(CODE, 27023))
    app.net = NetTurns(hosting, "A", "192.168.1.20:27023", CODE)
    app.step([], 0.016, draw=False)  # one frame: no hot-seat hand-off prompt in a net game
    save(app, out)


def guest_lobby(out: Path) -> None:
    """The guest's lobby: side B's force being picked from the roster, the host ready."""
    screen = pygame.display.set_mode(HD)
    app = make_app(Args(None, None, None, HD, 7), screen)
    base = with_turn_limit(new_game_from_map(ROOT / "maps" / "river.tmx", seed=7), 8)
    picks = {"A": DEFAULT_FORCES["A"], "B": [("SHD-2H", 3, 4), ("PNT-9R", 4, 5)]}
    lobby = say_ready(open_lobby(base, picks), "A")
    assert not isinstance(lobby, Refused)
    joining = Joining(GuestLink("192.168.1.20", 27023, CODE))  # never started: nothing sent
    joining.lobby, joining.side, joining.connected = lobby_to_json(lobby), "B", True
    app.show("lobby", end=joining, where="192.168.1.20:27023")
    save(app, out)


def host_lobby(out: Path) -> None:
    """The host's lobby: side A's force being picked from the roster, the guest ready."""
    screen = pygame.display.set_mode(HD)
    app = make_app(Args(None, None, None, HD, 7), screen)
    base = with_turn_limit(new_game_from_map(ROOT / "maps" / "river.tmx", seed=7), 8)
    picks = {"A": [("HBK-4G", 4, 5), ("JR7-D", 3, 4), ("TDR-5S", 4, 5)],
             "B": [("SHD-2H", 3, 4), ("PNT-9R", 4, 5)]}  # fmt: skip
    lobby = say_ready(open_lobby(base, picks), "B")
    assert not isinstance(lobby, Refused)
    link = HostLink(CODE, 27023)  # never started: nothing listens, nothing is sent
    host = HostLobby(lobby, link)
    host.joined = True
    app.show("lobby", end=host, where="192.168.1.20:27023", code=CODE)
    save(app, out)
    link._loop.close()
