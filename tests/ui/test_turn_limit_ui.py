"""The turn limit on screen (issue 11 item 6): chosen on the start screen or by
``play --turns K``, shown in the banner, handed to a rematch."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.flow import banner
from game.ui.app.play import Args, PlayError, make_app, parse_args
from game.ui.scenes.hexes.start import StartScreen, stepped_limit
from game.ui.widgets.panels import banner_surface

from .test_play_scene import REPO, SCENARIO, click, key

GRASSLAND = REPO / "maps" / "grassland.tmx"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def app_for(args: Args):
    screen = pygame.display.set_mode((1280, 720))
    pygame.event.clear()
    return make_app(args, screen)


def test_play_turns_k_is_read_and_checked(tmp_path: Path) -> None:
    assert parse_args([str(GRASSLAND), "--turns", "5"]).turns == 5
    assert parse_args([str(GRASSLAND)]).turns is None
    for bad in ("0", "x", "100", "-2"):
        with pytest.raises(PlayError, match="whole number of turns"):
            parse_args([str(GRASSLAND), "--turns", bad])
    save = tmp_path / "s.json"
    save.write_text("{}")
    with pytest.raises(PlayError, match="saved game keeps its own"):
        parse_args(["--load", str(save), "--turns", "3"])


def test_a_scenario_with_turns_starts_limited_and_the_banner_counts() -> None:
    app = app_for(Args(None, SCENARIO, None, (1280, 720), 7, 4))
    assert app.state.start.turn_limit == 4
    assert banner(app.state).startswith("Turn 1 of 4 - Movement")
    surf = banner_surface(app.state, "", pygame.Rect(0, 0, 1280, 36), 16)
    assert surf.get_size() == (1280, 36)


def test_the_start_screen_sets_the_limit_and_the_game_keeps_it() -> None:
    app = app_for(Args(None, None, None, (1280, 720), 7))
    screen = app.top
    assert isinstance(screen, StartScreen) and screen.turns is None
    app.draw()
    plus = next(b for b in screen.buttons if b.action == "turns:1")
    click(app, plus.rect.center)
    click(app, plus.rect.center)
    assert screen.turns == 2
    minus = next(b for b in screen.buttons if b.action == "turns:-1")
    click(app, minus.rect.center)
    assert screen.turns == 1
    key(app, pygame.K_RETURN)
    assert app.state is not None and app.state.start.turn_limit == 1
    app.new_game()  # a rematch starts with the same limit
    assert isinstance(app.top, StartScreen) and app.top.turns == 1


def test_play_with_turns_and_no_map_presets_the_start_screen() -> None:
    app = app_for(Args(None, None, None, (1280, 720), 7, 10))
    assert isinstance(app.top, StartScreen) and app.top.turns == 10


def test_stepped_limit_walks_the_presets() -> None:
    assert stepped_limit(None, 1) == 1 and stepped_limit(1, -1) is None
    assert stepped_limit(None, -1) is None and stepped_limit(30, 1) == 30
    assert stepped_limit(7, 1) == 8 and stepped_limit(7, -1) == 5  # 7 -> the nearest, 6 or 8
