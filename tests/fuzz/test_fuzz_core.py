"""Fuzzing the core (issue 9): seeded random action sequences through game.flow.apply
with the real rules, mostly what a player would do (deploy, move along offered paths,
stand, end phases) and one time in four something a player should not be able to do
(wrong unit, phase, hex, mode or steps). After every action the invariants hold:

* an action is accepted (Outcome) or refused (Refused, one sentence) - never raised;
* a refused action leaves the state as it was; an accepted one adds itself to history;
* every placed unit is on the board, facing 0..5, and no two units that are not
  destroyed share a hex (MOV-30);
* the phase is one of the game's, the side to act is one of its sides;
* from time to time: replaying the history gives the same state, and the save file
  of the state loads back into it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from games import bot_action, map_game, noise_action, scenario_game

from game.core.actions import Refused
from game.flow import Outcome, actor, apply, outcome, replay
from game.rules.turn import Phase
from game.save import load_game, save_game
from game.state import GameState

PHASES = {"setup", "deployment", *(str(p) for p in Phase)}


def check(s: GameState) -> None:
    placed = [u for u in s.units if s.board.contains(u.at)]
    if s.phase not in ("setup", "deployment"):
        assert len(placed) == len(s.units), "a unit left the board"
    for u in placed:
        assert 0 <= u.facing <= 5
    spots = [u.at for u in placed if not s.is_destroyed(u)]
    assert len(spots) == len(set(spots)), "two units share a hex (MOV-30)"
    assert str(s.phase) in PHASES
    assert actor(s) is None or actor(s) in s.sides


def fuzz_game(s: GameState, seed: int, actions: int, folder: Path, deep_every: int) -> int:
    """Play ``actions`` seeded actions; returns how many were accepted."""
    rng = random.Random(seed)
    accepted = 0
    for i in range(actions):
        action = noise_action(s, rng) if rng.random() < 0.25 else bot_action(s, rng)
        out = apply(s, action)
        if isinstance(out, Refused):
            assert out.reason and "\n" not in out.reason, (seed, i, action, out.reason)
            continue
        assert isinstance(out, Outcome), (seed, i, action)
        assert out.state.history == (*s.history, action)
        s = out.state
        accepted += 1
        check(s)
        if accepted % deep_every == 0:
            assert replay(s.start_board, s.start, s.history) == s, (seed, i)
            path = folder / f"core_{seed}.json"
            save_game(s, path)
            assert load_game(path) == s, (seed, i)
        if outcome(s) is not None:
            break
    return accepted


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_actions_keep_every_invariant(seed: int, tmp_path: Path) -> None:
    start = (
        map_game(seed, ("grassland", "river", "city")[seed % 3])
        if seed % 2
        else scenario_game(seed)
    )
    assert fuzz_game(start, seed, 120, tmp_path, deep_every=40) > 40


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 18))
def test_random_actions_keep_every_invariant_longer(seed: int, tmp_path: Path) -> None:
    start = (
        map_game(seed, ("harbour", "river", "city", "default", "grassland")[seed % 5])
        if seed % 2
        else scenario_game(seed)
    )
    assert fuzz_game(start, seed, 300, tmp_path, deep_every=60) > 100
