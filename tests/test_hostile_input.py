"""Crashes and silent faults that fuzzing found (issue 9), one test each.

Every test here failed before its fix: a traceback where one sentence was due, a value
quietly accepted, a save that loaded into a different game, a leftover file.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from game.board import HexSpec, build_board
from game.cli import main as cli
from game.core.files import SaveError, ScenarioError
from game.designs.roster import make_unit
from game.hexgrid import Hex, HexNameError, hex_name, parse_hex_name
from game.phases.actions import action_from_json
from game.rules.move.steps import StepError, parse_step
from game.save import load_game, save_game
from game.scenario.reader import load_scenario
from game.setup import new_game, new_game_from_map

HERE = Path(__file__).parent
SAMPLE = HERE / "scenarios" / "spec_sample.json"


def sample() -> dict:
    return json.loads(SAMPLE.read_text())


def one_sentence(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "Traceback" not in err, err
    return lines[0]


# --- hex names in other scripts' digits ------------------------------------------------


@pytest.mark.parametrize("name", ["²²²²", "１２１２", "٠١٠٢", "12³4", "0a05", " 12 12"])
def test_hex_names_are_ascii_digits_only(name: str) -> None:
    with pytest.raises(HexNameError):
        parse_hex_name(name)


def test_hex_name_of_a_far_hex_parses_back_even_without_the_board_size() -> None:
    for h in (Hex(98, 3), Hex(150, 5), Hex(5, 700), Hex(998, 998)):
        assert parse_hex_name(hex_name(h)) == h


@pytest.mark.parametrize("where", ["at", "hexes"])
@pytest.mark.parametrize("name", ["²²²²", "１２１２"])
def test_scenario_hex_names_in_other_digits_are_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, name: str
) -> None:
    d = sample()
    if where == "at":
        d["units"][0]["at"] = name
    else:
        d["board"]["hexes"][name] = {"level": 1}
    p = tmp_path / "digits.json"
    p.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(ScenarioError, match="is not a hex name"):
        load_scenario(p)
    assert cli(["rules", "move", str(p)]) == 2
    one_sentence(capsys, p)


@pytest.mark.parametrize("token", ["J:²²²²", "J:１２１２", "U:²", "FACE:５"])
def test_step_tokens_in_other_digits_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], token: str
) -> None:
    with pytest.raises(StepError):
        parse_step(token)
    d = sample()
    d["move"]["steps"] = ["F", token]
    p = tmp_path / "steps.json"
    p.write_text(json.dumps(d), encoding="utf-8")
    assert cli(["rules", "move", str(p)]) == 2
    assert "move.steps[1]" in one_sentence(capsys, p)


@pytest.mark.parametrize("at", ["１２１２", "²²²²", 1212, ["0101"]])
def test_action_codec_takes_hex_names_as_ascii_strings_only(at: object) -> None:
    with pytest.raises(ValueError, match="Deploy at"):
        action_from_json({"type": "Deploy", "unit_id": "A1", "at": at, "facing": 0})


# --- deeply nested JSON ----------------------------------------------------------------


@pytest.mark.parametrize("text", ["[" * 5000 + "]" * 5000, '{"a":' * 4000 + "1" + "}" * 4000])
def test_deeply_nested_json_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    p = tmp_path / "deep.json"
    p.write_text(text)
    for command in ("move", "reach"):
        assert cli(["rules", command, str(p)]) == 2
        assert "nest too deeply" in one_sentence(capsys, p)
    with pytest.raises(SaveError, match="nest too deeply"):
        load_game(p)


def test_long_or_nested_values_are_cut_short_in_messages(tmp_path: Path) -> None:
    d = sample()
    d["units"][0]["kind"] = [[[[["x" * 5000]]]]]
    p = tmp_path / "long.json"
    p.write_text(json.dumps(d))
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    assert len(str(e.value)) < 300 and "kind" in str(e.value)


# --- the save's snapshot covers the board ------------------------------------------------


def _inline_save(tmp_path: Path) -> tuple[Path, dict]:
    specs = {
        Hex(2, 2): HexSpec(building_class=2, building_cf=40, building_height=2),
        Hex(3, 3): HexSpec(road=True),
        Hex(3, 4): HexSpec(road=True),
    }
    board = build_board(8, 8, specs)
    a = make_unit("HBK-4G", "a", "A", at=Hex(0, 0), facing=2)
    b = make_unit("JR7-D", "b", "B", at=Hex(7, 7), facing=5)
    path = tmp_path / "inline.json"
    save_game(new_game(board, seed=3, units=(a, b)), path)
    return path, json.loads(path.read_text())


@pytest.mark.parametrize(
    ("hex_", "edit"),
    [
        ("0303", {"building": {"class": "medium", "cf": 40, "height": 3}}),  # taller
        ("0404", None),  # road removed
        ("0606", {"woods": 2}),  # woods added
    ],
)
def test_an_edited_inline_board_is_rejected(tmp_path: Path, hex_: str, edit) -> None:
    path, data = _inline_save(tmp_path)
    hexes = data["start"]["board"]["hexes"]
    if edit is None:
        del hexes[hex_]
    else:
        hexes[hex_] = edit
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="board is not the one the game was played on"):
        load_game(path)


def test_a_changed_map_file_is_named_when_a_save_is_loaded(tmp_path: Path) -> None:
    src = HERE.parent / "maps"
    for name in ("grassland.tmx", "terrain.tsx", "terrain.png"):
        (tmp_path / name).write_bytes((src / name).read_bytes())
    tmx = tmp_path / "grassland.tmx"
    path = tmp_path / "game.json"
    save_game(new_game_from_map(tmx), path)
    text = tmx.read_text()
    tmx.write_text(text.replace("\n1,", "\n3,", 1))  # one clear hex made rough
    with pytest.raises(SaveError, match=r"has been edited since this game was played on it "
                                        r"\(1 of its 17 rows differ\)"):  # fmt: skip
        load_game(path)


# --- scenario and save name the file that points to a broken map ----------------------


def test_a_broken_map_is_named_with_the_scenario_that_points_to_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.tmx").write_text("<map orientation='orthogonal'/>")
    d = sample()
    d["board"] = {"file": "bad.tmx"}
    p = tmp_path / "points.json"
    p.write_text(json.dumps(d))
    assert cli(["rules", "reach", str(p)]) == 2
    line = one_sentence(capsys, p)
    assert "board file 'bad.tmx' cannot be used" in line and "bad.tmx: the map orientation" in line
    save = {"format": "hexplate-save", "version": 6, "actions": [], "snapshot": {},
            "start": {"board": {"file": "bad.tmx"}, "units": [], "rules": "tw",
                      "sides": ["A", "B"], "seed": 1, "dice": []}}  # fmt: skip
    s = tmp_path / "save.json"
    s.write_text(json.dumps(save))
    with pytest.raises(SaveError) as e:
        load_game(s)
    assert str(e.value).startswith(f"{s}: board file 'bad.tmx' cannot be used")


# --- atomic saves: leftovers, folder fsync ----------------------------------------------


def test_a_killed_save_leaves_no_temp_file_behind_after_the_next_save(tmp_path: Path) -> None:
    path, _ = _inline_save(tmp_path)
    dead = tmp_path / f".{path.name}.{2**22 + 12345}.abcd.tmp"  # a pid no system hands out
    dead.write_text("{half a save")
    old = tmp_path / f".{path.name}.q1w2e3.tmp"  # the old name, without a process id
    old.write_text("{")
    os.utime(old, (1, 1))
    mine = tmp_path / f".{path.name}.{os.getpid()}.zzzz.tmp"  # a save of ours under way
    mine.write_text("{")
    other = tmp_path / ".other.json.123.x.tmp"  # another file's: not ours to touch
    other.write_text("{")
    save_game(load_game(path), path)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([path.name, mine.name, other.name])


def test_the_folder_is_synced_after_the_rename(tmp_path: Path, monkeypatch) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(a, b) -> None:
        calls.append("rename")
        real_replace(a, b)

    path, _ = _inline_save(tmp_path)
    state = load_game(path)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    save_game(state, path)
    assert calls == ["file", "rename", "folder"]
    assert load_game(path) == state


def test_a_save_loaded_from_another_folder_keeps_its_map_and_saves_again(
    tmp_path: Path, monkeypatch
) -> None:
    """The map reference stayed relative to the game folder only when the game ran from
    there; loaded elsewhere, the next save pointed to a map that is not there."""
    state = new_game_from_map(HERE.parent / "maps" / "grassland.tmx")
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    save_game(state, first)
    monkeypatch.chdir(tmp_path)
    loaded = load_game(first)
    assert loaded == state and loaded.start.map_ref == "maps/grassland.tmx"
    save_game(loaded, second)
    assert load_game(second) == state


def test_an_edited_dice_script_is_rejected(tmp_path: Path) -> None:
    """Unused faces of the script decide rolls still to come: the snapshot covers them."""
    path, data = _inline_save(tmp_path)
    data["start"]["dice"] = [6, 6, 6, 6]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not reach the saved position"):
        load_game(path)
