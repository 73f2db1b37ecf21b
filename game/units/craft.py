"""An aerospace unit's flight record: velocity, thrust, control (the AERO rules' state).

The counterpart of game.units.vehicle.VehicleBody for aerospace units (unit kind ``aero``):
what the aerospace movement phase (AERO-01) and the control rolls (AERO-03..10) read and
change. A unit of kind ``aero`` carries one (:attr:`game.units.unit.Unit.craft`); frozen like
every record, replaced to change it. Only what seed 000 uses is kept: the full thrust,
fuel and altitude system is not in the seeds (docs/aerospace.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

THRUST_ABOVE_SAFE = "thrust above safe thrust"  # AERO-04: a situation that needs a roll


def max_thrust(safe_thrust: int) -> int:
    """Maximum thrust: 1.5 x safe thrust, rounded up (standard TW value, not in seeds; the
    same rounding as run MP, MOV-04)."""
    return math.ceil(1.5 * safe_thrust)


@dataclass(frozen=True, slots=True)
class Craft:
    """The flight state of one aerospace unit.

    ``velocity`` is hexes per turn at the start of its next move; ``thrust`` the thrust
    points it may still spend this turn (``max_thrust`` each new turn), ``thrust_used``
    what it spent this turn. ``large`` marks a large craft (a DropShip: AERO-06/07),
    ``spheroid`` its hull form (AERO-04), ``atmosphere`` a ground map in atmosphere
    (AERO-04). ``out_of_control`` with ``lost_turn``, the turn control was lost in
    (AERO-05, AERO-10); ``due`` the situations whose control rolls wait for the end phase
    (AERO-03); ``avionics`` the avionics hits (AERO-04); ``landed`` a unit on the ground,
    which moves as a ground unit (AERO-02).
    """

    safe_thrust: int = 0
    max_thrust: int = 0
    velocity: int = 0
    thrust: int = 0
    thrust_used: int = 0
    large: bool = False
    spheroid: bool = False
    atmosphere: bool = True
    out_of_control: bool = False
    lost_turn: int = 0
    avionics: int = 0
    landed: bool = False
    due: tuple[str, ...] = ()

    @classmethod
    def built(
        cls, safe_thrust: int, *, velocity: int = 0, large: bool = False, spheroid: bool = False
    ) -> Craft:
        """A fresh craft: full thrust for the turn, in control, in atmosphere."""
        top = max_thrust(safe_thrust)
        return cls(safe_thrust, top, velocity, top, large=large, spheroid=spheroid)

    @property
    def kind_label(self) -> str:
        """ "fighter", "aerodyne DropShip" or "spheroid DropShip" (AERO-04's rows)."""
        if not self.large:
            return "fighter"
        return "spheroid DropShip" if self.spheroid else "aerodyne DropShip"

    def flown(self, velocity: int, thrust_spent: int) -> Craft:
        """After a move that spent ``thrust_spent`` and ends at ``velocity``; a spend above
        safe thrust makes a control roll due in the end phase (AERO-03/04)."""
        used = self.thrust_used + thrust_spent
        due = self.due
        if used > self.safe_thrust and THRUST_ABOVE_SAFE not in due:
            due = due + (THRUST_ABOVE_SAFE,)
        return replace(self, velocity=velocity, thrust=max(self.thrust - thrust_spent, 0),
                       thrust_used=used, due=due)  # fmt: skip

    def needs_roll(self, reason: str) -> Craft:
        """A situation of the control roll table happened: its roll waits for the end
        phase (AERO-03); the damage rules would call this for a threshold hit."""
        return self if reason in self.due else replace(self, due=self.due + (reason,))

    def new_turn(self) -> Craft:
        """The end phase is over: rolls made, thrust back to full for the next turn."""
        return replace(self, thrust=self.max_thrust, thrust_used=0, due=())
