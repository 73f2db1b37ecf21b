"""Maps as real Tiled saves them: every layer format pytmx reads gives the same Board;
zstd and XML layers give their sentence; the hex geometry of zones and of
staggerindex="even" maps; pytmx's traps (layer order, groups, collision shapes)."""

import base64
import gzip
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

from game.board import ARRAY_FIELDS, Board
from game.hexgrid import Hex, neighbours, parse_hex_name
from game.maps import MAPS_DIR, MapError, bundled_map, load_map
from game.maps.geometry import MapGeometry

REPO = Path(__file__).resolve().parents[2]
TILED = shutil.which("tiled")
needs_tiled = pytest.mark.skipif(TILED is None, reason="Tiled is not installed (apt install tiled)")
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
DATA = re.compile(r'<data encoding="csv">\n(.*?)</data>', re.S)


def same_board(a: Board, b: Board) -> None:
    assert a.shape == b.shape
    for f in ARRAY_FIELDS:
        assert np.array_equal(getattr(a, f), getattr(b, f)), f
    assert a.zones == b.zones


def in_tmp(tmp_path: Path, name: str, text: str | None = None) -> Path:
    """A copy of a bundled map (or ``text``) next to a copy of the tileset."""
    for f in ("terrain.tsx", "terrain.png"):
        shutil.copy(MAPS_DIR / f, tmp_path / f)
    path = tmp_path / name
    path.write_text(text if text is not None else (MAPS_DIR / name).read_text())
    return path


def reencode(text: str, compression: str | None) -> str:
    """Every CSV layer of a TMX re-encoded as Base64 (uncompressed, zlib, gzip or zstd)."""

    def one(m: re.Match[str]) -> str:
        gids = [int(v) for v in m.group(1).replace("\n", "").split(",")]
        raw = struct.pack(f"<{len(gids)}I", *gids)
        if compression == "zlib":
            raw = zlib.compress(raw)
        elif compression == "gzip":
            raw = gzip.compress(raw, mtime=0)
        elif compression == "zstd":
            raw = subprocess.run(["zstd", "-q", "-c"], input=raw, capture_output=True).stdout
        attrs = 'encoding="base64"' + (f' compression="{compression}"' if compression else "")
        return f"<data {attrs}>\n   {base64.b64encode(raw).decode()}\n  </data>"

    return DATA.sub(one, text)


def tiled_export(src: Path, out: Path) -> None:
    run = subprocess.run(
        [TILED, "--export-map", "tmx", str(src), str(out)],
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0 and out.is_file(), run.stderr


@needs_tiled
@pytest.mark.parametrize("name", ["river.tmx", "city.tmx"])
@pytest.mark.parametrize("compression", ["csv", None, "zlib", "gzip"])
def test_tiled_saved_layer_formats_load_to_the_same_board(
    tmp_path: Path, name: str, compression: str | None
) -> None:
    original = load_map(bundled_map(name))
    text = (MAPS_DIR / name).read_text()
    src = in_tmp(
        tmp_path, f"in-{name}", text if compression == "csv" else reencode(text, compression)
    )
    out = tmp_path / name
    tiled_export(src, out)  # Tiled opens it and saves it again in the same format
    saved = out.read_text()
    want = {"csv": 'encoding="csv"', None: 'encoding="base64">'}.get(
        compression, f'encoding="base64" compression="{compression}"'
    )
    assert saved.count(want) == 3
    board = load_map(out)
    same_board(board, original)
    assert board.name == original.name


@needs_tiled
@pytest.mark.skipif(shutil.which("zstd") is None, reason="the zstd command is not installed")
def test_tiled_saved_zstd_map_gives_the_format_advice(tmp_path: Path) -> None:
    src = in_tmp(tmp_path, "in.tmx", reencode((MAPS_DIR / "river.tmx").read_text(), "zstd"))
    out = tmp_path / "zstd.tmx"
    tiled_export(src, out)
    assert 'compression="zstd"' in out.read_text()
    with pytest.raises(MapError, match="compressed with zstd.*Tile Layer Format: choose CSV"):
        load_map(out)


@needs_tiled
def test_bundled_maps_are_in_tiled_s_own_layout(tmp_path: Path) -> None:
    """Tiled opens every bundled map and saves the same map (byte for byte with the
    Tiled 1.8 the files were written for; the same Board with any other version)."""
    for path in sorted(MAPS_DIR.glob("*.tmx")):
        src = in_tmp(tmp_path, path.name)
        out = tmp_path / "out" / path.name
        out.parent.mkdir(exist_ok=True)
        tiled_export(src, out)
        saved = out.read_text().replace("../terrain.tsx", "terrain.tsx")
        if 'tiledversion="1.8.2"' in saved:
            assert saved == path.read_text()
        same_board(load_map(out), load_map(path))


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="tmxrasterizer not installed")
def test_tmxrasterizer_draws_the_default_map(tmp_path: Path) -> None:
    out = tmp_path / "default.png"
    run = subprocess.run(
        ["tmxrasterizer", str(MAPS_DIR / "default.tmx"), str(out)],
        env=ENV,
        capture_output=True,
        timeout=120,
    )
    assert run.returncode == 0 and out.is_file()
    width, height = struct.unpack(">II", out.read_bytes()[16:24])
    assert (width, height) == (63 * 32 + 21, 72 * 34 + 36)


# -- small maps written by the tests ------------------------------------------------------
def small_map(layers: str, objects: str = "", index: str = "odd", tilesets: str = "") -> str:
    tilesets = tilesets or ' <tileset firstgid="1" source="terrain.tsx"/>\n'
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="hexagonal" '
        'renderorder="right-down" width="4" height="3" tilewidth="84" tileheight="72" '
        f'infinite="0" hexsidelength="42" staggeraxis="x" staggerindex="{index}" '
        f'nextlayerid="9" nextobjectid="9">\n{tilesets}{layers}{objects}</map>\n'
    )


def layer(ident: int, name: str, gids: list[int]) -> str:
    rows = ",\n".join(",".join(str(g) for g in gids[r * 4 : r * 4 + 4]) for r in range(3))
    return (
        f' <layer id="{ident}" name="{name}" width="4" height="3">\n'
        f'  <data encoding="csv">\n{rows}\n</data>\n </layer>\n'
    )


def at(cells: dict[tuple[int, int], int]) -> list[int]:
    """12 gids of a 4x3 layer from {(col, row): tile id}; tile id + 1 = gid."""
    return [cells.get((c, r), -1) + 1 for r in range(3) for c in range(4)]


def objects(group: str, body: str, offset: str = "") -> str:
    return f' <objectgroup id="8" name="{group}"{offset}>\n{body} </objectgroup>\n'


def obj(ident: int, side: str, attrs: str, shape: str = "") -> str:
    props = f'   <properties>\n    <property name="side" value="{side}"/>\n   </properties>\n'
    return f'  <object id="{ident}" {attrs}>\n{props}{shape}  </object>\n'


GRASS = at({(c, r): 0 for c in range(4) for r in range(3)})


def test_layer_order_groups_and_upper_layer_win(tmp_path: Path) -> None:
    """pytmx lists group layers and tile layers by kind, not in file order; the loader
    orders tile layers by the file, so the upper of two woods layers wins."""
    light, heavy = at({(1, 1): 16}), at({(1, 1): 17})
    grouped = (
        layer(1, "ground", GRASS)
        + ' <group id="5" name="trees">\n'
        + layer(2, "light", light).replace(" <", "  <")
        + " </group>\n"
        + layer(3, "heavy", heavy)
    )
    b = load_map(in_tmp(tmp_path, "a.tmx", small_map(grouped)))
    assert b.woods[1, 1] == 2
    flipped = layer(1, "ground", GRASS) + layer(3, "heavy", heavy) + layer(2, "light", light)
    assert load_map(in_tmp(tmp_path, "b.tmx", small_map(flipped))).woods[1, 1] == 1


def test_embedded_tileset_with_collision_shapes_is_fine(tmp_path: Path) -> None:
    """Tile collision shapes appear in pytmx as nameless object groups; they are ignored."""
    tsx = (MAPS_DIR / "terrain.tsx").read_text().split("\n", 1)[1]
    tsx = tsx.replace(
        ' <tile id="17">\n',
        ' <tile id="17">\n  <objectgroup draworder="index" id="2">\n'
        '   <object id="1" x="10" y="10" width="20" height="20"/>\n  </objectgroup>\n',
    )
    embedded = tsx.replace("<tileset ", '<tileset firstgid="1" ', 1).replace("\n", "\n ")
    text = small_map(
        layer(1, "ground", GRASS) + layer(2, "features", at({(2, 2): 17})),
        tilesets=f" {embedded.rstrip()}\n",
    )
    b = load_map(in_tmp(tmp_path, "embedded.tmx", text))
    assert b.woods[2, 2] == 2 and b.woods.sum() == 2 and b.zones == ()


def test_zone_shapes_pick_hexes_by_centre(tmp_path: Path) -> None:
    # Hex centres: x = 42 + 63 col, y = 36 + 72 row (+36 in odd columns).
    body = (
        obj(1, "A", 'x="0" y="0" width="60" height="110"')  # rectangle: 0101, 0102
        + obj(2, "A", 'x="240" y="230"', "   <point/>\n")  # point: in hex 0403
        + obj(3, "B", 'x="80" y="90"', '   <polygon points="0,30 90,-30 90,60 0,80"/>\n')
        + obj(4, "B", 'x="150" y="150" width="40" height="40"', "   <ellipse/>\n")  # 0303
    )  # the polygon holds the centres of 0202 and 0302
    text = small_map(layer(1, "ground", GRASS), objects("deployment", body))
    zones = {z.side: z.hexes for z in load_map(in_tmp(tmp_path, "z.tmx", text)).zones}
    names = {s: sorted(h.name() for h in hs) for s, hs in zones.items()}
    assert names == {"A": ["0101", "0102", "0403"], "B": ["0202", "0302", "0303"]}


def test_object_group_offset_and_rotation(tmp_path: Path) -> None:
    # A 20x20 square at the origin, moved by the group offset to (110, 60): unrotated it
    # would miss hex 0201's centre (105, 72); rotated 45 degrees about its corner it
    # becomes a diamond reaching x = 96..124, which holds it.
    body = obj(1, "A", 'x="0" y="0" width="20" height="20" rotation="45"')
    text = small_map(
        layer(1, "ground", GRASS), objects("deployment", body, ' offsetx="110" offsety="60"')
    )
    (zone,) = load_map(in_tmp(tmp_path, "o.tmx", text)).zones
    assert zone.hexes == {parse_hex_name("0201")}
    unrotated = text.replace(' rotation="45"', "")
    with pytest.raises(MapError, match="covers no hex centre"):
        load_map(in_tmp(tmp_path, "u.tmx", unrotated))


def test_overrides_group_sets_terrain_under_points(tmp_path: Path) -> None:
    body = (
        '  <object id="1" x="105" y="144">\n   <properties>\n'
        '    <property name="level" type="int" value="3"/>\n'
        '    <property name="rubble" type="bool" value="true"/>\n'
        "   </properties>\n   <point/>\n  </object>\n"
    )
    text = small_map(layer(1, "ground", GRASS), objects("overrides", body))
    s = load_map(in_tmp(tmp_path, "ov.tmx", text)).spec(parse_hex_name("0202"))
    assert (s.level, s.rubble) == (3, True)


# -- staggerindex="even" ------------------------------------------------------------------
def test_even_stagger_adds_a_clear_west_column_and_keeps_neighbours(tmp_path: Path) -> None:
    """Documented choice: Tiled column c of an "even" map becomes our column c + 1, so
    Tiled's even (lower) columns become our odd (lower) ones and every hex keeps its
    neighbours; our column 0 is clear level-0 ground."""
    # Road on Tiled cells (0,1) and (1,2): neighbours in an "even" map (SE of a low
    # column), not in an "odd" one.
    road = at({(0, 1): 20, (1, 2): 20})
    text = small_map(layer(1, "ground", GRASS) + layer(2, "features", road), index="even")
    b = load_map(in_tmp(tmp_path, "even.tmx", text))
    assert (b.width, b.height) == (5, 3)
    assert not b.road[:, 0].any() and (b.level[:, 0] == 0).all()
    assert b.road[1, 1] and b.road[2, 2]
    assert b.spec(Hex(1, 1)).road_exits == (2,) and b.spec(Hex(2, 2)).road_exits == (5,)
    odd = load_map(in_tmp(tmp_path, "odd.tmx", text.replace('"even"', '"odd"')))
    assert odd.spec(Hex(0, 1)).road_exits == ()  # same cells, not touching in an odd map


def test_even_stagger_geometry_matches_tiled_pixels() -> None:
    """Every pair of our neighbours is one hex apart in an even map's pixel space."""
    lay = MapGeometry(84, 72, 42, 1, 9, 6)
    for h in lay.hexes():
        cx, cy = lay.centre(h)
        tiled_col = h.col - 1
        assert cx == tiled_col * 63 + 42
        assert cy == h.row * 72 + 36 + (36 if tiled_col % 2 == 0 else 0)  # even cols low
        for n in neighbours(h):
            nx, ny = lay.centre(n)
            assert 71 < ((nx - cx) ** 2 + (ny - cy) ** 2) ** 0.5 < 73
        assert lay.hex_at(cx + 5, cy - 5) == (h if h.col > 0 else None) or h.col == 0


def test_even_stagger_zone_lands_on_the_shifted_column(tmp_path: Path) -> None:
    body = obj(1, "A", 'x="0" y="0" width="84" height="252"')  # Tiled column 0
    text = small_map(layer(1, "ground", GRASS), objects("deployment", body), index="even")
    (zone,) = load_map(in_tmp(tmp_path, "ez.tmx", text)).zones
    assert zone.hexes == {Hex(1, r) for r in range(3)}


def test_loading_never_imports_pygame() -> None:
    code = (
        "import sys; from game.maps import load_map, DEFAULT_MAP; load_map(DEFAULT_MAP); "
        "print('pygame' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert run.stdout.strip() == "False", run.stderr


def test_pygame_users_can_still_import_pytmx_helpers_after_a_load() -> None:
    """Hiding pygame during pytmx's import leaves nothing behind for the UI."""
    code = (
        "import sys; from game.maps import load_map, DEFAULT_MAP; load_map(DEFAULT_MAP); "
        "from pytmx.util_pygame import load_pygame; print('pygame' in sys.modules)"
    )
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, env=env
    )
    assert run.stdout.strip() == "True", run.stderr
    first = "import pygame; " + code  # the UI process: pygame is already loaded
    run = subprocess.run(
        [sys.executable, "-c", first], cwd=REPO, capture_output=True, text=True, env=env
    )
    assert run.stdout.strip() == "True", run.stderr
