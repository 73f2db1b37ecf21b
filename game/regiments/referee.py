"""``python main.py rules regiment SCENARIO.json``: judge a regiments scenario's order
(docs/scenario-format.md, Extension 3). One JSON object; see game.referee.moves for the door.

With the ``command_test`` option on, the charger's test (and each listed countercharger's)
is rolled from the scenario's ``dice``, then the seed; the answer then adds
``"command_tests"`` (each roll). A failed charger stays where it stood (REG-11).
"""

from __future__ import annotations

from typing import Any

from game.core.dice import Dice

from .orders import check_order
from .paths import World
from .scenario import ScenarioError, load
from .verdict import Order, Verdict


def answer(path: str, seed: int = 1) -> dict[str, Any]:
    """The referee's answer for the scenario's order (ScenarioError on a bad file)."""
    sc = load(path)
    if sc.order is None:
        raise ScenarioError(f"{path}: the scenario has no 'order' to judge")
    world = World(sc.table, sc.regiments, sc.options)
    order = sc.order
    n = sc.options.command_test
    if order.type != "charge" or not n:
        return check_order(world, order).to_json()
    cup = Dice(seed, sc.dice or ())
    first = check_order(world, order)
    if not first.legal:
        return first.to_json()
    test = cup.roll2d6(f"command test, {order.unit} charges", target=n)
    if not test.success:
        reg = world.get(order.unit)
        assert reg is not None
        end = reg.with_markers((*reg.markers, "activation"))
        v = Verdict(True, None, None, 0.0, first.allowance, end, "activation", countercharge=None)
        return {**v.to_json(), "command_tests": [test.to_json()]}
    rolls = {
        u: cup.roll2d6(f"command test, {u} countercharges", target=n) for u in order.countercharge
    }
    v = check_order(world, order, lambda u: u in rolls and bool(rolls[u].success))
    return {
        **v.to_json(),
        "command_tests": [test.to_json(), *(r.to_json() for r in rolls.values())],
    }


__all__ = ["Order", "answer"]
