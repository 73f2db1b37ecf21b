"""Positions where the right answer is clear and other programs' bots are known to get it
wrong (issue 21): each built by hand on a small board, the bot asked for its action, the
action checked with the core."""

from __future__ import annotations

import random
from dataclasses import replace

from game.board import HexSpec
from game.bot.firing import decide_fire
from game.bot.moving import decide_move
from game.bot.style import LEVELS, STYLES
from game.core.actions import Refused
from game.flow import apply
from game.hexgrid import Hex, distance
from game.phases.actions import CommitMove, StandStill
from game.phases.movement import DeclareCharge
from game.phases.movers import reach_of
from game.phases.weapons import DeclareFire, movements, options_at
from game.rules.combat.records import STOOD_STILL
from game.rules.heat import heat_forecast
from game.rules.move.movement import check_move
from game.units.unit import ground

from .helpers import edit, position

BAL, NORMAL = STYLES["balanced"], LEVELS["normal"]


def _move(s, side="A", style=BAL):
    choice = decide_move(s, side, style, NORMAL, random.Random(1))
    assert not isinstance(apply(s, choice.action), Refused), choice
    return choice


def _end(s, action) -> Hex:
    if isinstance(action, StandStill):
        return s.unit(action.unit_id).at
    res = check_move(s.board, ground(s.units), action.unit_id, action.mode, action.steps, s.rules)
    assert res.legal
    return res.end_at


def _path(s, action) -> list[Hex]:
    if isinstance(action, StandStill):
        return [s.unit(action.unit_id).at]
    res = check_move(s.board, ground(s.units), action.unit_id, action.mode, action.steps, s.rules)
    return [r.state_after.at for r in res.reports] + [res.end_at]


def _breach_leg(u):
    leg = u.body["LL"]
    hurt = replace(leg, armour=0, structure=leg.structure - 2)
    return replace(u, body=u.body.with_location("LL", hurt))


LAKE = {Hex(c, r): HexSpec(water=2) for c in range(16) for r in range(16)
        if 1 <= distance(Hex(c, r), Hex(6, 6)) <= 3}  # fmt: skip


def test_a_breached_leg_keeps_out_of_deep_water() -> None:
    """A Hunchback on a one-hex island in a depth-2 lake, an Atlas on the shore: whole, it
    steps into the water (out of sight, MOV-20 minimum move); with a breached leg it must
    not (the hull breach the bot counts), whatever the Atlas does to it."""
    units = [("HBK-4G", "A", Hex(6, 6), 1), ("AS7-D", "B", Hex(12, 6), 4)]
    s = edit(position(units, LAKE), "B1", lambda u: replace(u, moved=True))
    whole = _move(s)
    assert max(s.board.water[h.row, h.col] for h in _path(s, whole.action)) >= 2, whole
    hurt = edit(s, "A1", _breach_leg)
    choice = _move(hurt)
    assert all(hurt.board.water[h.row, h.col] < 2 for h in _path(hurt, choice.action)), choice


def test_a_hot_mech_picks_cooler_weapons_rather_than_shut_down() -> None:
    """A Jenner at heat 12: firing everything (15 heat, 10 sinks) would reach 17 (shutdown
    on 6+); the bot fires less and stays below the shutdown scale (HEAT-08)."""
    units = [("JR7-D", "A", Hex(4, 6), 1), ("WVR-6R", "B", Hex(7, 6), 4)]
    s = _to_fire(position(units))
    s = edit(s, "A1", lambda u: replace(u, heat=12))
    every = [w.index for w in options_at(s, "A1", "B1").weapons if w.fires]
    assert heat_forecast(s.unit("A1"), every, STOOD_STILL, s.board).shutdown is not None
    choice = decide_fire(s, "A", BAL)
    a = choice.action
    assert isinstance(a, DeclareFire) and a.targets, choice  # it still fires something
    fired = [w for ws in a.weapons for w in ws]
    after = heat_forecast(s.unit("A1"), fired, movements(s).get("A1", STOOD_STILL), s.board)
    assert after.shutdown is None, (choice, after)
    assert not isinstance(apply(s, a), Refused)


def _to_fire(s):
    """Both units stand still: the weapon attack phase of turn 1, A declaring first."""
    from .helpers import act

    s = act(s, StandStill("A1"))
    s = act(s, StandStill("B1"))
    assert str(s.phase) == "weapon attack", s.phase
    return s


def test_with_equal_damage_to_deal_it_ends_in_woods() -> None:
    """The enemy far off across open ground: of the hexes it can reach towards it, the
    bot ends in one of the three woods hexes."""
    woods = {Hex(c, r): HexSpec(woods=1) for c, r in ((5, 4), (6, 9), (4, 11))}
    units = [("HBK-4G", "A", Hex(2, 7), 1), ("AS7-D", "B", Hex(15, 7), 4)]
    s = position(units, woods, size=(30, 16))
    choice = _move(s)
    end = _end(s, choice.action)
    assert s.board.woods[end.row, end.col] >= 1, choice


def test_a_light_mech_does_not_charge_or_jump_on_an_atlas() -> None:
    """A Jenner beside a moved Atlas: a charge or death from above deals little and risks a
    fall and the Atlas' fire; the bot does neither (PHY-10..14)."""
    units = [("JR7-D", "A", Hex(5, 6), 1), ("AS7-D", "B", Hex(6, 6), 4)]
    s = edit(position(units), "B1", lambda u: replace(u, moved=True))
    choice = _move(s)
    assert not isinstance(choice.action, DeclareCharge), choice


def test_it_never_walks_onto_a_roof_that_cannot_hold_it() -> None:
    """A light building (CF 10) straight ahead towards the enemy, a 55-ton Mech: it
    would fall through the roof (MOV-32); the bot's path keeps off it."""
    roof = {Hex(c, r): HexSpec(level=0, building_class=1, building_cf=10, building_height=1)
            for c in range(5, 7) for r in range(3, 10)}  # fmt: skip
    units = [("WVR-6R", "A", Hex(4, 6), 1), ("AS7-D", "B", Hex(9, 6), 4)]
    s = edit(position(units, roof), "B1", lambda u: replace(u, moved=True))
    reach = reach_of(s, "A1", "walk").hexes()
    assert any(h in reach for h in roof)  # it could go there
    choice = _move(s)
    if isinstance(choice.action, CommitMove):
        res = check_move(s.board, ground(s.units), "A1", choice.action.mode, choice.action.steps,
                         s.rules)  # fmt: skip
        assert not res.warnings, res.warnings
    assert all(h not in roof for h in _path(s, choice.action)), choice


def test_it_turns_its_rear_away_from_an_enemy_that_has_not_moved() -> None:
    """A moved Wolverine ahead, an unmoved Hunchback behind: after its move the Hunchback
    does not see its rear."""
    units = [
        ("WVR-6R", "A", Hex(8, 8), 1),
        ("AS7-D", "B", Hex(16, 4), 4),
        ("HBK-4G", "B", Hex(3, 10), 1),
    ]  # fmt: skip  (NE ahead, SW behind)
    s = edit(position(units, size=(20, 16)), "B1", lambda u: replace(u, moved=True))
    assert options_at(s, "B2", "A1").side == "rear"  # where it stands, facing the Atlas
    choice = _move(s)
    out = apply(s, choice.action)
    assert not isinstance(out, Refused)
    after = out.state
    assert options_at(after, "B2", "A1").side != "rear", choice
