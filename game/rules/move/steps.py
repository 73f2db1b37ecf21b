"""Step tokens of a move (the `move.steps` list of docs/scenario-format.md).

A move is a list of small typed steps compiled one after another (the MegaMek habit):
``F`` ``B`` forward/backward one hex, ``L`` ``R`` turn one hexside, ``FL`` ``FR`` ``BL``
``BR`` quad lateral shifts (MOV-19), ``P`` go prone (MOV-22), ``U`` / ``U:n`` stand up
(MOV-23, optionally facing n), ``J:XXYY`` jump to a hex (MOV-05), ``FACE:n`` the facing
after a jump; TacOps ``H`` / ``H:n`` go hull-down, ``H-`` leave it (ADV-11..15); WiGE
``TO`` take off, ``LAND`` land (ADV-17/18) and, our extension, ``FH`` forward holding the
altitude over lower ground (ADV-23); submarine ``DV`` dive and ``RS`` rise one level
(ADV-25, our extension). Parsing is separate from checking so that a typo is
reported as such and never confused with an illegal move.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.hexgrid import Hex, HexNameError, hex_name, parse_hex_name

SIMPLE_KINDS = ("F", "B", "L", "R", "FL", "FR", "BL", "BR", "P", "U", "H", "H-", "TO", "LAND",
                "FH", "DV", "RS")  # fmt: skip
DEPTH_KINDS = ("DV", "RS")  # a submarine dives / rises one level (ADV-25, MOV-13)
HEX_KINDS = ("F", "B", "FL", "FR", "BL", "BR", "FH")  # steps that enter another hex
TACOPS_KINDS = frozenset({"H", "H-"})  # steps that need the tacops option (ADV-11..15)
TURN_KINDS = ("L", "R")
# Direction of each hex-entering step relative to the facing, and whether it is backward.
RELATIVE_DIRECTION = {"F": 0, "B": 3, "FR": 1, "BR": 2, "BL": 4, "FL": 5, "FH": 0}
BACKWARD_KINDS = frozenset({"B", "BL", "BR"})  # MOV-18, MOV-19 rear shifts
SHIFT_KINDS = frozenset({"FL", "FR", "BL", "BR"})  # MOV-19


class StepError(ValueError):
    """A token that is not a step of the move language (the message is one sentence)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One parsed step: ``kind`` is the token stem, ``facing``/``target`` its argument."""

    kind: str
    facing: int | None = None  # U:n, FACE:n
    target: Hex | None = None  # J:XXYY

    @property
    def enters_hex(self) -> bool:
        return self.kind in HEX_KINDS

    @property
    def backward(self) -> bool:
        return self.kind in BACKWARD_KINDS

    def token(self, width: int = 99, height: int = 99) -> str:
        """The canonical token text (inverse of :func:`parse_step`)."""
        if self.kind == "J" and self.target is not None:
            return f"J:{hex_name(self.target, width, height)}"
        if self.facing is not None:
            return f"{self.kind}:{self.facing}"
        return self.kind


def _facing_arg(token: str, arg: str) -> int:
    if not (arg.isascii() and arg.isdigit()) or int(arg) > 5:
        raise StepError(f"step '{token}' needs a facing 0..5 after the colon")
    return int(arg)


def parse_step(token: str) -> Step:
    """Parse one token (case-insensitive, surrounding spaces ignored); StepError if bad."""
    if not isinstance(token, str):
        raise StepError(f"step {token!r} is not a text token such as F, L or J:0507")
    t = token.strip().upper()
    if t in SIMPLE_KINDS:
        return Step(t)
    stem, colon, arg = t.partition(":")
    if colon:
        if stem in ("U", "H"):
            return Step(stem, facing=_facing_arg(token, arg))
        if stem == "FACE":
            return Step("FACE", facing=_facing_arg(token, arg))
        if stem == "J":
            try:
                return Step("J", target=parse_hex_name(arg))
            except HexNameError as e:
                raise StepError(f"step '{token}' needs a hex name such as J:0507 ({e})") from e
    raise StepError(
        f"step '{token}' is not one of F B L R FL FR BL BR P U U:n J:XXYY FACE:n "
        "H H:n H- TO LAND FH DV RS"
    )


def parse_steps(tokens: list[str] | tuple[str, ...]) -> list[Step]:
    return [parse_step(t) for t in tokens]
