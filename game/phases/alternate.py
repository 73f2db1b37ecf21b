"""Alternating phases (TURN-06..09): sides act unit by unit, the initiative loser first,
with the unequal-numbers pairs recounted after every pair.

Movement uses it today; the weapon and physical attack phases declare in the same order
(TURN-07). A phase passes ``pending(state, side)``: how many of the side's units still
have to act in it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..rules.turn import order_for_sides, pair_sizes
from ..state import GameState

Pending = Callable[[GameState, str], int]
ToAct = Callable[..., Sequence[Any]]  # (state, side=None): the units still to act


def waiting(s: GameState, to_act: ToAct, what: str, noun: str = "unit") -> str | None:
    """The phase's 'still waiting' sentence ("3 units still have to ..."), or None."""
    left = len(to_act(s))
    if not left:
        return None
    return f"{left} {noun}{'s' if left != 1 else ''} still have to {what}"


def banner(s: GameState, to_act: ToAct, title: str, doing: str) -> str:
    """'Turn 2 - Movement - Side A to move (A: 3 left, B: 2 left)'."""
    head = f"Turn {s.turn} - {title}"
    side = actor(s)
    if side is None:
        return head
    left = ", ".join(f"{x}: {len(to_act(s, x))} left" for x in s.sides)
    return f"{head} - Side {side} {doing} ({left})"


def recount(s: GameState, pending: Pending) -> tuple[tuple[str, ...], int]:
    """The order from the units still to act, and the size of its first pair.

    TURN-06/08/09: the initiative loser starts; counts leave out destroyed units and
    units that already acted. The caller recounts after every pair (TURN-08).
    """
    counts = {side: pending(s, side) for side in s.sides}
    if not any(counts.values()) or s.initiative is None:
        return (), 0
    winner = s.initiative.winner
    loser = next(side for side in s.sides if side != winner)
    order = tuple(order_for_sides(winner, counts, s.rules))
    k_l, k_w = pair_sizes(counts[loser], counts[winner], s.rules)
    return order, k_l + k_w


def begin(s: GameState, pending: Pending) -> GameState:
    """The state with the phase's first order (on entering the phase)."""
    order, left = recount(s, pending)
    return replace(s, move_order=order, pair_left=left)


def after_action(s: GameState, pending: Pending) -> GameState:
    """Pop the front of the order; recount at the end of a pair, or when the forecast no
    longer matches the units left (a unit lost or a dodge mid-pair, TURN-08/09)."""
    order = s.move_order[1:]
    left = s.pair_left - 1
    counts = {side: pending(s, side) for side in s.sides}
    forecast = {side: order.count(side) for side in s.sides}
    if left <= 0 or forecast != counts:
        order, left = recount(s, pending)
    return replace(s, move_order=order, pair_left=left)


def actor(s: GameState) -> str | None:
    """The side at the front of the order."""
    return s.move_order[0] if s.move_order else None
