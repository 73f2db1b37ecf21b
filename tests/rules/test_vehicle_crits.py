"""Vehicle critical hits (CMB-45..48, EX-CMB-11) and the motive corrections (CMB-48a,
EX-PSR-11): the table, every effect, and what the effects do to firing, moving and
driving."""

from __future__ import annotations

from dataclasses import replace

import pytest
from combatkit import scenario, unit_spec
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.dice import Dice
from game.rules.combat.records import Declaration, Movement
from game.rules.combat.resolve import resolve_attack
from game.rules.combat.tohit import weapon_options
from game.rules.combat.tohit_batch import weapon_options_many
from game.rules.damage.vehicle_crits import end_phase, vehicle_critical
from game.rules.piloting.psr import psr_base_modifiers
from game.units.unit import Unit
from game.units.vehicle import vehicle_location
from game.units.vehicle_crits import TABLE, VehicleCrits, crit_result


def tank(**kw: object) -> Unit:
    """A Scorpion (tracked, ICE) armed with a turret AC/5 and a front MG, side B, facing north."""
    loadout = [{"name": "AC/5", "location": "TU"}, {"name": "Machine Gun", "location": "FR"}]
    s = scenario([unit_spec("t", "0506", 0, "B", model="Scorpion", kind="tracked", tons=25,
                            weapons=loadout)])  # fmt: skip
    return replace(s.units[0], **kw) if kw else s.units[0]


def crit(u: Unit, where: str, a: int, b: int) -> tuple[Unit, list]:
    return vehicle_critical(u, where, Dice(1, [a, b]))


@pytest.mark.parametrize(
    ("loc", "results"),
    [  # CMB-47, rolls 6..12 by column
        ("FR", ("driver hit", "weapon malfunction", "stabilizer", "sensors", "commander hit",
                "weapon destroyed", "crew killed")),
        ("LS", ("cargo hit", "weapon malfunction", "crew stunned", "stabilizer",
                "weapon destroyed", "engine hit", "fuel tank")),
        ("RR", ("weapon malfunction", "cargo hit", "stabilizer", "weapon destroyed",
                "engine hit", "ammunition", "fuel tank")),
        ("TU", ("stabilizer", "turret jam", "weapon malfunction", "turret locks",
                "weapon destroyed", "ammunition", "turret blown off")),
    ],
)  # fmt: skip
def test_cmb_47_critical_table_by_location(loc: str, results: tuple[str, ...]) -> None:
    assert tuple(crit_result(loc, r) for r in range(6, 13)) == results
    assert all(crit_result(loc, r) == "no critical" for r in range(2, 6))
    assert crit_result("RS", 9) == crit_result("LS", 9)


def test_cmb_45_critical_triggers() -> None:
    # 2 and 12 from any side, 8 only from the side; 10-12 hit the side attacked without a turret
    assert vehicle_location("front", 2, True) == ("FR", False, True)
    assert vehicle_location("rear", 12, True) == ("TU", False, True)
    assert vehicle_location("right", 8, True) == ("RS", False, True)
    assert vehicle_location("front", 8, True)[2] is False
    assert vehicle_location("front", 12, False) == ("FR", False, True)
    assert vehicle_location("left", 5, True) == ("FR", True, False)  # side column 5: front †
    assert vehicle_location("front", 5, True)[0] == "RS"  # not MegaMek's left (#8850)


def test_ex_cmb_11_side_8_stuns_the_crew_for_this_and_next_turn() -> None:
    s = scenario(
        [
            unit_spec("a", "0704", 3, model="HBK-4G"),  # to the tank's right
            unit_spec("t", "0708", 4, "B", model="Scorpion", kind="tracked", tons=25),
        ]
    )
    units = {u.id: u for u in s.units}
    d = Declaration("a", "t", (1,))  # the medium laser (5 points)
    o = weapon_options(s.board, units, "a", "t", s.movements, weapons=(1,))
    assert o.side == "right"
    # to-hit 6+6, location 4+4 = 8 (side: critical), critical 4+4 = 8 -> crew stunned
    now, res = resolve_attack(s.board, units, d, o, Dice(1, [6, 6, 4, 4, 4, 4]))
    t = now["t"]
    crits = [e for e in res.events if e.type == "critical"]
    assert crits[0].get("effect") == "crew stunned" and crits[0].get("location") == "RS"
    assert t.hull is not None and units["t"].hull is not None
    assert t.hull["RS"].armour == units["t"].hull["RS"].armour - 5
    assert t.stunned and t.hull.crits.stunned == 2
    assert "stunned" in (weapon_options(s.board, now, "t", "a", {}).weapons[0].why_not or "")
    once = end_phase(t)
    assert once.stunned  # all of the next turn too
    assert not end_phase(once).stunned


def test_ex_cmb_11_turret_blown_off_then_side_hits() -> None:
    t, evs = crit(tank(), "TU", 6, 6)
    assert evs[0].get("effect") == "turret blown off"
    assert t.hull is not None and t.hull["TU"].destroyed and not t.destroyed
    assert t.hull.weapon_destroyed(0)  # the AC/5 in the turret
    assert not t.hull.has_turret
    assert vehicle_location("front", 11, t.hull.has_turret)[0] == "FR"


def test_ex_cmb_11_driver_hit_then_a_second_is_crew_stunned() -> None:
    t, evs = crit(tank(), "FR", 3, 3)
    assert evs[0].get("effect") == "driver hit"
    assert [m.value for m in psr_base_modifiers(t)][1:] == [2]
    t, evs = crit(t, "FR", 3, 3)
    assert evs[0].get("result") == "driver hit" and evs[0].get("effect") == "crew stunned"


def test_commander_and_sensors_add_to_hit_and_driving() -> None:
    t, _ = crit(tank(), "FR", 5, 5)  # 10: commander
    t, _ = crit(t, "FR", 4, 5)  # 9: sensors
    t, _ = crit(t, "FR", 4, 5)
    assert t.hull is not None and t.hull.crits.sensors == 2 and t.hull.crits.commander
    s = scenario([unit_spec("a", "0503", 3, "A", model="HBK-4G")])
    units = {"t": t, "a": s.units[0]}
    o = weapon_options(s.board, units, "t", "a", {}, weapons=(0,))
    rules = {m.rule: m.value for m in o.weapons[0].modifiers if m.rule == "CMB-48"}
    assert sum(m.value for m in o.weapons[0].modifiers if m.rule == "CMB-48") == 3
    assert rules
    assert [m.value for m in psr_base_modifiers(t)][1:] == [1]


def test_weapon_malfunction_and_destroyed_hit_a_weapon_in_the_location() -> None:
    t, evs = crit(tank(), "TU", 4, 4)  # 8: malfunction -> the AC/5
    assert evs[0].get("weapon") == "AC/5" and t.hull is not None and 0 in t.hull.crits.jammed
    s = scenario([unit_spec("a", "0503", 3, "A", model="HBK-4G")])
    o = weapon_options(s.board, {"t": t, "a": s.units[0]}, "t", "a", {})
    assert "jammed" in (o.weapons[0].why_not or "")
    t, evs = crit(t, "TU", 4, 4)  # a second malfunction finds no working weapon: no effect
    assert evs[0].get("weapon") is None
    t, evs = crit(t, "FR", 5, 6)  # 11: weapon destroyed -> the front machine gun
    assert evs[0].get("weapon") == "Machine Gun" and t.hull is not None
    assert t.hull.weapon_destroyed(1)


def test_stabilizer_doubles_the_attacker_movement_modifier() -> None:
    t, _ = crit(tank(), "TU", 3, 3)  # 6: stabilizer
    s = scenario([unit_spec("a", "0503", 3, "A", model="HBK-4G")])
    units = {"t": t, "a": s.units[0]}
    mv = {"t": Movement("run", 3)}
    o = weapon_options(s.board, units, "t", "a", mv)
    tu = [m.value for m in o.weapons[0].modifiers if m.rule in ("CMB-12", "CMB-48")]
    fr = [m.value for m in o.weapons[1].modifiers if m.rule in ("CMB-12", "CMB-48")]
    assert tu == [2, 2] and fr == [2]  # flanked +2, again for the turret weapon only
    batch = weapon_options_many(s.board, units, [Declaration("t", "a")], mv)[0]
    assert batch == o


def test_engine_hit_immobile_unpowered_energy_and_turret_locked() -> None:
    s = scenario([unit_spec("v", "0506", 0, "B", kind="tracked", tons=25, model="Scorpion",
                            weapons=[{"name": "Medium Laser", "location": "TU"},
                                     {"name": "Flamer", "location": "TU"},
                                     {"name": "AC/5", "location": "TU"}],
                            ammo=[{"weapon": "AC/5", "location": "BD", "shots": 20}]),
                  unit_spec("a", "0509", 0, "A", model="HBK-4G")])  # fmt: skip
    v = s.units[0]
    assert v.hull is not None and v.hull.turret
    v, evs = crit(v, "LS", 5, 6)  # 11 on the side: engine hit
    assert evs[0].get("effect") == "engine hit" and v.immobile
    units = {"v": v, "a": s.units[1]}
    o = weapon_options(s.board, units, "v", "a", {})
    # the attacker is behind the tank: the locked turret points ahead
    assert [w.can_fire for w in o.weapons] == [False, False, False]
    assert "power" in (o.weapons[0].why_not or "") and "arc" in (o.weapons[1].why_not or "")
    front = replace(v, facing=3)
    o = weapon_options(s.board, {"v": front, "a": s.units[1]}, "v", "a", {})
    assert [w.can_fire for w in o.weapons] == [False, True, True]
    back = weapon_options(s.board, {"v": front, "a": s.units[1]}, "a", "v", {}, weapons=(0,))
    assert any(m.value == -4 for m in back.weapons[0].modifiers)  # immobile target


def test_fuel_tank_ice_destroys_fusion_is_an_engine_hit() -> None:
    t, evs = crit(tank(), "LS", 6, 6)
    assert evs[0].get("effect") == "fuel tank" and t.destroyed
    assert t.hull is not None and t.hull.crits.destroyed_by == "fuel tank"
    fusion = tank(hull=replace(tank().hull, engine="fusion"))
    t, evs = crit(fusion, "LS", 6, 6)
    assert evs[0].get("effect") == "engine hit" and not t.destroyed and t.immobile


def test_ammunition_explodes_or_destroys_a_weapon_without_ammo() -> None:
    t, evs = crit(tank(), "RR", 5, 6)  # 11 rear: ammunition
    assert [e.type for e in evs] == ["critical", "explosion"]
    assert evs[1].get("damage") == 20 * 5 and t.destroyed  # the AC/5 bin: 20 shots x 5
    assert t.hull is not None and t.hull.crits.destroyed_by == "ammunition"
    assert t.hull["RR"].armour == tank().hull["RR"].armour  # into the structure only
    assert t.hull["RR"].structure == 0 and t.damage.phase_damage == 0  # not tallied
    dry = tank()
    assert dry.hull is not None
    dry = replace(dry, hull=replace(dry.hull, ammo=(0, 0)))
    t, evs = crit(dry, "RR", 5, 6)
    assert evs[0].get("effect") == "weapon destroyed" and not t.destroyed


def test_crew_killed_is_out_of_the_game_and_turret_results() -> None:
    t, _ = crit(tank(), "FR", 6, 6)
    assert t.destroyed and t.hull is not None and not t.hull.destroyed  # an intact hulk
    t, _ = crit(tank(), "TU", 3, 4)  # 7: turret jam
    assert t.hull is not None and t.hull.crits.turret == "jammed"
    t, _ = crit(t, "TU", 4, 5)  # 9: turret locks
    assert t.hull is not None and t.hull.crits.turret == "locked" and t.hull.crits.turret_stuck
    t, evs = crit(tank(), "LS", 3, 3)  # 6: cargo, none carried: no effect
    assert evs[0].get("effect") == "cargo hit" and t.hull == tank().hull


def test_stunned_vehicle_cannot_move_and_a_second_stun_adds_a_turn() -> None:
    from game.phases.movement import mode_reason

    t, _ = crit(tank(), "LS", 4, 4)
    assert "stunned" in (mode_reason(t, "walk") or "")
    t, _ = crit(t, "LS", 4, 4)
    assert t.hull is not None and t.hull.crits.stunned == 3


def test_ex_psr_11_motive_damage_accumulates() -> None:
    t = tank()
    assert t.hull is not None
    hull = replace(t.hull, motive=("moderate",))
    assert hull.cruise(6) == 5 and hull.driving_modifier() == 2
    two = replace(hull, motive=("moderate", "heavy"))
    assert two.cruise(6) == 3 and two.driving_modifier() == 5  # ceil(5 / 2), +2 +3
    three = replace(hull, motive=("moderate", "heavy", "heavy"))
    assert three.cruise(6) == 2 and three.driving_modifier() == 5  # each row once
    assert replace(hull, motive=("minor", "minor")).driving_modifier() == 1
    assert not replace(hull, motive=("moderate",) * 6).immobile  # cruise 0 is not immobile
    assert replace(hull, motive=("major",)).immobile
    u = replace(t, hull=two, walk=6)
    assert u.walk_mp() == 3 and u.run_mp() == 5
    assert [m.value for m in psr_base_modifiers(u)][1:] == [2, 3]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["FR", "LS", "RS", "RR", "TU"]),
                          st.integers(1, 6), st.integers(1, 6)), max_size=12))  # fmt: skip
def test_crits_keep_the_hull_sound(rolls: list[tuple[str, int, int]]) -> None:
    """Any run of criticals: stun never negative, jammed and destroyed weapons are real
    weapons, a blown-off turret stays off, the record is a VehicleCrits."""
    t = tank()
    for loc, a, b in rolls:
        if t.destroyed:
            break
        t, evs = crit(t, loc, a, b)
        assert evs[0].get("result") == crit_result(loc, a + b)
    hull = t.hull
    assert hull is not None and isinstance(hull.crits, VehicleCrits)
    c = hull.crits
    assert c.stunned >= 0 and 0 <= c.sensors <= 4
    assert all(0 <= i < len(hull.weapons) for i in c.jammed | c.weapons)
    assert c.weapons <= hull.weapons_lost
    assert (c.turret == "off") == hull["TU"].destroyed or hull.destroyed


def test_table_has_seven_rows_per_column() -> None:
    assert all(len(v) == 7 for v in TABLE.values())


# --- CMB-48a, item by item (item 5, hovercraft sinking: tests/rules/test_hover_sinks.py) ---


def test_cmb_48a_1_heavy_damage_halves_cruise_rounding_up() -> None:
    hull = tank().hull
    assert hull is not None
    heavy = replace(hull, motive=("heavy",))
    assert [heavy.cruise(mp) for mp in (5, 4, 3, 1)] == [3, 2, 2, 1]  # PSR-27 said down


def test_cmb_48a_2_each_rows_modifier_once_moderate_mp_repeats() -> None:
    hull = tank().hull
    assert hull is not None
    every = replace(hull, motive=("minor", "moderate", "heavy") * 3)
    assert every.driving_modifier() == 6  # 1 + 2 + 3, at most +6
    assert replace(hull, motive=("moderate",) * 3).cruise(6) == 3  # -1 each time
    assert replace(hull, motive=("moderate",) * 3).driving_modifier() == 2


def test_cmb_48a_3_cruise_0_is_not_an_immobile_target() -> None:
    from game.rules.combat.modifiers import immobile_reason

    t = tank(walk=3)
    assert t.hull is not None
    stopped = replace(t, hull=replace(t.hull, motive=("moderate",) * 3))
    assert stopped.walk_mp() == 0 and not stopped.immobile
    assert immobile_reason(stopped) is None  # no -4 to hit (CMB-20)
    assert immobile_reason(replace(t, hull=replace(t.hull, motive=("major",)))) == "immobile"


def test_cmb_48a_4_a_second_attacker_in_the_phase_does_not_get_the_minus_4() -> None:
    """a's laser hits (12), location 9: motive 6+6 +1 (rear) = 13, immobile; b fires in
    the same phase with the numbers as declared (needs 6); from the next phase the -4
    counts (needs 2)."""
    from combatkit import board, mech

    from game.rules.combat.records import Declaration
    from game.rules.combat.resolve import resolve_declarations

    units = [tank(), mech("HBK-4G", "a", "0509"), mech("HBK-4G", "b", "0609")]
    decls = [Declaration("a", "t", (0,)), Declaration("b", "t", (0,))]
    after, events = resolve_declarations(board(), units, decls, {},
                                         Dice(1, [6, 6, 4, 5, 6, 6, 6, 6, 3, 4]))  # fmt: skip
    motive = next(e for e in events if e.type == "critical" and e.get("effect") == "major")
    assert motive.get("unit") == "t"
    shots = [e for e in events if e.type == "shot"]
    assert [e.get("needs") for e in shots] == [4, 6]  # gunnery 4; b at medium range +2
    later = weapon_options(board(), {u.id: u for u in after}, "b", "t", {})
    assert later.weapons[0].target == 2
    assert any("immobile" in m.reason for m in later.weapons[0].modifiers)


def test_cmb_48a_6_without_the_vehicle_effectiveness_option_9_and_side_8_count() -> None:
    """CMB-48a item 6 (CMB-46): TacOps vehicle effectiveness is not built, so the TW table
    holds: a 9 is a motive hit, a side 8 a critical, from every side."""
    for side in ("front", "left", "rear"):
        assert vehicle_location(side, 9, True)[1]
    assert vehicle_location("left", 8, True)[2] and not vehicle_location("front", 8, True)[2]


@pytest.mark.parametrize(("kind", "modifier"), [("naval", 0), ("hydrofoil", 3)])
def test_cmb_48a_7_the_naval_motive_table(kind: str, modifier: int) -> None:
    """Naval +0, hydrofoil +3 on the same rows (front: no side modifier)."""
    from game.rules.damage.hull import motive_hit

    t = tank()
    assert t.hull is not None
    vessel = replace(t, kind=kind, hull=replace(t.hull, kind=kind))
    hit, m = motive_hit(vessel, "front", Dice(1, [4, 4]))  # 8: moderate for naval
    assert m.modifier == modifier
    assert m.effect == ("moderate" if kind == "naval" else "heavy")  # 8 / 11
    assert hit.hull is not None and hit.hull.motive == (m.effect,)
