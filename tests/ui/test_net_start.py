"""End to end (issue 23): the start screen's Host / Join panel. One window hosts the game
set up on its start screen; another joins it by typing the address and the code."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pygame
import pytest

from game.net.entries import state_hash
from game.ui.app.play import Args, make_app

SHOTS = Path(__file__).resolve().parents[2] / "tests" / "ui" / "data"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _key(app, ch: str = "", key: int = 0) -> None:
    ev = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0)
    app.step([ev], 1 / 60)


def _click(app, action: str) -> None:
    app.draw()
    button = next(b for b in app.top.buttons if b.action == action)
    pos = button.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)  # fmt: skip


def _type(app, field: str, text: str) -> None:
    _click(app, f"field:{field}")
    for _ in range(12):
        _key(app, key=pygame.K_BACKSPACE)
    for ch in text:
        _key(app, ch)


@pytest.fixture
def screens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    screen = pygame.display.set_mode((1280, 800))
    host = make_app(Args(None, None, None, (1280, 800), 7), screen)
    guest = make_app(Args(None, None, None, (1280, 800), 8), pygame.Surface((1280, 800)))
    yield host, guest
    for app in (host, guest):
        if app.net is not None:
            app.net.close()


def _frames(*apps, until, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while not until() and time.monotonic() < end:
        for app in apps:
            app.step([], 1 / 60)
        time.sleep(0.01)
    assert until(), "timed out"


def test_one_window_hosts_from_the_start_screen_and_another_joins(screens, tmp_path) -> None:
    """The lobby (issue 23): the guest picks side B's force with the roster's +B and -/+,
    the host side A's with +A (the guest's ready taken back, the change said on its
    screen), both say ready, the game starts with both picks."""
    host, guest = screens
    port = _free_port()
    _click(host, "network")
    assert host.top.scene_name == "network"
    _type(host, "port", str(port))
    _type(host, "code", "PANEL7")
    _click(host, "local")
    host.draw()
    pygame.image.save(host.screen, str(tmp_path / "network-panel.png"))
    _click(host, "host")
    assert host.top.scene_name == "lobby" and host.net is None
    _click(guest, "network")
    _type(guest, "address", f"127.0.0.1:{port}")
    _type(guest, "join_code", "panel7")
    _click(guest, "join")
    _frames(host, guest, until=lambda: guest.top.scene_name == "lobby")
    lobby = guest.top
    assert lobby.side == "B" and lobby.picks() and host.top.picks() and host.top.side == "A"
    assert lobby.mine  # side B's first offer (the host's start screen's), taken away
    while lobby.mine:
        _click(guest, "del:B,0,0")
    add = next(b.action for b in lobby.buttons if b.action.startswith("add:B,"))
    assert not any(b.action.startswith("add:A,") for b in lobby.buttons)  # its side only
    _click(guest, add)
    _click(guest, "gun:B,0,-1")
    picked = [add.partition(",")[2], 3, 5]
    _frames(host, guest, until=lambda: host.top.end.lobby.forces["B"] == (tuple(picked),))
    _click(guest, "ready")
    _frames(host, guest, until=lambda: "B" in host.top.end.lobby.ready)
    guest.draw()
    pygame.image.save(guest.screen, str(tmp_path / "net-lobby.png"))
    assert host.net is None  # the host has not said ready: nothing starts
    host_add = next(b.action for b in host.top.buttons if b.action.startswith("add:A,"))
    assert not any(b.action.startswith("add:B,") for b in host.top.buttons)
    first_a = [list(u) for u in host.top.end.lobby.forces["A"]]
    _click(host, host_add)
    assert host.top.end.lobby.ready == frozenset()  # a changed force: both not ready
    _frames(host, guest, until=lambda: len(lobby.shown()["forces"]["A"]) == len(first_a) + 1)
    assert lobby.note == "The host has changed side A's force" and not lobby.is_ready()
    _click(guest, "ready")
    _frames(host, guest, until=lambda: "B" in host.top.end.lobby.ready)
    _click(host, "ready")
    _frames(host, guest, until=lambda: guest.net is not None and host.net is not None)
    assert guest.net.side == "B"
    assert state_hash(guest.state) == state_hash(host.state)
    units = [(u.side, u.design, u.gunnery) for u in host.state.units if u.side == "B"]
    assert units == [("B", picked[0], 3)]
    side_a = [[u.design, u.gunnery, u.piloting] for u in host.state.units if u.side == "A"]
    assert side_a == [*first_a, [host_add.partition(",")[2], 4, 5]]
    assert guest.base.scene_name == host.base.scene_name  # both on the deployment screen
    for _ in range(20):
        host.step([], 1 / 60)
    assert host.net.linked
    placing = host.base  # side A places a unit: the guest's screen carries it out, ringed
    first = next(u.id for u in host.state.units if u.side == "A")
    placing.place(min(placing.legal()))
    _frames(host, guest, until=lambda: guest.state.history == host.state.history)
    assert guest.base.landing is not None and guest.base.landing[0] == first
    for app in [host] * (len(side_a) - 1) + [guest]:  # the rest; the guest's last begins it
        app.base.place(min(app.base.legal()))
        _frames(host, guest, until=lambda: guest.state.history == host.state.history)
    assert host.base.scene_name == guest.base.scene_name != "deploy"
    assert state_hash(guest.state) == state_hash(host.state)


def test_a_wrong_code_in_the_panel_is_said_and_the_panel_stays(screens) -> None:
    host, guest = screens
    port = _free_port()
    _click(host, "network")
    _type(host, "port", str(port))
    _type(host, "code", "RIGHT7")
    _click(host, "local")
    _click(host, "host")
    _click(guest, "network")
    _type(guest, "address", f"127.0.0.1:{port}")
    _type(guest, "join_code", "WRONG7")
    _click(guest, "join")
    end = time.monotonic() + 15
    while getattr(guest.top, "joining", None) is not None and time.monotonic() < end:
        host.step([], 1 / 60)
        guest.step([], 1 / 60)
        time.sleep(0.01)
    assert guest.net is None and guest.top.scene_name == "network"
    assert "wrong join code" in guest.toast[0]


def _both_in_the_lobby(host, guest) -> None:
    port = _free_port()
    _click(host, "network")
    _type(host, "port", str(port))
    _type(host, "code", "PANEL8")
    _click(host, "local")
    _click(host, "host")
    _click(guest, "network")
    _type(guest, "address", f"127.0.0.1:{port}")
    _type(guest, "join_code", "panel8")
    _click(guest, "join")
    _frames(host, guest, until=lambda: guest.top.scene_name == "lobby" and host.top.end.joined)


def test_esc_in_the_lobby_asks_first_and_leaves_on_the_second(screens) -> None:
    host, guest = screens
    _both_in_the_lobby(host, guest)
    _key(guest, key=pygame.K_ESCAPE)
    assert guest.top.scene_name == "lobby" and "again" in guest.session.toast[0]
    _key(guest, key=pygame.K_ESCAPE)
    assert guest.top.scene_name == "start"
    _frames(host, guest, until=lambda: not host.top.end.joined)  # the host sees it at once


def test_closing_the_guests_window_in_the_lobby_says_goodbye_to_the_host(screens) -> None:
    host, guest = screens
    _both_in_the_lobby(host, guest)
    guest.step([pygame.event.Event(pygame.QUIT)], 1 / 60)
    assert not guest.running
    _frames(host, until=lambda: not host.top.end.joined, timeout=5.0)
