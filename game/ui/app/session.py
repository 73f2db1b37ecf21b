"""The game a window shows and its undo line: the session the App's screens share.

A :class:`Session` holds the one :class:`GameState`; screens change it only through
:meth:`Session.act`, which hands an action to ``game.flow.apply``, autosaves at every
phase change and keeps the refusal sentence as a toast for the screen. The steps nobody
decides and the end of the game are the core's (game.flow.advance, game.flow.outcome).
In a sandbox the session also keeps the undo line (game.core.history over the states;
game.phases.sandbox_game gives the dice a new face after an undo). The turns' starting
states (for the end-of-turn summaries) and the toast shown over every screen live here
too. Nothing here draws or knows a screen: the App (game.ui.app.app) is the loop.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Sequence
from pathlib import Path

from game.core.actions import Action, Event
from game.core.errors import UserFacingError
from game.core.files import save_dir
from game.core.history import History
from game.core.seats import Seats
from game.flow import Outcome, apply, outcome, phase_of
from game.flow import advance as core_advance
from game.phases.actions import StartGame
from game.phases.sandbox_game import SANDBOX, is_scenario, save_sandbox
from game.phases.sandbox_game import undo as undo_line
from game.rules.combat.records import Declaration
from game.rules.physical.records import Blow
from game.save import autosave, load_seated, save_game
from game.setup import sandbox_from_scenario
from game.state import GameState
from game.ui.app.play_undo import note_action
from game.ui.widgets.log_notes import NoteBook, book_for

QUICKSAVE = "quicksave.json"
SANDBOX_FILE = "sandbox.json"  # Ctrl+S in the sandbox: a scenario file (game.phases.sandbox_game)

Toast = tuple[str, float, bool]  # text, until (time.monotonic), is_error


class Session:
    """The game, its undo line (a sandbox's), the turns' starts and the toast."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.toast: Toast | None = None
        self.toast_waits = False  # the toast waits for the dice shown (the autosave's)
        self.events_out: list[Event] = []  # events of the last accepted actions
        self.turn_starts: dict[int, GameState] = {}  # each turn as it began (the summaries)
        self.summarised = 0  # the last turn whose end-of-turn summary has been shown
        self.line: History[GameState] | None = None  # a sandbox's undo line
        self.taken_back_to: list[GameState] = []  # states before the last actions (Ctrl+Z)
        self.players: dict[str, str] = {}  # side -> "bot:STYLE:LEVEL" (not named: human)
        self.book = NoteBook()  # the computer's why-lines of this game (the log shows them)
        self.read_seats = Seats()  # who played the game read last (its save's "players")

    def notify(self, text: str, error: bool = False, seconds: float = 3.5) -> None:
        self.toast = (text, time.monotonic() + seconds, error)
        self.toast_waits = False

    def hold_toast(self, dt: float) -> None:
        """While dice are shown: news of a later phase (the autosave's) waits unseen."""
        if self.toast is not None and self.toast_waits:
            text, until, error = self.toast
            self.toast = (text, until + dt, error)

    # --- the game -------------------------------------------------------------------------
    def act(self, action: Action) -> Outcome | None:
        """Apply an action; on refusal (a finished game refuses everything) show why and
        return None."""
        assert self.state is not None
        out = apply(self.state, action)
        if not out.ok:
            self.notify(out.reason, error=True)
            return None
        assert isinstance(out, Outcome)
        before = self.state
        self.state = out.state
        self._note_turn(before)
        if self.line is not None:
            self.line = self.line.push(out.state)
        else:
            note_action(self, before)  # Ctrl+Z may take it back (game.ui.app.play_undo)
        self.events_out.extend(out.events)
        if out.phase_changed:
            self.autosave()
        return out

    def advance(self) -> list[Event]:
        """Take the steps no player decides (game.flow.advance: the initiative roll,
        ending a phase everybody has acted in); returns the events produced."""
        assert self.state is not None
        before = self.state
        self.state, events = core_advance(self.state)
        self._note_turn(before)
        self.events_out.extend(events)
        if self.state is not before and any(e.kind == "phase" for e in events):
            self.autosave()
        return events

    def begin(self, state: GameState) -> None:
        """Enter a game: start it if it is still being set up and take the automatic
        steps; a sandbox gets its undo line."""
        self.state = state
        self.book = book_for(state)  # the same game (deployment over): the same notes
        self.turn_starts = {state.turn: state} if state.turn == 0 else {}
        self.line = None
        if StartGame in phase_of(state).handlers:
            self.act(StartGame())
        self.advance()
        assert self.state is not None
        self.summarised = max(self.state.turn - 1, 0)  # a loaded game: from its next turn on
        if self.state.start.mode == SANDBOX:  # undo and redo of whole actions
            self.line = History.begin(self.state)

    @property
    def over(self) -> str | None:
        """The headline of a finished game, or None while it goes on."""
        result = outcome(self.state) if self.state is not None else None
        return result.headline if result is not None else None

    def _note_turn(self, before: GameState | None) -> None:
        """Keep the state a new turn begins with (the end-of-turn summary compares)."""
        s = self.state
        if s is not None and (before is None or s.turn != before.turn):
            self.turn_starts.setdefault(s.turn, s)

    def report_due(self) -> int | None:
        """The turn whose end-of-turn summary is to be shown now: the last one over (the
        game's last when it is over), if nobody has seen it yet."""
        s = self.state
        if s is None or s.start.mode != "game":
            return None
        result = outcome(s)
        last = result.turn if result is not None else s.turn - 1
        return last if last >= 1 and last > self.summarised else None

    # --- a sandbox's undo line ------------------------------------------------------------
    def undo(self) -> bool:
        """Ctrl+Z in a sandbox: the state before the last action (its dice then roll anew,
        game.phases.sandbox_game.reroll); False when there is nothing to undo."""
        if self.line is None or not self.line.can_undo:
            return False
        self.line = undo_line(self.line)
        self.state = self.line.current
        return True

    def redo(self) -> bool:
        """Ctrl+Y: the state undone last, exactly (dice included)."""
        if self.line is None or not self.line.can_redo:
            return False
        self.line = self.line.redo()
        self.state = self.line.current
        return True

    def reset(self) -> bool:
        """Back to the sandbox's starting layout (everything after it can be redone)."""
        if self.line is None or not self.line.can_undo:
            return False
        self.line = self.line.reset()
        self.state = self.line.current
        return True

    # --- files ----------------------------------------------------------------------------
    def seats(self) -> Seats:
        """Who plays each side and the computer's notes, as a save keeps them."""
        assert self.state is not None
        return Seats(dict(self.players), self.book.notes(self.state))

    def autosave(self) -> None:
        if self.state is None or os.environ.get("HEXPLATE_NO_AUTOSAVE"):
            return
        try:
            path = autosave(self.state, self.seats())
        except (OSError, UserFacingError) as e:  # save_game raises SaveError: a notice only
            self.notify(f"Autosave failed: {e}", error=True)
            return
        t = self.toast
        if t is None or time.monotonic() > t[1] or t[0].startswith("Autosaved"):  # no message hid
            s, over = self.state, outcome(self.state)  # said, briefly (finding 16)
            when = (
                f"turn {s.turn}, {s.phase}" if over is None else f"the game's end, turn {over.turn}"
            )
            self.notify(f"Autosaved: {path.name} ({when}); Ctrl+O loads it", seconds=2.0)
            self.toast_waits = True  # never ahead of the dice still shown (finding 4)

    def save_game(self, name: str = QUICKSAVE) -> Path | None:
        assert self.state is not None
        path = save_dir() / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_game(self.state, path, self.seats())
        except (OSError, UserFacingError) as e:
            self.notify(f"Could not save: {e}", error=True)
            return None
        self.notify(f"Saved to {path}")
        return path

    def save_scenario(
        self, attacks: Sequence[Declaration], physical: Blow | None, name: str = SANDBOX_FILE
    ) -> Path | None:
        """A sandbox as a scenario file in the save folder, with the attack its screen
        shows, for ``python main.py rules``."""
        assert self.state is not None
        path = save_dir() / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_sandbox(self.state, path, attacks, physical)
        except OSError as e:
            self.notify(f"Could not save: {e}", error=True)
            return None
        self.notify(f"Scenario saved to {path}")
        return path

    def read(self, path: Path) -> GameState | None:
        """A save, or a scenario file as a sandbox; a damaged one is a toast and None.
        Who played the save's sides is kept in ``read_seats``."""
        self.read_seats = Seats()
        try:
            if is_scenario(path):
                return sandbox_from_scenario(path, seed=random.randrange(1, 2**31))
            state, self.read_seats = load_seated(path)
            return state
        except UserFacingError as e:
            self.notify(str(e), error=True, seconds=6)
            return None
        except Exception as e:  # noqa: BLE001 - a damaged save must never end the game
            self.notify(
                f"{path}: cannot be loaded ({type(e).__name__}: {e})", error=True, seconds=6
            )
            return None
