"""A new player's first minute in the sandbox (issue 13, "Done when"): from an empty map
to "what do I need to hit that?" with the on-screen help only. The palette's defaults
make a placed design and a dragged dummy opponents; the first steps card
(game.ui.scenes.hexes.sandbox.guide) ticks each step as it is done and goes away at the end; the
panels say what to do when nothing is selected or nothing can be aimed at."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.hexgrid import Hex
from game.phases.sandbox import PlaceDummy, PlaceUnit
from game.ui.scenes.hexes.sandbox.guide import STEPS, Guide, guide_steps, scene_steps

from .test_play_scene import click, key, move_to
from .test_sandbox_scene import at, button, drag, sandbox_app

ME, THERE = Hex(10, 20), Hex(12, 14)


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")


def empty_sandbox():
    return sandbox_app(scenario=None)  # the default map, no units: as a new player opens it


def place_both(app, scene) -> None:
    click(app, button(scene, "carry:HBK-4G").rect.center)
    click(app, at(scene, ME))
    drag(app, button(scene, "carry:dummy").rect.center, at(scene, THERE))


def test_the_defaults_make_a_placed_design_and_a_dragged_dummy_opponents() -> None:
    app, scene = empty_sandbox()
    assert app.state.units == () and scene.guide.shown and not scene.guide.ticked
    place_both(app, scene)
    unit, dummy = app.state.history[-2:]
    assert isinstance(unit, PlaceUnit) and unit.side == "A"
    assert isinstance(dummy, PlaceDummy) and dummy.side == "B"
    assert scene.guide.ticked == {0, 1}


def test_from_an_empty_map_to_the_number_and_its_odds_cmb_11() -> None:
    app, scene = empty_sandbox()
    place_both(app, scene)
    click(app, at(scene, ME))
    key(app, pygame.K_a, uni="a")
    target = next(u for u in app.state.units if u.at == THERE)
    assert scene.fire.plan.target == target.id  # the number is on the screen at once
    weapons = scene.fire.options(target.id).weapons
    assert any(w.fires and 2 <= w.target <= 12 for w in weapons)
    row = scene.fire.rows[0][0]
    move_to(app, row.center)
    app.step([], 1 / 60)
    assert scene.fire.hover_row is not None and scene.guide.ticked == {0, 1, 2, 3}
    gunnery = next(w for w in weapons if w.index == scene.fire.hover_row).modifiers
    assert any(m.rule == "CMB-11" for m in gunnery)  # the breakdown names its rules
    before = app.state
    key(app, pygame.K_o, uni="o")
    app.step([], 1 / 60)
    assert app.state is before and "%" in scene.fire.row_note(target.id, weapons[0])
    assert scene.guide.finished and not scene.guide.shown  # the card goes away by itself


def test_the_panels_say_what_to_do_when_nothing_can_be_done_yet() -> None:
    app, scene = empty_sandbox()
    assert "palette" in " ".join(text for text, _, _ in scene.idle_rows())
    click(app, button(scene, "carry:HBK-4G").rect.center)
    click(app, at(scene, ME))
    click(app, at(scene, ME))
    key(app, pygame.K_a, uni="a")
    assert scene.fire.plan is not None and "Dummy" in scene.fire.no_target()
    assert app.toast is None or not app.toast[0].startswith("Click a hex")  # no stale prompt


def test_a_click_on_the_card_hides_it_and_g_shows_it_again() -> None:
    app, scene = empty_sandbox()
    app.step([], 1 / 60)
    card = scene.guide.rect
    assert card.w and scene.layout.log.contains(card)  # over the report, not the map
    click(app, card.center)
    assert not scene.guide.shown and app.state.history == ()
    key(app, pygame.K_g, uni="g")
    assert scene.guide.shown
    key(app, pygame.K_g, uni="g")
    assert not scene.guide.shown


def test_guide_steps_read_the_state_and_ticks_stay() -> None:
    app, scene = empty_sandbox()
    assert guide_steps(app.state, "move", None, None, False) == (False,) * len(STEPS)
    place_both(app, scene)
    assert scene_steps(scene)[:2] == (True, True)
    g = Guide()
    g.update((True, False, False, False, False))
    g.update((False,) * len(STEPS))
    assert g.ticked == {0}  # an undo does not untick a step learnt
    g.update((True,) * len(STEPS))
    assert g.finished and not g.shown
    g.toggle()
    assert g.shown and not g.ticked  # G after the end: the card from the start


def test_the_readme_screenshot_tool_plays_the_first_steps(tmp_path) -> None:
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "tools" / "sandbox_screenshot.py"
    spec = importlib.util.spec_from_file_location("sandbox_screenshot", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out = tmp_path / "shot.png"
    tool.main(out)
    assert pygame.image.load(str(out)).get_size() == tool.SIZE
