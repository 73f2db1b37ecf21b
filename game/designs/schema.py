"""Reading design and weapons-table files, checked field by field.

Every problem is a :class:`DesignError`: one sentence naming the file and the field
("HBK-4G.json: weapons[2].name 'AC/25' is not in the weapons table"). A design file is
JSON with ``"format": "hexplate-design"``; docs/designs.md describes every key.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.core.errors import UserFacingError
from game.core.jsonshape import AS_JSON, Shape
from game.core.limits import MAX_FILE_BYTES, FileTooLarge, read_capped
from game.units.locations import BIPED_LOCATIONS, HEAD, QUAD_LOCATIONS, VEHICLE_LOCATIONS
from game.units.mech import max_armour
from game.units.platoon import DEFAULT_TROOPERS, MAX_TROOPERS
from game.units.unit import AERO, MECH_KINDS, max_tons
from game.units.unit import ALL_KINDS as KINDS
from game.units.vehicle import BODY

from .model import (
    AMMO_PREFIX,
    HEAT_SINK_SLOT,
    JUMP_JET_SLOT,
    REAR_KEYS,
    REAR_SUFFIX,
    AmmoBin,
    Design,
    Mount,
    Weapon,
)

DESIGN_FORMAT = "hexplate-design"
WEAPONS_FORMAT = "hexplate-weapons"
VERSION = 1
DESIGN_KEYS = ("format", "version", "design", "chassis", "kind", "tons", "walk", "jump",
               "engine", "engine_type", "heat_sinks", "armor", "weapons", "ammo", "slots",
               "turret", "note", "era", "troopers")  # fmt: skip
ENGINE_TYPES = ("fusion", "ice")
WEAPON_TYPES = ("energy", "ballistic", "missile")
# Critical slots that are not weapons or ammunition (our own vocabulary).
COMPONENTS = frozenset(
    {"Engine", "Gyro", "Cockpit", "Life Support", "Sensors", "Shoulder", "Upper Arm"}
    | {"Lower Arm", "Hand", "Hip", "Upper Leg", "Lower Leg", "Foot", HEAT_SINK_SLOT}
    | {JUMP_JET_SLOT}
)
SHORT_LOCATIONS = frozenset({"HD", "LL", "RL", "FLL", "FRL", "RLL", "RRL"})  # 6 slots
AERO_DESIGN_KEYS = ("format", "version", "design", "chassis", "kind", "tons", "safe_thrust",
                    "heat_sinks", "large_craft", "shape", "era")  # fmt: skip
AERO_SHAPES = ("aerodyne", "spheroid")


class DesignError(UserFacingError):
    """A design or weapons file that cannot be used (one sentence naming file and field)."""


class _Check(Shape):
    """Carries the file name so each check can phrase its sentence (game.core.jsonshape,
    values shown as JSON)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, DesignError, AS_JSON)

    def fail(self, msg: str) -> DesignError:
        return DesignError(f"{self.path}: {msg}")

    error = fail

    def num(self, v: Any, where: str, lo: float = 0.0, hi: float = math.inf) -> float:
        """A number >= 0 (a weight, a range in hexes)."""
        if isinstance(v, bool) or not isinstance(v, int | float) or v < 0:
            raise self.fail(f"{where} must be a number >= 0, not {json.dumps(v)}")
        return float(v)


def read_json_file(path: Path) -> Any:
    """The file's JSON, or a DesignError saying why it cannot be had."""
    c = _Check(path)
    try:
        text = read_capped(path).decode("utf-8")
        if not text.strip():  # said as the map and scenario readers say it
            raise c.fail("the file is empty")
        return json.loads(text)
    except FileTooLarge:
        raise c.fail(f"is larger than the limit of {MAX_FILE_BYTES // 2**20} MiB "
                     "(docs/limits.md)") from None  # fmt: skip
    except FileNotFoundError:
        raise c.fail("no such file") from None
    except UnicodeDecodeError:
        raise c.fail("is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise c.fail(f"is not valid JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except (OSError, RecursionError, ValueError) as e:
        raise c.fail(f"cannot be read ({type(e).__name__})") from None


# --- the weapons table ---------------------------------------------------------------------


def parse_weapons(data: Any, path: Path) -> dict[str, Weapon]:
    """The weapons table by name, from ``{"format": "hexplate-weapons", "weapons": [...]}``."""
    c = _Check(path)
    top = c.obj(data, "the weapons table")
    if top.get("format") != WEAPONS_FORMAT or top.get("version") != VERSION:
        raise c.fail(f"is not a weapons table ('format': '{WEAPONS_FORMAT}', version 1)")
    out: dict[str, Weapon] = {}
    for i, row in enumerate(c.list_(top.get("weapons"), "weapons")):
        w = _weapon(c, c.obj(row, f"weapons[{i}]"), f"weapons[{i}]")
        if w.name in out:
            raise c.fail(f"weapons[{i}]: '{w.name}' is listed twice")
        out[w.name] = w
    return out


def _weapon(c: _Check, d: dict[str, Any], where: str) -> Weapon:
    keys = ("name", "type", "heat", "damage", "range", "tons", "slots", "ammo_per_ton")
    c.keys(d, keys + ("missiles", "group"), where)
    for k in keys:
        if k not in d:
            raise c.fail(f"{where} has no '{k}'")
    if d["type"] not in WEAPON_TYPES:
        raise c.fail(f"{where}.type {json.dumps(d['type'])} is not one of {WEAPON_TYPES}")
    r = c.obj(d["range"], f"{where}.range")
    c.keys(r, ("min", "short", "medium", "long"), f"{where}.range")
    ranges = [c.int_(r.get(k), f"{where}.range.{k}", 0, 99) for k in ("min", "short")]
    ranges += [c.int_(r.get(k), f"{where}.range.{k}", 1, 99) for k in ("medium", "long")]
    if not ranges[1] <= ranges[2] <= ranges[3]:
        raise c.fail(f"{where}.range must grow from short to medium to long")
    ammo = d["ammo_per_ton"]
    return Weapon(
        name=c.str_(d["name"], f"{where}.name"),
        type=d["type"],
        heat=c.int_(d["heat"], f"{where}.heat", 0, 99),
        damage=c.int_(d["damage"], f"{where}.damage", 0, 99),
        min_range=ranges[0],
        short=ranges[1],
        medium=ranges[2],
        long=ranges[3],
        tons=c.num(d["tons"], f"{where}.tons"),
        slots=c.int_(d["slots"], f"{where}.slots", 1, 12),
        ammo_per_ton=None if ammo is None else c.int_(ammo, f"{where}.ammo_per_ton", 1, 999),
        missiles=c.int_(d.get("missiles", 0), f"{where}.missiles", 0, 40),
        group=c.int_(d.get("group", 0), f"{where}.group", 0, 40),
    )


# --- designs --------------------------------------------------------------------------------


def parse_design(data: Any, path: Path, weapons: Mapping[str, Weapon]) -> Design:
    """A design from its JSON, checked against the weapons table."""
    c = _Check(path)
    d = c.obj(data, "the design")
    if d.get("kind") == AERO:
        return _aero_design(c, d, path)
    c.keys(d, DESIGN_KEYS, "the design")
    if d.get("format") != DESIGN_FORMAT or d.get("version") != VERSION:
        raise c.fail(f"is not a design file ('format': '{DESIGN_FORMAT}', 'version': 1)")
    for k in ("design", "chassis", "kind", "tons", "walk"):
        if k not in d:
            raise c.fail(f"the design has no '{k}'")
    kind = d["kind"]
    if kind not in KINDS:
        raise c.fail(f"kind {json.dumps(kind)} is not one of {', '.join(KINDS)}")
    tons = c.int_(d["tons"], "tons", 1, max_tons(kind))  # TW: vessels up to 300 t
    mech = kind in MECH_KINDS
    turret = d.get("turret", False)
    if not isinstance(turret, bool):
        raise c.fail("turret must be true or false")
    if turret and (mech or kind == "infantry"):
        raise c.fail(f"turret is for vehicles; {'a Mech' if mech else 'infantry'} has none")
    vlocs = VEHICLE_LOCATIONS if turret else VEHICLE_LOCATIONS[:-1]
    locs = (QUAD_LOCATIONS if kind == "quad" else BIPED_LOCATIONS) if mech else vlocs
    troopers = 0
    if kind == "infantry":
        locs = ()
        for k in ("weapons", "ammo"):
            if d.get(k):
                raise c.fail(f"{k} are not read for infantry (a platoon carries the standard "
                             "rifle, CMB-42)")  # fmt: skip
        troopers = c.int_(d.get("troopers", DEFAULT_TROOPERS), "troopers", 1, MAX_TROOPERS)
    elif "troopers" in d:
        raise c.fail("troopers are for infantry platoons (CMB-41)")
    if not mech and d.get("slots"):
        raise c.fail("slots (critical slots) are for Mechs; a vehicle has none")
    jump = c.int_(d.get("jump", 0), "jump", 0, 30)
    design = Design(
        code=c.str_(d["design"], "design"),
        chassis=c.str_(d["chassis"], "chassis"),
        kind=kind,
        tons=tons,
        walk=c.int_(d["walk"], "walk", 0, 30),
        jump=jump,
        engine=c.int_(d.get("engine", 0), "engine", 0, 500),
        engine_type=_engine_type(c, d.get("engine_type", "fusion")),
        heat_sinks=c.int_(d.get("heat_sinks", 10 if mech else 0), "heat_sinks", 0, 99),
        armor=MappingProxyType(_armor(c, d.get("armor", {}), locs, tons, kind)),
        weapons=tuple(_mounts(c, d.get("weapons", []), locs, weapons)),
        ammo=tuple(_ammo(c, d.get("ammo", []), locs if mech else locs + (BODY,), weapons)),
        turret=turret,
        slots=MappingProxyType(_slots(c, d.get("slots", {}), locs, weapons)),
        source=path.name,
        note=c.str_(d["note"], "note") if "note" in d else "",
        era=c.int_(d.get("era", 0), "era", 0, 9999),
        troopers=troopers,
    )
    if design.slots:
        _check_slots(c, design, weapons)
    return design


def _engine_type(c: _Check, value: Any) -> str:
    if value not in ENGINE_TYPES:
        raise c.fail(f"engine_type {json.dumps(value)} is not one of {', '.join(ENGINE_TYPES)}")
    return str(value)


def _aero_design(c: _Check, d: dict[str, Any], path: Path) -> Design:
    """An aerospace design (kind ``aero``): tonnage, safe thrust, heat sinks, large craft
    and its shape. Armour, weapons and MP are refused by name: aerospace combat and ground
    movement are not in this build (docs/aerospace.md)."""
    for k in d:
        if k not in AERO_DESIGN_KEYS:
            why = (
                "aerospace combat is not in this build"
                if k in ("armor", "weapons", "ammo", "slots", "turret")
                else "an aerospace design gives safe_thrust instead"
            )
            if k not in DESIGN_KEYS:
                why = f"allowed: {', '.join(AERO_DESIGN_KEYS)}"
            raise c.fail(f"key '{k}' is not read for an aerospace design ({why})")
    if d.get("format") != DESIGN_FORMAT or d.get("version") != VERSION:
        raise c.fail(f"is not a design file ('format': '{DESIGN_FORMAT}', 'version': 1)")
    for k in ("design", "chassis", "tons", "safe_thrust"):
        if k not in d:
            raise c.fail(f"the aerospace design has no '{k}'")
    large = d.get("large_craft", False)
    if not isinstance(large, bool):
        raise c.fail("large_craft must be true or false")
    shape = d.get("shape", "aerodyne")
    if shape not in AERO_SHAPES:
        raise c.fail(f"shape {json.dumps(shape)} is not one of {', '.join(AERO_SHAPES)}")
    if shape == "spheroid" and not large:
        raise c.fail("shape spheroid is for large craft (large_craft true); fighters are aerodyne")
    return Design(
        code=c.str_(d["design"], "design"),
        chassis=c.str_(d["chassis"], "chassis"),
        kind=AERO,
        tons=c.int_(d["tons"], "tons", 1, 100_000),
        walk=0,
        heat_sinks=c.int_(d.get("heat_sinks", 0), "heat_sinks", 0, 999),
        source=path.name,
        safe_thrust=c.int_(d["safe_thrust"], "safe_thrust", 1, 50),
        large_craft=large,
        shape=shape,
        era=c.int_(d.get("era", 0), "era", 0, 9999),
    )


def _armor(c: _Check, value: Any, locs: tuple[str, ...], tons: int, kind: str) -> dict[str, int]:
    d = c.obj(value, "armor")
    if d and not locs:
        raise c.fail(f"armor per location is not read for {kind} units")
    mech = kind in MECH_KINDS
    allowed = locs + (REAR_KEYS if mech else ())
    c.keys(d, allowed, "armor")
    out = {k: c.int_(v, f"armor.{k}", 0, 200) for k, v in d.items()}
    if out:
        missing = [k for k in allowed if k not in out]
        if missing:
            raise c.fail(f"armor has no '{missing[0]}' (give every location, rear torsos too)")
        top = max_armour(tons, kind == "quad") if mech else {}
        for loc in locs if mech else ():
            total = out[loc] + out.get(loc + "R", 0)
            if total > top[loc]:
                limit = "9 on the head" if loc == HEAD else f"{top[loc]} (twice its structure)"
                raise c.fail(f"armor.{loc} is {total}, more than the maximum {limit}")
    return out


def _mounts(
    c: _Check, value: Any, locs: tuple[str, ...], weapons: Mapping[str, Weapon]
) -> list[Mount]:
    out = []
    for i, item in enumerate(c.list_(value, "weapons")):
        where = f"weapons[{i}]"
        w = c.obj(item, where)
        c.keys(w, ("name", "location", "rear"), where)
        name = c.str_(w.get("name"), f"{where}.name")
        if name not in weapons:
            raise c.fail(f"{where}.name '{name}' is not in the weapons table")
        loc = _location(c, w.get("location"), f"{where}.location", locs)
        rear = w.get("rear", False)
        if not isinstance(rear, bool):
            raise c.fail(f"{where}.rear must be true or false")
        out.append(Mount(name, loc, rear))
    return out


def _ammo(
    c: _Check, value: Any, locs: tuple[str, ...], weapons: Mapping[str, Weapon]
) -> list[AmmoBin]:
    out = []
    for i, item in enumerate(c.list_(value, "ammo")):
        where = f"ammo[{i}]"
        a = c.obj(item, where)
        c.keys(a, ("weapon", "location", "shots"), where)
        name = c.str_(a.get("weapon"), f"{where}.weapon")
        w = weapons.get(name)
        if w is None or w.ammo_per_ton is None:
            raise c.fail(f"{where}.weapon '{name}' is not a weapon that uses ammunition")
        loc = _location(c, a.get("location"), f"{where}.location", locs)
        shots = c.int_(a.get("shots"), f"{where}.shots", 1, w.ammo_per_ton)
        out.append(AmmoBin(name, loc, shots))
    return out


def _location(c: _Check, value: Any, where: str, locs: tuple[str, ...]) -> str:
    if value not in locs:
        raise c.fail(f"{where} {json.dumps(value)} is not one of {', '.join(locs)}")
    return str(value)


def _slots(
    c: _Check, value: Any, locs: tuple[str, ...], weapons: Mapping[str, Weapon]
) -> dict[str, tuple[str | None, ...]]:
    d = c.obj(value, "slots")
    if not d:
        return {}
    c.keys(d, locs, "slots")
    out: dict[str, tuple[str | None, ...]] = {}
    for loc in locs:
        if loc not in d:
            raise c.fail(f"slots has no '{loc}' (give every location)")
        size = 6 if loc in SHORT_LOCATIONS else 12
        row = c.list_(d[loc], f"slots.{loc}")
        if len(row) != size:
            raise c.fail(f"slots.{loc} has {len(row)} slots, not {size}")
        for i, s in enumerate(row):
            if s is not None and not _known_slot(s, weapons):
                raise c.fail(f"slots.{loc}[{i}] {json.dumps(s)} is not a component or weapon")
        out[loc] = tuple(row)
    return out


def _known_slot(s: Any, weapons: Mapping[str, Weapon]) -> bool:
    if not isinstance(s, str):
        return False
    if s.startswith(AMMO_PREFIX):
        return s[len(AMMO_PREFIX) :] in weapons
    return s in COMPONENTS or s.removesuffix(REAR_SUFFIX) in weapons


def _check_slots(c: _Check, d: Design, weapons: Mapping[str, Weapon]) -> None:
    """Weapons, ammunition, jump jets and heat sinks agree with the critical slots."""
    for loc, row in d.slots.items():
        counts = Counter(s for s in row if s is not None)
        want: Counter[str] = Counter()
        for m in d.weapons:
            if m.location == loc:
                want[m.weapon + (REAR_SUFFIX if m.rear else "")] += weapons[m.weapon].slots
        for b in d.ammo:
            if b.location == loc:
                want[AMMO_PREFIX + b.weapon] += 1
        for name in set(want) | {k for k in counts if k not in COMPONENTS}:
            if counts[name] != want[name]:
                raise c.fail(
                    f"slots.{loc} holds {counts[name]} '{name}' slots, but the weapons and "
                    f"ammo lists need {want[name]}"
                )
    jets = sum(row.count(JUMP_JET_SLOT) for row in d.slots.values())
    if jets != d.jump:
        raise c.fail(f"slots hold {jets} jump jets, but jump is {d.jump}")
    sinks = d.heat_sinks_in(tuple(d.slots))
    if sinks > d.heat_sinks:
        raise c.fail(f"slots hold {sinks} heat sinks, more than heat_sinks {d.heat_sinks}")
