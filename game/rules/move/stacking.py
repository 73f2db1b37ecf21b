"""Stacking: how many units one hex may hold (MOV-34/35, the TW default; MOV-30 classic).

TW (MOV-34; standard TW values, not in seeds): limits are per hex and per height band. A
unit occupies the levels from its elevation up to its elevation plus its height (a
standing Mech 2, a prone Mech, a vehicle or a platoon 1), so two units count against each
other only where those bands overlap (an airborne WiGE over a tank, a submerged submarine
under a ship do not). In one band: at most one Mech of either side, at most two units of
one side, at most four in all. Airborne aerospace units and destroyed units do not count.

Classic (variant ``classic``, MOV-30 as this engine has always read it, GAP G09): one
unit per hex at the end of movement, whatever its kind or side; units may not enter hexes
with enemy units.

Built here: the end-of-move limits (move checker, reach, deployment, the sandbox, the
scenario checker, settling after falls, pushes and skids, the domino effect, the
invariants). The MOV-35 step rule (enter an enemy's hex and stop there) is in
game.rules.move.enemies.

Height bands are counted from the unit's hex; floors inside buildings and decks over
units are not told apart in this build (one band per hex level). A VTOL flies at its
altitude (default 1) above the top of what is below (game.rules.move.vtolflight), so an
airborne VTOL does not count against the ground units under it (EX-MOV-13); a landed one
does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.core.options import Rules
from game.units.unit import MECH_KINDS, Unit

MOST_OF_A_SIDE = 2  # MOV-34 rule 2
MOST_IN_ALL = 4  # MOV-34 rule 3


def band(u: Unit) -> tuple[int, int]:
    """The levels a unit occupies relative to its hex, as [low, high) (MOV-34)."""
    return levels(u.kind, u.prone, u.flying_height, u.depth)


def levels(kind: str, prone: bool, flying_height: int, depth: int) -> tuple[int, int]:
    """:func:`band` of a unit of ``kind`` with that posture, flying height (Unit.flying_height)
    and depth (for the reach search's layers, game.rules.move.reach)."""
    if kind == "submarine" and depth >= 1:
        low = -depth
    elif flying_height > 0:  # an airborne WiGE or VTOL (ADV-23/25)
        low = flying_height
    else:
        low = 0
    height = 2 if kind in MECH_KINDS and not prone else 1
    return low, low + height


def counts(u: Unit) -> bool:
    """Does ``u`` take a place in its hex (not destroyed, not an aerospace unit in the air)?"""
    return not u.destroyed and not u.airborne


def overlap(a: Unit, b: Unit) -> bool:
    """Do the height bands of ``a`` and ``b`` overlap (MOV-34)?"""
    return _overlap(a, b)


def _overlap(a: Unit, b: Unit) -> bool:
    (a0, a1), (b0, b1) = band(a), band(b)
    return a0 < b1 and b0 < a1


def tw_violation(mover: Unit, others: Iterable[Unit]) -> str | None:
    """MOV-34: why ``mover`` may not end in a hex with ``others`` (already there), or None."""
    near = [o for o in others if o.id != mover.id and counts(o) and _overlap(mover, o)]
    if mover.is_mech:
        mech = next((o for o in near if o.is_mech), None)
        if mech is not None:
            return f"already holds Mech {mech.id}; one Mech per hex (MOV-34)"
    friends = sum(o.side == mover.side for o in near)
    if friends + 1 > MOST_OF_A_SIDE:
        return (f"already holds {friends} units of side {mover.side}; at most two of a "
                "side per hex (MOV-34)")  # fmt: skip
    if len(near) + 1 > MOST_IN_ALL:
        return f"already holds {len(near)} units; at most four per hex (MOV-34)"
    return None


def classic_violation(mover: Unit, others: Iterable[Unit]) -> str | None:
    """MOV-30 (classic, as the engine reads it): one unit per hex."""
    other = next((o for o in others if o.id != mover.id and counts(o)), None)
    if other is None:
        return None
    return f"already holds unit {other.id}; one unit per hex (MOV-30)"


def violation(mover: Unit, others: Iterable[Unit], rules: Rules) -> str | None:
    """Why ``mover`` may not stand in the hex of ``others`` (all in that hex), or None."""
    if not counts(mover):
        return None
    if rules.classic:
        return classic_violation(mover, others)
    return tw_violation(mover, others)


def why_not_here(mover: Unit, at: object, units: Sequence[Unit], rules: Rules) -> str | None:
    """:func:`violation` for ``mover`` put in hex ``at`` among ``units`` (itself left out)."""
    return violation(mover, [u for u in units if u.at == at and u.id != mover.id], rules)


def broken(units: Sequence[Unit], rules: Rules) -> list[str]:
    """Every hex where the units standing there break the limits (the invariants): each
    unit is checked against the others of its hex."""
    by_hex: dict[object, list[Unit]] = {}
    for u in units:
        if counts(u):
            by_hex.setdefault(u.at, []).append(u)
    out = []
    for group in by_hex.values():
        if len(group) < 2:
            continue
        for u in group:
            why = violation(u, [o for o in group if o.id != u.id], rules)
            if why is not None:
                out.append(f"{u.id} breaks the stacking limits: {why}")
                break
    return out
