"""Files for every rule set: reading JSON, the save folder, atomic writes, the action list.

:func:`read_json` gives a file's JSON or one :class:`ScenarioError` sentence naming the
file (both rule sets' scenario and save readers use it). Saves live in :func:`save_dir`
and are written by :func:`write_text_atomically` (game.core.atomic: a crash mid-write
leaves the old file intact). A save's action list goes through :func:`encode_action` and
:func:`decode_action`: every field of an action record is a str, int, bool or float, a
tuple of these or an optional one; a rule set with values of its own (the hex game's
hexes) hands in a :class:`FieldCodec` for each, so this module knows no rule set.
"""

from __future__ import annotations

import dataclasses
import json
import os
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .actions import ACTION_TYPES, Action
from .atomic import write_atomic
from .errors import UserFacingError, brief
from .limits import MAX_ACTIONS, MAX_FILE_BYTES, MAX_LIST, FileTooLarge, read_capped, too_many


class ScenarioError(UserFacingError):
    """A scenario file that cannot be read or breaks the contract (one sentence)."""


class SaveError(UserFacingError):
    """A save that cannot be written or read (one sentence naming the file)."""


# The end of the sentence refusing a save of either rule set that cannot prove it is the
# game it says (an old version's, docs/saves.md): what to do, and the file is not touched.
CANNOT_PROVE = ("hexplate cannot prove it is the game it says: start the game again or load "
                "it with an older hexplate (the file is left as it is)")  # fmt: skip


# --- reading JSON ---------------------------------------------------------------------------


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {brief(k)}")
        out[k] = v
    return out


EMPTY = "the file is empty"
# the save formats (game.save, game.regiments.save) and the command that opens each
SAVES = {
    "hexplate-save": "python main.py play --load",
    "hexplate-regiments-save": "python main.py regiments --load",
}


def read_json(path: Path) -> Any:
    """The file's JSON, or a ScenarioError saying why it cannot be had."""

    def error(msg: str) -> ScenarioError:
        return ScenarioError(f"{path}: {msg}")

    try:
        text = read_capped(path).decode("utf-8")
    except FileTooLarge:
        raise error(f"is larger than the limit of {MAX_FILE_BYTES // 2**20} MiB "
                    "(docs/limits.md)") from None  # fmt: skip
    except FileNotFoundError:
        raise error("no such file") from None
    except IsADirectoryError:
        raise error("is a directory, not a scenario file") from None
    except UnicodeDecodeError:
        raise error("is not UTF-8 text") from None
    except OSError as e:
        raise error(f"cannot be read ({e.strerror or e})") from None
    if not text.strip():  # said as the map reader says it (game.maps.checks)
        raise error(EMPTY)
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise error(f"is not valid JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except ValueError as e:
        raise error(f"is not valid scenario JSON ({e})") from None
    except RecursionError:  # thousands of nested [ or {: no file of ours nests so deep
        raise error("is not valid JSON (its lists and objects nest too deeply)") from None


# --- where saves live, writing them -----------------------------------------------------------


def save_dir() -> Path:
    """HEXPLATE_SAVE_DIR if set, else ~/.local/share/hexplate/saves (XDG data home)."""
    env = os.environ.get("HEXPLATE_SAVE_DIR")
    if env:
        return Path(env)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "hexplate" / "saves"


def write_text_atomically(path: Path, text: str) -> None:
    """game.core.atomic.write_atomic; a failure is a SaveError naming the file."""
    try:
        write_atomic(path, text)
    except OSError as e:
        raise SaveError(f"{path}: the save could not be written ({e.strerror or e}).") from None


# --- the action-list codec ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FieldCodec:
    """How a rule set's own field type goes to JSON and back; ``from_json`` raises a
    ValueError (its text follows the field's name in the refusal)."""

    kind: type
    to_json: Callable[[Any], Any]
    from_json: Callable[[Any], Any]


def encode_action(action: Action, fields: Sequence[FieldCodec] = ()) -> dict[str, Any]:
    """``{"type": "CommitMove", "unit_id": ..., "steps": [...]}``."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):  # type: ignore[arg-type]
        out[f.name] = _to_json(getattr(action, f.name), fields)
    return out


def _to_json(value: Any, fields: Sequence[FieldCodec]) -> Any:
    for codec in fields:
        if isinstance(value, codec.kind):
            return codec.to_json(value)
    if isinstance(value, tuple):
        return [_to_json(v, fields) for v in value]
    return value


def decode_action(data: Any, fields: Sequence[FieldCodec] = ()) -> Action:
    """The action a JSON object describes; a ValueError says what is wrong with it."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"action {brief(data)} is not an object with a 'type'")
    cls = ACTION_TYPES.get(data["type"])
    if cls is None:
        raise ValueError(f"unknown action type {brief(data['type'])}")
    hints, known = _shape(cls)
    extra = set(data) - set(known) - {"type"}
    if extra:
        raise ValueError(f"action {data['type']} has unknown keys {brief(sorted(extra))}")
    kwargs: dict[str, Any] = {}
    for name, f in known.items():
        if name not in data:
            if f.default is dataclasses.MISSING:
                raise ValueError(f"action {data['type']} lacks {name!r}")
            continue
        where = f"action {data['type']} {name}"
        kwargs[name] = _from_json(where, hints[name], data[name], fields)
    return cls(**kwargs)


@cache
def _shape(cls: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """An action class's field types and fields, worked out once per class (a save's
    every action needs them; typing.get_type_hints evaluates the annotations each time).
    The callers only read them."""
    hints = typing.get_type_hints(cls)
    return hints, {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]


_NAMES = {str: "a string", int: "a whole number", bool: "true or false", float: "a number"}


def _from_json(where: str, kind: Any, value: Any, fields: Sequence[FieldCodec]) -> Any:
    """Check one JSON value against a field's type and convert it: str, int, bool, float,
    a rule set's own kinds (``fields``), tuple[X, ...] of any of these, and X | None."""
    args = typing.get_args(kind)
    if type(None) in args:  # X | None
        if value is None:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _from_json(where, inner, value, fields)
    if typing.get_origin(kind) is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{where} must be a list")
        if len(value) > MAX_LIST:
            raise ValueError(f"{where} has {len(value)} items, more than the limit of {MAX_LIST}")
        return tuple(_from_json(where, args[0], v, fields) for v in value)
    for codec in fields:
        if kind is codec.kind:
            try:
                return codec.from_json(value)
            except ValueError as exc:
                raise ValueError(f"{where}: {exc}") from None
    if kind not in _NAMES:  # another rule set's action, e.g. a hex one in a regiments save
        raise ValueError(f"{where}: this rule set cannot read fields of type {kind!r}")
    ok = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
    if kind is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    if not ok:
        raise ValueError(f"{where} must be {_NAMES[kind]}, not {brief(value)}")
    return float(value) if kind is float else value


def saved_actions(path: Path, raw: Any, fields: Sequence[FieldCodec] = ()) -> list[Action]:
    """A save's 'actions' list read back (``fields``: the rule set's own field kinds), or
    one SaveError."""
    if not isinstance(raw, list):
        raise SaveError(f"{path}: 'actions' must be a list.")
    why = too_many("'actions'", len(raw), MAX_ACTIONS)
    if why:
        raise SaveError(f"{path}: {why}.")
    actions = []
    for i, item in enumerate(raw):
        try:
            actions.append(decode_action(item, fields))
        except ValueError as e:
            raise SaveError(f"{path}: action {i + 1} is damaged ({e}).") from None
    return actions
