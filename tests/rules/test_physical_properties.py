"""Properties of resolved physical attacks (hypothesis): whatever the positions, attacks and
dice, no two units in play share a hex afterwards (the rules decide who is displaced
where, PHY-18/19, MOV-30), and no damage is lost (every point of a punch or club lands on
the target: armour and structure go down by exactly the damage, CMB-28)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import build_board
from game.core.dice import Dice
from game.hexgrid import Hex, distance
from game.rules.combat.records import Movement
from game.rules.physical.options import physical_option
from game.rules.physical.records import Blow, Context
from game.rules.physical.resolve import resolve_blow
from game.units.unit import Unit

W = H = 6
KINDS = ("punch", "kick", "push", "club", "charge", "dfa")


@st.composite
def scene(draw):
    cells = [Hex(c, r) for c in range(W) for r in range(H)]
    n = draw(st.integers(2, 6))
    spots = draw(st.lists(st.sampled_from(cells), min_size=n, max_size=n, unique=True))
    units = {}
    for i, h in enumerate(spots):
        uid = f"u{i}"
        tons = draw(st.sampled_from([20, 50, 100]))
        units[uid] = Unit(uid, "A" if i == 0 else "B", "biped", tons,
                          4, h, draw(st.integers(0, 5)), jump=4, club="tree",
                          prone=draw(st.booleans()) if i else False)  # fmt: skip
    kind = draw(st.sampled_from(KINDS))
    limb = {"punch": "RA", "kick": "RL"}.get(kind, "")
    target = draw(st.sampled_from(sorted(set(units) - {"u0"})))
    mode = {"charge": "run", "dfa": "jump"}.get(kind, "walk")
    ctx = Context({"u0": Movement(mode, 3)}, mp_left={u: draw(st.integers(0, 4)) for u in units})
    levels = draw(st.dictionaries(st.sampled_from(cells), st.integers(0, 3), max_size=8))
    script = tuple(draw(st.lists(st.integers(1, 6), max_size=40)))
    return units, Blow("u0", target, kind, limb), ctx, levels, script


def _board(levels):
    from game.board import HexSpec

    return build_board(W, H, {h: HexSpec(level=v) for h, v in levels.items()})


@settings(max_examples=150, deadline=None)
@given(scene())
def test_no_two_units_share_a_hex_after_any_physical_attack(data) -> None:
    units, blow, ctx, levels, script = data
    b = _board(levels)
    opt = physical_option(b, units, blow, ctx)
    after, _ = resolve_blow(b, units, opt, Dice(seed=len(script), script=script), ctx=ctx)
    alive = [u.at for u in after.values() if not u.destroyed and not u.body.destroyed]
    assert all(n == 1 for n in Counter(alive).values())
    assert all(b.contains(u.at) for u in after.values())


def _left(u: Unit) -> int:
    body = u.body
    return sum(body[c].armour + body[c].rear + body[c].structure for c in body.codes)


@settings(max_examples=150, deadline=None)
@given(scene())
def test_damage_is_never_lost(data) -> None:
    units, blow, ctx, levels, script = data
    blow = Blow(blow.attacker, blow.target, "punch" if blow.kind != "club" else "club",
                "RA" if blow.kind != "club" else "")  # fmt: skip
    b = _board({})
    opt = physical_option(b, units, blow, ctx)
    after, res = resolve_blow(b, units, opt, Dice(seed=len(script), script=script), ctx=ctx)
    t0, t1 = units[blow.target], after[blow.target]
    if not res.hit:
        assert _left(t1) == _left(t0)
        return
    assert distance(units["u0"].at, t0.at) == 1
    assert sum(g.damage for g in res.groups) == opt.damage
    if not t1.body.destroyed and t1.damage.pilot_hits == 0:
        crit = any(e.type == "critical" for e in res.events)
        assert crit or _left(t0) - _left(t1) == opt.damage
