"""Step tokens of an aerospace move: ``T:n`` / ``T:-n`` (thrust), ``F``, ``L``, ``R``.

Parsed apart from checking, like game.rules.move.steps, so a typo is reported as such and
never confused with an illegal move.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_THRUST_STEP = 99


class AeroStepError(ValueError):
    """A token that is not a step of an aerospace move (the message is one sentence)."""


@dataclass(frozen=True, slots=True)
class AeroStep:
    """``kind`` is "T", "F", "L" or "R"; ``thrust`` the velocity change of a "T"."""

    kind: str
    thrust: int = 0

    def token(self) -> str:
        return f"T:{self.thrust}" if self.kind == "T" else self.kind


def parse_aero_step(token: object) -> AeroStep:
    """Parse one token (case-insensitive, spaces around it ignored)."""
    if not isinstance(token, str):
        raise AeroStepError(f"step {token!r} is not a text token such as F, L, R or T:2")
    t = token.strip().upper()
    if t in ("F", "L", "R"):
        return AeroStep(t)
    stem, colon, arg = t.partition(":")
    if stem == "T" and colon:
        digits = arg[1:] if arg[:1] in "+-" else arg
        if digits.isascii() and digits.isdigit() and 0 < int(digits) <= MAX_THRUST_STEP:
            return AeroStep("T", int(arg))
        raise AeroStepError(f"step '{token}' needs a thrust 1..{MAX_THRUST_STEP} or -1..-"
                            f"{MAX_THRUST_STEP} after the colon (T:2, T:-1)")  # fmt: skip
    raise AeroStepError(f"step '{token}' is not one of T:n T:-n F L R (an aerospace move)")


def parse_aero_steps(tokens: list[str] | tuple[str, ...]) -> list[AeroStep]:
    return [parse_aero_step(t) for t in tokens]
