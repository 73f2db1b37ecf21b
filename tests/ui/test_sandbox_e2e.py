"""The sandbox end to end under a real X server (Xvfb) driven by xdotool (issue 13): drag
a dummy target from the palette onto the map, walk the Hunchback next to it, fire, undo,
fire again, save with Ctrl+S; then feed the saved scenario to ``python main.py rules
attack`` and check its answer against the rules' own numbers for that file. Skips
cleanly without Xvfb or xdotool (see tests/ui/test_play_e2e.py for the set-up)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from game.hexgrid import Hex
from game.phases.weapons import options_at
from game.setup import sandbox_from_scenario

from .test_play_e2e import pytestmark, read_layout, wait_for
from .test_play_e2e import xvfb as xvfb_display

REPO = Path(__file__).resolve().parents[2]
SCENARIO = "tests/ui/data/sandbox_scenario.json"
DUMMY_AT = Hex(3, 5)  # 0406: two hexes north of where the Hunchback will stand
WALK_TO = Hex(3, 6)  # 0407: beside the dummy, two hexes north of A1 at 0409


xvfb = xvfb_display  # the X server fixture, shared

__all__ = ["pytestmark", "xvfb"]


def test_place_move_fire_undo_fire_save_and_ask_the_referee(xvfb, tmp_path):
    layout_file = tmp_path / "layout.json"
    saves = tmp_path / "saves"
    env = dict(xvfb, HEXPLATE_DEBUG_LAYOUT=str(layout_file), HEXPLATE_SAVE_DIR=str(saves),
               HEXPLATE_NO_AUTOSAVE="1")  # fmt: skip
    app = subprocess.Popen(
        [sys.executable, "main.py", "sandbox", "--scenario", SCENARIO, "--size", "1280x800",
         "--seed", "5"],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip

    def xdo(*args: str) -> str:
        out = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True,
                             timeout=30)  # fmt: skip
        return out.stdout.strip()

    def layout(what: str, check=lambda d: True) -> dict:
        return wait_for(what, lambda: (d := read_layout(layout_file)) and check(d) and d)

    try:
        wid = xdo("search", "--sync", "--classname", "hexplate").splitlines()[0]
        xdo("windowfocus", "--sync", wid)
        lay = layout("the sandbox screen", lambda d: "carry:dummy" in d.get("palette", {}))
        assert lay["tool"] == "move" and lay["actions"] == 1  # B1's movement from the file

        def point(x: int, y: int) -> None:
            xdo("mousemove", "--window", wid, str(x), str(y))
            time.sleep(0.15)

        def click(x: int, y: int) -> None:
            point(x, y)
            xdo("click", "--window", wid, "1")
            time.sleep(0.25)

        def key(name: str) -> None:
            xdo("key", "--window", wid, name)
            time.sleep(0.2)

        # 1. drag a dummy target onto the map
        point(*lay["palette"]["carry:dummy"])
        xdo("mousedown", "--window", wid, "1")
        target = lay["hexes"][DUMMY_AT.name(32, 34)]
        point((lay["palette"]["carry:dummy"][0] + target[0]) // 2, target[1])
        point(*target)
        xdo("mouseup", "--window", wid, "1")
        lay = layout("the dummy placed", lambda d: "B2" in d["units"])
        assert lay["units"]["B2"] == DUMMY_AT.name(32, 34) and lay["actions"] == 2
        # 2. walk the Hunchback beside it (the movement screen's interaction)
        click(*lay["hexes"][lay["units"]["A1"]])
        layout("A1 selected", lambda d: d["selected"] == "A1")
        key("w")
        click(*lay["hexes"][WALK_TO.name(32, 34)])
        key("Return")
        lay = layout("the move", lambda d: d["actions"] == 3 and not d["animating"])
        assert lay["units"]["A1"] == WALK_TO.name(32, 34)
        # 3. fire at it, undo, fire again
        key("a")
        layout("the attack view", lambda d: d["tool"] == "attack")
        key("Return")
        layout("the first volley", lambda d: d["actions"] == 4 and not d["popups"])
        key("ctrl+z")
        layout("the undo", lambda d: d["actions"] == 3)
        key("Return")
        layout("the second volley", lambda d: d["actions"] == 4 and not d["popups"])
        # 4. save it as a scenario
        key("ctrl+s")
        saved = saves / "sandbox.json"
        wait_for("the scenario file", saved.exists)
        key("ctrl+q")
        assert app.wait(timeout=20) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        out, err = app.communicate()
        if app.returncode not in (0, None):
            print(out, err)
    data = json.loads(saved.read_text())
    assert data["attack"]["attacker"] == "A1" and data["attack"]["target"] == "B2"
    units = {u["id"]: u for u in data["units"]}
    assert units["A1"]["at"] == "0407" and units["A1"]["movement"]["mode"] == "walk"
    assert units["B2"]["tons"] == 50 and "model" not in units["B2"]
    p = subprocess.run([sys.executable, "main.py", "rules", "attack", str(saved)], cwd=REPO,
                       capture_output=True, text=True)  # fmt: skip
    assert p.returncode == 0, p.stderr
    answer = json.loads(p.stdout)
    back = sandbox_from_scenario(saved)  # the file read back into a sandbox
    chosen = tuple(data["attack"]["weapons"]) if "weapons" in data["attack"] else None
    expected = options_at(back, "A1", "B2", weapons=chosen).to_json(back.board)
    assert answer["weapons"] == expected["weapons"] and answer["range"] == 1
