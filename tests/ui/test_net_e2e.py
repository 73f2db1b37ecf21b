"""End to end over the network under a real X server (issue 23, Build 6): two real
windows on one Xvfb display, ``main.py host`` (side A) and ``main.py join`` (side B) on
127.0.0.1; both say ready in the lobby (Enter), each makes one move by clicks and keys
(xdotool), and both windows show both
moves: each writes its screen's layout (HEXPLATE_DEBUG_LAYOUT) and the units in both are
where the moves put them."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.flow import apply_strict
from game.hexgrid import Hex
from game.phases.actions import RollInitiative, StartGame
from game.phases.movers import reach_of
from game.setup import new_game_from_scenario
from game.state import GameState

from .test_play_e2e import REPO, SCENARIO, read_layout, wait_for, xvfb  # noqa: F401

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def _walk(state: GameState, uid: str) -> Hex:
    """A walk destination 2+ MP away for ``uid`` (on the map's visible middle)."""
    r = reach_of(state, uid, "walk")
    return next(h for h, (mp, _) in sorted(r.hexes().items(), key=lambda kv: kv[0]) if mp >= 2)


def _start() -> GameState:
    s = new_game_from_scenario(REPO / SCENARIO)
    s = apply_strict(s, StartGame()).state
    return apply_strict(s, RollInitiative()).state


class Window:
    def __init__(self, env: dict[str, str], proc: subprocess.Popen[str], layout: Path) -> None:
        self.env, self.proc, self.layout = env, proc, layout
        self.wid = ""

    def xdo(self, *args: str) -> str:
        out = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True,
                             timeout=30)  # fmt: skip
        return out.stdout.strip()

    def find(self, others: tuple[str, ...] = ()) -> None:
        """This process's window: the game's window (by its class) that is not one of
        ``others``, so nothing depends on the window manager's pid property (not every
        X set-up has it). A process that dies first fails at once."""

        def fresh() -> str | None:
            if self.proc.poll() is not None:  # its output is printed as the test ends
                raise AssertionError(f"the game exited {self.proc.returncode} first")
            found = self.xdo("search", "--classname", "hexplate").split()
            return next((w for w in reversed(found) if w not in others), None)

        self.wid = wait_for("the window", fresh, timeout=60)

    def front(self) -> None:
        """This window over the other (no window manager: raise it, give it the keys)."""
        self.xdo("windowraise", self.wid)
        self.xdo("windowfocus", "--sync", self.wid)
        time.sleep(0.2)

    def click(self, x: int, y: int) -> None:
        self.front()
        self.xdo("mousemove", "--window", self.wid, str(x), str(y))
        time.sleep(0.2)
        self.xdo("click", "--window", self.wid, "1")
        time.sleep(0.3)

    def key(self, name: str) -> None:
        self.front()
        self.xdo("key", "--window", self.wid, name)
        time.sleep(0.2)

    def read(self) -> dict:
        return read_layout(self.layout) or {}

    def at(self, uid: str) -> str | None:
        return self.read().get("units", {}).get(uid)

    def move(self, uid: str, dest: Hex) -> None:
        lay = wait_for(f"{uid} on screen", lambda: (d := self.read()) and uid in d.get("units", {})
                       and d)  # fmt: skip
        self.click(*lay["hexes"][lay["units"][uid]])
        wait_for(f"{uid} selected", lambda: self.read().get("selected") == uid)
        self.key("w")
        self.click(*self.read()["hexes"][dest.name(32, 34)])
        self.key("Return")


def _run(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    cmd = [sys.executable, "main.py", *args, "--size", "1280x800"]
    out = subprocess.PIPE
    return subprocess.Popen(cmd, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, text=True)


def test_two_windows_make_one_move_each_over_the_network(xvfb, tmp_path: Path) -> None:  # noqa: F811
    port = str(27000 + (os.getpid() + 200) % 900)
    env = dict(xvfb, HEXPLATE_SAVE_DIR=str(tmp_path / "saves"))
    host = Window({**env, "HEXPLATE_DEBUG_LAYOUT": str(tmp_path / "a.json")},
                  _run({**env, "HEXPLATE_DEBUG_LAYOUT": str(tmp_path / "a.json")}, "host",
                       "--scenario", SCENARIO, "--local", "--port", port, "--code", "XE2E42"),
                  tmp_path / "a.json")  # fmt: skip
    windows = [host]
    try:
        assert host.proc.stdout is not None
        assert "join code XE2E42" in host.proc.stdout.readline()
        host.find()
        guest = Window({**env, "HEXPLATE_DEBUG_LAYOUT": str(tmp_path / "b.json")},
                       _run({**env, "HEXPLATE_DEBUG_LAYOUT": str(tmp_path / "b.json")}, "join",
                            f"127.0.0.1:{port}", "--code", "XE2E42"),
                       tmp_path / "b.json")  # fmt: skip
        windows.append(guest)
        guest.find(others=(host.wid,))
        guest.key("Return")  # the lobby: the scenario fixes both forces; both say ready
        host.key("Return")
        state = _start()  # the scenario's dice: side A loses the initiative and moves first
        a_dest = _walk(state, "A1")
        host.move("A1", a_dest)
        for w in (host, guest):  # both windows show A1's move
            wait_for("A1 moved", lambda w=w: w.at("A1") == a_dest.name(32, 34), timeout=30)
            wait_for("A1's walk shown", lambda w=w: not w.read().get("animating", True))
        b_dest = _walk(state, "B1")  # far from A1: A1's move changes nothing there
        guest.move("B1", b_dest)
        for w in (host, guest):
            wait_for("B1 moved", lambda w=w: w.at("B1") == b_dest.name(32, 34), timeout=30)
        guest.key("ctrl+q")
        guest.key("ctrl+q")  # the guest confirms it leaves
        assert guest.proc.wait(timeout=20) == 0
        host.key("ctrl+q")
        assert host.proc.wait(timeout=20) == 0
    finally:
        for w in windows:
            if w.proc.poll() is None:
                w.proc.kill()
            out, _ = w.proc.communicate()
            if w.proc.returncode not in (0, None):
                print(out)
