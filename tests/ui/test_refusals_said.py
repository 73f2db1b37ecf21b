"""Issue 25: every refused input says why, where the cursor is, in one sentence.

Screen by screen, a list of inputs each screen refuses (an illegal hex, a wrong unit, a
key that does nothing there, Enter with nothing planned, Ctrl+Z with nothing to undo):
each must leave one sentence as an error toast, drawn beside the pointer
(game.ui.app.toast_place). The load dialog says it in its foot (finding 16), the map
previewer beside the pointer in its own window.
"""

from __future__ import annotations

import json
import math
import tempfile
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.flow import actor
from game.hexgrid import distance
from game.phases.actions import StandStill
from game.phases.movement import to_move
from game.phases.weapons import DeclareFire, to_declare
from game.rules.turn import Phase
from game.ui.app.toast_place import GAP, toast_box
from game.ui.scenes.hexes.menu import LoadMenu
from game.ui.scenes.hexes.physical.scene import PhysicalScene
from game.ui.scenes.hexes.preview.command import load
from game.ui.scenes.hexes.preview.loop import PreviewLoop

from .test_attack_scene import attack_app, dismiss
from .test_flight_scene import flight_app
from .test_newcomer_scenes import _app
from .test_physical_scene import SCENARIO as PHYSICAL
from .test_play_scene import at, click, key, move_to, new_app, ready
from .test_regiments_scene import new_app as regiments_app
from .test_sandbox_scene import sandbox_app

CTRL = pygame.KMOD_CTRL
Refusal = tuple[str, Callable[[], None]]


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")


def _press(app, k: int, uni: str = "", mod: int = 0) -> Callable[[], None]:
    return lambda: key(app, k, mod, uni)


def _said_at_cursor(app, pointer: tuple[int, int], refusals: list[Refusal]) -> None:
    """Each refusal, with the mouse at ``pointer``: one error sentence beside it."""
    for label, do in refusals:
        move_to(app, pointer)
        app.toast = None
        do()
        app.step([], 1 / 60)  # drawn: where it went
        assert app.toast is not None and app.toast[2], f"{label}: refused without a word"
        text = app.toast[0]
        assert text and "\n" not in text and text.count(". ") == 0, f"{label}: {text!r}"
        r = app.toast_rect
        here = app.pointer
        assert r is not None and here is not None
        dx = max(r.left - here[0], 0, here[0] - r.right)
        dy = max(r.top - here[1], 0, here[1] - r.bottom)
        assert math.hypot(dx, dy) <= 2 * GAP, f"{label}: {text!r} drawn at {r}, pointer {here}"


def _empty_hex(scene, units) -> tuple[int, int]:
    """A window pixel over a map hex nobody stands on, in the map's part of the window."""
    taken = {u.at for u in units}
    for y in range(60, scene.layout.map.bottom, 24):
        for x in range(40, scene.layout.map.right, 24):
            h = scene.view.hex_at((x, y))
            if h is not None and h not in taken and scene.layout.map.collidepoint(x, y):
                return x, y
    raise AssertionError("no empty hex in view")


def test_a_refusal_goes_beside_the_pointer_and_news_stays_mid_window() -> None:
    window = pygame.Rect(0, 0, 1280, 720)
    for pointer in ((10, 10), (1270, 10), (10, 710), (1270, 710), (640, 360)):
        box = toast_box(window, (400, 40), 16, pointer)
        assert window.contains(box) and not box.collidepoint(pointer)
    news = toast_box(window, (400, 40), 16, None)
    assert news.centerx == 640 and news.bottom < 720


def test_the_movement_screen_says_why() -> None:
    app = new_app()
    scene = ready(app)
    mine = scene.movable()[0]
    empty = _empty_hex(scene, app.state.units)
    far = next(
        (x, y)
        for y in range(60, scene.layout.map.bottom, 24)
        for x in range(40, scene.layout.map.right, 24)
        if (h := scene.view.hex_at((x, y))) is not None and distance(h, mine.at) > 8
    )

    def select() -> None:
        click(app, at(scene, mine.at))
        move_to(app, empty)

    _said_at_cursor(app, empty, [
        ("Enter, nothing planned", _press(app, pygame.K_RETURN)),
        ("Ctrl+Z, nothing to undo", _press(app, pygame.K_z, "z", CTRL)),
        ("a key it has no use for", _press(app, pygame.K_g, "g")),
        ("Q, nothing selected", _press(app, pygame.K_q, "q")),
        ("an empty hex, nothing selected", lambda: click(app, empty)),
        ("Backspace, no waypoint", lambda: (select(), key(app, pygame.K_BACKSPACE))),
        ("a hex out of reach", lambda: (select(), click(app, far))),
    ])  # fmt: skip
    assert "MOV-07" in app.toast[0]  # the hover's reason, not "no path"


def test_the_weapon_attack_screen_says_why() -> None:
    app = attack_app()
    scene = dismiss(app)
    empty = _empty_hex(scene, app.state.units)
    a2 = app.state.unit("A2")

    def aim() -> None:
        click(app, at(scene, a2.at))
        move_to(app, empty)

    _said_at_cursor(app, empty, [
        ("Enter, nothing selected", _press(app, pygame.K_RETURN)),
        ("a weapon key, nothing selected", _press(app, pygame.K_1, "1")),
        ("Tab, nothing selected", _press(app, pygame.K_TAB)),
        ("a key it has no use for", _press(app, pygame.K_g, "g")),
        ("an empty hex", lambda: click(app, empty)),
        ("a weapon it does not have", lambda: (aim(), key(app, pygame.K_9, 0, "9"))),
        ("a twist past one hexside", lambda: (aim(), key(app, pygame.K_e), key(app, pygame.K_e))),
    ])  # fmt: skip
    assert "CMB-09" in app.toast[0]


def _physical_app(tmp: Path | None = None):
    """The physical attack screen of tests/ui/data/physical_scenario.json, side A to
    declare, past the hand-off prompt."""
    d = json.loads(PHYSICAL.read_text())
    d["board"]["file"] = str(Path(PHYSICAL).resolve().parents[3] / "maps" / "grassland.tmx")
    path = (tmp or Path(tempfile.mkdtemp())) / "sc.json"
    path.write_text(json.dumps(d))
    app = _app(path)
    while to_move(app.state):
        app.act(StandStill(to_move(app.state, actor(app.state))[0].id))
    app.advance()
    while app.state.phase == Phase.WEAPON_ATTACK:
        app.act(DeclareFire(to_declare(app.state, actor(app.state))[0].id))
    app.advance()
    app.step([], 1 / 60)
    scene = app.top
    assert isinstance(scene, PhysicalScene)
    if scene.handoff is not None:
        click(app, (5, 5))
    return app, scene


def test_the_physical_attack_screen_says_why(tmp_path: Path) -> None:
    app, scene = _physical_app(tmp_path)
    empty = _empty_hex(scene, app.state.units)
    mine = scene.waiting(actor(app.state))[0]
    _said_at_cursor(app, empty, [
        ("a blow key, nothing selected", _press(app, pygame.K_1, "1")),
        ("an empty hex, nothing selected", lambda: click(app, empty)),
        ("a key it has no use for", _press(app, pygame.K_g, "g")),
        ("Q, no defence walk", lambda: (click(app, at(scene, mine.at)), key(app, pygame.K_q))),
        ("a blow it does not have", _press(app, pygame.K_9, "9")),
    ])  # fmt: skip


def test_deployment_game_over_and_the_menu_say_why() -> None:
    app = new_app(None)
    key(app, pygame.K_RETURN)  # the start screen's forces: deployment
    scene = app.top
    assert scene.scene_name == "deploy"
    click(app, (5, 5))  # the hand-off prompt
    legal = scene.legal()
    off = next(
        (x, y)
        for y in range(60, scene.layout.map.bottom, 24)
        for x in range(40, scene.layout.map.right, 24)
        if (h := scene.view.hex_at((x, y))) is not None and h not in legal
    )
    _said_at_cursor(app, off, [
        ("a hex outside the zone", lambda: click(app, off)),
        ("a key it has no use for", _press(app, pygame.K_g, "g")),
    ])  # fmt: skip
    app.open("menu")
    _said_at_cursor(app, off, [("a key the menu has no use for", _press(app, pygame.K_g, "g"))])
    app.pop()
    app.open("over")
    _said_at_cursor(app, off, [
        ("a key it has no use for", _press(app, pygame.K_g, "g")),
        ("a click beside the buttons", lambda: click(app, (5, 5))),
    ])  # fmt: skip


def test_the_load_dialog_says_why_in_its_foot() -> None:
    app = new_app()
    ready(app)
    app.open("load")
    menu = app.top
    assert isinstance(menu, LoadMenu) and not menu.saves
    key(app, pygame.K_RETURN)
    assert menu.error.startswith("No saved game to load yet")
    menu.error = ""
    key(app, pygame.K_g, uni="g")
    assert menu.error.startswith("G does nothing here")


def test_the_sandbox_flight_and_regiments_screens_say_why() -> None:
    app, scene = sandbox_app()
    pointer = _empty_hex(scene, app.state.units)
    _said_at_cursor(app, pointer, [("a key it has no use for", _press(app, pygame.K_i, "i"))])
    assert "in the sandbox" in app.toast[0]
    _said_at_cursor(app, pointer, [("Ctrl+Z, nothing to undo", _press(app, pygame.K_z, "z", CTRL))])
    app, scene = flight_app()
    empty = _empty_hex(scene, app.state.units)
    _said_at_cursor(app, empty, [
        ("a key it has no use for", _press(app, pygame.K_g, "g")),
        ("Backspace, nothing selected", _press(app, pygame.K_BACKSPACE)),
        ("a hex without a flier", lambda: click(app, empty)),
    ])  # fmt: skip
    app = regiments_app()
    key(app, pygame.K_RETURN)  # past the hand-off prompt, if any
    _said_at_cursor(app, (400, 300), [
        ("Ctrl+Z, nothing to undo", _press(app, pygame.K_z, "z", CTRL)),
        ("an order key, nothing selected", _press(app, pygame.K_m, "m")),
        ("a key it has no use for", _press(app, pygame.K_g, "g")),
    ])  # fmt: skip


def test_the_map_previewer_says_why_beside_the_pointer(mini_map: Path) -> None:
    board, tiles = load(mini_map)
    screen = pygame.display.set_mode((800, 600))
    loop = PreviewLoop(board, tiles, screen, "default")
    loop.start(loop.camera.fit or 0.5)
    loop.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 200), rel=(0, 0),
                                   buttons=(0, 0, 0)))  # fmt: skip
    assert loop.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"))
    assert loop.note is not None and loop.note[0].startswith("X does nothing in the map preview")
    loop.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"))
    assert loop.note[0].startswith("X")  # W pans (held): no refusal
    loop.draw()  # the note beside the pointer, never a crash
