"""Aerospace fliers choose among their flights by score (issue 21, game.bot.flying):
off the map and control rolls cost most, then a flight that leaves too little room ahead
for its velocity; the first safe flight of the phase's plans is not the bot's choice when
it leaves the flier heading off the map."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.bot.flying import decide_flight, room_ahead, score_flight
from game.bot.players import make_player
from game.core.actions import Refused
from game.flow import actor, advance, apply
from game.hexgrid import Hex
from game.phases.actions import StartGame
from game.phases.aerospace import plans
from game.phases.flights import preview
from game.setup import new_game_from_scenario

from .helpers import edit

SCENARIO = Path(__file__).resolve().parents[1] / "ui" / "data" / "aero_scenario.json"


def _aerospace_phase():
    s = advance(apply(new_game_from_scenario(SCENARIO, seed=3), StartGame()).state)[0]
    bots = {"A": make_player("bot"), "B": make_player("bot")}
    while str(s.phase) != "aerospace movement":
        s = advance(apply(s, bots[str(actor(s))].decide(s).action).state)[0]
    return s


def test_a_flier_heading_for_the_edge_keeps_room_to_fly_on() -> None:
    s = _aerospace_phase()
    side = str(actor(s))
    uid = next(u.id for u in s.units if u.side == side and u.airborne and not u.moved)
    s = edit(s, uid, lambda u: replace(u, at=Hex(s.board.width - 4, 6), facing=1))  # NE
    s = replace(s, units=tuple(replace(u, moved=True) if u.airborne and u.id != uid and
                               u.side == side else u for u in s.units))  # fmt: skip
    u = s.unit(uid)
    scored = [x for x in (score_flight(s, u, p, None) for p in plans(u)) if x is not None]
    off = [x for x in scored if x.flight.off_map]
    tight = [x for x in scored if not x.flight.off_map and x.room < x.flight.velocity_after]
    assert off and tight  # the choice matters here
    free = [x for x in scored if x not in off and x not in tight and not x.flight.control_rolls]
    assert max(x.total for x in off) < min(x.total for x in free)
    assert max(x.total for x in tight) < max(x.total for x in free)
    choice = decide_flight(s, side)
    assert choice is not None and not isinstance(apply(s, choice.action), Refused)
    f = preview(s, uid, choice.action.steps)
    assert not f.off_map and not f.control_rolls
    assert room_ahead(s, f.end, f.facing) >= f.velocity_after, choice.why
    assert "room ahead" in choice.why and choice.why.startswith(uid)
