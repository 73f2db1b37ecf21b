"""Where a unit put down in the sandbox looks (issue 25, finding 10): a new unit faces
the nearest unit of another side, so a dummy dropped east of it is in its front arc; with
no other side on the map (or the wheel turned it) it keeps the facing it was carried
with."""

from __future__ import annotations

from game.hexgrid import Hex, distance
from game.setup import facing_towards
from game.state import GameState


def facing_enemy(state: GameState, side: str, at: Hex, default: int) -> int:
    """The facing towards the nearest unit on the map not of ``side``; ``default``
    when there is none."""
    others = [
        u
        for u in state.units
        if u.side != side and state.board.contains(u.at) and not state.is_destroyed(u)
    ]
    if not others:
        return default
    near = min(others, key=lambda u: (distance(at, u.at), u.id))
    return facing_towards(at, near.at) if near.at != at else default
