"""A player's MegaMek unit file (.mtf, .blk) -> one of our designs, checked.

:func:`read_unit_file` reads the file (game.designs.mtf / game.designs.blk), checks the
design against our design schema (game.designs.schema) and adds it up by the
construction rules (game.designs.mass): a file that does not add up is refused with
the difference named. :func:`design_json` is the design in our data file format (what
``designs import`` writes) and :func:`show_json` the answer of ``designs show --json``
(docs/scenario-format.md, Extension 4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.limits import FileTooLarge, read_capped

from ..units.locations import BIPED_LOCATIONS, QUAD_LOCATIONS, VEHICLE_LOCATIONS
from ..units.mech import max_structure
from ..units.unit import AERO, GROUND_VEHICLE_KINDS, MECH_KINDS
from ..units.vehicle import vehicle_structure
from .blk import read_blk
from .mass import mass_problem, mech_rating, vehicle_rating
from .model import REAR_KEYS, Design, Weapon
from .mtf import Unread, read_mtf
from .schema import DesignError, parse_design

UNIT_SUFFIXES = (".mtf", ".blk")
MAX_BYTES = 1024 * 1024
__all__ = ["UNIT_SUFFIXES", "Imported", "Unread", "read_unit_file", "show_json"]


@dataclass(frozen=True, slots=True)
class Imported:
    """A unit file read: the design, its model name, and what of it is not played."""

    design: Design
    model: str
    tech: str = ""
    note: str = ""  # e.g. a fighter's weapons and armour, read but not played


def read_unit_file(path: Path, table: Mapping[str, Weapon]) -> Imported:
    """The design of a .mtf or .blk file, or a DesignError (one sentence naming the file)."""
    where = str(path)
    suffix = path.suffix.lower()
    if suffix not in UNIT_SUFFIXES:
        raise DesignError(f"{where}: not a unit file (.mtf or .blk).")
    try:
        data = read_capped(path, MAX_BYTES)  # never more (a device such as /dev/zero)
    except FileTooLarge:
        raise DesignError(f"{where}: the unit file is more than {MAX_BYTES} bytes, more than "
                          "any unit needs.") from None  # fmt: skip
    except FileNotFoundError:
        raise DesignError(f"{where}: the unit file does not exist.") from None
    except IsADirectoryError:
        raise DesignError(f"{where}: this is a folder, not a unit file.") from None
    except OSError as e:
        raise DesignError(f"{where}: the unit file cannot be read ({e.strerror}).") from None
    if len(data) > MAX_BYTES:
        raise DesignError(f"{where}: the unit file is {len(data)} bytes, more than any unit needs.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise DesignError(f"{where}: the unit file is not UTF-8 text (byte 0x{data[e.start]:02x} "
                          f"at offset {e.start}).") from None  # fmt: skip
    doc = read_mtf(text, where, table) if suffix == ".mtf" else read_blk(text, where, table)
    extra = doc.pop("_extra")
    if extra.get("era"):
        doc["era"] = extra["era"]
    design = parse_design(doc, path, table)
    problem = mass_problem(design, table)
    if problem:
        raise DesignError(f"{where}: {problem}.")
    note = ""
    if design.kind == AERO:
        note = "its weapons and armour are read but not played (no aerospace combat yet)"
    return Imported(design, str(extra.get("model", "")), str(extra.get("tech", "")), note)


def design_json(d: Design) -> dict[str, Any]:
    """The design in our data file format (docs/designs.md), as ``designs import`` writes it."""
    out: dict[str, Any] = {"format": "hexplate-design", "version": 1, "design": d.code,
                           "chassis": d.chassis, "kind": d.kind, "tons": d.tons}  # fmt: skip
    if d.kind == AERO:
        out |= {"safe_thrust": d.safe_thrust, "heat_sinks": d.heat_sinks}
        if d.large_craft:
            out |= {"large_craft": True, "shape": d.shape}
    else:
        out |= {"walk": d.walk, "jump": d.jump}
        if d.engine:
            out["engine"] = d.engine
        if d.engine_type != "fusion":
            out["engine_type"] = d.engine_type
        if d.kind in MECH_KINDS:
            out["heat_sinks"] = d.heat_sinks
        if d.turret:
            out["turret"] = True
        out["armor"] = _armor(d)
        out["weapons"] = [{"name": m.weapon, "location": m.location} | ({"rear": True} if m.rear
                          else {}) for m in d.weapons]  # fmt: skip
        out["ammo"] = [{"weapon": b.weapon, "location": b.location, "shots": b.shots}
                       for b in d.ammo]  # fmt: skip
        if d.slots:
            out["slots"] = {k: list(v) for k, v in d.slots.items()}
    if d.era:
        out["era"] = d.era
    return out


def show_json(d: Design, model: str = "") -> dict[str, Any]:
    """``designs show --json``: the design in the spec's schema (Extension 4)."""
    mech = d.kind in MECH_KINDS
    return {
        "chassis": d.chassis,
        "model": model or ("" if d.code == d.chassis else d.code),
        "kind": d.kind,
        "tons": d.tons,
        "walk": d.walk,
        "run": d.run,
        "jump": d.jump,
        "engine": {"rating": _rating(d), "type": d.engine_type},
        "heat_sinks": {"count": d.heat_sinks, "type": "single"},
        "armor": _armor(d),
        "structure": _structure(d),
        "weapons": [
            {"name": m.weapon, "location": m.location, "rear": m.rear} for m in d.weapons
        ],  # fmt: skip
        "ammo": [{"weapon": b.weapon, "location": b.location, "shots": b.shots} for b in d.ammo],
        "slots": {k: list(v) for k, v in d.slots.items()} if mech else {},
    }


def _rating(d: Design) -> int:
    if d.kind in MECH_KINDS:
        return mech_rating(d)
    if d.kind in GROUND_VEHICLE_KINDS:
        return vehicle_rating(d)
    return d.engine


def _codes(d: Design) -> tuple[str, ...]:
    if d.kind in MECH_KINDS:
        return QUAD_LOCATIONS if d.kind == "quad" else BIPED_LOCATIONS
    return VEHICLE_LOCATIONS


def _armor(d: Design) -> dict[str, int]:
    """Front armour in location order, then rear torso armour as CTR/LTR/RTR (Mechs)."""
    return {k: d.armor[k] for k in (*_codes(d), *REAR_KEYS) if k in d.armor}


def _structure(d: Design) -> dict[str, int]:
    if d.kind in MECH_KINDS:
        quad = d.kind == "quad"
        table = max_structure(d.tons, quad)
        codes = QUAD_LOCATIONS if quad else BIPED_LOCATIONS
        return {k: int(table[k]) for k in codes}
    if d.kind == AERO:
        return {}
    return {k: vehicle_structure(d.tons) for k in _armor(d) or VEHICLE_LOCATIONS[:-1]}


def is_unit_file(path: Path) -> bool:
    return path.suffix.lower() in UNIT_SUFFIXES
