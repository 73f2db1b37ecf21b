"""Resolution: clusters, locations, damage, criticals, pilots, destroyed units (CMB-23..38)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from combatkit import board, mech, scenario, unit_spec
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.dice import Dice
from game.designs import weapon
from game.rules.combat.cluster import cluster_hits, missile_groups
from game.rules.combat.criticals import crit_count, critical_check, explode
from game.rules.combat.records import Declaration
from game.rules.combat.resolve import resolve_attack, resolve_declarations
from game.rules.combat.tohit import weapon_options
from game.units.mech import apply_hit, hit_location, standard_body
from game.units.vehicle import vehicle_location


def fire(s, decl: Declaration, dice: list[int], seed: int = 1):  # type: ignore[no-untyped-def]
    units = {u.id: u for u in s.units}
    o = weapon_options(
        s.board, units, decl.attacker, decl.target, s.movements, weapons=decl.weapons, aim=decl.aim
    )
    return resolve_attack(s.board, units, decl, o, Dice(seed, dice))


@pytest.mark.parametrize(
    ("w", "roll", "hits", "groups"),
    [
        ("LRM-20", 9, 16, (5, 5, 5, 1)),
        ("LRM-15", 2, 5, (5,)),
        ("LRM-10", 7, 6, (5, 1)),
        ("SRM-6", 7, 4, (2, 2, 2, 2)),
        ("SRM-2", 8, 2, (2, 2)),
    ],
)
def test_ex_cmb_06_missile_hits(w: str, roll: int, hits: int, groups: tuple) -> None:
    wp = weapon(w)
    assert cluster_hits(wp.missiles, roll) == hits and missile_groups(wp, hits) == groups


def test_cmb_23_to_25_cluster_table_columns() -> None:
    assert [cluster_hits(10, r) for r in range(2, 13)] == [3, 3, 4, 6, 6, 6, 6, 8, 8, 10, 10]
    assert [cluster_hits(7, r) for r in (2, 12)] == [2, 7]  # CMB-25 row


def test_cmb_27_location_table_and_the_front_eleven() -> None:
    assert hit_location("front", 11) == ("LA", False)
    assert hit_location("rear", 7) == ("CT", True)
    assert hit_location("left", 2) == ("LT", False)


def test_ex_cmb_07_damage_and_transfer() -> None:
    body = standard_body(50)
    body = body.with_location("RA", replace(body["RA"], armour=10, structure=8))
    body = body.with_location("RT", replace(body["RT"], armour=12, structure=12))
    body, res = apply_hit(body, "RA", 20)
    assert body["RA"].destroyed and body["RT"].armour == 10 and res.absorbed == 20


def test_cmb_28_29_side_torso_takes_its_arm_and_transfers() -> None:
    body = standard_body(50)
    body, res = apply_hit(body, "RT", 80)
    assert body["RT"].destroyed and body["RA"].destroyed and "RA" in res.destroyed


def test_cmb_30_critical_table() -> None:
    assert [crit_count(r, "CT") for r in (7, 8, 9, 10, 11, 12)] == [0, 1, 1, 2, 2, 3]
    assert crit_count(12, "LA") == -1 and crit_count(12, "HD") == -1


def test_cmb_31_slot_rolls_reroll_empty_slots_and_transfer_when_nothing_is_left() -> None:
    u = mech("HBK-4G", "t", "0505")
    # RA: shoulder, upper, lower, hand, ML, 7 empty. Check 8 (1 slot): half 4 (second six:
    # empty), again half 1, slot 5 -> the medium laser.
    u2, events, _ = critical_check(u, "RA", Dice(1, [4, 4, 4, 3, 1, 5]), "a")
    assert events[0].get("hits")[0]["component"] == "Medium Laser" and u2.body.weapon_destroyed(1)


def test_cmb_32_cockpit_and_head_blown_off() -> None:
    u = mech("HBK-4G", "t", "0505")
    u2, _, _ = critical_check(u, "HD", Dice(1, [4, 4, 3]), "a")  # 8: 1 slot, d6 3: cockpit
    assert u2.destroyed and u2.damage.pilot_hits == 6
    u3, ev, _ = critical_check(u, "HD", Dice(1, [6, 6]), "a")
    assert u3.body["HD"].destroyed and u3.destroyed and ev[0].get("blown_off")


def test_cmb_33_ex_cmb_08_leg_criticals() -> None:
    u = replace(mech("HBK-4G", "t", "0505"), walk=5, piloting=5)
    u, _, _ = critical_check(u, "LL", Dice(1, [4, 4, 1]), "a")  # hip
    assert (u.walk_mp(), u.run_mp()) == (3, 5)
    u, _, _ = critical_check(u, "RL", Dice(1, [4, 4, 4]), "a")  # foot
    assert (u.walk_mp(), u.run_mp()) == (2, 3)
    from game.rules.piloting.psr import psr_base_modifiers

    assert sum(m.value for m in psr_base_modifiers(u)) == 8


def test_cmb_34_engine_and_gyro() -> None:
    u = mech("HBK-4G", "t", "0505")
    for slot in (1, 2, 3):
        u, _, _ = critical_check(u, "CT", Dice(1, [4, 4, 1, slot]), "a")
    assert u.crits.engine == 3 and u.destroyed
    g = mech("HBK-4G", "t", "0505")
    g, _, _ = critical_check(g, "CT", Dice(1, [5, 5, 1, 4, 1, 5]), "a")  # 10: two slots
    assert g.crits.gyro == 2 and g.immobile


def test_cmb_35_arm_actuators_affect_arm_weapons() -> None:
    s = scenario(
        [
            unit_spec("a", "0508", model="HBK-4G", damage={"actuators": {"LA": ["shoulder"]}}),
            unit_spec("t", "0506", side="B"),
        ]
    )
    w = weapon_options(s.board, s.units, "a", "t", {}).weapons
    assert w[0].target == 4 + 4 and w[1].target == 4


def test_cmb_36_ammunition_explodes_with_its_neighbours() -> None:
    u = mech("HBK-4G", "t", "0505")  # two AC/20 bins of 5 in LT: 2 x 5 x 20 = 200
    u2, ev = explode(u, "LT", "test")
    assert ev.get("damage") == 200 and u2.destroyed and u2.body.ammo == (0, 0)
    u3, events, pilot = critical_check(u, "LT", Dice(1, [4, 4, 1, 1]), "a")
    assert pilot == 2 and any(e.type == "explosion" for e in events)


def test_cmb_37_destroyed_mechs_still_fire_in_their_phase() -> None:
    s = scenario(
        [
            unit_spec("a", "0508", model="HBK-4G"),
            unit_spec("t", "0506", 3, "B", model="HBK-4G", damage={"pilot_hits": 5}),
        ]
    )
    decls = [Declaration("a", "t", (2,)), Declaration("t", "a", (2,))]
    # a's AC/20 hits the head (12): the 6th pilot hit kills him; t still fires back.
    units, events = resolve_declarations(s.board, s.units, decls, {}, Dice(1, [6, 6, 6, 6, 6, 6]))
    assert units[1].destroyed and units[0].body.total_armour() < s.units[0].body.total_armour()


def test_cmb_38_a_lost_leg_calls_for_an_automatic_fall() -> None:
    s = scenario(
        [
            unit_spec("a", "0508", model="HBK-4G"),
            unit_spec("t", "0506", 3, "B", structure={"LL": 1}, armor={"LL": 0}),
        ]
    )
    _, res = fire(s, Declaration("a", "t", (2,)), [6, 6, 3, 6])  # location 9: left leg
    psr = [e for e in res.events if e.type == "psr" and e.get("reason") == "leg destroyed"]
    assert psr and psr[0].get("target") == "auto-fail"


def test_scripted_dice_for_each_kind_of_attack() -> None:
    s = scenario(
        [
            unit_spec("a", "0508", model="HBK-4G"),
            unit_spec("t", "0506", 3, "B", model="JR7-D"),
            unit_spec("v", "0708", 5, "B", model="GAL-100", kind="tracked"),
        ]
    )
    _, laser = fire(s, Declaration("a", "t", (0,)), [6, 6, 3, 4])
    assert laser.shots[0].groups[0].location == "CT" and laser.shots[0].groups[0].damage == 5
    _, miss = fire(s, Declaration("a", "t", (0,)), [1, 1])
    assert not miss.shots[0].hit and not miss.shots[0].groups
    jen = scenario([unit_spec("t", "0506", 3, model="JR7-D"), unit_spec("a", "0508", 0, "B")])
    _, srm = fire(jen, Declaration("t", "a", (4,)), [6, 6, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4])
    assert srm.shots[0].cluster == (7, 3) and [g.damage for g in srm.shots[0].groups] == [2, 2, 2]
    _, tank = fire(s, Declaration("a", "v", (1,)), [6, 6, 2, 1, 1, 1])
    g = tank.shots[0].groups[0]
    assert g.location in ("FR", "LS", "RS", "RR", "TU")


def test_aimed_shot_at_a_shut_down_mech_ex_cmb_05() -> None:
    s = scenario(
        [
            unit_spec("a", "0510", model="HBK-4G"),
            unit_spec("t", "0503", 3, "B", damage={"shutdown": True}),
        ]
    )
    _, res = fire(s, Declaration("a", "t", (1,), aim="LT"), [3, 3, 3, 4])
    assert res.shots[0].groups[0].location == "LT"


def test_vehicle_hit_location_table_standard_tw() -> None:
    assert vehicle_location("front", 5, True) == ("RS", True, False)
    assert vehicle_location("left", 8, True) == ("LS", False, True)
    assert vehicle_location("rear", 11, False)[0] == "RR"


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["HD", "CT", "LT", "RT", "LA", "RA", "LL", "RL"]),
            st.integers(1, 40),
            st.booleans(),
        ),
        max_size=12,
    )
)
def test_damage_is_never_lost_or_doubled(hits: list) -> None:
    body = standard_body(55)
    for code, dmg, rear in hits:
        before = body.total_armour() + body.total_structure()
        collateral_before = body
        body, res = apply_hit(body, code, dmg, rear)
        after = body.total_armour() + body.total_structure()
        lost_with = sum(v for _, v in res.collateral)
        assert res.absorbed + res.lost == dmg
        assert before - after == res.absorbed + lost_with
        _ = collateral_before


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=0, max_size=40), st.integers(0, 99))
def test_resolution_is_deterministic_for_the_same_dice(script: list, seed: int) -> None:
    s = scenario(
        [unit_spec("a", "0508", model="HBK-4G"), unit_spec("t", "0506", 3, "B", model="JR7-D")]
    )
    a = resolve_declarations(s.board, s.units, [Declaration("a", "t")], {}, Dice(seed, script))
    b = resolve_declarations(s.board, s.units, [Declaration("a", "t")], {}, Dice(seed, script))
    assert a == b


def test_board_helper_builds() -> None:
    assert board().width == 16
