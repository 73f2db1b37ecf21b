"""Moving through and into hexes with enemy units (MOV-35, TW default; MOV-30 classic).

TW (MOV-35; standard TW values, not in seeds):

- a Mech may never enter a hex holding an enemy Mech (MOV-34 rule 1, checked step by step);
- any other unit that enters a hex holding an enemy unit ends its movement there: it may
  still turn, go prone or change its posture in that hex, but enters no other hex;
- a unit that starts its move in a hex with an enemy may leave it; coming back into it is
  entering an enemy's hex again, so it may not leave a second time;
- Mechs ignore enemy conventional infantry: a Mech walks through a hex holding only enemy
  platoons without stopping (vehicles and infantry stop in any hex holding an enemy);
- jumps are exempt from these step checks (MOV-34 still holds where they land), and so are
  the charge and DFA steps into the target's hex (PHY-10/14) and skids (PSR-33/39).

Height bands (MOV-34: "limits are counted per hex and per height band"; MOV-35 is checked
with the same elevation overlap test): the step rule counts the enemy units in the hex that
take a place there (not destroyed, not an aerospace unit in the air) *and* whose band
overlaps the mover's, as the mover is at that step (game.rules.move.movestate.placed): an
airborne WiGE or a VTOL flying over an enemy tank passes on, a tank driving under an enemy
VTOL does too, a surfaced ship stops over nothing submerged. A Mech is refused an enemy
Mech's hex whatever the bands (MOV-35's first line). The reach search (reach.py) asks the
same per layer of its search where the layer changes the band (a WiGE landed or at an
altitude, a submarine's depth, a Mech prone or standing: search.search_banded), in the
band of the layer a step is made from, as the checker does.

Classic (variant ``classic``, MOV-30 as this engine has always read it): no unit may enter
a hex holding an enemy unit; the words of that refusal are kept exactly.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from game.core.options import Rules
from game.rules.move.stacking import counts, overlap
from game.units.unit import Unit


class Entry(Enum):
    """What entering a hex means for a mover (MOV-35)."""

    PASS = "pass"  # no enemy that matters: go on
    STOP = "stop"  # enter it and end the move there
    REFUSE = "refuse"  # may not enter it at all


def entry_rule(mover: Unit, there: Iterable[Unit], rules: Rules) -> tuple[Entry, Unit | None]:
    """MOV-35 (classic: MOV-30) for ``mover`` entering a hex that holds ``there``: the rule
    and the enemy unit it is about (None with PASS)."""
    others = [o for o in there if o.id != mover.id and o.side != mover.side]
    if rules.classic:  # MOV-30: every enemy unit in the hex blocks it, as ever
        return (Entry.REFUSE, others[0]) if others else (Entry.PASS, None)
    enemies = [o for o in others if counts(o)]
    if mover.is_mech:
        mech = next((o for o in enemies if o.is_mech), None)
        if mech is not None:
            return Entry.REFUSE, mech  # whatever the bands (MOV-35)
        enemies = [o for o in enemies if o.kind != "infantry"]  # Mechs ignore platoons
    enemies = [o for o in enemies if overlap(mover, o)]  # MOV-34: per height band
    return (Entry.STOP, enemies[0]) if enemies else (Entry.PASS, None)


def refusal(mover: Unit, enemy: Unit, where: str, rules: Rules) -> str:
    """The sentence for an entry :func:`entry_rule` refuses."""
    if rules.classic:
        return f"{where} holds enemy unit {enemy.id}; units may not pass enemies (MOV-30)"
    return (f"{where} holds enemy Mech {enemy.id}; a Mech may never enter a hex with an "
            "enemy Mech (MOV-35)")  # fmt: skip


def stopped_error(stopper: str, where: str) -> str:
    """Why a unit that entered an enemy's hex (MOV-35) may not enter another one."""
    return (f"{where} holds enemy unit {stopper}; a unit that enters a hex with an enemy "
            "unit ends its movement there, it may still turn or go prone (MOV-35)")  # fmt: skip
