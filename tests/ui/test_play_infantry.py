"""Scene tests of infantry on the play screen (MOV-29, issue 14): real clicks and keys
under the dummy driver. A jump platoon picked on the start screen of a hot-seat game
jumps the river of the river map; it never lands in depth 1+ water (not shaded, and the
hover says why); a foot platoon walks with free turns and climbs one level, not two; no
platoon shows a facing arrow."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.hexgrid import Hex, parse_hex_name
from game.phases.deployment import deploying_side, undeployed
from game.ui.scenes.hexes.attack.scene import AttackScene
from game.ui.scenes.hexes.deploy import DeployScene
from game.ui.scenes.hexes.movement.scene import PlayScene
from game.ui.scenes.hexes.sandbox.editor import editor_lines
from game.ui.scenes.hexes.start import StartScreen
from game.ui.scenes.hexes.summary import TurnSummary
from game.ui.widgets.panels import summary_rows
from game.ui.widgets.unit_tip import tip_rows

from .test_play_scene import click, finish_animation, fire_or_hold, key, move_to, new_app, post
from .test_sandbox_scene import button as sandbox_button
from .test_sandbox_scene import sandbox_app

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "tests" / "ui" / "data" / "infantry_scenario.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def centre(scene, h: Hex) -> tuple[int, int]:
    x, y = scene.view.centre(h)
    return round(x), round(y)


def press(app, name: str) -> None:
    key(app, getattr(pygame, f"K_{name}"), uni=name)


def button(app, action: str) -> tuple[int, int]:
    """The centre of the start screen's button for ``action``, scrolling the roster with
    the wheel until it shows (the wheel scrolls the list under the mouse, so the mouse is
    moved onto the roster first)."""
    for i in range(60):
        app.draw()
        hit = next((b for b in app.top.buttons if b.action == action), None)
        if hit is not None:
            return hit.rect.center
        roster = next(b for b in app.top.buttons if b.action.startswith("add:"))
        up = 1 if i >= 30 else -1  # down the list first, then back up
        post(
            app,
            (pygame.MOUSEMOTION, {"pos": roster.rect.center, "rel": (0, 0), "buttons": (0, 0, 0)}),
            (pygame.MOUSEWHEEL, {"x": 0, "y": up, "flipped": False}),
        )
    raise AssertionError(f"no button {action}")


def test_the_start_screen_lists_the_platoons_and_accepts_a_side_of_infantry_alone():
    app = new_app(None)
    start = app.top
    assert isinstance(start, StartScreen)
    click(app, button(app, "del:A,0,0"))
    click(app, button(app, "del:A,0,0"))
    click(app, button(app, "add:A,INF-J"))
    click(app, button(app, "add:A,INF-R"))
    assert [u[0] for u in start.forces["A"]] == ["INF-J", "INF-R"]
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, DeployScene)  # platoons fight (CMB-42): a side of its own


def hot_seat_on_the_river(app):
    """Start screen: the river map; side A a Jenner and a jump platoon. Deployment by
    clicks: the platoon on the zone's north-east corner, everything else mid-zone."""
    start = app.top
    click(app, button(app, f"map:{[p.stem for p in start.maps].index('river')}"))
    click(app, button(app, "del:A,0,0"))  # the Hunchback goes, the Jenner stays
    click(app, button(app, "add:A,INF-J"))
    key(app, pygame.K_RETURN)
    while isinstance(app.top, DeployScene):
        scene = app.top
        click(app, (5, 5))  # the hand-off prompt
        hexes = sorted(scene.legal(), key=lambda h: (h.row, h.col))
        unit = undeployed(app.state, deploying_side(app.state))[0]
        h = Hex(2, 1) if unit.jump_infantry else hexes[len(hexes) // 2]
        click(app, centre(scene, h))
        assert app.state.unit(unit.id).at == h
    assert isinstance(app.top, PlayScene)


def jump_platoon_turn(app, scene, unit) -> Hex:
    """Select the platoon, J, point at the shaded hex furthest east (nearest its own row)
    and commit with Enter; no hex of the river is shaded. Returns where it landed."""
    click(app, centre(scene, unit.at))
    press(app, "j")
    assert scene.plan.mode == "jump"
    reach = scene.plan.reach(app.state).hexes
    water = app.state.board.water
    assert all(water[h.row, h.col] < 1 for h in reach)  # MOV-29: no landing in the river
    dest = max(reach, key=lambda h: (h.col, -abs(h.row - unit.at.row)))
    move_to(app, centre(scene, dest))
    assert scene.info["result"].legal and scene.info["steps"][0].startswith("J:")
    assert scene.info["no_facing"] and scene.info["facing"] is None  # MOV-16
    key(app, pygame.K_RETURN)
    finish_animation(app)
    assert app.state.unit(unit.id).at == dest
    assert app.state.move_record(unit.id).mode == "jump"
    return dest


def test_a_jump_platoon_picked_in_a_hot_seat_game_jumps_over_the_river():
    app = new_app(None)
    hot_seat_on_the_river(app)
    landed: list[Hex] = []
    for _ in range(120):
        if len(landed) == 2 or app.state.turn > 3:
            break
        scene = app.top
        if isinstance(scene, TurnSummary):
            key(app, pygame.K_SPACE)
            continue
        if scene.handoff is not None:
            click(app, (5, 5))
        if isinstance(scene, AttackScene):
            fire_or_hold(app, scene)
            continue
        unit = scene.movable()[0]
        scene.view.centre_on(unit.at)
        if unit.jump_infantry:
            landed.append(jump_platoon_turn(app, scene, unit))
            continue
        click(app, centre(scene, unit.at))
        press(app, "s")  # everybody else stands still
    assert len(landed) == 2
    river = app.state.board.water
    crossed = range(landed[0].col + 1, landed[1].col)
    row = landed[1].row
    assert any(river[row, c] >= 1 for c in crossed), "the second jump clears deep water"
    assert landed[1].col >= 7  # the east bank of the river's northern reach


def ready(app) -> PlayScene:
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.handoff == "A"
    click(app, (5, 5))
    return scene


def test_mov_29_the_jump_platoon_may_not_land_in_water_and_the_hover_says_why():
    app = new_app(SCENARIO)
    scene = ready(app)
    a2 = app.state.unit("A2")
    click(app, centre(scene, a2.at))
    press(app, "j")
    reach = scene.plan.reach(app.state).hexes
    for name, depth in (("0608", 1), ("0708", 2)):
        h = parse_hex_name(name)
        assert h not in reach  # not shaded
        move_to(app, centre(scene, h))
        assert f"may not land in depth {depth} water (MOV-29)" in scene.info["error"]
        key(app, pygame.K_RETURN)
        assert app.state.unit("A2").at == a2.at  # nothing committed
    far = parse_hex_name("0808")
    assert far in reach
    move_to(app, centre(scene, far))
    key(app, pygame.K_RETURN)
    finish_animation(app)
    assert app.state.unit("A2").at == far


def test_mov_13_a_foot_platoon_climbs_one_level_with_free_turns_and_not_two():
    app = new_app(SCENARIO)
    scene = ready(app)
    a1 = app.state.unit("A1")
    click(app, centre(scene, a1.at))
    assert scene.plan.mode == "walk"
    reach = scene.plan.reach(app.state).hexes
    up1, up2 = parse_hex_name("0504"), parse_hex_name("0605")
    board = app.state.board
    assert board.level[up1.row, up1.col] == 1 and board.level[up2.row, up2.col] == 2
    assert up2 not in reach  # two levels in one hex: prohibited for infantry (MOV-13)
    move_to(app, centre(scene, up2))
    assert scene.info.get("error")
    behind = parse_hex_name("0506")  # straight south: no turn costs anything (MOV-16)
    assert behind in reach and up1 in reach  # up one level: minimum movement (MOV-20)
    move_to(app, centre(scene, up1))
    res = scene.info["result"]
    assert res.legal and scene.info["facing"] is None
    said = [r[0] for r in _summary(scene)]
    assert "No facing (infantry): turns are free" in said
    assert any(line.startswith("Minimum movement (MOV-20)") for line in said)
    key(app, pygame.K_RETURN)
    finish_animation(app)
    assert app.state.unit("A1").at == up1
    assert app.state.move_record("A1").mode == "run"  # MOV-20: minimum movement counts as run


def _summary(scene):
    return summary_rows(scene.info)


def test_the_sandbox_palette_lists_the_platoons_and_places_a_jump_platoon():
    app, scene = sandbox_app()
    click(app, sandbox_button(scene, "group:infantry").rect.center)  # the Infantry tab
    move_to(app, scene.palette_rect.center)
    for _ in range(30):  # wheel down the designs until the platoons show
        if any(b.action == "carry:INF-J" for b in scene.palette_buttons):
            break
        post(app, (pygame.MOUSEWHEEL, {"x": 0, "y": -1, "flipped": False}))
    codes = {b.action for b in scene.palette_buttons}
    assert {"carry:INF-R", "carry:INF-J"} <= codes
    click(app, sandbox_button(scene, "side:A").rect.center)
    click(app, sandbox_button(scene, "carry:INF-J").rect.center)
    free = Hex(6, 9)
    click(app, centre(scene, free))
    placed = next(u for u in app.state.units if u.at == free)
    assert placed.design == "INF-J" and placed.jump_infantry and placed.side == "A"
    lines = [line.text for line in editor_lines(app.state, placed, None)]
    assert "jump platoon: 1 ground MP, 3 jump MP, no facing" in lines
    assert [r[0] for r in tip_rows(app.state, placed)][-1] == (
        "21 of 21 troopers, rifles reach 3 hexes (CMB-41/42)")  # fmt: skip
