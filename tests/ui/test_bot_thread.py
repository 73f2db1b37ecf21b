"""The computer thinks off the drawing thread (issue 21, game.ui.app.bot_turns): the
frames go on while it works out its answer, and the actions it takes are the same
whatever the timing (its answer depends on the game's position alone)."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pygame
import pytest

from game.bot.players import Decision, Player, make_player
from game.flow import actor, advance, apply, outcome
from game.state import GameState
from game.ui.app.bot_turns import BotTurns
from game.ui.app.play import Args, make_app

MAP = Path(__file__).resolve().parents[2] / "maps" / "grassland.tmx"
SIZE = (1024, 640)
KINDS = {"A": "bot:aggressive:easy", "B": "bot:cautious:normal"}
ANY_KEY = pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r",
                                              "scancode": 0})  # fmt: skip


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def _app():
    screen = pygame.display.set_mode(SIZE)
    pygame.event.clear()
    return make_app(Args(MAP, None, None, SIZE, 5, bots=("A", "B")), screen)


class Gated:
    """A player that answers only when the test lets it, noting the thread it ran on."""

    label = "gated"

    def __init__(self, inner: Player) -> None:
        self.inner, self.gate, self.threads = inner, threading.Event(), []

    def decide(self, state: GameState) -> Decision:
        self.threads.append(threading.current_thread().name)
        assert self.gate.wait(30)
        return self.inner.decide(state)


class Dawdling:
    """A player that takes a random while over each answer."""

    label = "dawdling"

    def __init__(self, inner: Player, pick: random.Random) -> None:
        self.inner, self.pick = inner, pick

    def decide(self, state: GameState) -> Decision:
        threading.Event().wait(self.pick.uniform(0.0, 0.03))
        return self.inner.decide(state)


def test_the_frames_go_on_while_the_computer_thinks() -> None:
    app = _app()
    side = actor(app.state)
    gated = Gated(make_player(KINDS[side]))
    app.bots = BotTurns({side: gated}, pace=0.0)
    before = app.state
    for _ in range(20):  # the answer is held back: every frame returns, nothing is done
        app.step([], 0.05)
    assert app.state is before and app.bots.thinking
    assert gated.threads == ["hexplate-bot_0"]  # asked once, on the worker thread
    gated.gate.set()
    app.bots.join(30)
    app.step([], 0.05)
    assert len(app.state.history) == len(before.history) + 1
    assert threading.current_thread().name not in gated.threads


def test_an_answer_for_a_position_gone_is_dropped() -> None:
    app = _app()
    side = actor(app.state)
    gated = Gated(make_player(KINDS[side]))
    app.bots = BotTurns({side: gated}, pace=0.0)
    app.step([], 0.05)  # asked about the first position
    first = app.state
    app.act(app.bots.players[side].inner.decide(first).action)  # the game moves on by hand
    gated.gate.set()
    app.bots.join(30)
    app.step([], 0.05)  # the old answer is dropped: the new position is asked about
    for _ in range(1000):  # the worker starts on it when the machine lets it
        if len(gated.threads) == 2:
            break
        threading.Event().wait(0.01)
    assert len(gated.threads) == 2 and len(app.state.history) == len(first.history) + 1


def _headless(start: GameState, actions: int) -> tuple:
    players = {s: make_player(k) for s, k in KINDS.items()}
    s = start
    while len(s.history) < actions and outcome(s) is None:
        s = advance(apply(s, players[str(actor(s))].decide(s).action).state)[0]
    return s.history[:actions]


def _windowed(actions: int, seed: int) -> tuple[GameState, tuple]:
    app = _app()
    start = app.state
    pick = random.Random(seed)
    players = {s: Dawdling(make_player(k), pick) for s, k in KINDS.items()}
    app.bots = BotTurns(players, pace=pick.choice((0.0, 0.1)))
    for _ in range(5000):
        if len(app.state.history) >= actions or outcome(app.state) is not None:
            break
        events = [ANY_KEY] if getattr(app.top, "overlay", False) else []
        app.step(events, pick.uniform(0.0, 0.08), draw=False)
        threading.Event().wait(pick.uniform(0.0, 0.005))
    return start, app.state.history[:actions]


@pytest.mark.slow
def test_the_same_actions_whatever_the_timing() -> None:
    n = 40
    start, one = _windowed(n, 1)
    _, two = _windowed(n, 2)
    assert len(one) == n and one == two == _headless(start, n)
