"""How a game ends: who won, why, at which turn - a function of the state alone.

The play screen, the headless autoplay, the sandbox and a future bot all ask
:func:`outcome`; :func:`game.flow.apply` refuses every action once it has an answer.
Today a side wins when it alone has units left that are not destroyed; when one move
destroys the last units of every side the game is a draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import GameState


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game: the winning side (None for a draw), why, and the turn it ended."""

    winner: str | None
    reason: str
    turn: int

    @property
    def headline(self) -> str:
        """E.g. "Side A wins - turn 4" or "Draw - no units left - turn 3"."""
        if self.winner is None:
            return f"Draw - {self.reason} - turn {self.turn}"
        return f"Side {self.winner} wins - turn {self.turn}"

    def to_json(self) -> dict[str, object]:
        return {"winner": self.winner, "reason": self.reason, "turn": self.turn}


def outcome(state: GameState) -> Result | None:
    """The result of a finished game, or None while it goes on (or has not begun: no turn
    has started yet, so forces are still being picked and deployed)."""
    if state.turn == 0 or not state.units:
        return None
    alive = sorted({u.side for u in state.units if not state.is_destroyed(u)})
    if not alive:
        return Result(None, "no units left", state.turn)
    if len(alive) == 1:
        lost = ", ".join(s for s in state.sides if s != alive[0])
        return Result(alive[0], f"side {lost} has no units left", state.turn)
    return None
