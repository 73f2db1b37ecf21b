"""Issue 24, the rest: the start screens, the regiments screen, the network panel and the
lobby say honestly whether ``handle`` used the event (game.ui.app.scene.Scene: the App's
stack walks on past an overlay that did not). A key without a use, a key or a button let
go, a wheel without a turn, a click beside every button and an event nobody reads are
unused; a bound or typed key, a pointer move and a wheel turn are used. The network
panel is modal: every key is its own (an unbound one said), so none reaches the start
screen under it, while what it does not use goes on down."""

from __future__ import annotations

import pygame
import pytest

from game.core.options import TW
from game.net.host_link import HostLink
from game.net.host_lobby import HostLobby
from game.net.lobby import open_lobby
from game.setup import DEFAULT_FORCES, bundled_maps, new_game_from_map
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.lobby import LobbyScreen

from .test_regiments_scene import new_app as regiments_app


def _key(k: int, uni: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0)


MOTION = pygame.event.Event(pygame.MOUSEMOTION, pos=(401, 301), rel=(1, 1), buttons=(0, 0, 0))
UNUSED = (
    pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0, unicode="a", scancode=0),
    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(400, 300), button=1),
    pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=0, flipped=False),
    pygame.event.Event(pygame.TEXTINPUT, text="a"),
    pygame.event.Event(pygame.USEREVENT),
)
F5 = _key(pygame.K_F5)  # no screen here binds it, and it types nothing


def _beside_buttons(scene, size: tuple[int, int]) -> pygame.event.Event:  # noqa: ANN001
    """A left click on a point of the window that no button of ``scene`` covers."""
    for y in range(size[1] - 3, 0, -37):
        for x in range(3, size[0], 41):
            if not any(b.rect.collidepoint(x, y) for b in scene.buttons):
                return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
    raise AssertionError("buttons everywhere")


def _unused(scene, size: tuple[int, int]) -> list[bool]:  # noqa: ANN001
    return [scene.handle(e) for e in (*UNUSED, F5, _beside_buttons(scene, size))]


@pytest.fixture
def hex_app(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path))
    screen = pygame.display.set_mode((1280, 720))
    app = make_app(Args(None, None, None, (1280, 720), 3), screen)
    app.draw()
    return app


def test_the_hex_start_screen(hex_app) -> None:  # noqa: ANN001
    start = hex_app.top
    assert start.scene_name == "start"
    assert _unused(start, (1280, 720)) == [False] * 7
    typed = start.typed
    assert start.handle(_key(pygame.K_x, "x")) and start.typed == typed + "x"
    assert start.handle(_key(pygame.K_t, "\x14", pygame.KMOD_CTRL)) and start.rules.tacops
    assert start.handle(MOTION) and start.mouse == MOTION.pos
    assert start.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))


def test_the_network_panel_keeps_every_key_from_the_start_screen(hex_app) -> None:  # noqa: ANN001
    start = hex_app.top
    panel = hex_app.open("network", start=start)
    hex_app.draw()
    assert [hex_app.dispatch(e) for e in UNUSED] == [False] * len(UNUSED)
    assert hex_app.dispatch(_key(pygame.K_t, "\x14", pygame.KMOD_CTRL))  # modal: said
    assert "does nothing in the network panel" in hex_app.toast[0]
    assert not start.rules.tacops and hex_app.top is panel  # the start screen heard nothing
    assert hex_app.dispatch(_key(pygame.K_TAB)) and panel.focus == "join_code"
    assert hex_app.dispatch(_key(pygame.K_7, "7")) and panel.values["join_code"] == "7"
    assert hex_app.dispatch(MOTION) and panel.mouse == MOTION.pos and start.mouse != MOTION.pos
    assert hex_app.dispatch(_beside_buttons(panel, (1280, 720)))  # modal: not the start's
    assert hex_app.dispatch(_key(pygame.K_ESCAPE)) and hex_app.top is start


def test_the_lobby(hex_app) -> None:  # noqa: ANN001
    base = new_game_from_map(bundled_maps()[0], rules=TW, seed=5)
    link = HostLink("ABCD-1234", 0, local=True)  # never started: no socket, no guest
    lobby = LobbyScreen(hex_app, HostLobby(open_lobby(base, DEFAULT_FORCES), link))
    hex_app.replace_all(lobby)
    hex_app.draw()
    try:
        assert _unused(lobby, (1280, 720)) == [False] * 7
        assert not lobby.handle(_key(pygame.K_z, "z"))  # nothing typed into: no search
        assert lobby.handle(MOTION) and lobby.mouse == MOTION.pos
        assert lobby.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
        assert lobby.scroll == 2
        assert lobby.handle(_key(pygame.K_RETURN)) and lobby.is_ready()
    finally:
        link._loop.close()


def test_the_regiments_start_screen(hex_app) -> None:  # noqa: ANN001
    from game.ui.widgets import ruleset_tabs as tabs

    tabs.open_ruleset(hex_app, "regiments", "hex")
    start = hex_app.top
    hex_app.draw()
    assert start.scene_name == "regiments-start"
    assert _unused(start, (1280, 720)) == [False] * 7
    assert not start.handle(_key(pygame.K_z, "z"))
    assert start.handle(MOTION) and start.mouse == MOTION.pos
    assert start.handle(_key(pygame.K_ESCAPE)) and not hex_app.running


def test_the_regiments_screen() -> None:
    app = regiments_app()
    scene = app.top
    assert scene.scene_name == "regiments" and scene.plan is None
    app.draw()
    assert [scene.handle(e) for e in (*UNUSED, F5)] == [False] * 6
    assert "F5 does nothing on the regiments screen" in app.toast[0]  # said, not used
    right = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3)
    assert not scene.handle(right)  # no plan to take a step back from
    panels = scene.panels
    assert scene.handle(_key(pygame.K_TAB)) and scene.panels != panels
    assert scene.handle(MOTION)
    assert scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    middle = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=2)
    assert scene.handle(middle) and scene.handle(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(420, 300), button=2)
    )  # a pan, begun and ended
