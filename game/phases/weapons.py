"""The weapon attack phase (CMB-01, TURN-07): units declare their attacks in the
movement order and all attacks resolve together at the end of the phase.

Not built yet: the phase passes straight through (nobody acts in it, it closes itself on
entering). Its rules module replaces this one's handlers and hooks; the flow needs no
change.
"""

from __future__ import annotations

from ..core.phase import PhaseRules
from ..rules.turn import Phase
from .damage_check import damage_check

RULES = PhaseRules(
    name=Phase.WEAPON_ATTACK,
    leave=damage_check(Phase.WEAPON_ATTACK),  # PSR-07/08: 20+ damage taken in the phase
)
