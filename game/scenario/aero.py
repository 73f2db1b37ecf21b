"""Reading and writing the aerospace keys of a scenario unit (Extension 2, Aerospace).

Unit kind ``aero``: ``velocity``, ``thrust`` (thrust points available this turn) and
``safe_thrust`` (a ``model`` gives safe thrust, and its maximum thrust as the thrust
available); optional ``out_of_control``, ``avionics`` (hits), ``large_craft`` and
``atmosphere`` (default true: the ground map is in atmosphere). Every problem is one
sentence naming the unit and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.designs import Design
from game.scenario.checks import Reader
from game.units.craft import Craft, max_thrust
from game.units.unit import AERO, Unit

AERO_KEYS = ("velocity", "thrust", "safe_thrust", "out_of_control", "avionics", "large_craft",
             "atmosphere")  # fmt: skip
AERO_REQUIRED = ("velocity", "thrust", "safe_thrust")
AERO_INTS = {"velocity": (0, 99), "thrust": (0, 99), "safe_thrust": (0, 50), "avionics": (0, 3)}
AERO_BOOLS = ("out_of_control", "large_craft", "atmosphere")
AERO_TONS = (1, 100_000)  # a DropShip weighs thousands of tons
NOT_FOR_AERO = ("prone", "heat", "club", "weapons", "ammo", "heat_sinks", "heat_sinks_in_legs",
                "armor", "structure", "movement", "torso_twist", "offroad")  # fmt: skip
MODEL_GIVES = ("tons", "walk", "thrust", "safe_thrust")


def check_aero_keys(r: Reader, d: Mapping[str, Any], where: str, kind: str) -> None:
    """Aerospace keys only on aerospace units; the ground and combat keys not on them."""
    if kind != AERO:
        given = [k for k in AERO_KEYS if k in d]
        if given:
            raise r.error(f"{where}: {given[0]} applies to aerospace units (kind aero), "
                          f"not a {kind} unit")  # fmt: skip
        return
    given = [k for k in NOT_FOR_AERO if k in d]
    if given:
        raise r.error(f"{where}: {given[0]} does not apply to an aerospace unit (aerospace "
                      "combat, heat and ground movement are not part of this build)")  # fmt: skip


def read_craft(r: Reader, d: Mapping[str, Any], where: str, design: Design | None) -> Craft:
    """The unit's flight record from its keys (a model's values where keys are left out)."""
    for k in AERO_REQUIRED:
        if k not in d and not (design is not None and k in MODEL_GIVES):
            raise r.error(f"{where} has no '{k}' (an aerospace unit needs velocity, thrust "
                          "and safe_thrust)")  # fmt: skip
    ints = {k: r.int_(d[k], f"{where}: {k}", lo, hi) for k, (lo, hi) in AERO_INTS.items()
            if k in d}  # fmt: skip
    flags = {k: r.bool_(d[k], f"{where}: {k}") for k in AERO_BOOLS if k in d}
    safe = ints.get("safe_thrust", design.safe_thrust if design is not None else 0)
    top = max_thrust(design.safe_thrust) if design is not None else max_thrust(safe)
    large = flags.get("large_craft", design.large_craft if design is not None else False)
    spheroid = design is not None and design.shape == "spheroid" and large
    return Craft(
        safe_thrust=safe,
        max_thrust=max(top, ints.get("thrust", 0)),  # a scenario may give more this turn
        velocity=ints["velocity"],
        thrust=ints.get("thrust", top),
        large=large,
        spheroid=spheroid,
        atmosphere=flags.get("atmosphere", True),
        out_of_control=flags.get("out_of_control", False),
        avionics=ints.get("avionics", 0),
    )


def aero_keys(u: Unit) -> dict[str, Any]:
    """The keys written back for an aerospace unit (the inverse of :func:`read_craft`)."""
    c = u.craft
    if c is None:
        return {}
    out: dict[str, Any] = {"velocity": c.velocity, "thrust": c.thrust,
                           "safe_thrust": c.safe_thrust}  # fmt: skip
    if c.out_of_control:
        out["out_of_control"] = True
    if c.avionics:
        out["avionics"] = c.avionics
    if c.large:
        out["large_craft"] = True
    if not c.atmosphere:
        out["atmosphere"] = False
    return out
