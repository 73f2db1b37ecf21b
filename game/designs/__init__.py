"""The designs a player can field, as data: one JSON file per design plus a weapons table.

``game/designs/data/<code>.json`` holds the record sheet of each design and
``game/designs/data/weapons.json`` the weapons table; both are read once, checked by
game.designs.schema (a broken file is one sentence naming the file and the field) and
kept as frozen records. docs/designs.md describes the format.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

from game.units.unit import AERO

from .model import AmmoBin, Design, Mount, Weapon
from .schema import DesignError, parse_design, parse_weapons, read_json_file

DATA = Path(__file__).resolve().parent / "data"
WEAPONS_FILE = "weapons.json"


@cache
def weapons_table() -> Mapping[str, Weapon]:
    """Every weapon by its name ("Medium Laser", "AC/20", "LRM-10", ...)."""
    path = DATA / WEAPONS_FILE
    return MappingProxyType(parse_weapons(read_json_file(path), path))


def weapon(name: str) -> Weapon:
    """A weapons-table row; an unknown name is a DesignError naming the known ones."""
    table = weapons_table()
    if name not in table:
        raise DesignError(f"unknown weapon {name!r} (known: {', '.join(table)})")
    return table[name]


def load_design_file(path: Path) -> Design:
    """One design file, checked against the bundled weapons table."""
    return parse_design(read_json_file(path), path, weapons_table())


# Roster groups: bipeds, quads, vehicles, infantry, aerospace units (others: with vehicles).
_GROUPS = {"biped": 0, "quad": 1, "infantry": 3, AERO: 4}


def _order(d: Design) -> tuple[int, int, str]:
    """Roster order: Mechs first (bipeds, then quads), vehicles, infantry platoons,
    aerospace units last; lightest first in each group."""
    return (_GROUPS.get(d.kind, 2), d.tons, d.code)


@cache
def catalog() -> Mapping[str, Design]:
    """Every bundled design by its code, in roster order."""
    found: list[Design] = []
    for path in sorted(DATA.glob("*.json")):
        if path.name == WEAPONS_FILE:
            continue
        d = load_design_file(path)
        if d.code + ".json" != path.name:
            raise DesignError(f"{path}: design '{d.code}' must live in {d.code}.json")
        found.append(d)
    return MappingProxyType({d.code: d for d in sorted(found, key=_order)})


def design(code: str) -> Design:
    """The design with this code; an unknown code is a DesignError naming the known ones."""
    table = catalog()
    if code not in table:
        raise DesignError(f"unknown design {code!r} (known: {', '.join(table)})")
    return table[code]


def designs(kind: str | None = None) -> tuple[Design, ...]:
    """Every design in roster order, optionally of one kind."""
    return tuple(d for d in catalog().values() if kind is None or d.kind == kind)


__all__ = [
    "AmmoBin",
    "Design",
    "DesignError",
    "Mount",
    "Weapon",
    "catalog",
    "design",
    "designs",
    "load_design_file",
    "weapon",
    "weapons_table",
]
