"""End to end under a real X server (Xvfb) driven by xdotool: open a regiments scenario,
click a regiment, drag its left front corner to wheel it, drag its front edge to move it
on, press Enter, save with Ctrl+S; the save must hold that wheel-then-forward order and
replay to the regiment's new place; Ctrl+Q exits with 0.

The app writes where the regiments are on screen (HEXPLATE_DEBUG_LAYOUT)."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.regiments.actions import RegimentMove, steps_from_tokens
from game.regiments.save import load_game
from game.regiments.scenario import load
from game.ui.regiments_plan import pose_after

REPO = Path(__file__).resolve().parents[2]
SCENARIO = "tests/ui/data/regiments_scene.json"

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed"),
    pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed"),
]


def free_display() -> int:
    for n in range(120, 240):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


@pytest.fixture
def xvfb() -> Iterator[dict[str, str]]:
    n = free_display()
    proc = subprocess.Popen(
        ["Xvfb", f":{n}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEODRIVER")}
    env["DISPLAY"] = f":{n}"
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{n}").exists():
            break
        time.sleep(0.05)
    try:
        yield env
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def wait_for(what: str, check: Callable[[], Any], timeout: float = 20.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def read(path: Path) -> dict[str, Any] | None:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def test_wheel_and_move_a_regiment_with_the_mouse(xvfb, tmp_path) -> None:  # noqa: ANN001
    layout = tmp_path / "layout.json"
    saves = tmp_path / "saves"
    env = dict(
        xvfb,
        HEXPLATE_DEBUG_LAYOUT=str(layout),
        HEXPLATE_SAVE_DIR=str(saves),
        HEXPLATE_NO_AUTOSAVE="1",
    )
    app = subprocess.Popen(
        [sys.executable, "main.py", "regiments", "--scenario", SCENARIO]
        + ["--size", "1280x800", "--seed", "3"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    def xdo(*args: str) -> str:
        return subprocess.run(
            ["xdotool", *args], env=env, capture_output=True, text=True, timeout=30
        ).stdout.strip()

    try:
        wid = xdo("search", "--sync", "--classname", "hexplate").splitlines()[0]
        xdo("windowfocus", "--sync", wid)
        lay = wait_for("the layout file", lambda: read(layout))
        assert lay["to_act"] == "A"
        start = {r.id: r for r in load(REPO / SCENARIO).regiments}["A1"]
        scale, origin = lay["scale"], np.array(lay["origin"], float)

        def screen(p: np.ndarray) -> tuple[str, str]:
            s = origin + np.asarray(p, float) * scale
            return str(round(float(s[0]))), str(round(float(s[1])))

        def move(p: np.ndarray) -> None:
            xdo("mousemove", "--window", wid, *screen(p))
            time.sleep(0.08)

        def drag(a: np.ndarray, b: np.ndarray) -> None:
            move(a)
            xdo("mousedown", "--window", wid, "1")
            time.sleep(0.1)
            for i in range(1, 9):
                move(a + (b - a) * i / 8)
            xdo("mouseup", "--window", wid, "1")
            time.sleep(0.25)

        move(start.centre())
        xdo("click", "--window", wid, "1")
        wait_for("A1 selected", lambda: (read(layout) or {}).get("selected") == "A1")
        fl, fr = start.corners()[:2]
        t = math.radians(20)
        rot = np.array([[math.cos(t), -math.sin(t)], [math.sin(t), math.cos(t)]])
        drag(fl, fr + rot @ (fl - fr))  # the left front corner swings about the right one
        lay = wait_for("a wheel step", lambda: (d := read(layout)) and d["steps"] and d)
        assert list(lay["steps"][0]) == ["wheel"] and 15 < lay["steps"][0]["wheel"] < 25
        planned = pose_after(
            start,
            tuple(steps_from_tokens(tuple(f"{k}:{v}" for s in lay["steps"] for k, v in s.items()))),
        )
        mid = planned.corners()[:2].mean(axis=0)
        fwd, _ = planned.axes()
        drag(mid, mid + 3.0 * fwd)  # the front edge: straight on
        wait_for("a forward step", lambda: len((read(layout) or {}).get("steps", [])) == 2)
        xdo("key", "--window", wid, "Return")
        wait_for("the order", lambda: (read(layout) or {}).get("actions", 0) >= 2)
        xdo("key", "--window", wid, "ctrl+s")
        save = saves / "regiments-quicksave.json"
        wait_for("the save", save.exists)
        state = load_game(save)  # replays every action through the rules
        (order,) = [a for a in state.history if isinstance(a, RegimentMove)]
        steps = steps_from_tokens(order.steps)
        assert [s.kind for s in steps] == ["wheel", "forward"]
        moved = state.get("A1")
        expect = pose_after(start, steps)
        assert moved.front_left == pytest.approx(
            expect.front_left
        ) and moved.facing == pytest.approx(expect.facing)
        assert moved.activated and state.to_act == "B"
        xdo("key", "--window", wid, "ctrl+q")
        assert app.wait(timeout=20) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        out, err = app.communicate()
        if app.returncode not in (0, None):
            print(out, err)
