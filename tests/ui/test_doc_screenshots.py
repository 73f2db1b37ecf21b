"""The docs' picture tools draw what the README shows (tools/*_screenshot*.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


def test_the_start_screen_picture_is_the_screen_with_its_buttons(tmp_path) -> None:
    out = tmp_path / "start.png"
    env = {"SDL_VIDEODRIVER": "dummy", "HEXPLATE_NO_AUTOSAVE": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "start_screenshot.py"), str(out)],
                          capture_output=True, text=True, env=env, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)
    assert len({tuple(img.get_at((x, 40))) for x in range(0, 1280, 8)}) > 3  # not blank


def test_the_tacops_pictures_show_a_careless_path_a_wige_flight_and_a_defence_walk(
    tmp_path,
) -> None:
    env = {"SDL_VIDEODRIVER": "dummy", "HEXPLATE_NO_AUTOSAVE": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "tacops_screenshots.py"),
                           str(tmp_path)], capture_output=True, text=True, env=env,
                          timeout=180)  # fmt: skip
    assert done.returncode == 0, done.stderr
    for name in ("play-tacops.png", "play-wige.png", "play-defend.png"):
        assert pygame.image.load(str(tmp_path / name)).get_size() == (1280, 720)


def test_the_infantry_picture_shows_a_jump_platoon_planning_a_jump(tmp_path) -> None:
    out = tmp_path / "infantry.png"
    env = {"SDL_VIDEODRIVER": "dummy", "HEXPLATE_NO_AUTOSAVE": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "infantry_screenshot.py"),
                           str(out)], capture_output=True, text=True, env=env,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
