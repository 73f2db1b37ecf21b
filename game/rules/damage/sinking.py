"""A hovercraft immobilised over water sinks (CMB-48a item 5; standard TW value, not in
seeds), checked at the end of every phase (CMB-48a item 4: motive damage takes effect at
the end of the phase).

A hover vehicle that is immobile (PSR-27 12+, "major" motive damage; or an engine hit,
CMB-48: immobile, the same state the to-hit -4 reads, game.units.vehicle.Hull.immobile)
and stands in a hex of depth 1+ water sinks and is destroyed. A cruise MP cut to 0 is not
immobile (CMB-48a item 3) and does not sink. Bridge decks are not told apart from the
water under them (as for the heat of standing in water). A hovercraft skidding into water
keeps sliding (PSR-38, game.rules.piloting.skid); if it ends the phase there immobile, it
sinks here.
"""

from __future__ import annotations

from dataclasses import replace

from game.board import Board
from game.rules.piloting.falls import UnitOutcome, event
from game.units.unit import Unit


def sinks(u: Unit, board: Board) -> str | None:
    """Why the hovercraft ``u`` sinks where it is (CMB-48a item 5), or None."""
    hull = u.hull
    if u.kind != "hover" or hull is None or u.destroyed or not board.contains(u.at):
        return None
    if not hull.immobile:
        return None
    depth = int(board.water[u.at.row, u.at.col])
    if depth < 1:
        return None
    what = "motive system destroyed" if "major" in hull.motive else "engine hit"
    return f"the hovercraft sinks, immobilised ({what}) over depth {depth} water (CMB-48a)"


def sink(u: Unit, why: str, step: int | None = None) -> UnitOutcome:
    """The hovercraft destroyed: its hull marked, one ``unit_destroyed`` event."""
    assert u.hull is not None
    gone = replace(u, hull=replace(u.hull, destroyed=True))
    return UnitOutcome(gone, (event("unit_destroyed", step, unit=u.id, cause=why),), True)
