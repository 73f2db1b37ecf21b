"""Scene tests of the physical attack screen (issue 12): select a unit, the adjacent enemy
with its best number, the attack rows with numbers or reasons, choose a limb with a key or
a click, declare; every change through DeclarePhysical (game.phases.physical)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.flow import actor
from game.phases.actions import StandStill
from game.phases.movement import to_move
from game.phases.physical import DeclarePhysical
from game.phases.weapons import DeclareFire, to_declare
from game.rules.turn import Phase
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.physical.scene import PhysicalScene

from .test_play_scene import click, key, post

SCENARIO = Path(__file__).resolve().parent / "data" / "physical_scenario.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def physical_app(size=(1280, 720)):
    """Everybody stood still and held fire: the physical attack phase's screen."""
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    app = make_app(Args(None, SCENARIO, None, size, 3), screen)
    while to_move(app.state):
        app.act(StandStill(to_move(app.state, actor(app.state))[0].id))
    app.advance()
    while app.state.phase == Phase.WEAPON_ATTACK:
        app.act(DeclareFire(to_declare(app.state, actor(app.state))[0].id))
    app.advance()
    post(app)
    assert app.state.phase == Phase.PHYSICAL_ATTACK
    assert isinstance(app.top, PhysicalScene)
    scene = app.top
    if scene.handoff is not None:
        click(app, (5, 5))
    return app, scene


def at(scene, h) -> tuple[int, int]:
    x, y = scene.view.centre(h)
    return round(x), round(y)


def test_selecting_shows_the_adjacent_enemy_and_every_attack() -> None:
    app, scene = physical_app()
    side = actor(app.state)
    mine = "A1" if side == "A" else "B1"
    enemy = "B1" if side == "A" else "A1"
    click(app, at(scene, app.state.unit(mine).at))
    assert scene.plan is not None and scene.plan.target == enemy
    rows = scene.attacks(enemy)
    kinds = [(o.blow.kind, o.blow.limb) for o in rows]
    assert kinds == [("punch", "LA"), ("punch", "RA"), ("kick", "LL"), ("kick", "RL"),
                     ("push", ""), ("club", "")]  # fmt: skip
    assert not rows[-1].can_attack and "no club" in rows[-1].why_not
    assert scene.best(enemy) == min(o.target for o in rows if o.attacks)
    scene.draw(app.screen)
    if os.environ.get("HEXPLATE_SHOT"):
        pygame.image.save(app.screen, os.environ["HEXPLATE_SHOT"])


def test_keys_choose_limbs_and_enter_declares() -> None:
    app, scene = physical_app()
    side = actor(app.state)
    mine = "A1" if side == "A" else "B1"
    click(app, at(scene, app.state.unit(mine).at))
    key(app, pygame.K_1, uni="1")
    key(app, pygame.K_2, uni="2")  # both punches
    assert [c[2] for c in scene.plan.chosen] == ["LA", "RA"]
    key(app, pygame.K_4, uni="4")  # a kick replaces them
    assert [c[0] for c in scene.plan.chosen] == ["kick"]
    sent = []
    real = app.act
    app.act = lambda a: (sent.append(a), real(a))[1]
    key(app, pygame.K_RETURN)
    assert isinstance(sent[0], DeclarePhysical) and sent[0].kinds == ("kick",)
    assert mine in app.state.acted or app.state.phase != Phase.PHYSICAL_ATTACK


def test_a_row_that_cannot_be_made_is_refused_with_its_reason() -> None:
    app, scene = physical_app()
    side = actor(app.state)
    click(app, at(scene, app.state.unit("A1" if side == "A" else "B1").at))
    key(app, pygame.K_6, uni="6")  # the club: none held
    assert scene.plan.chosen == []
