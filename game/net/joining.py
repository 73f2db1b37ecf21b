"""The guest's game over the wire (issue 23), on the main thread: the copy and the link.

:meth:`Joining.pump` (once a frame, or in a test's loop) applies what the host sent to
the guest's copy (game.net.copy.GuestCopy: every action checked by its state hash) and
says what changed (:class:`~game.net.changes.Change`). :meth:`Joining.act` sends one of
the guest's actions; it stays *pending* until the host's entry for it comes back, and a
pending action is sent again after a rejoin (the host refuses it if it has it already:
its action count has moved on).
"""

from __future__ import annotations

import queue
from typing import Any

from game.core.actions import Action
from game.core.errors import UserFacingError
from game.phases.actions import action_to_json
from game.state import GameState

from .changes import Change
from .copy import CopyError, Desync, GuestCopy
from .entries import entry_from_json
from .guest_link import GuestLink
from .host_link import Inbound
from .protocol import Message, encode


class Joining:
    """The guest's copy, its link to the host and the actions not yet confirmed."""

    def __init__(self, link: GuestLink) -> None:
        self.link = link
        self.copy: GuestCopy | None = None
        self.side: str | None = None
        self.pending: list[tuple[int, Action]] = []
        self.connected = False
        self.stopped: str | None = None  # why the game cannot go on (desync, refused, bye)
        self.lobby: dict[str, Any] | None = None  # before the start: the host's lobby message

    @property
    def state(self) -> GameState | None:
        return self.copy.state if self.copy is not None else None

    def act(self, at: int, action: Action) -> None:
        """Send the guest's action, meant to follow action number ``at``."""
        self.pending.append((at, action))
        self.link.send(encode("action", at=at, action=action_to_json(action)))

    def pick(self, units: list[list[str | int]]) -> None:
        """The lobby: this guest's force, [design, gunnery, piloting] each."""
        self.link.send(encode("pick", side=self.side or "", units=units))

    def ready(self, ready: bool = True) -> None:
        """The lobby: this guest is ready (or not any more)."""
        self.link.send(encode("ready", ready=ready))

    def quit(self) -> None:
        self.link.send(encode("bye"))
        self.link.close()

    def pump(self) -> list[Change]:
        changes: list[Change] = []
        while True:
            try:
                item = self.link.inbox.get_nowait()
            except queue.Empty:
                return changes
            try:
                change = self._handle(item)
            except UserFacingError as e:  # Desync, CopyError: the game stops here
                self.stopped = str(e)
                change = Change("desync", text=str(e))
            except Exception as e:  # noqa: BLE001 - a damaged host message stops, never crashes
                self.stopped = f"the host sent what this copy cannot read ({type(e).__name__})"
                change = Change("desync", text=self.stopped)
            if change is not None:
                changes.append(change)
            if change is not None and change.kind == "desync":
                self.link.send(encode("bye", reason=f"the guest's copy stopped: {change.text}"))

    # --- inside ---------------------------------------------------------------------------
    def _hosts_change(self, before: dict[str, Any] | None) -> str:
        """What a new lobby message says of the host's side: its force changed (the host
        picks it in its lobby), or nothing."""
        now = self.lobby or {}
        if before is None or not isinstance(now.get("forces"), dict):
            return ""
        sides = [s for s in now.get("sides") or [] if s != self.side]
        was = before.get("forces") if isinstance(before.get("forces"), dict) else {}
        changed = [s for s in sides if now["forces"].get(s) != was.get(s)]
        return f"The host has changed side {changed[0]}'s force" if changed else ""

    def _handle(self, item: Inbound) -> Change | None:
        if item.kind == "left":
            self.connected = False
            return Change("left", text="The connection to the host is lost: reconnecting")
        msg = item.message
        if msg is None:
            return None
        if msg.type == "lobby":
            before = self.lobby
            self.lobby, self.side = dict(msg.get("lobby")), str(msg.get("side"))
            self.connected = True
            return Change("lobby", text=self._hosts_change(before))
        if msg.type == "welcome":
            return self._welcome(msg)
        if msg.type == "entries":
            return self._entries(msg.get("entries"))
        if msg.type == "refused":
            return self._refused(msg)
        if msg.type == "bye":
            self.stopped = str(msg.get("reason"))
            return Change("bye", text=f"The host has left: {msg.get('reason')}")
        if msg.type == "pause":
            return Change("left", text=str(msg.get("reason")))
        return None

    def _welcome(self, msg: Message) -> Change:
        raw = msg.get("entries")
        starts_over = self.copy is None or (isinstance(raw, list) and raw and _index(raw[0]) == 0)
        if starts_over:
            self.copy = GuestCopy(dict(msg.get("start")))
        self.side, self.connected = str(msg.get("side")), True
        change = self._entries(raw)
        for at, action in self.pending:  # lost on the way? the host refuses doubles
            if self.copy is not None and at >= self.copy.count:
                self.link.send(encode("action", at=at, action=action_to_json(action)))
        return Change("welcome", change.entries, change.events, "Connected to the host")

    def _entries(self, raw: object) -> Change:
        if self.copy is None or not isinstance(raw, list):
            raise CopyError("the host sent actions before its game's start")
        taken, events = [], []
        for item in raw:
            try:
                entry = entry_from_json(item)
            except (ValueError, TypeError) as e:
                raise CopyError(f"the host sent a damaged action ({e})") from None
            got = self.copy.take(entry)
            if got is not None:
                taken.append(entry)
                events.extend(got)
            self.pending = [(at, a) for at, a in self.pending if at > entry.i]
        self.link.have, self.link.last = self.copy.count, (self.copy.hashes or [""])[-1]
        return Change("entries", tuple(taken), tuple(events))

    def _refused(self, msg: Message) -> Change:
        reason = str(msg.get("reason"))
        at = msg.get("at")
        self.pending = [(a, x) for a, x in self.pending if a != at]
        if msg.get("fatal") is True:
            self.stopped = reason
            return Change("fatal", text=f"The host refuses: {reason}")
        return Change("refused", text=f"The host refused: {reason}")


def _index(raw: object) -> int | None:
    return raw.get("i") if isinstance(raw, dict) else None


__all__ = ["Desync", "Joining"]
