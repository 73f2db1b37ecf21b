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
import typing
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.dice import Roll
from game.core.errors import brief

from .hexgrid import Hex, HexNameError, hex_name, parse_hex_name


class IllegalActionError(ValueError):
    """Raised only by :func:`game.flow.apply_strict` (replays, scripts, tests)."""


# --- actions ---------------------------------------------------------------------------

ACTION_TYPES: dict[str, type[Action]] = {}


class Action:
    """Base of every action record. A subclass is a frozen dataclass; defining it
    registers it by its class name for the save codec (:func:`action_from_json`), so a
    new action needs no list edited anywhere - only a handler in its phase's module."""

    __slots__ = ()
    doing: ClassVar[str] = ""  # "units move": how a refusal in the wrong phase says it

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        old = ACTION_TYPES.get(cls.__name__)
        # dataclass(slots=True) makes the class a second time: that one replaces the first
        if old is not None and (old.__module__, old.__qualname__) != (
            cls.__module__,
            cls.__qualname__,
        ):
            raise TypeError(f"two actions are called {cls.__name__}")
        ACTION_TYPES[cls.__name__] = cls


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


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """Close the current phase once every unit has acted; pass-through phases follow."""


def action_to_json(action: Action) -> dict[str, Any]:
    """``{"type": "CommitMove", "unit_id": ..., "steps": [...]}``; hexes as XXYY names."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):  # type: ignore[arg-type]
        out[f.name] = _to_json(getattr(action, f.name))
    return out


def _to_json(value: Any) -> Any:
    if isinstance(value, Hex):
        return hex_name(value)
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def action_from_json(data: Any) -> Action:
    """The action a JSON object describes; a ValueError says what is wrong with it."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"action {brief(data)} is not an object with a 'type'")
    cls = ACTION_TYPES.get(data["type"])
    if cls is None:
        raise ValueError(f"unknown action type {brief(data['type'])}")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    extra = set(data) - set(fields) - {"type"}
    if extra:
        raise ValueError(f"action {data['type']} has unknown keys {brief(sorted(extra))}")
    kwargs: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING:
                raise ValueError(f"action {data['type']} lacks {name!r}")
            continue
        kwargs[name] = _from_json(f"action {data['type']} {name}", hints[name], data[name])
    return cls(**kwargs)


def _from_json(where: str, kind: Any, value: Any) -> Any:
    """Check one JSON value against a field's type and convert it: str, int, bool, float,
    Hex, tuple[X, ...] of any of these, and optional (X | None) fields."""
    args = typing.get_args(kind)
    if type(None) in args:  # X | None
        if value is None:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _from_json(where, inner, value)
    if typing.get_origin(kind) is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{where} must be a list")
        return tuple(_from_json(where, args[0], v) for v in value)
    if kind is Hex:
        try:
            return parse_hex_name(value)  # a string of ASCII digits only
        except HexNameError as exc:
            raise ValueError(f"{where}: {exc}") from None
    names = {str: "a string", int: "a whole number", bool: "true or false", float: "a number"}
    if kind not in names:
        raise TypeError(f"{where}: the codec cannot read fields of type {kind!r}")
    ok = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
    if kind is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    if not ok:
        raise ValueError(f"{where} must be {names[kind]}, not {brief(value)}")
    return float(value) if kind is float else value


# --- events and answers ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log and for the UI to animate.

    ``kind`` is a short tag the UI switches on: "unit_added", "unit_removed", "deployed",
    "phase", "initiative_roll", "selected", "mode", "move", "stand_still", "roll", "fall",
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
    """One line of the game log: the event, when it happened and which action (its index
    in the game's history, -1 if unknown) brought it about."""

    turn: int
    phase: str
    event: Event
    action: int = -1

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
