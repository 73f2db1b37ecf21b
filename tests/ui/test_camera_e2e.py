"""Issue 25, finding 3, end to end under a real X server (Xvfb, xdotool): a whole turn -
N and S: every unit stands still; N and H: every unit holds its fire and its blows; the
turn's summary; the next turn's movement screen - and the camera never moves, for no
input of ours is a pan or a zoom (hand-offs, phase changes, the new turn keep the view)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from .test_play_e2e import REPO, pytestmark, read_layout, wait_for, xvfb  # noqa: F401

SCENARIO = "tests/ui/data/attack_scenario.json"  # a weapon phase with targets


def test_a_whole_turn_never_moves_the_camera_by_itself(xvfb, tmp_path: Path) -> None:  # noqa: F811
    layout_file = tmp_path / "layout.json"
    env = dict(xvfb, HEXPLATE_DEBUG_LAYOUT=str(layout_file),
               HEXPLATE_SAVE_DIR=str(tmp_path / "saves"), HEXPLATE_NO_AUTOSAVE="1",
               HEXPLATE_SETTINGS=str(tmp_path / "settings.json"),
               HEXPLATE_NO_SOUND="1")  # fmt: skip
    app = subprocess.Popen(
        [sys.executable, "main.py", "play", "--scenario", SCENARIO, "--size", "1280x800"],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip

    def xdo(*args: str) -> str:
        out = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True,
                             timeout=30)  # fmt: skip
        return out.stdout.strip()

    def layout() -> dict:
        return wait_for("the layout file", lambda: read_layout(layout_file))

    try:
        wid = xdo("search", "--sync", "--classname", "hexplate").splitlines()[0]
        xdo("windowfocus", "--sync", wid)
        first = layout()
        camera = (first["camera"], first["zoom"])
        seen = {(first.get("screen"), first.get("phase"))}

        def still(what: str) -> dict:
            lay = layout()
            assert (lay["camera"], lay["zoom"]) == camera, f"the camera moved: {what}"
            return lay

        def click(x: int, y: int) -> None:
            xdo("mousemove", "--window", wid, str(x), str(y))
            time.sleep(0.1)
            xdo("click", "--window", wid, "1")
            time.sleep(0.3)

        end = time.monotonic() + 120
        while time.monotonic() < end:
            lay = still(f"{lay_name(layout())}")
            seen.add((lay.get("screen"), lay.get("phase")))
            if (
                lay.get("turn", 1) >= 2
                and lay.get("phase") == "movement"
                and not lay.get("handoff")
            ):
                break
            if lay.get("screen") == "summary" or lay.get("popups") or lay.get("animating"):
                xdo("key", "--window", wid, "space")  # the summary, the dice: a key
                time.sleep(0.3)
                continue
            if lay.get("handoff"):
                click(20, lay["view"][1] + 20)  # take the mouse
                continue
            if lay.get("side_to_act") is None:
                time.sleep(0.2)
                continue
            xdo("key", "--window", wid, "n")  # the next unit to act (all are in view)
            time.sleep(0.3)
            key = "s" if lay.get("phase") == "movement" else "h"
            xdo("key", "--window", wid, key)
            time.sleep(0.4)
        final = still("after the whole turn")
        assert final.get("turn") == 2, f"the turn did not come round: {final.get('phase')}"
        assert {p for _, p in seen} >= {"movement", "weapon attack"}
        xdo("key", "--window", wid, "ctrl+q")
        assert app.wait(timeout=20) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        out, err = app.communicate()
        if app.returncode not in (0, None):
            print(out, err)


def lay_name(lay: dict) -> str:
    return f"turn {lay.get('turn')}, {lay.get('phase')}, screen {lay.get('screen')}"
