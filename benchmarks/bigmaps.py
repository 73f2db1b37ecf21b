"""Large Tiled maps for the benchmarks: the default map's tile layers repeated to any size.

``make_big_map(width, height, folder)`` writes ``big_WxH.tmx`` (CSV layers, the bundled
terrain tileset by absolute path, no object layers) and returns its path. The default
map is 32 columns wide, an even number, so the repeated columns keep their stagger and
every repeated hex has the neighbours it has on the default map; its roads join where
the copies meet (no explicit road exits: the overrides layer is left out).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "maps" / "default.tmx"


def _default_layers() -> list[tuple[str, np.ndarray]]:
    text = DEFAULT.read_text(encoding="utf-8")
    out = []
    for name, data in re.findall(r'<layer id="\d+" name="([^"]+)"[^>]*>\s*<data encoding="csv">'
                                 r"(.*?)</data>", text, re.S):  # fmt: skip
        rows = [[int(v) for v in line.split(",") if v] for line in data.strip().splitlines()]
        out.append((name, np.array(rows, np.int64)))
    return out


def make_big_map(width: int, height: int, folder: Path) -> Path:
    """A ``width`` x ``height`` map made of copies of the default map's tile layers."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"big_{width}x{height}.tmx"
    if path.is_file():
        return path
    tsx = (ROOT / "maps" / "terrain.tsx").resolve()
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="84" '
        f'tileheight="72" infinite="0" hexsidelength="42" staggeraxis="x" '
        f'staggerindex="odd" nextlayerid="4" nextobjectid="1">',
        f' <tileset firstgid="1" source="{tsx}"/>',
    ]
    for i, (name, gids) in enumerate(_default_layers(), start=1):
        reps = (-(-height // gids.shape[0]), -(-width // gids.shape[1]))
        big = np.tile(gids, reps)[:height, :width]
        rows = ",\n".join(",".join(map(str, r)) for r in big.tolist())
        parts.append(f' <layer id="{i}" name="{name}" width="{width}" height="{height}">')
        parts.append(f'  <data encoding="csv">\n{rows}\n</data>\n </layer>')
    parts.append("</map>\n")
    tmp = path.with_suffix(".part")
    tmp.write_text("\n".join(parts), encoding="utf-8")
    tmp.replace(path)
    return path


if __name__ == "__main__":
    w, h = (int(v) for v in (sys.argv[1] if len(sys.argv) > 1 else "150x150").split("x"))
    print(make_big_map(w, h, Path(sys.argv[2] if len(sys.argv) > 2 else "/tmp")))
