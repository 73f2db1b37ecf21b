"""Generate the bundled Tiled maps (maps/*.tmx) and the tileset description (maps/terrain.tsx).

Deterministic: every map has a fixed seed, so running this script again rewrites the
same bytes (tests/maps checks that). The maps are designed, not noise: hills are ridges
of contiguous one-level terraces, rivers are curves with a deep channel, shallow banks,
pools and fords, roads are paths of touching hexes (each hex gets explicit road exits
to its neighbours on the path) that cross water only on bridges,
towns are blocks of buildings between streets (shapes in tools/map_plan.py, the maps'
designs in tools/map_designs.py).

    python tools/make_maps.py [OUT_DIR]            # default: maps/
    python tools/make_maps.py --placeholder-png P  # throwaway tileset image for tests

Terrain is planned on semantic arrays and only at the end turned into the three tile
layers "ground", "elevation" and "features" (CSV, in Tiled 1.8's own file layout).
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from map_designs import MAPS  # noqa: E402
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

from game.hexgrid import DIRECTION_NAMES, Hex  # noqa: E402


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
