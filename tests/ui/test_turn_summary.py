"""The end-of-turn summary on screen (issue 11 item 7): when a turn is over the play
screen shows what happened to every unit (game.narrate.turn_report) until a key or click."""

from __future__ import annotations

import os

import pygame
import pytest

from game.flow import actor, turn_start
from game.narrate.turn_report import turn_report
from game.phases.physical import DeclarePhysical, to_declare
from game.rules.turn import Phase
from game.ui.scenes.hexes.movement.scene import PlayScene
from game.ui.scenes.hexes.summary import TurnSummary, unit_rows

from .test_physical_scene import physical_app
from .test_play_scene import click, key, post


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def end_of_turn_one():
    """Turn 1 played to its end (no attacks), the next frames run."""
    app, _ = physical_app()
    while app.state.phase == Phase.PHYSICAL_ATTACK:
        assert app.act(DeclarePhysical(to_declare(app.state, actor(app.state))[0].id))
        app.advance()
    for _ in range(3):
        post(app)
    return app


def test_the_summary_opens_when_a_turn_is_over_and_a_key_closes_it() -> None:
    app = end_of_turn_one()
    assert app.state.turn == 2 and app.state.phase == Phase.MOVEMENT
    top = app.top
    assert isinstance(top, TurnSummary) and top.turn == 1
    assert {u.unit_id for u in top.report.units} == {u.id for u in app.state.units}
    app.draw()
    if os.environ.get("HEXPLATE_SHOT"):
        pygame.image.save(app.screen, os.environ["HEXPLATE_SHOT"])
    key(app, pygame.K_SPACE)
    assert isinstance(app.top, PlayScene)
    for _ in range(3):
        post(app)
    assert isinstance(app.top, PlayScene)  # shown once per turn


def test_the_kept_start_of_the_turn_is_the_replayed_one() -> None:
    app = end_of_turn_one()
    s = app.state
    kept = turn_report(app.turn_starts[1], s, 1)
    replayed = turn_report(turn_start(s, 1), s, 1)
    assert kept == replayed


def test_a_click_closes_it_and_a_loaded_game_shows_no_old_summary(tmp_path) -> None:
    app = end_of_turn_one()
    click(app, (10, 10))
    assert isinstance(app.top, PlayScene)
    path = app.save("t.json")
    assert path is not None and app.load(path)
    for _ in range(3):
        post(app)
    assert not isinstance(app.top, TurnSummary)
    assert app.summarised == app.state.turn - 1


def test_unit_rows_put_the_unit_and_its_state_first() -> None:
    app = end_of_turn_one()
    u = app.top.report.units[0]
    rows = unit_rows(u)
    assert rows[0][0].startswith(u.label) and "heat" in rows[1][0]


def test_t_on_the_game_over_overlay_shows_the_last_turn() -> None:
    from dataclasses import replace

    from game.ui.scenes.hexes.over import GameOver

    app = end_of_turn_one()
    key(app, pygame.K_SPACE)
    app.state = replace(app.state, wrecked=("B1", "B2"))
    post(app)
    assert isinstance(app.top, GameOver)
    key(app, pygame.K_t, uni="t")
    assert isinstance(app.top, TurnSummary) and app.top.turn == 2
    key(app, pygame.K_SPACE)
    assert isinstance(app.top, GameOver)
