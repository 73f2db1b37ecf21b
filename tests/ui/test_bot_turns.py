"""The computer plays a side in the play screen (issue 21, game.ui.app.bot_turns): with
``--bot B`` every action of side B is chosen by the bot, at its pace, accepted by the
core; the human's clicks wait while it acts; Space skips to the end of its turn; bot
against bot can be watched to the end of a game."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.bot.players import make_player
from game.flow import actor, outcome
from game.ui.app.play import Args, PlayError, make_app, parse_args

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "grassland.tmx"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def _app(bots, size=(1280, 720)):
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    return make_app(Args(MAP, None, None, size, 5, bots=bots), screen)


ANY_KEY = pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r",
                                              "scancode": 0})  # fmt: skip


def _frames(app, n, dt=0.25, events=()):
    """``n`` frames; an overlay (the turn's summary) is closed with a key, as a player
    reading it would."""
    for _ in range(n):
        for e in events:
            pygame.event.post(e)
        if getattr(app.top, "overlay", False):
            pygame.event.post(ANY_KEY)
        if app.bots is not None:  # the computer thinks on its thread: its answer is there
            app.bots.join(60)
        app.step(pygame.event.get(), dt)


def test_the_computer_plays_side_b_between_the_humans_actions() -> None:
    app = _app(("B",))
    human = make_player("random", 1)
    acted_b = 0
    for _ in range(200):
        if outcome(app.state) is not None or app.state.turn > 2:
            break
        if actor(app.state) == "A":  # the human's action, as the screens would send it
            assert app.act(human.decide(app.state).action) is not None
            app.advance()
            app.follow_phase()
            _frames(app, 1)
        else:
            before = len(app.state.history)
            _frames(app, 4)  # 1 s: the bot's pace is 0.8 s an action
            acted_b += len(app.state.history) > before
    assert acted_b >= 4 and app.state.turn >= 2
    assert app.bots.why and all(line[:2] in ("B1", "B2") for line in app.bots.why)


def test_input_waits_while_the_computer_acts_and_space_skips() -> None:
    app = _app(("A", "B"))
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (600, 300), "button": 1})
    _frames(app, 1, dt=0.01, events=[click])  # taken by the bot driver: a skip
    assert app.bots.skipping
    space = pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_SPACE, "mod": 0,
                                                "unicode": " ", "scancode": 0})  # fmt: skip
    _frames(app, 40, dt=0.01, events=[space])
    assert app.state.turn >= 1 and len(app.state.history) > 8  # deployed and on


def test_an_overlay_pauses_the_computer() -> None:
    app = _app(("A", "B"))
    app.bots.pace = 0.0
    app.show("menu")
    assert getattr(app.top, "overlay", False)
    before = len(app.state.history)
    for _ in range(5):
        app.step([], 0.5)
    assert len(app.state.history) == before


def test_bot_against_bot_can_be_watched_to_the_end() -> None:
    app = _app(("A", "B"))
    app.bots.pace = 0.0
    for _ in range(400):
        if outcome(app.state) is not None or app.state.turn > 3:
            break
        _frames(app, 1)
    assert app.state.turn > 3 or outcome(app.state) is not None


def test_bad_bot_arguments_are_one_sentence() -> None:
    with pytest.raises(PlayError, match="bot-style"):
        parse_args([str(MAP), "--bot", "B", "--bot-style", "reckless"])
    screen = pygame.display.set_mode((640, 400))
    with pytest.raises(PlayError, match="no side C"):
        make_app(Args(MAP, None, None, (640, 400), 1, bots=("C",)), screen)


def test_the_computers_placements_are_ringed_on_the_deployment_screen() -> None:
    """A computer's Deploy is made by the deployment screen itself, as a network player's
    is: its hex ringed a moment (DeployScene.landing) and no hot-seat hand-off."""
    app = _app(("B",))
    human = make_player("random", 1)
    for _ in range(40):
        if str(app.state.phase) != "deployment":
            break
        if actor(app.state) == "A":
            assert app.act(human.decide(app.state).action) is not None
            app.advance()
            app.follow_phase()
            _frames(app, 1)
            continue
        placed = len(app.state.history)
        _frames(app, 4, dt=0.25)
        if len(app.state.history) > placed and str(app.state.phase) == "deployment":
            landing = getattr(app.base, "landing", None)
            assert landing is not None and landing[0].startswith("B"), landing
            assert app.base.handoff is None
            return
    raise AssertionError("the computer placed no unit while deployment went on")
