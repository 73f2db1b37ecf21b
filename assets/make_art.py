"""Regenerate every PNG of the game (and assets/palette.json) from code.

    python assets/make_art.py [OUT_DIR]

OUT_DIR defaults to the repository root; the files go to OUT_DIR/maps/terrain.png,
OUT_DIR/assets/units/*.png, OUT_DIR/assets/ui/*.png and OUT_DIR/assets/palette.json.
All randomness has fixed seeds, so a rerun gives pixel-identical images. The drawing
code lives in the art_*.py modules beside this script (not part of the game package).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import art_buildings as b  # noqa: E402
import art_core as c  # noqa: E402
import art_features as f  # noqa: E402
import art_ground as g  # noqa: E402
import art_units as u  # noqa: E402
from art_palette import game_palette  # noqa: E402

SHEET_COLUMNS, SHEET_ROWS = 8, 4
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _building(cls: str, height: int) -> Callable[[], np.ndarray]:
    def make() -> np.ndarray:
        img, badge = b.building(cls, height)
        pixels = c.clip_to_hex(c.downsample(img))
        return c.draw_label(pixels, str(height), badge, 15, (1, 1, 1), (0.1, 0.1, 0.1))

    return make


def _elevation(level: int) -> Callable[[], np.ndarray]:
    def make() -> np.ndarray:
        pixels = c.clip_to_hex(c.downsample(g.elevation(level)))
        return c.clip_to_hex(g.level_label(pixels, level))

    return make


def _plain(draw: Callable[[], np.ndarray]) -> Callable[[], np.ndarray]:
    return lambda: c.clip_to_hex(c.downsample(draw()))


# Tile id -> function returning the final 84x72 uint8 RGBA tile (see the tileset contract).
TILES: dict[int, Callable[[], np.ndarray]] = {
    0: _plain(lambda: g.grass(0)),
    1: _plain(lambda: g.grass(1)),
    2: _plain(g.rough),
    3: _plain(g.pavement),
    4: _plain(lambda: g.water(0)),
    5: _plain(lambda: g.water(1)),
    6: _plain(lambda: g.water(2)),
    7: _plain(lambda: g.water(3)),
    **{7 + lv: _elevation(lv) for lv in range(1, 7)},
    14: _elevation(-1),
    15: _elevation(-2),
    16: _plain(lambda: f.woods(1)),
    17: _plain(lambda: f.woods(2)),
    18: _plain(lambda: f.woods(3)),
    19: _plain(f.rubble),
    20: _plain(f.road_pad),
    21: _building("light", 1),
    22: _building("medium", 2),
    23: _building("heavy", 3),
    24: _building("hardened", 4),
    25: _plain(lambda: f.bridge("medium")),
    26: _plain(g.rough_overlay),
    27: _plain(lambda: f.bridge("light")),
    28: _plain(lambda: f.bridge("heavy")),
    29: _building("light", 2),
    30: _building("medium", 3),
    31: _building("heavy", 5),
}


def terrain_sheet() -> np.ndarray:
    sheet = np.zeros((SHEET_ROWS * c.TILE_H, SHEET_COLUMNS * c.TILE_W, 4), np.uint8)
    for tid, make in TILES.items():
        row, col = divmod(tid, SHEET_COLUMNS)
        sheet[row * c.TILE_H : (row + 1) * c.TILE_H, col * c.TILE_W : (col + 1) * c.TILE_W] = make()
    return sheet


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = os.path.abspath(args[0]) if args else ROOT
    c.save_png(terrain_sheet(), os.path.join(out, "maps", "terrain.png"))
    u.write_all(os.path.join(out, "assets"))
    os.makedirs(os.path.join(out, "assets"), exist_ok=True)
    with open(os.path.join(out, "assets", "palette.json"), "w", encoding="utf-8") as fh:
        json.dump(game_palette(), fh, indent=2, sort_keys=True)
        fh.write("\n")
    print(f"art written under {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
