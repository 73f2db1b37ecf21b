"""The end phase's aerospace step (AERO-03, AERO-10): control rolls and new thrust.

Called by the end phase (game.phases.end) after the MechWarriors' wake-up rolls: every
aerospace unit in the air that lost control in an earlier turn tries to regain it; every
one in control makes the control rolls its turn called for (thrust above safe thrust);
then each has its full thrust again for the next turn. Not a phase of its own.
"""

from __future__ import annotations

from dataclasses import replace

from game.narrate.flight import control_event

from ..core.phase import Applying
from ..rules.aero import end_of_turn


def control_rolls(step: Applying) -> None:
    """AERO-03 / AERO-10 for every aerospace unit on the map, in the units' order."""
    s = step.state
    units = []
    for u in s.units:
        if u.craft is None or s.is_destroyed(u) or not s.board.contains(u.at):
            units.append(u)
            continue
        after, outcomes = end_of_turn(u, s.turn, step.cup)
        units.append(after)
        for o in outcomes:
            step.emit(control_event(o))
    step.state = replace(s, units=tuple(units))
