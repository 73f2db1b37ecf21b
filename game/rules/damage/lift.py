"""A VTOL or WiGE that loses its lift comes down (ADV-26/27/29; standard TW values, not in
seeds), checked at the end of every phase (the CMB-48 timing of motive damage).

- **Crash** (ADV-26): an airborne VTOL whose rotor is destroyed. This build's vehicle hit
  location table (CMB-45) is the ground vehicles' and has no rotor location, so an engine
  hit (CMB-48: no power) stands in for the rotor (a reading, confidence low:
  docs/advanced-movement.md). It falls its altitude (ADV-27: onto the roof, the deck or the
  ground below it, which its altitude is counted from).
- **Forced landing** (ADV-29): an airborne VTOL or WiGE that motive damage reduced to 0 MP
  (PSR-27 12+, "major": immobile; or its cruise MP cut to 0) must land in its hex: a driving
  skill roll, VTOL +4, WiGE +0; a failure, or a hex it cannot land in, is a crash. ADV-29
  leaves its triggers untraced (confidence low); this is the usual TW cause the digest
  names ("VTOL reduced to 0 MP"). A WiGE below its 5-hex minimum just lands (ADV-17,
  game.rules.move.flight), with no roll.
A landed VTOL or WiGE does not come down again; nor does a destroyed one (its wreck stays
where it is). A ground unit in the hex it crashes into takes an accidental fall from above
(PHY-17, game.rules.piloting.aftercrash).
"""

from __future__ import annotations

from game.board import Board
from game.core.dice import Dice
from game.rules.damage.crashes import crash, forced_landing
from game.rules.piloting.falls import UnitOutcome
from game.units.unit import Unit


def _airborne(u: Unit) -> bool:
    return u.kind in ("vtol", "wige") and u.flying_height > 0 and not u.destroyed


def lift_lost(u: Unit) -> str | None:
    """Why an airborne VTOL crashes outright (ADV-26 as read above), or None."""
    if u.kind != "vtol" or not _airborne(u) or u.hull is None:
        return None
    if u.hull.crits.engine:
        return "engine hit: no lift, ADV-26"  # told inside brackets: no brackets of its own
    return None


def must_land(u: Unit) -> str | None:
    """Why an airborne VTOL or WiGE must make a forced landing (ADV-29 as read), or None."""
    if not _airborne(u) or u.hull is None:
        return None
    if "major" in u.hull.motive:
        return "motive system destroyed: 0 MP"
    if u.kind == "wige" and u.hull.crits.engine:  # CMB-48: immobile
        return "engine hit: 0 MP"
    if u.hull.cruise(u.walk) <= 0:
        return "cruise MP 0"
    return None


def bring_down(u: Unit, board: Board, dice: Dice) -> UnitOutcome | None:
    """The crash (ADV-27: a fall of its altitude) or forced landing (ADV-29) of a VTOL or
    WiGE that lost its lift, or None."""
    why = lift_lost(u)
    if why is not None:
        return crash(u, board, u.flying_height, dice, None, why)
    why = must_land(u)
    if why is not None:
        return forced_landing(u, board, u.flying_height, dice, None, why)
    return None
