"""A sample of the fuzzers' files through the real command line, one process each: what
C libraries print themselves (libpng on a damaged tileset image) or numpy warnings
would add lines to stderr that the in-process fuzzers cannot see."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_fuzz_maps import make_map
from test_fuzz_scenarios import make_scenario

REPO = Path(__file__).resolve().parents[2]


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=120)  # fmt: skip


def ends_well(p: subprocess.CompletedProcess[str], named: Path) -> None:
    assert p.returncode in (0, 2), p.stderr
    if p.returncode == 2:
        lines = p.stderr.strip().splitlines()
        assert len(lines) == 1 and str(named) in lines[0], p.stderr
    assert "Traceback" not in p.stderr and "Warning" not in p.stderr, p.stderr


@pytest.mark.slow
def test_damaged_maps_and_images_through_real_processes(tmp_path: Path) -> None:
    picked: list[tuple[Path, str]] = []
    seed = 0
    while len(picked) < 8 and seed < 2000:
        path, done = make_map(tmp_path / str(seed), seed)
        if ("png:" in done) == (len(picked) < 4):  # four with a damaged image, four other
            picked.append((path, done))
        seed += 1
    for path, _ in picked:
        ends_well(run(["-m", "game.maps", str(path)]), path)
        ends_well(run(["main.py", "preview", str(path), "--png", str(path.with_suffix(".png")),
                       "--zoom", "0.2"]), path)  # fmt: skip


@pytest.mark.slow
def test_damaged_scenarios_through_real_processes(tmp_path: Path) -> None:
    for seed in range(8):
        path, _ = make_scenario(tmp_path, 7000 + seed)
        ends_well(run(["main.py", "rules", "move", str(path), "--resolve"]), path)
