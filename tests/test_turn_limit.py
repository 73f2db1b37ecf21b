"""The turn limit (issue 11 item 6): a game started with one ends after that turn, decided
by the damage each side dealt (game.outcome); it is set before the game begins
(game.setup.with_turn_limit, the start screen, ``play --turns K``), counted in the banner
and kept by saves."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hotseat_helpers import setup_game

from game.board import build_board
from game.flow import actor, advance, apply, apply_strict, banner, outcome
from game.phases.actions import StandStill
from game.phases.movement import to_move
from game.phases.physical import DeclarePhysical
from game.phases.physical import to_declare as to_strike
from game.phases.weapons import DeclareFire, to_declare
from game.rules.turn import Phase
from game.save import load_game, save_game
from game.setup import new_game, with_turn_limit
from game.state import GameState


def quiet_turn(s: GameState) -> GameState:
    """One whole turn in which every unit stands still and makes no attack."""
    turn = s.turn
    while s.turn == turn and outcome(s) is None:
        s, _ = advance(s)
        side = actor(s)
        if side is None:
            continue
        if s.phase == Phase.MOVEMENT:
            action = StandStill(to_move(s, side)[0].id)
        elif s.phase == Phase.WEAPON_ATTACK:
            action = DeclareFire(to_declare(s, side)[0].id)
        else:
            action = DeclarePhysical(to_strike(s, side)[0].id)
        s = apply_strict(s, action).state
    return s


def limited(turns: int | None) -> GameState:
    s, _ = advance(with_turn_limit(setup_game(), turns))
    return s


def test_with_turn_limit_sets_the_start_and_refuses_a_limit_out_of_range() -> None:
    s = new_game(build_board(4, 4))
    assert with_turn_limit(s, 8).start.turn_limit == 8
    assert with_turn_limit(with_turn_limit(s, 8), None).start.turn_limit is None
    for bad in (0, -1, 100):
        with pytest.raises(ValueError, match="1 to 99"):
            with_turn_limit(s, bad)


def test_the_banner_counts_the_turns_of_a_limited_game() -> None:
    s = limited(3)
    assert banner(s).startswith("Turn 1 of 3 - Movement")
    assert banner(limited(None)).startswith("Turn 1 - Movement")


def test_a_limited_game_ends_after_its_last_turn_a_draw_on_equal_damage() -> None:
    s = quiet_turn(limited(1))
    result = outcome(s)
    assert result is not None and result.winner is None and result.turn == 1
    assert result.reason == "turn limit 1: equal damage (A dealt 0, B dealt 0)"
    assert not apply(s, StandStill("A1")).ok  # a finished game refuses every action


def test_the_side_that_dealt_more_damage_wins_at_the_turn_limit() -> None:
    s = limited(1)
    b1 = s.unit("B1")
    body = b1.body.with_location("CT", replace(b1.body["CT"], armour=b1.body["CT"].armour - 7))
    s = replace(s, units=tuple(replace(u, body=body) if u.id == "B1" else u for u in s.units))
    assert outcome(s) is None  # not before the limit
    s = quiet_turn(s)
    result = outcome(s)
    assert result is not None and result.winner == "A"
    assert result.reason == "turn limit 1: A dealt 7, B dealt 0"
    assert result.headline == "Side A wins - turn 1"


def test_a_save_keeps_the_turn_limit(tmp_path: Path) -> None:
    s = quiet_turn(limited(2))
    save_game(s, tmp_path / "g.json")
    loaded = load_game(tmp_path / "g.json")
    assert loaded.start.turn_limit == 2 and loaded == s
    assert banner(loaded).startswith("Turn 2 of 2")
