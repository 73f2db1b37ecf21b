"""End to end under a real X server (Xvfb) driven by xdotool (issue 11 item 9): a whole
turn of a scenario by keys in a real window - every unit stands still (N, S), then in the
weapon attack phase each unit fires at its best target (N, Enter), the dice show, the
physical phase passes (N, H), the end-of-turn summary opens; Ctrl+S. The save must hold
the declared fire and the damage its log reports, point for point.

The screens write what they wait for (HEXPLATE_DEBUG_LAYOUT: phase, hand-off, dice still
to show, actions so far), so the test sends each key when the screen is ready for it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from game.outcome import damage_taken
from game.rules.piloting.falls import RulesEvent
from game.save import load_game
from game.units.mech import HitResult

from .test_play_e2e import REPO, pytestmark, read_layout, wait_for, xvfb  # noqa: F401

SCENARIO = "tests/ui/data/attack_scenario.json"
SEED = "1"  # side B's Commando is hit (the rules decide how much; the test reads the log)


def logged(state, unit_id: str) -> int:
    """Armour and structure the log says the unit lost (every hit's parts)."""
    total = 0
    for entry in state.log:
        e = entry.event
        if e.unit_id != unit_id or not isinstance(e.payload, RulesEvent):
            continue
        for _, value in e.payload.data:
            for hit in value if isinstance(value, tuple | list) else (value,):
                if isinstance(hit, HitResult):
                    total += sum(p.armour + p.structure for p in hit.parts)
    return total


def test_declare_attacks_in_a_real_window_and_find_the_damage_in_the_save(xvfb, tmp_path):  # noqa: F811
    layout_file = tmp_path / "layout.json"
    saves = tmp_path / "saves"
    env = dict(xvfb, HEXPLATE_DEBUG_LAYOUT=str(layout_file), HEXPLATE_SAVE_DIR=str(saves))
    app = subprocess.Popen(
        [sys.executable, "main.py", "play", "--scenario", SCENARIO, "--size", "1280x800",
         "--seed", SEED],
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
        """The layout once the screen has answered the last key."""
        fields = ("actions", "handoff", "popups", "phase", "screen", "animating")

        def moved():
            d = read_layout(layout_file)
            return d if d and any(d.get(f) != before.get(f) for f in fields) else None

        return wait_for("the screen to answer", moved, timeout=20)

    try:
        wid = xdo("search", "--sync", "--classname", "hexplate").splitlines()[0]
        xdo("windowfocus", "--sync", wid)
        lay = wait_for("the layout file", lambda: read_layout(layout_file))
        fired = 0
        for _ in range(80):
            if lay.get("screen") == "summary":
                break
            if lay.get("handoff"):
                press("Return")
            elif lay.get("popups") or lay.get("animating"):
                press("space")  # skip the dice
            elif lay["phase"] == "movement":
                press("n", "s")
            elif lay["phase"] == "weapon attack":
                press("n", "Return")
                fired += 1
            elif lay["phase"] == "physical attack":
                press("n", "h")
            lay = changed(lay)
        assert lay.get("screen") == "summary", lay  # the end-of-turn summary of turn 1
        assert fired == 4
        press("Return")  # close the summary
        xdo("key", "--window", wid, "ctrl+s")
        save = saves / "quicksave.json"
        wait_for("the save", save.exists)
        data = json.loads(save.read_text())
        fire = [a for a in data["actions"] if a["type"] == "DeclareFire" and a["weapons"]]
        assert fire, "the declared attacks are in the save"
        state = load_game(save)
        hurt = {u.id: damage_taken(u) for u in state.units}
        assert sum(hurt.values()) > 0, hurt
        assert hurt == {u.id: logged(state, u.id) for u in state.units}
        assert any(" fires " in e.text and "rolls" in e.text for e in state.log)
        press("Escape", "Escape")
        xdo("key", "--window", wid, "ctrl+q")
        assert app.wait(timeout=20) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        out, err = app.communicate()
        if app.returncode not in (0, None):
            print(out, err)
