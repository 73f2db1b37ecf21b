"""The computer's why-lines beside the game's log (issue 21): a :class:`NoteBook` holds
one game's notes (game.core.seats.Note) by the index of the action they explain, and the
log view (game.ui.widgets.log_view) shows each above that action's lines. A note counts
only while the history still holds the action it was written for (Ctrl+Z may take one
back and another take its place).

The books are found by the game (``book_for(state)``: its GameStart), so every screen's
log view shows them without being handed them; the Session (game.ui.app.session) writes
them and a save keeps them."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.actions import Action
from game.core.seats import Note
from game.state import GameStart, GameState

KEPT = 8  # the games whose books are kept (a window plays one at a time)


class NoteBook:
    """One game's notes by action index, with the action each was written for."""

    def __init__(self) -> None:
        self._by: dict[int, tuple[Action, Note]] = {}
        self.version = 0  # counts changes (the log view's cache key)

    def add(self, action: Action, note: Note) -> None:
        self._by[note.index] = (action, note)
        self.version += 1

    def fill(self, state: GameState, notes: Iterable[Note]) -> None:
        """Notes read from a save: each for the action at its index in ``state``."""
        for n in notes:
            if 0 <= n.index < len(state.history):
                self.add(state.history[n.index], n)

    def at(self, state: GameState) -> dict[int, Note]:
        """The notes of the actions ``state``'s history holds, by index."""
        h = state.history
        return {i: n for i, (a, n) in self._by.items() if i < len(h) and h[i] == a}

    def notes(self, state: GameState) -> tuple[Note, ...]:
        return tuple(n for _, n in sorted(self.at(state).items()))


_BOOKS: list[tuple[GameStart, NoteBook]] = []


def book_for(state: GameState) -> NoteBook:
    """The book of ``state``'s game (a new one for a game not seen before)."""
    for start, book in _BOOKS:
        if start is state.start:
            return book
    book = NoteBook()
    _BOOKS.append((state.start, book))
    del _BOOKS[:-KEPT]
    return book


def notes_at(state: GameState) -> dict[int, Note]:
    """The notes of ``state``'s game, if it has a book (no book is made here)."""
    for start, book in _BOOKS:
        if start is state.start:
            return book.at(state)
    return {}
