"""A VTOL's altitude (ADV-25, MOV-13, MOV-18), its stacking band (MOV-34, EX-MOV-13), and
its crashes in play: lift lost to motive or engine damage (ADV-26/27), a sideslip into a
building (ADV-28); a crashed VTOL is never left airborne."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from movekit import H, board, move, unit

from game.core.dice import Dice
from game.rules.damage.crashes import crash_damage, sideslip_crash_damage
from game.rules.damage.lift import bring_down, lift_lost, must_land
from game.rules.move.stacking import band, tw_violation
from game.rules.move.vtolflight import flown_to, landing_refusal
from game.rules.piloting.collide import Slide
from game.rules.piloting.falls import UnitOutcome
from game.rules.piloting.vtolslide import vtol_slide
from game.units.unit import Unit


def vtol(altitude: int = 0, tons: int = 30, at: str = "0505", landed: bool = False) -> Unit:
    u = unit(uid="v", kind="vtol", tons=tons, walk=8, at=at)
    assert u.hull is not None
    return replace(u, hull=replace(u.hull, engine="ice"), altitude=altitude, landed=landed)


def test_adv_25_default_altitude_is_1_and_landed_is_0() -> None:
    assert vtol().flying_height == 1 and vtol(4).flying_height == 4
    assert vtol(4, landed=True).flying_height == 0
    assert unit(kind="tracked").flying_height == 0


def test_mov_13_adv_25_rising_and_descending_cost_1_mp_a_level() -> None:
    r = move(board(), vtol(2), ["RS", "RS", "F", "DV"])
    assert r.legal and r.mp_used == 4
    assert r.to_json(board())["end"] | {} == {"at": "0504", "facing": 0, "prone": False,
                                              "airborne": True, "altitude": 3}  # fmt: skip


def test_mov_18_a_vtol_changes_altitude_moving_backward() -> None:
    r = move(board(), vtol(2), ["B", "RS", "B", "DV"])
    assert r.legal and r.mp_used == 4 and r.end_altitude == 2


def test_a_default_vtol_answer_carries_no_altitude_keys() -> None:
    """Answers from before VTOL altitudes stay as they were (docs/scenario-format.md)."""
    end = move(board(), vtol(), ["F", "F"]).to_json(board())["end"]
    assert "altitude" not in end and "airborne" not in end


def test_adv_28_a_vtol_lands_only_on_clear_or_paved_ground_or_a_roof() -> None:
    roof = {"building_class": 1, "building_cf": 15, "building_height": 2}
    b = board({"0505": {"woods": 1}, "0504": roof})
    assert landing_refusal(b, H("0505")) == "woods"
    assert landing_refusal(b, H("0504")) is None  # the roof
    refused = move(b, vtol(), ["DV"])
    assert not refused.legal and "woods" in str(refused.error) and refused.failed_step == 0
    landed = move(b, vtol(), ["F", "DV"])
    assert landed.legal and landed.end_altitude == 0 and not landed.end_airborne


def test_adv_25_a_landed_vtol_rises_before_it_moves_and_may_turn() -> None:
    r = move(board(), vtol(landed=True), ["L", "F"])
    assert not r.legal and r.failed_step == 1 and "rises (RS" in str(r.error)
    assert move(board(), vtol(landed=True), ["L", "RS", "F"]).legal
    assert not move(board(), vtol(landed=True), ["DV"]).legal


def test_a_move_keeps_the_unit_record_when_the_altitude_did_not_change() -> None:
    v = vtol()
    assert flown_to(v, 1, 1) is v
    assert flown_to(v, 1, 3).flying_height == 3 and flown_to(v, 1, 0).landed
    down = replace(v, landed=True)
    assert flown_to(down, 1, 3) is down  # came down during the move (a crash): it stays down


def test_ex_mov_13_an_airborne_vtol_does_not_count_against_ground_units() -> None:
    v = vtol(3, at="0505")
    tank = unit(uid="t", kind="tracked", at="0505")
    mech = unit(uid="m2", at="0505")
    assert band(v) == (3, 4) and band(mech) == (0, 2)
    assert tw_violation(unit(uid="m3", at="0505"), [v, tank]) is None
    assert tw_violation(unit(uid="m3", at="0505"), [v, tank, mech]) is not None
    assert band(vtol(3, landed=True)) == (0, 1)  # a landed VTOL is a ground unit


def test_adv_26_a_vtol_without_lift_crashes_falling_its_altitude() -> None:
    v = vtol(4)
    assert v.hull is not None
    assert lift_lost(v) is None and must_land(v) is None
    engine = replace(v, hull=replace(v.hull, crits=replace(v.hull.crits, engine=True)))
    assert "engine" in str(lift_lost(engine))  # the stand-in for the rotor (ADV-26)
    assert lift_lost(replace(engine, landed=True)) is None
    out = bring_down(engine, board(), Dice(1, [1] + [3, 3] * 3))  # facing 1: front
    assert out is not None
    head = out.events[0]
    assert head.type == "crash" and head.get("fall") == 4  # EX-ADV-06: fall 4
    assert head.get("damage") == crash_damage(30, 4) == 15
    assert out.unit.flying_height == 0


def test_adv_29_a_vtol_or_wige_cut_to_0_mp_makes_a_forced_landing() -> None:
    """ADV-29 (trigger: low confidence): motive damage that stops it is a forced landing,
    VTOL +4, WiGE +0; held, it is down with no damage; failed, it crashes."""
    v = vtol(4)
    assert v.hull is not None
    stopped = replace(v, hull=replace(v.hull, motive=("major",)))
    crawl = replace(v, hull=replace(v.hull, motive=("heavy",) * 4 + ("moderate",)))
    assert "motive" in str(must_land(stopped)) and "cruise MP 0" in str(must_land(crawl))
    assert lift_lost(stopped) is None and must_land(replace(stopped, landed=True)) is None
    held = bring_down(stopped, board(), Dice(1, [5, 4]))  # needs 5 + 4 = 9
    assert held is not None and [e.type for e in held.events] == ["forced_landing"]
    assert held.events[0].get("target") == 9 and held.unit.flying_height == 0
    assert held.unit.hull == stopped.hull  # no damage
    from game.narrate import Narrator

    dice = Dice(1, [5, 4])
    told = bring_down(stopped, board(), dice)
    assert told is not None
    text = [line.text for line in Narrator(board(), (stopped,), dice.log).lines(
        list(told.events), "v")]  # fmt: skip
    assert text == ["v must land in 0505 (motive system destroyed: 0 MP): needs 9, rolls 5+4 = 9"
                    " - it lands (ADV-29)"]  # fmt: skip
    failed = bring_down(stopped, board(), Dice(1, [4, 4] + [1] + [3, 3] * 5))
    assert failed is not None and [e.type for e in failed.events][:2] == ["forced_landing", "crash"]
    assert failed.events[1].get("fall") == 4
    w = unit(uid="w", kind="wige", tons=30, walk=8)
    assert w.hull is not None
    w = replace(w, wige_airborne=True, altitude=1, hull=replace(w.hull, motive=("major",)))
    landed = bring_down(w, board(), Dice(1, [3, 2]))  # WiGE +0: needs 5
    assert landed is not None and landed.events[0].get("target") == 5
    assert not landed.unit.wige_airborne
    woods = bring_down(w, board({"0505": {"woods": 1}}), Dice(1, [1] + [3, 3] * 3))
    assert woods is not None and woods.events[0].type == "crash"  # no roll in woods


def test_adv_28_a_vtol_crashing_onto_a_tank_below_falls_on_it_phy_17() -> None:
    from game.core.options import TW
    from game.rules.piloting.aftercrash import crashed_onto

    v = vtol(3)
    assert v.hull is not None
    v = replace(v, hull=replace(v.hull, crits=replace(v.hull.crits, engine=True)))
    tank = unit(uid="t", kind="tracked", tons=60, at="0505")
    dice = Dice(1, [1] + [3, 4] * 4 + [6, 6] + [3, 4] * 6)  # crash 12: 3 groups; then hits
    down = bring_down(v, board(), dice)
    assert down is not None
    out, others = crashed_onto(board(), [v, tank], down, 3, dice, TW)
    fall = next(e for e in out.events if e.type == "fall_from_above")
    assert fall.get("target") == "t" and fall.get("levels") == 3 and fall.get("hit")
    assert others["t"].at != H("0505") and out.unit.at == H("0505")  # pushed on (PHY-17)
    alone = crashed_onto(board(), [v], down, 3, dice, TW)
    assert alone[0] == down and alone[1] == {}


def test_adv_28_a_vtol_sliding_into_a_building_charges_it_and_crashes_short() -> None:
    b = board({"0503": {"building_class": 2, "building_height": 2, "building_cf": 40}})
    v = vtol(1, tons=40)
    res = vtol_slide(b, {"v": v}, UnitOutcome(v), Slide(0, 3, 5, "front", 2, "sideslip"),
                     Dice(1, [1] + [3, 3] * 8), lambda u: [])  # fmt: skip
    assert res.stopped_by == "building" and res.path == (H("0504"),)
    crash_ev = next(e for e in res.outcome.events if e.type == "crash")
    assert crash_ev.get("damage") == sideslip_crash_damage(40, 6) == 24  # EX-ADV-07
    assert res.outcome.unit.at == H("0504") and res.outcome.unit.flying_height == 0
    assert dict(res.buildings)[H("0503")] == 40 - 20  # PHY-11: ceil(40 x 5 / 10)


def test_adv_28_a_vtol_high_enough_flies_over_the_building() -> None:
    b = board({"0503": {"building_class": 2, "building_height": 2, "building_cf": 40}})
    v = vtol(3, tons=40)
    res = vtol_slide(b, {"v": v}, UnitOutcome(v), Slide(0, 3, 5, "front", 2, "sideslip"),
                     Dice(1, []), lambda u: [])  # fmt: skip
    assert res.stopped_by == "distance" and len(res.path) == 3
    assert res.outcome.unit.flying_height == 3


@settings(max_examples=30, deadline=None)
@given(
    altitude=st.integers(1, 12),
    tons=st.integers(5, 30).map(lambda t: t * 2),
    seed=st.integers(0, 10_000),
    why=st.sampled_from(["engine", "major", "cruise"]),
)
def test_a_crashed_vtol_is_never_left_airborne(altitude: int, tons: int, seed: int,
                                               why: str) -> None:  # fmt: skip
    v = vtol(altitude, tons)
    assert v.hull is not None
    hull = {
        "engine": replace(v.hull, crits=replace(v.hull.crits, engine=True)),
        "major": replace(v.hull, motive=("major",)),
        "cruise": replace(v.hull, motive=("heavy",) * 4 + ("moderate",)),
    }[why]
    out = bring_down(replace(v, hull=hull), board(), Dice(seed))
    assert out is not None
    assert out.unit.flying_height == 0 and band(out.unit)[0] == 0
    assert bring_down(out.unit, board(), Dice(seed)) is None  # down once, never again


def test_in_play_a_vtol_that_lost_its_lift_crashes_at_the_end_of_the_phase() -> None:
    """The hot-seat core (game.phases.damage_check): ADV-26/27 at the end of a phase."""
    from game.board import build_board
    from game.core.actions import EndPhase
    from game.designs.roster import make_unit
    from game.flow import apply_strict
    from game.phases.actions import RollInitiative, StandStill, StartGame
    from game.setup import new_game

    a = replace(make_unit("Kestrel", "a1", "A", at=H("0103"), facing=3), altitude=3)
    assert a.hull is not None
    a = replace(a, hull=replace(a.hull, crits=replace(a.hull.crits, engine=True)))  # no lift
    b = make_unit("JR7-D", "b1", "B", at=H("0603"), facing=3)
    s = new_game(build_board(8, 8), script=(1, 1, 6, 6), units=(a, b), seed=9)
    s = apply_strict(apply_strict(s, StartGame()).state, RollInitiative()).state
    s = apply_strict(apply_strict(s, StandStill("a1")).state, StandStill("b1")).state
    out = apply_strict(s, EndPhase())
    crashed = [e for e in out.events if e.kind == "crash"]
    assert crashed and crashed[0].payload.get("fall") == 3
    v = out.state.unit("a1")
    assert v is not None and v.flying_height == 0


def _wige(**kw: object) -> Unit:
    u = unit(uid="w", kind="wige", tons=40, walk=6, at="0508")
    return replace(u, **kw)  # type: ignore[arg-type]


def test_mov_34_35_a_flying_wige_passes_over_an_enemy_tank_a_hovercraft_stops() -> None:
    """MOV-35 per height band (MOV-34): the enemy tank's band [0, 1) and the flying WiGE's
    [1, 2) do not overlap, so the WiGE flies on; a hovercraft on the ground must stop there."""
    tank = unit(uid="t", kind="tracked", side="B", at="0506")
    flying = move(board(), [_wige(wige_airborne=True, altitude=1), tank], ["F"] * 5)
    assert flying.legal and flying.end_at == H("0503") and flying.end_airborne
    # taking off in this move: the band is the one it flies in at the step (movestate.placed)
    took_off = move(board(), [_wige(walk=12), tank], ["TO", *["F"] * 5], uid="w")  # TO: 5 MP
    assert took_off.legal and took_off.end_at == H("0503"), took_off.error
    driving = unit(uid="d", kind="hover", at="0508", walk=6)
    stopped = move(board(), [driving, tank], ["F", "F", "F"], uid="d")
    assert not stopped.legal and "ends its movement there" in str(stopped.error)


def test_mov_35_a_tank_drives_under_an_enemy_vtol_and_a_vtol_over_an_enemy_tank() -> None:
    foe_vtol = replace(vtol(2, at="0503"), side="B")
    tank = unit(uid="t", kind="tracked", at="0505")
    under = move(board(), [tank, foe_vtol], ["F", "F", "F"], uid="t")
    assert under.legal and under.end_at == H("0502")
    low = replace(foe_vtol, landed=True)  # on the ground it is in the tank's band
    stopped = move(board(), [tank, low], ["F", "F", "F"], uid="t")
    assert not stopped.legal and stopped.failed_step == 2
    enemy_tank = unit(uid="e", kind="tracked", side="B", at="0504")
    over = move(board(), [vtol(), enemy_tank], ["F", "F", "F"], uid="v")
    assert over.legal and over.end_at == H("0502")
    assert move(board(), [vtol(), enemy_tank], ["F"], uid="v").legal  # may end over it
    mech = unit(uid="m", at="0505")
    enemy_mech = unit(uid="em", side="B", at="0504")
    refused = move(board(), [mech, enemy_mech, foe_vtol], ["F"], uid="m")
    assert not refused.legal and "enemy Mech" in str(refused.error)  # whatever the bands


def test_psr_33_a_skid_passes_under_an_airborne_vtol_without_charging_it() -> None:
    """MOV-34 height bands: the skidding tank's band never reaches an airborne VTOL."""
    from game.rules.piloting.collide import Slide as SkidSlide
    from game.rules.piloting.skid import slide

    tank = unit(uid="t", kind="tracked", at="0505", tons=50)
    above = replace(vtol(1, at="0504"), side="B")
    skid = SkidSlide(0, 2, 4, "front", 2, "skid")
    res = slide(board(), {"t": tank, "v": above}, UnitOutcome(tank), skid, Dice(1, []),
                lambda u: [])  # fmt: skip
    assert res.stopped_by == "distance" and res.path == (H("0504"), H("0503"))
    assert any(e.type == "passes_under" for e in res.outcome.events)
    grounded = replace(above, landed=True)
    hit = slide(board(), {"t": tank, "v": grounded}, UnitOutcome(tank), skid, Dice(1, [6] * 12),
                lambda u: [])  # fmt: skip
    assert not any(e.type == "passes_under" for e in hit.outcome.events)


def test_a_landed_vtol_reaches_only_its_own_hex_until_it_rises() -> None:
    from game.rules.move.reach import reach

    down = vtol(landed=True)
    assert set(reach(board(), [down], "v", "walk").hexes()) == {H("0505")}
    assert len(reach(board(), [vtol()], "v", "walk").hexes()) > 30


def test_adv_28_in_a_resolved_move_a_vtol_sideslips_into_a_building_and_crashes() -> None:
    """The move resolver sends a sliding VTOL through ADV-28 (game.rules.piloting.run)."""
    from game.rules.piloting.resolve import resolve_move

    tall = {"building_class": 2, "building_height": 3, "building_cf": 40}
    v = replace(vtol(1, at="0508"), hull=vtol().hull)
    steps = ["F", "F", "F", "F", "R", "F"]  # flank, a turn, a new hex: the sideslip roll
    r = resolve_move(board({"0502": tall}), [v], "v", "run", steps, Dice(1, [1, 1] + [3] * 40))
    kinds = [e.type for e in r.events]
    assert kinds[:4] == ["psr", "sideslip", "collision", "vehicle_damage"]
    crash_ev = next(e for e in r.events if e.type == "crash")
    assert crash_ev.get("damage") == sideslip_crash_damage(30, 4 + 1) == 15
    assert r.unit.at == H("0503") and r.unit.flying_height == 0


def test_in_play_a_vtol_crashing_onto_a_tank_below_hurts_the_tank() -> None:
    """game.phases.damage_check: the crash at the end of the phase, then PHY-17 onto the
    friendly tank it flew over; the tank's damage and push are in the game state, the
    report tells the fall."""
    from game.board import build_board
    from game.core.actions import EndPhase
    from game.designs.roster import make_unit
    from game.flow import apply_strict
    from game.phases.actions import RollInitiative, StandStill, StartGame
    from game.setup import new_game

    a = replace(make_unit("Kestrel", "a1", "A", at=H("0403"), facing=3), altitude=3)
    assert a.hull is not None
    a = replace(a, hull=replace(a.hull, crits=replace(a.hull.crits, engine=True)))
    tank = unit(uid="a2", kind="tracked", tons=60, at="0403")
    b = make_unit("JR7-D", "b1", "B", at=H("0703"), facing=3)
    crash = (1, *(3, 4) * 2)  # facing 1 (front); 2 x (3 + 1) = 8: groups 5, 3 on a 7
    script = (1, 1, 6, 6, *crash, 6, 6, *(3, 4) * 10)  # then 6 + 6: the fall hits
    s = new_game(build_board(8, 8), script=script, units=(a, tank, b), seed=9)
    s = apply_strict(apply_strict(s, StartGame()).state, RollInitiative()).state
    for uid in ("a1", "a2", "b1"):
        s = apply_strict(s, StandStill(uid)).state
    out = apply_strict(s, EndPhase())
    state = out.state
    falls = [e for e in out.events if e.kind == "fall_from_above"]
    assert falls and falls[0].payload.get("hit") and "falls onto a2" in falls[0].text
    t = state.unit("a2")
    assert t is not None and t.at != H("0403")  # pushed on (PHY-17)
    assert t.hull is not None and t.hull.total_armour() < tank.hull.total_armour()  # type: ignore[union-attr]
