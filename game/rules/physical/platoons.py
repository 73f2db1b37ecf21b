"""Physical attacks against a conventional infantry platoon (CMB-44; standard TW values,
not in the seeds).

Only kicks: at a platoon in one of the three forward hexes, or in the attacker's own hex
(a stomp: no arc check, +3). A kick's damage becomes max(1, floor(kick / 10)), doubled if
the platoon is in the open (CMB-40); the platoon makes no PSR. Punches cannot be made;
clubs are treated as punches, and charges and deaths from above against infantry are
not built (CMB-44 gives them low confidence): each is refused with its reason.
"""

from __future__ import annotations

from game.board import Board
from game.hexgrid import distance
from game.rules.damage.infantry import in_open, kick_converted
from game.rules.modifier import Modifier
from game.rules.physical.records import KICK, NAMES
from game.units.unit import Unit

STOMP = 3  # CMB-44: +3 to kick a platoon in the attacker's own hex


def refused(kind: str, t: Unit) -> str | None:
    """Why an attack of ``kind`` cannot be made against the platoon ``t``, or None."""
    if t.platoon is None or kind == KICK:
        return None
    if kind == "punch":
        return "a platoon cannot be punched (CMB-44: only kicked or stomped)"
    return f"a platoon cannot be hit by a {NAMES.get(kind, kind)} (CMB-44: only kicked or stomped)"


def stomp(a: Unit, t: Unit) -> bool:
    """A kick at a platoon in the attacker's own hex (CMB-44)."""
    return t.platoon is not None and distance(a.at, t.at) == 0


def modifiers(a: Unit, t: Unit) -> list[Modifier]:
    """CMB-44: +3 for a stomp."""
    if not stomp(a, t):
        return []
    return [Modifier(STOMP, "stomp: platoon in the attacker's hex", "CMB-44")]


def blow_damage(board: Board, t: Unit, kick: int) -> tuple[int, bool]:
    """CMB-44/40: a kick's points on a platoon (converted, doubled in the open) and
    whether it is in the open."""
    opened = in_open(board, t.at)
    return kick_converted(kick) * (2 if opened else 1), opened
