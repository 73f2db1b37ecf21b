"""The bot's numbers are the core's: the to-hit answers it reads for a candidate end (a
ghost of the unit there, game.bot.ghosts) equal game.rules.combat.tohit.weapon_options
on the state where the unit really made that move, both ways, and its expected damage
equals game.rules.combat.odds.volley_odds weapon by weapon (hypothesis, random positions
on a board with woods and hills)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board import HexSpec
from game.bot.ends import candidate_ends
from game.bot.ghosts import sights
from game.bot.numbers import expected_damage
from game.core.actions import Refused
from game.flow import apply
from game.hexgrid import Hex
from game.phases.actions import CommitMove, StandStill
from game.phases.weapons import options_at
from game.rules.combat.odds import volley_odds

from .helpers import position

TERRAIN = {Hex(c, r): HexSpec(woods=1 + (c + r) % 2) for c in range(3, 13) for r in range(3, 13)
           if (c * 7 + r * 3) % 5 == 0}  # fmt: skip
TERRAIN |= {Hex(c, r): HexSpec(level=1) for c in range(6, 9) for r in range(9, 12)}


def _same(a, b) -> bool:
    return [(w.index, w.can_fire, w.target, w.modifiers) for w in a.weapons] == [
        (w.index, w.can_fire, w.target, w.modifiers) for w in b.weapons
    ] and (a.side, a.arc) == (b.side, b.arc)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 15),
    st.integers(0, 15),
    st.integers(0, 5),
    st.integers(0, 15),
    st.integers(0, 15),
    st.integers(0, 40),
    st.sampled_from(["HBK-4G", "JR7-D", "WVR-6R"]),
)
def test_the_numbers_of_a_candidate_are_those_of_the_move_made(c, r, f, ec, er, pick,
                                                             design):  # fmt: skip
    a, e = Hex(c, r), Hex(ec, er)
    if a == e:
        return
    s = position([(design, "A", a, f), ("AS7-D", "B", e, (f + 3) % 6)], TERRAIN, seed=pick)
    u, enemy = s.unit("A1"), s.unit("B1")
    ends = candidate_ends(s, u, [e], 6)
    end = ends[pick % len(ends)]
    seen = sights(s, u, [end], [enemy], 99, {"B1": 99})[0]
    action = StandStill("A1") if end.mode == "stand" else CommitMove("A1", end.mode, end.steps)
    out = apply(s, action, mover=None)
    assert not isinstance(out, Refused), out
    after = out.state
    moved = after.unit("A1")
    if moved.prone != seen.ghost.prone or moved.at != seen.ghost.at:
        return  # a failed roll on the way: the move ended elsewhere
    mine, theirs = options_at(after, "A1", "B1"), options_at(after, "B1", "A1")
    assert _same(seen.out["B1"], mine)
    assert _same(seen.back["B1"], theirs)
    odds = volley_odds(mine, enemy, rules=after.rules)
    bot = {w.index: expected_damage(w, seen.out["B1"], enemy, s.rules) for w in mine.weapons}
    for w in odds.weapons:
        assert abs(bot[w.index] - w.damage) < 1e-9


def test_the_volley_chooser_only_fires_weapons_that_can_fire() -> None:
    from game.bot.style import STYLES
    from game.bot.volley import plan_volley

    rng = random.Random(3)
    for _ in range(20):
        a, e = Hex(rng.randrange(16), rng.randrange(16)), Hex(rng.randrange(16), rng.randrange(16))
        if a == e:
            continue
        s = position([("HBK-4G", "A", a, rng.randrange(6)), ("JR7-D", "B", e, 0)], TERRAIN)
        opts = options_at(s, "A1", "B1")
        v = plan_volley(s.unit("A1"), opts, s.unit("B1"), 0, STYLES["aggressive"], s.rules)
        fires = {w.index for w in opts.weapons if w.fires}
        assert set(v.weapons) <= fires
