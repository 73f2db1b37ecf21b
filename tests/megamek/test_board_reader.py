"""MegaMek .board files (issue 22): every terrain kind, road exits, buildings, bridges,
odd sizes, what is left out, and damaged or hostile files (one sentence, exit 2).

The boards are hand-written for these tests (tests/megamek/files), never copies of the
reference program's boards."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from game.cli import main as cli
from game.hexgrid import Hex, parse_hex_name
from game.maps import MapError, load_map, read_map
from game.maps.megamek_board import read_board_text

FILES = Path(__file__).resolve().parent / "files"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli(list(argv))
    return code, out.getvalue(), err.getvalue()


CLEAR = '0 ""'


def board_text(width: int, height: int, cells: dict[str, str] | None = None, **extra: str) -> str:
    """A board file: every hex clear level 0 but the ``cells`` ("0203": 'LEVEL "TERRAIN"')."""
    lines = [f"size {width} {height}", *extra.values()]
    for r in range(height):
        for c in range(width):
            name = Hex(c, r).name(width, height)
            cell = (cells or {}).get(name, CLEAR)
            lines.append(f'hex {name} {cell} ""')
    return "\n".join([*lines, "end", ""])


def spec(path_or_text: Path | str, name: str):
    board = load_map(path_or_text) if isinstance(path_or_text, Path) else path_or_text
    return board.spec(parse_hex_name(name))


def test_every_terrain_kind_we_play_is_read() -> None:
    read = read_map(FILES / "every_terrain.board")
    b = read.board
    assert (b.width, b.height) == (5, 4)
    assert [spec(b, n).woods for n in ("0101", "0201", "0301")] == [1, 2, 3]
    assert spec(b, "0401").rough and spec(b, "0501").rough
    water = spec(b, "0102")
    assert (water.level, water.water) == (-2, 3)  # level is the surface, the bottom at -5
    assert b.floor()[1, 0] == -5
    assert spec(b, "0202").water == 0
    assert spec(b, "0302").rubble and spec(b, "0402").rubble
    assert spec(b, "0502").pavement
    assert (spec(b, "0103").level, spec(b, "0203").level) == (3, -1)
    bld = spec(b, "0303")
    assert (bld.building_class, bld.building_cf, bld.building_height, bld.level) == (4, 120, 3, 1)
    assert read.tags == ("test",) and "hand-written" in read.description
    assert read.themes["desert"] == 2 and read.themes["grass"] == 2 + 13


def test_what_is_not_played_is_listed_once_with_where() -> None:
    read = read_map(FILES / "every_terrain.board")
    left = {(w.at, w.terrain) for w in read.warnings}
    assert left == {
        ("0501", "ultra rough"), ("0402", "ultra rubble"), ("0403", "swamp"), ("0503", "snow"),
        ("0503", "ice"), ("0104", "mud"), ("0204", "magma"), ("0304", "fortified"),
        ("0404", "heavy_industrial"), ("0504", "metal_deposit"),
    }  # fmt: skip
    sentence = read.left_out()
    assert sentence.count("swamp") == 1 and "0403" in sentence and sentence.endswith(".")
    for at in ("0403", "0503", "0104", "0204", "0304", "0404", "0504"):
        s = spec(read.board, at)
        assert s == type(s)(road_exits=())  # kept out of play: clear ground


def test_crlf_comments_and_explicit_and_automatic_road_exits() -> None:
    b = load_map(FILES / "roads_crlf.board")
    assert spec(b, "0101").road_exits == (2,)  # automatic: toward the road in 0201 (SE)
    assert spec(b, "0201").road_exits == (3, 5)  # automatic: 0101 (NW) and 0202 (S)
    assert spec(b, "0202").road_exits == (0, 3)  # given: N and S (over the edge)
    assert not spec(b, "0301").road  # pavement alone


def test_a_road_exit_nobody_answers_is_dropped() -> None:
    cells = {"0202": '0 "road:1:63"', "0201": '0 "road:1"', "0102": '0 "pavement:1"'}
    text = board_text(3, 3, cells)
    b = read_board_text(text, "t.board").board
    assert spec(b, "0202").road_exits == (0,)  # only N: the road in 0201 leads back


def test_a_multi_hex_building_takes_its_cf_and_height_and_the_bridge_its_deck() -> None:
    b = load_map(FILES / "town.board")
    for name in ("0202", "0302"):
        s = spec(b, name)
        assert (s.building_class, s.building_cf, s.building_height) == (3, 80, 2)
    for name in ("0204", "0304"):
        s = spec(b, name)
        assert (s.bridge_class, s.bridge_cf, s.bridge_level, s.water) == (2, 30, 2, 2)
        assert s.road
    assert spec(b, "0104").road_exits == (0, 2)
    assert spec(b, "0204").road_exits == (1, 5)
    assert spec(b, "0304").road_exits == (2, 4)
    assert spec(b, "0404").road_exits == (5,)  # automatic, onto the bridge that leads here


def test_a_building_alone_keeps_the_class_defaults() -> None:
    b = read_board_text(board_text(2, 1, {"0101": '0 "building:1"'}), "t.board").board
    s = spec(b, "0101")
    assert (s.building_class, s.building_cf, s.building_height) == (1, 15, 1)


def test_a_cf_above_the_class_maximum_is_played_at_the_maximum_and_said() -> None:
    read = read_board_text(board_text(1, 1, {"0101": '0 "building:1;bldg_cf:99"'}), "t.board")
    assert spec(read.board, "0101").building_cf == 15
    assert read.warnings[0].terrain == "building CF" and "MOV-26" in read.warnings[0].text


@pytest.mark.parametrize("size", [(1, 1), (10, 10), (15, 14), (32, 17), (3, 101)])
def test_any_size_reads(size: tuple[int, int]) -> None:
    w, h = size
    text = board_text(w, h, {Hex(w - 1, h - 1).name(w, h): '2 "woods:1"'})
    b = read_board_text(text, "t.board").board
    assert (b.width, b.height) == size
    assert b.woods[h - 1, w - 1] == 1 and b.level[h - 1, w - 1] == 2 and b.woods.sum() == 1


def test_woods_in_deep_water_is_left_out_not_refused() -> None:
    read = read_board_text(board_text(1, 1, {"0101": '0 "water:2;woods:1"'}), "t.board")
    assert spec(read.board, "0101").woods == 0 and read.warnings[0].terrain == "woods"


def test_dump_json_is_the_scenario_board_block_with_warnings() -> None:
    code, out, _ = run("map", "dump", str(FILES / "town.board"), "--json")
    assert code == 0
    doc = json.loads(out)
    assert set(doc) == {"width", "height", "hexes", "warnings"}
    assert doc["hexes"]["0204"] == {
        "water": 2, "road": True, "bridge": {"class": "medium", "cf": 30, "level": 2}
    }  # fmt: skip
    assert doc["hexes"]["0202"] == {"building": {"class": "heavy", "cf": 80, "height": 2}}
    assert doc["warnings"] == []
    code, out, _ = run("map", "dump", str(FILES / "every_terrain.board"), "--json")
    doc = json.loads(out)
    assert {"at": "0403", "terrain": "swamp", "text": "not played"} in doc["warnings"]
    assert doc["hexes"]["0102"] == {"level": -2, "water": 3}
    assert "0403" not in doc["hexes"]


def test_dump_of_a_tmx_has_the_same_form() -> None:
    code, out, _ = run("map", "dump", "maps/river.tmx", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["warnings"] == [] and doc["width"] > 0 and doc["hexes"]


def test_the_referee_takes_a_board_file(tmp_path: Path) -> None:
    (tmp_path / "town.board").write_bytes((FILES / "town.board").read_bytes())
    scn = {"version": 1, "board": {"file": "town.board"},
           "units": [{"id": "m", "side": "A", "kind": "biped", "tons": 50, "walk": 5,
                      "at": "0101", "facing": 3}],
           "move": {"unit": "m", "mode": "walk", "steps": ["F", "F"]}}  # fmt: skip
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scn))
    code, out, err = run("rules", "move", str(path))
    assert code == 0, err
    assert json.loads(out)["legal"] is True


# --- damaged and hostile files ------------------------------------------------------
HOSTILE = {
    "truncated": 'size 4 4\nhex 0101 0 "" ""\nhex 0201 0 "woo',
    "too few hexes": board_text(3, 3).replace('hex 0303 0 "" ""\n', ""),
    "too many hexes": board_text(2, 1).replace("end", 'hex 0301 0 "" ""\nend'),
    "bad level": board_text(2, 1).replace('hex 0101 0 ""', 'hex 0101 x1 ""'),
    "bad size": "size sixteen 17\n",
    "huge size": "size 5000 5000\n" + 'hex 0101 0 "" ""\n' * 3,
    "unknown keyword": board_text(2, 1).replace("end", "teleport 0101\nend"),
    "bad terrain item": board_text(1, 1, {"0101": '0 "woods"'}),
    "bad exits": board_text(1, 1, {"0101": '0 "road:1:99"'}),
    "twice": board_text(1, 1, {"0101": '0 "woods:1;woods:2"'}),
    "level out of range": board_text(1, 1, {"0101": '99 ""'}),
    "deep quotes": "size 1 1\nhex 0101 0 " + '""' * 20000 + ' "' + "\n",
    "no size": 'hex 0101 0 "" ""\n',
    "empty": "",
    "binary": "\x00\x01\x02size",
    "hex before size": 'hex 0101 0 "" ""\nsize 1 1\n',
    "bad hex number": board_text(1, 1).replace("hex 0101", "hex 01a1"),
    "water too deep": board_text(1, 1, {"0101": '0 "water:99"'}),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_damaged_board_is_one_sentence_and_exit_2(case: str, tmp_path: Path) -> None:
    path = tmp_path / f"{case.replace(' ', '_')}.board"
    path.write_text(HOSTILE[case], encoding="utf-8")
    for argv in (["map", "dump", str(path), "--json"], ["preview", str(path), "--png",
                                                        str(tmp_path / "x.png")]):  # fmt: skip
        code, _, err = run(*argv)
        assert code == 2, (case, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and str(path) in lines[0] and "Traceback" not in err
        assert lines[0].endswith("."), lines[0]


def test_non_utf8_and_missing_files_are_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "latin.board"
    path.write_bytes(b'size 1 1\nhex 0101 0 "" "gr\xe4s"\nend\n')
    with pytest.raises(MapError, match="not UTF-8 text .byte 0xe4"):
        read_map(path)
    with pytest.raises(MapError, match="does not exist"):
        read_map(tmp_path / "none.board")
    with pytest.raises(MapError, match="folder"):
        (tmp_path / "dir.board").mkdir()
        read_map(tmp_path / "dir.board")


def test_the_huge_size_is_refused_before_any_hex_is_read() -> None:
    with pytest.raises(MapError, match=r"line 1: board size 5000x5000 is outside"):
        read_board_text("size 5000 5000\n" + "garbage\n" * 10, "big.board")
