"""Hand-made positions for the bot's tests: a small board, units put where the test
wants them, the game taken to the phase the test asks (through the core's own actions;
afterwards the test may set up a unit's damage or heat with dataclasses.replace, as a
scenario would)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from game.board import HexSpec, build_board
from game.core.actions import Action, Refused
from game.core.options import TW, Rules
from game.flow import actor, advance, apply, choices
from game.hexgrid import Hex
from game.phases.actions import AddUnit, StartGame
from game.setup import new_game
from game.state import GameState
from game.units.unit import Unit

# initiative: A rolls 1+1, B rolls 6+6: B wins, so A moves (and declares) first
A_FIRST = (1, 1, 6, 6)


def act(s: GameState, a: Action) -> GameState:
    out = apply(s, a)
    assert not isinstance(out, Refused), f"{a}: {out.reason}"
    return advance(out.state)[0]


def position(units: Sequence[tuple[str, str, Hex, int]], hexes: Mapping[Hex, HexSpec] = {},
             size: tuple[int, int] = (16, 16), seed: int = 1,
             script: tuple[int, ...] = A_FIRST, rules: Rules = TW) -> GameState:  # fmt: skip
    """Units (design, side, hex, facing) deployed on a clear board with ``hexes``; the game
    in the movement phase of turn 1, side A to act."""
    s = new_game(build_board(*size, hexes), seed=seed, script=script, rules=rules)
    for design, side, _, _ in units:
        s = act(s, AddUnit(design, side))
    s = act(s, StartGame())
    while str(s.phase) == "deployment":  # in the zones first, then where the test wants
        s = act(s, choices(s)[0])
    assert str(s.phase) == "movement" and actor(s) == "A", (s.phase, actor(s))
    ids = [u.id for u in s.units]
    for uid, (_, _, at, facing) in zip(ids, units, strict=True):
        s = edit(s, uid, lambda u, at=at, facing=facing: replace(u, at=at, facing=facing))
    return s


def edit(s: GameState, uid: str, change: Callable[[Unit], Unit]) -> GameState:
    return replace(s, units=tuple(change(u) if u.id == uid else u for u in s.units))
