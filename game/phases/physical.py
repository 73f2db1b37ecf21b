"""The physical attack phase (PHY, TURN-07): punches, kicks, pushes, charges and deaths
from above, declared in the movement order and resolved together.

Not built yet: the phase passes straight through (nobody acts in it, it closes itself on
entering). Its rules module replaces this one's handlers and hooks; the flow needs no
change.
"""

from __future__ import annotations

from ..core.phase import PhaseRules
from ..rules.turn import Phase
from .damage_check import damage_check

RULES = PhaseRules(
    name=Phase.PHYSICAL_ATTACK,
    leave=damage_check(Phase.PHYSICAL_ATTACK),  # PSR-07/08: 20+ damage taken in the phase
)
