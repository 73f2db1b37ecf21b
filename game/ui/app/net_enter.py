"""Into a network game's play screens (issue 23): the game opened on this window with its
end of the wire (game.ui.app.net_turns) and, for scripts and tests, the computer on
this end's side. The command line (game.ui.app.net_cmd) and the lobby screen
(game.ui.scenes.hexes.lobby) both come in here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.state import GameState

from .net_turns import NetTurns

if TYPE_CHECKING:
    from game.net.hosting import Hosting
    from game.net.joining import Joining
    from game.ui.app.app import App

COMPUTER_PACE = 0.05  # seconds between the computer's actions in a network game


def enter_game(app: App, state: GameState, end: Hosting | Joining, side: str, where: str,
               code: str, computer: str | None = None) -> None:  # fmt: skip
    """Open ``state`` on ``app`` as side ``side`` of the network game ``end``; ValueError
    names a computer player that does not exist."""
    if computer:
        from game.bot.players import make_player
        from game.ui.app.bot_turns import BotTurns

        bots = BotTurns({side: make_player(computer)}, pace=COMPUTER_PACE)
    app.start_game(state)
    app.net = NetTurns(end, side, where, code)
    if computer:
        app.bots = bots
