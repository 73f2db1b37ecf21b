"""Platoons take the damage of moving into things on their troopers (CMB-40/41 through
game.rules.damage.land.land): a skid's collision (PSR-39), a Mech falling onto
them from above (PHY-17, converted as a blow, CMB-39), a building collapsing on them
(PSR-32) and the fall with a collapsing bridge (PSR-16); the log says it in troopers."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from piloting_helpers import H, board, of_type, unit

from game.board import HexSpec
from game.core.dice import Dice
from game.core.options import TW
from game.narrate import Narrator
from game.rules.damage.platoon_hurt import AS_BLOW, hurt_platoon
from game.rules.move.bridges import drop
from game.rules.piloting.collide import Slide, SlideWorld, collapse_on_others
from game.rules.piloting.falls import UnitOutcome
from game.rules.piloting.fromabove import from_above
from game.rules.piloting.psr import psr_base_modifiers
from game.rules.piloting.skid import slide
from game.units.platoon import platoon
from game.units.unit import Unit


def rifles(uid: str = "p", at: str = "0509", troopers: int = 28, moved: bool = True) -> Unit:
    return replace(unit(uid, at=at, kind="infantry", tons=3, walk=1, moved=moved),
                   platoon=platoon(troopers, full=28))  # fmt: skip


def mods(u: Unit) -> list:
    return psr_base_modifiers(u, TW)


def world(b, units, dice) -> SlideWorld:
    return SlideWorld(b, dice, TW, 0, mods, {u.id: u for u in units})


def _inner(events) -> list:
    out = []
    for e in events:
        out.append(e)
        inner = e.get("events", e.get("detail"))
        if isinstance(inner, tuple):
            out += _inner(tuple(x for x in inner if hasattr(x, "type")))
    return out


def test_psr_39_a_skid_collision_costs_one_trooper_a_point_doubled_in_the_open() -> None:
    """A 50 t Mech skids into a platoon that has moved: 50 / 5 = 10 points, in the open
    x2 = 20 troopers (CMB-40/41); the platoon survives, so the skid goes on (PSR-39)."""
    p = rifles()
    res = slide(board(), {"p": p}, UnitOutcome(unit(at="0510", tons=50)), Slide(0, 2, 6),
                Dice(seed=1, script=(6, 6)), mods)  # fmt: skip
    [hit] = of_type(_inner(res.outcome.events), "platoon_damage")
    assert (hit.get("damage"), hit.get("in_open"), hit.get("lost")) == (10, True, 20)
    after = {i: u for i, u, _ in res.others}["p"]
    assert after.platoon.troopers == 8
    assert res.outcome.unit.at == H("0508")  # it slid on through the platoon's hex


def test_psr_39_in_woods_not_doubled_and_a_platoon_that_has_not_moved_dodges() -> None:
    p = rifles()
    res = slide(board({"0509": HexSpec(woods=1)}), {"p": p}, UnitOutcome(unit(at="0510")),
                Slide(0, 2, 6), Dice(seed=1, script=(6, 6)), mods)  # fmt: skip
    [hit] = of_type(_inner(res.outcome.events), "platoon_damage")
    assert hit.get("lost") == 10 and not hit.get("in_open")
    still = rifles(moved=False)
    res = slide(board(), {"p": still}, UnitOutcome(unit(at="0510")), Slide(0, 2, 6),
                Dice(seed=1), mods)  # fmt: skip
    assert not of_type(_inner(res.outcome.events), "platoon_damage")
    assert of_type(res.outcome.events, "dodge")


def test_psr_39_a_platoon_wiped_out_by_a_skid_is_destroyed() -> None:
    p = rifles(troopers=12)
    res = slide(board(), {"p": p}, UnitOutcome(unit(at="0510", tons=50)), Slide(0, 2, 6),
                Dice(seed=1, script=(6, 6)), mods)  # fmt: skip
    after = {i: u for i, u, _ in res.others}["p"]
    assert after.destroyed and after.platoon.troopers == 0
    assert of_type(_inner(res.outcome.events), "destroyed")


def test_phy_17_a_mech_falling_onto_a_platoon_converts_the_dfa_as_a_blow() -> None:
    """50 t from 3 levels: DFA damage ceil(50/10) x 3 = 15 -> max(1, 15 // 10) = 1 as a
    blow (CMB-39), x2 in the open = 2 troopers."""
    b = board({"0510": HexSpec(level=3)})
    p = rifles()
    faller = unit(at="0510", tons=50)
    w = world(b, [faller, p], Dice(seed=3, script=(6, 6)))
    out = from_above(w, UnitOutcome(faller), H("0509"), 3, False, 0, [], "test")
    [dfa] = of_type(out.events, "dfa_damage")
    [hit] = of_type(dfa.get("detail"), "platoon_damage")
    assert (hit.get("damage"), hit.get("converted"), hit.get("lost")) == (15, 1, 2)
    assert w.units["p"].platoon.troopers == 26


def test_psr_32_a_building_collapsing_on_a_platoon_kills_troopers_not_doubled() -> None:
    b = board({"0509": HexSpec(building_class=1, building_cf=15, building_height=1)})
    p = rifles()
    w = world(b, [p], Dice(seed=2))
    out = collapse_on_others(w, UnitOutcome(unit(at="0510")), H("0509"), 12, "m")
    [hit] = of_type(out.events, "platoon_damage")
    assert hit.get("lost") == 12 and not hit.get("in_open")  # a building is not open
    assert w.units["p"].platoon.troopers == 16 and "p" in w.touched


def test_psr_16_a_platoon_falling_with_a_bridge_loses_troopers() -> None:
    deck = HexSpec(road=True, bridge_class=2, bridge_cf=40, bridge_level=2)
    p = rifles(at="0504")
    out = drop(p, board({"0504": deck}), Dice(seed=1), 2, TW)
    [hit] = of_type(out.events, "platoon_damage")
    assert hit.get("damage") == 3 and hit.get("in_open")  # ceil(3 / 10) x 3, PSR-16
    assert out.unit.platoon.troopers == 22


@settings(max_examples=60, deadline=None)
@given(troopers=st.integers(1, 28), dmg=st.integers(0, 60), blow=st.booleans(),
       woods=st.booleans())  # fmt: skip
def test_every_point_that_reaches_the_platoon_removes_one_trooper(
    troopers: int, dmg: int, blow: bool, woods: bool
) -> None:
    b = board({"0509": HexSpec(woods=1)} if woods else None)
    p = rifles(troopers=troopers)
    out = hurt_platoon(b, p, dmg, "test", 1, AS_BLOW if blow else "as given")
    [ev] = of_type(out.events, "platoon_damage")
    points = max(1, dmg // 10) if blow else dmg
    reach = points * (1 if woods else 2)
    assert ev.get("lost") == min(reach, troopers) == troopers - out.unit.platoon.troopers
    assert out.unit.destroyed == (reach >= troopers)


@pytest.mark.parametrize("blow", [False, True])
def test_the_log_tells_troopers(blow: bool) -> None:
    p = rifles()
    out = hurt_platoon(board(), p, 15, "skid collision (PSR-39)", 1, AS_BLOW if blow else "x")
    text = Narrator(board(), [p], ()).lines(out.events, "p")[0].text
    assert text.startswith("p is hit by the skid collision (PSR-39): 15 damage")
    assert "doubled in the open (CMB-40)" in text
    assert ("troopers 28 -> 26" if blow else "troopers 28 -> 0") in text
    assert ("as a physical blow (CMB-39)" in text) is blow
