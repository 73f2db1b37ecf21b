"""End to end: the real previewer window under Xvfb, driven with xdotool.

Starts its own X server on a free display, launches ``python main.py preview`` with that
DISPLAY (never the dummy video driver), then pans, zooms, toggles and quits with the keys
and mouse, taking screenshots on the way. Screenshots are read straight from Xvfb's
framebuffer file (``-fbdir``, XWD format), so only Xvfb and xdotool are needed; the test
is skipped when either is missing (CI installs both, .ci/run). Set HEXPLATE_SHOT_DIR to
keep the screenshots as PNGs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

REPO = Path(__file__).resolve().parents[2]
TOOLS = {name: shutil.which(name) for name in ("Xvfb", "xdotool")}
MISSING = [name for name, path in TOOLS.items() if path is None]

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(bool(MISSING), reason=f"needs {', '.join(MISSING)} (apt: xvfb xdotool)"),
]


def _free_display() -> int:
    """A display number no server holds, from a range of this test worker's own (pytest-xdist
    runs workers side by side: two of them must not pick the same free number)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    base = 300 + 40 * int(worker.removeprefix("gw") or 0)
    for n in range(base, base + 40):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise RuntimeError("no free X display number")


@pytest.fixture
def display(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A private Xvfb server and its framebuffer file, stopped afterwards."""
    fbdir = tmp_path / "fb"
    fbdir.mkdir()
    for _ in range(5):
        n = _free_display()
        proc = subprocess.Popen(
            [TOOLS["Xvfb"], f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
            + ["-fbdir", str(fbdir)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and proc.poll() is None:
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            time.sleep(0.05)
        if proc.poll() is None:
            break
    else:
        pytest.skip("Xvfb would not start")
    try:
        yield f":{n}", fbdir / "Xvfb_screen0"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


def xdo(env: dict[str, str], *args: str, timeout: float = 20) -> str:
    done = subprocess.run(
        [TOOLS["xdotool"], *args], env=env, capture_output=True, text=True, timeout=timeout
    )
    return done.stdout


def read_xwd(path: Path) -> pygame.Surface:
    """The screen from Xvfb's framebuffer file: an XWD header, a colour map, then pixels
    (32 bits each, least significant byte first: blue, green, red, unused)."""
    data = path.read_bytes()
    head = np.frombuffer(data[:100], dtype=">u4")
    header_size, width, height, bpl, ncolours = (int(head[i]) for i in (0, 4, 5, 12, 19))
    assert int(head[11]) == 32 and int(head[7]) == 0, "expected 32-bit LSB-first pixels"
    start = header_size + 12 * ncolours
    px = np.frombuffer(data[start : start + height * bpl], dtype=np.uint8).reshape(height, bpl)
    rgb = px[:, : width * 4].reshape(height, width, 4)[..., 2::-1]
    return pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))


def screenshot(fb: Path, path: Path) -> pygame.Surface:
    img = read_xwd(fb)
    pygame.image.save(img, str(path))
    keep = os.environ.get("HEXPLATE_SHOT_DIR")
    if keep:
        shutil.copy(path, Path(keep) / path.name)
    return img


def colours(img: pygame.Surface) -> int:
    return len(set(zip(*[iter(pygame.image.tobytes(img, "RGB"))] * 3, strict=False)))


def changed(a: pygame.Surface, b: pygame.Surface) -> float:
    ba, bb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    step = 3 * 53
    return sum(ba[i] != bb[i] for i in range(0, len(ba), step)) / (len(ba) // step)


def test_preview_window_pans_zooms_and_quits_with_escape(
    display: tuple[str, Path], tmp_path: Path
) -> None:
    display_name, fb = display
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO")}
    env.update(DISPLAY=display_name, SDL_AUDIODRIVER="dummy")
    log = (tmp_path / "preview.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "main.py", "preview", "maps/default.tmx"],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        found = xdo(env, "search", "--sync", "--classname", "hexplate", timeout=30).split()
        assert found, "no window with class hexplate"
        time.sleep(1.0)
        xdo(env, "mousemove", "640", "400")
        time.sleep(0.3)
        first = screenshot(fb, tmp_path / "e2e_start.png")
        assert colours(first) > 300, "the window looks blank"

        # Left drag pans, the wheel zooms about the pointer, the middle button pans too.
        xdo(env, "mousedown", "1")
        for x, y in ((600, 380), (520, 330), (450, 300)):
            xdo(env, "mousemove", str(x), str(y))
            time.sleep(0.05)
        xdo(env, "mouseup", "1")
        time.sleep(0.3)
        panned = screenshot(fb, tmp_path / "e2e_panned.png")
        assert changed(first, panned) > 0.2, "dragging did not move the map"

        xdo(env, "click", "4")
        time.sleep(0.2)
        xdo(env, "click", "4")
        time.sleep(0.8)
        zoomed = screenshot(fb, tmp_path / "e2e_zoomed.png")
        assert changed(panned, zoomed) > 0.2, "the wheel did not zoom"
        assert colours(zoomed) > 300
        xdo(env, "click", "5")
        xdo(env, "mousedown", "2")
        xdo(env, "mousemove", "700", "500")
        xdo(env, "mouseup", "2")
        for key in ("g", "l", "e", "Tab", "Tab", "h"):
            xdo(env, "key", key)
            time.sleep(0.15)
        time.sleep(0.5)
        helped = screenshot(fb, tmp_path / "e2e_help.png")
        assert colours(helped) > 100
        xdo(env, "key", "Escape")  # closes the help
        time.sleep(0.3)
        assert proc.poll() is None, "Escape with the help open must only close the help"
        xdo(env, "key", "Escape")  # quits
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.close()
    text = (tmp_path / "preview.log").read_text()
    assert "Traceback" not in text, text
