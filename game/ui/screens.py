"""Every screen of the game, imported once so each registers itself by name
(game.ui.scenes). Nothing imports a screen module but this one."""

from __future__ import annotations

from . import (
    attack_scene,
    physical_scene,
    play_deploy,
    play_log,
    play_menu,
    play_over,
    play_scene,
    sandbox_scene,
    start_screen,
)

SCREEN_MODULES = (
    start_screen,
    play_deploy,
    play_scene,
    attack_scene,
    physical_scene,
    play_menu,
    play_over,
    play_log,
    sandbox_scene,
)
