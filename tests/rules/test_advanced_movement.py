"""The advanced movement chapter (docs: advanced-movement.md of the rules digest): the
Tactical Operations modes behind the tacops option (ADV-01..16), WiGE flight
(ADV-17..23), naval vessels (ADV-24) and the VTOL fragments (ADV-25), one test or more per
rule and per worked example (EX-ADV-01..05)."""

from __future__ import annotations

from dataclasses import replace

from combatkit import scenario, unit_spec
from movekit import H, board, targets, unit
from physkit import ask
from physkit import unit as phys_unit

from game.core.dice import Dice
from game.core.options import TW, Rules
from game.rules.combat.los import viewer
from game.rules.combat.tohit import weapon_options
from game.rules.move.movement import check_move
from game.rules.move.reach import reach
from game.rules.piloting.psr import weight_class_modifier
from game.rules.piloting.resolve import resolve_move

TO = Rules(tacops=True)


def kinds(r) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.kind for p in r.psrs]


# --- physical attack defence (ADV-01/02) ----------------------------------------------------


def test_adv_01_defence_spends_no_mp_now_and_counts_as_walking() -> None:
    m = unit(tons=55)
    r = check_move(board(), [m], "m", "defend", [], TO)
    assert r.legal and r.mp_used == 0 and r.attacker_modifier == 1
    moved = check_move(board(), [m], "m", "defend", ["F"], TO)
    assert not moved.legal and "ADV-01" in (moved.error or "")
    assert not check_move(board(), [m], "m", "defend", [], TW).legal  # the option is off
    tank = unit(kind="tracked")
    assert not check_move(board(), [tank], "m", "defend", [], TO).legal  # Mechs only


def test_adv_01_a_defending_mech_makes_no_weapon_attack() -> None:
    s = scenario(
        [
            unit_spec(
                "a",
                "0510",
                weapons=[{"name": "Medium Laser", "location": "RA"}],
                movement={"mode": "defend"},
            ),  # fmt: skip
            unit_spec("t", "0506", 3, side="B"),
        ],
        options=["tacops"],
    )
    shot = weapon_options(s.board, s.units, "a", "t", s.movements, TO).weapons[0]
    assert not shot.can_fire and "ADV-01" in (shot.why_not or "")


def test_adv_02_no_charge_and_no_death_from_above_against_a_defending_mech() -> None:
    target = phys_unit("t", "0504", 3, side="B", movement={"mode": "defend"})
    charger = phys_unit("a", "0505", 0, movement={"mode": "run", "hexes": 3})
    out = ask([charger, target], {"attacker": "a", "target": "t", "type": "charge"},
              options=["tacops"])  # fmt: skip
    assert not out["can_attack"] and "ADV-02" in out["why_not"]
    jumper = phys_unit("a", "0505", 0, jump=4, movement={"mode": "jump", "hexes": 3})
    out = ask([jumper, target], {"attacker": "a", "target": "t", "type": "dfa"},
              options=["tacops"])  # fmt: skip
    assert not out["can_attack"] and "ADV-02" in out["why_not"]
    walker = phys_unit("t", "0504", 3, side="B", movement={"mode": "walk", "hexes": 1})
    out = ask([charger, walker], {"attacker": "a", "target": "t", "type": "charge"})
    assert out["can_attack"]  # the same charge at a Mech that walked


# --- crawling (ADV-03/04, EX-ADV-01) ----------------------------------------------------------


def test_adv_03_only_a_prone_mech_with_working_arms_and_gyro_crawls_for_1_heat() -> None:
    prone = unit(tons=55, walk=5, prone=True)
    r = check_move(board(), [prone], "m", "crawl", ["F"], TO)
    assert r.legal and r.heat == 1
    assert check_move(board(), [prone], "m", "crawl", ["F", "L", "R"], TO).heat == 1
    standing = check_move(board(), [unit()], "m", "crawl", ["F"], TO)
    assert not standing.legal and "prone" in (standing.error or "")
    gyro = unit(prone=True, gyro=2)  # a destroyed gyro: it cannot move at all
    assert not check_move(board(), [gyro], "m", "crawl", ["F"], TO).legal
    arm = unit(prone=True, actuators={"LA": ("lower_arm",)})
    assert "LA" in (check_move(board(), [arm], "m", "crawl", ["F"], TO).error or "")
    stand = check_move(board(), [prone], "m", "crawl", ["F", "U"], TO)
    assert not stand.legal and "ADV-03" in (stand.error or "")
    assert not check_move(board(), [prone], "m", "crawl", ["F"], TW).legal


def test_adv_04_crawl_mp_is_half_walk_and_each_hex_needs_a_psr() -> None:
    prone = unit(tons=55, walk=5, piloting=5, prone=True)
    r = check_move(board(), [prone], "m", "crawl", ["F", "F"], TO)
    assert r.mp_available == 2 and r.mp_used == 2
    assert kinds(r) == ["crawl", "crawl"] and targets(r) == [4, 4]  # 5 - 1 (medium)
    turn = check_move(board(), [prone], "m", "crawl", ["L", "R"], TO)
    assert turn.legal and turn.psrs == ()  # turning in the hex: 1 MP, no roll
    assert not check_move(board(), [prone], "m", "crawl", ["F", "F", "F"], TO).legal
    assert reach(board(), [prone], "m", "crawl", TO).cost_to(H("0503"), 0) == 2


def test_ex_adv_01_a_failed_crawl_loses_its_mp_and_the_mech_tries_again() -> None:
    prone = unit(tons=55, walk=5, piloting=5, prone=True)
    res = resolve_move(board(), [prone], "m", "crawl", ["F", "F"], Dice(script=(1, 2, 3, 3)), TO)
    assert [e.type for e in res.events] == ["psr", "crawl_failed", "psr"]
    assert res.unit.at == H("0504") and res.unit.prone  # 3 fails TN 4, then 6 enters
    assert res.check.heat == 1


# --- careless movement (ADV-05..10, EX-ADV-02/03) -----------------------------------------


def test_adv_05_careless_ignores_the_extra_mp_but_never_entry_climb_or_water() -> None:
    b = board({"0504": {"woods": 2, "level": 1}})
    m = unit(tons=55, walk=5, piloting=4)
    assert check_move(b, [m], "m", "walk", ["F"], TO).mp_used == 4  # 1 + 2 woods + 1 climb
    careless = check_move(b, [m], "m", "walk", ["F"], TO, careless=True)
    assert careless.legal and careless.mp_used == 2  # the entry and the climb stay
    water = board({"0504": {"water": 1}})
    careful = check_move(water, [m], "m", "walk", ["F"], TO)
    hasty = check_move(water, [m], "m", "walk", ["F"], TO, careless=True)
    assert hasty.mp_used == careful.mp_used and "careless" not in kinds(hasty)
    assert not check_move(b, [m], "m", "walk", ["F"], TW, careless=True).legal


def test_adv_06_a_failed_careless_psr_is_a_fall_in_the_hex_entered() -> None:
    b = board({"0504": {"woods": 1}})
    m = unit(tons=80, walk=5, piloting=4)
    r = check_move(b, [m], "m", "walk", ["F", "F"], TO, careless=True)
    assert kinds(r) == ["careless"] and r.psrs[0].step == 0  # right after that hex
    res = resolve_move(b, [m], "m", "walk", ["F", "F"], Dice(script=(1, 1, 3, 3, 3, 3)), TO,
                       careless=True)  # fmt: skip
    assert res.unit.at == H("0504") and res.unit.prone
    assert "fall" in [e.type for e in res.events]


def test_ex_adv_02_heavy_woods_one_level_up_costs_2_carelessly() -> None:
    b = board({"0503": {"woods": 2, "level": 1}})
    m = unit(tons=75, walk=5, piloting=5, facing=0)
    steps = ["F", "L", "R", "F"]  # 3 MP to the hex before, then D
    assert not check_move(b, [m], "m", "walk", steps, TO).legal  # 3 + 4 = 7 > 5
    r = check_move(b, [m], "m", "walk", steps, TO, careless=True)
    assert r.legal and r.mp_used == 5
    assert targets(r) == [5 + 4]  # Piloting + 2 x 2; a heavy Mech has no class modifier


def test_ex_adv_03_careless_psr_numbers() -> None:
    def tn(tons: int, terrain: dict, **damage) -> int:  # type: ignore[no-untyped-def]
        r = check_move(board({"0504": terrain}), [unit(tons=tons, piloting=4, **damage)], "m",
                       "walk", ["F"], TO, careless=True)  # fmt: skip
        return next(p.target for p in r.psrs if p.kind == "careless")

    assert tn(70, {"woods": 1}) == 6  # heavy, light woods: 1 ignored
    assert tn(30, {"woods": 2}) == 6  # light, heavy woods: 4 + 4 - 2
    assert tn(50, {"rough": True}, gyro=1) == 8  # medium, gyro hit: 4 + 2 - 1 + 3
    water = check_move(board({"0504": {"water": 1}}), [unit(piloting=4)], "m", "walk", ["F"], TO,
                       careless=True)  # fmt: skip
    assert "careless" not in kinds(water)  # never in water


def test_adv_07_vehicles_move_carelessly_and_a_failure_is_a_motive_roll() -> None:
    b = board({"0504": {"woods": 1}})
    tank = unit(kind="tracked", tons=50, walk=4, piloting=5)
    r = check_move(b, [tank], "m", "walk", ["F"], TO, careless=True)
    assert r.legal and r.mp_used == 1 and kinds(r) == ["careless"]
    res = resolve_move(b, [tank], "m", "walk", ["F"], Dice(script=(1, 1, 6, 6)), TO,
                       careless=True)  # fmt: skip
    assert any(e.type.startswith("motive") for e in res.events)
    assert not check_move(b, [unit(kind="infantry")], "m", "walk", ["F"], TO, careless=True).legal


def test_adv_08_rubble_makes_two_psrs_the_terrain_roll_and_the_careless_roll() -> None:
    b = board({"0504": {"rubble": True}})
    r = check_move(b, [unit(tons=70, piloting=4)], "m", "walk", ["F"], TO, careless=True)
    assert sorted(kinds(r)) == sorted(["rubble", "careless"])


def test_adv_09_terrain_factors_are_a_gap_a_careless_fall_leaves_the_hex_as_it_was() -> None:
    b = board({"0504": {"woods": 1}})
    m = unit(tons=80, walk=5, piloting=4)
    res = resolve_move(b, [m], "m", "walk", ["F"], Dice(script=(1, 1, 3, 3, 3, 3)), TO,
                       careless=True)  # fmt: skip
    assert res.unit.prone and res.buildings == () and int(b.woods[3, 4]) == 1


def test_adv_10_weight_class_modifiers() -> None:
    assert [weight_class_modifier(t).value for t in (20, 35, 40, 55, 60, 75, 80, 100)] == [
        -2, -2, -1, -1, 0, 0, 0, 0,
    ]  # fmt: skip


# --- hull-down (ADV-11..16, EX-ADV-04) ------------------------------------------------------


def test_adv_11_going_hull_down_and_leaving_it_cost_2_mp_a_quad_rolls_nothing() -> None:
    quad = unit(kind="quad", walk=5)
    r = check_move(board(), [quad], "m", "walk", ["H", "H-"], TO)
    assert r.legal and r.mp_used == 4 and r.psrs == ()
    down = check_move(board(), [quad], "m", "walk", ["F", "H"], TO)
    assert down.end_hull_down and down.mp_used == 3
    assert not check_move(board(), [quad], "m", "walk", ["H"], TW).legal


def test_adv_11_attacks_on_a_hull_down_mech_get_plus_2_only_with_partial_cover() -> None:
    def number(hull_down: bool, cover: bool) -> int:
        s = scenario(
            [
                unit_spec("a", "0510", weapons=[{"name": "Medium Laser", "location": "CT"}]),
                unit_spec("t", "0506", 3, side="B", kind="quad", hull_down=hull_down),
            ],
            hexes={"0507": {"level": 1}} if cover else {},
            options=["tacops"],
        )
        return weapon_options(s.board, s.units, "a", "t", s.movements, TO).weapons[0].target

    assert number(True, False) == number(False, False)
    assert number(True, True) == number(False, True) + 2


def test_adv_12_a_kneeling_biped_rolls_to_get_up_and_a_failure_keeps_it_down() -> None:
    m = unit(walk=5, piloting=5)
    r = check_move(board(), [m], "m", "walk", ["H", "H-"], TO)
    assert r.mp_used == 4 and kinds(r) == ["hull-down"]
    kneeling = replace(m, hull_down=True)
    res = resolve_move(board(), [kneeling], "m", "walk", ["H-", "F"], Dice(script=(1, 1)), TO)
    assert "hull_down_stays" in [e.type for e in res.events] and res.unit.hull_down
    assert not res.unit.prone and res.unit.at == m.at  # no fall, the 2 MP are spent


def test_adv_12_a_hull_down_biped_is_one_level_tall() -> None:
    b = board()
    assert viewer(b, unit()).height == 1
    assert viewer(b, replace(unit(), hull_down=True)).height == 0


def test_adv_13_leg_weapons_cannot_fire_while_hull_down() -> None:
    s = scenario(
        [
            unit_spec(
                "a",
                "0510",
                hull_down=True,
                weapons=[
                    {"name": "Medium Laser", "location": "LL"},
                    {"name": "Medium Laser", "location": "RA"},
                ],
            ),  # fmt: skip
            unit_spec("t", "0506", 3, side="B"),
        ],
        options=["tacops"],
    )
    leg, arm = weapon_options(s.board, s.units, "a", "t", s.movements, TO).weapons
    assert not leg.can_fire and "ADV-13" in (leg.why_not or "") and arm.can_fire


def test_adv_13_a_hull_down_mech_punches_on_the_kick_table() -> None:
    punch = {"attacker": "a", "target": "t", "type": "punch", "limb": "RA"}
    down = phys_unit("a", "0505", 0, hull_down=True)
    target = phys_unit("t", "0504", 3, side="B")
    out = ask([down, target], punch, options=["tacops"])
    assert out["can_attack"] and out["table"] == "kick"
    assert ask([phys_unit("a", "0505", 0), target], punch)["table"] == "punch"


def test_adv_14_prone_to_hull_down_costs_1_mp_plus_leg_actuators_and_back_is_free() -> None:
    prone = unit(walk=5, prone=True)
    assert check_move(board(), [prone], "m", "walk", ["H:0"], TO).mp_used == 1
    hurt = unit(walk=5, prone=True, leg_actuators=1)
    assert check_move(board(), [hurt], "m", "walk", ["H:0"], TO).mp_used == 2
    kneel = replace(unit(walk=5), hull_down=True)
    r = check_move(board(), [kneel], "m", "walk", ["P"], TO)
    assert r.legal and r.mp_used == 0 and r.end_prone and r.psrs == ()


def test_ex_adv_04_getting_up_through_hull_down() -> None:
    prone = unit(walk=5, prone=True)
    via = check_move(board(), [prone], "m", "walk", ["H:0", "H-"], TO)
    assert (via.mp_used, len(via.psrs)) == (3, 1)
    hurt = unit(walk=5, prone=True, leg_actuators=1)
    assert check_move(board(), [hurt], "m", "walk", ["H:0", "H-"], TO).mp_used == 4
    direct = check_move(board(), [prone], "m", "walk", ["U"], TO)
    assert (direct.mp_used, len(direct.psrs)) == (2, 1)


def test_adv_15_standing_keeps_the_facing_from_prone_any_facing_is_named() -> None:
    standing = unit(facing=2)
    r = check_move(board(), [standing], "m", "walk", ["H"], TO)
    assert r.end_facing == 2
    assert not check_move(board(), [standing], "m", "walk", ["H:4"], TO).legal
    prone = unit(facing=2, prone=True)
    r = check_move(board(), [prone], "m", "walk", ["H:4", "H-"], TO)
    assert r.legal and r.end_facing == 4


def test_adv_16_a_mech_with_a_destroyed_leg_cannot_go_hull_down() -> None:
    r = check_move(board(), [unit(kind="quad", legs_destroyed=1)], "m", "walk", ["H"], TO)
    assert not r.legal and "ADV-16" in (r.error or "")


# --- WiGE (ADV-17..23, EX-ADV-05) ---------------------------------------------------------------


def wige(at: str = "0509", walk: int = 8, **kw):  # type: ignore[no-untyped-def]
    return replace(unit(kind="wige", walk=walk, tons=30, at=at), **kw)


FLYING = {"wige_airborne": True, "altitude": 1}


def test_adv_17_take_off_costs_5_mp_and_fewer_than_5_hexes_lands() -> None:
    b = board(h=12)
    up = check_move(b, [wige()], "m", "walk", ["TO", "F", "F", "F"], TW)
    assert up.legal and up.mp_used == 8 and up.end_airborne and up.end_altitude == 1
    short = check_move(b, [wige(**FLYING)], "m", "walk", ["F"] * 4, TW)
    assert short.legal and not short.end_airborne  # it lands at the end (no MP)
    assert check_move(b, [wige(**FLYING)], "m", "walk", ["F"] * 5, TW).end_airborne


def test_adv_18_landing_on_water_destroys_and_off_clear_ground_crash_lands() -> None:
    wet = board({"0507": {"water": 2}}, h=12)
    r = check_move(wet, [wige(**FLYING)], "m", "walk", ["F", "F"], TW)
    assert [w.landing for _, w in r.warnings] == ["destroyed"]
    rough = board({"0507": {"rough": True}}, h=12)
    r = check_move(rough, [wige(**FLYING)], "m", "walk", ["F", "F"], TW)
    assert [w.landing for _, w in r.warnings] == ["crash"]
    clear = check_move(board(h=12), [wige(**FLYING)], "m", "walk", ["F", "F"], TW)
    assert clear.warnings == () and not clear.end_airborne


def test_adv_19_a_landed_wige_has_1_mp() -> None:
    b = board(h=12)
    assert check_move(b, [wige()], "m", "walk", ["F"], TW).mp_used == 1
    assert not check_move(b, [wige()], "m", "walk", ["F", "F"], TW).legal


def test_adv_20_a_wige_follows_a_road_through_woods() -> None:
    road = {"0509": {"road": True}, "0508": {"woods": 1, "road": True},
            "0507": {"woods": 1, "road": True}}  # fmt: skip
    assert check_move(board(road, h=12), [wige(**FLYING)], "m", "walk", ["F", "F"], TW).legal


def test_adv_21_woods_or_a_climb_of_2_levels_would_crash_and_are_refused() -> None:
    woods = check_move(board({"0508": {"woods": 1}}, h=12), [wige(**FLYING)], "m", "walk", ["F"])
    assert not woods.legal and "ADV-21" in (woods.error or "")
    cliff = check_move(board({"0508": {"level": 2}}, h=12), [wige(**FLYING)], "m", "walk", ["F"])
    assert not cliff.legal and "ADV-23" in (cliff.error or "")


def test_adv_22_a_wige_never_moves_backward() -> None:
    r = check_move(board(h=12), [wige(**FLYING)], "m", "walk", ["B"], TW)
    assert not r.legal and "ADV-22" in (r.error or "")


def test_adv_23_one_level_up_is_free_lower_ground_sinks_free() -> None:
    up = check_move(board({"0508": {"level": 1}}, h=12), [wige(**FLYING)], "m", "walk",
                    ["F"] * 5)  # fmt: skip
    assert up.legal and up.mp_used == 5


def test_ex_adv_05_holding_the_altitude_over_the_plain_costs_2_more_per_hex() -> None:
    hill = {f"{c:02d}{r:02d}": {"level": 3} for c in range(1, 11) for r in range(9, 13)}
    b = board(hill, h=12)
    top = wige(walk=10, **FLYING)  # at level 4: 1 above the level-3 hill
    drop = check_move(b, [top], "m", "walk", ["F"] * 3, TW)
    assert drop.legal and drop.mp_used == 3  # option A: 1 MP a plain hex
    hold = check_move(b, [top], "m", "walk", ["FH"] * 3, TW)
    assert hold.legal and hold.mp_used == 9 and hold.end_state.altitude == 4  # option B
    on = check_move(b, [top], "m", "run", ["FH"] * 3 + ["F", "F"], TW)
    assert on.legal and on.end_airborne and on.end_altitude == 1  # it sinks at the end
    low = wige(at="0507", **FLYING)  # over level 0 at altitude 1, next to a level-2 hex
    assert not check_move(board({"0506": {"level": 2}}, h=12), [low], "m", "walk", ["F"]).legal


# --- naval (ADV-24) and VTOL (ADV-25) ---------------------------------------------------------


def test_adv_24_surface_vessels_need_water_pay_1_mp_a_hex_and_may_flank() -> None:
    sea = {f"05{r:02d}": {"water": 1 if r % 2 else 3} for r in range(3, 10)}
    boat = unit(kind="naval", walk=5, tons=60, at="0509")
    r = check_move(board(sea, h=12), [boat], "m", "walk", ["F"] * 5, TW)
    assert r.legal and r.mp_used == 5  # whatever the depth
    assert check_move(board(sea, h=12), [boat], "m", "run", ["F"] * 6, TW).legal
    beach = check_move(board({"0509": {"water": 1}}, h=12), [boat], "m", "walk", ["F"], TW)
    assert not beach.legal and "ADV-24" in (beach.error or "")


def test_adv_25_a_vtol_flies_over_woods_and_water_at_1_mp_a_hex() -> None:
    b = board({"0508": {"woods": 2}, "0507": {"water": 2}, "0506": {"rough": True}}, h=12)
    heli = unit(kind="vtol", walk=8, tons=20, at="0509")
    r = check_move(b, [heli], "m", "walk", ["F"] * 3, TW)
    assert r.legal and r.mp_used == 3


def test_mov_28_adv_23_a_flying_wige_passes_under_a_high_bridge() -> None:
    """Issue 27 item 7: level-0 ground, a level-3 deck: the WiGE at level 1 (altitude 1)
    fits under it (0 + 1 + 1 <= 3), so the deck is not the ground it flies over."""
    bridge = {"bridge_class": 2, "bridge_cf": 40, "bridge_level": 3, "water": 1}
    b = board({"0508": bridge}, h=12)
    w = wige(**FLYING)
    r = check_move(b, [w], "m", "walk", ["F"] * 5, TW)
    assert r.legal and r.end_airborne, r.error
    assert H("0506") in reach(b, [w], "m", "walk").hexes()
    low = board({"0508": bridge | {"bridge_level": 1}}, h=12)  # 0 + 2 > 1: over the deck
    over = check_move(low, [w], "m", "walk", ["F"] * 5, TW)
    assert over.legal and over.end_airborne
    high = board({"0508": bridge | {"bridge_level": 4}, "0507": {"level": 3}}, h=12)
    # under the level-4 deck it flies at level 1; the level-3 hill beyond rises 2 above it
    assert not check_move(high, [w], "m", "walk", ["F"] * 5, TW).legal


def test_adv_15_a_hull_down_mech_turns_in_place_and_stays_hull_down() -> None:
    """Issue 27 item 7: Tactical Operations as the reference program reads it: a turn in
    place costs its normal 1 MP a hexside and the Mech stays hull-down."""
    m = replace(unit(facing=0), hull_down=True)
    r = check_move(board(), [m], "m", "walk", ["R", "R"], TO)
    assert r.legal and r.end_facing == 2 and r.mp_used == 2 and r.end_hull_down
    assert not check_move(board(), [m], "m", "walk", ["F"], TO).legal  # moving needs H-
    ends = reach(board(), [m], "m", "walk", TO).hexes()
    assert set(ends[m.at][1]) == set(range(6))
