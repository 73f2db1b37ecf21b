"""The pace of dice pop-ups and moves (issue 25, finding 4): the settings' dice speed
scales the time that passes for them; a click or key still shows them all at once. While
a resolution's dice are shown, the banner says the phase they belong to, not the one the
game has gone on to."""

from __future__ import annotations

from game.flow import banner
from game.state import GameState
from game.ui.app.follow import settings_of

DICE_NOTE = " - the dice roll (a click or key shows all)"


def paced(app: object, dt: float) -> float:
    """The time that passes for the dice and moves in a frame of ``dt`` seconds."""
    return dt * settings_of(app).dice_speed


def dice_banner(state: GameState) -> str:
    """The banner while the dice of an action made in ``state`` are shown."""
    return banner(state) + DICE_NOTE
