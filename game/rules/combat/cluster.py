"""Cluster hits (CMB-23..25): how many missiles of a salvo hit, and the damage groups.

The table's columns are salvo sizes; CMB-24 gives the seed's columns, CMB-25 the rest
(standard TW value, not in seeds). SRMs hit one location per missile (2 points each);
LRMs group their hits in fives (CMB-23).
"""

from __future__ import annotations

from game.units.mech import damage_groups

from ...designs.model import Weapon

# salvo size -> missiles hit for 2D6 = 2..12
CLUSTER: dict[int, tuple[int, ...]] = {
    1: (1,) * 11,
    2: (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2),
    3: (1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3),
    4: (1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4),
    5: (1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5),
    6: (2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6),
    7: (2, 2, 3, 4, 4, 4, 4, 6, 6, 7, 7),
    8: (2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 8),
    9: (3, 3, 4, 5, 5, 5, 5, 7, 7, 9, 9),
    10: (3, 3, 4, 6, 6, 6, 6, 8, 8, 10, 10),
    11: (4, 4, 5, 7, 7, 7, 7, 9, 9, 11, 11),
    12: (4, 4, 5, 8, 8, 8, 8, 10, 10, 12, 12),
    13: (4, 4, 5, 8, 8, 8, 8, 11, 11, 13, 13),
    14: (5, 5, 6, 9, 9, 9, 9, 11, 11, 14, 14),
    15: (5, 5, 6, 9, 9, 9, 9, 12, 12, 15, 15),
    16: (5, 5, 7, 10, 10, 10, 10, 13, 13, 16, 16),
    17: (5, 5, 7, 10, 10, 10, 10, 14, 14, 17, 17),
    18: (6, 6, 8, 11, 11, 11, 11, 14, 14, 18, 18),
    19: (6, 6, 8, 11, 11, 11, 11, 15, 15, 19, 19),
    20: (6, 6, 9, 12, 12, 12, 12, 16, 16, 20, 20),
    21: (7, 7, 9, 13, 13, 13, 13, 17, 17, 21, 21),
    22: (7, 7, 9, 14, 14, 14, 14, 18, 18, 22, 22),
    23: (7, 7, 10, 15, 15, 15, 15, 19, 19, 23, 23),
    24: (8, 8, 10, 16, 16, 16, 16, 20, 20, 24, 24),
    25: (8, 8, 10, 16, 16, 16, 16, 21, 21, 25, 25),
    26: (9, 9, 11, 17, 17, 17, 17, 21, 21, 26, 26),
    27: (9, 9, 11, 17, 17, 17, 17, 22, 22, 27, 27),
    28: (9, 9, 11, 17, 17, 17, 17, 23, 23, 28, 28),
    29: (10, 10, 12, 18, 18, 18, 18, 23, 23, 29, 29),
    30: (10, 10, 12, 18, 18, 18, 18, 24, 24, 30, 30),
    40: (12, 12, 18, 24, 24, 24, 24, 32, 32, 40, 40),
}


def cluster_hits(salvo: int, roll: int) -> int:
    """CMB-24/25: missiles of a ``salvo`` that hit on a 2D6 ``roll``."""
    if salvo not in CLUSTER:
        raise ValueError(f"no cluster table column for a salvo of {salvo}")
    return CLUSTER[salvo][roll - 2]


def missile_groups(w: Weapon, hits: int) -> tuple[int, ...]:
    """CMB-23: SRM one group per missile (2 points each); LRM groups of 5 missiles."""
    if w.group:
        return damage_groups(hits * w.damage, w.group * w.damage)
    return (w.damage,) * hits
