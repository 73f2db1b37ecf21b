"""Issue 25, finding 16's remaining points on the play screens: the load dialog lists each
file with its map, turn and date and shows a refusal once; the autosave says so (never
over another message); a toast keeps off the full log's text; a unit's tooltip keeps off
the unit; a prone Mech with a destroyed leg says why it shows no reach (MOV-20, MOV-23)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.flow import actor
from game.phases.actions import StandStill
from game.phases.movement import to_move
from game.save import save_game
from game.ui.scenes.hexes.menu import LoadMenu
from game.ui.scenes.hexes.save_details import save_details
from game.ui.widgets.unit_tip import tip_beside

from .test_play_scene import at, click, key, move_to, new_app, ready

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("HEXPLATE_NO_AUTOSAVE", raising=False)
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def test_the_load_dialog_gives_map_turn_and_date_and_a_refusal_once(tmp_path) -> None:
    app = new_app()
    ready(app)
    folder = tmp_path / "saves"
    folder.mkdir(exist_ok=True)
    save_game(app.state, folder / "mine.json")
    (folder / "broken.json").write_text("{}")
    details = save_details(folder / "mine.json")
    assert details.startswith("default.tmx, turn 1 movement, ")
    app.open("load")
    menu = app.top
    assert isinstance(menu, LoadMenu)
    app.step([], 1 / 60)  # drawn: each row with its details
    broken = menu.saves.index(folder / "broken.json")
    menu.load(broken)
    assert menu.error and app.toast is None  # once, in the dialog's foot


def test_the_autosave_says_so_but_never_over_a_message() -> None:
    app = new_app()
    ready(app)
    assert app.toast[0].startswith("Autosaved: autosave.json")
    app.notify("something the player must read")
    _stand_all(app)
    assert app.toast[0] == "something the player must read"
    again = new_app()
    ready(again)
    again.toast = None
    _stand_all(again)
    assert again.toast[0].startswith("Autosaved: autosave.json (turn 2, ")


def _stand_all(app) -> None:
    """Every unit stands still: the phases end, the next turn begins (autosaves)."""
    turn = app.state.turn
    while app.state.turn == turn and app.state.phase == "movement":
        app.act(StandStill(to_move(app.state, actor(app.state))[0].id))
        app.advance()


def test_a_toast_keeps_off_the_full_logs_text() -> None:
    app = new_app()
    ready(app)
    key(app, pygame.K_l, uni="l")
    log = app.top
    assert log.scene_name == "log"
    body = log.body(app.screen)
    for error in (False, True):  # news and a refusal, the pointer over the log's text
        move_to(app, body.center)
        app.notify("something to read " * 6, error=error)
        app.step([], 1 / 60)
        assert app.toast_rect is not None and not app.toast_rect.colliderect(body)


def test_a_units_tooltip_keeps_off_the_unit() -> None:
    app = new_app()
    scene = ready(app)
    unit = scene.movable()[0]
    move_to(app, at(scene, unit.at))
    tip = pygame.Surface((220, 90))
    for dx in (-300, 0, 300):  # a hex near either edge too
        hex_box = scene.view.hex_box(unit.at).move(dx, 0)
        placed = tip_beside(app.screen, tip, hex_box, hex_box.center)
        assert app.screen.get_rect().contains(placed)
        assert not placed.colliderect(hex_box)


def test_a_prone_mech_with_a_destroyed_leg_says_why_it_has_no_reach() -> None:
    app = new_app(DATA / "prone_one_leg.json")
    scene = ready(app)
    a1 = app.state.unit("A1")
    assert a1.prone and a1.legs_destroyed == 1 and a1.walk_mp() == 1
    click(app, at(scene, a1.at))
    assert "may only try to stand" in scene.info["title"] and "+5" in scene.info["title"]
    move_to(app, at(scene, a1.at, 80, 0))
    assert "only a stand-up attempt (U)" in scene.info["error"]


def test_the_deployment_ghost_has_the_big_facing_arrow(monkeypatch) -> None:
    """Finding 17: the deploying unit's facing was the counter's small marker only."""
    from game.ui.map import overlays

    from .test_camera_fit import MAPS, _deploy_app

    calls = []
    real = overlays.facing_arrow
    monkeypatch.setattr(overlays, "facing_arrow", lambda *a: calls.append(a) or real(*a))
    app = _deploy_app(MAPS[-1])
    scene = app.top
    h = sorted(scene.legal())[5]
    move_to(app, tuple(round(v) for v in scene.view.centre(h)))
    key(app, pygame.K_e, uni="e")
    assert calls and calls[-1][2] == scene.facing
    assert calls[-1][1] == scene.view.centre(h)
