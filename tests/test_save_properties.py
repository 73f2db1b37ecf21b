"""Property tests over the core of both rule sets (issue 26, hypothesis): after any
sequence of legal actions, a save written and read back is the same game, and replaying
the game's actions from its start gives it again, log included.

Hypothesis draws each choice among the phase's legal actions (game.flow.choices, the
regiments ENGINE.choices), so a failing sequence shrinks to the shortest one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.flow import advance, apply, choices, outcome, replay
from game.phases.actions import StartGame
from game.regiments import save as regiments_save
from game.regiments.engine import ENGINE
from game.regiments.engine import replay as regiments_replay
from game.regiments.setup import game_from_scenario
from game.save import load_game, save_game
from game.setup import new_game_from_scenario

HERE = Path(__file__).parent
BATTLE = HERE / "ui" / "data" / "random_battle.json"
REGIMENTS = HERE.parent / "scenarios" / "regiments-grassland.json"
FAST_EXAMPLES, SLOW_EXAMPLES = 6, 60
SETTINGS = settings(max_examples=FAST_EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])  # fmt: skip
MORE = settings(SETTINGS, max_examples=SLOW_EXAMPLES, derandomize=False)


def _pick(data: st.DataObject, options: list, accepts) -> object | None:  # noqa: ANN001
    """A legal action drawn among ``options`` (each refused one is left out in turn)."""
    options = list(options)
    while options:
        action = options.pop(data.draw(st.integers(0, len(options) - 1), label="choice"))
        if accepts(action):
            return action
    return None


HEX = given(seed=st.integers(1, 10_000), data=st.data(), count=st.integers(0, 40))
REG = given(seed=st.integers(1, 10_000), data=st.data(), count=st.integers(0, 16))


@SETTINGS
@HEX
def test_hex_games_save_load_and_replay_to_the_same_game(tmp_path_factory, seed, data, count):
    hex_game_round_trips(tmp_path_factory, seed, data, count)


@SETTINGS
@REG
def test_regiments_games_save_load_and_replay_to_the_same_game(tmp_path_factory, seed, data,
                                                               count):  # fmt: skip
    regiments_game_round_trips(tmp_path_factory, seed, data, count)


@pytest.mark.slow
@MORE
@HEX
def test_more_hex_games_round_trip(tmp_path_factory, seed, data, count):
    hex_game_round_trips(tmp_path_factory, seed, data, count)


@pytest.mark.slow
@MORE
@REG
def test_more_regiments_games_round_trip(tmp_path_factory, seed, data, count):
    regiments_game_round_trips(tmp_path_factory, seed, data, count)


def hex_game_round_trips(tmp_path_factory, seed, data, count) -> None:  # noqa: ANN001
    state = apply(new_game_from_scenario(BATTLE, seed=seed), StartGame()).state
    state = advance(state)[0]
    for _ in range(count):
        if outcome(state) is not None:
            break
        action = _pick(data, choices(state), lambda a, s=state: apply(s, a).ok)
        if action is None:
            break
        state = advance(apply(state, action).state)[0]
    path = tmp_path_factory.mktemp("hex") / "game.json"
    save_game(state, path)
    loaded = load_game(path)
    assert loaded == state and loaded.log == state.log
    again = replay(state.start_board or state.board, state.start, state.history)
    assert again == state and again.log == state.log
    assert json.loads(path.read_text())["snapshot"]["actions"] == len(state.history)


def regiments_game_round_trips(tmp_path_factory, seed, data, count) -> None:  # noqa: ANN001
    state = ENGINE.advance(game_from_scenario(REGIMENTS, seed=seed))[0]
    for _ in range(count):
        action = _pick(data, ENGINE.choices(state), lambda a, s=state: ENGINE.apply(s, a).ok)
        if action is None:
            break
        state = ENGINE.advance(ENGINE.apply(state, action).state)[0]
    path = tmp_path_factory.mktemp("reg") / "game.json"
    regiments_save.save_game(state, path)
    loaded = regiments_save.load_game(path)
    assert loaded == state and loaded.log == state.log
    again = regiments_replay(state.start, state.history)
    assert again == state and again.log == state.log
