"""Files of the regiments screen: the autosave at each new round, the quicksave (Ctrl+S),
the list of regiments saves and sandbox scenarios (Ctrl+O; the hex game's load dialog
opens them here too) and loading one, and the debug layout the end-to-end tests read
(HEXPLATE_DEBUG_LAYOUT: where each regiment and button is on screen)."""

from __future__ import annotations

import json
import os
import random
from functools import lru_cache
from pathlib import Path

import numpy as np

from game.core.errors import UserFacingError
from game.core.files import save_dir
from game.regiments.engine import ENGINE
from game.regiments.sandbox import sandbox_from_scenario
from game.regiments.save import (
    AUTOSAVE,
    GAME_SAVE,
    QUICKSAVE,
    SANDBOX_SAVE,
    SCENARIO,
    file_kind,
    load_game,
    save_game,
)
from game.regiments.state import RegimentState
from game.ui.app.app import App
from game.ui.scenes.regiments.shown import RegimentsShown

MAX_LISTED = 12


def autosave(app: App, state: RegimentState) -> None:
    if os.environ.get("HEXPLATE_NO_AUTOSAVE"):
        return
    try:
        save_game(state, save_dir() / AUTOSAVE)
    except UserFacingError as e:
        app.notify(f"Autosave failed: {e}", error=True)


def quicksave(app: App, state: RegimentState) -> None:
    path = save_dir() / QUICKSAVE
    try:
        save_game(state, path)
    except UserFacingError as e:
        app.notify(str(e), error=True, seconds=6)
        return
    app.notify(f"Saved to {path}")


def list_saves() -> list[Path]:
    """The regiments saves and sandbox scenarios in the save folder, newest first."""
    try:
        files = sorted(save_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    return [p for p in files if file_kind(p) is not None][:MAX_LISTED]


def label(path: Path) -> str:
    """A save's name with what it holds: 'regiments-sandbox.json (regiments sandbox)'
    (the file is read once per change, not every frame)."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return path.name
    return _label(path, stamp)


@lru_cache(maxsize=64)
def _label(path: Path, stamp: int) -> str:
    kind = file_kind(path)
    return f"{path.name}  ({KINDS[kind]})" if kind in KINDS else path.name


KINDS = {GAME_SAVE: "regiments game", SANDBOX_SAVE: "regiments sandbox, with its log",
         SCENARIO: "regiments sandbox"}  # fmt: skip


def load(app: App, path: Path) -> bool:
    """Open a regiments save (its game) or a regiments scenario (in the sandbox); a
    damaged file is a message and nothing changes. True when it opened."""
    try:
        if file_kind(path) == SCENARIO:
            state = sandbox_from_scenario(path, random.randrange(1, 2**31))
        else:
            state = load_game(path)
    except UserFacingError as e:
        app.notify(str(e), error=True, seconds=6)
        return False
    app.show("regiments", state=state)
    app.notify(f"Loaded {path.name}")
    return True


def write_layout(scene: RegimentsShown, written: str) -> str:
    """Write the debug layout when it changed; returns what the file now holds."""
    path = os.environ.get("HEXPLATE_DEBUG_LAYOUT")
    if not path:
        return written

    def px(p: np.ndarray) -> list[int]:
        return [round(float(v)) for v in scene.cam.to_screen(p)]

    state, plan = scene.state, scene.plan
    regs = {
        r.id: {"front_left": px(r.corners()[0]), "front_right": px(r.corners()[1]),
               "centre": px(r.centre()), "side": r.side, "markers": list(r.markers)}
        for r in state.regiments
    }  # fmt: skip
    data = {
        "regiments": regs, "to_act": ENGINE.actor(state), "phase": state.phase,
        "selected": plan.unit if plan else None,
        "steps": [s.to_json() for s in plan.steps] if plan else [],
        "actions": len(state.history), "scale": scene.cam.scale, "origin": px(np.zeros(2)),
        "mode": state.start.mode, "buttons": {b.action: list(b.rect.center) for b in scene.buttons},
        "placing": scene.tools.unit_type if scene.tools else None,
    }  # fmt: skip
    text = json.dumps(data)
    if text != written:
        Path(path).write_text(text)
    return text
