"""The computer's badge and its simple players on the start screen (issue 21): while the
computer works out an answer, "Computer (X) is thinking" with moving dots at the top left
of the map; while its answer waits for the pace, "plays - Space skips"; none on a human's
turn. The start screen's Level steps through random, greedy, easy and normal, and the
game started is played by that player."""

from __future__ import annotations

import threading
from pathlib import Path

import pygame
import pytest

from game.bot.players import Decision, GreedyPlayer, Player, RandomPlayer, make_player
from game.flow import actor
from game.state import GameState
from game.ui.app.bot_turns import BotTurns
from game.ui.app.play import Args, PlayError, make_app, parse_args
from game.ui.widgets.bot_badge import THINKING, WAITING, badge_rect

MAP = Path(__file__).resolve().parents[2] / "maps" / "grassland.tmx"
SIZE = (1024, 640)


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


class Gated:
    label = "gated"

    def __init__(self, inner: Player) -> None:
        self.inner, self.gate = inner, threading.Event()

    def decide(self, state: GameState) -> Decision:
        assert self.gate.wait(30)
        return self.inner.decide(state)


def _app(args: Args):
    screen = pygame.display.set_mode(SIZE)
    pygame.event.clear()
    return make_app(args, screen)


def _pill_colour(screen: pygame.Surface) -> tuple[int, int, int]:
    box = badge_rect(screen, 200, True)
    return tuple(screen.get_at((box.x + box.h, box.y + 3)))[:3]


def test_the_badge_says_the_computer_is_thinking_then_that_it_plays(tmp_path: Path) -> None:
    app = _app(Args(MAP, None, None, SIZE, 5, bots=("A", "B")))
    side = actor(app.state)
    gated = Gated(make_player("random"))
    app.bots = BotTurns({side: gated}, pace=60.0)
    for _ in range(3):
        app.step([], 0.05)
    assert app.bots.badge(app) == (f"Computer ({side}) is thinking", True)
    assert _pill_colour(app.screen) == THINKING
    pygame.image.save(app.screen, str(tmp_path / "thinking.png"))
    gated.gate.set()
    app.bots.join(30)
    app.step([], 0.05)  # the answer is there, the pace's wait is not over
    assert app.bots.badge(app) == (f"Computer ({side}) plays - Space skips", False)
    assert _pill_colour(app.screen) == WAITING


def test_no_badge_on_a_human_s_turn() -> None:
    app = _app(Args(MAP, None, None, SIZE, 5, bots=("B",)))
    app.step([], 0.05)
    if actor(app.state) == "B":
        app.bots.pace = 0.0
        for _ in range(200):
            if actor(app.state) != "B":
                break
            app.bots.join(30)
            app.step([], 0.05)
    assert actor(app.state) == "A" and app.bots.badge(app) is None
    assert _pill_colour(app.screen) not in (THINKING, WAITING)


def test_the_level_steps_through_the_simple_players_and_the_game_uses_them() -> None:
    app = _app(Args(None, None, None, SIZE, 5))
    start = app.top
    start.choose("seat:B,computer")
    start.choose("style:B")
    assert start.players["B"] == "bot:aggressive:normal"
    seen = []
    for _ in range(4):
        start.choose("level:B")
        seen.append(start.players["B"])
    # the style comes back after the simple players, which have none
    assert seen == ["random", "greedy", "bot:aggressive:easy", "bot:aggressive:normal"]
    start.choose("level:B")
    start.choose("style:B")  # a simple player has no style: the click does nothing
    assert start.players["B"] == "random"
    app.step([], 0.01)
    labels = {b.action: (b.label, b.enabled) for b in start.buttons}
    assert labels["level:B"] == ("Level: random", True)
    assert labels["style:B"] == ("Style: -", False)
    start.choose("level:B")
    start.choose("start")
    assert isinstance(app.bots.players["B"], GreedyPlayer)
    assert app.session.players == {"B": "greedy"}


def test_play_takes_the_simple_players_as_levels() -> None:
    args = parse_args([str(MAP), "--bot", "B", "--bot-level", "random"])
    app = _app(args)
    assert isinstance(app.bots.players["B"], RandomPlayer)
    with pytest.raises(PlayError, match="random, greedy, easy, normal"):
        parse_args([str(MAP), "--bot", "B", "--bot-level", "hard"])
