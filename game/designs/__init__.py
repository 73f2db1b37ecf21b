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
from .user import design_dir, user_designs

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
def bundled() -> Mapping[str, Design]:
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


@cache
def catalog() -> Mapping[str, Design]:
    """Every design by its code, in roster order: the bundled ones, then the player's own
    (game.designs.user; one whose code a bundled design has is left out)."""
    mine, _ = user_designs(weapons_table())
    found = dict(bundled())
    for d in sorted(mine, key=_order):
        found.setdefault(d.code, d)
    return MappingProxyType(dict(sorted(found.items(), key=lambda kv: _order(kv[1]))))


@cache
def _by_name() -> Mapping[str, Design]:
    return MappingProxyType({d.name: d for d in reversed(catalog().values())})


def reload() -> None:
    """Read the player's design folder again (after an import)."""
    catalog.cache_clear()
    _by_name.cache_clear()


def design(code: str) -> Design:
    """The design with this code or name ("PXH-1" or "Phoenix Hawk PXH-1"); an unknown
    one is a DesignError naming the known codes."""
    table = catalog()
    if code in table:
        return table[code]
    named = _by_name().get(code)
    if named is None:
        raise DesignError(f"unknown design {code!r} (known: {', '.join(table)})")
    return named


def designs(kind: str | None = None) -> tuple[Design, ...]:
    """Every design in roster order, optionally of one kind."""
    return tuple(d for d in catalog().values() if kind is None or d.kind == kind)


__all__ = [
    "AmmoBin",
    "Design",
    "DesignError",
    "Mount",
    "Weapon",
    "bundled",
    "catalog",
    "design",
    "design_dir",
    "designs",
    "load_design_file",
    "reload",
    "weapon",
    "weapons_table",
]
