"""The built-in roster: canonical designs with their published tonnage and MP.

Each side picks its force from this list in the setup screen; :func:`make_unit` turns an
entry into a :class:`~game.units.Unit` with the player's pilot skills. The figures are
the published record-sheet values (tonnage, walk/cruise MP, jump MP); run/flank MP is
never stored, it is derived as ``ceil(1.5 x walk)`` (MOV-04) like everywhere else.

Armour: only entries whose published per-location armour is given here carry it
(``armour`` front values and ``rear`` torso rear values, keyed by the location codes of
:mod:`game.mech`). The others leave ``armour`` as ``None`` and
:func:`game.mech.standard_body`'s default allocation applies (see :func:`body_for`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from .hexgrid import Hex
from .units import KINDS, MECH_KINDS, Unit

if TYPE_CHECKING:
    from .mech import MechBody


class RosterError(ValueError):
    """An unknown roster key or bad pilot skills (the message says which)."""


@dataclass(frozen=True, slots=True)
class RosterEntry:
    """One design: chassis + model, motive kind, tonnage and printed MP."""

    key: str  # the designation, e.g. "HBK-4G": the id used in saves and actions
    chassis: str
    kind: str
    tons: int
    walk: int  # walk MP (vehicles: cruise MP)
    jump: int = 0
    armour: Mapping[str, int] | None = field(default=None, compare=False)
    rear: Mapping[str, int] | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        """The label the UI shows, e.g. "Hunchback HBK-4G"."""
        return f"{self.chassis} {self.key}"

    @property
    def run(self) -> int:
        """Printed run (vehicles: flank) MP: ceil(1.5 x walk), MOV-04."""
        return math.ceil(1.5 * self.walk)

    @property
    def is_mech(self) -> bool:
        return self.kind in MECH_KINDS

    @property
    def armour_total(self) -> int | None:
        if self.armour is None:
            return None
        return sum(self.armour.values()) + sum((self.rear or {}).values())


def _armour(
    head: int,
    ct: int,
    ct_rear: int,
    side_torso: int,
    side_rear: int,
    arm: int,
    leg: int,
) -> dict[str, Mapping[str, int]]:
    """Symmetric biped armour as RosterEntry keyword arguments (front and rear)."""
    front = {"HD": head, "CT": ct, "LT": side_torso, "RT": side_torso}
    front |= {"LA": arm, "RA": arm, "LL": leg, "RL": leg}
    rear = {"CT": ct_rear, "LT": side_rear, "RT": side_rear}
    return {"armour": MappingProxyType(front), "rear": MappingProxyType(rear)}


# Published values (tonnage, walk, jump). Run is derived. Armour only where listed.
_ENTRIES: tuple[RosterEntry, ...] = (
    RosterEntry("LCT-1V", "Locust", "biped", 20, 8, 0, **_armour(8, 10, 2, 8, 2, 4, 8)),
    RosterEntry("COM-2D", "Commando", "biped", 25, 6, 0),
    RosterEntry("JR7-D", "Jenner", "biped", 35, 7, 5),
    RosterEntry("PNT-9R", "Panther", "biped", 35, 4, 4),
    RosterEntry("HBK-4G", "Hunchback", "biped", 50, 4, 0, **_armour(9, 26, 5, 20, 4, 16, 20)),
    RosterEntry("GRF-1N", "Griffin", "biped", 55, 5, 5),
    RosterEntry("WVR-6R", "Wolverine", "biped", 55, 5, 5),
    RosterEntry("SHD-2H", "Shadow Hawk", "biped", 55, 5, 3),
    RosterEntry("CPLT-C1", "Catapult", "biped", 65, 4, 4),
    RosterEntry("TDR-5S", "Thunderbolt", "biped", 65, 4, 0),
    RosterEntry("WHM-6R", "Warhammer", "biped", 70, 4, 0),
    RosterEntry("MAD-3R", "Marauder", "biped", 75, 4, 0),
    RosterEntry("AWS-8Q", "Awesome", "biped", 80, 3, 0),
    RosterEntry("AS7-D", "Atlas", "biped", 100, 3, 0, **_armour(9, 47, 14, 32, 10, 34, 41)),
    # Quad: the Goliath's 320 engine gives 4/6 (not 3/5) at 80 tons.
    RosterEntry("GOL-1H", "Goliath", "quad", 80, 4, 0),
    # Vehicles: walk is cruise MP.
    RosterEntry("Scorpion", "Light Tank", "tracked", 25, 4, 0),
    RosterEntry("GAL-100", "Galleon", "tracked", 30, 6, 0),
    RosterEntry("Savannah", "Master Hovercraft", "hover", 5, 10, 0),
)

ROSTER: Mapping[str, RosterEntry] = MappingProxyType({e.key: e for e in _ENTRIES})
assert all(e.kind in KINDS for e in _ENTRIES)


def entry(key: str) -> RosterEntry:
    """The roster entry for a designation; an unknown key is a RosterError naming it."""
    try:
        return ROSTER[key]
    except KeyError:
        known = ", ".join(ROSTER)
        raise RosterError(f"unknown design {key!r} (known: {known})") from None


def entries(kind: str | None = None) -> tuple[RosterEntry, ...]:
    """Every entry in roster order (lightest Mechs first), optionally of one kind."""
    return tuple(e for e in _ENTRIES if kind is None or e.kind == kind)


def check_skill(name: str, value: int) -> int:
    """Pilot skills run 0 (best) .. 8 (worst); anything else is a RosterError."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 8:
        raise RosterError(f"{name} skill must be a whole number 0..8, not {value!r}")
    return value


# Units not yet on the map stand here; deployment (game.deploy) gives them a real hex.
OFF_BOARD = Hex(-1, -1)


def make_unit(
    key: str,
    unit_id: str,
    side: str,
    piloting: int = 5,
    gunnery: int = 4,
    at: Hex = OFF_BOARD,
    facing: int = 0,
) -> Unit:
    """A fresh, undamaged unit of a roster design with the given pilot skills."""
    e = entry(key)
    return Unit(
        id=unit_id,
        side=side,
        kind=e.kind,
        tons=e.tons,
        walk=e.walk,
        at=at,
        facing=facing,
        jump=e.jump,
        piloting=check_skill("piloting", piloting),
        gunnery=check_skill("gunnery", gunnery),
        name=e.name,
    )


def body_for(key: str) -> MechBody:
    """The Mech body of a design: its published armour if listed, else the default.

    game.mech is imported here, not at the top, so the setup screen can list the roster
    without loading the damage code."""
    from .mech import body_from_record, standard_body

    e = entry(key)
    if not e.is_mech:
        raise RosterError(f"{e.name} is a vehicle and has no Mech body")
    if e.armour is None:
        return standard_body(e.tons, quad=e.kind == "quad")
    return body_from_record(e.tons, e.kind == "quad", dict(e.armour), dict(e.rear or {}))
