"""Scene tests of the weapon attack screen (issue 11): select, target, toggle weapons,
twist, declare with the mouse and keys; the resolution's dice before its results; every
change through DeclareFire (game.phases.weapons), none by the screen itself."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.flow import actor
from game.phases.actions import StandStill
from game.phases.movement import to_move
from game.phases.weapons import DeclareFire
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.attack.scene import AttackScene
from game.ui.scenes.hexes.movement.scene import PlayScene

from .test_play_scene import click, key, post

SCENARIO = Path(__file__).resolve().parent / "data" / "attack_scenario.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def attack_app(size=(1280, 720)):
    """The grassland scenario after a movement phase in which everybody stood still."""
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    app = make_app(Args(None, SCENARIO, None, size, 3), screen)
    while to_move(app.state):
        app.act(StandStill(to_move(app.state, actor(app.state))[0].id))
    app.advance()
    post(app)
    assert isinstance(app.top, AttackScene)
    return app


def at(scene, h) -> tuple[int, int]:
    x, y = scene.view.centre(h)
    return round(x), round(y)


def dismiss(app) -> AttackScene:
    scene = app.top
    if scene.handoff is not None:
        click(app, (5, 5))
    assert scene.handoff is None
    return scene


def test_selecting_a_unit_marks_targets_and_picks_the_best_one() -> None:
    app = attack_app()
    scene = dismiss(app)
    assert actor(app.state) == "A" and scene.plan is None
    click(app, at(scene, app.state.unit("A2").at))
    plan = scene.plan
    assert plan is not None and plan.unit_id == "A2"
    assert plan.target == "B2"  # B1 is behind heavy woods (CMB-04): no shot
    assert scene.options("B1").best() is None and scene.options("B2").best() == 6
    assert plan.fire["B2"] == {0, 1, 2, 3, 4}  # every weapon that can fire, by default
    click(app, at(scene, app.state.unit("B2").at))  # clicking the enemy keeps it the target
    assert plan.target == "B2"


def test_number_keys_and_rows_toggle_weapons_and_the_heat_follows() -> None:
    app = attack_app()
    scene = dismiss(app)
    click(app, at(scene, app.state.unit("A2").at))
    full = scene.heat()
    key(app, pygame.K_1, uni="1")
    key(app, pygame.K_5, uni="5")
    assert scene.plan.fire["B2"] == {1, 2, 3}
    assert scene.heat().weapons == full.weapons - 3 - 3  # a medium laser and the SRM-4
    rect, index = scene.rows[0]
    click(app, rect.center)
    assert index == 0 and scene.plan.fire["B2"] == {0, 1, 2, 3}


def test_declare_with_enter_then_the_other_side_and_the_dice_before_the_results() -> None:
    app = attack_app()
    scene = dismiss(app)
    click(app, at(scene, app.state.unit("A2").at))
    key(app, pygame.K_RETURN)
    [decl] = app.state.declarations
    assert (decl.attacker, decl.target, decl.weapons, decl.secondary) == (
        "A2", "B2", (0, 1, 2, 3, 4), False)  # fmt: skip
    assert app.state.history[-1] == DeclareFire("A2", ("B2",), ((0, 1, 2, 3, 4),))
    assert scene.handoff == "B"  # TURN-07: the declarations alternate like the moves
    dismiss(app)
    click(app, at(scene, app.state.unit("B2").at))
    key(app, pygame.K_RETURN)
    dismiss(app)
    key(app, pygame.K_n, uni="n")
    key(app, pygame.K_h, uni="h")  # A1 holds its fire
    dismiss(app)
    key(app, pygame.K_n, uni="n")
    key(app, pygame.K_h, uni="h")  # B1 too: the phase resolves
    assert app.state.phase == "movement" and scene.popups  # the next turn began
    shots = [e for e in app.state.log if e.event.kind == "shot"]
    assert len(shots) == 5 + 3  # Jenner: 4 ML + SRM-4; Commando: ML, SRM-6, SRM-4
    shown = scene.visible_log()
    assert not any(e.event.kind == "heat" for e in shown)  # results only after the dice
    while scene.popups:
        app.step([], 0.5)
    assert scene.visible_log() == app.state.log
    post(app)
    assert isinstance(app.top, PlayScene)  # the movement screen takes over


def test_torso_twist_moves_the_arcs_and_quads_cannot_twist() -> None:
    app = attack_app()
    scene = dismiss(app)
    click(app, at(scene, app.state.unit("A2").at))
    key(app, pygame.K_e, uni="e")
    assert scene.plan.twist == 1
    key(app, pygame.K_e, uni="e")
    assert scene.plan.twist == 1  # one hexside at most (CMB-09)
    key(app, pygame.K_q, uni="q")
    key(app, pygame.K_q, uni="q")
    assert scene.plan.twist == -1
    assert scene.plan.action().twist == -1


def test_units_of_the_other_side_cannot_be_selected() -> None:
    app = attack_app()
    scene = dismiss(app)
    click(app, at(scene, app.state.unit("B1").at))
    assert scene.plan is None and app.toast is not None and "not yours" in app.toast[0]


@pytest.mark.parametrize("size", [(900, 600), (1280, 720), (1920, 1080)])
def test_the_screen_draws_at_every_size(size) -> None:
    app = attack_app(size)
    scene = dismiss(app)
    click(app, at(scene, app.state.unit("A2").at))
    scene.hover_row = 0
    post(app)
    assert scene.rows and all(app.screen.get_rect().contains(r) for r, _ in scene.rows)
