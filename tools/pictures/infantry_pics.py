"""The infantry combat picture (docs/infantry.md): a rifle platoon just hit, its troopers
on its counter and on its record sheet, the log telling the hits in troopers
(CMB-39..42)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.rules.turn import Phase

from .combat_pics import _attack_screen, _each_unit
from .drive import centre, click, handed_over, play_app, point, save, settle, zoom_to

HIT = Path(__file__).with_name("infantry_hit_scenario.json")
PLATOON, KICKER = "A2", "B2"
KICK_ROW = 2  # punch LA, punch RA, kick LL


def platoon_hit(out: Path) -> None:
    """infantry-hit.png: turn 1 after the weapon attacks (everybody stood still and fired
    at its default target): the Commando's hits on the jump platoon A2 in troopers in the
    log, the troopers left on the counters; the Commando selected for the physical
    attack phase, the pointer on its kick at the platoon (CMB-44)."""
    app = play_app(HIT)
    _attack_screen(app)
    _each_unit(app, Phase.WEAPON_ATTACK, (pygame.K_RETURN, ""))
    for _ in range(20):  # the weapon attacks resolve; the physical attack screen opens
        if type(app.top).__name__ == "PhysicalScene":
            break
        click(app, (5, 5))
    scene = handed_over(app)
    settle(app)
    zoom_to(scene, 1.0, app.state.unit(PLATOON).at)
    click(app, centre(scene, app.state.unit(KICKER).at))
    rect, _ = scene.rows[KICK_ROW]
    point(app, rect.center)
    save(app, out)
