"""Where counters sharing one hex are drawn (TW stacking, MOV-34/35): side by side
around the hex centre, so a Mech standing on an enemy platoon (or beside a friendly tank)
is not hidden under the other counter."""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.hexgrid import Hex
from game.units.unit import Unit

SPREAD = 22.0  # pixels at zoom 1 from the hex centre, for two or more counters


def stack_offsets(units: Iterable[Unit], zoom: float) -> dict[str, tuple[float, float]]:
    """(dx, dy) per unit id for the ground units of each hex holding more than one; a
    lone counter stays in the middle (no entry)."""
    by_hex: dict[Hex, list[str]] = {}
    for u in units:
        if not u.airborne and not u.destroyed:
            by_hex.setdefault(u.at, []).append(u.id)
    out: dict[str, tuple[float, float]] = {}
    for ids in by_hex.values():
        if len(ids) < 2:
            continue
        for i, uid in enumerate(sorted(ids)):
            angle = math.pi + 2 * math.pi * i / len(ids)  # the first on the left
            out[uid] = (SPREAD * zoom * math.cos(angle), SPREAD * zoom * math.sin(angle))
    return out
