"""Property tests (issue 22): any board written in the MegaMek format from the terrain we
play reads without error; its `map dump --json` block, read back as a scenario's board,
gives the same board; converted to a Tiled map it reads back the same too."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board import ARRAY_FIELDS, Board
from game.hexgrid import Hex
from game.maps import load_map
from game.maps.megamek_board import read_board_text
from game.maps.tmx_write import write_tmx
from game.scenario.reader import parse_scenario
from game.scenario.writer import board_to_json

ITEMS = st.sampled_from([
    "woods:1", "woods:2", "woods:3", "water:0", "water:1", "water:3", "rough:1", "rough:2",
    "rubble:1", "rubble:6", "pavement:1", "road:1", "road:1:9", "road:1:63", "road:1:0",
    "building:1", "building:2:4", "building:3:63;bldg_cf:80;bldg_elev:3", "building:4:1",
    "bridge:1:9;bridge_elev:1", "bridge:2:36;bridge_cf:30;bridge_elev:2", "bridge:3",
    "swamp:1", "snow:2", "fluff:1", "bldg_cf:200;building:1",
])  # fmt: skip


@st.composite
def board_texts(draw: st.DrawFn) -> str:
    w, h = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    lines = [f"size {w} {h}"]
    if draw(st.booleans()):
        lines.append("option exit_roads_to_pavement false")
    for r in range(h):
        for c in range(w):
            chosen: dict[str, str] = {}  # one item of each terrain name, as the format wants
            for group in draw(st.lists(ITEMS, max_size=2)):
                parts = group.split(";")
                if not any(p.split(":")[0] in chosen for p in parts):
                    chosen |= {p.split(":")[0]: p for p in parts}
            terrain = ";".join(chosen.values())
            level = draw(st.integers(-3, 4))
            lines.append(f'hex {Hex(c, r).name(w, h)} {level} "{terrain}" "grass"')
    return "\n".join([*lines, "end", ""])


def same(a: Board, b: Board) -> bool:
    return all(np.array_equal(getattr(a, f), getattr(b, f)) for f in ARRAY_FIELDS)


def read(text: str) -> Board:
    return read_board_text(text, "p.board").board


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_texts())
def test_the_dump_read_back_as_a_scenario_board_is_the_same_board(text: str) -> None:
    board = read(text)
    scenario = {"version": 1, "board": board_to_json(board), "units": []}
    back = parse_scenario(scenario, Path("p.json")).board
    assert same(board, back)
    # every road exit the board keeps is answered or leads over the edge (MOV-24)
    for r in range(board.height):
        for c in range(board.width):
            for d in range(6):
                if board.road_exits[r, c] >> d & 1:
                    n = Hex(c, r).neighbour(d)
                    if board.contains(n):
                        assert board.road_exits[n.row, n.col] >> (d + 3) % 6 & 1


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_texts())
def test_the_converted_tiled_map_reads_back_the_same(text: str) -> None:
    board = read(text)
    with tempfile.TemporaryDirectory() as folder:
        assert same(board, load_map(write_tmx(board, Path(folder) / "p.tmx")))
