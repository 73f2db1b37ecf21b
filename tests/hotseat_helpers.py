"""Shared helpers for the hot-seat core tests and a tiny mover, so the turn sequence
can be tested apart from the movement rules.

Steps: "F" forward, "L"/"R" turn, "X" a scripted piloting roll (2D6 vs 7; a failure
leaves the unit prone). Each step costs 1 MP; more steps than the mode's MP is illegal.
"""

from __future__ import annotations

from dataclasses import replace

from game.board import build_board
from game.core.actions import Event, Refused
from game.core.dice import Dice
from game.flow import Outcome, apply
from game.hexgrid import Hex, neighbour
from game.phases.actions import AddUnit, Deploy, StartGame
from game.phases.deployment import deploying_side
from game.phases.movers import MoveReport
from game.setup import new_game
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
    return MoveReport(True, None, units, tuple(events), record)


# Initiative: A rolls 2+3 = 5, B rolls 4+4 = 8: B wins, A (loser) moves first (TURN-05).
# Then a PSR for A1 (6+6, passes); turn 2 initiative: A 6+5 = 11, B 1+1 = 2.
SCRIPT = (2, 3, 4, 4, 6, 6, 6, 5, 1, 1)


def act(state: GameState, action) -> GameState:
    out = apply(state, action, fake_mover)
    assert isinstance(out, Outcome), out
    return out.state


def refused(state: GameState, action) -> str:
    out = apply(state, action, fake_mover)
    assert isinstance(out, Refused), f"{action} was accepted"
    assert out.reason and not out.ok
    return out.reason


def setup_game(script=SCRIPT) -> GameState:
    """Three units for A, two for B, deployed on the home edges."""
    s = new_game(build_board(10, 8), seed=7, script=script)
    for design in ("HBK-4G", "LCT-1V", "AS7-D"):
        s = act(s, AddUnit(design, "A"))
    for design in ("JR7-D", "GRF-1N"):
        s = act(s, AddUnit(design, "B"))
    s = act(s, StartGame())
    assert s.phase == "deployment" and deploying_side(s) == "A"
    assert "side A deploys now" in refused(s, Deploy("B1", Hex(9, 0), 4))
    for i, uid in enumerate(("A1", "A2", "A3")):
        s = act(s, Deploy(uid, Hex(1, 2 + 2 * i), 2))
    for i, uid in enumerate(("B1", "B2")):
        s = act(s, Deploy(uid, Hex(8, 2 + 2 * i), 5))
    return s


def hold_fire(state: GameState, mover=fake_mover) -> GameState:
    """Every unit holds its fire in the weapon attack phase (for tests about movement)."""
    from game.core.actions import Refused as _Refused
    from game.flow import actor
    from game.phases.weapons import DeclareFire, to_declare

    while str(state.phase) == "weapon attack" and actor(state) is not None:
        unit = to_declare(state, actor(state))[0]
        out = apply(state, DeclareFire(unit.id), mover)
        assert not isinstance(out, _Refused), out
        state = out.state
    return state
