"""One door for every order (REG-01): move, march, face, widen, narrow, charge, hold.

:func:`check_order` answers any order against a world as a :class:`~.verdict.Verdict`;
charges are resolved with the countercharge decisions the caller gives (the referee's:
the order's ``countercharge`` list; the game asks the players, game.regiments.phases).
"""

from __future__ import annotations

from game.core.limits import MAX_STEPS, too_many

from .charge import Decide, resolve_charge
from .formation import check_formation
from .moves import check_move
from .paths import World
from .verdict import ORDER_TYPES, Order, Verdict, refused


def listed(order: Order) -> Decide:
    """The referee's decisions: the units named in ``order.countercharge`` countercharge."""
    return lambda unit: unit in order.countercharge


def check_order(world: World, order: Order, decide: Decide | None = None) -> Verdict:
    """The verdict on ``order`` (with every countercharge decided by ``decide``)."""
    reg = world.get(order.unit)
    if reg is None:
        raise KeyError(order.unit)  # the scenario reader and the handlers check ids first
    if order.type not in ORDER_TYPES:
        return refused(reg, f"there is no {order.type!r} order (REG-01)", None, 0.0, 0.0)
    too_long = too_many("the order's steps", len(order.steps), MAX_STEPS)
    if too_long:  # bounded work whoever asks (game.core.limits)
        return refused(reg, too_long, None, 0.0, 0.0)
    if order.type in ("move", "march"):
        return check_move(world, order)
    if order.type in ("face", "widen", "narrow"):
        return check_formation(world, order)
    if order.type == "hold":
        end = reg.with_markers((*reg.markers, "hold"))
        return Verdict(True, None, None, 0.0, 0.0, end, "hold", path=(reg,), moved=(end,))
    answer = resolve_charge(world, order, decide or listed(order))
    return answer.verdict
