"""A whole game between players, headless (``python main.py autoplay --side``, the
benchmarks, the tests): each action is asked of the acting side's player, timed, sent to
game.flow.apply - which must accept it - and the state's invariants are checked after
it (game.invariants). The why-lines of the players are kept beside the log."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from game.bot.players import Player
from game.core.actions import Refused
from game.flow import actor, advance, apply, outcome
from game.invariants import problems
from game.outcome import Result, damage_taken
from game.state import GameState

MAX_ACTIONS_PER_TURN = 500


class MatchError(RuntimeError):
    """A player's action was refused, or the game broke an invariant (a bug)."""


@dataclass(frozen=True, slots=True)
class Note:
    """A player's why-line, placed before the log entries its action made."""

    at: int  # len(state.log) before the action
    turn: int
    phase: str
    side: str
    text: str


@dataclass(frozen=True, slots=True)
class Match:
    state: GameState
    result: Result | None  # None: the turn limit came first
    turns: int
    notes: tuple[Note, ...] = ()
    decide_ms: Mapping[str, tuple[float, ...]] = field(default_factory=dict)  # per turn
    cpu_ms: Mapping[str, tuple[float, ...]] = field(default_factory=dict)  # the same, CPU
    actions: int = 0


def checked(state: GameState) -> GameState:
    found = problems(state)
    if found:
        raise MatchError(f"turn {state.turn}, {state.phase} phase: {found[0]}")
    return state


def play_match(state: GameState, players: Mapping[str, Player], turns: int) -> Match:
    """Play until the game ends or ``turns`` turns are over; every action must be legal."""
    state = checked(advance(state)[0])
    notes: list[Note] = []
    spent: dict[str, dict[int, float]] = {side: {} for side in players}
    cpu: dict[str, dict[int, float]] = {side: {} for side in players}
    acted = 0
    while (result := outcome(state)) is None and state.turn <= turns:
        side = actor(state)
        if side is None:
            raise MatchError(f"nobody can act in the {state.phase} phase")
        start, work = time.perf_counter(), time.process_time()
        decision = players[side].decide(state)
        ms = (time.perf_counter() - start) * 1000
        spent[side][state.turn] = spent[side].get(state.turn, 0.0) + ms
        work = (time.process_time() - work) * 1000
        cpu[side][state.turn] = cpu[side].get(state.turn, 0.0) + work
        out = apply(state, decision.action)
        if isinstance(out, Refused):
            raise MatchError(f"{players[side].label} sent {decision.action}: {out.reason}")
        if decision.why:
            notes.append(Note(len(state.log), state.turn, str(state.phase), side, decision.why))
        state = checked(advance(checked(out.state))[0])
        acted += 1
        if acted > MAX_ACTIONS_PER_TURN * (state.turn + 1):
            raise MatchError(f"the {state.phase} phase never ends")
    times = {side: tuple(v for _, v in sorted(per.items())) for side, per in spent.items()}
    works = {side: tuple(v for _, v in sorted(per.items())) for side, per in cpu.items()}
    return Match(state, result, min(state.turn, turns), tuple(notes), times, works, acted)


def dealt(state: GameState) -> dict[str, int]:
    """Armour and structure each side's enemies lost (game.outcome.damage_taken)."""
    return {side: sum(damage_taken(u) for u in state.units if u.side != side)
            for side in state.sides}  # fmt: skip


def final_result(m: Match) -> Result:
    """The game's result; at the turn limit, the side that dealt more damage wins."""
    if m.result is not None:
        return m.result
    d = dealt(m.state)
    text = ", ".join(f"{s} dealt {n}" for s, n in d.items())
    best = max(d.values())
    top = [s for s, n in d.items() if n == best]
    winner = top[0] if len(top) == 1 else None
    return Result(winner, f"turn limit: {text}", m.turns)


def percentiles(xs: tuple[float, ...]) -> dict[str, float]:
    if not xs:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    a = np.array(xs)
    return {
        "p50": round(float(np.percentile(a, 50)), 2),
        "p95": round(float(np.percentile(a, 95)), 2),
        "max": round(float(a.max()), 2),
    }


def summary(m: Match) -> dict[str, object]:
    """The ``autoplay --json`` object (/work/shared/spec/scenario.md Extension 4)."""
    r = final_result(m)
    return {
        "winner": r.winner,
        "reason": r.reason,
        "turns": m.turns,
        "damage": dealt(m.state),
        "decide_ms": {side: percentiles(m.decide_ms.get(side, ())) for side in m.state.sides},
    }
