"""Every screen of the game, imported once so each registers itself by name
(game.ui.app.registry). Nothing imports a screen module but this one."""

from __future__ import annotations

from game.ui.scenes import settings_menu
from game.ui.scenes.hexes import deploy as play_deploy
from game.ui.scenes.hexes import lobby as net_lobby
from game.ui.scenes.hexes import log as play_log
from game.ui.scenes.hexes import menu as play_menu
from game.ui.scenes.hexes import network as network_panel
from game.ui.scenes.hexes import over as play_over
from game.ui.scenes.hexes import start as start_screen
from game.ui.scenes.hexes import summary as turn_summary
from game.ui.scenes.hexes.attack import scene as attack_scene
from game.ui.scenes.hexes.flight import scene as flight_scene
from game.ui.scenes.hexes.movement import scene as play_scene
from game.ui.scenes.hexes.physical import scene as physical_scene
from game.ui.scenes.hexes.sandbox import scene as sandbox_scene
from game.ui.scenes.regiments import scene as regiments_scene
from game.ui.scenes.regiments import start as regiments_start

SCREEN_MODULES = (
    start_screen,
    play_deploy,
    play_scene,
    flight_scene,
    attack_scene,
    physical_scene,
    play_menu,
    network_panel,
    net_lobby,
    play_over,
    play_log,
    regiments_start,
    regiments_scene,
    turn_summary,
    sandbox_scene,
    settings_menu,
)
