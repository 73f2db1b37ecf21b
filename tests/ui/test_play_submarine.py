"""Scene test of the submarine controls (ADV-25) on the movement screen, with real key and
mouse events: V dives, the path runs along the river at that depth, B surfaces again, and
what is committed is what the preview showed; the panel, the tip and the counter show the
depth."""

from __future__ import annotations

import pygame

from game.hexgrid import distance
from game.phases.actions import CommitMove
from game.ui.map.overlays import depth_marks
from game.ui.widgets import record_sheet
from game.ui.widgets.unit_tip import tip_rows

from .test_play_scene import REPO, at, click, finish_animation, key, move_to, new_app, ready

SUBS = REPO / "tests" / "ui" / "data" / "submarine_scenario.json"


def test_adv_25_v_dives_the_path_runs_down_the_river_and_b_surfaces(tmp_path) -> None:
    app = new_app(SUBS)
    scene = ready(app)
    start = app.state.unit("A1")
    click(app, at(scene, start.at))
    assert scene.plan is not None and scene.plan.unit_id == "A1"
    key(app, pygame.K_r, uni="r")  # flank speed: 9 MP (ADV-24: allowed in water)
    key(app, pygame.K_v, uni="v")
    key(app, pygame.K_v, uni="v")  # no hex pointed at yet: the dive is planned in place
    assert scene.plan.depth == 2 and scene.info["steps"] == ("DV", "DV")
    assert depth_marks(scene.info["result"]) == {start.at: "depth 2 (2 MP)"}
    view = scene.plan.reach(app.state)
    room = scene.plan.reach(app.state).mp_available - 2  # MP left to surface again
    deep = [
        h
        for h, (_, fs) in view.hexes.items()
        if h != start.at and any((e := view.search.at_depth(h, f, 2)) and e[0] <= room for f in fs)
    ]
    assert deep, "depth 2+ water down the river"
    dest = max(deep, key=lambda h: (distance(start.at, h), h.col, h.row))
    assert distance(start.at, dest) >= 3
    move_to(app, at(scene, dest))
    res = scene.info["result"]
    assert res.legal and res.end_depth == 2 and scene.info["steps"].count("DV") == 2
    spent = res.mp_used
    assert spent <= room and res.hexes_moved == distance(start.at, dest)
    click(app, at(scene, dest))  # a waypoint down the river, at depth 2
    assert scene.plan.waypoints and scene.plan.waypoints[-1].depth == 2
    key(app, pygame.K_b, uni="b")
    key(app, pygame.K_b, uni="b")
    steps = scene.info["steps"]
    assert scene.plan.depth == 0 and steps[-2:] == ("RS", "RS")
    assert scene.info["result"].legal and scene.info["result"].mp_used == spent + 2
    assert depth_marks(scene.info["result"])[dest] == f"surface ({spent + 2} MP)"
    key(app, pygame.K_b, uni="b")  # on the surface already: nothing changes
    assert scene.plan.depth == 0 and "surface" in app.toast[0]
    app.step([], 1 / 60)
    assert {"dive", "rise"} <= {b.action for b in scene.buttons}
    key(app, pygame.K_RETURN)
    a = app.state.history[-1]
    assert isinstance(a, CommitMove) and (a.mode, a.steps) == ("run", steps)
    finish_animation(app)
    u = app.state.unit("A1")
    assert u.at == dest and u.depth == 0
    pygame.image.save(app.screen, str(tmp_path / "submarine.png"))


def test_adv_25_a_submerged_submarine_shows_its_depth_on_the_sheet_and_the_tip(
    monkeypatch,
) -> None:
    app = new_app(SUBS)
    ready(app)
    b2 = app.state.unit("B2")
    assert b2.submerged
    assert any("submerged, depth 2" in row[0] for row in tip_rows(app.state, b2))
    lines: list[str] = []
    monkeypatch.setattr(record_sheet.Sheet, "line", lambda self, text, *a, **k: lines.append(text))
    record_sheet.movement(record_sheet.Sheet(app.state, b2, 300, 14))
    assert any("Submerged, depth 2" in text for text in lines)
    record_sheet.movement(record_sheet.Sheet(app.state, app.state.unit("A1"), 300, 14))
    assert "On the surface (depth 0)" in lines


def test_v_and_b_refuse_a_unit_that_is_no_submarine() -> None:
    app = new_app(SUBS)
    scene = ready(app)
    click(app, at(scene, app.state.unit("A2").at))
    before = app.state
    key(app, pygame.K_v, uni="v")
    assert app.state is before and scene.plan.depth is None
    assert "Only submarines" in app.toast[0]


def test_adv_25_diving_the_sides_last_fighting_unit_is_said_before_it_is_committed(
    tmp_path,
) -> None:
    import json

    from game.ui.widgets.panels import summary_rows

    data = json.loads(SUBS.read_text())
    data["units"] = [u for u in data["units"] if u["id"] != "A2"]  # A1, the sub, alone
    data["board"]["file"] = str(REPO / data["board"]["file"])
    lonely = tmp_path / "lonely.json"
    lonely.write_text(json.dumps(data))
    app = new_app(lonely)
    scene = ready(app)
    click(app, at(scene, app.state.unit("A1").at))
    key(app, pygame.K_v, uni="v")
    assert scene.info["result"].end_depth == 1 and scene.info.get("alone_below") == "A"
    texts = [row[0] for row in summary_rows(scene.info)]
    assert any("leaves side A nothing in the fight" in t for t in texts)
    key(app, pygame.K_b, uni="b")  # back on the surface: no warning
    assert "alone_below" not in scene.info
