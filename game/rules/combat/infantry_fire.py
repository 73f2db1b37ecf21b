"""A conventional infantry platoon's own attack (CMB-42; standard TW values, not in seeds).

The platoon fires its rifles as one weapon (index 0, "Rifle"): Gunnery + the infantry
range modifier (range value 1: same hex -2, 1 hex 0, 2 hexes +2, 3 hexes +4, beyond: no
attack) + the usual modifiers (movement, terrain; no heat). A hit rolls 2D6 on the
cluster table in the column of the troopers left (CMB-24/25): that many troopers hit,
each for the weapon's damage a trooper, the total rounded half up. Against a Mech or a
vehicle the damage goes in 2-point groups, each with its own location roll; against a
platoon it is one block.
"""

from __future__ import annotations

from functools import cache

from game.hexgrid import distance
from game.rules.combat.cluster import cluster_hits
from game.rules.combat.modifiers import IMPOSSIBLE
from game.rules.modifier import Modifier
from game.units.mech import damage_groups
from game.units.platoon import RIFLE, InfantryWeapon
from game.units.unit import Unit

GROUP = 2  # CMB-42: points per damage group against non-infantry targets
# CMB-42, range value 1: hexes -> to-hit modifier (4+ hexes: no attack).
RANGE_MODIFIERS = {0: -2, 1: 0, 2: 2, 3: 4}
RIFLE_INDEX = 0  # the platoon's one weapon (Extension 4: "weapons": [0])


def reach(w: InfantryWeapon = RIFLE) -> int:
    """The furthest hex the weapon reaches (range value 1: 3 hexes)."""
    return max(RANGE_MODIFIERS) * w.range_value


@cache
def range_modifier(rng: int) -> Modifier | None:
    """CMB-42: the infantry range modifier for range value 1, or None (out of range)."""
    if rng not in RANGE_MODIFIERS:
        return None
    where = "same hex" if rng == 0 else f"{rng} hex{'es' if rng > 1 else ''}"
    return Modifier(RANGE_MODIFIERS[rng], f"infantry range ({where})", "CMB-42")


def out_of_range(rng: int) -> str:
    return f"out of range: {rng} hexes, the platoon's rifles reach {reach()} (CMB-42)"


def number(mods: tuple[Modifier, ...]) -> int | None:
    total = sum(m.value for m in mods)
    return None if total > IMPOSSIBLE else total


def troopers_hit(troopers: int, roll: int) -> int:
    """CMB-42: the cluster table (CMB-24/25) in the column of the troopers left."""
    return cluster_hits(troopers, roll) if troopers > 0 else 0


def rifle_damage(hits: int, w: InfantryWeapon = RIFLE) -> int:
    """CMB-42: troopers hit x damage a trooper, rounded half up (17 x 0.52 = 8.84 -> 9)."""
    hundredths = round(w.per_trooper * 100)
    return (hits * hundredths + 50) // 100


def rifle_groups(damage: int, target: Unit) -> tuple[int, ...]:
    """CMB-42: 2-point groups against a Mech or vehicle; one block against a platoon."""
    if target.platoon is not None:
        return (damage,) if damage > 0 else ()
    return damage_groups(damage, GROUP)


def attack_strength(a: Unit) -> int:
    """CMB-41: a platoon attacks with its troopers left."""
    return a.platoon.troopers if a.platoon is not None else 0


def same_hex(a: Unit, t: Unit) -> bool:
    return distance(a.at, t.at) == 0
