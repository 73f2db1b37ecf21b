"""The computer's turns in the play screen (issue 21): when the side to act is played by
the computer, its player (game.bot.players) chooses one action at a time, at a pace the
player can follow, and the App carries it out as if clicked (App.act, then the automatic
steps and the screen of the phase). Its why-line shows as the screen's notice. Space
skips to the end of the computer's turn; the human's input is not passed to the screens
while the computer acts (so nobody moves the computer's units by hand). An overlay (the
turn's summary, the menu) pauses it until the player closes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import pygame

from game.bot.players import Player
from game.core.actions import Action
from game.core.engine import Outcome
from game.flow import actor, outcome
from game.state import GameState

PACE = 0.8  # seconds between two of the computer's actions


class Plays(Protocol):
    """The app as the computer's turns see it: the game, the top screen, acting."""

    @property
    def state(self) -> GameState | None: ...

    @property
    def top(self) -> object: ...

    def act(self, action: Action) -> Outcome[GameState] | None: ...
    def advance(self) -> object: ...
    def follow_phase(self) -> bool: ...
    def notify(self, text: str, error: bool = False, seconds: float = 3.5) -> None: ...


class BotTurns:
    """The sides the computer plays and the clock of its next action."""

    def __init__(self, players: Mapping[str, Player], pace: float = PACE) -> None:
        self.players = dict(players)
        self.pace = pace
        self.wait = pace
        self.skipping = False
        self.why: list[str] = []  # every why-line so far (newest last)

    def acting(self, app: Plays) -> bool:
        """The computer is to act now (and no overlay - the turn's summary, the menu -
        waits for the player: it reads it, then the computer goes on)."""
        s = app.state
        if getattr(app.top, "overlay", False):
            return False
        return s is not None and outcome(s) is None and actor(s) in self.players

    def handle(self, app: Plays, event: pygame.event.Event) -> bool:
        """Space (or a click) skips; other input waits while the computer acts. True:
        the event is taken here."""
        if not self.acting(app):
            return False
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE) or (
            event.type == pygame.MOUSEBUTTONDOWN
        ):
            self.skipping = True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def step(self, app: Plays, dt: float) -> None:
        """Once a frame: the computer's next action when its time has come. With the
        computer on a side there is at most one human: no hot-seat hand-off prompt."""
        top = app.top
        if hasattr(top, "handoff") and top.handoff is not None:
            top.handoff = None
        if not self.acting(app):
            if not getattr(app.top, "overlay", False):
                self.skipping, self.wait = False, self.pace
            return
        self.wait -= dt
        if self.wait > 0 and not self.skipping:
            return
        state = app.state
        side = actor(state) if state is not None else None
        assert state is not None and side is not None  # acting(): the computer's side acts
        decision = self.players[side].decide(state)
        if app.act(decision.action) is None:
            return
        if decision.why:
            self.why.append(decision.why)
            app.notify(f"Computer ({side}): {decision.why}", seconds=max(self.pace * 3, 2.5))
        app.advance()
        app.follow_phase()
        self.wait = self.pace
