"""A hex save keeps who plays each side and the computer's why-lines (issue 21: the
optional "players" and "why" keys of version-6 saves, game.core.seats); a bad value is
one sentence naming the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.bot.players import make_player
from game.core.files import SaveError
from game.core.seats import Note, Seats
from game.flow import advance, apply, outcome
from game.phases.actions import StartGame
from game.save import load_game, load_seated, save_game, save_to_json
from game.setup import new_game_from_map, with_forces
from game.state import GameState

MAP = Path(__file__).resolve().parents[1] / "maps" / "grassland.tmx"


def game(actions: int = 6) -> GameState:
    s = advance(apply(with_forces(new_game_from_map(MAP, seed=4)), StartGame()).state)[0]
    player = make_player("random", 2)
    while len(s.history) < actions and outcome(s) is None:
        s = advance(apply(s, player.decide(s).action).state)[0]
    return s


SEATS = Seats({"B": "bot:aggressive:easy"},
              (Note(2, "B", "B1 walks to 0907: light woods +1", (("taken", 1.5),)),))  # fmt: skip


def test_the_players_and_notes_are_kept_and_read_back(tmp_path: Path) -> None:
    s, path = game(), tmp_path / "g.json"
    save_game(s, path, SEATS)
    data = json.loads(path.read_text())
    assert data["players"] == {"B": "bot:aggressive:easy"} and data["why"][0]["action"] == 2
    state, seats = load_seated(path)
    assert state == s and seats == Seats(seats.players, SEATS.notes)
    assert dict(seats.players) == {"B": "bot:aggressive:easy"}
    assert load_game(path) == s


def test_a_save_without_them_is_played_by_humans(tmp_path: Path) -> None:
    s, path = game(), tmp_path / "g.json"
    save_game(s, path)
    assert "players" not in json.loads(path.read_text())
    save_game(s, path, Seats())  # the window's save of a game of humans: the same file
    assert "players" not in json.loads(path.read_text()) and "why" not in path.read_text()
    assert load_seated(path)[1] == Seats()


def test_the_players_are_not_part_of_the_position(tmp_path: Path) -> None:
    """Who plays changes nothing the digest covers: the snapshot is the same."""
    s = game()
    assert save_to_json(s, SEATS)["snapshot"] == save_to_json(s)["snapshot"]


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("players", {"B": "bot:reckless"}, "player 'bot:reckless' is not"),
        ("players", {"Z": "human"}, "side 'Z'"),
        ("players", "B", "'players' must be an object"),
        ("why", [{"action": 999, "side": "B", "why": "x", "numbers": {}}], "action 999"),
        ("why", "because", "'why' must be a list"),
    ],
)
def test_a_bad_value_is_one_sentence_naming_the_file(tmp_path: Path, key: str, value: object,
                                                     words: str) -> None:  # fmt: skip
    s, path = game(), tmp_path / "bad.json"
    data = save_to_json(s, SEATS)
    data[key] = value
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as e:
        load_game(path)
    text = str(e.value)
    assert text.startswith(f"{path}: ") and words in text and text.endswith(".")
    assert "\n" not in text


def test_an_older_version_cannot_hold_them(tmp_path: Path) -> None:
    old = Path(__file__).parent / "saves" / "v4_default.json"
    data = json.loads(old.read_text())
    data["players"] = {"B": "bot"}
    path = tmp_path / "v4.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="which version 4 saves cannot hold"):
        load_game(path)


def test_a_key_no_version_6_save_holds_is_refused_naming_it(tmp_path: Path) -> None:
    s, path = game(), tmp_path / "g.json"
    save_game(s, path, SEATS)
    data = json.loads(path.read_text())
    data["cheat"] = {"A1": {"armor": 99}}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as e:
        load_game(path)
    assert str(e.value) == (f"{path}: the save has 'cheat', which no version 6 save holds "
                            "(the file was edited)")  # fmt: skip
