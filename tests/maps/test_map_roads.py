"""MOV-24 road exits on Tiled maps: the ``road_exits`` property, the loader's rule (explicit
hexes keep exactly their exits, other road hexes join; every link exists in both hexes),
movement along only the drawn links, and no junction triangles on the bundled maps."""

import shutil
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pytest

from game.board import Board
from game.hexgrid import DIRECTION_NAMES, Hex, neighbour, parse_hex_name
from game.maps import MAPS_DIR, MapError, bundled_maps, load_map
from game.maps.schema import (
    apply_override,
    exits_text,
    merge_stack,
    parse_exits,
    parse_props,
    parse_value,
    to_spec,
)
from game.rules.move.movement import check_move
from game.units.unit import Unit

GRASS, HEAVY_WOODS, ROAD = 0, 17, 20
SIZE = 5  # 5x5 test map
W = "test.tmx, hex 0505"


def spec(*stack: dict, overrides: dict | None = None):
    merged = merge_stack([parse_props(p, W) for p in stack], W)
    if overrides:
        apply_override(merged, parse_props(overrides, W), W)
    return to_spec(merged, W)


# -- property parsing -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "exits"),
    [
        ("N,S", (0, 3)),
        ("0,3", (0, 3)),
        (" ne , sw ", (1, 4)),
        ("NW,N,SE", (0, 2, 5)),
        ("5,0,5", (0, 5)),
        ("S,3", (3,)),
        (2, (2,)),
        ("N,NE,SE,S,SW,NW", (0, 1, 2, 3, 4, 5)),
    ],
)
def test_mov_24_road_exits_parse_numbers_and_compass_names(raw: object, exits: tuple) -> None:
    assert parse_value("road_exits", raw, W) == exits
    assert parse_exits(exits_text(exits), W) == exits  # the text form reads back


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("", "at least one"),
        ("  ", "at least one"),
        ("N,,S", "'an empty entry' is not a facing"),
        ("N,NNE", "'NNE' is not a facing"),
        ("6", "'6' is not a facing"),
        ("-1", "'-1' is not a facing"),
        ("north", "'NORTH' is not a facing"),
        (7, "'7' is not a facing"),
        (True, "facings 0..5 or N, NE, SE, S, SW, NW"),
        (1.5, "facings 0..5"),
    ],
)
def test_mov_24_bad_road_exits_name_file_hex_and_value(raw: object, words: str) -> None:
    with pytest.raises(MapError) as err:
        parse_value("road_exits", raw, W)
    msg = str(err.value)
    assert msg.startswith("test.tmx, hex 0505: property 'road_exits' is ")
    assert repr(raw) in msg and words in msg and "\n" not in msg and msg.endswith(".")


def test_mov_24_road_exits_merge_top_tile_wins_and_overrides_replace() -> None:
    s = spec({"road": True, "road_exits": "N,S"}, {"road_exits": "NE,SW"})
    assert s.road and s.road_exits == (1, 4)
    s = spec({"road": True, "road_exits": "N,S"}, overrides={"road_exits": "0,2"})
    assert s.road_exits == (0, 2)
    assert spec({"road": True}).road_exits is None  # no property: the loader decides
    bridge = spec({"water": 2}, {"bridge": "medium", "road": True, "road_exits": "N,S"})
    assert bridge.bridge_class and bridge.road_exits == (0, 3)  # bridges carry the road
    with pytest.raises(MapError, match="'road_exits' is 'N' but the hex has no road"):
        spec({"level": 1}, overrides={"road_exits": "N"})


# -- a small map with a junction -------------------------------------------------------------
A = Hex(2, 2)
B = neighbour(A, 3)  # south of A
C = neighbour(A, 2)  # south-east of A, so B, A and C touch one another
assert neighbour(B, 1) == C


def centre_px(h: Hex) -> tuple[int, int]:
    return h.col * 63 + 42, h.row * 72 + 36 + (36 if h.col & 1 else 0)


def layer(ident: int, name: str, cells: dict[Hex, int]) -> str:
    rows = ",\n".join(
        ",".join(str(cells.get(Hex(c, r), -1) + 1) for c in range(SIZE)) for r in range(SIZE)
    )
    return (
        f' <layer id="{ident}" name="{name}" width="{SIZE}" height="{SIZE}">\n'
        f'  <data encoding="csv">\n{rows}\n</data>\n </layer>\n'
    )


def junction_map(
    tmp_path: Path, exits: dict[Hex, str], woods: bool = True, extra: tuple[Hex, ...] = ()
) -> Board:
    """A 5x5 map: a road B-A-C (three mutually touching hexes) in heavy woods (and road
    tiles on ``extra``), with the given ``road_exits`` overrides."""
    for f in ("terrain.tsx", "terrain.png"):
        shutil.copy(MAPS_DIR / f, tmp_path / f)
    ground = {Hex(c, r): GRASS for c in range(SIZE) for r in range(SIZE)}
    trees = {h: HEAVY_WOODS for h in (A, B, C)} if woods else {}
    points = "".join(
        f'  <object id="{i}" x="{centre_px(h)[0]}" y="{centre_px(h)[1]}">\n   <properties>\n'
        f'    <property name="road_exits" value="{value}"/>\n   </properties>\n'
        "   <point/>\n  </object>\n"
        for i, (h, value) in enumerate(exits.items(), 1)
    )
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="hexagonal" '
        f'renderorder="right-down" width="{SIZE}" height="{SIZE}" tilewidth="84" '
        'tileheight="72" infinite="0" hexsidelength="42" staggeraxis="x" staggerindex="odd" '
        'nextlayerid="9" nextobjectid="99">\n <tileset firstgid="1" source="terrain.tsx"/>\n'
        + layer(1, "ground", ground)
        + layer(2, "woods", trees)
        + layer(3, "features", {h: ROAD for h in (A, B, C, *extra)})
        + f' <objectgroup id="8" name="overrides">\n{points} </objectgroup>\n</map>\n'
    )
    path = tmp_path / "junction.tmx"
    path.write_text(text)
    return load_map(path)


def links(b: Board) -> set[frozenset[Hex]]:
    """Road links on the board; asserts each one is named by both hexes (MOV-24)."""
    out = set()
    for r, c in np.argwhere(b.road_exits):
        h = Hex(int(c), int(r))
        for d in range(6):
            n = neighbour(h, d)
            if int(b.road_exits[r, c]) >> d & 1 and b.contains(n):
                assert int(b.road_exits[n.row, n.col]) >> (d + 3) % 6 & 1, (h, d)
                out.add(frozenset((h, n)))
    return out


def triangles(b: Board) -> list[tuple[Hex, Hex, Hex]]:
    ls = links(b)
    hexes = sorted({h for link in ls for h in link})
    return [
        (x, y, z)
        for x in hexes
        for y in hexes
        for z in hexes
        if x < y < z and {frozenset((x, y)), frozenset((y, z)), frozenset((x, z))} <= ls
    ]


def tracked(at: Hex, facing: int) -> Unit:
    return Unit("t", "A", "tracked", 50, 5, at, facing)


def test_mov_24_without_exits_touching_roads_join_into_a_triangle(tmp_path: Path) -> None:
    b = junction_map(tmp_path, {})
    assert links(b) == {frozenset((A, B)), frozenset((A, C)), frozenset((B, C))}
    # the short cut B -> C counts as "along the road", so heavy woods do not stop tracks
    r = check_move(b, [tracked(B, 1)], "t", "walk", ["F"])
    assert r.legal and r.mp_used == 1


def test_mov_24_explicit_exits_draw_no_triangle_and_move_only_along_them(tmp_path: Path) -> None:
    b = junction_map(tmp_path, {B: "N", A: "S,SE", C: "NW"})
    assert links(b) == {frozenset((A, B)), frozenset((A, C))} and not triangles(b)
    assert b.spec(B).road_exits == (0,) and b.spec(A).road_exits == (2, 3)
    # across the triangle's short cut: not along the road, heavy woods bar tracks (MOV-24)
    short = check_move(b, [tracked(B, 1)], "t", "walk", ["F"])
    assert not short.legal and short.failed_step == 0
    # along the drawn road: B -> A, two turns, A -> C; woods cost nothing on the road
    along = check_move(b, [tracked(B, 0)], "t", "walk", ["F", "R", "R", "F"])
    assert along.legal and along.end_at == C and along.mp_used == 4


def test_mov_24_hexes_without_exits_join_only_explicit_hexes_that_lead_back(
    tmp_path: Path,
) -> None:
    # only A is explicit and leads south to B: C (no exits) still joins B, not A
    b = junction_map(tmp_path, {A: "S"}, woods=False)
    assert links(b) == {frozenset((A, B)), frozenset((B, C))}
    assert b.spec(C).road_exits == (DIRECTION_NAMES.index("SW"),)


def test_mov_24_an_exit_over_the_map_edge_is_kept(tmp_path: Path) -> None:
    corner = Hex(0, 0)
    b = junction_map(tmp_path, {corner: "N,NW"}, woods=False, extra=(corner,))
    assert b.spec(corner).road_exits == (0, 5)  # the road leaves the sheet


def test_mov_24_exit_to_a_hex_without_road_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MapError) as err:
        junction_map(tmp_path, {B: "N,S"})
    msg = str(err.value)
    assert "hex 0304: property 'road_exits' is 'N,S'" in msg
    assert "S exit leads to hex 0305, which has no road" in msg


def test_mov_24_one_sided_exit_is_refused_not_mirrored(tmp_path: Path) -> None:
    with pytest.raises(MapError) as err:
        junction_map(tmp_path, {B: "N,NE", A: "S,SE", C: "NW"})
    msg = str(err.value)
    assert msg.startswith(str(tmp_path / "junction.tmx")) and "hex 0304" in msg
    assert "'N,NE'" in msg and "hex 0403" in msg and "add SW there or drop NE here" in msg


# -- bundled maps ---------------------------------------------------------------------------
@pytest.mark.parametrize("path", bundled_maps(), ids=lambda p: p.stem)
def test_mov_24_bundled_road_networks_have_no_junction_triangles(path: Path) -> None:
    b = load_map(path)
    assert not triangles(b)
    road = {Hex(int(c), int(r)) for r, c in np.argwhere(b.road)}
    assert road == {h for link in links(b) for h in link}  # no dead pad without a link
    for h in road:  # junctions: at most a crossing of two roads
        assert 1 <= bin(int(b.road_exits[h.row, h.col])).count("1") <= 4


@pytest.mark.parametrize("path", bundled_maps(), ids=lambda p: p.stem)
def test_mov_24_every_bundled_road_hex_has_explicit_exits_in_the_file(path: Path) -> None:
    b = load_map(path)
    written = {}
    for group in ElementTree.parse(path).getroot().iter("objectgroup"):
        if group.get("name") == "overrides":
            for o in group.iter("object"):
                for prop in o.iter("property"):
                    if prop.get("name") == "road_exits":
                        written[parse_hex_name(o.get("name", ""))] = prop.get("value")
    road = {Hex(int(c), int(r)) for r, c in np.argwhere(b.road)}
    assert set(written) == road
    for h, value in written.items():
        assert value == exits_text(int(b.road_exits[h.row, h.col])), h
