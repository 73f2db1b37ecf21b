"""Saves of the heat and end phases (issue 26, docs/saves.md): no player acts in them, so
no game rests there; the window's one pause at that point, the end-of-turn summary, holds
the game right after them, and Ctrl+S there (and the autosave of the new turn) writes
that game: its log has the heat phase of the turn just over, and it loads as shown."""

from __future__ import annotations

import pygame
import pytest

from game.rules.turn import Phase
from game.save import autosave_path, load_game
from game.ui.scenes.hexes.summary import TurnSummary

from .test_play_scene import key
from .test_turn_summary import end_of_turn_one


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("HEXPLATE_NO_AUTOSAVE", raising=False)


def test_ctrl_s_on_the_end_of_turn_summary_saves_the_game_right_after_heat_and_end() -> None:
    app = end_of_turn_one()
    assert isinstance(app.top, TurnSummary)
    shown = app.state
    assert shown.turn == 2 and any(e.turn == 1 and e.phase == Phase.HEAT for e in shown.log)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert isinstance(app.top, TurnSummary)  # Ctrl+S saves; it does not close the summary
    path = autosave_path().with_name("quicksave.json")
    assert load_game(path) == shown
    assert load_game(autosave_path()) == shown  # the new turn's autosave: the same game
