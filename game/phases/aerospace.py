"""The aerospace movement phase (AERO-01): aerospace units move after the ground units.

Not built yet: the phase passes straight through (nobody acts in it, it closes itself on
entering). Its rules module replaces this one's handlers and hooks; the flow needs no
change.
"""

from __future__ import annotations

from ..core.phase import PhaseRules
from ..rules.turn import Phase

RULES = PhaseRules(
    name=Phase.AEROSPACE_MOVEMENT,
)
