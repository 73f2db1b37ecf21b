"""Infantry in the log (CMB-39..44): a hit on a platoon in troopers, and a platoon's rifle
volley with its cluster roll, e.g.

    "Medium Laser hits B3 for 2: 5 damage -> 1 (CMB-39), doubled in the open (CMB-40):
     troopers 28 -> 26"
    "A3 fires Rifle at B1: needs 7, rolls 4+4 = 8 - hit; cluster roll 3+4 = 7: 17 of 28
     troopers hit"
"""

from __future__ import annotations

import re
from typing import Any

from game.designs import weapons_table
from game.narrate.words import Context, dice_text
from game.rules.combat.cluster import cluster_hits
from game.rules.damage.infantry import burst_dice
from game.rules.damage.land import PlatoonHit

_TROOPERS = re.compile(r"\((\d+) troopers\)$")


def platoon_hit_text(n: Context, d: dict[str, Any], hit: PlatoonHit) -> str:
    """A hit on a platoon: the burst dice it rolled, the conversion, the double, the
    troopers before -> after (CMB-39..41)."""
    what = str(d.get("weapon") or "the attack")
    head = f"{what[:1].upper()}{what[1:]} hits {d['target']} for {hit.damage}"
    w = weapons_table().get(what)
    count = burst_dice(w) if w is not None else 0
    burst = [n.take_roll(f"burst fire {what} ") for _ in range(count)]
    parts = []
    told = [dice_text(r) for r in burst if r is not None]
    if told:
        parts.append(f"burst fire {' + '.join(told)} = {hit.converted} (CMB-39)")
    if hit.doubled:
        parts.append("doubled in the open (CMB-40)")
    parts.append(f"troopers {hit.troopers_before} -> {hit.troopers_after}")
    if hit.troopers_after == 0:
        parts.append("no troopers left")
    return f"{head}: " + ", ".join(parts)


def rifle_cluster_text(n: Context, weapon: str) -> str | None:
    """CMB-42: the cluster roll of a platoon's volley and how many troopers hit."""
    roll = n.take_roll(f"cluster {weapon} (")
    if roll is None:
        return None
    m = _TROOPERS.search(roll.reason)
    troopers = int(m.group(1)) if m else 0
    hits = cluster_hits(troopers, roll.total) if troopers else 0
    return f"cluster roll {dice_text(roll)}: {hits} of {troopers} troopers hit (CMB-42)"


def platoon_damage_text(n: Context, e: Any, who: str, mover: str) -> str:
    """Damage from moving into things on a platoon (game.rules.damage.platoon_hurt): the
    points, converted as a blow or not, doubled in the open, troopers before -> after."""
    dmg, points = e.get("damage"), e.get("converted")
    parts = [f"{dmg} damage"]
    if e.get("blow"):
        parts[0] += f" -> {points} as a physical blow (CMB-39)"
    if e.get("in_open"):
        parts.append("doubled in the open (CMB-40)")
    before, after = e.get("troopers_before"), e.get("troopers_after")
    parts.append(f"troopers {before} -> {after}")
    if after == 0:
        parts.append("no troopers left")
    return f"{who} is hit by the {e.get('cause')}: " + ", ".join(parts) + " (CMB-41)"
