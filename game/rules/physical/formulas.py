"""The death-from-above numbers shared by real DFAs (PHY-13/14) and accidental falls from
above (PHY-17 treats a hit as a DFA): a leaf module, so game.rules.piloting.fromabove can use it
without the rest of the physical attack rules."""

from __future__ import annotations

import math

from game.core.options import Rules


def dfa_damage(tons: int) -> int:
    """PHY-13: ceil(attacker tons / 10) x 3 to the target, in groups of 5."""
    return math.ceil(tons / 10) * 3


def dfa_attacker_damage(tons: int) -> int:
    """PHY-13: ceil(attacker tons / 5) to its own legs, in groups of 5."""
    return math.ceil(tons / 5)


def dfa_target_psr(rules: Rules) -> int:
    """PHY-14 / PSR-08: TW +2 for the target (classic +4, K09)."""
    return 4 if rules.classic else 2


def dfa_attacker_psr(rules: Rules) -> int:
    """PHY-14 / PSR-08: TW +4 for the attacker (classic +2, K09)."""
    return 2 if rules.classic else 4


DFA_TARGET_REASON = "hit by death from above"
DFA_ATTACKER_REASON = "made a death from above"
