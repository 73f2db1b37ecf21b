"""Scenario keys of a conventional infantry platoon (docs/scenario-format.md, Extension 4):
``troopers`` (1..30, default the model's, else 28), ``motive`` (``foot`` or ``jump``,
MOV-33: jump gives 1 ground MP and 3 jump MP; the older ``jump`` key stays accepted) and
the platoon's hex, which it may share with one Mech or vehicle (MOV-34).

``tons``, ``walk`` and ``facing`` may be left out for a platoon: its MP come from the
motive type (MOV-33), it has no facing (MOV-16; a given facing is ignored), and its weight
is its troopers' (0.085 t a foot trooper, 0.165 t a jump trooper, rounded up).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from game.designs import Design
from game.scenario.checks import Reader, _shown
from game.units.platoon import (
    DEFAULT_TROOPERS,
    FOOT,
    JUMP,
    MAX_TROOPERS,
    MOTIVE_MP,
    MOTIVES,
    Platoon,
)
from game.units.unit import INFANTRY, Unit

INFANTRY_KEYS = ("troopers", "motive")
INFANTRY_GIVES = ("tons", "walk", "facing")  # required keys a platoon may leave out
TROOPER_TONS = {FOOT: 0.085, JUMP: 0.165}  # weight a trooper (our own design values)


def check_infantry_keys(r: Reader, d: Mapping[str, Any], where: str, kind: str) -> None:
    """``troopers`` and ``motive`` are for infantry only."""
    for k in INFANTRY_KEYS:
        if k in d and kind != INFANTRY:
            raise r.error(f"{where}: {k} is for infantry platoons (CMB-41, MOV-33), "
                          f"not a {kind} unit")  # fmt: skip


def read_platoon(r: Reader, d: Mapping[str, Any], where: str, design: Design | None,
                 kw: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    """The platoon's keys as Unit fields: ``platoon``, and ``walk``, ``jump``, ``tons`` and
    ``facing`` where the scenario leaves them to the motive type."""
    motive = _motive(r, d, where, kw)
    full = design.troopers if design is not None and design.troopers else DEFAULT_TROOPERS
    troopers = r.int_(d["troopers"], f"{where}: troopers", 1, MAX_TROOPERS) if "troopers" in d \
        else full  # fmt: skip
    walk, jump = MOTIVE_MP[motive]  # MOV-33, unless the scenario gives them
    out: dict[str, Any] = {"walk": kw["walk"] if "walk" in d else kw.get("walk", walk),
                           "jump": kw["jump"] if "jump" in d else jump}  # fmt: skip
    out["tons"] = kw.get("tons", math.ceil(troopers * TROOPER_TONS[motive]))
    out["facing"] = 0  # MOV-16: no facing; a given facing is ignored (Extension 4)
    out["platoon"] = Platoon(troopers, max(full, troopers), motive)
    return out


def _motive(r: Reader, d: Mapping[str, Any], where: str, kw: Mapping[str, Any]) -> str:
    """``motive`` as given, else the model's, else jump when the older ``jump`` key gives
    jump MP."""
    jump = kw.get("jump", 0) if "jump" in d else 0
    if "motive" not in d:
        if "jump" not in d:
            return JUMP if kw.get("jump", 0) else FOOT  # the model's
        return JUMP if jump else FOOT
    motive = d["motive"]
    if motive not in MOTIVES:
        raise r.error(f"{where}: motive {_shown(motive)} is not one of {', '.join(MOTIVES)}")
    if motive == FOOT and jump:
        raise r.error(f"{where}: a foot platoon has no jump MP (MOV-33), but jump is {jump}")
    if motive == JUMP and "jump" in d and not jump:
        raise r.error(f"{where}: a jump platoon has jump MP (MOV-33: 3), but jump is 0")
    return str(motive)


def may_share(placed: tuple[Unit, ...], u: Unit) -> bool:
    """Extension 4 (MOV-34): a platoon may share its hex with one Mech or vehicle of
    either side: at most two units, exactly one of them infantry."""
    if len(placed) != 1 or u.airborne:
        return False
    return (placed[0].kind == INFANTRY) != (u.kind == INFANTRY)
