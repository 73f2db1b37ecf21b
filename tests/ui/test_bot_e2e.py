"""End to end under a real X server (Xvfb) driven by xdotool (issue 21): a human plays
side A against the computer on side B (``play --scenario F --bot B``) for a whole turn.
The human's units stand still, fire at their best target and pass the physical phase by
keys; side B is the computer's: the keys wait while it acts (Space skips to the end of
its turn). The save then says who played B, and every one of B's actions has the
computer's why-line in the save's "why" (none of A's does); the log on the screen showed
them.

The screens write what they wait for (HEXPLATE_DEBUG_LAYOUT: phase, side to act,
hand-off, dice still to show, actions so far), so the test sends each key when the
screen is ready for it."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from game.save import load_seated

from .test_play_e2e import REPO, read_layout, wait_for, xvfb  # noqa: F401
from .test_play_e2e import pytestmark as e2e

pytestmark = [*e2e, pytest.mark.slow]  # about 20 s: the computer's turns at their pace

SCENARIO = "tests/ui/data/attack_scenario.json"


def test_a_human_plays_a_turn_against_the_computer_in_a_real_window(xvfb, tmp_path):  # noqa: F811
    layout_file = tmp_path / "layout.json"
    saves = tmp_path / "saves"
    env = dict(xvfb, HEXPLATE_DEBUG_LAYOUT=str(layout_file), HEXPLATE_SAVE_DIR=str(saves))
    app = subprocess.Popen(
        [sys.executable, "main.py", "play", "--scenario", SCENARIO, "--size", "1280x800",
         "--seed", "1", "--bot", "B", "--bot-style", "aggressive"],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip

    def xdo(*args: str) -> str:
        out = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True,
                             timeout=30)  # fmt: skip
        return out.stdout.strip()

    def press(*keys: str) -> None:
        for k in keys:
            xdo("key", "--window", wid, k)
            time.sleep(0.2)

    def changed(before: dict) -> dict:
        fields = ("actions", "handoff", "popups", "phase", "screen", "animating", "side_to_act")

        def moved():
            d = read_layout(layout_file)
            return d if d and any(d.get(f) != before.get(f) for f in fields) else None

        return wait_for("the screen to answer", moved, timeout=60)

    try:
        wid = xdo("search", "--sync", "--classname", "hexplate").splitlines()[0]
        xdo("windowfocus", "--sync", wid)
        lay = wait_for("the layout file", lambda: read_layout(layout_file))
        human = {"movement": ("n", "s"), "weapon attack": ("n", "Return"),
                 "physical attack": ("n", "h")}  # fmt: skip
        seen_why, skipped = False, 0
        for _ in range(120):
            seen_why |= any(row.startswith("Computer (B): ") for row in lay.get("log") or ())
            if lay.get("screen") == "summary":
                break
            assert not lay.get("handoff"), "no hand-off prompt against the computer"
            if lay.get("popups") or lay.get("animating"):
                press("space")  # skip the dice / the move
            elif lay.get("side_to_act") == "B":  # the computer's: nothing to press but Space
                if skipped < 2:
                    press("space")
                    skipped += 1
            elif lay["phase"] in human:
                press(*human[lay["phase"]])
            lay = changed(lay)
        assert lay.get("screen") == "summary", lay  # the end-of-turn summary of turn 1
        assert seen_why, "the computer's why-lines are in the log on the screen"
        press("Return")  # close the summary
        xdo("key", "--window", wid, "ctrl+s")
        save = saves / "quicksave.json"
        wait_for("the save", save.exists)
        data = json.loads(save.read_text())
        assert data["players"] == {"B": "bot:aggressive:normal"}
        state, seats = load_seated(save)
        noted = {n.index for n in seats.notes}
        b_acts = {i for i, a in enumerate(state.history)
                  if str(getattr(a, "unit_id", "")).startswith("B")}  # fmt: skip
        a_acts = {i for i, a in enumerate(state.history)
                  if str(getattr(a, "unit_id", "")).startswith("A")}  # fmt: skip
        assert len(b_acts) >= 4 and b_acts <= noted and not noted & a_acts
        assert all(n.side == "B" and n.why[:2] in ("B1", "B2") for n in seats.notes)
        press("Escape")
        xdo("key", "--window", wid, "ctrl+q")
        assert app.wait(timeout=30) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        out, err = app.communicate()
        if app.returncode not in (0, None):
            print(out, err)
