"""Why a prone Mech shows no reach (issue 25, finding 16): with fewer than the 2 MP a
stand-up costs (a destroyed leg leaves a biped 1 MP, CMB-38; heat or damage), the only
move it has is one attempt to stand by minimum movement (MOV-20, MOV-23: all its MP, a
roll, +5 with a leg lost); it cannot enter another hex while prone (MOV-20; crawling is
the TacOps option's, ADV-03). The screen says so instead of shading nothing."""

from __future__ import annotations

from game.rules.move.tacops import crawl_error
from game.state import GameState
from game.units.unit import Unit

STAND_MP = 2  # MOV-23


def stuck_reason(state: GameState, unit: Unit, mode: str) -> str | None:
    """The sentence for a prone Mech that can only try to stand, or None."""
    if not (unit.is_mech and unit.prone) or mode == "crawl":
        return None
    mp = unit.run_mp() if mode == "run" else unit.walk_mp()
    if mp >= STAND_MP or mp <= 0:
        return None
    legs = unit.legs_destroyed
    why = f"a leg destroyed, {mp} MP" if legs else f"{mp} MP"
    roll = "a piloting roll at +5 for the lost leg" if legs else "a piloting roll"
    crawl = " or crawl (K)" if state.rules.tacops and crawl_error(unit) is None else ""
    return (f"{unit.id} is prone with {why}: it may only try to stand (U: all its MP, {roll}; "
            f"MOV-20, MOV-23){crawl}, not move to another hex this turn")  # fmt: skip
