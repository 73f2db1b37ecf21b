"""The docs' picture tools draw what the README shows (tools/*_screenshot*.py), and
tools/doc_pictures.py makes every picture the README and docs/*.md link to."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from functools import cache
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


# --- tools/doc_pictures.py: every picture the docs show ------------------------------------

PICTURES_ENV = {"SDL_VIDEODRIVER": "dummy", "HEXPLATE_NO_AUTOSAVE": "1", "PATH": "/usr/bin:/bin"}


def linked_pictures() -> set[str]:
    """The names of every docs/img picture the README or docs/*.md link to."""
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    found = set()
    for doc in docs:
        found |= set(re.findall(r"\bimg/([A-Za-z0-9_.-]+)\.png", doc.read_text()))
    return found


@cache  # the script's list is the same for the whole run: one process for both tests
def known_pictures() -> dict[str, tuple[int, int]]:
    """``doc_pictures.py --list``: each picture the script makes, with its size (the
    callers only read it)."""
    script = str(ROOT / "tools" / "doc_pictures.py")
    done = subprocess.run([sys.executable, script, "--list"], capture_output=True, text=True,
                          env=PICTURES_ENV, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    sizes = {}
    for line in done.stdout.split("\n"):
        if line.strip():
            name, size = line.split()
            w, h = size.split("x")
            sizes[name] = (int(w), int(h))
    return sizes


def test_every_picture_the_docs_show_is_one_the_script_makes() -> None:
    linked = linked_pictures()
    assert len(linked) >= 25 and "play-attack" in linked  # the links were found
    known = known_pictures()
    assert sorted(linked - set(known)) == [], "a docs picture without a maker in doc_pictures"
    assert sorted(set(known) - linked) == [], "doc_pictures makes a picture no doc shows"
    kept = {p.stem for p in (ROOT / "docs" / "img").glob("*.png")}
    assert sorted(kept - set(known)) == [], "a picture in docs/img that nothing makes or shows"


def _not_blank(img: pygame.Surface) -> bool:
    """Many colours over the picture, none covering nearly all of it (a record sheet is
    light text on its dark ground, about 88 % ground)."""
    w, h = img.get_size()
    seen = [tuple(img.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)]
    most = Counter(seen).most_common(1)[0][1]
    return len(set(seen)) > 40 and most < 0.92 * len(seen)


def test_doc_pictures_makes_every_linked_picture_at_its_size(tmp_path) -> None:
    known = known_pictures()
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "doc_pictures.py"),
                           "--out", str(tmp_path)], capture_output=True, text=True,
                          env=PICTURES_ENV, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    for name in sorted(linked_pictures()):
        img = pygame.image.load(str(tmp_path / f"{name}.png"))
        assert img.get_size() == known[name], name
        assert _not_blank(img), f"{name}.png looks blank"


def test_doc_pictures_refuses_an_unknown_name_in_one_sentence(tmp_path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "doc_pictures.py"),
                           "--out", str(tmp_path), "play-nothing"], capture_output=True,
                          text=True, env=PICTURES_ENV, timeout=120)  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip() == "no picture named play-nothing; --list names them all"
    assert not list(tmp_path.iterdir())
