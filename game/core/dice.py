"""The one source of randomness: scripted faces first, then a seeded generator.

Every die the rules engine rolls goes through a :class:`Dice`, so a game (or a referee
question) replays exactly from its script and seed, and the log explains every result.
A scenario's ``dice`` list is the script (docs/scenario-format.md); when it runs out
the engine falls back to ``random.Random(seed)``.

``Dice`` is the one deliberately stateful object in the rules core: a dice cup has a
position in its script and a generator state. Everything it hands out (:class:`Roll`)
is frozen, and :meth:`Dice.log` is a tuple snapshot.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


class DiceScriptError(ValueError):
    """A scripted face outside 1..6."""


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll of one or two dice, with what it was for and whether it succeeded.

    ``target`` is None for a plain roll (a 1D6 facing, a hit location); then ``success``
    and ``margin`` are None too. For a target roll success is ``total >= target``
    (PSR-06) and ``margin = total - target`` (negative: the margin of failure).
    """

    faces: tuple[int, ...]
    total: int
    reason: str
    target: int | None = None
    success: bool | None = None
    margin: int | None = None

    @property
    def margin_of_failure(self) -> int:
        """MoF = TN - roll when the roll failed, else 0 (PSR conventions)."""
        return -self.margin if self.margin is not None and self.margin < 0 else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "dice": list(self.faces),
            "total": self.total,
            "target": self.target,
            "success": self.success,
        }


def judge(faces: tuple[int, ...], reason: str, target: int | None) -> Roll:
    """A Roll from its faces; a roll >= target succeeds (PSR-06)."""
    total = sum(faces)
    if target is None:
        return Roll(faces, total, reason)
    return Roll(faces, total, reason, target, total >= target, total - target)


class Dice:
    """Scripted faces, then ``random.Random(seed)``; logs every roll in order.

    >>> d = Dice(seed=1, script=(3, 4))
    >>> d.roll2d6("stand up", target=7).success
    True
    """

    def __init__(self, seed: int = 1, script: Iterable[int] = ()) -> None:
        faces = tuple(int(f) for f in script)
        bad = [f for f in faces if not 1 <= f <= 6]
        if bad:
            raise DiceScriptError(f"dice script holds {bad[0]}, every face must be 1..6")
        self.seed = seed
        self.script = faces
        self._next = 0
        self._rng = random.Random(seed)
        self._log: list[Roll] = []

    @property
    def log(self) -> tuple[Roll, ...]:
        return tuple(self._log)

    @property
    def scripted_left(self) -> int:
        return len(self.script) - self._next

    def _face(self) -> int:
        if self._next < len(self.script):
            self._next += 1
            return self.script[self._next - 1]
        return self._rng.randint(1, 6)

    def d6(self, reason: str) -> int:
        """One die; logged as a one-face Roll."""
        roll = judge((self._face(),), reason, None)
        self._log.append(roll)
        return roll.total

    def roll2d6(self, reason: str, target: int | None = None) -> Roll:
        """Two dice; with a target, success is total >= target (PSR-06)."""
        a = self._face()
        b = self._face()
        roll = judge((a, b), reason, target)
        self._log.append(roll)
        return roll

    def replay(self) -> Dice:
        """A fresh cup with the same script and seed (rolls the same faces again)."""
        return Dice(self.seed, self.script)
