"""Board arrays: building from specs, validation, road joining, read-only arrays."""

import pytest

from game.board import BoardError, HexSpec, build_board, neighbour_index
from game.hexgrid import Hex, neighbour, parse_hex_name

P = parse_hex_name


def test_unlisted_hexes_are_clear_level_zero() -> None:
    b = build_board(4, 3)
    assert b.shape == (3, 4)
    assert b.width == 4 and b.height == 3
    assert (b.level == 0).all() and (b.water == -1).all() and not b.woods.any()


def test_arrays_are_read_only() -> None:
    b = build_board(3, 3, {Hex(1, 1): HexSpec(level=2)})
    with pytest.raises(ValueError):
        b.level[0, 0] = 5


def test_floor_is_water_bottom() -> None:  # MOV-12
    b = build_board(3, 1, {Hex(0, 0): HexSpec(level=1, water=2), Hex(1, 0): HexSpec(water=0)})
    assert b.floor().tolist() == [[-1, 0, 0]]


def test_touching_roads_join_and_explicit_exits_win() -> None:
    a, c = P("0505"), P("0504")
    b = build_board(8, 8, {a: HexSpec(road=True), c: HexSpec(road=True)})
    exits = int(b.road_exits[a.row, a.col])
    assert exits == 1 << 0  # north only
    assert int(b.road_exits[c.row, c.col]) == 1 << 3
    b2 = build_board(8, 8, {a: HexSpec(road=True, road_exits=(2, 5))})
    assert int(b2.road_exits[a.row, a.col]) == (1 << 2) | (1 << 5)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (HexSpec(woods=4), "woods"),
        (HexSpec(water=1, woods=1), "woods"),
        (HexSpec(building_class=2, building_cf=200, building_height=2), "CF"),
        (HexSpec(building_class=1, building_cf=10, building_height=0), "height"),
        (HexSpec(level=2, bridge_class=2, bridge_cf=40, bridge_level=1), "bridge level"),
        (HexSpec(road=True, road_exits=(7,)), "road exits"),
    ],
)
def test_validation_names_the_hex(spec: HexSpec, words: str) -> None:
    with pytest.raises(BoardError) as e:
        build_board(6, 6, {P("0203"): spec})
    assert "0203" in str(e.value) and words in str(e.value)


def test_hex_off_board_is_refused() -> None:
    with pytest.raises(BoardError, match="0909"):
        build_board(4, 4, {P("0909"): HexSpec()})


def test_neighbour_index_matches_hexgrid() -> None:
    rows, cols = 5, 6
    nr, nc, ok = neighbour_index(rows, cols)
    for r in range(rows):
        for c in range(cols):
            for d in range(6):
                n = neighbour(Hex(c, r), d)
                inside = 0 <= n.col < cols and 0 <= n.row < rows
                assert bool(ok[d, r, c]) == inside
                if inside:
                    assert (nr[d, r, c], nc[d, r, c]) == (n.row, n.col)


def test_describe_reads_like_terrain() -> None:
    b = build_board(3, 3, {Hex(1, 1): HexSpec(level=1, woods=2, rough=True)})
    assert b.describe(Hex(1, 1)) == "level 1, heavy woods, rough"
    assert b.spec(Hex(1, 1)).road_exits == ()
