"""The referee's aerospace command: ``rules aero SCENARIO [--resolve] [--seed N]``
(docs/scenario-format.md, Extension 2, Aerospace). Thin, like game.referee.moves: read, ask,
print. Also the guard that keeps aerospace units out of the ground questions."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from game.core.errors import UserFacingError
from game.core.options import Rules
from game.units.unit import AERO, Unit, ground


class AeroQuestionError(UserFacingError):
    """A ground question about an aerospace unit or the other way round (one sentence)."""


def add_parser(sub: Any, positive: Callable[[str], int], seed: Callable[[str], int],
               variant: Callable[[argparse.ArgumentParser], None]) -> None:  # fmt: skip
    ae = sub.add_parser("aero", help="check (or --resolve) the move block of an aerospace unit")
    ae.add_argument("scenario")
    ae.add_argument("--resolve", action="store_true", help="roll the checks and control rolls")
    ae.add_argument("--seed", type=seed, default=1, help="dice seed after the script (1)")
    ae.add_argument("--repeat", type=positive, default=None, help="answer N times, add timing")
    variant(ae)


def ground_units(s: Any) -> tuple[Unit, ...]:
    """The units a ground question sees (``rules move`` / ``reach``): aerospace units in
    the air fly over the ground units and never block them (AERO-01); asking a ground
    question about one is a bad question."""
    mover = s.unit(s.move.unit)
    if mover.kind == AERO:
        raise AeroQuestionError(f"{s.path}: move.unit '{mover.id}' is an aerospace unit: "
                                "ask 'rules aero' (AERO-01)")  # fmt: skip
    return ground(s.units)


def aero(args: argparse.Namespace, rules: Rules, timed: Callable[..., Any]) -> dict[str, Any]:
    from game.core.dice import Dice
    from game.core.files import ScenarioError
    from game.rules.aero import check_flight, resolve_flight
    from game.scenario.reader import load_scenario

    s = load_scenario(args.scenario)
    if s.move is None:
        raise ScenarioError(f"{args.scenario}: the scenario has no 'move' to ask about")
    mover = s.unit(s.move.unit)
    if mover.kind != AERO:
        raise AeroQuestionError(f"{args.scenario}: move.unit '{mover.id}' is a {mover.kind} "
                                "unit, not an aerospace unit: ask 'rules move'")  # fmt: skip
    units = {u.id: u for u in s.units}
    cups = iter([Dice(seed=args.seed, script=s.dice or ()) for _ in range(args.repeat or 1)])

    def query() -> Any:
        flight = check_flight(s.board, units, mover.id, s.move.steps)
        if not args.resolve:
            return flight
        return resolve_flight(s.board, units, flight, next(cups), control_now=True)[1]

    result, timing = timed(query)
    out = result.to_json(s.board)
    return out if timing is None else {**out, "timing": timing}
