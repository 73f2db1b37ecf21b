"""Fixtures for the renderer tests: a headless pygame and small generated Tiled maps.

The generated tileset follows the shared tileset contract (8x4 tiles of 84x72, ids and
properties as listed there) with plain placeholder art: each tile is a filled hexagon or
a small shape, so colours at hex centres are predictable.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.hexgrid import Hex
from game.layout import DEFAULT_LAYOUT
from game.ui.scenes.hexes.parts.movement import act

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _own_settings(tmp_path_factory: pytest.TempPathFactory, monkeypatch) -> None:
    """Every UI test starts from the default settings (game.ui.app.settings), never the
    machine's own file."""
    path = tmp_path_factory.mktemp("settings") / "settings.json"
    monkeypatch.setenv("HEXPLATE_SETTINGS", str(path))


@pytest.fixture(autouse=True)
def _patient_double_click(monkeypatch) -> None:
    """Two clicks a scene test posts one after the other are a double click however loaded
    the machine is (the screen's 0.45 s is a person's hand; a busy CI worker can take
    longer between two posted events). A test that wants two single clicks says so by
    resetting ``last_click``, as the players' clicks far apart in time would."""
    monkeypatch.setattr(act, "DOUBLE_CLICK", 30.0)


# Placeholder colours per tile id (RGBA); overlay ids draw a smaller shape.
COLOURS = {
    0: (96, 160, 72, 255),
    1: (104, 168, 80, 255),
    2: (150, 140, 110, 255),
    3: (150, 150, 150, 255),
    4: (150, 200, 235, 255),
    5: (70, 130, 210, 255),
    6: (40, 90, 180, 255),
    7: (20, 50, 130, 255),
    16: (50, 120, 40, 255),
    17: (30, 90, 30, 255),
    18: (15, 60, 20, 255),
    20: (60, 60, 64, 255),
    22: (170, 90, 60, 255),
}
PROPS: dict[int, dict[str, str]] = {
    0: {"terrain": "clear"},
    1: {"terrain": "clear"},
    2: {"rough": "true"},
    3: {"pavement": "true"},
    4: {"water": "0"},
    5: {"water": "1"},
    6: {"water": "2"},
    7: {"water": "3"},
    **{8 + i: {"level": str(i + 1)} for i in range(6)},
    14: {"level": "-1"},
    15: {"level": "-2"},
    16: {"woods": "1"},
    17: {"woods": "2"},
    18: {"woods": "3"},
    20: {"road": "true", "pavement": "true"},
    22: {"building": "medium", "building_cf": "40", "building_height": "2"},
}


def _tileset_png(path: Path) -> None:
    w, h = 84, 72
    sheet = pygame.Surface((8 * w, 4 * h), pygame.SRCALPHA, 32)
    sheet.fill((0, 0, 0, 0))
    hexagon = [(21, 0), (63, 0), (84, 36), (63, 72), (21, 72), (0, 36)]
    for tid in range(32):
        x0, y0 = (tid % 8) * w, (tid // 8) * h
        pts = [(x0 + x, y0 + y) for x, y in hexagon]
        if tid in COLOURS and tid < 8:
            pygame.draw.polygon(sheet, COLOURS[tid], pts)
        elif tid in COLOURS:  # a disc with an off-centre notch, so flips show
            pygame.draw.circle(sheet, COLOURS[tid], (x0 + 42, y0 + 36), 24)
            pygame.draw.rect(sheet, (240, 240, 240, 255), (x0 + 26, y0 + 20, 12, 8))
        elif 8 <= tid <= 15:  # elevation: translucent tint + a contour ring
            pygame.draw.polygon(sheet, (255, 230, 170, 40 + 10 * (tid - 8)), pts)
            pygame.draw.lines(sheet, (90, 60, 30, 255), True, pts, 2)
        else:
            pygame.draw.rect(sheet, (200, 60, 200, 255), (x0 + 30, y0 + 24, 24, 24))
    pygame.image.save(sheet, str(path))


def _tsx(tileoffset: tuple[int, int] | None) -> str:
    tiles = []
    for tid, props in PROPS.items():
        inner = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())
        tiles.append(f' <tile id="{tid}"><properties>{inner}</properties></tile>')
    off = f' <tileoffset x="{tileoffset[0]}" y="{tileoffset[1]}"/>\n' if tileoffset else ""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="84" '
        'tileheight="72" tilecount="32" columns="8">\n'
        f"{off}"
        ' <image source="terrain.png" width="672" height="288"/>\n'
        + "\n".join(tiles)
        + "\n</tileset>\n"
    )


def write_map(
    folder: Path,
    cols: int,
    rows: int,
    layers: Mapping[str, Mapping[Hex, Any] | tuple[Mapping[Hex, Any], str]],
    *,
    name: str = "mini",
    tileoffset: tuple[int, int] | None = None,
    objects: bool = True,
    stagger: str = "odd",
) -> Path:
    """Write ``name``.tmx, terrain.tsx and terrain.png into ``folder``; return the TMX path.

    A layer value may be ``(cells, extra_attributes)`` to add offsets, opacity or visibility.
    """
    folder.mkdir(parents=True, exist_ok=True)
    _tileset_png(folder / "terrain.png")
    (folder / "terrain.tsx").write_text(_tsx(tileoffset))
    parts = []
    for i, (lname, spec) in enumerate(layers.items(), start=1):
        cells, extra = spec if isinstance(spec, tuple) else (spec, "")
        grid = [[0] * cols for _ in range(rows)]
        for h, tid in cells.items():  # a tile id, or (tile id, Tiled flip bits)
            tile, bits = tid if isinstance(tid, tuple) else (tid, 0)
            grid[h.row][h.col] = (tile + 1) | bits
        csv = ",\n".join(",".join(str(g) for g in row) for row in grid)
        parts.append(
            f' <layer id="{i}" name="{lname}" width="{cols}" height="{rows}" {extra}>\n'
            f'  <data encoding="csv">\n{csv}\n</data>\n </layer>'
        )
    if objects:
        w, h = DEFAULT_LAYOUT.map_size(cols, rows)
        parts.append(
            f' <objectgroup id="{len(layers) + 1}" name="deployment">\n'
            f'  <object id="1" x="0" y="0" width="{w // 3}" height="{h}">'
            '<properties><property name="side" value="A"/></properties></object>\n'
            " </objectgroup>"
        )
    tmx = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" '
        f'width="{cols}" height="{rows}" tilewidth="84" tileheight="72" infinite="0" '
        f'hexsidelength="42" staggeraxis="x" staggerindex="{stagger}" '
        'nextlayerid="9" nextobjectid="2">\n'
        ' <tileset firstgid="1" source="terrain.tsx"/>\n' + "\n".join(parts) + "\n</map>\n"
    )
    path = folder / f"{name}.tmx"
    path.write_text(tmx)
    return path


def mini_layers(cols: int = 8, rows: int = 6) -> dict[str, dict[Hex, int]]:
    """A small varied map: grass, a stream, woods, a hill, a road across, a building."""
    ground = {Hex(c, r): (c + r) % 2 for c in range(cols) for r in range(rows)}
    for r in range(rows):
        ground[Hex(5, r)] = 5 if r % 2 else 6
    ground[Hex(2, 2)] = 3
    elevation = {Hex(1, 1): 8, Hex(1, 2): 9, Hex(2, 1): 8}
    features = {Hex(6, 4): 16, Hex(7, 4): 17, Hex(6, 5): 18, Hex(2, 2): 22}
    for c in range(cols):
        if c != 5:
            features[Hex(c, 0)] = 20
    return {"ground": ground, "elevation": elevation, "features": features}


@pytest.fixture(scope="session", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture
def mini_map(tmp_path: Path) -> Path:
    return write_map(tmp_path / "mini", 8, 6, mini_layers())
