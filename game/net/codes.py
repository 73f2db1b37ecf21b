"""Join codes (issue 23): who may join the host's game.

The host makes a short random code (:func:`new_code`, or the player's ``--code``) and
reads it out to the guest; a ``hello`` without it is refused. The :class:`Gate` counts
wrong codes per address: after :data:`TRIES` wrong tries in a row that address must wait
:data:`WAIT` seconds, and every wrong try is logged (``hexplate.net`` logger and
``Gate.log``). Codes are compared in constant time.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: easy to read out
LENGTH = 6
TRIES = 3
WAIT = 30.0  # seconds an address waits after TRIES wrong codes
LOG = logging.getLogger("hexplate.net")


class CodeError(ValueError):
    """A --code that cannot be a join code (one sentence)."""


def new_code() -> str:
    """A random join code, e.g. 'K7RM2Q'."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def checked_code(text: str) -> str:
    """A join code given by the player: 4 to 32 letters or digits, any case."""
    code = text.strip().upper()
    if not 4 <= len(code) <= 32 or not code.isascii() or not code.isalnum():
        raise CodeError(f"join code {text!r} must be 4 to 32 letters or digits")
    return code


@dataclass
class Gate:
    """The join code and the wrong tries per address."""

    code: str
    clock: Callable[[], float] = time.monotonic
    wrong: dict[str, int] = field(default_factory=dict)
    until: dict[str, float] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)

    def check(self, address: str, given: str) -> str | None:
        """None if ``given`` opens the gate for ``address``, else the refusal sentence."""
        wait = self.until.get(address, 0.0) - self.clock()
        if wait > 0:
            return f"too many wrong codes: wait {wait:.0f} s before trying again"
        if hmac.compare_digest(given.strip().upper().encode(), self.code.encode()):
            self.wrong.pop(address, None)
            return None
        n = self.wrong.get(address, 0) + 1
        self.wrong[address] = n
        self._note(f"wrong join code from {address} (try {n})")
        if n >= TRIES:
            self.wrong[address] = 0
            self.until[address] = self.clock() + WAIT
            return f"wrong join code; {TRIES} wrong tries: wait {WAIT:.0f} s"
        return "wrong join code"

    def _note(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-100]
        LOG.warning(line)
