"""Clubs (PHY-06): severed arms and legs lie where they fell; a Mech in woods may tear out
a tree. Picking one up is the Mech's action of the turn: it fired no weapon and makes no
other physical attack (PHY-06); it needs both arms (a club is swung two-handed)."""

from __future__ import annotations

from collections.abc import Iterable

from game.units.unit import Unit

from ...board import Board
from ...hexgrid import Hex
from .limbs import limb_gone, lost_parts

LIMB_KINDS = {"LA": "arm", "RA": "arm", "LL": "leg", "RL": "leg"}


def dropped_limbs(before: Iterable[Unit], after: Iterable[Unit]) -> list[tuple[Hex, str]]:
    """The arms and legs destroyed between two moments, each lying in the hex its Mech
    stood in before (PHY-06; choice: every destroyed limb, not only those blown off)."""
    was = {u.id: u for u in before}
    out: list[tuple[Hex, str]] = []
    for u in after:
        old = was.get(u.id)
        if old is None or old.kind != "biped" or old.body is None or u.body is None:
            continue
        for code, what in LIMB_KINDS.items():
            if not old.body[code].destroyed and u.body[code].destroyed:
                out.append((old.at, what))
    return out


def pickups(board: Board, limbs: Iterable[tuple[Hex, str]], u: Unit) -> tuple[str, ...]:
    """What ``u`` could pick up where it stands: "tree" in a woods hex, "arm"/"leg" for a
    limb lying there. Nothing for a Mech already holding one, prone, or without two arms."""
    if u.kind != "biped" or u.club or u.prone or u.body is None:
        return ()
    if any(limb_gone(u, a) or "shoulder" in lost_parts(u, a) for a in ("LA", "RA")):
        return ()
    out = [what for h, what in limbs if h == u.at]
    if int(board.woods[u.at.row, u.at.col]) > 0:
        out.append("tree")
    return tuple(dict.fromkeys(out))


Limbs = tuple[tuple[Hex, str], ...]


def without_limb(limbs: Limbs, at: Hex, what: str) -> Limbs:
    """The limbs left once one ``what`` lying in ``at`` is picked up."""
    out = list(limbs)
    if (at, what) in out:
        out.remove((at, what))
    return tuple(out)
