"""Orders and their verdicts: what a player asks a regiment to do (REG-01) and what the
rules answer, in the shape of the referee's JSON (docs/scenario-format.md, Extension 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .paths import Leg
from .regiment import Regiment

ORDER_TYPES = ("move", "march", "face", "widen", "narrow", "charge", "hold")


@dataclass(frozen=True, slots=True)
class Order:
    """One movement order (REG-01). ``turn`` is a facing change's 90 / -90 / 180 (REG-08);
    ``files`` and ``side`` say how a formation widens or narrows (REG-09); ``target`` is
    a charge's target and ``countercharge`` the units that countercharge whenever they may
    (REG-17; the referee's way of asking "and if they countercharge?")."""

    unit: str
    type: str
    steps: tuple[Leg, ...] = ()
    turn: int = 0
    files: int = 0
    side: str = ""
    target: str = ""
    countercharge: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Eligibility:
    """REG-17: whether a unit may countercharge, and why (one sentence)."""

    may: bool
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"may": self.may, "why": self.why}


@dataclass(frozen=True, slots=True)
class Contact:
    """A charge's end (REG-12/13): the contacted unit and both aligned positions."""

    unit: str
    attacker: Regiment
    target: Regiment

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "attacker": pose_json(self.attacker),
            "target": pose_json(self.target),
        }


@dataclass(frozen=True, slots=True)
class Meet:
    """REG-16: during a charge the charger came within 3 cm of ``unit``, which faces it;
    the charge halted at ``at`` to let it countercharge."""

    unit: str
    at: Regiment
    countercharge: Eligibility
    countercharged: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "at": pose_json(self.at),
            "countercharge": self.countercharge.to_json(),
            "countercharged": self.countercharged,
        }


@dataclass(frozen=True, slots=True)
class Happening:
    """One event of an order, in order, for the log and the event-log tests (EX-REG-07):
    ``kind`` is a short tag ("moves", "halts", "may_countercharge", "countercharges",
    "declines", "contact", "aligns", "completes_alignment", "blocked", "meets"...)."""

    kind: str
    unit: str
    other: str
    text: str


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to an order. ``end`` is where the mover stands afterwards (for an
    illegal order: after the legal steps before ``failed_step``); ``path`` the poses it
    passed through (for drawing); ``moved`` every regiment the order moved, in its new
    place (a charge moves its target too when it aligns or countercharges); ``halt`` a
    charger's pose 3 cm short of its target (REG-12)."""

    legal: bool
    error: str | None
    failed_step: int | None
    used: float
    allowance: float
    end: Regiment
    marker: str | None
    stopped: str | None = None
    contact: Contact | None = None
    countercharge: Eligibility | None = None
    path: tuple[Regiment, ...] = ()
    moved: tuple[Regiment, ...] = ()
    halt: Regiment | None = None
    meets: tuple[Meet, ...] = ()
    events: tuple[Happening, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The referee's answer (the contract's keys; ``meets`` only when a charge met a
        second enemy, REG-16)."""
        out: dict[str, Any] = {
            "legal": self.legal,
            "error": self.error,
            "failed_step": self.failed_step,
            "used": num(self.used),
            "allowance": num(self.allowance),
            "end": {**pose_json(self.end), "files": self.end.files, "ranks": self.end.ranks},
            "marker": self.marker,
            "stopped": self.stopped,
            "contact": self.contact.to_json() if self.contact else None,
            "countercharge": self.countercharge.to_json() if self.countercharge else None,
        }
        if self.meets:
            out["meets"] = [m.to_json() for m in self.meets]
        return out


def refused(
    reg: Regiment, error: str, failed: int | None, used: float, allowance: float, **kw: Any
) -> Verdict:
    """An illegal order's verdict: ``reg`` is where the legal part of it leaves the unit."""
    return Verdict(False, error, failed, used, allowance, reg, None, **kw)


def num(x: float) -> float | int:
    """A measurement as the referee prints it: 2 decimals, whole numbers without them."""
    r = round(float(x), 2) + 0.0
    return int(r) if r == int(r) else r


def pose_json(reg: Regiment) -> dict[str, Any]:
    facing = num(reg.facing)
    return {
        "front_left": [num(reg.front_left[0]), num(reg.front_left[1])],
        "facing": 0 if facing == 360 else facing,
    }
