"""The computer's turns in the play screen (issue 21): when the side to act is played by
the computer, its player (game.bot.players) chooses one action at a time, at a pace the
player can follow, and the App carries it out as if clicked (App.act, then the automatic
steps and the screen of the phase). Its why-line shows as the screen's notice and goes
into the game's log with the numbers behind it (the Session's NoteBook,
game.ui.widgets.log_notes; a save keeps them). Space skips to the end of the computer's
turn; the human's input is not passed to the screens while the computer acts (so nobody
moves the computer's units by hand). An overlay (the turn's summary, the menu) pauses it
until the player closes it.

The computer thinks off the drawing thread: the state it is to act in goes to one worker
thread as soon as it is the computer's turn, and the frames go on (the map animates, the
window answers) until both the answer is there and the pace's wait is over. The player's
answer depends on the state alone (game.bot.players: no clock, a seed per action), and a
state is asked once: the actions are the same whatever the timing. An answer for a state
that is no longer the game's (Ctrl+Z) is dropped."""

from __future__ import annotations

import time
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Protocol

import pygame

from game.bot.players import Decision, Player, make_player
from game.core.actions import Action
from game.core.engine import Outcome
from game.core.seats import Seats, note_of
from game.flow import actor, outcome
from game.phases.actions import Deploy
from game.state import GameState
from game.ui.app.session import Session
from game.ui.widgets.bot_badge import draw_badge

PACE = 0.8  # seconds between two of the computer's actions


class Plays(Protocol):
    """The app as the computer's turns see it: the game, the top screen, acting."""

    @property
    def state(self) -> GameState | None: ...

    @property
    def top(self) -> object: ...

    @property
    def base(self) -> object: ...

    @property
    def session(self) -> Session: ...

    def act(self, action: Action) -> Outcome[GameState] | None: ...
    def advance(self) -> object: ...
    def follow_phase(self) -> bool: ...
    def notify(self, text: str, error: bool = False, seconds: float = 3.5) -> None: ...


class Seated(Protocol):
    """The app as a game's seats set it up: the session and the computer's sides."""

    bots: BotTurns | None

    @property
    def state(self) -> GameState | None: ...

    @property
    def session(self) -> Session: ...


class BotTurns:
    """The sides the computer plays, its worker thread and the clock of its next action."""

    def __init__(self, players: Mapping[str, Player], pace: float = PACE) -> None:
        self.players = dict(players)
        self.pace = pace
        self.wait = pace
        self.skipping = False
        self.why: list[str] = []  # every why-line so far (newest last)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hexplate-bot")
        self._asked: tuple[GameState, Future[Decision]] | None = None

    def acting(self, app: Plays) -> bool:
        """The computer is to act now (and no overlay - the turn's summary, the menu -
        waits for the player: it reads it, then the computer goes on; in a network game
        only on this end's turn while the link is up and the game not stopped)."""
        s = app.state
        if getattr(app.top, "overlay", False):
            return False
        net = getattr(app, "net", None)  # a network game (issue 23): never while it is paused
        if net is not None and not net.my_turn(app):
            return False
        return s is not None and outcome(s) is None and actor(s) in self.players

    @property
    def thinking(self) -> bool:
        """An answer is being worked out on the worker thread."""
        return self._asked is not None and not self._asked[1].done()

    def badge(self, app: Plays) -> tuple[str, bool] | None:
        """The badge's words while the computer acts, and whether it is thinking (its
        answer not there yet); None when it is not its turn."""
        if not self.acting(app):
            return None
        side = actor(app.state) if app.state is not None else None
        if self.thinking:
            return f"Computer ({side}) is thinking", True
        return f"Computer ({side}) plays - Space skips", False

    def draw(self, app: Plays, screen: pygame.Surface) -> None:
        """The badge (game.ui.widgets.bot_badge) over the screen, while the computer acts."""
        shown = self.badge(app)
        if shown is not None:
            draw_badge(screen, shown[0], shown[1], time.monotonic())

    def join(self, timeout: float | None = None) -> None:
        """Wait until the answer being worked out is there (tests, pictures)."""
        if self._asked is not None:
            self._asked[1].exception(timeout)

    def close(self) -> None:
        """No more answers (another game, the window closing)."""
        self._asked = None
        self._pool.shutdown(wait=False, cancel_futures=True)

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

    def ask(self, state: GameState) -> Future[Decision]:
        """The answer for ``state`` (asked of the worker once per state)."""
        if self._asked is None or self._asked[0] is not state:
            player = self.players[str(actor(state))]
            self._asked = (state, self._pool.submit(player.decide, state))
        return self._asked[1]

    def step(self, app: Plays, dt: float) -> None:
        """Once a frame: the computer's next action when its answer is there and its time
        has come."""
        self.no_handoff(app)
        if not self.acting(app):
            if not getattr(app.top, "overlay", False):
                self.skipping, self.wait = False, self.pace
            return
        state = app.state
        answer = self.ask(state)
        self.wait -= dt
        if (self.wait > 0 and not self.skipping) or not answer.done():
            return
        self._asked = None
        self.carry_out(app, state, answer.result())

    def no_handoff(self, app: Plays) -> None:
        """With the computer on a side there is at most one human: no hot-seat hand-off
        prompt (a screen may raise one in its update, when a move's animation ends)."""
        if getattr(app.top, "handoff", None) is not None:
            app.top.handoff = None

    def carry_out(self, app: Plays, state: GameState, decision: Decision) -> None:
        """Do the computer's action as if clicked; its why-line to the notice and the log."""
        side = str(actor(state))
        if decision.why:  # noted first: the autosave of a phase change in act keeps it
            note = note_of(len(state.history), side, decision.why, decision.numbers)
            app.session.book.add(decision.action, note)
        if not _placed(app, decision.action) and app.act(decision.action) is None:
            return  # (a note for an action the history does not hold is never shown)
        if decision.why:
            self.why.append(decision.why)
            app.notify(f"Computer ({side}): {decision.why}", seconds=max(self.pace * 3, 2.5))
        app.advance()
        app.follow_phase()
        self.wait = self.pace


def _placed(app: Plays, action: object) -> bool:
    """A placement made by the deployment screen itself (its ``carry_out``: ringed on the
    map, the next side's facing and zone, no hand-off), as a network player's is; False
    for any other action (App.act does it) or if the screen did not take it."""
    before = app.state
    if not isinstance(action, Deploy) or before is None:
        return False
    carry = getattr(app.base, "carry_out", None)
    if carry is None or not carry(action):
        return False
    after = app.state
    return after is not None and len(after.history) > len(before.history)


def seat(app: Seated, seats: Seats) -> None:
    """Who plays each side from now on (a new game, a loaded one): the session keeps it
    (its saves write it), the computer's sides get their players, the save's notes go
    back into the game's log."""
    computer = seats.computer()
    app.session.players = computer
    if app.state is not None:
        app.session.book.fill(app.state, seats.notes)
    if app.bots is not None:
        app.bots.close()
    players = {side: make_player(kind) for side, kind in computer.items()}
    app.bots = BotTurns(players) if players else None
