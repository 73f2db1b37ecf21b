"""End to end under a real X server (Xvfb) driven by xdotool, never the dummy driver:
start a scenario, dismiss the hand-off prompt, click a unit, press W, click a
destination, press Enter, wait for the animation, press Ctrl+S; then read the save and
check the unit's hex, facing and MP used against the rules' own reach; Esc, Q: exit 0.

The app writes where every hex is on screen (HEXPLATE_DEBUG_LAYOUT) so the test knows
where to click without guessing the camera.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.flow import apply_strict
from game.hexgrid import Hex
from game.phases.actions import RollInitiative, StartGame
from game.phases.movers import reach_of
from game.save import load_game
from game.setup import new_game_from_scenario

REPO = Path(__file__).resolve().parents[2]
SCENARIO = "tests/ui/data/e2e_scenario.json"

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed"),
    pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed"),
]


def free_display() -> int:
    """A display number no server holds, from a range of this test worker's own (pytest-xdist
    runs workers side by side: two of them must not pick the same free number)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    base = 100 + 40 * int(worker.removeprefix("gw") or 0)
    for n in range(base, base + 40):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


@pytest.fixture
def xvfb() -> Iterator[dict[str, str]]:
    n = free_display()
    proc = subprocess.Popen(
        ["Xvfb", f":{n}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
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


def dismiss_handoff(click: Callable[[int, int], None], layout_file: Path) -> dict[str, Any]:
    """Click the hand-off prompt away and return the layout once it is gone. A window just
    mapped may not take the very first click yet (seen once in a whole-suite run), so the
    click is given again every few seconds while the prompt stays, up to 30 s."""
    end = time.monotonic() + 30.0
    while True:
        lay = read_layout(layout_file) or {}
        if lay and lay.get("handoff") is None:
            return lay
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the prompt to close")
        click(20, lay["view"][1] + 20 if lay else 60)
        try:
            return wait_for(
                "the prompt to close",
                lambda: (d := read_layout(layout_file)) and d.get("handoff") is None and d,
                timeout=3.0,
            )
        except AssertionError:
            continue


def read_layout(path: Path) -> dict[str, Any] | None:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def expected_move() -> tuple[Hex, int, int]:
    """A walk destination for A1 whose cheapest facing is unique, from the rules alone."""
    s = new_game_from_scenario(REPO / SCENARIO)
    s = apply_strict(s, StartGame()).state
    s = apply_strict(s, RollInitiative()).state
    r = reach_of(s, "A1", "walk")
    for h, (mp, faces) in sorted(r.hexes().items(), key=lambda kv: (-kv[1][0], kv[0])):
        costs = sorted((r.cost_to(h, f), f) for f in faces)
        if mp >= 2 and (len(costs) == 1 or costs[0][0] < costs[1][0]):
            return h, costs[0][1], costs[0][0]
    raise AssertionError("no destination with a unique cheapest facing")


def test_walk_a_unit_and_save_through_a_real_window(xvfb, tmp_path):
    layout_file = tmp_path / "layout.json"
    saves = tmp_path / "saves"
    env = dict(xvfb, HEXPLATE_DEBUG_LAYOUT=str(layout_file), HEXPLATE_SAVE_DIR=str(saves))
    app = subprocess.Popen(
        [sys.executable, "main.py", "play", "--scenario", SCENARIO, "--size", "1280x800"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    def xdo(*args: str) -> str:
        out = subprocess.run(
            ["xdotool", *args], env=env, capture_output=True, text=True, timeout=30
        )
        return out.stdout.strip()

    try:
        wid = xdo("search", "--sync", "--classname", "hexplate").splitlines()[0]
        xdo("windowfocus", "--sync", wid)
        lay = wait_for("the layout file", lambda: read_layout(layout_file))
        assert lay["handoff"] == "A"

        def click(x: int, y: int) -> None:
            xdo("mousemove", "--window", wid, str(x), str(y))
            time.sleep(0.15)
            xdo("click", "--window", wid, "1")
            time.sleep(0.25)

        lay = dismiss_handoff(click, layout_file)  # the hand-off prompt
        dest, facing, mp = expected_move()
        names = {v: k for k, v in lay["units"].items()}
        unit_hex = lay["units"]["A1"]
        assert names[unit_hex] == "A1"
        click(*lay["hexes"][unit_hex])
        wait_for("A1 selected", lambda: (read_layout(layout_file) or {}).get("selected") == "A1")
        xdo("key", "--window", wid, "w")
        lay = read_layout(layout_file)
        dest_name = dest.name(32, 34)
        assert dest_name in lay["hexes"], "the destination must be on screen"
        click(*lay["hexes"][dest_name])
        xdo("key", "--window", wid, "Return")
        wait_for("the move", lambda: (read_layout(layout_file) or {}).get("actions", 0) >= 3)
        wait_for(
            "the animation", lambda: not (read_layout(layout_file) or {}).get("animating", True)
        )
        xdo("key", "--window", wid, "ctrl+s")
        save = saves / "quicksave.json"
        wait_for("the save", save.exists)
        data = json.loads(save.read_text())
        commits = [a for a in data["actions"] if a["type"] == "CommitMove"]
        assert commits and commits[0]["unit_id"] == "A1" and commits[0]["mode"] == "walk"
        state = load_game(save)
        unit = state.unit("A1")
        assert unit.at == dest and unit.facing == facing and unit.moved
        assert state.move_record("A1").mp_used == mp
        xdo("key", "--window", wid, "Escape")
        time.sleep(0.3)
        xdo("key", "--window", wid, "Escape")  # the hand-off prompt for B takes a key too
        time.sleep(0.3)
        xdo("key", "--window", wid, "ctrl+q")
        assert app.wait(timeout=20) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        out, err = app.communicate()
        if app.returncode not in (0, None):
            print(out, err)
