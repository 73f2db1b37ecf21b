"""The terrain string of one MegaMek hex (``"woods:2;foliage_elev:2"``) in our terms.

A hex's terrain string is a ``;``-separated list of ``name:level`` or
``name:level:exits`` items (exits: a 6-bit mask of the hexsides N, NE, SE, S, SW, NW, the
same facings and order as ours). The names are MegaMek's terrain names (its Terrains
list, facts only). :func:`hex_terrain` turns one hex's items into a :class:`HexTerrain`:
the values our board holds, the exits the file gives, and what we do not play.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .schema import MapError

# Items that only decorate a hex or that MegaMek itself derives: read, never played,
# never warned about (they change nothing in the rules).
SILENT = frozenset(
    {"fluff", "road_fluff", "bldg_fluff", "ground_fluff", "water_fluff", "foliage_elev"}
    | {"incline_top", "incline_bottom", "incline_high_top", "incline_high_bottom"}
    | {"cliff_bottom", "bldg_base_collapsed", "deployment_zone"}
)
# Building and bridge kinds 1-4 of the file are our classes light .. hardened.
CLASSES = {1: "light", 2: "medium", 3: "heavy", 4: "hardened"}
_ITEM = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):([+-]?[0-9]{1,9})(?::([0-9]{1,9}))?", re.ASCII)


@dataclass(slots=True)
class HexTerrain:
    """One hex's terrain as read: our values and the file's exits (None: not given)."""

    water: int = -1
    woods: int = 0
    rough: bool = False
    rubble: bool = False
    pavement: bool = False
    road: bool = False
    road_exits: int | None = None
    building: int = 0
    building_exits: int = 0
    building_cf: int = 0
    building_height: int = 0
    bridge: int = 0
    bridge_exits: int | None = None
    bridge_cf: int = 0
    bridge_elev: int = 0
    left_out: list[tuple[str, str]] = field(default_factory=list)  # (terrain, why)


def items(text: str, where: str) -> list[tuple[str, int, int | None]]:
    """(name, level, exits or None) of each item of a terrain string."""
    out = []
    for raw in text.split(";"):
        item = raw.strip()
        if not item:
            continue
        m = _ITEM.fullmatch(item)
        if m is None:
            raise MapError(
                f"{where}: terrain item {item[:40]!r} is not name:level or name:level:exits "
                "(whole numbers)."
            )
        exits = None if m.group(3) is None else int(m.group(3))
        if exits is not None and not 0 <= exits <= 63:
            raise MapError(f"{where}: terrain item {item!r} has exits {exits}, outside 0..63.")
        out.append((m.group(1).lower(), int(m.group(2)), exits))
    return out


def hex_terrain(text: str, where: str) -> HexTerrain:
    """Our terrain of one hex from its terrain string (see the module docstring)."""
    t = HexTerrain()
    seen: set[str] = set()
    for name, level, exits in items(text, where):
        if name in seen:
            raise MapError(f"{where}: terrain {name!r} is given twice in one hex.")
        seen.add(name)
        _one(t, name, level, exits)
    return t


def _one(t: HexTerrain, name: str, level: int, exits: int | None) -> None:  # noqa: C901
    if name in SILENT:
        return
    if name == "water":
        t.water = level
    elif name == "woods" and 1 <= level <= 3:
        t.woods = level
    elif name == "rough" and level >= 1:
        t.rough = True
        if level >= 2:
            t.left_out.append(("ultra rough", "played as rough"))
    elif name == "rubble" and level >= 1:
        t.rubble = True
        if level >= 6:
            t.left_out.append(("ultra rubble", "played as rubble"))
    elif name == "pavement":
        t.pavement = True
    elif name == "road":
        t.road, t.road_exits = True, exits
    elif name == "building" and level in CLASSES:
        t.building, t.building_exits = level, exits or 0  # buildings never join by themselves
    elif name == "building":
        t.left_out.append(("wall" if level == 5 else f"building:{level}", "not played"))
    elif name == "bldg_cf":
        t.building_cf = level
    elif name == "bldg_elev":
        t.building_height = level
    elif name == "bridge" and level in CLASSES:
        t.bridge, t.bridge_exits = level, exits
    elif name == "bridge_cf":
        t.bridge_cf = level
    elif name == "bridge_elev":
        t.bridge_elev = level
    elif name in ("bldg_class", "bldg_basement_type") and level == 0:
        return  # a standard building, no basement
    else:
        t.left_out.append((name, "not played"))
