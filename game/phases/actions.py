"""The hex game's own actions: setting up, deploying, initiative and movement.

Each is a frozen :class:`~game.core.actions.Action` record that the flow
(:func:`game.flow.apply`) hands to the phase that accepts it; the combat, physical and
aerospace phases define theirs beside their handlers (game.phases.*). The hex game's
action codec is the core's (game.core.files) with one field converter more: a
:class:`~game.hexgrid.Hex` is written as its XXYY name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.actions import Action
from game.core.files import FieldCodec, decode_action, encode_action

from ..hexgrid import Hex, HexNameError, hex_name, parse_hex_name


@dataclass(frozen=True, slots=True)
class AddUnit(Action):
    """Setup: put a roster design (game.designs.roster key) into a side's force."""

    doing: ClassVar[str] = "units are added"

    design: str
    side: str
    unit_id: str = ""  # "" = the next free id for the side, e.g. "A3"
    piloting: int = 5
    gunnery: int = 4


@dataclass(frozen=True, slots=True)
class RemoveUnit(Action):
    """Setup: take a unit out of its side's force again."""

    doing: ClassVar[str] = "units are removed"

    unit_id: str


@dataclass(frozen=True, slots=True)
class StartGame(Action):
    """Setup is over: deployment begins (or initiative, if every unit is placed)."""

    doing: ClassVar[str] = "the game is started"


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """Deployment: set a unit down in its side's zone (game.rules.deploy)."""

    doing: ClassVar[str] = "units are deployed"

    unit_id: str
    at: Hex
    facing: int


@dataclass(frozen=True, slots=True)
class RollInitiative(Action):
    """Initiative phase: both sides roll 2D6 (TURN-05); movement starts."""

    doing: ClassVar[str] = "initiative is rolled"


@dataclass(frozen=True, slots=True)
class SelectUnit(Action):
    """Movement: pick the unit to move next (optional; CommitMove works without it)."""

    doing: ClassVar[str] = "units are selected to move"

    unit_id: str


@dataclass(frozen=True, slots=True)
class DeclareMode(Action):
    """Movement: declare walk/run/jump for the selected unit (optional, shown in the UI)."""

    doing: ClassVar[str] = "movement modes are declared"

    unit_id: str
    mode: str


@dataclass(frozen=True, slots=True)
class CommitMove(Action):
    """Movement: move a unit along a path of step tokens (docs/scenario-format.md).

    The move ends with these steps unless a failed roll interrupts it while MP remain
    (MOV-23): then it is under way and goes on with further CommitMoves for the same unit
    (or ends with EndMove). ``partial``: the player takes these steps first and plans the
    rest once their rolls are seen (a stand-up attempt): the move stays under way while
    MP remain. ``careless``: the tacops option's careless movement (ADV-05/06)."""

    doing: ClassVar[str] = "units move"

    unit_id: str
    mode: str
    steps: tuple[str, ...]
    partial: bool = False
    careless: bool = False


@dataclass(frozen=True, slots=True)
class EndMove(Action):
    """Movement: a move under way ends where the unit stands (the MP left are not used)."""

    doing: ClassVar[str] = "moves are ended"

    unit_id: str


@dataclass(frozen=True, slots=True)
class StandStill(Action):
    """Movement: the unit does not move this turn; it counts as moved (TURN-06)."""

    doing: ClassVar[str] = "units stand still"

    unit_id: str


def _hex_from_json(value: Any) -> Hex:
    try:
        return parse_hex_name(value)  # a string of ASCII digits only
    except HexNameError as exc:
        raise ValueError(str(exc)) from None


HEX_FIELDS = (FieldCodec(Hex, hex_name, _hex_from_json),)  # hexes as XXYY names


def action_to_json(action: Action) -> dict[str, Any]:
    """``{"type": "CommitMove", "unit_id": ..., "steps": [...]}``; hexes as XXYY names."""
    return encode_action(action, HEX_FIELDS)


def action_from_json(data: Any) -> Action:
    """The action a JSON object describes; a ValueError says what is wrong with it."""
    return decode_action(data, HEX_FIELDS)
