"""Issue 25, finding 3: only the player moves the camera. A hand-off, a side change and a
new phase keep the zoom and the place the player chose; N pans only to show a unit out of
view and never zooms; with the setting "follow the action" the screens go to the units
to act as before. Finding 7: Q / E at the end of a path that uses every MP says why."""

from __future__ import annotations

import pygame

from game.flow import actor
from game.phases.actions import StandStill
from game.phases.movement import to_move
from game.ui.app.settings import Settings
from game.ui.scenes.hexes.attack.scene import AttackScene

from .test_attack_scene import SCENARIO as ATTACK
from .test_play_scene import at, click, key, move_to, new_app, post, ready


def _attack_app(settings: Settings | None = None):
    app = new_app(ATTACK)
    if settings is not None:
        app.settings = settings
    click(app, (5, 5))  # the first hand-off
    return app


def _moved_camera(app):
    """Zoom in twice and pan: a view the player chose."""
    scene = app.top
    key(app, pygame.K_EQUALS, uni="=")
    key(app, pygame.K_EQUALS, uni="=")
    key(app, pygame.K_RIGHT)
    return scene.view.camera


def _stand_all(app) -> None:
    while to_move(app.state) and app.state.phase == "movement":
        side = actor(app.state)
        scene = app.top
        if getattr(scene, "handoff", None) is not None:
            click(app, (5, 5))  # the hand-off: dismissed, the camera stays
        app.act(StandStill(to_move(app.state, side)[0].id))
        scene._after_action()
        post(app)


def test_hand_offs_and_the_next_phase_keep_the_players_camera() -> None:
    app = _attack_app()
    scene = app.top
    cam = _moved_camera(app)
    _stand_all(app)
    assert isinstance(app.top, AttackScene)
    shown = app.top.view.camera
    assert (shown.x, shown.y, shown.zoom) == (cam.x, cam.y, cam.zoom)
    assert scene.view.camera.zoom == cam.zoom  # the movement screen never zoomed by itself


def test_following_the_action_focuses_the_side_to_act() -> None:
    app = _attack_app(Settings(follow_action=True))
    cam = _moved_camera(app)
    _stand_all(app)
    shown = app.top.view.camera
    assert (shown.x, shown.y) != (cam.x, cam.y)  # it went to the units to declare


def test_q_at_the_end_of_a_path_using_every_mp_says_why() -> None:
    app = new_app()
    scene = ready(app)
    unit = next(u for u in to_move(app.state, "A"))
    click(app, at(scene, unit.at))
    view = scene.plan.reach(app.state)
    full = [h for h, (mp, faces) in view.hexes.items() if mp == view.mp_available and faces]
    assert full, "some hex takes every MP"
    move_to(app, at(scene, full[0]))
    before = scene.plan.facing
    app.toast = None
    key(app, pygame.K_q, uni="q")
    assert scene.plan.facing == before
    assert app.toast is not None and app.toast[0].startswith("No MP left to turn in ")
    assert "1 MP per hexside, MOV-17" in app.toast[0]
