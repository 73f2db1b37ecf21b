"""Issue 25, finding 4: the header and the next phase wait for the dice; the dice speed
setting paces them; a click or key finishes them. And the settings overlay that holds the
speed (the menu's Settings), remembered between starts."""

from __future__ import annotations

import json

import pygame

from game.flow import actor
from game.phases.weapons import DeclareFire, to_declare
from game.ui.app.pace import DICE_NOTE
from game.ui.app.settings import Settings, load_settings, save_settings
from game.ui.scenes.hexes.targets import POPUP_SECONDS

from .test_attack_scene import attack_app, dismiss
from .test_play_scene import click, key, post


def _resolving(app):
    """Every unit but the last holds fire; the last fires: the phase resolves."""
    scene = dismiss(app)
    for _ in range(10):
        if len(to_declare(app.state)) <= 1:
            break
        assert app.act(DeclareFire(to_declare(app.state, actor(app.state))[0].id))
    scene.handoff = None
    scene.shown_side = actor(app.state)
    last = to_declare(app.state)[0]
    scene.select(last.id)
    if scene.plan is None or not any(scene.plan.fire.values()):
        scene.plan = None
        scene.select(last.id)
    scene.declare(hold=scene.plan is None)
    return scene


def test_the_banner_names_the_phase_of_the_dice_until_they_are_shown() -> None:
    app = attack_app()
    scene = _resolving(app)
    assert scene.popups, "the resolution shows its dice"
    assert app.state.phase != "weapon attack"  # the game has gone on
    assert scene.dice_banner is not None and scene.dice_banner.endswith(DICE_NOTE)
    assert "Weapon attack" in scene.dice_banner
    key(app, pygame.K_SPACE)  # a key shows every result
    assert not scene.popups and scene.dice_banner is None


def test_the_dice_speed_paces_the_pop_ups() -> None:
    for speed, frames in ((1.0, 12), (4.0, 3)):
        app = attack_app()
        app.settings = Settings(dice_speed=speed)
        scene = _resolving(app)
        count = len(scene.popups)
        assert count > 1
        for _ in range(frames):
            app.step([], POPUP_SECONDS / 12 + 1e-6, draw=False)
        assert len(scene.popups) == count - 1  # one pop-up's time has passed, paced


def test_settings_are_kept_between_starts_and_a_bad_file_gives_the_defaults(tmp_path) -> None:
    path = tmp_path / "settings.json"
    assert load_settings(path) == Settings()
    s = Settings().stepped("follow_action").stepped("dice_speed").stepped("ui_scale")
    assert save_settings(s, path) is None
    assert load_settings(path) == s == Settings(True, 2.0, 1.25, 0.5, False)
    path.write_text(json.dumps({"dice_speed": 3, "ui_scale": "big", "mute": True}))
    assert load_settings(path) == Settings(mute=True)  # what is not valid takes its default
    path.write_text("{not json")
    assert load_settings(path) == Settings()


def test_the_menu_opens_the_settings_and_a_click_steps_one() -> None:
    app = attack_app()
    dismiss(app)
    key(app, pygame.K_ESCAPE)
    b = next(b for b in app.top.buttons if b.action == "settings")
    click(app, b.rect.center)
    assert app.top.scene_name == "settings"
    post(app)
    follow = next(b for b in app.top.buttons if b.action == "follow_action")
    click(app, follow.rect.center)
    assert app.settings.follow_action
    assert load_settings().follow_action  # kept at once ($HEXPLATE_SETTINGS, conftest)
    key(app, pygame.K_ESCAPE)
    assert app.top.scene_name != "settings"
