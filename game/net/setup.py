"""What hosting needs besides the wire (issue 23): the game started as a screen starts
it, the name of the host's autosave, and the address a guest would dial."""

from __future__ import annotations

import socket

from game.core.actions import Refused
from game.core.errors import UserFacingError
from game.flow import advance, apply, phase_of
from game.phases.actions import StartGame
from game.state import GameState

AUTOSAVE = "network-host.json"  # in the save folder: the host's game at every phase change


class NetSetupError(UserFacingError):
    """A game that cannot be hosted (one sentence)."""


def begun(state: GameState) -> GameState:
    """The game started (setup over) and its automatic steps taken, as Session.begin does."""
    if state.start.mode != "game" or len(state.sides) != 2:
        raise NetSetupError("a network game is a game of two sides (not a sandbox)")
    if StartGame in phase_of(state).handlers:
        out = apply(state, StartGame())
        if isinstance(out, Refused):
            raise NetSetupError(f"the game cannot start: {out.reason}")
        state = out.state
    return advance(state)[0]


def lan_address() -> str:
    """This machine's address on its network, as the guest would dial it (a best guess:
    the interface a route out would use; no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            return str(s.getsockname()[0])
    except OSError:
        return socket.gethostname()
