"""A VTOL that loses its lift comes down (ADV-26/27; standard TW values, not in seeds).

ADV-26: an airborne VTOL crashes when its rotor is destroyed. This build's vehicle hit
location table (CMB-45) is the ground vehicles' and has no rotor location, so the motive
system stands in for the rotor (a reading, confidence low: docs/advanced-movement.md): an airborne
VTOL whose motive damage stops it (PSR-27 12+, "major"), whose cruise MP the motive damage
cut to 0, or whose engine is hit (CMB-48: immobile) has no lift left and crashes at the end
of the phase the damage came in (CMB-48 timing), falling its altitude (ADV-27: it comes
down on the roof, the deck or the ground below it, which its altitude is counted from).
A landed VTOL does not crash; nor does a destroyed one (its wreck stays where it is).
"""

from __future__ import annotations

from game.board import Board
from game.core.dice import Dice
from game.rules.damage.crashes import crash
from game.rules.piloting.falls import UnitOutcome
from game.units.unit import Unit


def lift_lost(u: Unit) -> str | None:
    """Why an airborne VTOL can no longer stay up, or None (ADV-26 as read above)."""
    if u.kind != "vtol" or u.flying_height == 0 or u.destroyed or u.hull is None:
        return None
    if u.hull.crits.engine:
        return "engine hit: no lift (ADV-26)"
    if "major" in u.hull.motive:
        return "motive system destroyed: no lift (ADV-26)"
    if u.hull.cruise(u.walk) <= 0:
        return "cruise MP 0: no lift (ADV-26)"
    return None


def bring_down(u: Unit, board: Board, dice: Dice) -> UnitOutcome | None:
    """The crash of a VTOL that lost its lift (ADV-27: a fall of its altitude), or None."""
    why = lift_lost(u)
    if why is None:
        return None
    return crash(u, board, u.flying_height, dice, None, why)
