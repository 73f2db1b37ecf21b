"""Scene tests of the play screen's weapon list (issue 25): per weapon its number, chance to
hit and expected damage (finding 1), a weapon assigned to another target named and
coloured, the twist lit (finding 2), the whole reason a weapon cannot fire, wrapped and
on hover (finding 5), the heat forecast's to-hit penalty (finding 6)."""

from __future__ import annotations

import pygame

from game.rules.combat.odds import hit_chance
from game.rules.heat import HeatReport
from game.ui.scenes.hexes.parts.attack.draw import heat_rows
from game.ui.scenes.hexes.parts.attack.odds import (
    OTHER_TARGET,
    percent,
    reason_rows,
    twist_active,
    twist_text,
    volley_rows,
    weapon_row,
)

from .test_attack_scene import at, attack_app, dismiss
from .test_play_scene import click, key, move_to, post


def _aimed():
    app = attack_app()
    scene = dismiss(app)
    click(app, at(scene, app.state.unit("A2").at))
    return app, scene


def test_each_weapon_row_has_its_number_chance_and_expected_damage() -> None:
    app, scene = _aimed()
    opts = scene.options("B2")
    chosen = scene.plan.fire["B2"]
    for w in (w for w in opts.weapons if w.fires):
        text, _ = weapon_row(scene, "B2", w, chosen)
        assert f": {w.target}  {percent(float(hit_chance(w.target)))} ~" in text
        assert text.endswith(" dmg")
    rows = volley_rows(scene, "B2")
    assert rows[0][0].startswith("Volley at B2: expected damage ")
    assert any(r[0].startswith("Chance to breach: ") for r in rows), rows


def test_the_footer_follows_the_weapons_chosen() -> None:
    app, scene = _aimed()
    before = volley_rows(scene, "B2")[0][0]
    key(app, pygame.K_1, uni="1")
    after = volley_rows(scene, "B2")[0][0]
    assert before != after  # one laser fewer: less damage to expect
    for k, uni in ((pygame.K_2, "2"), (pygame.K_3, "3"), (pygame.K_4, "4"), (pygame.K_5, "5")):
        key(app, k, uni=uni)
    assert volley_rows(scene, "B2") == [("No weapon chosen at B2", volley_rows(scene, "B2")[0][1],
                                         False)]  # fmt: skip


def test_a_weapon_assigned_to_another_target_names_it_in_its_own_colour() -> None:
    app, scene = _aimed()
    plan = scene.plan
    plan.fire["B2"].discard(0)
    plan.fire["B1"] = {0}  # (as a secondary target would have it)
    w = scene.options("B2").weapons[0]
    text, colour = weapon_row(scene, "B2", w, plan.fire["B2"])
    assert text.startswith("[>B1] 1 ") and "fires at B1" in text and colour == OTHER_TARGET


def test_the_twist_is_lit_and_named() -> None:
    app, scene = _aimed()
    assert twist_text(scene) == "" and not twist_active(scene, "right")
    key(app, pygame.K_e, uni="e")
    assert scene.plan.twist == 1
    assert twist_text(scene) == " - torso twisted right (CMB-09)"
    assert twist_active(scene, "right") and not twist_active(scene, "left")
    post(app)
    lit = {b.action: b.active for b in scene.buttons}
    assert lit["right"] and not lit["left"]


def test_a_weapon_that_cannot_fire_says_why_in_full_wrapped_and_on_hover() -> None:
    app, scene = _aimed()
    key(app, pygame.K_e, uni="e")  # twisted right: the right-arm lasers lose the target
    post(app)
    opts = scene.options("B2")
    out = [w for w in opts.weapons if not w.can_fire]
    assert out, "the twist should put some weapon out of arc"
    w = out[0]
    text, _ = weapon_row(scene, "B2", w, scene.plan.fire["B2"])
    assert text.endswith(w.why_not)  # never cut at the panel's edge
    rect = next(r for r, i in scene.rows if i == w.index)
    line = pygame.font.Font(None, 10).get_linesize()
    assert rect.h > line  # wrapped over more than one line
    assert reason_rows(w)[1][0] == w.why_not
    move_to(app, rect.center)
    post(app)
    assert scene.hover_row == w.index


def test_the_heat_forecast_names_the_to_hit_penalty() -> None:
    hot = HeatReport("A1", 0, 2, 12, 0, 0, 0, 14, 4, None, None, 0)
    rows = heat_rows(hot)
    assert "walk -2 MP" in rows[1][0] and "+2 to hit" in rows[1][0]  # HEAT-06, HEAT-07
