"""Scene tests of the aerospace movement screen (issue 15): the flight path preview with
thrust and turns, an out-of-control unit's forced path and collision checks, flying by
Enter (every change through FlyUnit), the dice popping up, fliers drawn over ground units,
and the hand-over to the weapon attack screen."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.core.actions import Event
from game.core.dice import judge
from game.flow import actor
from game.phases.actions import StandStill
from game.phases.flights import FlyUnit
from game.phases.movement import to_move
from game.rules.aero import out_of_control
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.flight.scene import FlightScene
from game.ui.scenes.hexes.parts.flight.draw import flight_rows
from game.ui.scenes.hexes.parts.flight.interaction import flight_popup

from .test_play_scene import click, key, move_to, post

SCENARIO = Path(__file__).resolve().parent / "data" / "aero_scenario.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def flight_app(size=(1280, 720)):
    """Both Mechs stood still: the aerospace movement phase's screen, side A to fly."""
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    app = make_app(Args(None, SCENARIO, None, size, 3), screen)
    while to_move(app.state):
        app.act(StandStill(to_move(app.state, actor(app.state))[0].id))
    app.advance()
    post(app)
    assert app.state.phase == "aerospace movement"
    scene = app.top
    assert isinstance(scene, FlightScene)
    if scene.handoff is not None:
        click(app, (5, 5))
    return app, scene


def at(scene, h, lift: bool = True) -> tuple[int, int]:
    x, y = scene.view.centre(h)
    return round(x), round(y - (10 if lift else 0))


def settle(app, frames: int = 400) -> None:
    for _ in range(frames):
        post(app)
        if app.top.anim is None if isinstance(app.top, FlightScene) else True:
            break


def test_selecting_a_flier_previews_its_path_and_thrust_changes_it() -> None:
    app, scene = flight_app()
    assert actor(app.state) == "A"
    click(app, at(scene, app.state.unit("A2").at))
    assert scene.plan is not None and scene.plan.unit_id == "A2"
    f = scene.flight()
    assert f.legal and len(f.path) == 4 and f.thrust_used == 0  # velocity 4
    key(app, pygame.K_w)
    key(app, pygame.K_w)
    f = scene.flight()
    assert f.velocity_after == 6 and f.thrust_used == 2 and len(f.path) == 6
    key(app, pygame.K_s)
    assert scene.flight().velocity_after == 5
    scene.draw(app.screen)
    if os.environ.get("HEXPLATE_SHOT"):
        pygame.image.save(app.screen, os.environ["HEXPLATE_SHOT"])


def test_turns_go_after_the_hovered_hex_and_above_safe_thrust_shows_the_roll() -> None:
    app, scene = flight_app()
    click(app, at(scene, app.state.unit("A2").at))
    path = scene.flight().path
    move_to(app, at(scene, path[1], lift=False))
    key(app, pygame.K_e)
    assert scene.steps() == ("F", "F", "R", "F", "F")
    assert scene.flight().legal and scene.flight().facing == 2
    key(app, pygame.K_e)  # the same turn again takes it back
    assert scene.steps() == ("F",) * 4
    for _ in range(7):  # 7 thrust: safe thrust is 6 (Shilone SL-17)
        key(app, pygame.K_w)
    f = scene.flight()
    assert f.thrust_used == 7 and f.control_rolls and f.control_rolls[0].target == 7
    rows = " ".join(r[0] for r in flight_rows(scene))
    assert "Control roll in the end phase: 7+" in rows
    for _ in range(3):
        key(app, pygame.K_w)  # thrust 9 is all it has: a tenth point is refused
    assert scene.plan.thrust == 9
    scene.draw(app.screen)


def test_enter_flies_the_plan_and_the_side_hands_over() -> None:
    app, scene = flight_app()
    click(app, at(scene, app.state.unit("A2").at))
    key(app, pygame.K_w)
    steps = scene.steps()
    end = scene.flight().end
    key(app, pygame.K_RETURN)
    a2 = app.state.unit("A2")
    assert a2.moved and a2.at == end and a2.craft.velocity == 5
    assert isinstance(app.state.history[-1], FlyUnit) and app.state.history[-1].steps == steps
    settle(app)
    assert scene.anim is None


def test_an_out_of_control_unit_shows_its_forced_path_and_only_flies_it() -> None:
    app, scene = flight_app()
    forced = {f.unit_id: f for f in scene.forced()}
    assert set(forced) == {"B2"}  # drawn before it moves, whoever's turn it is
    names = [app.state.board.hex_name(c.at) for c in forced["B2"].collision_checks]
    assert names == ["1007"] and forced["B2"].collision_checks[0].target == 11  # over B1
    scene.draw(app.screen)
    while actor(app.state) == "A":  # A flies its two units straight on
        key(app, pygame.K_n)
        key(app, pygame.K_RETURN)
        settle(app)
    click(app, (5, 5))  # the hand-over
    click(app, at(scene, app.state.unit("B2").at))
    assert scene.plan.unit_id == "B2"
    key(app, pygame.K_w)  # refused: out of control (AERO-05)
    assert scene.plan.thrust == 0 and "cannot spend thrust" in app.toast[0]
    key(app, pygame.K_RETURN)
    b2 = app.state.unit("B2")
    assert b2.moved and out_of_control(b2)
    texts = [e.text for e in app.state.log]
    assert any(t.startswith("Collision check at 1007") for t in texts)
    shown = [p for _, p in scene.anim.items if _ == "popup"]
    assert shown and shown[0].title.startswith("collision check at 1007")


def test_a_collision_check_pop_up_reads_no_collision_as_good_news() -> None:
    miss = Event("collision_check", "x", "B2", (judge((2, 3), "collision check at 1007", 11),))
    hit = Event("collision_check", "x", "B2", (judge((6, 6), "collision check at 1007", 11),))
    assert flight_popup(miss).good and flight_popup(miss).verdict == "no collision"
    assert not flight_popup(hit).good and flight_popup(hit).verdict == "a collision may occur"
    evade = Event("evasion", "x", "f2", (judge((3, 4), "control roll, evading (f2)", 6),))
    assert flight_popup(evade).good and flight_popup(evade).verdict == "passed"


def test_after_the_last_flier_the_weapon_attack_screen_follows() -> None:
    app, scene = flight_app()
    for _ in range(8):
        if app.state.phase != "aerospace movement":
            break
        if scene.handoff is not None:
            click(app, (5, 5))
        key(app, pygame.K_n)
        key(app, pygame.K_RETURN)
        settle(app)
    assert app.state.phase != "aerospace movement"
    if scene.handoff is not None:
        click(app, (5, 5))
    settle(app)
    assert getattr(app.top, "scene_name", None) == "attack"


def test_fliers_are_drawn_over_the_ground_unit_below_them() -> None:
    """The Stuka A3 over the Hunchback A1: at the flier's counter the picture is the
    flier's whether the Mech is there or not, and differs from the Mech's alone."""
    app, scene = flight_app((1000, 700))
    a1, a3 = app.state.unit("A1"), app.state.unit("A3")
    assert a1.at == a3.at
    scene.view.centre_on(a1.at)
    x, y = scene.view.centre(a1.at)
    spot = (round(x), round(y - 14 * scene.view.camera.zoom))

    def pixel(units) -> tuple[int, ...]:
        scene.view.draw_map(app.screen)
        scene.view.draw_units(app.screen, units)
        return tuple(app.screen.get_at(spot))

    def near(p: tuple[int, ...], q: tuple[int, ...]) -> bool:  # smoothscale rounding
        return max(abs(a - b) for a, b in zip(p, q, strict=True)) <= 4

    both, flier, mech = pixel((a1, a3)), pixel((a3,)), pixel((a1,))
    assert near(both, flier) and not near(mech, flier)
    assert near(pixel((a3, a1)), flier)  # whatever the order of the units
