"""Generate the bundled Tiled maps (maps/*.tmx) and the tileset description (maps/terrain.tsx).

Deterministic: every map has a fixed seed, so running this script again rewrites the
same bytes (tests/maps checks that). The maps are designed, not noise: hills are ridges
of contiguous one-level terraces, rivers are curves with a deep channel, shallow banks,
pools and fords, roads are paths of touching hexes (each hex gets explicit road exits
to its neighbours on the path) that cross water only on bridges,
towns are blocks of buildings between streets (shapes in tools/map_plan.py).

    python tools/make_maps.py [OUT_DIR]            # default: maps/
    python tools/make_maps.py --placeholder-png P  # throwaway tileset image for tests

Terrain is planned on semantic arrays and only at the end turned into the three tile
layers "ground", "elevation" and "features" (CSV, in Tiled 1.8's own file layout).
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from map_plan import (  # noqa: E402
    GRASS,
    GRASS2,
    LEVEL_TILE,
    PAVE,
    PITCH,
    REPO,
    ROAD,
    ROUGH,
    RUBBLE,
    SIDE,
    TH,
    TILES,
    TW,
    WATER,
    WOODS_TILE,
    Plan,
    centre,
)

from game.hexgrid import DIRECTION_NAMES, Hex, distance  # noqa: E402


# -- the maps ------------------------------------------------------------------------------
def grassland() -> Plan:
    """Rolling grassland: a long western ridge (level 3), a north-eastern hill, a low
    southern rise, woods on the slopes and open valleys between them for firing lanes."""
    p = Plan(16, 17, 11, "Rolling grassland with ridges, woods and open firing lanes")
    p.hills(
        [
            (0.22, 0.12, 0.36, 0.52, 3.6, 1.5),
            (0.70, 0.18, 0.80, 0.28, 2.8, 1.3),
            (0.48, 0.84, 0.82, 0.76, 2.1, 1.1),
            (0.05, 0.80, 0.12, 0.92, 1.4, 1.0),
        ]
    )
    p.forest(0.36, 0.45, 2.6)
    p.forest(0.84, 0.58, 2.4)
    p.forest(0.56, 0.12, 1.6, 0.6)
    p.forest(0.12, 0.88, 1.8)
    p.forest(0.64, 0.92, 1.4, 0.6)
    p.patches(lambda h: p.level[h.row, h.col] >= 2 and not p.woods[h.row, h.col], p.rough, 0.45)
    p.patches(lambda h: 6 <= h.col <= 9 and 5 <= h.row <= 11, p.rough, 0.18)
    return p


def river() -> Plan:
    """A river valley: the river winds south through the middle with a deep channel,
    pools and two fords; a road crosses it on a bridge; woods line the banks; hills
    rise on both sides; a shallow stream comes down from the east."""
    p = Plan(16, 17, 22, "River valley with a bridge, fords and wooded banks")
    p.hills(
        [
            (0.06, 0.10, 0.20, 0.34, 2.9, 1.4),
            (0.10, 0.66, 0.05, 0.98, 2.2, 1.3),
            (0.86, 0.52, 0.94, 0.86, 2.8, 1.4),
            (0.82, 0.04, 0.92, 0.16, 1.8, 1.1),
        ]
    )
    p.river([0.44, 0.34, 0.46, 0.64, 0.60, 0.42, 0.38, 0.52], (24, 40, 66, 80), [0.3, 0.8])
    p.stream([Hex(15, 4), Hex(12, 5), Hex(10, 7)])
    p.relax()
    p.ford(3, 1)
    p.ford(13, 0)
    for fx, fy, r in ((0.34, 0.18, 2.0), (0.68, 0.40, 1.9), (0.30, 0.64, 2.2), (0.70, 0.88, 1.8)):
        p.forest(fx, fy, r)
    p.road_through([Hex(0, 9), Hex(4, 8), Hex(11, 8), Hex(15, 7)])
    p.patches(lambda h: p.level[h.row, h.col] >= 2 and not p.woods[h.row, h.col], p.rough, 0.35)
    return p


def city() -> Plan:
    """A city: a street grid of pavement, a tall downtown of heavy buildings, lighter
    blocks outwards, a hardened compound, a collapsed block of rubble and a wooded park;
    open outskirts on the west and east edges for deployment."""
    p = Plan(16, 17, 33, "City blocks, a downtown of tall buildings and a wooded park")
    rng = p.rng
    for hx in p.hexes():
        p.pave[hx.row, hx.col] = 2 <= hx.col <= 13
    for c in (4, 11):
        p.street(Hex(c, r) for r in range(p.height))
    for r in (3, 8, 13):
        p.street(Hex(c, r) for c in range(p.width))
    palettes = {
        "north": [("medium", 2), ("medium", 3), ("light", 2)],
        "downtown": [("heavy", 3), ("heavy", 5), ("heavy", 5), ("medium", 3)],
        "south": [("medium", 2), ("light", 2), ("medium", 3)],
        "edge": [("light", 1), ("light", 2)],
    }
    blocks = [
        ("north", range(5, 11), range(0, 3), 0.85),
        ("downtown", range(5, 11), range(4, 8), 0.9),
        ("south", range(5, 11), range(9, 13), 0.8),
        ("edge", range(2, 4), range(0, 13), 0.45),
        ("edge", range(12, 14), range(0, 13), 0.45),
    ]
    for name, cols, rows, share in blocks:
        for r in rows:
            for c in cols:
                if not p.road[r, c] and rng.random() < share:
                    p.building(Hex(c, r), *rng.choice(palettes[name]))
    for hx in (Hex(8, 5), Hex(8, 6), Hex(7, 6)):  # a plaza in the downtown
        p.feature.pop(hx, None)
    for hx in (Hex(9, 10), Hex(10, 10), Hex(9, 11)):  # the hardened compound
        p.building(hx, "hardened", 4)
    for hx in (Hex(6, 10), Hex(6, 11), Hex(7, 11), Hex(5, 12), Hex(6, 1)):  # collapsed
        p.feature.pop(hx, None)
        p.rubble[hx.row, hx.col] = True
    for r in range(14, 17):  # the park
        for c in range(5, 11):
            p.pave[r, c] = False
    p.level[15, 7] = p.level[15, 8] = p.level[16, 8] = 1
    p.water[14, 6] = p.water[15, 6] = 1  # a pond
    p.water[15, 5] = 0
    p.forest(0.50, 0.93, 1.6, 0.55)
    for hx in (Hex(0, 5), Hex(1, 11), Hex(15, 2), Hex(14, 10)):
        p.building(hx, "light", 1)
        p.pave[hx.row, hx.col] = False
    p.patches(lambda h: (h.col < 2 or h.col > 13) and p.free(h), p.rough, 0.2)
    p.building(Hex(9, 6), "heavy", 5)
    p.overrides.append((Hex(9, 6), {"building_cf": 60, "terrain": "damaged heavy building"}))
    return p


def default() -> Plan:
    """Four sheets of mixed country: high hills (level 4) in the north-west, a river
    from north to south with a bridge and two fords, a road from west to east, a small
    town east of the bridge with a ruined quarter, woods and rough ground."""
    p = Plan(32, 34, 44, "Mixed country: hills, a river with a bridge, a small town")
    rng = p.rng
    p.hills(
        [
            (0.10, 0.08, 0.32, 0.30, 5.0, 2.0),
            (0.68, 0.08, 0.86, 0.18, 3.2, 1.6),
            (0.08, 0.66, 0.22, 0.86, 2.8, 1.6),
            (0.80, 0.82, 0.92, 0.95, 2.0, 1.4),
            (0.36, 0.56, 0.42, 0.62, 1.6, 1.0),
        ]
    )
    p.river([0.50, 0.42, 0.50, 0.64, 0.58, 0.42, 0.44, 0.60, 0.54], (26, 40, 68, 84), [0.28, 0.7])
    p.stream([Hex(8, 20), Hex(12, 22), Hex(15, 22)])
    p.relax()
    p.ford(6, 1)
    p.ford(27, 0)
    p.road_through([Hex(0, 17), Hex(8, 15), Hex(14, 16), Hex(20, 17), Hex(31, 15)])
    p.road_through([Hex(22, 17), Hex(23, 24), Hex(27, 33)])
    town = [Hex(c, r) for c in range(19, 28) for r in range(13, 24)]
    for hx in town:
        if p.level[hx.row, hx.col] > 0 or p.water[hx.row, hx.col] >= 0 or p.road[hx.row, hx.col]:
            continue
        near = min(distance(hx, Hex(22, 18)), distance(hx, Hex(23, 21)))
        if near <= 3 and rng.random() < 0.75:
            cls = rng.choice([("medium", 2), ("medium", 3), ("heavy", 3), ("light", 2)])
            p.building(hx, *cls)
        elif near <= 5 and rng.random() < 0.35:
            p.building(hx, "light", rng.choice([1, 2]))
    ruined = sorted(p.feature, key=lambda hx: (distance(hx, Hex(25, 20)), hx))[:4]
    for hx in ruined:  # a ruined quarter: the buildings nearest one corner collapsed
        del p.feature[hx]
        p.rubble[hx.row, hx.col] = True
    p.building(Hex(7, 6), "hardened", 4)  # a bunker on the high ground
    p.overrides.append((Hex(7, 6), {"building_cf": 120, "terrain": "hilltop bunker"}))
    for fx, fy, r, heavy in (
        (0.30, 0.12, 2.6, 0.5),
        (0.22, 0.48, 3.2, 0.45),
        (0.66, 0.34, 2.8, 0.45),
        (0.40, 0.84, 3.0, 0.5),
        (0.86, 0.56, 2.6, 0.5),
        (0.64, 0.92, 2.0, 0.6),
        (0.90, 0.16, 1.8, 0.6),
    ):
        p.forest(fx, fy, r, heavy)
    for hx in list(p.feature):
        p.woods[hx.row, hx.col] = 0
    p.patches(lambda h: p.level[h.row, h.col] >= 3 and p.free(h), p.rough, 0.4)
    p.patches(
        lambda h: 0.6 < h.col / 32 < 0.85 and 0.55 < h.row / 34 < 0.8 and p.free(h),
        p.rough,
        0.25,
    )
    for hx in p.hexes():
        if p.woods[hx.row, hx.col] and p.rough[hx.row, hx.col] and hx.col % 3:
            p.rough[hx.row, hx.col] = False
    return p


# -- tile layers and files --------------------------------------------------------------
def tile_layers(p: Plan) -> dict[str, list[list[int]]]:
    """Semantic arrays -> tile ids (-1 = empty) of the ground, elevation and features layers."""
    variety = p.noise(70.0)
    ground, elevation, features = [], [], []
    for r in range(p.height):
        g_row, e_row, f_row = [], [], []
        for c in range(p.width):
            hx = Hex(c, r)
            depth = int(p.water[r, c])
            if depth >= 0:
                g = WATER[depth]
            elif p.pave[r, c]:
                g = PAVE
            elif p.rough[r, c]:
                g = ROUGH
            else:
                g = GRASS2 if variety(hx) > 0.56 else GRASS
            lvl = int(p.level[r, c])
            e = LEVEL_TILE[lvl] if lvl else -1
            wanted = [
                t
                for t, on in (
                    (p.feature.get(hx, -1), hx in p.feature),
                    (RUBBLE, bool(p.rubble[r, c])),
                    (ROAD, bool(p.road[r, c]) and hx not in p.feature),
                    (WOODS_TILE.get(int(p.woods[r, c]), -1), bool(p.woods[r, c])),
                )
                if on
            ]
            if len(wanted) > 1:
                raise AssertionError(f"{p.description}: hex {hx} wants features {wanted}")
            g_row.append(g)
            e_row.append(e)
            f_row.append(wanted[0] if wanted else -1)
        ground.append(g_row)
        elevation.append(e_row)
        features.append(f_row)
    return {"ground": ground, "elevation": elevation, "features": features}


def _prop_xml(name: str, value: object, indent: str) -> str:
    if isinstance(value, bool):
        return f'{indent}<property name="{name}" type="bool" value="{str(value).lower()}"/>\n'
    if isinstance(value, int):
        return f'{indent}<property name="{name}" type="int" value="{value}"/>\n'
    return f'{indent}<property name="{name}" value="{value}"/>\n'


def _props_xml(props: dict[str, object], indent: str) -> str:
    inner = "".join(_prop_xml(k, v, indent + " ") for k, v in props.items())
    return f"{indent}<properties>\n{inner}{indent}</properties>\n"


def tsx_text() -> str:
    """maps/terrain.tsx: 32 tiles of 84x72 on an 8x4 sheet, with their properties."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        '<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="84" '
        'tileheight="72" tilecount="32" columns="8">\n',
        ' <image source="terrain.png" width="672" height="288"/>\n',
    ]
    for i, (props, _) in enumerate(TILES):
        out.append(f' <tile id="{i}">\n{_props_xml(props, "  ")} </tile>\n')
    out.append("</tileset>\n")
    return "".join(out)


def _csv(rows: list[list[int]]) -> str:
    lines = [",".join(str(t + 1 if t >= 0 else 0) for t in row) for row in rows]
    return ",\n".join(lines) + "\n"


def map_overrides(p: Plan) -> list[tuple[Hex, dict[str, object]]]:
    """The plan's own overrides, then one point per road hex with its ``road_exits``
    (MOV-24; tile properties are per tile type, so per-hex exits must be overrides).
    Road hexes are listed column by column, top to bottom, so the file is stable."""
    out = {hx: dict(props) for hx, props in p.overrides}
    for hx in sorted(p.road_exits):
        exits = ",".join(DIRECTION_NAMES[d] for d in sorted(p.road_exits[hx]))
        out.setdefault(hx, {})["road_exits"] = exits
    return list(out.items())


def tmx_text(p: Plan) -> str:
    """The map in Tiled 1.8's own TMX layout (CSV layers, external tileset)."""
    w, h = p.width, p.height
    px_w, px_h = PITCH * w + TW - PITCH, TH * h + TH // 2
    zone_w = 3 * PITCH + (TW - PITCH) // 2 - 10  # three columns, up to the fourth's centre
    objects = [
        ("deployment", 1, "side A", 0, 0, zone_w, px_h, {"side": "A"}),
        ("deployment", 2, "side B", px_w - zone_w, 0, zone_w, px_h, {"side": "B"}),
    ]
    layers = tile_layers(p)
    overrides = map_overrides(p)
    n_layers = len(layers) + 1 + bool(overrides)
    next_obj = len(objects) + len(overrides) + 1
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" '
        f'renderorder="right-down" width="{w}" height="{h}" tilewidth="{TW}" '
        f'tileheight="{TH}" infinite="0" hexsidelength="{SIDE}" staggeraxis="x" '
        f'staggerindex="odd" nextlayerid="{n_layers + 1}" nextobjectid="{next_obj}">\n',
        _props_xml({"description": p.description}, " "),
        ' <tileset firstgid="1" source="terrain.tsx"/>\n',
    ]
    for i, (name, rows) in enumerate(layers.items(), 1):
        out.append(f' <layer id="{i}" name="{name}" width="{w}" height="{h}">\n')
        out.append(f'  <data encoding="csv">\n{_csv(rows)}</data>\n </layer>\n')
    out.append(f' <objectgroup id="{len(layers) + 1}" name="deployment">\n')
    for _, oid, name, x, y, ow, oh, props in objects:
        out.append(
            f'  <object id="{oid}" name="{name}" x="{x}" y="{y}" width="{ow}" height="{oh}">\n'
        )
        out.append(_props_xml(props, "   ") + "  </object>\n")
    out.append(" </objectgroup>\n")
    if overrides:
        out.append(f' <objectgroup id="{len(layers) + 2}" name="overrides">\n')
        for k, (hx, props) in enumerate(overrides):
            x, y = centre(hx)
            oid = len(objects) + k + 1
            out.append(f'  <object id="{oid}" name="{hx.name()}" x="{x:g}" y="{y:g}">\n')
            out.append(_props_xml(props, "   ") + "   <point/>\n  </object>\n")
        out.append(" </objectgroup>\n")
    out.append("</map>\n")
    return "".join(out)


def placeholder_png(path: Path) -> None:
    """A throwaway 672x288 tileset image (flat coloured hexes) for tests and previews."""
    colours = (
        [(126, 160, 84), (118, 154, 80), (140, 128, 100), (150, 150, 150)]
        + [(150, 200, 230), (90, 150, 210), (50, 100, 180), (25, 60, 140)]
        + [(255, 255, 255)] * 6
        + [(0, 0, 0)] * 2
        + [(70, 130, 60), (40, 95, 40), (20, 60, 25), (120, 100, 90), (70, 70, 70)]
        + [(200, 180, 140), (170, 150, 120), (130, 110, 100), (90, 90, 100), (110, 90, 60)]
        + [(140, 128, 100), (150, 120, 70), (90, 70, 50), (210, 190, 150), (180, 160, 130)]
        + [(140, 120, 110)]
    )
    img = np.zeros((288, 672, 4), np.uint8)
    yy, xx = np.mgrid[0:TH, 0:TW]
    inside = (np.abs(yy - 35.5) <= 36) & (np.abs(xx - 41.5) + np.abs(yy - 35.5) * 21 / 36 <= 42)
    for i, col in enumerate(colours):
        r, c = divmod(i, 8)
        alpha = 255 if i < 8 else 90 if i < 16 else 200
        shrink = inside if i < 16 else (np.hypot(xx - 41.5, yy - 35.5) < 22)
        tile = img[r * TH : (r + 1) * TH, c * TW : (c + 1) * TW]
        tile[shrink] = (*col, alpha)
    raw = b"".join(b"\x00" + row.tobytes() for row in img)
    chunk = lambda kind, data: (  # noqa: E731
        len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")
    )
    ihdr = (672).to_bytes(4, "big") + (288).to_bytes(4, "big") + bytes([8, 6, 0, 0, 0])
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


MAPS: dict[str, Callable[[], Plan]] = {
    "grassland": grassland,
    "river": river,
    "city": city,
    "default": default,
}


def main(argv: list[str]) -> int:
    if argv[:1] == ["--placeholder-png"]:
        placeholder_png(Path(argv[1]))
        return 0
    out = Path(argv[0]) if argv else REPO / "maps"
    out.mkdir(parents=True, exist_ok=True)
    (out / "terrain.tsx").write_text(tsx_text(), encoding="utf-8")
    for name, make in MAPS.items():
        (out / f"{name}.tmx").write_text(tmx_text(make()), encoding="utf-8")
        print(f"wrote {out / name}.tmx")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
