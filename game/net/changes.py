"""What the network tells a screen (issue 23): one :class:`Change` per thing that happened."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Event

from .entries import Entry

# kinds: "joined", "left" (the other player is gone: the game waits), "welcome" (the
# guest's copy is (re)built), "entries" (accepted actions, applied), "refused" (one of
# this player's messages was refused; the game is unchanged), "fatal" (the host refuses
# this guest for good, e.g. a wrong join code), "desync" (the copies differ: the game
# stops), "bye" (the other player closed the game); before the start: "lobby" (the
# lobby changed: a pick or a ready), "started" (both are ready: the game starts).


@dataclass(frozen=True, slots=True)
class Change:
    kind: str
    entries: tuple[Entry, ...] = ()
    events: tuple[Event, ...] = ()
    text: str = ""
