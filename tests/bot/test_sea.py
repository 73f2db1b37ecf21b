"""WiGE, naval and submarine units under the bot (ADV-17..25): an airborne WiGE keeps
its 5 hexes or lands where it may, never stands still in the air; naval units end in
water; a submarine dives out of an Atlas's fire and surfaces to fire at a Mech that
cannot fire back; a short bot game on the harbour map with all three kinds, every
action the bot's own and accepted by the core."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from game.board import HexSpec
from game.bot.ends import candidate_ends, hovering
from game.bot.moving import decide_move
from game.bot.players import make_player
from game.bot.style import LEVELS, STYLES
from game.core.actions import Refused
from game.flow import actor, advance, apply, apply_strict, outcome
from game.hexgrid import Hex
from game.phases.actions import CommitMove, StandStill, StartGame
from game.rules.move.flight import STAY_AIRBORNE, landable
from game.rules.move.movement import check_move
from game.rules.turn import Phase
from game.setup import new_game_from_map, with_forces
from game.units.unit import ground

from .helpers import edit, position
from .test_defence import _disarmed

ROOT = Path(__file__).resolve().parents[2]
LAKE = {Hex(c, r): HexSpec(water=3) for c in range(16) for r in range(8, 16)}
BAL = STYLES["balanced"]


SHORE = Hex(3, 6)


def _sea(enemy: str, disarmed: bool = False, wige: Hex = SHORE):
    """A Barracuda (A1) surfaced and a Corsair (A2) in a depth-3 lake (rows 8-15), a
    Skimmer (A3) in the air (over the shore by default), ``enemy`` (moved) on the shore 5
    hexes north of A1."""
    units = [("Barracuda", "A", Hex(6, 10), 0), ("Corsair", "A", Hex(10, 12), 0),
             ("Skimmer", "A", wige, 1), (enemy, "B", Hex(6, 5), 3)]  # fmt: skip
    s = position(units, LAKE)
    s = edit(s, "B1", lambda u: _disarmed(replace(u, moved=True)) if disarmed else
             replace(u, moved=True))  # fmt: skip
    return edit(s, "A3", lambda u: replace(u, wige_airborne=True, altitude=1))


def _move(s, uid: str):
    s = replace(s, units=tuple(replace(u, moved=u.side == "A" and u.id != uid)
                               for u in s.units))  # fmt: skip
    choice = decide_move(s, "A", BAL, LEVELS["normal"], random.Random(1))
    assert getattr(choice.action, "unit_id", uid) == uid, choice
    assert not isinstance(apply(s, choice.action), Refused), choice
    return s, choice


def test_a_submarine_dives_from_an_atlas_and_surfaces_at_a_mech_that_cannot_fire() -> None:
    """ADV-25: a submerged submarine neither fires nor is fired at (the core's to-hit);
    its candidates hold each depth, and the score picks the one that pays."""
    s, choice = _move(_sea("AS7-D"), "A1")
    assert isinstance(choice.action, CommitMove), choice
    res = check_move(s.board, ground(s.units), "A1", choice.action.mode, choice.action.steps,
                     s.rules)  # fmt: skip
    assert res.end_depth >= 1 and "dives" in choice.why, choice
    down = edit(_sea("AS7-D", disarmed=True), "A1", lambda u: replace(u, depth=2))
    s, up = _move(down, "A1")
    res = check_move(s.board, ground(s.units), "A1", up.action.mode, up.action.steps, s.rules)
    assert res.end_depth == 0 and "surfaces" in up.why, up
    depths = {e.result.end_depth for e in candidate_ends(s, s.unit("A1"), [Hex(6, 5)], 10)
              if e.result is not None}  # fmt: skip
    assert {0, 2, 3} <= depths  # the surface, where it is, the deepest (the lake: 3)


def test_naval_ends_are_in_water() -> None:
    """ADV-24: surface vessels move only through water of depth 1 or more."""
    s = _sea("AS7-D")
    ends = candidate_ends(s, s.unit("A2"), [Hex(6, 5)], 10)
    assert len(ends) > 5
    assert all(s.board.water[e.at.row, e.at.col] >= 1 for e in ends if e.result is not None)
    _move(s, "A2")


def test_an_airborne_wige_flies_on_or_lands_and_never_stands_still_in_the_air() -> None:
    """ADV-17/18: at least 5 hexes to stay airborne, else it lands where it ends - only in
    clear or paved hexes (water destroys it, other terrain is a crash). Standing still is
    a candidate only for the baseline, never chosen; landing where it is is one."""
    s = _sea("AS7-D")
    u = s.unit("A3")
    ends = candidate_ends(s, u, [Hex(6, 5)], 10)
    assert any(e.mode == "walk" and not e.steps for e in ends)  # it may land in place
    for e in ends:
        if e.result is None:
            assert hovering(u, e)
            continue
        r = e.result
        assert r.end_airborne or landable(s.board, r.end_at) is None, e
        assert not r.end_airborne or r.hexes_moved >= STAY_AIRBORNE, e
    s, choice = _move(s, "A3")
    assert not isinstance(choice.action, StandStill), choice
    wet = _sea("AS7-D", wige=Hex(3, 10))  # over the lake: no landing there (ADV-18)
    ends = candidate_ends(wet, wet.unit("A3"), [Hex(6, 5)], 10)
    assert not any(e.mode == "walk" and not e.steps for e in ends)
    assert all(e.result is None or e.result.end_airborne or
               landable(wet.board, e.result.end_at) is None for e in ends)  # fmt: skip
    assert not isinstance(_move(wet, "A3")[1].action, StandStill)


@pytest.mark.slow
def test_a_bot_game_on_the_harbour_with_a_wige_a_ship_and_a_submarine() -> None:
    """Three turns, bot against bot: every action the bot's own (nothing refused), naval
    units in water after every action, a submarine never deeper than its water, no
    airborne WiGE standing still."""
    force = (("HBK-4G", 4, 5), ("Skimmer", 4, 5), ("Corsair", 4, 5), ("Barracuda", 4, 5))
    s = with_forces(new_game_from_map(ROOT / "maps" / "harbour.tmx", seed=1),
                    {"A": force, "B": force})  # fmt: skip
    s = advance(apply_strict(s, StartGame()).state)[0]
    players = {"A": make_player("bot", 1), "B": make_player("bot:aggressive", 1)}
    kinds = set()
    while outcome(s) is None and s.turn <= 3:
        side = actor(s)
        assert side is not None
        d = players[side].decide(s)
        if isinstance(d.action, StandStill) and s.phase == Phase.MOVEMENT:
            u = s.unit(d.action.unit_id)
            assert not u.wige_airborne or u.immobile, d
        out = apply(s, d.action)
        assert not isinstance(out, Refused), (d, out.reason)
        s = advance(out.state)[0]
        for u in s.units:
            if u.destroyed or not s.board.contains(u.at):
                continue
            water = int(s.board.water[u.at.row, u.at.col])
            if u.kind in ("naval", "submarine"):
                assert water >= 1, (u.id, u.at)
                kinds.add(u.kind)
            if u.kind == "submarine":
                assert u.depth <= water, (u.id, u.depth, water)
            if u.kind == "wige":
                kinds.add(u.kind)
    assert all(not p.refused for p in players.values()), [p.refused for p in players.values()]
    assert kinds == {"naval", "submarine", "wige"}


def test_standing_still_in_the_air_is_never_chosen_even_when_it_scores_best(monkeypatch) -> None:
    """ADV-17: however well standing still scores (here 100 points added to it), an
    airborne WiGE lands or flies on; a Mech beside it may stand still."""
    import game.bot.moving as moving

    real = moving.score

    def stand_first(s, u, sight, end, enemies, ctx):  # type: ignore[no-untyped-def]
        x = real(s, u, sight, end, enemies, ctx)
        return replace(x, total=x.total + 100.0) if end.mode == "stand" else x

    monkeypatch.setattr(moving, "score", stand_first)
    for at in (SHORE, Hex(3, 10)):  # over the shore and over the lake
        _, choice = _move(_sea("AS7-D", wige=at), "A3")
        assert not isinstance(choice.action, StandStill), choice
    _, choice = _move(_sea("AS7-D"), "A2")  # the Corsair: standing still is allowed
    assert isinstance(choice.action, StandStill), choice


def test_adv_17_an_airborne_wige_that_stands_still_lands_and_over_water_is_lost() -> None:
    """The core, not only the bot: a StandStill flies 0 of the 5 hexes a WiGE needs to stay
    up, so it lands where it is at no MP and counts as standing still (ADV-17); over water
    the landing destroys it (ADV-18)."""
    s = _sea("AS7-D")
    s = replace(s, units=tuple(replace(u, moved=u.side == "A" and u.id != "A3")
                               for u in s.units))  # fmt: skip
    out = apply_strict(s, StandStill("A3"))
    down = out.state.unit("A3")
    assert not down.wige_airborne and down.altitude == 0 and down.at == SHORE
    assert out.state.move_record("A3").mode == "stand"
    assert any("lands" in e.text for e in out.events), [e.text for e in out.events]
    wet = _sea("AS7-D", wige=Hex(3, 10))
    wet = replace(wet, units=tuple(replace(u, moved=u.side == "A" and u.id != "A3")
                                   for u in wet.units))  # fmt: skip
    lost = apply_strict(wet, StandStill("A3")).state
    assert lost.is_destroyed(lost.unit("A3")) or "A3" in lost.wrecked
