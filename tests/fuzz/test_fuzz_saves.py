"""Fuzzing saves (issue 9): a save edited in any field is either rejected with one
sentence naming the file, or loads into exactly the game that was saved.

Two seeded games are played with the real rules (a map game from setup through
deployment, and a scenario game with units placed) and saved. Then every value of each
save file, one at a time, is changed as a user or a cheat would (numbers nudged, text
and hex names altered, flags flipped, list items dropped or doubled, keys dropped or
added), and more files get several random edits or byte damage. Loading each must
raise SaveError (one line, the file named) or give a state equal to the saved one on
the same board.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from fuzzkit import crash, get, locations, mutate_json, mutate_text, nudged, put
from games import map_game, played, scenario_game

from game.core.files import SaveError
from game.save import load_game, save_game
from game.scenario.writer import board_digest
from game.state import GameState

SLOW_RANDOM = 300
STRIDE = 6  # the every-field sweep's share in every run; the slow suite edits every field


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, GameState, dict]]:
    folder = tmp_path_factory.mktemp("saves")
    out = []
    for name, state in (("map", played(map_game(11), 11, 24)),
                        ("scenario", played(scenario_game(12), 12, 16))):  # fmt: skip
        path = folder / f"{name}.json"
        save_game(state, path)
        out.append((path, state, json.loads(path.read_text())))
    return out


def verdict(path: Path, saved: GameState) -> str | None:
    """None if the file is refused properly or loads into the saved game."""
    try:
        loaded = load_game(path)
    except SaveError as e:
        msg = str(e)
        if "\n" in msg or str(path) not in msg:
            return f"not one sentence naming the file: {msg[:300]}"
        return None
    except Exception as e:  # noqa: BLE001 - the finding
        return crash(e)
    if loaded != saved:
        return "loaded into a different game"
    if board_digest(loaded.start_board or loaded.board) != board_digest(
        saved.start_board or saved.board
    ):
        return "loaded onto a different board"
    return None


def test_the_saved_games_went_somewhere(saves) -> None:
    (_, m, _), (_, s, _) = saves
    assert m.turn >= 1 and any(a.__class__.__name__ == "Deploy" for a in m.history)
    assert any(a.__class__.__name__ == "CommitMove" for a in s.history)


def _fields_edited(saves, tmp_path: Path, stride: int) -> None:
    failures, count = [], 0
    for src, state, doc in saves:
        for i, at in enumerate(list(locations(doc))[1::stride]):
            rng = random.Random(i)
            edited = put(json.loads(json.dumps(doc)), at, nudged(get(doc, at), rng))
            path = tmp_path / f"edit_{src.stem}.json"
            path.write_text(json.dumps(edited))
            why = verdict(path, state)
            count += 1
            if why is not None:
                failures.append(f"{src.stem} {list(at)}: {why}")
    assert count > 300 // stride
    assert not failures, "\n".join(failures[:8])


def test_fields_of_a_save_edited_are_refused_or_the_same_game(saves, tmp_path: Path) -> None:
    """Every run: every STRIDE-th field (the fast suite's share)."""
    _fields_edited(saves, tmp_path, STRIDE)


@pytest.mark.slow
def test_every_field_of_a_save_edited_is_refused_or_the_same_game(saves, tmp_path: Path) -> None:
    _fields_edited(saves, tmp_path, 1)


def _random_saves(saves, tmp_path: Path, seeds: range) -> list[str]:
    failures = []
    for seed in seeds:
        rng = random.Random(seed)
        src, state, doc = saves[seed % len(saves)]
        path = tmp_path / f"random_{seed}.json"
        if rng.random() < 0.75:
            edited, done = mutate_json(doc, rng, rng.randint(1, 3))
            path.write_text(json.dumps(edited))
        else:
            raw, what = mutate_text(json.dumps(doc, indent=1), rng)
            path.write_bytes(raw)
            done = [what]
        why = verdict(path, state)
        if why is not None:
            failures.append(f"seed {seed} {src.stem} {done}: {why}")
        path.unlink()
    return failures


def test_fuzz_randomly_damaged_saves(saves, tmp_path: Path) -> None:
    failures = _random_saves(saves, tmp_path, range(60))
    assert not failures, "\n".join(failures[:8])


@pytest.mark.slow
def test_fuzz_randomly_damaged_saves_more(saves, tmp_path: Path) -> None:
    failures = _random_saves(saves, tmp_path, range(1000, 1000 + SLOW_RANDOM))
    assert not failures, "\n".join(failures[:8])
