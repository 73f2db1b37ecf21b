"""Scene tests of the defence walk on the physical attack screen (ADV-01, tacops): the
defending Mech's walking reach is shaded, the mouse plans a walk (the movement screen's
path with its MP and roll markers), Enter or the Walk button sends it and its roll pops
up, then the attacks from the new hex; Stay and strike skips the walk. Real click and key
events on the real scene (SDL_VIDEODRIVER=dummy)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.flow import actor
from game.hexgrid import Hex
from game.phases.actions import CommitMove, StandStill
from game.phases.physical import DeclarePhysical, DefendWalk
from game.phases.weapons import DeclareFire, to_declare
from game.rules.turn import Phase
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.parts.physical.draw import PHYSICAL_KEYS
from game.ui.scenes.hexes.physical.scene import PhysicalScene

from .test_play_scene import click, key, move_to, post

SCENARIO = Path(__file__).resolve().parent / "data" / "defend_scenario.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def defend_app(size=(1280, 720)):
    """A1 declared physical attack defence, B1 stood still and held fire: side A's turn
    on the physical attack screen."""
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    app = make_app(Args(None, SCENARIO, None, size, 3), screen)
    app.act(CommitMove("A1", "defend", ()))  # initiative: side A moves first
    app.act(StandStill("B1"))
    app.advance()
    while app.state.phase == Phase.WEAPON_ATTACK:
        app.act(DeclareFire(to_declare(app.state, actor(app.state))[0].id))
    app.advance()
    post(app)
    assert app.state.phase == Phase.PHYSICAL_ATTACK and isinstance(app.top, PhysicalScene)
    scene = app.top
    if scene.handoff is not None:
        click(app, (5, 5))
    return app, scene


def at(scene, h: Hex) -> tuple[int, int]:
    x, y = scene.view.centre(h)
    return round(x), round(y)


def sent_actions(app) -> list:
    sent: list = []
    real = app.act
    app.act = lambda a: (sent.append(a), real(a))[1]
    return sent


def finish_popups(app, scene) -> None:
    while scene.popups:
        post(app)
        scene.update(2.0)


def test_adv_01_plan_a_walk_with_the_mouse_commit_it_then_punch() -> None:
    app, scene = defend_app()
    sent = sent_actions(app)
    click(app, at(scene, app.state.unit("A1").at))
    walk = scene.walking()
    assert walk is not None  # the walk comes first: the reach is shaded
    reach = walk.reach(app.state)
    assert reach.mp_available == app.state.unit("A1").walk_mp() == 4
    assert Hex(4, 5) in reach.hexes and Hex(4, 4) not in reach.hexes  # 0506 yes, B1's no
    move_to(app, at(scene, Hex(4, 5)))  # hover 0506: the path through the rubble
    info = walk.info(app.state)
    assert info["result"].legal and info["steps"] == ("F", "F")
    assert [p.reason for p in info["result"].psrs] and "rubble" in info["result"].psrs[0].reason
    scene.draw(app.screen)
    _, path = walk.layers(app.state, scene.view.layout, scene.view.camera.zoom)
    assert path.markers  # the roll is marked on the map, as on the movement screen
    click(app, at(scene, Hex(4, 5)))  # keep that hex
    assert walk.plan.locked and walk.plan.dest == Hex(4, 5)
    key(app, pygame.K_RETURN)  # Walk
    assert sent and sent[0] == DefendWalk("A1", ("F", "F"))
    assert app.state.unit("A1").at == Hex(4, 5) and scene.popups  # the rubble roll shows
    finish_popups(app, scene)
    assert scene.plan is not None and scene.walking() is None and scene.plan.target == "B1"
    key(app, pygame.K_2, uni="2")  # right-arm punch, from the new hex
    key(app, pygame.K_RETURN)
    assert isinstance(sent[-1], DeclarePhysical) and sent[-1].kinds == ("punch",)
    assert sent[-1].limbs == ("RA",) and "A1" in app.state.acted


def test_adv_01_the_walk_button_and_stay_and_strike() -> None:
    app, scene = defend_app()
    sent = sent_actions(app)
    click(app, at(scene, app.state.unit("A1").at))
    scene.draw(app.screen)
    labels = {b.action: b.label for b in scene.buttons}
    assert labels == {"walk": "Walk (Enter)", "stay": "Stay and strike (S)"}
    walk_button = next(b for b in scene.buttons if b.action == "walk")
    click(app, walk_button.rect.center)  # nothing planned: refused with a sentence
    assert not sent and "plan the walk first" in app.toast[0]
    stay = next(b for b in scene.buttons if b.action == "stay")
    click(app, stay.rect.center)
    assert scene.walking() is None and not sent  # no walk, no action yet
    scene.draw(app.screen)
    assert {b.action for b in scene.buttons} == {"declare", "hold"}
    key(app, pygame.K_h)  # no attack from where it stands
    assert sent == [DeclarePhysical("A1")] and app.state.unit("A1").at == Hex(4, 7)


def test_adv_01_out_of_reach_and_the_help_and_panel_say_what_happens() -> None:
    app, scene = defend_app()
    click(app, at(scene, app.state.unit("A1").at))
    click(app, at(scene, Hex(10, 1)))  # far away
    assert "out of this walk's reach (4 walking MP, ADV-01)" in app.toast[0]
    scene.draw(app.screen)
    keys = " ".join(k + " " + d for k, d in PHYSICAL_KEYS)
    assert "Stay and strike" in keys and "walk now" in keys and "ADV-01" in keys
    key(app, pygame.K_F1)
    scene.draw(app.screen)
    assert scene.help
    if os.environ.get("HEXPLATE_SHOT"):
        pygame.image.save(app.screen, os.environ["HEXPLATE_SHOT"])
