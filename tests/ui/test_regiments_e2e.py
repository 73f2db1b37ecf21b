"""End to end under a real X server (Xvfb) driven by xdotool: open a regiments scenario
(or start from the hex game's start screen, pick the Regiments rule set there and start a
game), click a regiment, drag a front corner to wheel it, drag its front edge to move it
on, press Enter, save with Ctrl+S; the save must hold that wheel-then-forward order and
replay to the regiment's new place; Ctrl+Q exits with 0.

The app writes where the regiments and the start screens' buttons are on screen
(HEXPLATE_DEBUG_LAYOUT)."""

from __future__ import annotations

import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.regiments.actions import RegimentMove, steps_from_tokens
from game.regiments.armies import deploy
from game.regiments.regiment import Regiment
from game.regiments.save import load_game
from game.regiments.scenario import load
from game.regiments.setup import game_from_armies, table_for
from game.ui.scenes.regiments.plan import Plan, pose_after, preview

from .test_play_e2e import pytestmark, read_layout, wait_for
from .test_play_e2e import xvfb as xvfb_display

REPO = Path(__file__).resolve().parents[2]
SCENARIO = "tests/ui/data/regiments_scene.json"

xvfb = xvfb_display  # the X server fixture, shared with the other Xvfb tests

__all__ = ["pytestmark", "xvfb"]


class Window:
    """The app under Xvfb: xdotool on its window, its debug layout, its save folder."""

    def __init__(self, xvfb: dict[str, str], tmp_path: Path, argv: list[str]) -> None:
        self.layout, self.saves = tmp_path / "layout.json", tmp_path / "saves"
        self.env = dict(xvfb, HEXPLATE_DEBUG_LAYOUT=str(self.layout),
                        HEXPLATE_SAVE_DIR=str(self.saves), HEXPLATE_NO_AUTOSAVE="1")  # fmt: skip
        self.app = subprocess.Popen(
            [sys.executable, "main.py", *argv, "--size", "1280x800"],
            cwd=REPO, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        self.wid = ""
        self.scale, self.origin = 1.0, np.zeros(2)

    def xdo(self, *args: str) -> str:
        return subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30
        ).stdout.strip()

    def open(self) -> None:
        self.wid = self.xdo("search", "--sync", "--classname", "hexplate").splitlines()[0]
        self.xdo("windowfocus", "--sync", self.wid)

    def read(self) -> dict[str, Any]:
        return read_layout(self.layout) or {}

    def on_table(self) -> dict[str, Any]:
        """The regiments screen's layout (its table's scale and origin kept)."""
        lay = wait_for("the regiments screen", lambda: (d := self.read()) and "to_act" in d and d)
        self.scale, self.origin = lay["scale"], np.array(lay["origin"], float)
        return lay

    def click_button(self, screen: str, action: str) -> None:
        """Click a start screen's button once that screen is shown."""
        lay = wait_for(screen, lambda: (d := self.read()).get("screen") == screen and d)
        x, y = lay["buttons"][action]
        self.xdo("mousemove", "--window", self.wid, str(x), str(y))
        time.sleep(0.1)
        self.xdo("click", "--window", self.wid, "1")

    def move(self, p: np.ndarray) -> None:
        s = self.origin + np.asarray(p, float) * self.scale
        self.xdo("mousemove", "--window", self.wid, str(round(s[0])), str(round(s[1])))
        time.sleep(0.08)

    def drag(self, a: np.ndarray, b: np.ndarray) -> None:
        self.move(a)
        self.xdo("mousedown", "--window", self.wid, "1")
        time.sleep(0.1)
        for i in range(1, 9):
            self.move(a + (b - a) * i / 8)
        self.xdo("mouseup", "--window", self.wid, "1")
        time.sleep(0.25)

    def close(self) -> None:
        if self.app.poll() is None:
            self.app.kill()
            self.app.wait()
        out, err = self.app.communicate()
        if self.app.returncode not in (0, None):
            print(out, err)


def rotated(v: np.ndarray, degrees: float) -> np.ndarray:
    t = math.radians(degrees)
    return np.array([[math.cos(t), -math.sin(t)], [math.sin(t), math.cos(t)]]) @ v


def wheel_then_forward(win: Window, start: Regiment, wheel: float) -> None:
    """Select ``start``, wheel it ``wheel`` degrees by dragging a front corner (positive:
    the left one about the right), move it 3 cm on by its front edge, press Enter."""
    win.move(start.centre())
    win.xdo("click", "--window", win.wid, "1")
    wait_for(f"{start.id} selected", lambda: win.read().get("selected") == start.id)
    fl, fr = start.corners()[:2]
    if wheel > 0:
        win.drag(fl, fr + rotated(fl - fr, wheel))
    else:
        win.drag(fr, fl + rotated(fr - fl, wheel))
    lay = wait_for("a wheel step", lambda: (d := win.read()) and d.get("steps") and d)
    assert list(lay["steps"][0]) == ["wheel"]
    assert abs(wheel) - 5 < lay["steps"][0]["wheel"] * math.copysign(1, wheel) < abs(wheel) + 5
    tokens = tuple(f"{k}:{v}" for s in lay["steps"] for k, v in s.items())
    planned = pose_after(start, tuple(steps_from_tokens(tokens)))
    mid = planned.corners()[:2].mean(axis=0)
    fwd, _ = planned.axes()
    win.drag(mid, mid + 3.0 * fwd)  # the front edge: straight on
    wait_for("a forward step", lambda: len(win.read().get("steps", [])) == 2)
    actions = win.read().get("actions", 0)
    win.xdo("key", "--window", win.wid, "Return")
    wait_for("the order", lambda: win.read().get("actions", 0) > actions)


def check_saved(win: Window, start: Regiment) -> None:
    """Ctrl+S; the save replays to the regiment's place after its wheel-then-forward."""
    win.xdo("key", "--window", win.wid, "ctrl+s")
    save = win.saves / "regiments-quicksave.json"
    wait_for("the save", save.exists)
    state = load_game(save)  # replays every action through the rules
    (order,) = [a for a in state.history if isinstance(a, RegimentMove)]
    assert order.unit_id == start.id
    steps = steps_from_tokens(order.steps)
    assert [s.kind for s in steps] == ["wheel", "forward"]
    moved, expect = state.get(start.id), pose_after(start, steps)
    assert moved.front_left == pytest.approx(expect.front_left)
    assert moved.facing == pytest.approx(expect.facing)
    assert moved.activated and state.to_act != start.side
    win.xdo("key", "--window", win.wid, "ctrl+q")
    assert win.app.wait(timeout=20) == 0


def test_wheel_and_move_a_regiment_with_the_mouse(xvfb, tmp_path) -> None:  # noqa: ANN001
    win = Window(xvfb, tmp_path, ["regiments", "--scenario", SCENARIO, "--seed", "3"])
    try:
        win.open()
        assert win.on_table()["to_act"] == "A"
        start = {r.id: r for r in load(REPO / SCENARIO).regiments}["A1"]
        wheel_then_forward(win, start, 20.0)
        check_saved(win, start)
    finally:
        win.close()


def a_legal_wheel(side: str) -> tuple[Regiment, float]:
    """A regiment of ``side`` on the default armies' table that may wheel 20 degrees one
    way and then move 3 cm on (asked of the rules, so the test follows the deployment)."""
    table = table_for(None)
    state = game_from_armies(table, {"A": "royal", "B": "horde"}, seed=1)
    for reg in deploy(table, {"A": "royal", "B": "horde"}):
        for wheel in (20.0, -20.0):
            steps = steps_from_tokens((f"wheel:{wheel:g}", "forward:3"))
            if reg.side == side and preview(state, Plan(reg.id, steps=tuple(steps))).legal:
                return reg, wheel
    raise AssertionError(f"no regiment of side {side} may wheel and move")


def test_pick_regiments_on_the_start_screen_then_wheel_and_move(xvfb, tmp_path) -> None:  # noqa: ANN001
    """From `main.py play`: the Regiments tab, Start (Royal Army against the Northern Horde
    on the plain table), then whoever won the first activation roll wheels and moves."""
    win = Window(xvfb, tmp_path, ["play"])
    try:
        win.open()
        win.click_button("start", "ruleset:regiments")
        win.click_button("regiments-start", "start")
        side = win.on_table()["to_act"]
        start, wheel = a_legal_wheel(side)
        wheel_then_forward(win, start, wheel)
        check_saved(win, start)
    finally:
        win.close()
