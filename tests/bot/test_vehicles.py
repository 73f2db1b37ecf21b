"""Vehicles scored as vehicles (issue 21): a hit on a vehicle may make a motive roll
(CMB-45's motive results, PSR-27's table), worse from the side and the rear and worst for
a hover craft; the bot counts it both when it fires at a vehicle and when its own vehicle
chooses where to stand. Vehicles track no heat."""

from __future__ import annotations

from dataclasses import replace

from game.bot.ends import candidate_ends
from game.bot.firing import decide_fire
from game.bot.ghosts import sights
from game.bot.moving import context, enemies_of, hurt_share, longest_range
from game.bot.numbers import heat_cost, motive_value
from game.bot.scoring import score
from game.bot.style import STYLES
from game.core.actions import Refused
from game.flow import apply
from game.hexgrid import Hex
from game.phases.actions import StandStill
from game.phases.weapons import DeclareFire, options_at

from .helpers import act, edit, position

BAL = STYLES["balanced"]


def test_a_motive_hit_costs_more_from_the_side_and_on_a_hover_craft() -> None:
    """PSR-27: 2D6 + side (rear +1, side +2) + kind (wheeled +2, hover +3); 13 in 36
    location rolls are motive results (3, 4, 5, 9)."""
    tracked = [motive_value(side, "tracked") for side in ("front", "rear", "left")]
    assert tracked == sorted(tracked) and tracked[0] > 0
    assert motive_value("left", "hover") > motive_value("left", "wheeled") > tracked[2]
    assert motive_value("front", "biped") == 0.0  # a Mech makes no motive rolls
    # tracked from the front: none on 2-5, minor 6-7, moderate 8-9, heavy 10-11, major 12
    assert abs(tracked[0] - 13 / 36 * (11 * 2 + 9 * 4 + 5 * 6 + 15) / 36) < 1e-9


def _two_scorpions():
    """A Hunchback (A1) and two Scorpion tanks 4 hexes off: B1 facing it, B2 showing it
    its side; all stood still, A declares first."""
    units = [("HBK-4G", "A", Hex(6, 8), 0), ("Scorpion", "B", Hex(4, 5), 2),
             ("Scorpion", "B", Hex(8, 5), 0)]  # fmt: skip
    s = position(units)
    for uid in ("A1", "B1", "B2"):
        s = act(s, StandStill(uid))
    assert str(s.phase) == "weapon attack", s.phase
    return s


def test_it_fires_at_the_tank_that_shows_its_side() -> None:
    s = _two_scorpions()
    at = {t: options_at(s, "A1", t) for t in ("B1", "B2")}
    assert at["B1"].side == "front" and at["B2"].side in ("left", "right")
    # the same to-hit numbers at both: only the motive risk tells them apart
    assert [o.target for o in at["B1"].weapons] == [o.target for o in at["B2"].weapons]
    choice = decide_fire(s, "A", BAL)
    assert isinstance(choice.action, DeclareFire) and choice.action.targets[0] == "B2", choice
    assert not isinstance(apply(s, choice.action), Refused)


def _scores_by_facing(design: str) -> dict[tuple[str, int], tuple[str, float, float]]:
    """Every candidate end of ``design`` (side A, to move) facing a Hunchback (moved)
    5 hexes north: (hex, facing) -> (side the Hunchback sees, damage taken, score)."""
    units = [(design, "A", Hex(6, 10), 0), ("HBK-4G", "B", Hex(6, 5), 3)]
    s = edit(position(units), "B1", lambda u: replace(u, moved=True))
    u, enemies = s.unit("A1"), enemies_of(s, "A")
    ctx = context(s, u, enemies, BAL, None, {})
    ends = candidate_ends(s, u, [e.at for e in enemies], 10)
    out = {}
    for sight, end in zip(sights(s, u, ends, enemies, longest_range(u), ctx.reach), ends,
                          strict=True):  # fmt: skip
        x = score(s, u, sight, end, enemies, ctx)
        if "B1" in sight.back and end.mode == "walk":
            key = (s.board.hex_name(sight.ghost.at), sight.ghost.facing)
            out[key] = (sight.back["B1"].side, x.taken, x.total)
    return out


def _front_and_side(scores: dict) -> list:
    pairs = [(a, b) for (h, f), a in scores.items() for (h2, f2), b in scores.items()
             if h == h2 and f != f2 and a[0] == "front" and b[0] in ("left", "right")]  # fmt: skip
    assert pairs, "no hex scored both facing the enemy and side on"
    return pairs


def test_a_tank_s_side_to_the_enemy_costs_it_the_motive_risk() -> None:
    """Of two candidate facings in one hex, the same volley back: for a Scorpion the one
    showing its side scores lower by the motive hits the volley is expected to cause
    (a vehicle is given more than one facing per hex to choose from); no heat to pay."""
    for front, side in _front_and_side(_scores_by_facing("Scorpion")):
        assert side[1] > front[1] and side[2] < front[2], (front, side)
    units = [("Scorpion", "A", Hex(6, 10), 0)]
    assert heat_cost(position([*units, ("HBK-4G", "B", Hex(6, 5), 3)]).unit("A1"), 30,
                     True) == 0.0  # fmt: skip


def _armour(u, code: str, armour: int):
    return replace(u, hull=u.hull.with_location(code, replace(u.hull[code], armour=armour)))


def test_it_fires_at_the_tank_it_can_destroy() -> None:
    """CMB-45: two Scorpions facing it, the same to-hit numbers, the same expected damage
    and both 14 armour points down: B2 in its front (2 left over 3 structure), so a
    Medium Laser hit there may destroy it (game.bot.vehicle_odds), B1 in its rear and
    turret, out of reach. It fires at B2, and its why-line gives the chance to kill."""
    s = _two_scorpions()
    s = edit(s, "B1", lambda u: _armour(_armour(replace(u, facing=2), "RR", 0), "TU", 12))
    s = edit(s, "B2", lambda u: _armour(replace(u, facing=4), "FR", 2))
    at = {t: options_at(s, "A1", t) for t in ("B1", "B2")}
    assert at["B1"].side == at["B2"].side == "front"
    assert [o.target for o in at["B1"].weapons] == [o.target for o in at["B2"].weapons]
    assert hurt_share(s.unit("B1")) == hurt_share(s.unit("B2")) > 0
    choice = decide_fire(s, "A", BAL)
    assert isinstance(choice.action, DeclareFire) and choice.action.targets[0] == "B2", choice
    assert "to kill" in choice.why and choice.numbers["kill"] > 0.1
    assert not isinstance(apply(s, choice.action), Refused)
