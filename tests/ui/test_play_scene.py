"""Scene tests of the play screen: events posted to pygame's queue under the dummy driver
(tests/ui/conftest.py), then one frame of the App; the game state must change exactly as
the rules say (CommitMove through game.flow.apply) and never by accident.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.flow import actor
from game.hexgrid import Hex
from game.phases.movers import preview_move
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.attack.scene import AttackScene
from game.ui.scenes.hexes.deploy import DeployScene
from game.ui.scenes.hexes.menu import GameMenu, LoadMenu
from game.ui.scenes.hexes.movement.scene import PlayScene
from game.ui.scenes.hexes.start import StartScreen
from game.ui.scenes.hexes.summary import TurnSummary

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "tests" / "ui" / "data" / "e2e_scenario.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def new_app(scenario: Path | None = SCENARIO, size=(1280, 720)):
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    return make_app(Args(None, scenario, None, size, 7), screen)


def post(app, *events: tuple[int, dict]) -> None:
    """Post events to the queue, then run one frame of the app with them."""
    for kind, attrs in events:
        pygame.event.post(pygame.event.Event(kind, attrs))
    app.step(pygame.event.get(), 1 / 60)


def key(app, k: int, mod: int = 0, uni: str = "") -> None:
    post(app, (pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": uni, "scancode": 0}))


def move_to(app, pos) -> None:
    post(app, (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))


def click(app, pos, button: int = 1) -> None:
    post(
        app,
        (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": button}),
        (pygame.MOUSEBUTTONUP, {"pos": pos, "button": button}),
    )


def at(scene: PlayScene, h: Hex, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    """The window pixel of hex ``h``'s centre, offset by (dx, dy) pixels at 75 % zoom
    (scaled to the zoom now: the starting view fits the whole map)."""
    x, y = scene.view.centre(h)
    k = scene.view.camera.zoom / 0.75
    return round(x + dx * k), round(y + dy * k)


def ready(app) -> PlayScene:
    """The play screen with the hand-off prompt dismissed."""
    scene = app.top
    assert isinstance(scene, PlayScene)
    assert scene.handoff == "A"  # TURN-05: dice 1+1 v 6+6, side A lost and moves first
    click(app, (5, 5))
    assert scene.handoff is None
    return scene


def finish_animation(app) -> None:
    for _ in range(400):
        if getattr(app.top, "anim", None) is None:
            return
        app.step([], 0.1)
    raise AssertionError("animation never ended")


def test_scenario_opens_the_play_screen_with_a_hand_off_prompt():
    app = new_app()
    assert isinstance(app.top, PlayScene)
    assert app.state.phase == "movement"
    before = app.state
    click(app, at(app.top, Hex(5, 9)))  # the click only dismisses the prompt
    assert app.state is before and app.top.plan is None


def test_select_walk_hover_pin_and_enter_commits_the_previewed_path():
    app = new_app()
    scene = ready(app)
    start = app.state.unit("A1")
    click(app, at(scene, start.at))
    assert scene.plan is not None and scene.plan.unit_id == "A1"
    key(app, pygame.K_w, uni="w")
    assert scene.plan.mode == "walk"
    reach = scene.plan.reach(app.state).hexes
    dest = max(reach, key=lambda h: (reach[h][0], h.col, h.row))
    move_to(app, at(scene, dest))
    steps = scene.info["steps"]
    res = scene.info["result"]
    assert res.legal and res.end_at == dest
    click(app, at(scene, dest))  # pins a waypoint: nothing moves
    assert app.state.unit("A1").at == start.at
    assert scene.plan.waypoints and scene.plan.waypoints[-1].at == dest
    key(app, pygame.K_RETURN)
    moved = app.state.unit("A1")
    expected = preview_move(app.state, "A1", "walk", steps)  # what the rules say
    assert moved.at == dest and moved.facing == res.end_facing and moved.moved
    assert app.state.move_record("A1").mp_used == res.mp_used
    assert expected is not None
    finish_animation(app)


def test_a_single_click_never_moves_a_unit_and_right_click_removes_the_waypoint():
    app = new_app()
    scene = ready(app)
    click(app, at(scene, app.state.unit("A1").at))
    reach = scene.plan.reach(app.state).hexes
    dest = next(h for h in reach if reach[h][0] >= 1)
    before = app.state
    click(app, at(scene, dest))
    assert app.state is before
    assert len(scene.plan.waypoints) == 1
    click(app, at(scene, dest), button=3)
    assert scene.plan.waypoints == []
    click(app, at(scene, dest))
    key(app, pygame.K_BACKSPACE)
    assert scene.plan.waypoints == [] and app.state is before


def test_double_click_commits():
    app = new_app()
    scene = ready(app)
    click(app, at(scene, app.state.unit("A1").at))
    reach = scene.plan.reach(app.state).hexes
    dest = next(h for h in sorted(reach) if reach[h][0] == 2)
    click(app, at(scene, dest))
    click(app, at(scene, dest))
    assert app.state.unit("A1").at == dest


def test_illegal_destination_is_not_shaded_and_says_why():
    app = new_app()
    scene = ready(app)
    click(app, at(scene, app.state.unit("A1").at))
    reach = scene.plan.reach(app.state).hexes
    far = Hex(12, 9)
    assert far not in reach
    move_to(app, at(scene, far))
    assert scene.info.get("error")
    occupied = app.state.unit("A2").at
    move_to(app, at(scene, occupied))
    assert occupied not in reach
    assert "one Mech per hex (MOV-34)" in scene.info["error"]  # the hover says why (MOV-34)
    before = app.state
    key(app, pygame.K_RETURN)
    assert app.state is before  # nothing to commit


def test_mouse_angle_and_wheel_choose_the_facing_among_reachable_ones():
    app = new_app()
    scene = ready(app)
    click(app, at(scene, app.state.unit("A1").at))
    reach = scene.plan.reach(app.state).hexes
    dest = next(h for h in sorted(reach) if len(reach[h][1]) >= 3)
    move_to(app, at(scene, dest, 0, -20))
    first = scene.plan.facing
    assert first in reach[dest][1]
    post(app, (pygame.MOUSEWHEEL, {"x": 0, "y": -1, "flipped": False}))
    assert scene.plan.locked and scene.plan.facing in reach[dest][1]
    assert scene.plan.facing != first
    assert scene.info["result"].end_facing == scene.plan.facing


def test_run_path_shows_the_skid_roll_marker_and_commit_rolls_it():
    app = new_app()
    scene = ready(app)
    click(app, at(scene, app.state.unit("A2").at))
    key(app, pygame.K_r, uni="r")
    dest = Hex(11, 14)  # 1215: running turn on pavement (PSR-22)
    assert dest in scene.plan.reach(app.state).hexes
    move_to(app, at(scene, dest))
    res = scene.info["result"]
    assert res.psrs and scene.path_layer.markers
    mx, my, _, psr = scene.path_layer.markers[0]
    assert psr is res.psrs[0]
    key(app, pygame.K_RETURN)
    kinds = [e.event.kind for e in app.state.log]
    assert "psr" in kinds
    assert scene.anim is not None and any(k == "popup" for k, _ in scene.anim.items)
    hurt = any(e.event.kind in ("fall", "damage", "skid") for e in app.state.log)
    finish_animation(app)
    assert bool(scene.marks) == hurt
    if hurt:  # shown over the unit where it ended
        assert scene.marks[0][0] == app.state.unit("A2").at


def test_stand_still_and_prone_are_actions():
    app = new_app()
    scene = ready(app)
    click(app, at(scene, app.state.unit("A2").at))
    key(app, pygame.K_p, uni="p")
    finish_animation(app)
    assert app.state.unit("A2").prone and app.state.unit("A2").moved
    assert actor(app.state) == "B"  # TURN-08: the sides alternate
    click(app, (5, 5))
    click(app, at(scene, app.state.unit("B1").at))
    key(app, pygame.K_s, uni="s")
    assert app.state.unit("B1").moved and app.state.move_record("B1").mode == "stand"


def test_hand_off_after_a_move_and_esc_clears_then_opens_the_menu():
    app = new_app()
    scene = ready(app)
    click(app, at(scene, app.state.unit("A1").at))
    key(app, pygame.K_s, uni="s")
    assert actor(app.state) == "B" and scene.handoff == "B"
    click(app, (5, 5))
    click(app, at(scene, app.state.unit("B1").at))
    assert scene.plan.unit_id == "B1"
    key(app, pygame.K_ESCAPE)
    assert scene.plan is None and app.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, GameMenu)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_save_and_a_damaged_save_keeps_the_game_going(tmp_path):
    app = new_app()
    ready(app)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    saved = tmp_path / "saves" / "quicksave.json"
    assert json.loads(saved.read_text())["version"] == 6
    (tmp_path / "saves" / "broken.json").write_text("{not json")
    import os

    os.utime(tmp_path / "saves" / "broken.json", (2e9, 2e9))  # newest: listed first
    state = app.state
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    assert isinstance(app.top, LoadMenu)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, LoadMenu) and app.top.error
    assert "broken.json" in app.top.error
    assert app.state is state
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PlayScene)


def test_help_overlay_opens_with_f1_and_closes_with_any_key():
    app = new_app()
    scene = ready(app)
    key(app, pygame.K_F1)
    assert scene.help
    key(app, pygame.K_a, uni="a")
    assert not scene.help


def test_start_screen_then_deployment_then_movement():
    app = new_app(None)
    assert isinstance(app.top, StartScreen)
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, DeployScene)
    for _ in range(8):
        if not isinstance(app.top, DeployScene):
            break
        scene = app.top
        click(app, (5, 5))  # hand-off prompt
        hexes = sorted(scene.legal())
        h = hexes[len(hexes) // 2]
        click(app, at(scene, h))
        assert any(u.at == h for u in app.state.units)
    assert isinstance(app.top, PlayScene)
    assert app.state.phase == "movement"
    assert all(u.at.col >= 0 for u in app.state.units)


def test_window_resize_keeps_the_layout_valid():
    app = new_app()
    ready(app)
    pygame.display.set_mode((1920, 1080))
    post(app, (pygame.VIDEORESIZE, {"size": (1920, 1080), "w": 1920, "h": 1080}))
    assert app.top.layout.map.w > 1000
    assert app.top.view.camera.view[2] == app.top.layout.map.w


@pytest.mark.parametrize("map_name", ["city", "default", "grassland", "harbour", "river"])
def test_two_turns_of_movement_on_every_bundled_map(map_name):
    """Start screen -> deployment by clicks -> two turns where every unit walks to the
    far end of its reach (or stands still if it has none), all through the mouse/keys."""
    app = new_app(None)
    start = app.top
    start.choose(f"map:{[p.stem for p in start.maps].index(map_name)}")
    key(app, pygame.K_RETURN)
    while isinstance(app.top, DeployScene):
        scene = app.top
        click(app, (5, 5))
        hexes = sorted(scene.legal(), key=lambda h: (h.row, h.col))
        click(app, at(scene, hexes[len(hexes) // 2]))
    assert isinstance(app.top, PlayScene)
    fired = 0
    for _ in range(80):
        if app.state.turn > 2:
            break
        scene = app.top
        if isinstance(scene, TurnSummary):  # the end-of-turn summary: read, go on
            key(app, pygame.K_SPACE)
            continue
        if scene.handoff is not None:
            click(app, (5, 5))
        if isinstance(scene, AttackScene):  # every unit fires all it can, or holds fire
            fired += fire_or_hold(app, scene)
            continue
        unit = scene.movable()[0]
        scene.view.centre_on(unit.at)
        click(app, at(scene, unit.at))
        assert scene.plan is not None and scene.plan.unit_id == unit.id
        reach = {h: v for h, v in scene.plan.reach(app.state).hexes.items() if h != unit.at}
        before = len(app.state.history)
        if reach:
            dest = max(reach, key=lambda h: (reach[h][0], h.col, h.row))
            move_to(app, at(scene, dest))
            key(app, pygame.K_RETURN)
            finish_animation(app)
        if len(app.state.history) == before:  # nowhere legal to go: stand still
            key(app, pygame.K_s, uni="s")
        assert len(app.state.history) > before
        check_positions(app.state)
    assert app.state.turn > 2, "two full turns of movement and weapon attacks"


def fire_or_hold(app, scene) -> int:
    """Select the next unit to declare (N), then Enter (fire at the best target) or H."""
    before = len(app.state.history)
    key(app, pygame.K_n, uni="n")
    plan = scene.plan
    firing = plan is not None and any(plan.fire.values())
    key(app, pygame.K_RETURN if firing else pygame.K_h, uni="" if firing else "h")
    assert len(app.state.history) > before  # the declaration (and the next turn's roll)
    while app.top is scene and scene.popups:
        click(app, (5, 5))  # skip the dice
    post(app)  # the next phase's screen takes over
    return int(firing)


def check_positions(state) -> None:
    spots = [u.at for u in state.units]
    assert len(spots) == len(set(spots))
    assert all(state.board.contains(h) for h in spots)


def test_bad_command_lines_are_one_sentence_and_exit_2(tmp_path, capsys):
    from game.cli import main

    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert main(["play", "--load", str(broken)]) == 2
    one_side = REPO / "tests" / "scenarios" / "building_enter.json"
    assert main(["play", "--scenario", str(one_side)]) == 2
    assert main(["play", str(tmp_path / "missing.tmx")]) == 2
    err = capsys.readouterr().err
    assert "side B has no units" in err and "broken.json" in err and "missing.tmx" in err


def test_a_waypoint_routes_the_path_through_it():
    app = new_app()
    scene = ready(app)
    unit = app.state.unit("A2")
    click(app, at(scene, unit.at))
    reach = scene.plan.reach(app.state).hexes
    via = next(h for h in sorted(reach) if reach[h][0] == 2 and h != unit.at)
    move_to(app, at(scene, via))
    click(app, at(scene, via))
    assert [w.at for w in scene.plan.waypoints] == [via]
    after = scene.plan.reach(app.state).hexes
    assert all(mp >= scene.plan.waypoints[0].mp for mp, _ in after.values())
    dest = max((h for h in after if h != via), key=lambda h: (after[h][0], h.col, h.row))
    move_to(app, at(scene, dest))
    res = scene.info["result"]
    assert res.legal, scene.info.get("error")
    passed = [r.state_after.at for r in res.reports]
    assert via in passed and passed[-1] == dest
    key(app, pygame.K_RETURN)
    assert app.state.unit("A2").at == dest
    assert app.state.move_record("A2").mp_used == res.mp_used


def test_jump_mode_shades_and_commits_a_jump():
    app = new_app()
    scene = ready(app)
    click(app, at(scene, app.state.unit("A2").at))
    key(app, pygame.K_j, uni="j")
    assert scene.plan.mode == "jump"
    reach = scene.plan.reach(app.state).hexes
    dest = max(reach, key=lambda h: (reach[h][0], h.col, h.row))
    move_to(app, at(scene, dest))
    assert scene.info["result"].legal and scene.info["steps"][0].startswith("J:")
    key(app, pygame.K_RETURN)
    assert app.state.unit("A2").at == dest
    assert app.state.move_record("A2").mode == "jump"
    finish_animation(app)
    click(app, (5, 5))  # B's prompt
    click(app, at(scene, app.state.unit("B2").at))
    key(app, pygame.K_j, uni="j")  # B2 has no jump MP: refused, still walking
    assert scene.plan.mode == "walk"


def test_autosave_at_each_phase_change(tmp_path):
    app = new_app()
    ready(app)
    auto = tmp_path / "saves" / "autosave.json"
    assert json.loads(auto.read_text())["snapshot"]["phase"] == "movement"
