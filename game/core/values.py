"""The one validator of values read from files (issue 26): what no unit, regiment or
start can have, refused in one sentence naming the file and the field.

Every way a value enters a game goes through these checks, so each refusal reads the same
wherever it is made: a hex scenario (the referee and the play and sandbox windows), the
start of a hex save (its units read through the scenario reader), a regiments scenario
and save, and the armies file (game/regiments/data/armies.json). Each check takes the
reader's :class:`~game.core.jsonshape.Shape`, which carries the file's name and error
class. A value a unit could have is accepted; these are the ones the rules never produce:

- an ammunition bin holding more shots than one ton of that ammunition (``shots`` above
  the weapons table's ``ammo_per_ton``);
- armour above the most a location of that tonnage carries, front and rear together
  for a torso (``armor.CT`` + ``armor.CTR``);
- armour given for a location whose structure is 0 (destroyed: it has none);
- a weapon destroyed twice (``weapons_destroyed`` naming one index twice);
- structure above the table for the tonnage (checked where it is read, with its bound);
- a regiment or unit type's files, ranks, stand, move and size class outside what a
  regiment can be, or a name that is not a string;
- a start's rule options, variant, sides, dice seed and turn limit, a regiments start's
  scenery, scale and mode;
- and what every file of these is checked for alike: the keys it must have
  (:func:`check_has`), the names it lists (:func:`check_names`), and starting units or
  regiments that read back to exactly what the file says (:func:`check_read_back`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.digest import json_digest
from game.core.errors import brief
from game.core.jsonshape import Shape
from game.core.limits import MAX_TABLE_CM

# --- what every file is checked for alike ------------------------------------------------


def check_has(r: Shape, d: Mapping[str, Any], keys: Sequence[str], where: str) -> None:
    """Every one of ``keys`` in ``d``; the first one missing is named."""
    for k in keys:
        if k not in d:
            raise r.error(f"{where} has no '{k}'")


def check_names(r: Shape, names: Sequence[Any], known: Mapping[str, Any], where: str,
                what: str) -> None:  # fmt: skip
    """A non-empty list of names, each one of ``known`` (an army's unit types)."""
    unknown = [n for n in names if not isinstance(n, str) or n not in known]
    if unknown or not names:
        raise r.error(f"{where} lists unknown or no {what} {unknown}")


def check_read_back(r: Shape, what: str, ident: Any, mine: Any, theirs: Any) -> None:
    """A starting unit or regiment read and written again (``mine``) is the file's
    (``theirs``): nothing dropped or changed without a word; the first key that differs
    is named."""
    if json_digest(mine) != json_digest(theirs):
        raise r.error(f"starting {what} {brief(ident)}'s {_first_difference(mine, theirs)} is "
                      "not what the game reads from it (the file was edited)")  # fmt: skip


def _first_difference(mine: Any, theirs: Any) -> str:
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for k in sorted(set(mine) | set(theirs)):
            if k not in mine or k not in theirs or json_digest(mine[k]) != json_digest(theirs[k]):
                return repr(k)
    return "value"


# --- the units of the hex game -----------------------------------------------------------


def check_shots(r: Shape, at: str, weapon: str, shots: int, per_ton: int) -> None:
    """A bin is one ton: it holds at most ``per_ton`` shots."""
    if shots > per_ton:
        raise r.error(f"{at}.shots is {shots}, more than the {per_ton} shots a bin (one ton) "
                      f"of {weapon} holds")  # fmt: skip


def check_destroyed_armour(r: Shape, where: str, code: str, armour: Mapping[str, object],
                           keys: Sequence[str], structure: int) -> None:  # fmt: skip
    """Armour given (above 0) for a location with no structure left."""
    if structure != 0:
        return
    for k in keys:
        value = armour.get(k)
        if isinstance(value, int) and value > 0:
            raise r.error(f"{where}: armor.{k} is {value}, but structure.{code} is 0: "
                          "a destroyed location has no armour")  # fmt: skip


def check_torso_armour(r: Shape, where: str, code: str, rear_key: str, front: int, rear: int,
                       top: int) -> None:  # fmt: skip
    """Front and rear armour of a torso together at most the location's maximum."""
    if front + rear > top:
        raise r.error(f"{where}: armor.{code} + armor.{rear_key} is {front} + {rear}, more "
                      f"than the {top} a {code} of its tonnage carries")  # fmt: skip


def check_once(r: Shape, at: str, items: Sequence[int], what: str) -> None:
    """Each index at most once (a weapon is destroyed once)."""
    seen: set[int] = set()
    for i in items:
        if i in seen:
            raise r.error(f"{at} names {what} {i} twice (it can be destroyed only once)")
        seen.add(i)


# --- regiments and the armies file's unit types ------------------------------------------

FORMATION = ("files", "ranks", "stand", "move")  # what every regiment and unit type gives


@dataclass(frozen=True, slots=True)
class Formation:
    """A regiment's (or unit type's) block: stands across and deep, one stand's width
    and depth (cm), movement rate (cm), size class and name ("" when none is given)."""

    files: int
    ranks: int
    stand: tuple[float, float]
    move: float
    size: int
    name: str


def pair(r: Shape, value: Any, where: str, lo: float = -MAX_TABLE_CM) -> tuple[float, float]:
    """Two finite numbers (cm) from ``lo`` up to the table limit."""
    if not isinstance(value, list) or len(value) != 2:
        raise r.error(f"{where} must be a list of two numbers, not {r.style.value(value)}")
    return (r.num(value[0], f"{where}[0]", lo, MAX_TABLE_CM),
            r.num(value[1], f"{where}[1]", lo, MAX_TABLE_CM))  # fmt: skip


def formation(r: Shape, d: Mapping[str, Any], where: str, size: int = 1) -> Formation:
    """The block of a regiment (regiments scenarios and saves) or of a unit type (the
    armies file): files and ranks 1..100, a stand of at least 0.01 cm each way, a move of
    0..1000 cm, a size class 0..20 (``size`` when not given) and a name that is a string."""
    check_has(r, d, FORMATION, where)
    return Formation(
        r.int_(d["files"], f"{where}.files", 1, 100), r.int_(d["ranks"], f"{where}.ranks", 1, 100),
        pair(r, d["stand"], f"{where}.stand", 0.01),
        r.num(d["move"], f"{where}.move", 0.0, 1000.0),
        r.int_(d.get("size", size), f"{where}.size", 0, 20),
        r.str_(d["name"], f"{where}.name") if "name" in d else "",
    )  # fmt: skip


# --- a game's start (saves of both rule sets; the hex scenarios' options) ----------------


def shown(value: Any) -> str:
    """A JSON value for a message: strings in double quotes, anything else in brief."""
    if isinstance(value, str):
        return json.dumps(value if len(value) <= 40 else value[:37] + "...")
    return brief(value)


def check_options(r: Shape, value: Any, allowed: Sequence[str]) -> tuple[str, ...]:
    """``options``: a list of optional rule names, each one of ``allowed`` (repeats kept once)."""
    if not isinstance(value, list):
        raise r.error(f"options must be a list of rule option names, not {r.style.value(value)}")
    out: list[str] = []
    for i, o in enumerate(value):
        if not isinstance(o, str) or o not in allowed:
            raise r.error(f"options[{i}] {shown(o)} is not one of {', '.join(allowed)}")
        if o not in out:
            out.append(o)
    return tuple(out)


def check_variant(r: Shape, value: Any, variants: Sequence[str]) -> str:
    """``rules``: the name of a rules variant."""
    if value not in variants:
        raise r.error(f"rules must be one of {', '.join(variants)}, not {brief(value)}")
    return str(value)


def check_mode(r: Shape, value: Any, modes: Sequence[str]) -> str:
    """A regiments save's ``mode``: a game or a sandbox."""
    if value not in modes:
        raise r.error(f"'mode' must be one of {', '.join(modes)}, not {value!r}")
    return str(value)


def check_scenery(r: Shape, value: Any) -> str | None:
    """A regiments start's ``scenery``: the map its table was drawn from, or none."""
    return None if value is None else r.str_(value, "'scenery' (a map path or null)")


def check_scale(r: Shape, value: Any) -> float:
    """A regiments start's ``cm_per_pixel``: 0 (no map) up to the table limit."""
    return r.num(value, "'cm_per_pixel'", 0.0, MAX_TABLE_CM)


def check_sides(r: Shape, value: Any, exactly: int | None = None) -> tuple[str, ...]:
    """``sides``: each side once by a non-empty name; two at least (``exactly`` if given)."""
    count = "two" if exactly == 2 else f"{exactly}" if exactly else "at least two"
    many = isinstance(value, list) and (len(value) == exactly if exactly else len(value) >= 2)
    if not isinstance(value, list) or not many or not all(isinstance(s, str) for s in value):
        raise r.error(f"'sides' must list {count} side names, not {brief(value)}")
    if len(set(value)) != len(value) or not all(s.strip() for s in value):
        raise r.error(f"'sides' must name each side once, by a non-empty name, not {brief(value)}")
    return tuple(value)


def check_seed(r: Shape, value: Any) -> int:
    """``seed``: the dice seed, a whole number."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise r.error(f"the dice seed must be a whole number, not {brief(value)}")
    return value


def check_turn_limit(r: Shape, value: Any) -> int | None:
    """``turn_limit``: none, or a whole number of turns from 1."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise r.error(f"the turn limit must be a whole number >= 1, not {brief(value)}")
    return value
