"""The network game's messages (issue 23): JSON objects with a type and a version.

Every message is one WebSocket text frame holding one JSON object
``{"type": ..., "v": VERSION, ...}``. A message from the guest is at most
:data:`MAX_GUEST_BYTES` long (an action is a few hundred bytes); the host's messages may
be longer (the welcome carries the board and the actions so far) up to
:data:`MAX_HOST_BYTES`. :func:`decode` reads one and answers a :class:`Message` or a
:class:`Bad` with the reason (the host sends it back as a ``refused`` message); nothing
here raises on bad input and nothing here knows the game. docs/network.md lists the
types and their fields.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

VERSION = 1
MAX_GUEST_BYTES = 16 * 1024
MAX_HOST_BYTES = 8 * 1024 * 1024
FRAME_LIMIT = 1024 * 1024  # the socket closes a guest's frame above this (too big to read)
DEFAULT_PORT = 27023

# What each side may send: the message types and the fields each must have (name, kind).
GUEST_TYPES: Mapping[str, tuple[tuple[str, type], ...]] = MappingProxyType(
    {
        "hello": (("code", str), ("have", int)),  # join or rejoin; have = actions held
        "action": (("at", int), ("action", dict)),  # at = the game's action count it follows
        "pick": (("side", str), ("units", list)),  # the lobby: the guest's force
        "ready": (("ready", bool),),  # the lobby: the guest is ready (or not any more)
        "ping": (),
        "bye": (),  # the guest quits (confirmed on its screen)
    }
)
HOST_TYPES: Mapping[str, tuple[tuple[str, type], ...]] = MappingProxyType(
    {
        "lobby": (("side", str), ("lobby", dict)),  # before the start: both forces, ready
        "welcome": (("side", str), ("start", dict), ("entries", list)),
        "entries": (("entries", list),),  # accepted actions, with dice and state hash
        "refused": (("reason", str),),  # a message or an action refused; the game is unchanged
        "pause": (("reason", str),),
        "pong": (),
        "bye": (("reason", str),),
    }
)


@dataclass(frozen=True, slots=True)
class Message:
    """A well-formed message: its type and its fields (the JSON object, read-only)."""

    type: str
    body: Mapping[str, Any]

    def get(self, key: str) -> Any:
        return self.body.get(key)


@dataclass(frozen=True, slots=True)
class Bad:
    """A message that is refused, and why (one sentence)."""

    reason: str


def encode(type_: str, **fields: Any) -> str:
    """One message as its JSON text (compact, keys sorted)."""
    return json.dumps({"type": type_, "v": VERSION, **fields}, separators=(",", ":"),
                      sort_keys=True)  # fmt: skip


def decode(raw: str | bytes, kinds: Mapping[str, tuple[tuple[str, type], ...]],
           limit: int) -> Message | Bad:  # fmt: skip
    """The message in ``raw``, checked against ``kinds`` (GUEST_TYPES or HOST_TYPES)."""
    if len(raw) > limit:
        return Bad(f"the message is too big ({len(raw)} bytes; at most {limit})")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            return Bad("the message is not UTF-8 text")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return Bad("the message is not valid JSON")
    if not isinstance(data, dict):
        return Bad("the message is not a JSON object")
    return _checked(data, kinds)


def _checked(data: dict[str, Any], kinds: Mapping[str, tuple[tuple[str, type], ...]]
             ) -> Message | Bad:  # fmt: skip
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in kinds:
        return Bad(f"unknown message type {_brief(kind)} (known: {', '.join(kinds)})")
    if data.get("v") != VERSION:
        return Bad(f"protocol version {_brief(data.get('v'))} is not {VERSION}: both "
                   "players need the same version of hexplate")  # fmt: skip
    for name, want in kinds[kind]:
        value = data.get(name)
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            return Bad(f"a {kind!r} message needs {name!r} ({want.__name__})")
    return Message(kind, MappingProxyType(data))


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
