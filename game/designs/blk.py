"""MegaMek ``.blk`` unit files (vehicles, aerospace fighters, small DropShips) -> our
design JSON (docs/megamek.md; facts of the format only, read from MegaMek's loaders).

A BLK file is blocks: ``<Name>`` ... ``</Name>`` with one value a line. Vehicles
(``<UnitType>`` Tank, Naval, VTOL, ...) give ``<motion_type>``, ``<cruiseMP>``,
``<engine_type>`` (0 internal combustion, 1 fusion), ``<tonnage>``, ``<armor>`` (front,
right, left, rear and, with a turret, turret) and ``<Front Equipment>`` ... ``<Body
Equipment>`` (weapons by location; ammunition in the body). Aerospace fighters and small
craft give ``<SafeThrust>``, ``<heatsinks>``, ``<structural_integrity>`` and armour by
arc; our aerospace units use the tonnage, the safe thrust and the heat sinks (aerospace
combat is not in this build, so their weapons and armour are read but not played).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .megamek_names import item
from .model import Weapon
from .mtf import Unread
from .schema import DesignError

MOTION = {"tracked": "tracked", "wheeled": "wheeled", "hover": "hover", "vtol": "vtol",
          "naval": "naval", "displacement": "naval", "submarine": "submarine",
          "hydrofoil": "hydrofoil", "wige": "wige"}  # fmt: skip
VEHICLE_TYPES = ("tank", "naval", "vtol", "largesupporttank", "supporttank")
FIGHTER_TYPES = ("aero", "aerospacefighter", "convfighter")
CRAFT_TYPES = ("smallcraft", "dropship")
ARCS = ("FR", "RS", "LS", "RR", "TU")
LOCATIONS = {"front": "FR", "right": "RS", "left": "LS", "rear": "RR", "turret": "TU"}
ENGINES = {"0": "ice", "1": "fusion"}
_OPEN = re.compile(r"<([^/<>][^<>]*)>")


def blocks(text: str, where: str) -> dict[str, list[str]]:
    """Block name (lower case) -> its value lines."""
    out: dict[str, list[str]] = {}
    current: str | None = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if current is None:
            m = _OPEN.fullmatch(line)
            if m is None:
                raise DesignError(f"{where}, line {n}: {line[:40]!r} is outside any <block>.")
            current = m.group(1).strip().lower()
            out.setdefault(current, [])
        elif line.lower() == f"</{current}>":
            current = None
        else:
            out[current].append(line)
    if current is not None:
        raise DesignError(f"{where}: block <{current}> is not closed (the file is cut short?).")
    return out


def _one(b: dict[str, list[str]], key: str, where: str) -> str:
    rows = b.get(key.lower())
    if not rows:
        raise DesignError(f"{where}: the file has no <{key}> block.")
    return rows[0]


def _number(b: dict[str, list[str]], key: str, where: str, hi: float = 100_000) -> float:
    text = _one(b, key, where)
    try:
        value = float(text)
    except ValueError:
        raise DesignError(f"{where}: <{key}> {text[:20]!r} is not a number.") from None
    if not 0 <= value <= hi or value != value:
        raise DesignError(f"{where}: <{key}> {text[:20]} is outside 0..{hi:g}.")
    return value


def _whole(b: dict[str, list[str]], key: str, where: str, hi: float = 100_000) -> int:
    value = _number(b, key, where, hi)
    if not value.is_integer():
        raise DesignError(f"{where}: <{key}> {value:g} is not a whole number.")
    return int(value)


def read_blk(text: str, where: str, table: Mapping[str, Weapon]) -> dict[str, Any]:
    """The design JSON (format hexplate-design) of a BLK file's text."""
    b = blocks(text, where)
    unit = re.sub(r"[^a-z]", "", _one(b, "UnitType", where).lower())
    name = _one(b, "Name", where)
    model = (b.get("model") or [""])[0]
    era = int(_number(b, "year", where, 9999)) if b.get("year") else 0
    extra = {"model": model, "era": era, "tech": (b.get("type") or [""])[0]}
    if unit in VEHICLE_TYPES:
        return _vehicle(b, name, model, where, table) | {"_extra": extra}
    if unit in FIGHTER_TYPES + CRAFT_TYPES:
        return _aero(b, name, model, unit in CRAFT_TYPES, where) | {"_extra": extra}
    raise Unread(f"{where}: unit type '{_one(b, 'UnitType', where)}' is not one we read "
                 "(vehicles, aerospace fighters, small craft and DropShips).")  # fmt: skip


def _code(name: str, model: str) -> str:
    return model.strip() or name.strip()


def _vehicle(b: dict[str, list[str]], name: str, model: str, where: str,
             table: Mapping[str, Weapon]) -> dict[str, Any]:  # fmt: skip
    motion = _one(b, "motion_type", where)
    kind = MOTION.get(re.sub(r"[^a-z]", "", motion.lower()))
    if kind is None:
        raise Unread(f"{where}: motion type '{motion}' is not one we play.")
    engine = _one(b, "engine_type", where) if b.get("engine_type") else "1"
    if engine not in ENGINES:
        raise Unread(f"{where}: engine type {engine!r} is not one we play (0 ICE, 1 fusion).")
    armor = b.get("armor", [])
    if len(armor) not in (4, 5):
        raise DesignError(f"{where}: <armor> has {len(armor)} values, not 4 or 5 "
                          "(front, right, left, rear, turret).")  # fmt: skip
    values = []
    for v in armor:
        if not re.fullmatch(r"[0-9]{1,3}", v):
            raise DesignError(f"{where}: <armor> value {v[:20]!r} is not a whole number.")
        values.append(int(v))
    turret = len(values) == 5
    tons = _number(b, "tonnage", where, 200)
    if not tons.is_integer() or tons < 1:
        raise DesignError(f"{where}: <tonnage> {tons:g} is not a whole number of tons.")
    doc: dict[str, Any] = {
        "format": "hexplate-design", "version": 1, "design": _code(name, model),
        "chassis": name.strip(), "kind": kind, "tons": int(tons),
        "engine_type": ENGINES[engine], "walk": _whole(b, "cruiseMP", where, 30), "jump": 0,
        "armor": dict(zip(ARCS, values, strict=False)),
    }  # fmt: skip
    if turret:
        doc["turret"] = True
    weapons, ammo = [], []
    for key, rows in b.items():
        if not key.endswith(" equipment"):
            continue
        place = key[: -len(" equipment")].strip()
        loc = "BD" if place == "body" else LOCATIONS.get(place)
        if loc is None or (loc == "TU" and not turret):
            raise Unread(f"{where}: equipment location '{place}' is not one we play.")
        for raw in rows:
            it = item(raw.split(":")[0] if ":SIZE:" not in raw.upper() else raw)
            if it.kind == "weapon" and loc != "BD" and not it.rear:
                weapons.append({"name": it.name, "location": loc})
            elif it.kind == "ammo" and table[it.name].ammo_per_ton:
                per_ton = table[it.name].ammo_per_ton or 0
                ammo.append({"weapon": it.name, "location": "BD",
                             "shots": per_ton // 2 if it.half else per_ton})  # fmt: skip
            else:
                raise Unread(f"{where}: '{raw}' in {place} is not something we play (Clan "
                             "gear, later-era weapons and equipment without rules here "
                             "are refused).")  # fmt: skip
    return doc | {"weapons": weapons, "ammo": ammo}


def _aero(b: dict[str, list[str]], name: str, model: str, large: bool,
          where: str) -> dict[str, Any]:  # fmt: skip
    tons = _number(b, "tonnage", where)
    doc: dict[str, Any] = {
        "format": "hexplate-design", "version": 1, "design": _code(name, model),
        "chassis": name.strip(), "kind": "aero", "tons": max(1, round(tons)),
        "safe_thrust": _whole(b, "SafeThrust", where, 50),
        "heat_sinks": _whole(b, "heatsinks", where, 999) if b.get("heatsinks") else 0,
    }  # fmt: skip
    if large:
        shape = (b.get("designtype") or ["0"])[0].strip().lower()
        doc |= {"large_craft": True,
                "shape": "spheroid" if shape in ("1", "spheroid") else "aerodyne"}  # fmt: skip
    return doc
