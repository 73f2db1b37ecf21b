"""ADV-28: a VTOL or WiGE that crashed in a sideslip this turn makes no attacks this turn
(no weapon attack, no physical attack).

The digest gives the line in its sideslip crash entry (the reference program's sideslip
branch, "TW p.68: the vehicle may not attack in the turn it crashes"), so only a sideslip
crash counts; a crash from lost lift, a failed forced landing or a WiGE's crash landing
does not (a reading: docs/advanced-movement.md). The game log holds the crash (its
``crash`` event, from game.rules.damage.crashes), so nothing new is stored in the state.
"""

from __future__ import annotations

from game.state import GameState


def crashed_this_turn(s: GameState, unit_id: str) -> bool:
    """Did ``unit_id`` crash in a sideslip this turn (ADV-28)?"""
    for entry in reversed(s.log):
        if entry.turn != s.turn:
            return False
        e = entry.event
        if e.kind != "crash" or e.payload is None:
            continue
        if e.payload.get("unit") == unit_id and str(e.payload.get("cause", "")).startswith(
            "sideslip"
        ):
            return True
    return False


def crash_blocker(s: GameState, unit_id: str) -> str | None:
    """Why ``unit_id`` may not attack now (ADV-28), or None."""
    if crashed_this_turn(s, unit_id):
        return f"{unit_id} crashed this turn: it may not attack in the turn it crashed (ADV-28)"
    return None
