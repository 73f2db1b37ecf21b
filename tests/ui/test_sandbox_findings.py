"""Issue 25, findings 10 and 11, on the sandbox screen: a fighter clicked in the Attack
view shows its own panel (the Fly view), not the last unit's text; a unit drags to a new
hex in every view; a new unit faces the nearest enemy; the design palette has a tab per
unit type, type words on its buttons and scroll arrows; the Fly view's text follows Q / E;
V opens the Fly view with one press, also while a move's dice are still shown."""

from __future__ import annotations

import pygame
import pytest

from game.hexgrid import Hex
from game.phases.sandbox import SetDown
from game.setup import facing_towards
from game.ui.scenes.hexes.sandbox.input import drop
from game.ui.scenes.hexes.sandbox.pieces import Carry, designs_in

from .test_play_scene import click, key, move_to
from .test_sandbox_flight import AERO
from .test_sandbox_flight import at as air_at
from .test_sandbox_flight import sandbox_app as aero_app
from .test_sandbox_scene import at, button, drag, sandbox_app


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")


@pytest.mark.parametrize("view", ["a", "x"])
def test_a_fighter_clicked_in_an_attack_view_shows_its_own_panel(view: str) -> None:
    app, scene = aero_app(AERO)
    click(app, air_at(scene, app.state.unit("A1").at, 0))
    key(app, getattr(pygame, f"K_{view}"), uni=view)
    click(app, air_at(scene, app.state.unit("A2").at))
    assert scene.tool == "fly" and scene.selected_id() == "A2"
    rows = " ".join(r[0] for r in scene.flyer.side_rows())
    assert "A2" in rows and "A1" not in rows
    assert "in the air" in app.toast[0]


def test_a_unit_drags_to_a_new_hex_in_the_attack_view() -> None:
    app, scene = sandbox_app()
    key(app, pygame.K_a, uni="a")
    a1 = app.state.unit("A1")
    drag(app, at(scene, a1.at), at(scene, Hex(6, 6)))
    assert app.state.history[-1] == SetDown("A1", Hex(6, 6), a1.facing)
    assert scene.tool == "attack"


def test_a_new_unit_faces_the_nearest_enemy_unless_the_wheel_turned_it() -> None:
    app, scene = sandbox_app()
    b1 = app.state.unit("B1")
    scene.carry = Carry("design", "LCT-1V", 0)
    drop(scene, Hex(2, 2))
    new = app.state.units[-1]
    assert new.side == "A" and new.facing == facing_towards(Hex(2, 2), b1.at) != 0
    scene.carry = Carry("design", "LCT-1V", 0, turned=True)
    drop(scene, Hex(2, 5))
    assert app.state.units[-1].facing == 0  # the wheel chose north: it stays


def test_the_palette_has_a_tab_per_type_type_words_and_scroll_arrows() -> None:
    app, scene = sandbox_app()
    labels = lambda: [b.label for b in scene.palette_buttons if b.action.startswith("carry:")]  # noqa: E731
    click(app, button(scene, "group:aero").rect.center)
    app.step([], 1 / 60)
    shown = labels()[1:]  # the dummy first
    assert shown and all(("fighter" in x or "DropShip" in x) for x in shown)
    click(app, button(scene, "group:vehicle").rect.center)
    app.step([], 1 / 60)
    assert "Kestrel VTOL 20t" in labels()
    click(app, button(scene, "group:mech").rect.center)
    app.step([], 1 / 60)
    first = labels()[1]
    down = button(scene, "scroll:1")
    click(app, down.rect.center)
    app.step([], 1 / 60)
    assert labels()[1] != first and scene.palette.scroll == 2
    mechs = designs_in("mech")
    for _ in range(len(mechs)):
        scene.palette.scrolled(1)
    app.step([], 1 / 60)
    assert labels()[-1].startswith(mechs[-1].code)  # the last one can be reached


def test_the_fly_view_text_follows_a_q_turn_and_v_opens_it_at_once() -> None:
    app, scene = aero_app(AERO)
    click(app, air_at(scene, app.state.unit("A2").at))
    assert scene.tool == "fly"
    before = [r[0] for r in scene.flyer.side_rows()]
    move_to(app, (2, 2))
    key(app, pygame.K_q)
    after = [r[0] for r in scene.flyer.side_rows()]
    assert after != before and any(r.startswith("Turns: L after hex 1") for r in after)
    key(app, pygame.K_v)  # V again: still the Fly view (no toggle back)
    assert scene.tool == "fly"
    key(app, pygame.K_m)
    a1 = app.state.unit("A1")
    click(app, air_at(scene, a1.at, 0))
    assert scene.tool == "move" and scene.plan is not None
    dest = next(h for h, (mp, _) in scene.plan.reach(app.state).hexes.items() if mp >= 2)
    move_to(app, air_at(scene, dest, 0))
    key(app, pygame.K_RETURN)
    assert scene.anim is not None  # the move is still being shown
    key(app, pygame.K_v)  # one press: the animation skipped and the Fly view open
    assert scene.anim is None and scene.tool == "fly"
