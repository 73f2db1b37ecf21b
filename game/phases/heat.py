"""The heat phase (HEAT-01..10): every unit's heat is built up and dissipated, then its
effects are rolled.

Not built yet: the phase passes straight through (nobody acts in it, it closes itself on
entering). Its rules module replaces this one's handlers and hooks; the flow needs no
change.
"""

from __future__ import annotations

from ..core.phase import PhaseRules
from ..rules.turn import Phase
from .damage_check import damage_check

RULES = PhaseRules(
    name=Phase.HEAT,
    leave=damage_check(Phase.HEAT),  # PSR-07/08: 20+ damage taken in the phase
)
