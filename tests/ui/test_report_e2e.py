"""End to end under Xvfb (issue 10, "a player who knows the board game reads every
outcome from the screen"): a prone Hunchback tries to stand up and fails; the screen's
log then tells the roll with its target and dice, the fall with its facing roll, the
damage with its location roll, location, rear armour before and after, and the pilot's
roll; the record sheet shows the rear armour apart; S ends the move. What the screen
shows is read from the app's debug layout (HEXPLATE_DEBUG_LAYOUT: the log rows drawn
and the record sheet's armour table), never from the rules' JSON.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from tests.ui.test_play_e2e import dismiss_handoff, pytestmark, read_layout, wait_for, xvfb  # noqa: F401

REPO = Path(__file__).resolve().parents[2]
SCENARIO = "tests/ui/data/report_scenario.json"


def test_a_failed_stand_up_reads_as_a_report_in_a_real_window(xvfb, tmp_path):  # noqa: F811
    layout_file = tmp_path / "layout.json"
    env = dict(xvfb, HEXPLATE_DEBUG_LAYOUT=str(layout_file),
               HEXPLATE_SAVE_DIR=str(tmp_path / "saves"), HEXPLATE_NO_AUTOSAVE="1")  # fmt: skip
    app = subprocess.Popen(
        [sys.executable, "main.py", "play", "--scenario", SCENARIO, "--size", "1280x720"],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip

    def xdo(*args: str) -> str:
        out = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True,
                             timeout=30)  # fmt: skip
        return out.stdout.strip()

    try:
        wid = xdo("search", "--sync", "--classname", "hexplate").splitlines()[0]
        xdo("windowfocus", "--sync", wid)
        lay = wait_for("the layout file", lambda: read_layout(layout_file))

        def click(x: int, y: int) -> None:
            xdo("mousemove", "--window", wid, str(x), str(y))
            time.sleep(0.15)
            xdo("click", "--window", wid, "1")
            time.sleep(0.25)

        lay = dismiss_handoff(click, layout_file)  # the hand-off prompt
        click(*lay["hexes"][lay["units"]["A1"]])
        wait_for("A1 selected", lambda: (read_layout(layout_file) or {}).get("selected") == "A1")
        xdo("key", "--window", wid, "u")
        lay = wait_for("the stand-up attempt to play out",
                       lambda: (d := read_layout(layout_file)) and d.get("underway") == "A1"
                       and not d["animating"] and d)  # fmt: skip
        log = "\n".join(lay["log"])
        assert "A1, standing up: piloting roll needs 5 (piloting 5), rolls 1+1 = 2 - fails" in log
        assert "facing roll 4" in log and "5 damage on its rear" in log
        assert "location roll 3+4 = 7 - centre torso (rear): armour 5 -> 0" in log
        assert "needs 5 (piloting 5), rolls 6+6 = 12 - is unhurt" in log
        assert "A1 has 2 MP left" in log
        assert "CT 26/26 0/5 16/16" in lay["sheet"]  # front, rear, structure apart
        assert "step " not in log and "_" not in log  # no debug wording
        xdo("key", "--window", wid, "s")  # ends the move where it lies
        wait_for(
            "the move to end",
            lambda: (read_layout(layout_file) or {}).get("underway", "A1") is None,
        )
        xdo("key", "--window", wid, "ctrl+q")
        assert app.wait(timeout=20) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        out, err = app.communicate()
        if app.returncode not in (0, None):
            print(out, err)
        json.dumps(out)  # keep the output readable in a failure report
