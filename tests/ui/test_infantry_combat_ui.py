"""Platoons in the play screens (issue 27, CMB-39..44): a turn of fire through the real
scenes with pygame events (the infantry-hit picture's scenario), then the log in troopers,
the physical attack screen's kick at a platoon, the record sheet, the hover tip and the
counter's troopers badge."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tools")]

from pictures import infantry_pics  # noqa: E402
from pictures.combat_pics import _attack_screen, _each_unit  # noqa: E402
from pictures.drive import click, handed_over, play_app  # noqa: E402

from game.rules.turn import Phase  # noqa: E402
from game.ui.map.sprites import counter_size, draw_unit, troopers_badge  # noqa: E402
from game.ui.widgets.record_sheet import record_sheet, sheet_lines, troopers_bar  # noqa: E402
from game.ui.widgets.unit_tip import tip_rows  # noqa: E402
from game.units.platoon import platoon  # noqa: E402


def _after_fire():
    app = play_app(infantry_pics.HIT)
    _attack_screen(app)
    _each_unit(app, Phase.WEAPON_ATTACK, (pygame.K_RETURN, ""))
    for _ in range(20):
        if type(app.top).__name__ == "PhysicalScene":
            break
        click(app, (5, 5))
    return app, handed_over(app)


def test_a_turn_of_fire_at_platoons_through_the_screens() -> None:
    app, scene = _after_fire()
    s = app.state
    a2, b1 = s.unit("A2"), s.unit("B1")
    assert a2.platoon.troopers < 21 and b1.platoon.troopers < 28  # both platoons were hit
    texts = [e.event.text for e in s.log if e.event.kind == "damage"]
    assert any(f"troopers 21 -> {t}" in x for x in texts for t in range(21))
    assert any("fires Rifle" in e.event.text for e in s.log if e.event.kind == "shot")
    assert sheet_lines(a2) == [f"A2 troopers {a2.platoon.troopers}/21"]
    assert f"{a2.platoon.troopers} of 21 troopers" in tip_rows(s, a2)[-1][0]
    from pictures.drive import centre

    click(app, centre(scene, s.unit(infantry_pics.KICKER).at))
    app.draw()
    opts = scene.attacks(scene.plan.target)
    kick = opts[infantry_pics.KICK_ROW]
    assert scene.plan.target == "A2" and kick.blow.kind == "kick" and kick.attacks
    assert kick.table is None and kick.damage == 1  # light woods: not doubled (CMB-40)
    punch = opts[0]
    assert not punch.can_attack and "CMB-44" in punch.why_not
    sheet = record_sheet(s, a2, 300, 14)
    assert sheet.get_width() == 300 and sheet.get_height() > 100


def test_the_counter_badge_and_the_sheet_bar_show_the_troopers() -> None:
    pygame.font.init()
    full, hurt, few = (
        troopers_badge(28, 28, 15),
        troopers_badge(20, 28, 15),
        troopers_badge(5, 28, 15),
    )
    centre = (full.get_width() // 2, full.get_height() // 2)
    assert full.get_at(centre)[:3] != hurt.get_at(centre)[:3] != few.get_at(centre)[:3]
    assert troopers_bar(20, 28) == "#" * 20 + "." * 8
    assert troopers_bar(0, 21) == "." * 21
    from game.designs.roster import make_unit
    from game.hexgrid import Hex

    u = make_unit("INF-R", "B1", "B", at=Hex(3, 3))
    screens = []
    for who in (u, replace(u, platoon=platoon(9, full=28))):
        surf = pygame.Surface((200, 200), pygame.SRCALPHA)
        draw_unit(surf, who, (100, 100), 1.0, label=False)
        screens.append(pygame.image.tobytes(surf, "RGBA"))
    assert screens[0] != screens[1]  # the badge changes with the troopers left
    assert counter_size(1.0) > 40
