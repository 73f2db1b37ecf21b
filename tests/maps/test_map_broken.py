"""Every broken map gives one sentence naming the file and the problem, never a traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

from game.maps import MapError, load_map
from game.maps.tiled import main

BROKEN = Path(__file__).parent / "broken"
REPO = Path(__file__).resolve().parents[2]

# file -> words its sentence must contain (the Tiled fix where there is one)
EXPECTED = {
    "orthogonal.tmx": ["orientation is 'orthogonal'", "Orientation: Hexagonal"],
    "stagger_y.tmx": ["stagger axis is 'y'", "Stagger Axis: X"],
    "bad_stagger_index.tmx": ["stagger index 'middle'"],
    "zstd.tmx": ["compressed with zstd", "Tile Layer Format: choose CSV or Base64"],
    "xml_tiles.tmx": ["XML <tile> elements", "Tile Layer Format: choose CSV or Base64"],
    "missing_tileset.tmx": ["tileset file 'nowhere.tsx' is missing"],
    "missing_image.tmx": ["image 'nothing-here.png' of tileset 'test' is missing"],
    "broken_tileset.tmx": ["broken.tsx", "not valid XML"],
    "json_tileset.tmx": ["not a .tsx file"],
    "malformed.tmx": ["not valid XML", "line 5"],
    "json_map.tmx": ["not valid XML"],
    "empty.tmx": ["map file is empty"],
    "not_a_map.tmx": ["not a Tiled map", "<tileset>"],
    "no_tile_layer.tmx": ["no tile layer", "Layer > New > Tile Layer"],
    "bad_property_value.tmx": ["hex 0302", "tile 1 of tileset 'test'", "property 'woods' is 7"],
    "unknown_property.tmx": ["hex 0403", "property 'wood' is not a terrain property"],
    "woods_in_water.tmx": ["hex 0202", "woods cannot grow in water"],
    "cf_over_class.tmx": ["hex 0203", "'building_cf' is 90", "MOV-26"],
    "loose_building_cf.tmx": ["hex 0402", "'building_cf' is set but the hex has no building"],
    "hexside_zero.tmx": ["hex side length is 0", "Hex Side Length"],
    "infinite.tmx": ["infinite", "Infinite: off"],
    "wrong_tile_count.tmx": ["layer 'ground' holds 11 tiles", "4x3"],
    "csv_garbage.tmx": ["CSV data"],
    "base64_garbage.tmx": ["Base64 data that cannot be decoded"],
    "gid_out_of_range.tmx": ["tile gid 99", "no tileset"],
    "bad_typed_property.tmx": ["property 'players'", "not a valid int"],
    "bad_side.tmx": ["layer 'deployment'", "side 'C'", "side = A or B"],
    "no_side.tmx": ["no 'side' property"],
    "polyline_zone.tmx": ["polyline"],
    "overlapping_zones.tmx": ["overlap at hex 0101"],
    "zone_off_map.tmx": ["outside the map"],
    "empty_zone.tmx": ["covers no hex centre"],
    "bad_override.tmx": ["override object 1", "'building_cf' is 200"],
    # MOV-24 road exits
    "road_exits_bad_value.tmx": ["hex 0201", "'road_exits' is 'N,NNE'", "'NNE' is not a facing"],
    "road_exits_one_sided.tmx": ["hex 0201", "'NE'", "hex 0301", "'NW' do not lead back"],
    "road_exits_to_no_road.tmx": ["hex 0201", "'NE,S'", "S exit leads to hex 0202", "no road"],
    "road_exits_without_road.tmx": ["hex 0102", "'road_exits' is 'N'", "the hex has no road"],
}


def test_every_broken_map_is_listed() -> None:
    assert sorted(p.name for p in BROKEN.glob("*.tmx")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_map_gives_one_sentence(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = BROKEN / name
    with pytest.raises(MapError) as err:
        load_map(path)
    msg = str(err.value)
    assert msg.startswith(str(path)) and msg.endswith((".", ")."))
    assert "\n" not in msg and "Traceback" not in msg
    for words in EXPECTED[name]:
        assert words in msg, (words, msg)
    assert main([str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == f"hexplate: {msg}\n"


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(MapError, match=r"nothing\.tmx: the map file does not exist\."):
        load_map(tmp_path / "nothing.tmx")
    (tmp_path / "folder.tmx").mkdir()
    with pytest.raises(MapError, match="this is a folder, not a map file"):
        load_map(tmp_path / "folder.tmx")


def test_command_line_checker_never_shows_a_traceback() -> None:
    files = sorted(str(p.relative_to(REPO)) for p in BROKEN.glob("*.tmx"))
    run = subprocess.run(
        [sys.executable, "-m", "game.maps", *files, "maps/river.tmx"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and "pygame" not in run.stdout + run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == len(files)
    assert all(line.startswith(f"hexplate: {f}") for line, f in zip(lines, files, strict=True))
    assert run.stdout.startswith("river: 16x17")
