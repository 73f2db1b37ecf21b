"""Sandbox games (issue 13): a free-form state on any map or scenario, with undo and redo,
saved as a scenario file of the referee's format.

The editing, moving and attacking itself is the sandbox phase (game.phases.sandbox) on
the shared turn engine (game.flow.apply); this module starts sandboxes (on a map, or from
a scenario file: its units, what they did this turn, its dice), keeps their undo line
(game.core.history) and writes them out. After an undo the dice move on: trying the same
thing again rolls new faces (unless the player fixes the dice, FixDice).

A saved sandbox is a scenario (docs/scenario-format.md) the referee reads: the board (the
map file while its terrain is as it began, else inline), every unit on the map as it
stands (model, skills, heat, posture, armour and structure, critical damage, ammunition),
what each did this turn (``movement``, set with SetMoved or by moving it), the fixed
dice still to come (``dice``) and, when given, the attack being looked at (``attack`` /
``attacks`` with the attacker's ``torso_twist``, or ``physical``), so ``python main.py
rules attack FILE`` answers the question the sandbox showed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.core.files import write_text_atomically
from game.core.history import History
from game.phases.sandbox import DUMMY, with_next_faces
from game.phases.weapons import movement
from game.rules.combat.records import Declaration
from game.rules.physical.records import Blow
from game.scenario.units_writer import attack_json
from game.scenario.writer import board_to_json, unit_to_json
from game.state import GameState

SANDBOX = "sandbox"


def reroll(back: GameState, undone: GameState) -> GameState:
    """After an undo the next roll is a new one: the dice of the state stepped back to go
    on from a stream seeded by where the undone state stood - after the faces the player
    fixed and the state stepped back to has not rolled yet (FixDice: an exact case is
    tried again with the same dice)."""
    key = f"{undone.start.seed}:{undone.faces_used}:{len(undone.history)}".encode()
    seed = int.from_bytes(hashlib.sha256(key).digest()[:4], "big")
    return with_next_faces(back, back.start.script[back.faces_used :], seed)


def undo(line: History[GameState]) -> History[GameState]:
    return line.undo(reroll)


def scenario_json(
    state: GameState, attacks: Sequence[Declaration] = (), physical: Blow | None = None
) -> dict[str, Any]:
    """The sandbox as a scenario of the referee's format (see the module docstring);
    ``attacks`` (one attacker's, the first target the primary one) and ``physical`` add
    the question being looked at."""
    board = state.board
    out: dict[str, Any] = {"version": 1}
    if state.rules.tacops:
        out["options"] = ["tacops"]  # Extension 2
    map_ref = state.start.map_ref
    unchanged = state.start_board is None or state.start_board is state.board
    out["board"] = {"file": map_ref} if map_ref and unchanged else board_to_json(board)
    twists = {a.attacker: a.twist for a in attacks}
    units = []
    for u in state.units:
        if not board.contains(u.at):
            continue
        rec = state.move_record(u.id)
        d = unit_to_json(u, board, movement(rec) if rec is not None else None,
                         twists.get(u.id, 0))  # fmt: skip
        if u.design == DUMMY:
            d.pop("model", None)
        units.append(d)
    out["units"] = units
    pending = state.start.script[state.faces_used :]
    if pending:
        out["dice"] = list(pending)  # fixed faces not rolled yet (FixDice)
    if attacks:
        blocks = [attack_json(a) for a in attacks]
        out |= {"attack": blocks[0]} if len(blocks) == 1 else {"attacks": blocks}
    if physical is not None:
        out["physical"] = physical.to_json()
    return out


def save_sandbox(
    state: GameState,
    path: str | Path,
    attacks: Sequence[Declaration] = (),
    physical: Blow | None = None,
) -> None:
    """Write the sandbox as a scenario file, atomically (game.save)."""
    text = json.dumps(scenario_json(state, attacks, physical), indent=1) + "\n"
    write_text_atomically(Path(path), text)


def is_scenario(path: str | Path) -> bool:
    """Whether a file looks like a scenario (a JSON object with a board and no save
    'format'), to open it in the sandbox; anything unreadable is not."""
    try:
        top = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(top, dict) and "board" in top and "format" not in top
