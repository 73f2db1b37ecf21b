"""Every screen of the game, imported once so each registers itself by name
(game.ui.scenes). Nothing imports a screen module but this one."""

from __future__ import annotations

from . import (
    attack_scene,
    flight_scene,
    physical_scene,
    play_deploy,
    play_log,
    play_menu,
    play_over,
    play_scene,
    regiments_scene,
    regiments_start,
    sandbox_scene,
    settings_menu,
    start_screen,
    turn_summary,
)

SCREEN_MODULES = (
    start_screen,
    play_deploy,
    play_scene,
    flight_scene,
    attack_scene,
    physical_scene,
    play_menu,
    play_over,
    play_log,
    regiments_start,
    regiments_scene,
    turn_summary,
    sandbox_scene,
    settings_menu,
)
