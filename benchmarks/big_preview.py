"""``preview --png`` of a 150x150 map: wall time and peak memory of the whole command.

Run: ``.venv/bin/python benchmarks/big_preview.py [--baseline]`` (about 30 s; with
``--baseline`` a minute more and 1.3 GB). The map is benchmarks/bigmaps.py's 150x150
copy of the default map's tile layers; the picture is 9,471 x 10,836 px at --zoom 1
(written band by band, game.ui.map.pngout) and 3,315 x 3,793 px at --zoom 0.35. Each run is a
fresh process (its peak resident memory is what the system reports for it). The
baseline is the same picture drawn as one surface and saved by pygame, as ``--png`` did
before pictures were streamed. A 998x999 map at --zoom 1 is refused up front: the time
of that answer is printed too.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bigmaps import make_big_map  # noqa: E402

BASELINE = """
import sys, pygame
sys.path.insert(0, {root!r})
from game.ui.scenes.hexes.preview.command import load
from game.ui.map.render import MapRenderer, RenderOptions
board, tiles = load(__import__('pathlib').Path({map!r}))
pygame.font.init()
pygame.image.save(MapRenderer(board, tiles, cache_size=1).surface({zoom}, RenderOptions()), {out!r})
"""


def run(args: list[str]) -> tuple[float, float, int]:
    """Wall seconds, peak resident MB of that child alone (os.wait4), exit code."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    t = time.perf_counter()
    p = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - t, usage.ru_maxrss / 1024, p.returncode


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        big = make_big_map(150, 150, folder)
        out = folder / "out.png"
        print(f"{'run':<34}{'seconds':>9}{'peak MB':>9}")
        for zoom in ("1", "0.35"):
            wall, peak, _ = run(["main.py", "preview", str(big), "--png", str(out), "--zoom", zoom])
            print(f"{'150x150 --zoom ' + zoom:<34}{wall:>9.1f}{peak:>9.0f}")
        huge = make_big_map(998, 999, folder)
        wall, _, code = run(["main.py", "preview", str(huge), "--png", str(out)])
        print(f"{'998x999 --zoom 1 (refused, exit ' + str(code) + ')':<34}{wall:>9.1f}")
        if "--baseline" in sys.argv:
            for zoom in ("1.0", "0.35"):
                code = BASELINE.format(root=str(ROOT), map=str(big), zoom=zoom, out=str(out))
                wall, peak, _ = run(["-c", code])
                print(f"{'baseline: one surface, zoom ' + zoom:<34}{wall:>9.1f}{peak:>9.0f}")


if __name__ == "__main__":
    main()
