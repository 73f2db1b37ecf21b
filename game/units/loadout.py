"""What a unit carries as built: weapon mounts and ammunition bins.

A leaf module shared by the design records (game.designs) and the body records
(game.units.mech, game.units.vehicle), so the body can name its weapons without importing the
designs package.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Mount:
    """A weapon as built into a unit: which weapon, where, facing backwards or not."""

    weapon: str  # a weapons-table name ("Medium Laser", "AC/20")
    location: str  # location code (HD, CT, ... RL; quads FLL ... RRL; vehicles FR ... TU)
    rear: bool = False


@dataclass(frozen=True, slots=True)
class AmmoBin:
    """One ton (one critical slot) of ammunition for a weapon type, with its full shots."""

    weapon: str
    location: str
    shots: int
