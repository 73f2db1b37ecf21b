"""Scene tests of the sandbox screen (issue 13) under the dummy driver: the palette and
dragging onto the map, setting units down and turning them, free moves by the rules,
attacks with their what-if odds, undo / redo / reset with the dice, fixed dice, the
editor, physical attacks, saving as a scenario and opening one. Every change must be one
core action (game.phases.sandbox) in the state's history, never the screen's own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.hexgrid import Hex
from game.phases.actions import CommitMove, RemoveUnit
from game.phases.sandbox import (
    EditCrit,
    EditLocation,
    EditUnit,
    FixDice,
    PlaceDummy,
    PlaceUnit,
    SandboxFire,
    SandboxStrike,
    SetDown,
)
from game.scenario.reader import load_scenario
from game.ui.app.sandbox_cmd import SandboxArgs, make_sandbox_app
from game.ui.scenes.hexes.menu import LoadMenu
from game.ui.scenes.hexes.sandbox.scene import SandboxScene
from game.ui.scenes.hexes.start import StartScreen

from .test_play_scene import click, key, move_to, post

DATA = Path(__file__).resolve().parent / "data"
SCENARIO = DATA / "sandbox_scenario.json"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def sandbox_app(size=(1280, 800), scenario: Path | None = SCENARIO, map_: Path | None = None):
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    app = make_sandbox_app(SandboxArgs(map_, scenario, size, 11), screen)
    app.step([], 1 / 60)  # one frame: the palette's buttons are laid out
    assert isinstance(app.top, SandboxScene)
    return app, app.top


def at(scene, h: Hex) -> tuple[int, int]:
    x, y = scene.view.centre(h)
    return round(x), round(y)


def button(scene, action: str):
    return next(b for b in scene.palette_buttons + scene.editor_buttons if b.action == action)


def motion(pos, held=(0, 0, 0)):
    return (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": held})


def drag(app, start, end, wheel: int = 0) -> None:
    """Press at ``start``, move to ``end`` (turning the wheel there), release."""
    post(app, motion(start), (pygame.MOUSEBUTTONDOWN, {"pos": start, "button": 1}))
    post(app, motion(((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), (1, 0, 0)))
    post(app, motion(end, (1, 0, 0)))
    for _ in range(abs(wheel)):
        post(app, (pygame.MOUSEWHEEL, {"x": 0, "y": -1 if wheel > 0 else 1, "flipped": False}))
    post(app, (pygame.MOUSEBUTTONUP, {"pos": end, "button": 1}))


def ctrl(app, k: int) -> None:
    key(app, k, mod=pygame.KMOD_CTRL)


def place_dummy(app, scene, h: Hex, **settings) -> str:
    for action in settings.get("buttons", ()):
        click(app, button(scene, action).rect.center)
    before = {u.id for u in app.state.units}
    drag(app, button(scene, "carry:dummy").rect.center, at(scene, h), settings.get("wheel", 0))
    (new,) = {u.id for u in app.state.units} - before
    return new


def test_the_sandbox_opens_a_scenario_without_turn_order() -> None:
    app, scene = sandbox_app()
    s = app.state
    assert s.phase == "sandbox" and s.move_record("B1").target_modifier == 2  # its movement
    assert app.line is not None and not app.line.can_undo
    assert scene.layout.map.x >= scene.palette_rect.right  # the palette left of the map
    assert any(b.action == "carry:dummy" for b in scene.palette_buttons)
    assert any(b.action == "carry:HBK-4G" for b in scene.palette_buttons)


def test_dragging_a_dummy_with_its_settings_is_one_place_action_cmb_13() -> None:
    app, scene = sandbox_app()
    uid = place_dummy(app, scene, Hex(4, 4), wheel=2,
                      buttons=("tons:5", "prone", "mode:jump", "hexes:1"))  # fmt: skip
    u = app.state.unit(uid)
    assert (u.side, u.tons, u.prone, u.facing) == ("B", 55, True, 2)
    rec = app.state.move_record(uid)
    assert (rec.mode, rec.hexes_moved, rec.target_modifier) == ("jump", 4, 2)
    assert isinstance(app.state.history[-1], PlaceDummy) and app.line.at == 1  # one undo
    assert scene.selected_id() == uid


def test_a_click_on_a_design_then_a_click_on_the_map_places_it() -> None:
    app, scene = sandbox_app()
    click(app, button(scene, "side:A").rect.center)
    click(app, button(scene, "carry:JR7-D").rect.center)
    assert scene.carry is not None and scene.carry.sticky
    click(app, at(scene, Hex(6, 9)))
    placed = app.state.history[-1]
    assert isinstance(placed, PlaceUnit) and placed.design == "JR7-D" and placed.side == "A"
    assert app.state.unit("A2").at == Hex(6, 9)


def test_drag_sets_a_unit_down_the_wheel_turns_it_delete_removes_it() -> None:
    app, scene = sandbox_app()
    a1 = app.state.unit("A1")
    drag(app, at(scene, a1.at), at(scene, Hex(6, 6)), wheel=1)
    assert app.state.history[-1] == SetDown("A1", Hex(6, 6), (a1.facing + 1) % 6)
    key(app, pygame.K_m, uni="m")  # the Move view, no path planned: the wheel turns the unit
    scene.plan = None
    move_to(app, at(scene, Hex(6, 6)))
    post(app, (pygame.MOUSEWHEEL, {"x": 0, "y": 1, "flipped": False}))
    assert app.state.history[-1] == SetDown("A1", Hex(6, 6), a1.facing)
    click(app, at(scene, Hex(6, 6)))
    key(app, pygame.K_DELETE)
    assert app.state.history[-1] == RemoveUnit("A1") and app.state.unit("A1") is None


def test_free_moves_use_the_movement_screen_and_roll_by_the_rules() -> None:
    app, scene = sandbox_app()
    click(app, at(scene, app.state.unit("A1").at))
    assert scene.plan is not None and scene.plan.unit_id == "A1"
    key(app, pygame.K_w, uni="w")
    dest = Hex(3, 6)
    move_to(app, at(scene, dest))
    assert scene.info.get("result") is not None and scene.info["result"].legal
    key(app, pygame.K_RETURN)
    assert isinstance(app.state.history[-1], CommitMove)
    for _ in range(100):
        app.step([], 0.1)
    assert app.state.unit("A1").at == dest
    assert app.state.move_record("A1").mode == "walk"
    click(app, at(scene, dest))  # no turn order: it moves again
    key(app, pygame.K_r, uni="r")
    move_to(app, at(scene, Hex(3, 3)))
    key(app, pygame.K_RETURN)
    assert sum(isinstance(a, CommitMove) for a in app.state.history) == 2


def fire_setup():
    app, scene = sandbox_app()
    uid = place_dummy(app, scene, Hex(3, 5))
    click(app, at(scene, app.state.unit("A1").at))
    key(app, pygame.K_a, uni="a")
    assert scene.tool == "attack" and scene.fire.plan.unit_id == "A1"
    assert scene.fire.plan.target == uid
    return app, scene, uid


def test_attack_view_fires_at_once_and_undo_rolls_new_dice_cmb_01() -> None:
    app, scene, uid = fire_setup()
    armour = app.state.unit(uid).body.total_armour()
    key(app, pygame.K_RETURN)
    fire = app.state.history[-1]
    assert isinstance(fire, SandboxFire) and fire.targets == (uid,)
    assert scene.fire.popups  # the dice first, then the results
    shots = [e for e in app.state.log if e.event.kind == "shot"]
    assert len(shots) == len(fire.weapons[0])
    after = app.state
    ctrl(app, pygame.K_z)
    assert app.state.unit(uid).body.total_armour() == armour and not scene.fire.popups
    ctrl(app, pygame.K_y)
    assert app.state is after  # redo: exactly the state undone, dice included
    ctrl(app, pygame.K_z)
    rolls = []
    for _ in range(4):  # fire again after each undo: the dice move on
        key(app, pygame.K_RETURN)
        rolls.append(tuple(e.event.rolls[0].faces for e in app.state.log if e.event.kind == "shot"))
        ctrl(app, pygame.K_z)
    assert len(set(rolls)) > 1
    ctrl(app, pygame.K_r)
    assert app.state == app.line.first and app.line.can_redo


def test_what_if_shows_the_odds_without_rolling() -> None:
    app, scene, uid = fire_setup()
    before = app.state
    key(app, pygame.K_o, uni="o")
    app.step([], 1 / 60)
    assert scene.what_if and app.state is before  # nothing rolled
    w = scene.fire.options(uid).weapons[0]
    assert "%" in scene.fire.row_note(uid, w)
    rows = [text for text, _, _ in scene.fire.more_rows(uid)]
    assert rows[0].startswith("What if") and any("destroyed" in r for r in rows)


def test_fixed_dice_come_next() -> None:
    app, scene, uid = fire_setup()
    key(app, pygame.K_d, uni="d")
    for ch in "6 6":
        key(app, getattr(pygame, "K_SPACE" if ch == " " else "K_6"), uni=ch)
    key(app, pygame.K_RETURN)
    assert app.state.history[-1] == FixDice((6, 6))
    key(app, pygame.K_RETURN)
    first = next(e for e in app.state.log if e.event.kind == "shot")
    assert first.event.rolls[0].faces == (6, 6)


def test_the_editor_turns_each_click_into_one_action_cmb_30() -> None:
    app, scene = sandbox_app()
    click(app, at(scene, app.state.unit("A1").at))
    key(app, pygame.K_t, uni="t")
    app.step([], 1 / 60)
    click(app, button(scene, "num:gunnery:-1").rect.center)
    assert app.state.history[-1] == EditUnit("A1", "gunnery", 3)
    click(app, button(scene, "edit:CT:armour:-1").rect.center)
    ct = app.state.unit("A1").body["CT"]
    assert app.state.history[-1] == EditLocation("A1", "CT", ct.armour, ct.rear, ct.structure)
    click(app, button(scene, "loc:CT").rect.center)
    app.step([], 1 / 60)
    click(app, button(scene, "slot:CT:3").rect.center)
    assert app.state.history[-1] == EditCrit("A1", "CT", 3, True)
    assert app.state.unit("A1").crits.gyro == 1
    click(app, button(scene, "flag:shutdown").rect.center)
    assert app.state.unit("A1").damage.shutdown


def test_physical_attacks_at_an_adjacent_unit_phy_04() -> None:
    app, scene = sandbox_app()
    uid = place_dummy(app, scene, Hex(3, 7), wheel=3)  # beside A1, facing it
    click(app, at(scene, app.state.unit("A1").at))
    key(app, pygame.K_x, uni="x")
    assert scene.tool == "strike" and scene.strike.plan.target == uid
    kinds = [o.blow.kind for o in scene.strike.attacks(uid)]
    assert {"punch", "kick", "charge", "dfa"} <= set(kinds)
    key(app, pygame.K_1, uni="1")
    key(app, pygame.K_RETURN)
    assert isinstance(app.state.history[-1], SandboxStrike)
    assert any(e.event.kind == "blow" for e in app.state.log)


def test_ctrl_s_writes_a_scenario_the_referee_answers(tmp_path) -> None:
    app, scene, uid = fire_setup()
    ctrl(app, pygame.K_s)
    path = tmp_path / "saves" / "sandbox.json"
    data = json.loads(path.read_text())
    assert data["attack"]["attacker"] == "A1" and data["attack"]["target"] == uid
    sc = load_scenario(path)
    assert sc.unit(uid).tons == 50 and sc.movements["B1"].mode == "run"
    p = subprocess.run([sys.executable, "main.py", "rules", "attack", str(path)], cwd=REPO,
                       capture_output=True, text=True)  # fmt: skip
    assert p.returncode == 0, p.stderr
    numbers = [w.target for w in scene.fire.options(uid).weapons]
    assert [w["target"] for w in json.loads(p.stdout)["weapons"]] == numbers
    ctrl(app, pygame.K_o)
    menu = app.top
    assert isinstance(menu, LoadMenu) and path in menu.saves
    assert path in menu.scenarios  # the load menu marks it: it opens in the sandbox
    menu.load(menu.saves.index(path))
    assert isinstance(app.top, SandboxScene) and app.top is not scene
    assert app.state.unit(uid) is not None and not app.line.can_undo


def test_the_start_screen_opens_the_sandbox(mini_map) -> None:
    screen = pygame.display.set_mode((1280, 800))
    from game.ui.app import screens  # noqa: F401
    from game.ui.app.app import App

    app = App(screen)
    start = app.show("start", map_path=mini_map)
    app.step([], 1 / 60)
    solo = next(b for b in start.buttons if b.action == "solo")
    click(app, solo.rect.center)
    assert isinstance(app.top, SandboxScene)
    assert isinstance(start, StartScreen)
    # issue 25, finding 10: the forces picked on the start screen are on the map, each
    # side in its own zone, as undoable PlaceUnit actions
    picked = {s: [u[0] for u in start.forces[s]] for s in "AB"}
    placed = {s: [u.name.split()[-1] for u in app.state.units if u.side == s] for s in "AB"}
    assert placed == picked and all(app.state.board.contains(u.at) for u in app.state.units)
    west = max(u.at.col for u in app.state.units if u.side == "A")
    assert west < min(u.at.col for u in app.state.units if u.side == "B")
    assert all(isinstance(a, PlaceUnit) for a in app.state.history)
    key(app, pygame.K_r, pygame.KMOD_CTRL)  # reset: the layout the start screen gave
    assert len(app.state.units) == sum(len(v) for v in picked.values())


@pytest.mark.parametrize("args, message", [
    (["sandbox", "--scenario", "nope.json"], "no such scenario file"),
    (["sandbox", "tests/scenarios/broken/not_json.json"], "no such map file"),
    (["sandbox", "--scenario", "tests/ui/data/sandbox_scenario.json", "maps/default.tmx"],
     "not both"),
])  # fmt: skip
def test_bad_sandbox_arguments_are_one_sentence_exit_2(args, message) -> None:
    p = subprocess.run([sys.executable, "main.py", *args], cwd=REPO, capture_output=True,
                       text=True)  # fmt: skip
    assert p.returncode == 2 and message in p.stderr and "Traceback" not in p.stderr


def test_what_if_gives_each_piloting_roll_of_a_path_its_chance_psr_04() -> None:
    from game.ui.widgets.panels import summary_rows

    app, scene = sandbox_app()
    app.act(EditCrit("A1", "CT", 3))  # a gyro hit: running calls for a roll
    scene._after_action()
    click(app, at(scene, app.state.unit("A1").at))
    key(app, pygame.K_r, uni="r")
    move_to(app, at(scene, Hex(3, 3)))
    assert scene.info["result"].psrs
    assert not any("to pass" in t for t, _, _ in summary_rows(scene.info))
    key(app, pygame.K_o, uni="o")
    assert any("% to pass" in t for t, _, _ in summary_rows(scene.info))
