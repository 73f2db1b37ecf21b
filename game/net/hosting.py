"""The host's game over the wire (issue 23), on the main thread: the referee and the link.

:meth:`Hosting.pump` (once a frame, or in a test's loop) takes what the link thread
received: a guest who joined gets the welcome (the start and the entries it misses:
all of them for a new guest, the rest for one who rejoins with the hash of the last
action it holds); a guest's action goes to the referee, and its entries (or the refusal)
go out; a guest who left pauses the game. :meth:`Hosting.record` sends the host's own
actions. The changes come back as :class:`~game.net.changes.Change` records for the
screen.
"""

from __future__ import annotations

import queue
from typing import Any

from game.state import GameState

from .changes import Change
from .copy import start_message
from .entries import Entry
from .host_link import HostLink, Inbound
from .protocol import Message, encode
from .referee import Referee


class Hosting:
    """The refereed game, its guest's link and whether the guest is there."""

    def __init__(self, referee: Referee, link: HostLink) -> None:
        self.referee = referee
        self.link = link
        self.joined = False
        self.refused = 0  # actions the referee refused

    @property
    def state(self) -> GameState:
        return self.referee.state

    def pump(self) -> list[Change]:
        """Everything the link has received since the last pump, handled in order."""
        changes: list[Change] = []
        while True:
            try:
                item = self.link.inbox.get_nowait()
            except queue.Empty:
                return changes
            change = self._handle(item)
            if change is not None:
                changes.append(change)

    def record(self, state: GameState) -> list[Entry]:
        """The host's own actions (its screen's game, some actions on), sent to the guest."""
        entries = self.referee.record(state)
        if entries:
            self._send_entries(entries)
        return entries

    def close(self, reason: str = "the host has closed the game") -> None:
        self.link.send(encode("bye", reason=reason))
        self.link.close()

    # --- inside ---------------------------------------------------------------------------
    def _handle(self, item: Inbound) -> Change | None:
        if item.kind == "joined" and item.message is not None:
            self._welcome(item.message)
            self.joined = True
            return Change("joined", text="The guest has joined")
        if item.kind == "left":
            self.joined = False
            return Change("left", text="The guest's connection is lost: the game waits")
        msg = item.message
        if msg is None:
            return None
        if msg.type == "bye":
            self.joined = False
            why = msg.get("reason")
            text = f"The guest has left: {why}" if isinstance(why, str) else "The guest has left"
            return Change("left", text=f"{text[:300]} - the game waits")
        if msg.type == "action":
            return self._action(msg)
        if msg.type in ("pick", "ready"):  # the lobby's messages (game.net.host_lobby)
            why = "the game has started: the forces are fixed"
            self.link.send(encode("refused", reason=why))
            return Change("refused", text=f"The guest's {msg.type} is refused: {why}")
        return None

    def _welcome(self, hello: Message) -> None:
        self.welcome(hello.get("have"), hello.get("last"))

    def welcome(self, have: Any = 0, last: Any = "") -> None:
        """Send the guest the game's start and the entries it lacks (it holds ``have``
        actions, the last with hash ``last``)."""
        ref = self.referee
        resume = isinstance(have, int) and not isinstance(have, bool) and 0 < have <= ref.count
        if resume and ref.entries[have - 1].hash != last:
            resume = False  # the guest's copy is not this game's (or the host went back)
        entries = ref.since(have if resume else 0)
        self.link.send(encode("welcome", side=ref.guest, start=start_message(ref.state),
                              entries=[e.to_json() for e in entries]))  # fmt: skip

    def _action(self, msg: Message) -> Change:
        result = self.referee.submit(msg.get("at"), msg.get("action"))
        if isinstance(result, list):
            self._send_entries(result)
            return Change("entries", tuple(result), tuple(self.referee.events))
        self.refused += 1
        self.link.send(encode("refused", reason=result.reason, at=_json_int(msg.get("at"))))
        return Change("refused", text=f"The guest's action is refused: {result.reason}")

    def _send_entries(self, entries: list[Entry]) -> None:
        self.link.send(encode("entries", entries=[e.to_json() for e in entries]))


def _json_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
