"""The real window driven through whole battles by a player that makes legal choices at
random (issue 26), between frames of pure noise (random mouse and keys, as
tests/ui/test_monkey.py): every phase's screen is reached every run, the flight screen
and the physical attack screen among them, and the regiments screens in a regiments
battle. After every choice the App's state replays from its start (checked every few
choices) and frames are drawn.

The player picks among game.flow.choices (ENGINE.choices for regiments) an action the
rules accept, and hands it to the App the way the screens do (App.act, then the App's
automatic steps), so each screen must follow whatever the game does next.
"""

from __future__ import annotations

import operator
import random
from pathlib import Path

import pygame
import pytest

from game.flow import ENGINE as FLOW
from game.flow import apply, choices, initial_state, outcome
from game.phases.movers import rules_mover

from .test_monkey import random_event

DATA = Path(__file__).resolve().parent / "data"
BATTLE = DATA / "random_battle.json"
REGIMENTS = DATA / "regiments_charge.json"
FAST_CHOICES, SLOW_CHOICES = 70, 1500


@pytest.fixture(autouse=True)
def _env(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")


class Replayed:
    """The replay check, kept from one check to the next: the actions since the last check
    are applied to the state that check replayed. A replay is the actions applied one by
    one from the first state (game.core.engine.Engine.replay), so this is the state a
    replay from the start gives, at the cost of the new actions only (replaying the whole
    game every few choices made the check grow with the square of the game's length).
    It replays from the start when the game's start is another object than the last
    check's, or its history is not the checked one followed by new actions (an undo)."""

    def __init__(self, engine, first_state) -> None:  # noqa: ANN001
        self.engine, self.first_state = engine, first_state  # start objects -> first state
        self.start: tuple = ()
        self.history: tuple = ()
        self.state = None

    def __call__(self, start: tuple, history: tuple, tools=None):  # noqa: ANN001, ANN204
        n = len(self.history)
        same = len(start) == len(self.start) and all(map(operator.is_, start, self.start))
        if not same or history[:n] != self.history:
            self.start, self.history, self.state = start, (), self.first_state(*start)
            n = 0
        self.state = self.engine.replay(self.state, history[n:], tools)
        self.history = history
        return self.state


def _legal(state, rng: random.Random):  # noqa: ANN001, ANN202
    options = choices(state)
    rng.shuffle(options)
    return next((a for a in options if apply(state, a).ok), None)


def _noise(app, rng: random.Random, size: tuple[int, int], n: int) -> None:  # noqa: ANN001
    held: set[int] = set()
    for _ in range(n):
        event = random_event(rng, size, held)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_q):
            continue  # the ways out are the monkey's; here the battle goes on
        app.step([event], 1 / 30, draw=False)
        app.running = True


def hex_battle(seed: int, count: int) -> tuple[set[str], int]:
    """Scenes shown and turns played in a battle of random legal choices."""
    from game.ui.app.play import Args, make_app

    size = (1280, 720)
    screen = pygame.display.set_mode(size)
    app = make_app(Args(None, BATTLE, None, size, seed), screen)
    rng = random.Random(seed)
    seen: set[str] = set()
    replayed = Replayed(FLOW, initial_state)
    for i in range(count):
        state = app.state
        if outcome(state) is not None:
            break
        action = _legal(state, rng)
        assert action is not None, f"no legal action in the {state.phase} phase"
        assert app.act(action) is not None
        app.advance()
        app.follow_phase()
        app.step([], 1 / 30, draw=True)
        seen.add(type(app.top).__name__)
        seen |= {type(s).__name__ for s in app.scenes}
        if i % 5 == 0:
            _noise(app, rng, size, 6)  # may act too, by the screens' own checks
        if i % 20 == 0:
            s = app.state
            assert replayed((s.start_board, s.start), s.history, rules_mover) == s
    return seen, app.state.turn


def test_random_legal_player_reaches_every_screen_of_a_battle() -> None:
    seen, turns = hex_battle(26, FAST_CHOICES)
    assert {"PlayScene", "FlightScene", "AttackScene", "PhysicalScene"} <= seen, seen
    assert turns >= 2


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_player_plays_whole_battles(seed: int) -> None:
    seen, _ = hex_battle(seed, SLOW_CHOICES)
    assert {"PlayScene", "FlightScene", "AttackScene", "PhysicalScene"} <= seen, seen


def regiments_battle(seed: int, count: int) -> tuple[set[str], set[str], int]:
    """Scenes shown, kinds of action taken and rounds played in a regiments battle of
    random legal choices through the regiments screen."""
    from game.regiments.engine import ENGINE
    from game.regiments.engine import initial_state as regiments_initial_state
    from game.ui.app.regiments_cmd import make_app, parse

    size = (1280, 720)
    screen = pygame.display.set_mode(size)
    app = make_app(parse(["--scenario", str(REGIMENTS), "--seed", str(seed)]), screen)
    rng = random.Random(seed)
    seen: set[str] = set()
    kinds: set[str] = set()
    replayed = Replayed(ENGINE, regiments_initial_state)
    for i in range(count):
        scene = app.top
        state = scene.state
        options = ENGINE.choices(state)
        rng.shuffle(options)
        action = next((a for a in options if ENGINE.apply(state, a).ok), None)
        if action is None:
            break
        assert scene.act(action)
        kinds.add(type(action).__name__)
        app.step([], 1 / 30, draw=True)
        seen |= {type(s).__name__ for s in app.scenes}
        if i % 4 == 0:
            _noise(app, rng, size, 6)
        if i % 10 == 0:
            s = app.top.state
            assert replayed((s.start,), s.history) == s
    return seen, kinds, app.top.state.turn


def test_random_legal_player_plays_a_regiments_battle() -> None:
    seen, kinds, rounds = regiments_battle(26, 40)
    assert "RegimentsScene" in seen
    assert {"RegimentMove", "RegimentCharge"} <= kinds, kinds
    assert rounds >= 2


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_player_plays_whole_regiments_battles(seed: int) -> None:
    seen, kinds, _ = regiments_battle(seed, 300)
    assert "RegimentsScene" in seen and "RegimentCharge" in kinds, kinds
