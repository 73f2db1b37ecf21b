"""Scene tests of the sandbox's Fly view (issue 15) under the dummy driver: a fighter put
on the map from the palette flies with thrust and turns (AERO-01) where the flight path
preview said, by one FlyUnit in the state's history that Ctrl+Z undoes; an out-of-control
flier flies only its forced path (AERO-05); a ground unit is never flown."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.hexgrid import Hex
from game.phases.flights import FlyUnit, preview
from game.rules.aero import out_of_control
from game.ui.app.sandbox_cmd import SandboxArgs, make_sandbox_app
from game.ui.scenes.hexes.sandbox.input import drop
from game.ui.scenes.hexes.sandbox.pieces import Carry
from game.ui.scenes.hexes.sandbox.scene import SandboxScene

from .test_play_scene import click, key, move_to, post

AERO = Path(__file__).resolve().parent / "data" / "aero_scenario.json"
SANDBOX = Path(__file__).resolve().parent / "data" / "sandbox_scenario.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def sandbox_app(scenario: Path, size=(1280, 720)):
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    app = make_sandbox_app(SandboxArgs(None, scenario, size, 11), screen)
    app.step([], 1 / 60)
    assert isinstance(app.top, SandboxScene)
    return app, app.top


def at(scene, h: Hex, lift: int = 10) -> tuple[int, int]:
    """A flier's counter is drawn lifted above its hex (game.ui.map.fliers)."""
    x, y = scene.view.centre(h)
    return round(x), round(y - lift)


def settle(app, scene, frames: int = 900) -> None:
    for _ in range(frames):
        if scene.flyer.anim is None:
            return
        app.step([], 1 / 30)
    raise AssertionError("the flight never finished")


def flights(app) -> list[FlyUnit]:
    return [a for a in app.state.history if isinstance(a, FlyUnit)]


def test_aero_01_a_placed_fighter_flies_with_thrust_and_a_turn_where_the_preview_said() -> None:
    app, scene = sandbox_app(SANDBOX)
    scene.carry = Carry("design", "SYD-Z3", 1, turned=True)
    drop(scene, Hex(2, 8))  # the palette's drop: it is selected, in the air
    fighter = next(u for u in app.state.units if u.kind == "aero")
    assert scene.tool == "fly" and scene.selected_id() == fighter.id
    assert "Fly view" in app.toast[0]
    v0 = fighter.craft.velocity
    assert len(scene.flyer.flight().path) == v0  # the preview before any plan
    for _ in range(2):
        key(app, pygame.K_w)
    move_to(app, (2, 2))  # the pointer off the path: Q turns after the first free hex
    key(app, pygame.K_q)
    steps = scene.flyer.steps()
    assert steps[:3] == ("T:2", "F", "L") and steps.count("F") == v0 + 2
    before = app.state
    planned = preview(before, fighter.id, steps)
    assert planned.legal and planned.velocity_after == v0 + 2 and planned.thrust_used == 2
    assert len(planned.path) == v0 + 2 and planned.facing == 0 and not planned.off_map
    scene.draw(app.screen)  # the flight view's frame draws
    if os.environ.get("HEXPLATE_SHOT"):
        pygame.image.save(app.screen, os.environ["HEXPLATE_SHOT"])
    key(app, pygame.K_RETURN)
    assert flights(app) == [FlyUnit(fighter.id, steps)]
    assert scene.flyer.anim is not None  # it flies hex by hex
    settle(app, scene)
    u = app.state.unit(fighter.id)
    assert (u.at, u.facing, u.craft.velocity) == (planned.end, planned.facing, v0 + 2)
    assert scene.tool == "fly" and scene.flyer.plan is not None  # planned afresh
    assert scene.flyer.plan.thrust == 0 and not scene.flyer.plan.turns
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    back = app.state.unit(fighter.id)
    assert (back.at, back.facing, back.craft.velocity) == (Hex(2, 8), 1, v0)
    assert not flights(app)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert app.state.unit(fighter.id).at == planned.end


def test_aero_05_an_out_of_control_flier_flies_its_forced_path_only() -> None:
    app, scene = sandbox_app(AERO)
    b2 = app.state.unit("B2")
    assert out_of_control(b2)
    forced = preview(app.state, "B2", ())
    click(app, at(scene, b2.at))
    assert scene.tool == "fly" and scene.selected_id() == "B2"
    assert [f.path for f in scene.flyer.forced() if f.unit_id == "B2"] == [forced.path]
    key(app, pygame.K_w)
    assert "out of control" in app.toast[0] and scene.flyer.plan.thrust == 0
    key(app, pygame.K_e)
    assert "out of control" in app.toast[0] and not scene.flyer.plan.turns
    key(app, pygame.K_RETURN)
    assert flights(app) == [FlyUnit("B2", ())]
    settle(app, scene)
    after = app.state.unit("B2")
    assert after.facing == forced.facing
    assert after.at == forced.end or forced.off_map


def test_a_ground_unit_is_not_flown() -> None:
    app, scene = sandbox_app(AERO)
    b1 = app.state.unit("B1")
    click(app, at(scene, b1.at, lift=0))
    assert scene.tool == "move" and scene.selected_id() == "B1"  # it moves by the rules
    key(app, pygame.K_v)
    assert scene.tool == "fly" and scene.flyer.plan is None
    assert "ground unit" in app.toast[0]
    key(app, pygame.K_w)
    key(app, pygame.K_RETURN)
    assert not flights(app) and not app.state.history
    scene.flyer.select("B1")
    assert scene.flyer.plan is None
    click(app, at(scene, app.state.unit("A2").at))  # a flier: flown here
    assert scene.tool == "fly" and scene.selected_id() == "A2"
    click(app, at(scene, b1.at, lift=0))  # a ground unit clicked: the Move view, selected
    assert scene.tool == "move" and scene.selected_id() == "B1"
    assert scene.plan is not None and scene.plan.unit_id == "B1"
    key(app, pygame.K_v)  # the flier planned before is not what V shows for B1
    assert scene.tool == "fly" and scene.flyer.plan is None and scene.selected_id() == "B1"


def test_the_fly_view_button_esc_and_the_panels() -> None:
    app, scene = sandbox_app(AERO)
    click(app, at(scene, app.state.unit("A2").at))
    assert scene.tool == "fly"
    key(app, pygame.K_ESCAPE)
    assert scene.tool == "move" and scene.inspect == "A2" and scene.plan is None
    b = next(b for b in scene.palette_buttons if b.action == "tool:fly")
    click(app, b.rect.center)
    assert scene.tool == "fly" and scene.selected_id() == "A2"
    key(app, pygame.K_TAB)  # the sandbox screen's panels hide, palette and all
    assert not scene.panels and scene.palette_rect.w == 0
    key(app, pygame.K_TAB)
    assert scene.panels
    key(app, pygame.K_n)
    assert scene.selected_id() in {u.id for u in scene.flyer.fliers()}
    post(app)


def test_a_flier_that_flies_off_the_map_leaves_the_fly_view_and_undo_brings_it_back() -> None:
    app, scene = sandbox_app(SANDBOX)
    scene.carry = Carry("design", "SYD-Z3", 0, turned=True)
    start = Hex(2, 3)
    drop(scene, start)  # facing north, three rows from the edge, velocity 3
    for _ in range(3):
        key(app, pygame.K_w)
    assert scene.flyer.flight().off_map
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert not app.state.board.contains(app.state.unit("A2").at)
    assert scene.flyer.plan is None and not scene.flyer.fliers()
    for k in (pygame.K_m, pygame.K_t, pygame.K_m, pygame.K_v, pygame.K_ESCAPE):
        key(app, k)  # its sheet stays; nothing tries to move or fly it
    assert scene.tool == "move" and scene.plan is None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.state.unit("A2").at == start
