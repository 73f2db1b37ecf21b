"""What a player can do, and what happened: actions in, events out.

Every input the UI turns into a game-level command is one of the frozen action records
below; :func:`game.flow.apply` takes one and answers with an :class:`Outcome` (the new
state and the events it caused) or a :class:`Refused` (one sentence saying why). Illegal
actions are computed and explained, never signalled by an exception, so the UI can show
the reason and carry on. Actions and events are plain values that round-trip through
JSON: a save file is the game's start plus its accepted actions (game.save).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .dice import Roll
from .errors import brief
from .hexgrid import Hex, HexNameError, hex_name, parse_hex_name


class IllegalActionError(ValueError):
    """Raised only by :func:`game.flow.apply_strict` (replays, scripts, tests)."""


# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AddUnit:
    """Setup: put a roster design (game.roster key) into a side's force."""

    design: str
    side: str
    unit_id: str = ""  # "" = the next free id for the side, e.g. "A3"
    piloting: int = 5
    gunnery: int = 4


@dataclass(frozen=True, slots=True)
class RemoveUnit:
    """Setup: take a unit out of its side's force again."""

    unit_id: str


@dataclass(frozen=True, slots=True)
class StartGame:
    """Setup is over: deployment begins (or initiative, if every unit is placed)."""


@dataclass(frozen=True, slots=True)
class Deploy:
    """Deployment: set a unit down in its side's zone (game.deploy)."""

    unit_id: str
    at: Hex
    facing: int


@dataclass(frozen=True, slots=True)
class RollInitiative:
    """Initiative phase: both sides roll 2D6 (TURN-05); movement starts."""


@dataclass(frozen=True, slots=True)
class SelectUnit:
    """Movement: pick the unit to move next (optional; CommitMove works without it)."""

    unit_id: str


@dataclass(frozen=True, slots=True)
class DeclareMode:
    """Movement: declare walk/run/jump for the selected unit (optional, shown in the UI)."""

    unit_id: str
    mode: str


@dataclass(frozen=True, slots=True)
class CommitMove:
    """Movement: move a unit along a path of step tokens (scenario.md `move.steps`)."""

    unit_id: str
    mode: str
    steps: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StandStill:
    """Movement: the unit does not move this turn; it counts as moved (TURN-06)."""

    unit_id: str


@dataclass(frozen=True, slots=True)
class EndPhase:
    """Close the current phase once every unit has acted; pass-through phases follow."""


Action = (
    AddUnit
    | RemoveUnit
    | StartGame
    | Deploy
    | RollInitiative
    | SelectUnit
    | DeclareMode
    | CommitMove
    | StandStill
    | EndPhase
)
ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        AddUnit,
        RemoveUnit,
        StartGame,
        Deploy,
        RollInitiative,
        SelectUnit,
        DeclareMode,
        CommitMove,
        StandStill,
        EndPhase,
    )
}


def action_to_json(action: Action) -> dict[str, Any]:
    """``{"type": "CommitMove", "unit_id": ..., "steps": [...]}``; hexes as XXYY names."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, Hex):
            value = hex_name(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def action_from_json(data: Any) -> Action:
    """The action a JSON object describes; a ValueError says what is wrong with it."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"action {brief(data)} is not an object with a 'type'")
    cls = ACTION_TYPES.get(data["type"])
    if cls is None:
        raise ValueError(f"unknown action type {brief(data['type'])}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"type"}
    if extra:
        raise ValueError(f"action {data['type']} has unknown keys {brief(sorted(extra))}")
    kwargs: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING:
                raise ValueError(f"action {data['type']} lacks {name!r}")
            continue
        kwargs[name] = _field_value(data["type"], name, str(f.type), data[name])
    return cls(**kwargs)


def _field_value(kind: str, name: str, type_name: str, value: Any) -> Any:
    """Check one JSON value against the field's declared type and convert it."""
    if type_name == "Hex":
        try:
            return parse_hex_name(value)  # a string of ASCII digits only
        except HexNameError as exc:
            raise ValueError(f"action {kind} {name}: {exc}") from None
    if type_name.startswith("tuple"):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValueError(f"action {kind} {name} must be a list of strings")
        return tuple(value)
    want = {"str": str, "int": int}[type_name]
    if not isinstance(value, want) or isinstance(value, bool):
        raise ValueError(f"action {kind} {name} must be a {type_name}, not {brief(value)}")
    return value


# --- events and answers ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log and for the UI to animate.

    ``kind`` is a short tag the UI switches on: "unit_added", "unit_removed", "deployed",
    "phase", "initiative", "selected", "mode", "move", "stand_still", "roll", "fall",
    "damage", "pilot", "wake_up", "turn", or a tag passed through from the rules.
    ``text`` is the log line; ``rolls`` every die roll behind it (with target and
    modifiers' sum), ``payload`` the rules' own structured record when there is one.
    """

    kind: str
    text: str
    unit_id: str | None = None
    rolls: tuple[Roll, ...] = ()
    payload: Any = None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log: the event and when it happened."""

    turn: int
    phase: str
    event: Event

    @property
    def text(self) -> str:
        return self.event.text


@dataclass(frozen=True, slots=True)
class Refused:
    """An illegal action: nothing changed; ``reason`` is one sentence for the player."""

    reason: str

    @property
    def ok(self) -> bool:
        return False
