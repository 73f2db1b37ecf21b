"""What a hex save of an older version (1 to 5) must satisfy to load (docs/saves.md).

Their own digest was taken over the code's objects of that day and cannot be recomputed,
so these saves are checked for everything that can be checked without it:

- they hold nothing that version could not write (no top-level or start key added since,
  START_NEW_IN, no unit key added since, NEW_IN; the snapshot has exactly that version's
  keys, OLD_SNAPSHOT_KEYS), so a newer save cannot claim an older version to skip the
  newer checks;
- the replay of their actions reaches the snapshot's turn, phase, action count, dice
  position and board;
- every starting unit is as its design builds it (:func:`check_as_deployed`): no old
  format recorded where its starting units came from, so a unit whose armour, structure,
  ammunition, weapons, damage, heat or other values differ from its design's could have
  been edited into another game and is refused, naming the unit and the field. Only
  where and how it stands (hex, facing, prone, hull-down, flying, depth, velocity), its
  pilot's skills, its id, side and name may be anything a scenario places.

What stays unproven (an action edited into another legal one reaching the same counts, a
start choice the actions never tested) is listed in docs/saves.md.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from game.board import Board
from game.core.digest import json_digest
from game.core.errors import UserFacingError, brief
from game.core.files import SaveError
from game.scenario.reader import parse_units
from game.scenario.writer import unit_to_json
from game.units.locations import REAR_KEYS
from game.units.unit import Unit

from .state import GameStart

OLD_SNAPSHOT_KEYS = ("turn", "phase", "actions", "dice_faces_used", "digest", "board")
COMPARED = ("turn", "phase", "actions", "dice_faces_used", "board")  # what today can check
NEW_IN = {5: ("depth",), 4: ("velocity", "thrust", "safe_thrust", "altitude", "airborne")}
OLD_TOP_KEYS = ("format", "version", "start", "actions", "snapshot")
OLD_START_KEYS = ("board", "units", "rules", "sides", "seed", "dice")
START_NEW_IN = {3: ("options", "turn_limit")}  # since the Tactical Operations option
# The keys a scenario chooses for a unit it places; everything else is its design's.
PLACED = (
    "model", "id", "side", "kind", "name", "at", "facing", "prone", "hull_down",
    "airborne", "altitude", "depth", "velocity", "atmosphere", "piloting", "gunnery",
)  # fmt: skip
# Without a model, these keys are the design: the standard unit of that kind and weight.
UNMODELLED = ("tons", "walk", "jump", "offroad", "thrust", "safe_thrust", "large_craft", "motive")
MISSING = object()
# How today's objects are written differently from an older version's, where known: the
# fields added since, at their defaults (tests/saves/v5_*.json, written by version 5's own
# code, check it). An older save whose digest this recomputes is proven whole.
ADDED_SINCE = {  # Unit.platoon (infantry) came after version 5; early version 4 code wrote
    5: (", platoon=None)",),  # more differently (careless moves, hull-down, WiGE flight,
    4: (", platoon=None)",),  # depth came during its life): its saves are not proven
}


def proven_old(version: int, now: str, saved: Any) -> bool:
    """The old save's own digest, recomputed from today's state (``now``, game.save's
    state_repr) as that version wrote it: true when it matches, so the whole game (start,
    actions, every roll) is the one saved. Only for versions whose differences are known
    (ADDED_SINCE); any other save, or one written by code of that version that differed
    still, is held to what can be checked without it."""
    if version not in ADDED_SINCE or not isinstance(saved, dict):
        return False
    for added in ADDED_SINCE[version]:
        now = now.replace(added, ")")
    return hashlib.sha256(now.encode()).hexdigest() == saved.get("digest")


def matches(now: dict[str, Any], saved: Any) -> bool:
    """The replayed position against an older version's snapshot (without its digest)."""
    return isinstance(saved, dict) and all(now[k] == saved.get(k, now[k]) for k in COMPARED)


def no_later_keys(path: Path, version: int, top: dict[str, Any]) -> None:
    """An older version's save holds no key added since: at the top (version 6 on: who
    plays each side), in its start (START_NEW_IN) or its units (NEW_IN)."""
    start = top.get("start")
    known = OLD_START_KEYS + tuple(k for v, ks in START_NEW_IN.items() if version >= v for k in ks)
    for where, keys, allowed in (("the save", top, OLD_TOP_KEYS), ("the start", start, known)):
        extra = [k for k in keys if k not in allowed] if isinstance(keys, dict) else []
        if extra:
            raise SaveError(f"{path}: {where} has {extra[0]!r}, which version {version} saves "
                            "cannot hold (the file was edited)")  # fmt: skip
    units = start.get("units") if isinstance(start, dict) else None
    for u in units if isinstance(units, list) else ():
        for since, keys in NEW_IN.items():
            k = next((k for k in keys if isinstance(u, dict) and k in u), None)
            if version < since and k is not None:
                raise SaveError(f"{path}: a unit has {k!r}, which version {version} saves "
                                "cannot hold (the file was edited)")  # fmt: skip


def old_snapshot_keys(path: Path, version: int, saved: Any) -> None:
    """An older version's snapshot has that version's keys: no more, and from version 4
    on all of them."""
    if not isinstance(saved, dict):
        raise SaveError(f"{path}: the snapshot must be a JSON object.")
    extra = [k for k in saved if k not in OLD_SNAPSHOT_KEYS]
    missing = [k for k in OLD_SNAPSHOT_KEYS if k not in saved]
    if extra or (version >= 4 and missing) or set(missing) - {"digest", "board"}:
        what = (
            f"has {extra[0]!r}, which no version {version} save has"
            if extra
            else f"lacks {missing[0]!r}, which every version {version} save has"
        )
        raise SaveError(f"{path}: the snapshot {what} (the file was edited)")  # fmt: skip


def check_as_deployed(path: Path, version: int, board: Board, start: GameStart,
                      raw: list[Any]) -> None:  # fmt: skip
    """Every starting unit of an older version's save is as its design builds it: read
    again from only the keys a scenario chooses (PLACED, and UNMODELLED without a model),
    it writes back to exactly the file's unit (already known to read back as written)."""
    placed = [_placed_keys(u) for u in raw]
    try:
        pristine = parse_units(placed, board, path, start.rules.options)
    except UserFacingError as e:  # a key it needs was its design's to give
        raise SaveError(f"{path}: a starting unit cannot be rebuilt from its design "
                        f"({e}); {_why(version)}") from None  # fmt: skip
    for unit, theirs in zip(pristine, raw, strict=True):
        mine = unit_to_json(unit, board)
        if json_digest(mine) == json_digest(theirs):
            continue
        field, given, built = _difference(mine, theirs)
        built = _location_value(unit, field) if built is MISSING else built
        design = f"design {unit.design}" if unit.design else f"standard {unit.tons}-ton {unit.kind}"
        if given is MISSING:
            what = f"lacks {field}, which its {design} has ({brief(built)})"
        elif built is MISSING:
            what = f"has {field} {brief(given)}, which is not its {design}'s"
        else:
            what = f"has {field} {brief(given)}, not its {design}'s {brief(built)}"
        raise SaveError(f"{path}: starting unit {brief(unit.id)} {what}; {_why(version)}")


def _location_value(unit: Unit, field: str) -> Any:
    """The design's armour or structure for ``armor.CT`` and the like (the writer leaves
    out the values a unit has as built), else MISSING."""
    group, _, code = field.partition(".")
    body = unit.body if unit.body is not None else unit.hull
    front = {rear: loc for loc, rear in REAR_KEYS.items()}.get(code, code)
    if body is None or group not in ("armor", "structure") or front not in body.codes:
        return MISSING
    loc = body[front]
    return loc.structure if group == "structure" else loc.rear if front != code else loc.armour


def _why(version: int) -> str:
    return (f"a version {version} save does not record where its starting units came from, "
            "so they must be as their designs build them (the file is left as it is)")  # fmt: skip


def _placed_keys(u: Any) -> Any:
    if not isinstance(u, dict):
        return u
    keep = PLACED if "model" in u else PLACED + UNMODELLED
    return {k: v for k, v in u.items() if k in keep}


def _difference(mine: Any, theirs: Any, at: str = "") -> tuple[str, Any, Any]:
    """The first field (``armor.CT``) where the file's unit and the design's differ: its
    name, the file's value and the design's (MISSING where one has none; a key group the
    writer leaves out, such as ``armor``, is the design's own values)."""
    if isinstance(mine, dict) or isinstance(theirs, dict):
        mine = {} if mine is MISSING else mine
        theirs = {} if theirs is MISSING else theirs
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for k in sorted(set(mine) | set(theirs)):
            a, b = mine.get(k, MISSING), theirs.get(k, MISSING)
            if a is MISSING or b is MISSING or json_digest(a) != json_digest(b):
                return _difference(a, b, f"{at}.{k}" if at else k)
    return at or "value", theirs, mine
