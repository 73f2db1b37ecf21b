"""The regiments game's actions (frozen records; each registers itself for the save codec
by subclassing game.core.actions.Action). Steps travel as tokens: ``wheel:30``, ``forward:4.5``,
``backward:2`` (see :func:`steps_from_tokens`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from game.core.actions import Action
from game.core.limits import MAX_STEPS, MAX_TABLE_CM, too_many

from .paths import STEP_KINDS, Leg


@dataclass(frozen=True, slots=True)
class RollFirstActivation(Action):
    """The start of a round: both sides roll 1D6, the higher activates first (ties re-roll)."""

    doing: ClassVar[str] = "the first activation is rolled for"


@dataclass(frozen=True, slots=True)
class RegimentMove(Action):
    """A Move (REG-03) or, with ``march``, a March (REG-05) through step tokens."""

    doing: ClassVar[str] = "regiments move"

    unit_id: str
    steps: tuple[str, ...]
    march: bool = False


@dataclass(frozen=True, slots=True)
class RegimentFace(Action):
    """A facing change of 90, -90 or 180 degrees (REG-08)."""

    doing: ClassVar[str] = "regiments change their facing"

    unit_id: str
    turn: int


@dataclass(frozen=True, slots=True)
class RegimentReshape(Action):
    """Widen or narrow (REG-09): ``kind`` "widen"/"narrow", ``files`` 1 or 2, ``side``
    "left"/"right"/"both"."""

    doing: ClassVar[str] = "regiments widen and narrow"

    unit_id: str
    kind: str
    files: int
    side: str


@dataclass(frozen=True, slots=True)
class RegimentCharge(Action):
    """A charge on ``target`` (REG-10..12), optionally through the charger's own steps."""

    doing: ClassVar[str] = "regiments charge"

    unit_id: str
    target: str
    steps: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RegimentHold(Action):
    """The regiment stands ready: it gets a hold marker (REG-06 choice, docs/regiments.md)."""

    doing: ClassVar[str] = "regiments hold"

    unit_id: str


@dataclass(frozen=True, slots=True)
class Countercharge(Action):
    """The answer of a charged (or met) regiment's side: countercharge or stand (REG-17)."""

    doing: ClassVar[str] = "countercharges are decided"

    unit_id: str
    accept: bool


def steps_to_tokens(steps: tuple[Leg, ...]) -> tuple[str, ...]:
    """``wheel:30.0``, ``forward:4.5``: exact (repr), so a replay takes the same steps."""
    return tuple(f"{s.kind}:{float(s.amount)!r}" for s in steps)


def steps_from_tokens(tokens: tuple[str, ...]) -> tuple[Leg, ...] | str:
    """The steps the tokens name, or a sentence saying which token is wrong."""
    why = too_many("the order's steps", len(tokens), MAX_STEPS)
    if why:
        return why
    out = []
    for i, tok in enumerate(tokens):
        kind, _, num = tok.partition(":")
        if kind not in STEP_KINDS:
            return f"step {i + 1} {tok!r} is not wheel:N, forward:N or backward:N"
        try:
            amount = float(num)
        except ValueError:
            return f"step {i + 1} {tok!r} has no number"
        if not math.isfinite(amount) or abs(amount) > MAX_TABLE_CM:
            top = f"{MAX_TABLE_CM:g}"
            return f"step {i + 1} {tok!r} is not a number from -{top} to {top}"
        out.append(Leg(kind, amount))
    return tuple(out)
