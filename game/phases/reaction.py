"""The reaction phase (TURN-04, TURN-11; classic advanced rules): torso twists, the
initiative winner first.

Not built yet: the phase passes straight through (nobody acts in it, it closes itself on
entering). Its rules module replaces this one's handlers and hooks; the flow needs no
change.
"""

from __future__ import annotations

from game.phases.movers import HexPhase

from ..core.phase import PhaseRules
from ..rules.turn import Phase

RULES: HexPhase = PhaseRules(
    name=Phase.REACTION,
)
