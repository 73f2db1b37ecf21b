"""Damage from moving into things lands on a vehicle's hull (game.rules.damage.hull):
accidental charges (PSR-33), slides into things (PSR-34/38), falls with a bridge (MOV-27,
PSR-16), building collapses (MOV-32, PSR-32) and Mechs falling from above (PHY-13/17),
each in 5-point groups on the vehicle hit location table with PSR-27 motive rolls. The
house rule: the hull loses exactly the damage logged, unless the vehicle is destroyed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from piloting_helpers import H, board, of_type, unit

from game.board import HexSpec
from game.core.dice import Dice
from game.core.options import TW
from game.narrate import Narrator
from game.rules.damage.hull import hurt_vehicle
from game.rules.move.bridges import drop
from game.rules.piloting.collide import Slide, SlideWorld, charge_damage, collapse_on_others
from game.rules.piloting.falls import RulesEvent, UnitOutcome
from game.rules.piloting.fromabove import from_above
from game.rules.piloting.psr import psr_base_modifiers
from game.rules.piloting.skid import slide
from game.units.mech import HitResult, damage_groups
from game.units.unit import Unit
from game.units.vehicle import MOTIVE_ROLLS

KINDS = ("tracked", "wheeled", "hover", "wige", "naval", "vtol")


def lost(before: Unit, after: Unit) -> int:
    """Armour + structure the hull lost."""
    assert before.hull is not None and after.hull is not None
    b, a = before.hull, after.hull
    return b.total_armour() + b.total_structure() - a.total_armour() - a.total_structure()


def vehicle_events(events: tuple[RulesEvent, ...]) -> list[RulesEvent]:
    """Every vehicle_damage event, nested ones (a charge's detail, a fall) included."""
    out: list[RulesEvent] = []
    for e in events:
        if e.type == "vehicle_damage":
            out.append(e)
        inner = e.get("events", e.get("detail"))
        if isinstance(inner, RulesEvent):
            inner = (inner,)
        if isinstance(inner, tuple):
            out += vehicle_events(tuple(x for x in inner if isinstance(x, RulesEvent)))
    return out


def mods(u: Unit) -> list:
    return psr_base_modifiers(u, TW)


def world(b, units, dice) -> SlideWorld:
    return SlideWorld(b, dice, TW, 0, mods, {u.id: u for u in units})


def assert_kept(before: Unit, after: Unit, dmg: int, events: tuple[RulesEvent, ...]) -> None:
    """Never lost or doubled: the hull loses ``dmg``; a destroyed vehicle says so."""
    if after.destroyed:
        assert 0 < lost(before, after) <= dmg
        assert any(e.type == "unit_destroyed" and e.get("unit") == before.id for e in events)
    else:
        assert lost(before, after) == dmg
        assert after.damage.phase_damage - before.damage.phase_damage == dmg  # PSR-08


# --- the one function --------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(KINDS), tons=st.integers(10, 100), dmg=st.integers(0, 60),
       side=st.sampled_from(("front", "rear", "left", "right")),
       seed=st.integers(0, 10**6))  # fmt: skip
def test_psr_27_hurt_vehicle_keeps_the_damage_and_rolls_motive(
    kind: str, tons: int, dmg: int, side: str, seed: int
) -> None:
    v = unit("v", kind=kind, tons=tons)
    dice = Dice(seed=seed)
    out = hurt_vehicle(v, dmg, side, dice, 3, "test")
    assert_kept(v, out.unit, dmg, out.events)
    [ev] = of_type(out.events, "vehicle_damage")
    hits = ev.get("groups")
    assert all(isinstance(h, HitResult) for h in hits)
    assert tuple(h.damage for h in hits) == damage_groups(dmg)[: len(hits)]
    locs = [r for r in dice.log if r.reason == "hit location (v)"]
    assert [r.total for r in locs] == [h.roll for h in hits]  # 2D6 each, labelled
    # PSR-27: a motive roll for each motive result while the vehicle still stands
    motive = of_type(out.events, "motive_damage")
    assert len(motive) == len([r for r in dice.log if r.reason == "motive system damage"])
    if not out.unit.destroyed:
        assert len(motive) == sum(h.roll in MOTIVE_ROLLS for h in hits)
        effects = tuple(e.get("effect") for e in motive if e.get("effect") != "none")
        assert out.unit.hull is not None and out.unit.hull.motive == effects


def test_psr_27_a_motive_result_rolls_on_the_motive_table() -> None:
    # location 1+2 = 3 (front column: front, a motive roll), motive 6+6 +3 hover -> major
    v = unit("v", kind="hover", tons=40)
    out = hurt_vehicle(v, 5, "front", Dice(script=(1, 2, 6, 6)), 1, "test")
    [m] = of_type(out.events, "motive_damage")
    assert (m.get("total"), m.get("modifier"), m.get("effect")) == (15, 3, "major")
    assert out.unit.immobile and lost(v, out.unit) == 5


def test_hurt_vehicle_destroys_a_vehicle_whose_location_is_gone() -> None:
    v = unit("v", kind="wheeled", tons=20)  # front armour 10, structure 2
    out = hurt_vehicle(v, 30, "front", Dice(script=(3, 4) * 6), 1, "test")
    assert out.unit.destroyed and out.destroyed
    assert [e.get("unit") for e in of_type(out.events, "unit_destroyed")] == ["v"]
    assert lost(v, out.unit) == 12


def test_infantry_has_no_hull_and_the_damage_is_only_logged() -> None:
    inf = unit("i", kind="infantry", tons=3)
    out = hurt_vehicle(inf, 7, "front", Dice(seed=1), 1, "test")
    [ev] = out.events
    assert ev.get("applied") is False and ev.get("groups") == (5, 2) and out.unit == inf


# --- each site -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_psr_33_accidental_charge_on_a_vehicle_hits_its_hull(seed: int) -> None:
    tank = unit("t", at="0509", kind="tracked", tons=60, moved=True)  # moved: no dodge
    mech = unit(at="0510", tons=50)
    dice = Dice(seed=seed, script=(6, 6))  # the accidental charge hits
    res = slide(board(), {"t": tank}, UnitOutcome(mech), Slide(0, 2, 6), dice, mods)
    [charge] = of_type(res.outcome.events, "charge_damage")
    assert charge.get("damage") == charge_damage(50, 6, TW) == 30  # PHY-11
    after = dict((i, u) for i, u, _ in res.others)["t"]
    [ev] = vehicle_events(res.outcome.events)
    assert ev.get("damage") == 30 and ev.get("unit") == "t"
    assert_kept(tank, after, 30, charge.get("detail"))


def test_psr_33_a_vehicle_slider_takes_its_own_damage_on_the_hull() -> None:
    # a hover skids into a standing Mech and takes ceil(50 / 10) = 5 on its front
    mech = unit("x", at="0509", tons=50, moved=True)
    hover = unit("h", at="0510", kind="hover", tons=40)
    dice = Dice(seed=4, script=(6, 6))
    res = slide(board(), {"x": mech}, UnitOutcome(hover), Slide(0, 2, 6), dice, mods)
    [ev] = [e for e in vehicle_events(res.outcome.events) if e.get("unit") == "h"]
    assert ev.get("damage") == 5 and ev.get("cause") == "charged into x"
    assert_kept(hover, res.outcome.unit, res.vehicle_damage, res.outcome.events)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), tons=st.integers(20, 80), kind=st.sampled_from(KINDS[:3]),
       what=st.sampled_from(("woods", "higher", "unit")))  # fmt: skip
def test_psr_34_38_random_vehicle_skids_keep_every_point(
    seed: int, tons: int, kind: str, what: str
) -> None:
    """Hull armour + structure lost == damage logged, for the slider and whoever it hits."""
    spec = {"woods": HexSpec(woods=2), "higher": HexSpec(level=1)}.get(what, HexSpec())
    others = {"t": unit("t", at="0508", kind="tracked", tons=50, moved=True)}
    v = unit("v", at="0510", kind=kind, tons=tons)
    res = slide(board({"0508": spec}), others if what == "unit" else {}, UnitOutcome(v),
                Slide(0, 3, 6), Dice(seed=seed), mods)  # fmt: skip
    after = {i: u for i, u, _ in res.others} | {"v": res.outcome.unit}
    for uid, before in (("v", v), ("t", others["t"])):
        got = [e for e in vehicle_events(res.outcome.events) if e.get("unit") == uid]
        if uid in after:
            assert_kept(before, after[uid], sum(e.get("damage") for e in got),
                        res.outcome.events + _details(res.outcome.events))  # fmt: skip
    assert res.vehicle_damage == sum(
        e.get("damage") for e in vehicle_events(res.outcome.events) if e.get("unit") == "v"
    )


def _details(events: tuple[RulesEvent, ...]) -> tuple[RulesEvent, ...]:
    out: tuple[RulesEvent, ...] = ()
    for e in events:
        inner = e.get("events", e.get("detail"))
        if isinstance(inner, tuple):
            out += tuple(x for x in inner if isinstance(x, RulesEvent))
    return out


def test_mov_32_psr_32_building_collapse_falls_on_a_vehicle_inside() -> None:
    tank = unit("t", at="0509", kind="tracked", tons=50)
    w = world(board(), [tank], Dice(seed=2))
    out = collapse_on_others(w, UnitOutcome(unit(at="0510")), H("0509"), 12, "m")
    [hit] = of_type(out.events, "unit_hit")
    assert hit.get("unit") == "t" and "t" in w.touched
    assert_kept(tank, w.units["t"], 12, hit.get("events"))
    assert of_type(hit.get("events"), "vehicle_damage")[0].get("damage") == 12


@pytest.mark.parametrize(("tons", "seed"), [(35, 1), (35, 2), (20, 3)])
def test_mov_27_psr_16_a_vehicle_falling_with_a_bridge_takes_the_fall_damage(
    tons: int, seed: int
) -> None:
    deck = HexSpec(road=True, bridge_class=2, bridge_cf=40, bridge_level=2)
    car = unit("c", at="0504", kind="wheeled", tons=tons)
    out = drop(car, board({"0504": deck}), Dice(seed=seed), 2, TW)
    [ev] = of_type(out.events, "vehicle_damage")
    assert ev.get("levels") == 2 and ev.get("damage") == -(-tons // 10) * 3  # PSR-16
    assert_kept(car, out.unit, ev.get("damage"), out.events)


def test_mov_27_a_tracked_vehicle_into_deep_water_still_takes_the_fall() -> None:
    deck = HexSpec(road=True, water=2, bridge_class=2, bridge_cf=40, bridge_level=0)
    tank = unit("t", at="0504", kind="tracked", tons=45)
    out = drop(tank, board({"0504": deck}), Dice(seed=1), 2, TW)
    assert out.wrecked and lost(tank, out.unit) == 3  # ceil(5 / 2), halved in water


@pytest.mark.parametrize("seed", range(4))
def test_phy_13_17_a_mech_falling_onto_a_vehicle_hits_its_hull(seed: int) -> None:
    b = board({"0510": HexSpec(level=3)})
    tank = unit("t", at="0509", kind="tracked", tons=70, facing=3)
    faller = unit(at="0510", tons=50)
    w = world(b, [faller, tank], Dice(seed=seed, script=(6, 6)))  # the fall hits (7)
    out = from_above(w, UnitOutcome(faller), H("0509"), 3, False, 0, [], "test")
    [dfa] = of_type(out.events, "dfa_damage")
    assert dfa.get("damage") == 15 and dfa.get("side") == "front"  # PHY-13: ceil(5) x 3
    [ev] = of_type(dfa.get("detail"), "vehicle_damage")
    assert ev.get("damage") == 15 and ev.get("cause") == "death from above"
    assert_kept(tank, w.units["t"], 15, dfa.get("detail"))


def test_phy_17_a_destroyed_vehicle_is_not_pushed() -> None:
    b = board({"0510": HexSpec(level=3)})
    tank = unit("t", at="0509", kind="wheeled", tons=10, facing=3)  # front 5, structure 1
    w = world(b, [unit(at="0510", tons=100), tank], Dice(seed=1, script=(6, 6) + (3, 4) * 7))
    out = from_above(w, UnitOutcome(unit(at="0510", tons=100)), H("0509"), 3, False, 0, [], "test")
    assert w.units["t"].destroyed and w.units["t"].at == H("0509")
    assert not of_type(out.events, "displaced")


# --- narration -------------------------------------------------------------------------------


def test_vehicle_damage_is_told_like_a_weapon_hit_on_a_vehicle() -> None:
    v = unit("v", kind="hover", tons=40)  # front armour 20, structure 4
    dice = Dice(script=(3, 4, 3, 4))
    out = hurt_vehicle(v, 8, "front", dice, 1, "prohibited terrain")
    lines = Narrator(board(), [v], dice.log).lines(out.events, "v")
    text = lines[0].text
    assert text.startswith("v takes 8 damage from the front (prohibited terrain): ")
    assert "group 1 (5) location roll 3+4 = 7 - front: armour 20 -> 15" in text
    assert "group 2 (3) location roll 3+4 = 7 - front: armour 15 -> 12" in text
    assert "not yet applied" not in text and "not marked" not in text


def test_psr_27_the_motive_roll_is_told_with_its_dice() -> None:
    v = unit("v", kind="hover", tons=40)
    dice = Dice(script=(1, 2, 6, 6))
    out = hurt_vehicle(v, 5, "front", dice, 1, "building collision")
    lines = Narrator(board(), [v], dice.log).lines(out.events, "v")
    assert lines[1].text == "v rolls for motive damage: 6+6 = 12, +3 = 15 - major"


def test_psr_32_a_vehicle_failing_its_building_roll_takes_the_damage_on_its_hull() -> None:
    """A tank fails its roll entering a light building (CF 5): ceil(5/10) = 1 on its hull,
    the building takes ceil(50/10) = 5 and collapses on it: 1 more (MOV-32, PSR-32)."""
    from pathlib import Path

    from game.referee.moves import answer

    scenario = Path(__file__).resolve().parents[1] / "scenarios" / "vehicle_building_failed.json"
    out = answer(["move", str(scenario), "--resolve"])
    hurt = [e for e in out["events"] if e["type"] == "vehicle_damage"]
    assert [(e["cause"], e["damage"], e["unit"]) for e in hurt] == [
        ("building", 1, "t1"),
        ("building collapse", 1, "t1"),
    ]
    landed = [p["armour"] + p["structure"] for e in hurt for g in e["groups"] for p in g["parts"]]
    assert sum(landed) == 2  # on the hull, not only logged


def test_infantry_damage_is_logged_as_its_own_not_the_movers() -> None:
    from game.designs.roster import make_unit

    platoon = make_unit("INF-R", "i1", "A")
    got = hurt_vehicle(platoon, 12, "front", Dice(seed=1), None, "building collapse")
    (ev,) = got.events
    assert (ev.type, ev.get("unit"), ev.get("applied")) == ("vehicle_damage", "i1", False)
