"""Hostile maps (issue 9): compression bombs, tile attributes posing as terrain
properties, absurd tile sizes, other scripts' digits, and a map of 998x999 hexes loaded
in bounded time and memory."""

from __future__ import annotations

import base64
import gzip
import re
import sys
import time
import tracemalloc
import zlib
from pathlib import Path

import numpy as np
import pytest
from test_map_tiled import in_tmp

from game.board import ARRAY_FIELDS
from game.maps import MapError, load_map

REPO = Path(__file__).resolve().parents[2]
DATA = re.compile(r'<data encoding="csv">\n(.*?)</data>', re.S)


def with_layer_data(text: str, attrs: str, payload: str) -> str:
    """The map with its first layer's CSV replaced by other data."""
    m = DATA.search(text)
    assert m is not None
    return text[: m.start()] + f"<data {attrs}>{payload}</data>" + text[m.end() :]


@pytest.mark.parametrize("kind", ["zlib", "gzip"])
def test_a_compression_bomb_is_refused_before_it_inflates(tmp_path: Path, kind: str) -> None:
    bomb = bytes(64 * 1024 * 1024)  # 64 MiB of zero tiles in about 64 KB
    packed = zlib.compress(bomb, 9) if kind == "zlib" else gzip.compress(bomb, 9, mtime=0)
    text = with_layer_data(
        (REPO / "maps" / "grassland.tmx").read_text(),
        f'encoding="base64" compression="{kind}"',
        base64.b64encode(packed).decode(),
    )
    path = in_tmp(tmp_path, "bomb.tmx", text)
    tracemalloc.start()
    try:
        with pytest.raises(MapError, match=f"holds {kind} data that inflates to more than"):
            load_map(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * 1024 * 1024  # the map needs 16x17 tiles: 1088 bytes, not 64 MiB


def test_a_gzip_layer_of_several_members_still_loads(tmp_path: Path) -> None:
    text = (REPO / "maps" / "grassland.tmx").read_text()
    m = DATA.search(text)
    assert m is not None
    gids = np.array([int(v) for v in m.group(1).replace("\n", "").split(",")], "<u4")
    raw = gids.tobytes()
    half = len(raw) // 2
    packed = gzip.compress(raw[:half], mtime=0) + gzip.compress(raw[half:], mtime=0)
    text = with_layer_data(text, 'encoding="base64" compression="gzip"',
                           base64.b64encode(packed).decode())  # fmt: skip
    board = load_map(in_tmp(tmp_path, "members.tmx", text))
    plain = load_map(REPO / "maps" / "grassland.tmx")
    for f in ARRAY_FIELDS:
        assert np.array_equal(getattr(board, f), getattr(plain, f)), f


@pytest.mark.parametrize("name", ["height", "width", "x", "type", "id", "probability"])
def test_a_tile_property_named_like_a_tile_attribute_is_not_a_terrain_property(
    tmp_path: Path, name: str
) -> None:
    in_tmp(tmp_path, "grassland.tmx")
    tsx = tmp_path / "terrain.tsx"
    text = tsx.read_text()
    text = text.replace(
        '<property name="terrain" value="clear"/>',
        f'<property name="terrain" value="clear"/>\n   <property name="{name}" value="3"/>',
        1,
    )
    tsx.write_text(text)
    with pytest.raises(MapError, match=f"property '{name}' is not a terrain property"):
        load_map(tmp_path / "grassland.tmx")


@pytest.mark.parametrize(
    ("attrs", "words"),
    [
        ('tilewidth="84" tileheight="1"', "tile size 84x1 must be whole pixels"),
        ('tilewidth="100000" tileheight="72"', "between 2 and 4096"),
        ('tilewidth="84.5" tileheight="72"', "must be whole pixels"),
    ],
)
def test_absurd_tile_sizes_are_refused(tmp_path: Path, attrs: str, words: str) -> None:
    text = (REPO / "maps" / "grassland.tmx").read_text()
    text = re.sub(r'tilewidth="84" tileheight="72"', attrs, text, count=1)
    with pytest.raises(MapError, match=re.escape(words)):
        load_map(in_tmp(tmp_path, "sizes.tmx", text))


def test_a_fractional_hex_side_is_refused(tmp_path: Path) -> None:
    text = (REPO / "maps" / "grassland.tmx").read_text()
    text = text.replace('hexsidelength="42"', 'hexsidelength="42.5"', 1)
    with pytest.raises(MapError, match="side length 42.5 px must be a whole number"):
        load_map(in_tmp(tmp_path, "side.tmx", text))


@pytest.mark.parametrize("digit", ["١", "２", "²"])
def test_csv_in_other_scripts_digits_is_not_a_list_of_numbers(tmp_path: Path, digit: str) -> None:
    text = (REPO / "maps" / "grassland.tmx").read_text()
    m = DATA.search(text)
    assert m is not None
    body = m.group(1)
    text = text[: m.start(1)] + digit + body[1:] + text[m.end(1) :]
    with pytest.raises(MapError, match="CSV data that is not a list of numbers"):
        load_map(in_tmp(tmp_path, "digits.tmx", text))


@pytest.mark.slow
def test_a_998x999_map_loads_in_seconds_and_bounded_memory(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    from bigmaps import make_big_map

    path = make_big_map(998, 999, tmp_path)
    tracemalloc.start()
    t = time.perf_counter()
    try:
        board = load_map(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert board.shape == (999, 998)
    assert peak < 400 * 1024 * 1024, peak  # was 900 MB (one dict per hex)
    assert time.perf_counter() - t < 60
