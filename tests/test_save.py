"""Save/load: exact round trip by replay, atomic writes, one-sentence errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hotseat_helpers import fake_mover, hold_fire, setup_game

from game.core.actions import EndPhase
from game.core.files import SaveError, save_dir
from game.flow import actor, apply_strict, banner
from game.phases.actions import CommitMove, RollInitiative, StandStill
from game.phases.movement import to_move
from game.save import autosave, autosave_path, load_game, save_game
from game.state import GameState


def played() -> GameState:
    """Setup, deployment, a full turn with rolls from the script and the seed."""
    s = setup_game(script=(2, 3, 4, 4))
    for action in (
        RollInitiative(),
        CommitMove("A1", "walk", ("X", "F")),
        CommitMove("B1", "run", ("F", "X")),
        CommitMove("A2", "walk", ("L", "F", "X")),
        StandStill("A3"),
        CommitMove("B2", "walk", ("X",)),
        EndPhase(),
    ):
        s = apply_strict(s, action, fake_mover).state
    s = hold_fire(s)
    return apply_strict(s, RollInitiative(), fake_mover).state


def test_round_trip_restores_the_exact_state(tmp_path: Path) -> None:
    s = played()
    path = tmp_path / "game.json"
    save_game(s, path)
    loaded = load_game(path, fake_mover)
    assert loaded == s
    assert loaded.log == s.log and loaded.faces_used == s.faces_used
    assert banner(loaded) == banner(s)
    # the game goes on identically from the loaded state
    nxt = actor(s)
    uid = to_move(s, nxt)[0].id
    a = apply_strict(s, CommitMove(uid, "walk", ("X",)), fake_mover).state
    b = apply_strict(loaded, CommitMove(uid, "walk", ("X",)), fake_mover).state
    assert a == b


def test_round_trip_with_scenario_units_and_inline_board(tmp_path: Path) -> None:
    from dataclasses import replace

    from game.board import HexSpec, build_board
    from game.designs.roster import make_unit
    from game.hexgrid import Hex
    from game.setup import new_game
    from game.units.unit import Damage

    board = build_board(6, 6, {Hex(2, 2): HexSpec(level=2, woods=1)})
    a = replace(make_unit("HBK-4G", "a", "A", at=Hex(0, 0), facing=2), damage=Damage(pilot_hits=1))
    b = make_unit("JR7-D", "b", "B", at=Hex(5, 5), facing=5)
    s = new_game(board, seed=3, script=(1, 2), units=(a, b))
    path = tmp_path / "inline.json"
    save_game(s, path)
    loaded = load_game(path, fake_mover)
    assert loaded == s
    assert loaded.board.level[2, 2] == 2 and loaded.board.woods[2, 2] == 1


def test_crash_mid_write_leaves_the_old_save(tmp_path: Path, monkeypatch) -> None:
    s = played()
    path = tmp_path / "game.json"
    save_game(s, path)
    before = path.read_bytes()

    def boom(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    later = apply_strict(s, StandStill(to_move(s, actor(s))[0].id), fake_mover).state
    with pytest.raises(SaveError, match="could not be written"):
        save_game(later, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # temp file removed


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _good(tmp_path: Path) -> dict:
    path = tmp_path / "good.json"
    save_game(played(), path)
    return json.loads(path.read_text())


def _damaged(tmp_path: Path, data) -> str:
    path = tmp_path / "bad.json"
    _write(path, data if isinstance(data, str) else json.dumps(data))
    with pytest.raises(SaveError) as info:
        load_game(path, fake_mover)
    msg = str(info.value)
    assert str(path) in msg and "\n" not in msg
    assert msg.count(". ") == 0, msg  # one sentence
    return msg


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such file"):
        load_game(tmp_path / "nope.json")


def test_not_json(tmp_path: Path) -> None:
    assert "not valid JSON" in _damaged(tmp_path, '{"format": "hexplate-save",')


def test_not_a_save(tmp_path: Path) -> None:
    assert "not a hexplate save" in _damaged(tmp_path, {"version": 1})
    assert "must be a JSON object" in _damaged(tmp_path, [1, 2])


def test_wrong_version(tmp_path: Path) -> None:
    data = _good(tmp_path) | {"version": 99}
    assert "version 99 is not supported" in _damaged(tmp_path, data)


def test_missing_keys(tmp_path: Path) -> None:
    data = _good(tmp_path)
    del data["actions"]
    assert "has no 'actions'" in _damaged(tmp_path, data)
    data = _good(tmp_path)
    del data["start"]["seed"]
    assert "start has no 'seed'" in _damaged(tmp_path, data)


def test_bad_values(tmp_path: Path) -> None:
    data = _good(tmp_path)
    data["start"]["rules"] = "house"
    assert "rules must be one of" in _damaged(tmp_path, data)
    data = _good(tmp_path)
    data["actions"][3] = {"type": "Teleport"}
    assert "action 4 is damaged" in _damaged(tmp_path, data)
    data = _good(tmp_path)
    data["actions"][-1] = {"type": "StandStill", "unit_id": "A1"}
    assert "refused on replay" in _damaged(tmp_path, data)
    data = _good(tmp_path)
    data["start"]["dice"] = [1, 9]
    assert "bad.json" in _damaged(tmp_path, data)


def test_snapshot_mismatch(tmp_path: Path) -> None:
    data = _good(tmp_path)
    data["start"]["seed"] = 12345  # same actions, other dice: another position
    assert "does not reach the saved position" in _damaged(tmp_path, data)


def test_unknown_map(tmp_path: Path) -> None:
    data = _good(tmp_path)
    data["start"]["board"] = {"file": "maps/no-such-map.tmx"}
    assert "no-such-map.tmx" in _damaged(tmp_path, data)


def test_autosave_location(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    assert save_dir() == tmp_path / "saves"
    s = played()
    assert autosave(s) == autosave_path() == tmp_path / "saves" / "autosave.json"
    assert load_game(autosave_path(), fake_mover) == s
    monkeypatch.delenv("HEXPLATE_SAVE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert save_dir() == tmp_path / ".local" / "share" / "hexplate" / "saves"


SAVES = Path(__file__).parent / "saves"


@pytest.mark.parametrize("name", ["v4_default", "v4_tacops"])
def test_saves_of_the_released_version_4_are_refused_and_kept(
    name: str, monkeypatch, tmp_path
) -> None:
    """Saves players made with the last release cannot prove their game (their digest was
    taken over that code's objects): refused in one sentence saying what to do, and the
    file is never changed (docs/saves.md)."""
    monkeypatch.chdir(tmp_path)  # the map is found wherever the game is started from
    path = SAVES / f"{name}.json"
    before = path.read_bytes()
    with pytest.raises(SaveError) as e:
        load_game(path)
    assert "this version 4 save does not pass its own check" in str(e.value)
    assert "start the game again or load it with an older hexplate" in str(e.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("v4_defend", "version 4 let a Mech in physical attack defence act as if it had stood"),
        ("v4_corsair_on_land", "a rule it was played under has been corrected since"),
    ],
)
def test_a_version_4_save_the_corrected_rules_refuse_says_so_in_one_sentence(
    name: str, why: str
) -> None:
    """Made by the released version 4: a defender's weapon declaration (ADV-01, fixed) and a
    vessel set on dry land (ADV-24, fixed). They cannot be replayed; the sentence says why."""
    path = SAVES / f"{name}.json"
    with pytest.raises(SaveError) as e:
        load_game(path)
    text = str(e.value)
    assert text.startswith(f"{path}: this game was saved by an older version (save version 4)")
    assert why in text and "\n" not in text
