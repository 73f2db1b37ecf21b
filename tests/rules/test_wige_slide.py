"""A sliding WiGE (ADV-28, EX-ADV-07; ADV-21/23): its slide level, the drop it avoids only
with 2 MP left, a building that stops it, the crash in the hex it slid out of, what is left
after the crash (a unit below, PHY-17; landing ground)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from movekit import H, board, unit

from game.core.dice import Dice
from game.rules.damage.crashes import sideslip_crash_damage
from game.rules.piloting.collide import Slide
from game.rules.piloting.falls import UnitOutcome
from game.rules.piloting.resolve import resolve_move
from game.rules.piloting.wigeslide import wige_slide
from game.units.mech import damage_groups
from game.units.unit import Unit

TALL = {"building_class": 2, "building_height": 2, "building_cf": 40}


def wige(at: str = "0511", tons: int = 40, altitude: int = 1, walk: int = 8) -> Unit:
    u = unit(uid="w", kind="wige", tons=tons, walk=walk, at=at)
    assert u.hull is not None
    hull = replace(u.hull, engine="fusion")  # thick front armour: it lives through a crash
    hull = hull.with_location("FR", replace(hull["FR"], armour=40))
    return replace(u, wige_airborne=True, altitude=altitude, hull=hull)


def b14(hexes: dict | None = None):
    return board(hexes, h=14)


def _slide(b, w: Unit, others: tuple[Unit, ...] = (), mp_left: int = 0, dice=None,
           distance: int = 3):  # fmt: skip
    units = {u.id: u for u in (w, *others)}
    s = Slide(0, distance, 5, "front", 2, "sideslip")
    return wige_slide(b, units, UnitOutcome(w), s, dice or Dice(1, [1] + [3, 4] * 12),
                      lambda u: [], mp_left=mp_left)  # fmt: skip


def test_ex_adv_07_a_sliding_wige_charges_a_building_and_crashes_in_the_hex_before() -> None:
    """EX-ADV-07 through the move resolver: 5 hexes at flank speed, a turn, the roll failed
    by 3; slide min(3, 5 - 1) = 3; slide hex 2 holds a building whose top is level 2."""
    w = wige()
    steps = ["F"] * 5 + ["R", "F"]
    # the sideslip roll: piloting 5 -> needs 5; 1 + 1 = 2 fails by 3; the building's 4 points
    # (location 7), then the crash: facing roll 1 (front), the groups (7s: the front)
    r = resolve_move(board({"0504": TALL}, h=14), [w], "w", "run", steps,
                     Dice(1, [1, 1] + [3, 4] + [1] + [3, 4] * 20))  # fmt: skip
    slip = next(e for e in r.events if e.type == "sideslip")
    assert slip.get("distance") == 3 and slip.get("hexes_moved") == 5
    hit = next(e for e in r.events if e.type == "collision")
    assert hit.get("what") == "building" and hit.get("at") == H("0504")
    assert hit.get("building_damage") == 20 and hit.get("damage") == 4  # PHY-11 both ways
    crash = next(e for e in r.events if e.type == "crash")
    assert crash.get("damage") == sideslip_crash_damage(40, 6) == 24
    assert damage_groups(24) == (5, 5, 5, 5, 4)
    assert crash.get("fall") == 1 and crash.get("at") == H("0505")  # slide hex 1
    assert r.unit.at == H("0505") and not r.unit.wige_airborne and not r.destroyed
    assert dict(r.buildings)[H("0504")] == 20


def test_adv_28_a_building_below_the_slide_level_is_flown_over() -> None:
    low = {"building_class": 1, "building_height": 1, "building_cf": 15}
    res = _slide(b14({"0510": low}), wige(altitude=2))  # slides at level 2 > roof 1
    assert res.stopped_by == "distance" and len(res.path) == 3


def test_psr_30_adv_28_a_wige_with_2_mp_holds_its_level_over_a_drop_else_it_sinks() -> None:
    # a level-2 plateau (the WiGE at level 3) and a drop to 0, then a roof of level 2
    plateau = {h: {"level": 2} for h in ("0511", "0510")}
    roof = {"0508": {"building_class": 2, "building_height": 2, "building_cf": 40}}
    b = b14({**plateau, **roof})
    kept = _slide(b, wige(), mp_left=2)  # level 3 over the drop: 3 > roof 2, flies over
    assert kept.stopped_by == "distance" and kept.outcome.unit.at == H("0508")  # on the roof
    sank = _slide(b, wige(), mp_left=1)  # sinks to level 1: the roof (2) stops it
    assert sank.stopped_by == "building" and sank.outcome.unit.at == H("0509")


def test_adv_21_23_ground_two_levels_up_and_woods_crash_the_wige() -> None:
    cliff = _slide(b14({"0509": {"level": 2}}), wige())
    assert cliff.stopped_by == "higher ground" and cliff.outcome.unit.at == H("0510")
    one_up = _slide(b14({"0510": {"level": 1}, "0509": {"level": 1}}), wige())
    assert one_up.stopped_by == "distance"  # 1 level up: it keeps 1 above the ground
    trees = _slide(b14({"0509": {"woods": 1}}), wige())
    assert trees.stopped_by == "woods" and trees.outcome.unit.at == H("0509")
    assert trees.outcome.destroyed  # it cannot land in woods (ADV-28)


def test_adv_28_infantry_at_the_slide_level_brings_the_wige_down() -> None:
    foot = replace(unit(uid="i", kind="infantry", tons=3, at="0509"), side="B")
    res = _slide(b14(), wige(), (foot,))
    assert res.stopped_by == "infantry" and res.outcome.unit.at == H("0510")
    assert any(e.type == "crash" for e in res.outcome.events)


def test_adv_21_a_wige_rams_a_ground_unit_at_its_level_psr_33() -> None:
    tank = replace(unit(uid="t", kind="tracked", tons=80, at="0509"), side="B", moved=True)
    res = _slide(b14(), wige(), (tank,), dice=Dice(1, [6, 6] + [3, 4] * 12))  # hits
    charge = next(e for e in res.outcome.events if e.type == "accidental_charge")
    assert charge.get("hit") and res.stopped_by == "unit"
    assert any(i == "t" for i, _, _ in res.others)


def test_adv_28_after_the_crash_a_unit_below_takes_a_fall_from_above() -> None:
    """The WiGE crashes in the hex it slid out of, over a friendly tank it flies over."""
    tank = unit(uid="t", kind="tracked", tons=40, at="0511")
    b = b14({"0510": TALL})
    # the building's 4 points (7: front), the crash: facing 1, 4 groups (7s: front), then
    # the fall from above, 2D6 against 7: 6 + 6 hits
    crash = [3, 4, 1] + [3, 4] * 4
    hit = _slide(b, wige(), (tank,), dice=Dice(1, crash + [6, 6] + [3, 4] * 10))
    fall = next(e for e in hit.outcome.events if e.type == "fall_from_above")
    assert fall.get("hit") and fall.get("target") == "t"
    pushed = dict((i, u) for i, u, _ in hit.others)["t"]
    assert pushed.at != H("0511") and hit.outcome.unit.at == H("0511")
    miss = _slide(b, wige(), (tank,), dice=Dice(1, crash + [1, 1]))
    beside = next(e for e in miss.outcome.events if e.type == "lands_beside")
    assert miss.outcome.unit.at == beside.get("at") != H("0511")


def test_adv_28_a_wige_crashing_on_rough_ground_is_destroyed() -> None:
    dice = Dice(1, [3, 4, 1] + [3, 4] * 8)  # every hit on the thick front: it lives through
    res = _slide(b14({"0510": {"rough": True}, "0509": TALL}), wige(), dice=dice)
    assert res.stopped_by == "building" and res.outcome.destroyed
    assert "rough ground" in str(res.outcome.events[-1].get("cause"))


def test_the_report_tells_the_sideslip_crash_and_the_fall_onto_the_unit_below() -> None:
    from game.narrate import Narrator

    tank = unit(uid="t", kind="tracked", tons=40, at="0511")
    b = b14({"0510": TALL})
    dice = Dice(1, [3, 4, 1] + [3, 4] * 4 + [6, 6] + [3, 4] * 10)
    res = _slide(b, wige(), (tank,), dice=dice)
    text = [line.text for line in Narrator(b, (wige(), tank), dice.log).lines(
        list(res.outcome.events), "w")]  # fmt: skip
    assert any("crashes in 0511 (sideslip into building)" in t and "(ADV-28)" in t for t in text)
    assert any(t.startswith("w accidentally falls onto t") for t in text)
    assert any(t == "t is hit from the rear by the crashing vehicle:" for t in text), text


def test_adv_21_a_ram_that_cuts_the_wige_to_0_mp_crashes_it_where_it_is() -> None:
    tank = replace(unit(uid="t", kind="tracked", tons=80, at="0509"), side="B", moved=True)
    # the ram hits (12); the tank's 20 (4 groups); the WiGE's 8 back: location 2+2 calls a
    # motive roll, 4+4 + 4 (WiGE) = 12: major, 0 MP; then the crash (ADV-27: 4 x (1 + 1))
    dice = Dice(1, [6, 6] + [3, 4] * 4 + [2, 2, 4, 4] + [3, 4] * 20)
    res = _slide(b14(), wige(), (tank,), dice=dice)
    assert any(e.type == "motive_damage" and e.get("effect") == "major" for e in res.outcome.events)
    crash = next(e for e in res.outcome.events if e.type == "crash")
    assert "ADV-21" in str(crash.get("cause")) and crash.get("damage") == 8
    assert res.outcome.unit.flying_height == 0 and res.outcome.unit.at == H("0509")


@settings(max_examples=30, deadline=None)
@given(
    levels=st.lists(st.integers(0, 3), min_size=4, max_size=4),
    roof=st.integers(0, 3),
    mp_left=st.integers(0, 4),
    seed=st.integers(0, 10_000),
)
def test_a_sliding_wige_crashes_outside_buildings_and_a_crash_grounds_it(
    levels: list[int], roof: int, mp_left: int, seed: int
) -> None:
    hexes: dict = {f"05{11 - i:02d}": {"level": lv} for i, lv in enumerate(levels)}
    if roof:
        hexes["0508"] = {**hexes.get("0508", {}), "building_class": 2, "building_height": roof,
                         "building_cf": 40}  # fmt: skip
    b = b14(hexes)
    res = _slide(b, wige(), mp_left=mp_left, dice=Dice(seed))
    u = res.outcome.unit
    crashed = any(e.type == "crash" for e in res.outcome.events)
    in_building = int(b.building_class[u.at.row, u.at.col]) > 0
    assert len(res.path) <= 3 and not (crashed and in_building)  # over a roof only in flight
    assert crashed == (u.flying_height == 0)
    assert crashed or res.stopped_by in ("distance", "map edge")


def test_adv_28_after_a_short_slide_the_wige_flies_on() -> None:
    """Failed by 1: it slides 1 hex (PSR-29), then takes the step in its new direction."""
    steps = ["F"] * 5 + ["R", "F"]
    r = resolve_move(b14(), [wige()], "w", "run", steps, Dice(1, [1, 3]))  # 4 < 5
    end = next(e for e in r.events if e.type == "sideslip_end")
    assert end.get("stopped_by") == "distance" and end.get("path") == (H("0505"),)
    assert r.legal and r.unit.wige_airborne and r.unit.altitude == 1
    assert r.unit.at not in (H("0505"), H("0506")) and not any(e.type == "crash" for e in r.events)
