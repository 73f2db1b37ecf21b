"""Files of the regiments screen: the autosave at each new round, the quicksave (Ctrl+S),
the list of regiments saves (Ctrl+O) and loading one, and the debug layout the end-to-end
test reads (HEXPLATE_DEBUG_LAYOUT: where each regiment is on screen)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np

from game.errors import UserFacingError
from game.regiments.engine import ENGINE
from game.regiments.save import AUTOSAVE, QUICKSAVE, is_regiments_save, load_game, save_game
from game.regiments.state import RegimentState
from game.save import save_dir

MAX_LISTED = 12


def autosave(app: Any, state: RegimentState) -> None:
    if os.environ.get("HEXPLATE_NO_AUTOSAVE"):
        return
    try:
        save_game(state, save_dir() / AUTOSAVE)
    except UserFacingError as e:
        app.notify(f"Autosave failed: {e}", error=True)


def quicksave(app: Any, state: RegimentState) -> None:
    path = save_dir() / QUICKSAVE
    try:
        save_game(state, path)
    except UserFacingError as e:
        app.notify(str(e), error=True, seconds=6)
        return
    app.notify(f"Saved to {path}")


def list_saves() -> list[Path]:
    """The regiments saves in the save folder, newest first."""
    try:
        files = sorted(save_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    return [p for p in files if is_regiments_save(p)][:MAX_LISTED]


def load(app: Any, path: Path) -> None:
    """Open a saved regiments game; a damaged save is a message and nothing changes."""
    try:
        state = load_game(path)
    except UserFacingError as e:
        app.notify(str(e), error=True, seconds=6)
        return
    app.show("regiments", state=state)
    app.notify(f"Loaded {path.name}")


def write_layout(scene: Any, written: str) -> str:
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
    }  # fmt: skip
    text = json.dumps(data)
    if text != written:
        Path(path).write_text(text)
    return text
