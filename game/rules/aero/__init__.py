"""The aerospace rules of seed 000 (AERO-01..10): moves, control rolls, losing control.

- game.rules.aero.steps: the move's step tokens (``T:n``, ``T:-n``, ``F``, ``L``, ``R``);
- game.rules.aero.flight: checking a move (thrust, hexes ahead, turns; the straight-ahead
  flight of an out-of-control unit) and the hexes that need a collision check;
- game.rules.aero.collide: rolling those checks, the unit struck, evasion;
- game.rules.aero.control: control roll targets (AERO-03/04) and the end phase's rolls
  to keep or regain control (AERO-03, AERO-10).

Pure functions over the board and the units; nothing here knows the turn engine.
"""

from __future__ import annotations

from .collide import resolve_flight
from .control import (
    OUT_OF_CONTROL_TO_HIT,
    ControlOutcome,
    ControlRoll,
    control_roll,
    end_of_turn,
    out_of_control,
)
from .flight import CollisionCheck, Flight, check_flight

__all__ = [
    "OUT_OF_CONTROL_TO_HIT",
    "CollisionCheck",
    "ControlOutcome",
    "ControlRoll",
    "Flight",
    "check_flight",
    "control_roll",
    "end_of_turn",
    "out_of_control",
    "resolve_flight",
]
