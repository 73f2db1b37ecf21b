"""Sandbox games (issue 13): a free-form state on any map or scenario, with undo and redo,
saved as a scenario file of the referee's format.

The editing and moving itself is the sandbox phase (game.phases.sandbox) on the shared
turn engine (game.flow.apply); this module starts sandboxes, keeps their undo line
(game.core.history) and writes them out. After an undo the dice move on: trying the same
thing again rolls new faces (unless the player fixes the dice, FixDice).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .board import Board
from .core.history import History
from .flow import initial_state
from .phases.sandbox import DUMMY, with_next_faces
from .rules.options import TW, Rules
from .save import write_text_atomically
from .scenario_save import board_to_json, unit_to_json
from .setup import canonical_map_ref
from .state import SIDES, GameStart, GameState
from .units import Unit

SANDBOX = "sandbox"


def new_sandbox(
    board: Board,
    *,
    map_ref: str | Path | None = None,
    units: tuple[Unit, ...] = (),
    seed: int = 1,
    script: tuple[int, ...] = (),
    rules: Rules = TW,
    sides: tuple[str, ...] = SIDES,
) -> GameState:
    """An empty (or scenario-filled) sandbox on a board."""
    ref = canonical_map_ref(map_ref) if map_ref is not None else None
    start = GameStart(ref, rules, tuple(sides), seed, tuple(script), tuple(units), SANDBOX)
    return initial_state(board, start)


def reroll(back: GameState, undone: GameState) -> GameState:
    """After an undo the next roll is a new one: the dice of the state stepped back to go
    on from a stream seeded by where the undone state stood."""
    key = f"{undone.start.seed}:{undone.faces_used}:{len(undone.history)}".encode()
    seed = int.from_bytes(hashlib.sha256(key).digest()[:4], "big")
    return with_next_faces(back, (), seed)


def undo(line: History[GameState]) -> History[GameState]:
    return line.undo(reroll)


def scenario_json(state: GameState) -> dict[str, Any]:
    """The sandbox as a scenario of the referee's format (docs/scenario-format.md): its
    board (the map file or inline terrain as it is now) and every unit as it stands."""
    board = state.board
    out: dict[str, Any] = {"version": 1}
    map_ref = state.start.map_ref
    unchanged = state.start_board is None or state.start_board is state.board
    out["board"] = {"file": map_ref} if map_ref and unchanged else board_to_json(board)
    units = []
    for u in state.units:
        if not board.contains(u.at):
            continue
        d = unit_to_json(u, board)
        if u.design == DUMMY:
            d.pop("model", None)
        units.append(d)
    out["units"] = units
    return out


def save_sandbox(state: GameState, path: str | Path) -> None:
    """Write the sandbox as a scenario file, atomically (game.save)."""
    write_text_atomically(Path(path), json.dumps(scenario_json(state), indent=1) + "\n")
