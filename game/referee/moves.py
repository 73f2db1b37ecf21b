"""The rules referee: ``python main.py rules move|reach|order ...`` (docs/scenario-format.md).

Outside checkers, the benchmarks and our own scenario tests all ask the engine through
this one door, so it stays thin: read the scenario, ask one rules function, print one
JSON object. A valid question exits 0 even when the answer is "illegal"; a bad file or
bad arguments print one sentence on stderr and exit 2, never a traceback. The rules
modules are imported lazily so ``order`` and error paths stay fast.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from game.core.errors import UserFacingError, one_line
from game.core.options import Rules

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class RefereeUsageError(UserFacingError):
    """Bad command-line arguments (argparse's complaint, as one sentence)."""


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting, so errors stay one line."""

    def error(self, message: str) -> NoReturn:
        raise RefereeUsageError(f"{self.prog}: {message}")


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} must be at least 1")
    return n


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="rules", description="Ask the rules engine about a scenario file.")
    sub = p.add_subparsers(
        dest="command",
        metavar="{move,reach,order,los,attack,heat,physical,aero,regiment}",
        parser_class=_Parser,
    )
    sub.required = True

    def variant(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--variant", choices=("tw", "classic"), default="tw")

    mv = sub.add_parser("move", help="check (or --resolve) the scenario's move")
    mv.add_argument("scenario")
    mv.add_argument("--seed", type=_seed, default=1, help="dice seed after the script (1)")
    mv.add_argument("--resolve", action="store_true", help="roll the PSRs and report events")
    mv.add_argument("--repeat", type=_positive, default=None, help="answer N times, add timing")
    variant(mv)

    rc = sub.add_parser("reach", help="every hex the move's unit can end in")
    rc.add_argument("scenario")
    rc.add_argument("--mode", choices=("walk", "run", "jump", "crawl", "defend"), default=None)
    rc.add_argument("--repeat", type=_positive, default=None, help="answer N times, add timing")
    variant(rc)

    od = sub.add_parser("order", help="unit-by-unit move order for unequal numbers")
    od.add_argument("--initiative-winner", required=True, metavar="SIDE")
    od.add_argument("--units", required=True, metavar="A=8,B=5")
    variant(od)
    from game.referee.aero import add_parser as add_aero
    from game.referee.combat import add_parsers

    add_parsers(sub, _positive, _seed, variant)

    rg = sub.add_parser("regiment", help="judge a regiments scenario's order (Extension 3)")
    rg.add_argument("scenario")
    rg.add_argument("--seed", type=_seed, default=1, help="dice seed after the script (1)")
    variant(rg)
    add_aero(sub, _positive, _seed, variant)
    return p


def _timed(query: Callable[[], Any], repeat: int | None) -> tuple[Any, dict[str, Any] | None]:
    """Run the rules query once, or N times with the median wall time around it alone."""
    if repeat is None:
        return query(), None
    times: list[float] = []
    answer = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        answer = query()
        times.append((time.perf_counter() - t0) * 1000.0)
    return answer, {"runs": repeat, "median_ms": round(statistics.median(times), 4)}


def _engine(module: str, name: str, command: str) -> Callable[..., Any]:
    """A rules function, imported lazily; a build without it says so in one sentence."""
    import importlib

    try:
        mod = importlib.import_module(f"game.rules.{module}")
    except ModuleNotFoundError as e:
        if e.name != f"game.rules.{module}":
            raise
        mod = None
    if mod is None or not hasattr(mod, name):
        raise RefereeUsageError(f"{command}: game.rules.{module}.{name} is not in this build yet")
    return getattr(mod, name)


def _scenario_with_move(path: str):  # -> Scenario
    from game.core.files import ScenarioError
    from game.scenario.reader import load_scenario

    s = load_scenario(path)
    if s.move is None:
        raise ScenarioError(f"{path}: the scenario has no 'move' to ask about")
    return s


def _move(args: argparse.Namespace, rules: Rules) -> dict[str, Any]:
    from game.referee.aero import ground_units

    s = _scenario_with_move(args.scenario)
    rules = s.rules(rules)
    m = s.move
    units = ground_units(s)  # aerospace units fly over: the ground rules do not see them
    if args.resolve:
        resolve_move = _engine("piloting.resolve", "resolve_move", "rules move --resolve")
        from game.core.dice import Dice

        # A fresh cup per run (same script, same seed), made before the clock starts.
        cups = iter([Dice(seed=args.seed, script=s.dice or ()) for _ in range(args.repeat or 1)])

        def query() -> Any:
            return resolve_move(s.board, units, m.unit, m.mode, m.steps, next(cups), rules,
                                careless=m.careless)  # fmt: skip
    else:
        check_move = _engine("move.movement", "check_move", "rules move")

        def query() -> Any:
            return check_move(s.board, units, m.unit, m.mode, m.steps, rules,
                              careless=m.careless)  # fmt: skip

    result, timing = _timed(query, args.repeat)
    return _with_timing(result.to_json(s.board), timing)


def _reach(args: argparse.Namespace, rules: Rules) -> dict[str, Any]:
    from game.referee.aero import ground_units

    s = _scenario_with_move(args.scenario)
    rules = s.rules(rules)
    reach = _engine("move.reach", "reach", "rules reach")
    m = s.move
    mode = args.mode or m.mode
    if mode in ("crawl", "defend") and not rules.tacops:
        raise RefereeUsageError(
            f"rules reach: --mode {mode} is a Tactical Operations mode: the scenario "
            f'{args.scenario} needs "options": ["tacops"]'
        )

    units = ground_units(s)

    def query() -> Any:
        return reach(s.board, units, m.unit, mode, rules, m.careless)

    result, timing = _timed(query, args.repeat)
    return _with_timing(result.to_json(s.board), timing)


def _with_timing(answer: dict[str, Any], timing: dict[str, Any] | None) -> dict[str, Any]:
    if timing is not None:
        answer = {**answer, "timing": timing}
    return answer


def parse_unit_counts(text: str) -> dict[str, int]:
    """``A=8,B=5`` -> {"A": 8, "B": 5}; one sentence on anything else."""
    counts: dict[str, int] = {}
    for part in text.split(","):
        name, eq, num = part.strip().partition("=")
        name = name.strip()
        if not eq or not name:
            raise RefereeUsageError(f"rules order: --units '{text}' must look like A=8,B=5")
        try:
            n = int(num)
        except ValueError:
            raise RefereeUsageError(
                f"rules order: --units count '{num.strip()}' for side '{name}' is not a number"
            ) from None
        if n < 0:
            raise RefereeUsageError(f"rules order: --units count {n} for side '{name}' is < 0")
        if name in counts:
            raise RefereeUsageError(f"rules order: --units names side '{name}' twice")
        counts[name] = n
    return counts


def _order(args: argparse.Namespace, rules: Rules) -> dict[str, Any]:
    from game.rules.turn import order_for_sides

    counts = parse_unit_counts(args.units)
    if len(counts) != 2:
        raise RefereeUsageError(
            f"rules order: --units must name exactly two sides, not {len(counts)}"
        )
    if args.initiative_winner not in counts:
        raise RefereeUsageError(
            f"rules order: --initiative-winner '{args.initiative_winner}' is not one of "
            f"the sides in --units ({', '.join(counts)})"
        )
    return {"order": order_for_sides(args.initiative_winner, counts, rules)}


def _combat(name: str) -> Callable[[argparse.Namespace, Rules], dict[str, Any]]:
    def run(args: argparse.Namespace, rules: Rules) -> dict[str, Any]:
        from game.referee import combat as referee_combat

        command = getattr(referee_combat, name)
        return command(args, rules, lambda q: _timed(q, args.repeat))  # type: ignore[no-any-return]

    return run


def _regiment(args: argparse.Namespace, rules: Rules) -> dict[str, Any]:
    from game.regiments.referee import answer as regiment_answer

    return regiment_answer(args.scenario, args.seed)


def _aero(args: argparse.Namespace, rules: Rules) -> dict[str, Any]:
    from game.referee.aero import aero

    return aero(args, rules, lambda q: _timed(q, args.repeat))


COMMANDS: dict[str, Callable[[argparse.Namespace, Rules], dict[str, Any]]] = {
    "move": _move,
    "reach": _reach,
    "order": _order,
    "los": _combat("los"),
    "attack": _combat("attack"),
    "heat": _combat("heat"),
    "physical": _combat("physical"),
    "regiment": _regiment,
    "aero": _aero,
}


def answer(argv: Sequence[str]) -> dict[str, Any]:
    """The JSON answer for a referee command line; raises UserFacingError on bad input."""
    args = build_parser().parse_args(list(argv))
    return COMMANDS[args.command](args, Rules(args.variant))


def main(argv: Sequence[str] | None = None) -> int:
    """Print one JSON object and return 0, or one sentence on stderr and return 2."""
    try:
        out = answer(sys.argv[1:] if argv is None else argv)
    except UserFacingError as e:
        with contextlib.suppress(BrokenPipeError):  # a bad file, read or not
            print(f"hexplate: {one_line(e)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except SystemExit as e:  # --help
        return int(e.code or 0)
    print(json.dumps(out))
    return EXIT_OK
