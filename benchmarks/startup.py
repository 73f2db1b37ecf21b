"""Start-up: from running ``./play`` to the first drawn frame, once installed.

Goal: <= 1.5 s on the bundled default map, and no black first frame (the window's first
frame is the splash, game.ui.app.play.splash). ``./play`` is run as a user runs it, with the
dummy video driver; the game writes the time of its first full frame
(``HEXPLATE_FIRST_FRAME``) and quits (``HEXPLATE_QUIT_AFTER_FIRST_FRAME``). The baselines,
measured the same way in the same process, are a bare interpreter (``python -c pass``)
and an interpreter that only imports pygame and numpy: what any pygame game pays.

``./play`` installs only when pyproject.toml changed (a stamp in .venv); the first run
below may install, so it is not counted.

    .venv/bin/python benchmarks/startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 1.5  # seconds


def env(marker: Path) -> dict[str, str]:
    e = dict(os.environ)
    e.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HEXPLATE_NO_AUTOSAVE="1",
             HEXPLATE_FIRST_FRAME=str(marker), HEXPLATE_QUIT_AFTER_FIRST_FRAME="1")  # fmt: skip
    return e


def to_first_frame(args: list[str]) -> float:
    """Seconds from starting ``./play ARGS`` to its first full frame."""
    with tempfile.TemporaryDirectory() as tmp:
        marker = Path(tmp) / "first-frame"
        start = time.time()
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        subprocess.run([str(ROOT / "play"), *args], env=env(marker), check=True, timeout=120,
                       **quiet)  # fmt: skip
        return float(marker.read_text()) - start


def plain(code: str) -> float:
    start = time.time()
    subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "-c", code], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    return time.time() - start


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    n = ap.parse_args().runs
    if not (ROOT / ".venv" / "bin" / "python").exists():
        print("run ./play once first (it creates .venv)")
        return 1
    to_first_frame([])  # may install (pyproject.toml changed): not counted
    rows = [
        ("python -c pass (baseline)", [plain("pass") for _ in range(n)]),
        ("import pygame, numpy (baseline)", [plain("import pygame, numpy") for _ in range(n)]),
        ("./play: start screen", [to_first_frame([]) for _ in range(n)]),
        (
            "./play maps/default.tmx: deployment",
            [to_first_frame(["maps/default.tmx"]) for _ in range(n)],
        ),  # fmt: skip
    ]
    for name, times in rows:
        print(f"{name:40s} median {statistics.median(times):.3f} s  max {max(times):.3f} s")
    worst = max(statistics.median(t) for _, t in rows[2:])
    print(f"goal <= {GOAL} s to the first frame: {'met' if worst <= GOAL else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
