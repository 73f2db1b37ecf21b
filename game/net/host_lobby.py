"""The host's lobby over the wire (issue 23), on the main thread, before the game starts.

:meth:`HostLobby.pump` (once a frame) takes what the link thread received: a guest who
joins is sent the ``lobby`` message (both forces, who is ready); the guest's ``pick`` and
``ready`` are checked by game.net.lobby (refused with the reason, the lobby unchanged)
and the new lobby goes out; an ``action`` is refused (the game has not started); a guest
who leaves is no longer ready. :meth:`HostLobby.pick` and :meth:`HostLobby.ready` are the
host's own pick of its side's force and its ready, checked the same way. Once
both are ready the host's referee starts the game from both picks, autosaves it, sends
the guest its welcome, and :attr:`HostLobby.hosting` (game.net.hosting) takes over the
link; pump returns at once then, so nothing queued is lost. A fixed lobby (a loaded
save) starts at once for a guest that rejoins holding actions of the game (a crashed
host hosting again from its autosave): its copy resumes.
"""

from __future__ import annotations

import queue
from pathlib import Path

from game.core.actions import Refused
from game.core.errors import UserFacingError

from .changes import Change
from .host_link import HostLink, Inbound
from .hosting import Hosting
from .lobby import Lobby, lobby_to_json, pick, say_ready, start_state
from .protocol import Message, encode
from .referee import Referee


class HostLobby:
    """The lobby, its guest's link, and the hosted game once it starts."""

    def __init__(self, lobby: Lobby, link: HostLink, autosave: Path | None = None) -> None:
        self.lobby = lobby
        self.link = link
        self.autosave = autosave
        self.joined = False
        self.hosting: Hosting | None = None  # the game, once both are ready
        self.refused = 0

    @property
    def host(self) -> str:
        return self.lobby.sides[0]

    @property
    def guest(self) -> str:
        return self.lobby.sides[1]

    def pump(self) -> list[Change]:
        """What the link received since the last pump; stops at the start."""
        changes: list[Change] = []
        while self.hosting is None:
            try:
                item = self.link.inbox.get_nowait()
            except queue.Empty:
                break
            change = self._handle(item)
            if change is not None:
                changes.append(change)
        return changes

    def ready(self, ready: bool = True) -> Change:
        """The host's own ready (or not any more)."""
        return self._ready(self.host, ready)

    def pick(self, units: object) -> Change:
        """The host's own force (a list of [design, gunnery, piloting]), checked as the
        guest's is (game.net.lobby.pick): refused with the reason and nothing changed, or
        the new lobby goes to the guest (a changed force takes back both players' ready)."""
        if self.hosting is not None:
            return Change("refused", text="the game has started: the forces are fixed")
        got = pick(self.lobby, self.host, units)
        if isinstance(got, Refused):
            return Change("refused", text=got.reason)
        changed, self.lobby = got != self.lobby, got
        if changed:
            self._send()
        return Change("lobby", text="")

    def close(self, reason: str = "the host has closed the game") -> None:
        self.link.send(encode("bye", reason=reason))
        self.link.close()

    # --- inside ---------------------------------------------------------------------------
    def _handle(self, item: Inbound) -> Change | None:
        if item.kind == "joined" and item.message is not None:
            self.joined = True
            if self._resumes(item.message):
                return self._start(item.message)
            self._send()
            return Change("joined", text="The guest has joined the lobby")
        if item.kind == "left":
            return self._left("The guest's connection is lost: the lobby waits")
        msg = item.message
        if msg is None:
            return None
        if msg.type == "bye":
            return self._left("The guest has left the lobby")
        if msg.type == "pick":
            return self._pick(msg)
        if msg.type == "ready":
            return self._ready(self.guest, msg.get("ready") is True, by_guest=True)
        if msg.type == "action":
            return self._refuse(msg, "the game has not started: both players say ready first")
        return None

    def _resumes(self, hello: Message) -> bool:
        have = hello.get("have")
        return self.lobby.fixed and isinstance(have, int) and have > 0

    def _left(self, text: str) -> Change:
        self.joined = False
        if self.guest in self.lobby.ready:
            self.lobby = say_ready_or_same(self.lobby, self.guest, False)
        return Change("left", text=text)

    def _pick(self, msg: Message) -> Change:
        side = msg.get("side")
        if side != self.guest:
            return self._refuse(msg, f"the guest picks side {self.guest}'s force only, "
                                     f"not side {side!s:.20}'s")  # fmt: skip
        got = pick(self.lobby, side, msg.get("units"))
        if isinstance(got, Refused):
            return self._refuse(msg, got.reason)
        self.lobby = got
        self._send()
        return Change("lobby", text="The guest has changed side B's force")

    def _ready(self, side: str, ready: bool, by_guest: bool = False) -> Change:
        got = say_ready(self.lobby, side, ready)
        if isinstance(got, Refused):
            if by_guest:
                self.refused += 1
                self.link.send(encode("refused", reason=got.reason))
            return Change("refused", text=got.reason)
        self.lobby = got
        if got.both_ready and self.joined:
            return self._start(None)
        self._send()
        return Change("lobby", text="")

    def _start(self, hello: Message | None) -> Change:
        """Both are ready (or the game resumes): the referee's game and the welcome."""
        try:
            state = start_state(self.lobby)
        except UserFacingError as e:  # the lobby's checks make this rare: said, never raised
            self.lobby = say_ready_or_same(self.lobby, self.host, False)
            self.lobby = say_ready_or_same(self.lobby, self.guest, False)
            self._send()
            return Change("refused", text=f"The game cannot start: {e}")
        referee = Referee(state, autosave=self.autosave)
        referee.save()
        hosting = Hosting(referee, self.link)
        hosting.joined = True
        if hello is None:
            hosting.welcome()
        else:
            hosting.welcome(hello.get("have"), hello.get("last"))
        self.hosting = hosting
        return Change("started", text="Both are ready: the game starts")

    def _refuse(self, msg: Message, why: str) -> Change:
        self.refused += 1
        self.link.send(encode("refused", reason=why))
        return Change("refused", text=f"The guest's {msg.type} is refused: {why}")

    def _send(self) -> None:
        self.link.send(encode("lobby", side=self.guest, lobby=lobby_to_json(self.lobby)))


def say_ready_or_same(lobby: Lobby, side: str, ready: bool) -> Lobby:
    got = say_ready(lobby, side, ready)
    return lobby if isinstance(got, Refused) else got
