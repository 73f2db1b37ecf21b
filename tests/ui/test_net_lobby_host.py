"""Issue 23: the host picks side A's force in its own lobby, as the guest picks side B's
(the roster's +A, -/+ gunnery and piloting, x), each change checked by the lobby at once
(a refused one said, the force shown the lobby's again); a scenario's lobby is fixed.
In process, without a socket (a host link never started)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.options import TW
from game.net.host_link import HostLink, Inbound
from game.net.host_lobby import HostLobby
from game.net.lobby import fixed_lobby, open_lobby
from game.net.protocol import GUEST_TYPES, MAX_GUEST_BYTES, decode, encode
from game.setup import DEFAULT_FORCES, bundled_maps, new_game_from_map, new_game_from_scenario
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.lobby import LobbyScreen

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path))
    return make_app(Args(None, None, None, (1280, 720), 3), pygame.display.set_mode((1280, 720)))


def _hosting(app, lobby) -> tuple[LobbyScreen, HostLink]:  # noqa: ANN001
    link = HostLink("ABCD-1234", 0, local=True)  # never started: no guest to send to
    screen = LobbyScreen(app, HostLobby(lobby, link), where="127.0.0.1:1", code="ABCD-1234")
    app.replace_all(screen)
    app.draw()
    return screen, link


def _press(app, screen: LobbyScreen, action: str) -> None:  # noqa: ANN001
    app.draw()
    b = next(b for b in screen.buttons if b.action == action)
    assert screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1))


def test_the_host_picks_side_a_with_the_roster_and_each_change_is_the_lobbys(app) -> None:  # noqa: ANN001
    base = new_game_from_map(bundled_maps()[0], rules=TW, seed=5)
    screen, link = _hosting(app, open_lobby(base, DEFAULT_FORCES))
    try:
        end = screen.end
        assert screen.picks() and screen.side == "A"
        assert screen.mine == [list(u) for u in DEFAULT_FORCES["A"]]
        adds = [b.action for b in screen.buttons if b.action.startswith("add:")]
        assert adds and all(a.startswith("add:A,") for a in adds)
        assert end.ready().kind == "lobby" and end.lobby.ready == {"A"}
        _press(app, screen, adds[0])
        assert len(end.lobby.forces["A"]) == len(DEFAULT_FORCES["A"]) + 1
        assert end.lobby.ready == frozenset()  # a changed force: ready taken back
        _press(app, screen, "gun:A,0,-1")
        assert end.lobby.forces["A"][0][1] == DEFAULT_FORCES["A"][0][1] - 1
        _press(app, screen, "del:A,0,0")
        assert [list(u) for u in end.lobby.forces["A"]] == screen.mine
        before = end.lobby
        screen.mine = [["NO-SUCH", 4, 5]]  # what no button makes: the lobby's check says no
        screen.send_pick()
        assert "no design" in app.toast[0] and end.lobby == before
        assert screen.mine == [list(u) for u in before.forces["A"]]
    finally:
        link._loop.close()


def test_a_scenarios_lobby_has_no_roster_for_the_host(app) -> None:  # noqa: ANN001
    state = new_game_from_scenario(ROOT / "tests" / "scenarios" / "combat_attack.json")
    screen, link = _hosting(app, fixed_lobby(state))
    try:
        assert not screen.picks()
        assert not any(b.action.startswith(("add:", "del:", "gun:")) for b in screen.buttons)
    finally:
        link._loop.close()


def test_a_computer_host_says_ready_again_after_the_guest_changes_its_force(app) -> None:  # noqa: ANN001
    base = new_game_from_map(bundled_maps()[0], rules=TW, seed=5)
    screen, link = _hosting(app, open_lobby(base, DEFAULT_FORCES))
    screen.computer = "random"
    try:
        end = screen.end
        end.joined = True  # (as a guest's hello makes it)
        screen.update(1 / 60)
        assert end.lobby.ready == {"A"}
        wire = encode("pick", side="B", units=[["WVR-6R", 4, 5]])
        link.inbox.put(Inbound("message", 1, decode(wire, GUEST_TYPES, MAX_GUEST_BYTES)))
        screen.update(1 / 60)  # the pick took back A's ready; the computer says it again
        assert end.lobby.forces["B"] == (("WVR-6R", 4, 5),) and end.lobby.ready == {"A"}
        assert screen.note == "The guest has changed side B's force"
    finally:
        link._loop.close()
