"""MegaMek files (issue 22): how long reading a .board and a folder of unit files takes.

Run: ``.venv/bin/python benchmarks/megamek.py`` (about 30 s). Prints the median time to
read a generated 16x17 and 32x17 MegaMek board (game.maps.read_map: text, terrain,
buildings, road exits, the board arrays) beside the time to read the same board as a
.tmx map (written by game.maps.tmx_write, read by our Tiled loader through pytmx) in the
same process; then the time to read 1000 generated unit files (500 .mtf Mechs, 500 .blk
vehicles, each checked by the schema and the construction rules) and to import them.
"""

from __future__ import annotations

import io
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.designs import weapons_table  # noqa: E402
from game.designs.unit_files import read_unit_file  # noqa: E402
from game.maps import read_map  # noqa: E402
from game.maps.tmx_write import write_tmx  # noqa: E402

FILES = ROOT / "tests" / "megamek" / "files"
TERRAIN = ["", "", "", "", "woods:1", "woods:2", "water:1", "water:2", "rough:1",
           "pavement:1", "road:1", "building:2;bldg_cf:40;bldg_elev:2", "swamp:1"]  # fmt: skip


def board_text(w: int, h: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    lines = [f"size {w} {h}"]
    for r in range(h):
        for c in range(w):
            lines.append(
                f'hex {c + 1:02d}{r + 1:02d} {rng.randint(0, 3)} "{rng.choice(TERRAIN)}" ""'
            )
    return "\n".join([*lines, "end", ""])


def median_ms(fn: Callable[[], object], n: int = 30) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def boards(folder: Path) -> None:
    for w, h in ((16, 17), (32, 17)):
        path = folder / f"b{w}x{h}.board"
        path.write_text(board_text(w, h), encoding="utf-8")
        tmx = write_tmx(read_map(path).board, folder / f"b{w}x{h}.tmx")
        ours = median_ms(lambda p=path: read_map(p))
        tiled = median_ms(lambda p=tmx: read_map(p))
        print(f"{w}x{h} board: .board {ours:.2f} ms, same board as .tmx {tiled:.2f} ms (median)")


def unit_files(folder: Path, n: int = 1000) -> list[Path]:
    mech = (FILES / "Sentinel STN-3X.mtf").read_text(encoding="utf-8")
    tank = (FILES / "Harrow Light Tank HRW-2.blk").read_text(encoding="utf-8")
    out = []
    for i in range(n):
        if i % 2:
            path = folder / f"Sentinel STN-{i}.mtf"
            path.write_text(mech.replace("STN-3X", f"STN-{i}"), encoding="utf-8")
        else:
            path = folder / f"Harrow HRW-{i}.blk"
            path.write_text(tank.replace("HRW-2", f"HRW-{i}"), encoding="utf-8")
        out.append(path)
    return out


def designs(folder: Path) -> None:
    (folder / "units").mkdir()
    files = unit_files(folder / "units")
    table = weapons_table()
    t0 = time.perf_counter()
    for p in files:
        read_unit_file(p, table)
    read_s = time.perf_counter() - t0
    os.environ["HEXPLATE_DESIGN_DIR"] = str(folder / "mine")
    from game.referee.designs import import_files

    t0 = time.perf_counter()
    import_files(folder / "units", out=io.StringIO(), err=io.StringIO())
    import_s = time.perf_counter() - t0
    print(f"{len(files)} unit files: read {read_s:.2f} s, import (read, check, write) "
          f"{import_s:.2f} s")  # fmt: skip


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="hexplate-bench-") as tmp:
        boards(Path(tmp))
        designs(Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
