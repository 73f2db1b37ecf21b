"""``python main.py autoplay MAP | --scenario FILE --seed N [--turns K] [--tacops]
[--side A=KIND --side B=KIND] [--json]``: a whole game played headless; prints the log and
the outcome. By default both sides play random legal actions; ``--side`` gives a side
another player (KIND ``random``, ``greedy`` or ``bot[:STYLE[:LEVEL]]``, game.bot.players),
whose why-lines join the log. ``--json`` prints one object instead (winner, reason,
turns, damage dealt per side, decide_ms per side: p50/p95/max of a whole turn's deciding;
/work/shared/spec/scenario.md Extension 4); at the turn limit the side that dealt more
damage wins. ``--tacops`` turns the Tactical Operations option on (physical attack
defence among the moves, ADV-01).

It drives the same core the UI does (game.flow: apply, advance, choices, outcome), so it
doubles as a test tool: after every action the state's invariants are checked
(game.invariants) and at the end the game is replayed from its start and must come out
identical. A broken map or scenario is one sentence and exit 2, as everywhere.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from game.bot.match import Match, MatchError, final_result, play_match, summary
from game.bot.players import Player, make_player
from game.core.actions import Refused
from game.core.errors import UserFacingError
from game.core.options import TW, Rules
from game.flow import actor, advance, apply, choices, outcome, replay
from game.invariants import problems
from game.outcome import Result
from game.phases.actions import StartGame
from game.setup import new_game_from_map, new_game_from_scenario, with_forces
from game.state import GameState

DEFAULT_TURNS = 10
MAX_ACTIONS_PER_TURN = 500  # a guard against a phase that never lets anybody finish


class AutoplayError(UserFacingError):
    """Bad arguments to autoplay (one sentence)."""


class IllegalStateError(RuntimeError):
    """The game reached a state that breaks an invariant (a bug in the engine)."""


@dataclass(frozen=True, slots=True)
class Played:
    """A finished autoplay: the last state and its result (None: the turn limit came)."""

    state: GameState
    result: Result | None
    turns: int


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise AutoplayError(f"autoplay: {message}")


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    ap = _Parser(prog="python main.py autoplay", description=__doc__)
    ap.add_argument("map", nargs="?", type=Path, help="a .tmx or .board map: default forces")
    ap.add_argument("--scenario", type=Path, help="a scenario file with units placed")
    ap.add_argument("--seed", type=int, default=1, help="dice and choice seed (1)")
    ap.add_argument("--turns", type=int, default=DEFAULT_TURNS, help="stop after K turns")
    ap.add_argument("--quiet", action="store_true", help="print the outcome only")
    ap.add_argument("--tacops", action="store_true", help="the Tactical Operations option")
    ap.add_argument(
        "--side",
        action="append",
        default=[],
        metavar="SIDE=KIND",
        help="who plays a side: random (default), greedy, bot[:STYLE[:LEVEL]]",
    )
    ap.add_argument("--json", action="store_true", help="print the result as one JSON object")
    ns = ap.parse_args(list(argv))
    ns.players = _kinds(ns.side)
    if (ns.map is None) == (ns.scenario is None):
        raise AutoplayError("autoplay: give a MAP or --scenario FILE (one of them)")
    if ns.turns < 1:
        raise AutoplayError(f"autoplay: --turns {ns.turns} must be at least 1")
    return ns


def _kinds(given: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in given:
        side, eq, kind = item.partition("=")
        if not eq or not side or not kind:
            raise AutoplayError(f"autoplay: --side {item!r} is not SIDE=KIND (e.g. A=bot)")
        try:
            make_player(kind)
        except ValueError as e:
            raise AutoplayError(f"autoplay: --side {item}: {e}") from None
        out[side] = kind
    return out


def players_for(state: GameState, kinds: dict[str, str], seed: int) -> dict[str, Player]:
    """Each side's player; random players share one seeded chooser, as the plain autoplay."""
    unknown = [s for s in kinds if s not in state.sides]
    if unknown:
        raise AutoplayError(f"autoplay: there is no side {unknown[0]} (sides: "
                            f"{', '.join(state.sides)})")  # fmt: skip
    pick = random.Random(seed)
    return {side: make_player(kinds.get(side, "random"), seed, pick) for side in state.sides}


def start_state(ns: argparse.Namespace) -> GameState:
    """The game to play: a map with the default forces, or a scenario's units."""
    rules = Rules(tacops=True) if ns.tacops else TW
    if ns.scenario is not None:
        state = new_game_from_scenario(ns.scenario, seed=ns.seed, rules=rules)
    else:
        state = with_forces(new_game_from_map(ns.map, seed=ns.seed, rules=rules))
    out = apply(state, StartGame())
    if isinstance(out, Refused):
        raise AutoplayError(f"autoplay: the game cannot start: {out.reason}")
    return out.state


def play(state: GameState, seed: int, turns: int) -> Played:
    """Play random legal actions until the game ends or ``turns`` turns are over."""
    pick = random.Random(seed)
    state = _checked(advance(state)[0])
    acted = 0
    while (result := outcome(state)) is None and state.turn <= turns:
        if actor(state) is None:
            raise IllegalStateError(f"nobody can act in the {state.phase} phase")
        state = _checked(_one_action(state, pick))
        state = _checked(advance(state)[0])
        acted += 1
        if acted > MAX_ACTIONS_PER_TURN * (state.turn + 1):
            raise IllegalStateError(f"the {state.phase} phase never ends")
    return Played(state, result, min(state.turn, turns))


def _one_action(state: GameState, pick: random.Random) -> GameState:
    """A random action among the phase's choices that the rules accept."""
    options = choices(state)
    pick.shuffle(options)
    for action in options:
        out = apply(state, action)
        if not isinstance(out, Refused):
            return out.state
    raise IllegalStateError(f"side {actor(state)} has no legal action in the {state.phase} phase")


def _checked(state: GameState) -> GameState:
    found = problems(state)
    if found:
        raise IllegalStateError(f"turn {state.turn}, {state.phase} phase: {found[0]}")
    return state


def check_replay(state: GameState) -> None:
    """The game replayed from its start and actions must be the identical game."""
    again = replay(state.start_board or state.board, state.start, state.history)
    if again != state or again.log != state.log:
        raise IllegalStateError("replaying the game's actions does not give the same game")


def report(played: Played, quiet: bool) -> str:
    lines = [] if quiet else [f"T{e.turn} {e.phase}: {e.text}" for e in played.state.log]
    if played.result is not None:
        lines.append(f"Outcome: {played.result.headline} ({played.result.reason})")
    else:
        lines.append(f"Outcome: no winner after {played.turns} turns")
    return "\n".join(lines)


def match_report(m: Match, players: dict[str, Player], quiet: bool) -> str:
    """The log with each player's why-lines before the entries their action made."""
    lines: list[str] = []
    notes = {n.at: n for n in m.notes}
    for i, e in enumerate(m.state.log):
        n = notes.get(i)
        if n is not None and not quiet:
            lines.append(f"T{n.turn} {n.phase}: ({players[n.side].label}) {n.text}")
        if not quiet:
            lines.append(f"T{e.turn} {e.phase}: {e.text}")
    r = final_result(m)
    lines.append(f"Outcome: {r.headline} ({r.reason})")
    return "\n".join(lines)


def _main_players(ns: argparse.Namespace) -> int:
    state = start_state(ns)
    players = players_for(state, ns.players, ns.seed)
    try:
        m = play_match(state, players, ns.turns)
        check_replay(m.state)
    except (IllegalStateError, MatchError) as e:
        print(f"autoplay: the engine broke a rule of the game: {e}", file=sys.stderr)
        return 1
    print(json.dumps(summary(m)) if ns.json else match_report(m, players, ns.quiet))
    return 0


def main(argv: Sequence[str]) -> int:
    ns = parse_args(argv)
    if ns.players or ns.json:
        return _main_players(ns)
    try:
        played = play(start_state(ns), ns.seed, ns.turns)
        check_replay(played.state)
    except IllegalStateError as e:  # an engine bug, not the user's input
        print(f"autoplay: the engine broke a rule of the game: {e}", file=sys.stderr)
        return 1
    print(report(played, ns.quiet))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
