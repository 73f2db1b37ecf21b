"""Every phase the bot is asked in chooses an action the core accepts, in hand-made
positions: deployment, movement (standing, prone, immobile, a move under way), weapon
attacks (in arc, out of arc, overheated, no enemy in sight), physical attacks (beside
an enemy, a prone one), for every style and level."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.board import build_board
from game.bot.players import BotPlayer, GreedyPlayer, make_player
from game.bot.style import LEVELS, STYLES
from game.core.actions import Refused
from game.flow import actor, apply
from game.hexgrid import Hex
from game.phases.actions import AddUnit, StandStill, StartGame
from game.setup import new_game

from .helpers import act, edit, position

PLAYERS = [f"bot:{s}:{lv}" for s in STYLES for lv in LEVELS] + ["greedy"]


def _legal(player, s) -> None:
    d = player.decide(s)
    assert not isinstance(apply(s, d.action), Refused), d
    if isinstance(player, BotPlayer | GreedyPlayer):
        assert player.refused == [], player.refused


@pytest.mark.parametrize("kind", PLAYERS)
def test_deployment(kind: str) -> None:
    s = new_game(build_board(16, 16), seed=2)
    for design, side in (("HBK-4G", "A"), ("JR7-D", "A"), ("AS7-D", "B")):
        s = act(s, AddUnit(design, side))
    s = act(s, StartGame())
    p = make_player(kind)
    while str(s.phase) == "deployment":
        d = p.decide(s)
        s = act(s, d.action)
    assert all(s.board.contains(u.at) for u in s.units)


def _movement_positions():
    base = [("HBK-4G", "A", Hex(4, 6), 1), ("JR7-D", "A", Hex(5, 9), 1),
            ("AS7-D", "B", Hex(10, 6), 4)]  # fmt: skip
    s = position(base)
    yield "plain", s
    yield "prone", edit(s, "A1", lambda u: replace(u, prone=True))
    yield "hot", edit(s, "A2", lambda u: replace(u, heat=20))
    yield "enemy moved", edit(s, "B1", lambda u: replace(u, moved=True))
    yield "adjacent", edit(s, "A2", lambda u: replace(u, at=Hex(9, 6)))


@pytest.mark.parametrize("kind", PLAYERS)
def test_movement_weapons_and_physical(kind: str) -> None:
    """Each position played through movement, weapon and physical attack phases."""
    for _, s in _movement_positions():
        players = {"A": make_player(kind), "B": make_player("bot")}
        turn = s.turn
        while s.turn == turn and str(s.phase) != "heat" and actor(s) is not None:
            _legal(players[actor(s)], s)
            s = act(s, players[actor(s)].decide(s).action)


def test_a_physical_attack_is_chosen_when_worth_it() -> None:
    """A Hunchback beside a prone Jenner in the physical phase kicks or punches it."""
    units = [("HBK-4G", "A", Hex(5, 6), 1), ("JR7-D", "B", Hex(6, 6), 4)]
    s = position(units)
    s = act(s, StandStill("A1"))
    s = act(s, StandStill("B1"))
    bot = make_player("bot")
    while str(s.phase) == "weapon attack":
        s = act(s, bot.decide(s).action)
    assert str(s.phase) == "physical attack", s.phase
    d = bot.decide(s)
    assert d.action.kinds, d  # type: ignore[attr-defined]
    assert not isinstance(apply(s, d.action), Refused)
