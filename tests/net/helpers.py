"""Helpers of the network-play tests (issue 23): a begun game, a random legal action,
and a loop that pumps both ends until something is true."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game.core.actions import Action, Refused
from game.flow import actor, advance, apply, choices
from game.phases.actions import StartGame
from game.setup import new_game_from_map, with_forces
from game.state import GameState


def begun_game(seed: int = 5, turns: int | None = None) -> GameState:
    """The default map with the default forces, started, the automatic steps taken."""
    state = with_forces(new_game_from_map("maps/default.tmx", seed=seed))
    if turns is not None:
        from dataclasses import replace

        state = replace(state, start=replace(state.start, turn_limit=turns))
    state = apply(state, StartGame()).state
    return advance(state)[0]


def legal_action(state: GameState, pick: random.Random) -> Action:
    """A random action of the side to act that the rules accept."""
    options = choices(state)
    pick.shuffle(options)
    for action in options:
        if not isinstance(apply(state, action), Refused):
            return action
    raise AssertionError(f"side {actor(state)} has no legal action in {state.phase}")


def host_move(state: GameState, action: Action) -> GameState:
    """The host's screen acting: the action, then the automatic steps."""
    out = apply(state, action)
    assert not isinstance(out, Refused), out
    return advance(out.state)[0]


def until(done: Callable[[], bool], *pumps: Callable[[], object], timeout: float = 10.0) -> None:
    """Pump every end until ``done()``; AssertionError on time out."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for pump in pumps:
            pump()
        if done():
            return
        time.sleep(0.005)
    raise AssertionError("timed out waiting")
