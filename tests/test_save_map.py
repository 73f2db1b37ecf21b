"""A save of a game on a map file records the map (game.save_map, issue 26 from issue 25):
its size and a digest of each terrain row, so a map found at the save's map path that is
not the game's is called another map or this map edited since, as it is. Saves without
the record (version 6 saves written before it) keep the sentence that cannot tell."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.core.files import SaveError
from game.flow import apply_strict
from game.maps.tiled import load_map
from game.maps.tmx_write import write_tmx
from game.phases.actions import StartGame
from game.save import load_game, save_game
from game.save_map import map_print
from game.setup import new_game_from_map, with_forces

ROOT = Path(__file__).resolve().parents[1]
AGAIN = "put the map the game was played on back there to continue it"


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Path, Path]:
    """A game saved on maps/here.tmx (a copy of grassland); the save and the map."""
    maps = tmp_path / "maps"
    maps.mkdir()
    here = maps / "here.tmx"
    here.write_bytes((ROOT / "maps" / "grassland.tmx").read_bytes())
    for tsx in ("terrain.tsx", "terrain.png"):
        (maps / tsx).write_bytes((ROOT / "maps" / tsx).read_bytes())
    s = apply_strict(with_forces(new_game_from_map(here)), StartGame()).state
    save_game(s, tmp_path / "g.json")
    return tmp_path / "g.json", here


def refusal(path: Path) -> str:
    with pytest.raises(SaveError) as e:
        load_game(path)
    msg = str(e.value)
    assert msg.startswith(f"{path}: ") and "\n" not in msg
    return msg


def test_the_save_records_its_map_and_loads(saved) -> None:
    save, here = saved
    doc = json.loads(save.read_text())
    assert doc["map"] == map_print(load_map(here)) and doc["map"]["size"] == [16, 17]
    assert len(load_game(save).history) == len(doc["actions"])


def test_another_map_of_the_same_size_is_called_another_map(saved) -> None:
    save, here = saved
    here.write_bytes((ROOT / "maps" / "river.tmx").read_bytes())
    msg = refusal(save)
    assert "is another map than the one this game was played on (the same size, but 17 of " \
        "its 17 rows differ)" in msg and AGAIN in msg  # fmt: skip


def test_a_map_of_another_size_is_called_another_map(saved) -> None:
    save, here = saved
    here.write_bytes((ROOT / "maps" / "default.tmx").read_bytes())
    assert "is another map than the one this game was played on (32x34 hexes, the game's " \
        "was 16x17)" in refusal(save)  # fmt: skip


def test_the_same_map_edited_is_called_edited(saved) -> None:
    save, here = saved
    board = load_map(here)
    woods = board.woods.copy()
    woods[3, 4] = 2 if woods[3, 4] != 2 else 1  # one hex: heavy woods now
    write_tmx(replace(board, woods=woods), here)
    msg = refusal(save)
    assert f"the map {here} has been edited since this game was played on it (1 of its 17 " \
        "rows differ); put the map as it was back there" in msg  # fmt: skip


def test_a_map_whose_deployment_zones_alone_changed_is_called_edited(saved) -> None:
    save, here = saved
    board = load_map(here)
    assert board.zones
    write_tmx(board, here)  # the terrain as it was, without the zones' object layer
    assert load_map(here).zones == () and map_print(load_map(here)) == map_print(board)
    assert "has been edited since this game was played on it (its deployment zones " \
        "differ)" in refusal(save)  # fmt: skip


def test_a_save_written_before_the_record_keeps_the_sentence_that_cannot_tell(saved) -> None:
    """A version 6 save without "map" still loads; its refusal names both cases."""
    save, here = saved
    doc = json.loads(save.read_text())
    del doc["map"]
    save.write_text(json.dumps(doc))
    assert len(load_game(save).history) == len(doc["actions"])
    here.write_bytes((ROOT / "maps" / "river.tmx").read_bytes())
    assert "is not the one this game was played on: another map at that path, or this map " \
        "edited since" in refusal(save)  # fmt: skip


@pytest.mark.parametrize("record", [{"size": [16, 18], "rows": []}, 5, None])
def test_an_edited_record_is_refused(saved, record) -> None:
    save, _ = saved
    doc = json.loads(save.read_text())
    doc["map"] = record
    save.write_text(json.dumps(doc))
    assert "the save's 'map' " in refusal(save) and "(the file was edited)" in refusal(save)
