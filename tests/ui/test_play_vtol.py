"""Scene tests of the movement screen with real key and mouse events: a VTOL's altitude
(ADV-25: B rises, V descends and lands, the panel and the tip say where it flies), and a
vehicle pointing at an enemy tank's hex (MOV-35): the move into it is shown, the charge is
offered beside it and C shows it, distinguishable by its title."""

from __future__ import annotations

import pygame

from game.hexgrid import parse_hex_name
from game.phases.actions import CommitMove
from game.ui.map.overlays import depth_marks
from game.ui.widgets import record_sheet
from game.ui.widgets.panels import summary_rows
from game.ui.widgets.unit_tip import tip_rows

from .test_play_scene import REPO, at, click, finish_animation, key, move_to, new_app, ready

VTOL = REPO / "tests" / "ui" / "data" / "vtol_scenario.json"


def test_adv_25_b_rises_v_descends_and_the_committed_move_keeps_the_altitude(tmp_path) -> None:
    app = new_app(VTOL)
    scene = ready(app)
    start = app.state.unit("A1")
    assert start.flying_height == 1
    click(app, at(scene, start.at))
    assert scene.plan is not None and scene.plan.unit_id == "A1"
    key(app, pygame.K_b, uni="b")
    key(app, pygame.K_b, uni="b")  # nothing pointed at: the climb is planned in place
    assert scene.plan.altitude == 3 and scene.info["steps"] == ("RS", "RS")
    dest = parse_hex_name("0504")
    move_to(app, at(scene, dest))
    res = scene.info["result"]
    steps = scene.info["steps"]
    assert res.legal and steps[-2:] == ("RS", "RS") and res.end_altitude == 3
    assert any("at altitude 3" in row[0] for row in summary_rows(scene.info))
    assert set(depth_marks(res).values()) == {"altitude 3 (4 MP)"}
    app.step([], 1 / 60)
    labels = {b.action: b.label for b in scene.buttons}
    assert labels.get("dive") == "Descend (V)" and labels.get("rise") == "Rise (B)"
    pygame.image.save(app.screen, str(tmp_path / "vtol-altitude.png"))
    key(app, pygame.K_RETURN)
    a = app.state.history[-1]
    assert isinstance(a, CommitMove) and a.steps == steps
    finish_animation(app)
    u = app.state.unit("A1")
    assert u.at == dest and u.flying_height == 3
    assert any("flying at altitude 3" in row[0] for row in tip_rows(app.state, u))
    lines: list[str] = []
    sheet = record_sheet.Sheet(app.state, u, 300, 14)
    sheet.line = lambda text, *a, **k: lines.append(text)  # type: ignore[method-assign]
    record_sheet.movement(sheet)
    assert "Flying at altitude 3 (B/V: 1 MP a level)" in lines


def test_adv_28_v_lands_only_where_a_vtol_may_come_down() -> None:
    app = new_app(VTOL)
    scene = ready(app)
    start = app.state.unit("A1")
    click(app, at(scene, start.at))
    woods = parse_hex_name("0604")  # light woods
    move_to(app, at(scene, woods))
    key(app, pygame.K_v, uni="v")
    assert scene.plan.altitude is None and "woods" in app.toast[0]
    clear = parse_hex_name("0505")
    move_to(app, at(scene, clear))
    key(app, pygame.K_v, uni="v")
    assert scene.plan.altitude == 0 and scene.info["steps"][-1] == "DV"
    assert scene.info["result"].legal and any("landed" in r[0] for r in summary_rows(scene.info))


def test_mov_35_pointing_at_an_enemy_tank_shows_the_move_and_offers_the_charge(
    tmp_path,
) -> None:
    app = new_app(VTOL)
    scene = ready(app)
    mech, tank, foe = (app.state.unit(i) for i in ("A3", "A2", "B2"))
    assert foe.moved  # the scenario says so: it may be charged (PHY-10)
    click(app, at(scene, mech.at))
    assert scene.plan is not None and scene.plan.unit_id == "A3"
    move_to(app, at(scene, foe.at))
    assert scene.attack is None, "the move into the hex is shown, not a charge"
    res = scene.info["result"]
    assert res.legal and res.end_at == foe.at
    assert "A3 moves into B2's hex: it stops there (MOV-35)" in scene.info["title"]
    assert "C: charge B2 instead" in str(scene.info.get("offer"))
    assert any("C: charge B2" in row[0] for row in summary_rows(scene.info))
    app.step([], 1 / 60)
    pygame.image.save(app.screen, str(tmp_path / "enemy-hex-move.png"))
    key(app, pygame.K_c, uni="c")  # the charge instead
    assert scene.attack is not None and scene.attack.kind == "charge"
    assert scene.info["title"].startswith("A3 charges B2")
    move_to(app, at(scene, mech.at))  # elsewhere, then back: the move again
    move_to(app, at(scene, foe.at))
    assert scene.attack is None and scene.info["result"].end_at == foe.at
    # a vehicle makes no physical attacks (PHY-01): only the move is offered
    click(app, at(scene, tank.at))
    assert scene.plan is not None and scene.plan.unit_id == "A2"
    move_to(app, at(scene, foe.at))
    assert scene.attack is None and scene.info.get("offer") is None
    assert scene.info["result"].legal and scene.info["result"].end_at == foe.at
    key(app, pygame.K_c, uni="c")  # nothing to charge with: the move stays shown
    assert scene.attack is None
    key(app, pygame.K_RETURN)
    a = app.state.history[-1]
    assert isinstance(a, CommitMove) and a.unit_id == "A2"
    finish_animation(app)
    assert app.state.unit("A2").at == foe.at


def test_adv_25_the_reach_shown_is_the_one_left_after_the_altitude_change() -> None:
    """The shading follows the altitude the path ends at: climbing 4 levels costs 4 of the
    8 MP, so only the hexes 4 MP away stay; planned to land, no woods; a landed VTOL
    reaches the hexes it can fly to after rising (1 MP)."""
    from dataclasses import replace

    from game.hexgrid import distance
    from game.ui.scenes.hexes.move_plan import Plan

    app = new_app(VTOL)
    state = app.state
    u = state.unit("A1")
    level = Plan("A1").reach(state).hexes
    climb = Plan("A1", altitude=5)  # 4 levels up: 4 MP
    high = climb.reach(state).hexes
    assert set(high) < set(level) and max(mp for mp, _ in high.values()) <= 8
    assert all(mp - 4 == level[h][0] for h, (mp, _) in high.items() if h != u.at)
    assert all(distance(h, u.at) <= 4 for h in high)
    woods = parse_hex_name("0604")
    assert woods in level and woods not in Plan("A1", altitude=0).reach(state).hexes
    down = replace(state, units=tuple(replace(o, landed=True) if o.id == "A1" else o
                                      for o in state.units))  # fmt: skip
    rising = Plan("A1")
    grounded = rising.reach(down).hexes
    far = max(grounded, key=lambda h: grounded[h][0])
    steps = rising.steps_to(down, far, grounded[far][1][0])
    assert steps is not None and "RS" in steps and rising.preview(down, steps).legal
    assert len(grounded) > 1 and all(mp - 1 == level[h][0] for h, (mp, _) in grounded.items()
                                     if h != u.at)  # fmt: skip
