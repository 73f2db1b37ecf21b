"""A tiny mover for testing the turn sequence apart from the movement rules.

Steps: "F" forward, "L"/"R" turn, "X" a scripted piloting roll (2D6 vs 7; a failure
leaves the unit prone). Each step costs 1 MP; more steps than the mode's MP is illegal.
"""

from __future__ import annotations

from dataclasses import replace

from game.actions import Event
from game.dice import Dice
from game.hexgrid import neighbour
from game.movers import MoveReport
from game.state import GameState, MoveRecord


def fake_mover(
    state: GameState, dice: Dice, unit_id: str, mode: str, steps: tuple[str, ...]
) -> MoveReport:
    unit = state.unit(unit_id)
    assert unit is not None
    mp = {"walk": unit.walk_mp(), "run": unit.run_mp(), "jump": unit.jump_mp()}[mode]
    if len(steps) > mp:
        return MoveReport(False, f"the path needs {len(steps)} MP, only {mp} available")
    at, facing, prone, moved = unit.at, unit.facing, unit.prone, 0
    events: list[Event] = []
    for i, token in enumerate(steps):
        if token == "F":
            at = neighbour(at, facing)
            moved += 1
            if not state.board.contains(at):
                return MoveReport(False, f"step {i} leaves the map")
        elif token in ("L", "R"):
            facing = (facing + (1 if token == "R" else -1)) % 6
        elif token == "X":
            roll = dice.roll2d6(f"{unit_id} psr", target=7)
            events.append(Event("roll", f"PSR {roll.total} vs 7", unit_id, (roll,)))
            if not roll.success:
                prone = True
                events.append(Event("fall", f"{unit_id} falls", unit_id))
                break
        else:
            return MoveReport(False, f"step {i} {token!r} is not a step")
    units = tuple(
        replace(u, at=at, facing=facing, prone=prone) if u.id == unit_id else u for u in state.units
    )
    record = MoveRecord(unit_id, mode, hexes_moved=moved, mp_used=len(steps))
    return MoveReport(True, None, units, (), tuple(events), record)
