"""Conventional infantry in combat (CMB-39..44, MOV-33; standard TW values, not in seeds):
damage conversion by weapon class, double damage in the open, troopers lost, the platoon's
rifle attack, target modifiers, kicks and stomps; EX-CMB-09, EX-CMB-10, EX-PHY-05,
EX-MOV-12. Every number here is worked out by hand from the digest's tables."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from combatkit import board, mech, scenario, unit_spec
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.dice import Dice
from game.designs import weapons_table
from game.designs.model import Weapon
from game.designs.roster import make_unit
from game.hexgrid import parse_hex_name
from game.rules.combat.infantry_fire import range_modifier, rifle_damage, rifle_groups
from game.rules.combat.records import Declaration, Movement
from game.rules.combat.resolve import resolve_attack, resolve_declarations
from game.rules.combat.tohit import weapon_options
from game.rules.damage.infantry import TROOPERS, converted, in_open, kick_converted
from game.rules.damage.land import WEAPON, DamageRecord, PlatoonHit, land
from game.rules.physical.options import adjacent_enemies, physical_option
from game.rules.physical.records import Blow, Context
from game.rules.physical.resolve import resolve_blow
from game.units.platoon import Platoon, platoon
from game.units.unit import Unit


def hit_platoon(u: Unit, points: int, open_ground: bool) -> tuple[Unit, PlatoonHit]:
    """``points`` (converted) landed on the platoon ``u`` through the one damage entry."""
    landed = land(u, DamageRecord(TROOPERS, points, WEAPON, open_ground=open_ground))
    return landed.unit, landed.platoon


W = weapons_table()


def rifles(uid: str, at: str, side: str = "A", troopers: int = 28, **kw: Any) -> Unit:
    u = make_unit("INF-R", uid, side, at=parse_hex_name(at))
    return replace(u, platoon=platoon(troopers, full=28), **kw)


def fake(name: str, damage: int, kind: str = "energy", missiles: int = 0) -> Weapon:
    """A weapon the bundled table lacks (pulse lasers, LB-X), for the class formulas."""
    return Weapon(name, kind, 0, damage, 0, 3, 6, 9, 1.0, 1, None, missiles)


def fire(units: list[Unit], attacker: str, target: str, script: list[int],
         weapons: tuple[int, ...] | None = None, hexes: dict[str, Any] | None = None,
         movement: dict[str, Movement] | None = None):  # fmt: skip
    b = board(hexes)
    by_id = {u.id: u for u in units}
    opts = weapon_options(b, by_id, attacker, target, movement or {}, weapons=weapons)
    dice = Dice(seed=1, script=script)
    now, res = resolve_attack(b, by_id, Declaration(attacker, target, weapons), opts, dice)
    return now, res, dice


# --- CMB-39: the conversion table ------------------------------------------------------------


@pytest.mark.parametrize(
    "weapon, burst, expected",
    [
        (W["Medium Laser"], 0, 1),  # direct fire: ceil(5/10)
        (W["PPC"], 0, 1),  # ceil(10/10)
        (W["AC/20"], 0, 2),  # ceil(20/10)
        (W["Large Laser"], 0, 1),  # ceil(8/10)
        (fake("LB 10-X AC", 10, "ballistic"), 0, 2),  # cluster ballistic: ceil(10/10 + 1)
        (fake("Medium Pulse Laser", 6), 0, 3),  # pulse: ceil(0.6 + 2)
        (fake("Large Pulse Laser", 9), 0, 3),  # ceil(0.9 + 2)
        (W["LRM-15"], 0, 3),  # missiles: launcher size / 5
        (W["LRM-5"], 0, 1),
        (W["LRM-20"], 0, 4),
        (W["SRM-6"], 0, 2),  # ceil(6/5), the launcher-size reading (medium confidence)
        (W["SRM-2"], 0, 1),
        (W["Machine Gun"], 7, 7),  # burst: the 2D6 rolled
        (W["Flamer"], 15, 15),  # burst: 4D6
    ],
)
def test_cmb_39_damage_is_converted_by_weapon_class(weapon, burst, expected) -> None:
    assert converted(weapon, burst) == expected


def test_cmb_39_a_kick_is_max_1_floor_a_tenth() -> None:
    assert [kick_converted(k) for k in (4, 9, 10, 12, 19, 20, 21)] == [1, 1, 1, 1, 1, 2, 2]


def test_cmb_39_a_missile_hit_is_one_hit_without_a_cluster_roll() -> None:
    units = [mech("AS7-D", "as7", "0303", 3), rifles("inf", "0305", "B")]
    lrm = [i for i, m in enumerate(units[0].body.built.weapons) if m.weapon == "LRM-20"]
    assert lrm, "the AS7-D carries an LRM-20"
    now, res, dice = fire(units, "as7", "inf", [6, 6], weapons=tuple(lrm))
    assert [r.reason for r in dice.log] == ["to-hit LRM-20 (as7 at inf)"]  # no cluster roll
    shot = res.shots[0].to_json()
    assert shot["groups"] == [{"location": "troopers", "rear": False, "damage": 8}]  # 4, x2
    assert now["inf"].platoon.troopers == 20


def test_cmb_39_burst_dice_are_rolled_right_after_the_to_hit_roll() -> None:
    locust = mech("LCT-1V", "lct", "0303", 3)
    mgs = tuple(i for i, m in enumerate(locust.body.built.weapons) if m.weapon == "Machine Gun")
    now, res, dice = fire([locust, rifles("inf", "0305", "B")], "lct", "inf",
                          [6, 6, 3, 4, 6, 6, 1, 1], weapons=mgs[:2])  # fmt: skip
    assert [r.reason for r in dice.log] == [
        "to-hit Machine Gun (lct at inf)",
        "burst fire Machine Gun (1 of 2)",
        "burst fire Machine Gun (2 of 2)",
        "to-hit Machine Gun (lct at inf)",
        "burst fire Machine Gun (1 of 2)",
        "burst fire Machine Gun (2 of 2)",
    ]
    assert [g.damage for s in res.shots for g in s.groups] == [14, 4]  # (3+4) x2, (1+1) x2
    assert now["inf"].platoon.troopers == 28 - 18


# --- EX-CMB-09 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "weapon, burst, woods, left",
    [
        (W["Medium Laser"], 0, 0, 26),
        (fake("Medium Pulse Laser", 6), 0, 0, 22),
        (W["AC/20"], 0, 0, 24),
        (W["LRM-15"], 0, 0, 22),
        (W["Machine Gun"], 7, 0, 14),
        (W["Machine Gun"], 7, 1, 21),  # light woods: not in the open
    ],
)
def test_ex_cmb_09_converted_damage(weapon, burst, woods, left) -> None:
    b = board({"0505": {"woods": woods}} if woods else None)
    u = rifles("inf", "0505")
    after, hit = hit_platoon(u, converted(weapon, burst), in_open(b, u.at))
    assert after.platoon.troopers == left and hit.killed == 28 - left


def test_ex_cmb_09_through_the_attack_resolution_medium_laser_and_ac20() -> None:
    atlas = mech("AS7-D", "as7", "0303", 3)
    names = [m.weapon for m in atlas.body.built.weapons]
    ac20, ml = names.index("AC/20"), names.index("Medium Laser")
    now, res, _ = fire([atlas, rifles("inf", "0305", "B")], "as7", "inf", [6, 6, 6, 6],
                       weapons=(ac20, ml))  # fmt: skip
    assert [g.damage for s in res.shots for g in s.groups] == [4, 2]
    assert now["inf"].platoon.troopers == 22


# --- CMB-40: in the open ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "hexspec, opened",
    [
        ({}, True),
        ({"pavement": True}, True),
        ({"road": True}, True),
        ({"water": 0}, True),
        ({"woods": 1}, False),
        ({"woods": 2}, False),
        ({"rough": True}, False),
        ({"rubble": True}, False),
        ({"building": {"class": "light", "cf": 15}}, False),
    ],
)
def test_cmb_40_in_the_open_unless_woods_rough_rubble_or_building(hexspec, opened) -> None:
    from pathlib import Path

    from game.scenario.reader import parse_scenario

    data = {"version": 1, "board": {"width": 8, "height": 8, "hexes": {"0404": hexspec}},
            "units": []}  # fmt: skip
    b = parse_scenario(data, Path("t.json")).board
    assert in_open(b, parse_hex_name("0404")) is opened


def test_cmb_40_the_double_comes_after_the_conversion() -> None:
    after, hit = hit_platoon(rifles("i", "0101"), 3, True)
    assert (hit.converted, hit.damage, after.platoon.troopers) == (3, 6, 22)


# --- CMB-41: troopers --------------------------------------------------------------------------


def test_cmb_41_one_trooper_a_point_and_destroyed_at_0() -> None:
    u = rifles("i", "0101", troopers=3)
    after, hit = hit_platoon(u, 2, True)  # 4 points, only 3 troopers
    assert after.platoon.troopers == 0 and after.destroyed and hit.killed == 3
    assert Platoon(5).lose(2).troopers == 3 and not Platoon(5).destroyed


def test_cmb_41_a_platoon_destroyed_in_the_phase_still_fires_with_its_troopers() -> None:
    b = board()
    atlas = mech("AS7-D", "as7", "0303", 3)
    inf = rifles("inf", "0305", "B", troopers=2)
    decls = [Declaration("as7", "inf"), Declaration("inf", "as7")]
    dice = Dice(seed=1, script=[6, 6] * 8 + [6, 6, 6, 6, 3, 3])
    units, events = resolve_declarations(b, [atlas, inf], decls, {}, dice)
    after = {u.id: u for u in units}
    assert after["inf"].destroyed
    shots = [e for e in events if e.type == "shot" and e.get("attacker") == "inf"]
    assert shots and shots[0].get("hit")  # it fired after being destroyed
    cluster = [r for r in dice.log if r.reason.startswith("cluster Rifle")]
    assert cluster[0].reason == "cluster Rifle (2 troopers)"  # the troopers at declaration
    destroyed = [e for e in events if e.type == "destroyed" and e.get("unit") == "inf"]
    assert len(destroyed) == 1 and destroyed[0].get("cause") == "no troopers left (CMB-41)"


@settings(max_examples=200, deadline=None)
@given(troopers=st.integers(1, 30), points=st.integers(0, 80), opened=st.booleans())
def test_property_damage_to_infantry_is_never_lost(troopers: int, points: int,
                                                   opened: bool) -> None:  # fmt: skip
    """Every converted point (doubled in the open) removes exactly one trooper, until none
    are left: nothing is lost, nothing is invented."""
    u = rifles("i", "0101", troopers=troopers)
    after, hit = hit_platoon(u, points, opened)
    reached = points * (2 if opened else 1)
    assert hit.damage == reached
    assert hit.killed == min(reached, troopers) == troopers - after.platoon.troopers
    assert after.destroyed == (reached >= troopers)
    assert after.damage.phase_damage == hit.killed


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), troopers=st.integers(1, 30),
       woods=st.sampled_from([0, 1]))  # fmt: skip
def test_property_every_group_on_a_platoon_removes_its_points_in_troopers(
    seed: int, troopers: int, woods: int
) -> None:
    """A whole volley at a platoon: the troopers lost are the sum of the damage groups the
    answer shows (capped by the troopers there were)."""
    atlas = mech("AS7-D", "as7", "0303", 3)
    inf = rifles("inf", "0305", "B", troopers=troopers)
    hexes = {"0305": {"woods": woods}} if woods else None
    now, res, _ = fire([atlas, inf], "as7", "inf", [], hexes=hexes)
    shown = sum(g.damage for s in res.shots for g in s.groups)
    assert now["inf"].platoon.troopers == max(troopers - shown, 0)
    del seed


# --- CMB-42: the platoon's own attack ---------------------------------------------------------


def test_cmb_42_range_modifiers_for_range_value_1() -> None:
    assert [range_modifier(r).value for r in range(4)] == [-2, 0, 2, 4]
    assert range_modifier(4) is None and range_modifier(9) is None


def test_cmb_42_rifle_damage_rounds_half_up_and_goes_in_2_point_groups() -> None:
    assert [rifle_damage(n) for n in (17, 14, 1, 28, 25)] == [9, 7, 1, 15, 13]  # 13.0 -> 13
    assert rifle_groups(9, mech("HBK-4G", "m", "0101")) == (2, 2, 2, 2, 1)
    assert rifle_groups(9, rifles("i", "0101")) == (9,)  # against infantry: one block


def test_cmb_42_a_platoon_cannot_fire_beyond_3_hexes() -> None:
    units = {u.id: u for u in (rifles("inf", "0303"), mech("HBK-4G", "m", "0307", side="B"))}
    o = weapon_options(board(), units, "inf", "m", {})
    w = o.weapons[0]
    assert not w.can_fire and "reach 3" in w.why_not and "CMB-42" in w.why_not
    assert o.heat == 0


def test_ex_cmb_10_rifle_platoon_fires_at_a_mech() -> None:
    target = mech("HBK-4G", "m", "0305", 0, side="B")
    units = [rifles("inf", "0303", gunnery=4), target]
    moved = {"m": Movement("walk", 4)}
    b = board()
    o = weapon_options(b, {u.id: u for u in units}, "inf", "m", moved).weapons[0]
    assert o.target == 7 and [m.value for m in o.modifiers] == [4, 2, 1]
    assert [m.rule for m in o.modifiers] == ["CMB-11", "CMB-42", "CMB-13"]
    now, res, dice = fire(units, "inf", "m", [4, 4, 3, 4] + [3, 4] * 5, movement=moved)
    shot = res.shots[0]
    assert shot.hit and shot.cluster == (7, 17)
    assert [g.damage for g in shot.groups] == [2, 2, 2, 2, 1]
    assert sum(1 for r in dice.log if r.reason.startswith("hit location")) == 5
    hurt = replace(units[0], platoon=platoon(22, full=28))
    _, res, _ = fire([hurt, target], "inf", "m", [4, 4, 3, 4] + [3, 4] * 4, movement=moved)
    assert res.shots[0].cluster == (7, 14)
    assert [g.damage for g in res.shots[0].groups] == [2, 2, 2, 1]


def test_cmb_42_a_platoon_fires_at_a_platoon_in_one_block_doubled_in_the_open() -> None:
    units = [rifles("a", "0303"), rifles("b", "0304", "B")]
    now, res, dice = fire(units, "a", "b", [6, 6, 3, 4])
    shot = res.shots[0]
    assert shot.cluster == (7, 17) and len(shot.groups) == 1
    assert shot.groups[0].damage == 18  # round(17 x 0.52) = 9, in the open x2
    assert now["b"].platoon.troopers == 10
    assert not any(r.reason.startswith("hit location") for r in dice.log)


def test_cmb_42_the_referee_answer_of_a_platoon_attack() -> None:
    s = scenario([{"id": "inf", "side": "A", "kind": "infantry", "at": "0303"},
                  unit_spec("m", "0306", side="B")],
                 attack={"attacker": "inf", "target": "m"})  # fmt: skip
    units = {u.id: u for u in s.units}
    o = weapon_options(s.board, units, "inf", "m", s.movements, weapons=s.attacks[0].weapons)
    entry = o.weapons[0].to_json()
    assert entry == {"index": 0, "name": "Rifle", "can_fire": True, "why_not": None,
                     "range": 3, "target": 8,
                     "modifiers": [{"reason": "gunnery skill", "value": 4, "rule": "CMB-11"},
                                   {"reason": "infantry range (3 hexes)", "value": 4,
                                    "rule": "CMB-42"}]}  # fmt: skip


# --- CMB-43: modifiers for an infantry target -------------------------------------------------


def test_cmb_43_no_target_type_modifier_but_movement_and_jumping_count() -> None:
    hbk = mech("HBK-4G", "hbk", "0303", 3)
    inf = rifles("inf", "0306", "B")
    by_id = {"hbk": hbk, "inf": inf}
    still = weapon_options(board(), by_id, "hbk", "inf", {}).weapons
    ml = next(w for w in still if w.name == "Medium Laser")
    assert [m.rule for m in ml.modifiers] == ["CMB-11", "CMB-11"]  # skill and short range
    jumped = weapon_options(board(), by_id, "hbk", "inf", {"inf": Movement("jump", 3)}).weapons
    ml = next(w for w in jumped if w.name == "Medium Laser")
    assert [(m.value, m.reason) for m in ml.modifiers][2:] == [
        (1, "target moved 3-4 hexes"), (1, "target jumped")]  # fmt: skip


def test_ex_mov_12_the_jump_platoon_jumps_into_heavy_woods_over_a_hill() -> None:
    from movekit import H, move

    from game.board import HexSpec, build_board

    b = build_board(10, 10, {H("0504"): HexSpec(level=2), H("0503"): HexSpec(woods=2)})
    jumper = replace(make_unit("INF-J", "m", "A", at=H("0506")), id="m")
    r = move(b, jumper, ["J:0503"], mode="jump")
    assert r.legal and r.mp_used == 3 and r.end_at == H("0503")
    walked = move(b, jumper, ["J:0503"], mode="walk")
    assert not walked.legal
    hbk = mech("HBK-4G", "hbk", "0508", 0, side="B")
    at = replace(jumper, at=H("0503"))
    opts = weapon_options(b, {"hbk": hbk, "m": at}, "hbk", "m", {"m": Movement("jump", 3)})
    mods = {m.reason: m.value for m in opts.weapons[0].modifiers}
    assert mods["target moved 3-4 hexes"] + mods["target jumped"] == 2
    assert mods["target in woods"] == 2


# --- CMB-44 and EX-PHY-05: kicks and stomps --------------------------------------------------


def kick(attacker: Unit, target: Unit, hexes: dict[str, Any] | None = None, walked: bool = True,
         limb: str = "RL", kind: str = "kick"):  # fmt: skip
    moves = {attacker.id: Movement("walk", 1)} if walked else {}
    ctx = Context(moves)
    units = {attacker.id: attacker, target.id: target}
    return physical_option(board(hexes), units, Blow(attacker.id, target.id, kind, limb), ctx)


@pytest.mark.parametrize(
    "tons, same_hex, lost, number, troopers",
    [
        (60, False, (), 4, 2),  # 60 t, platoon in front: 5 - 2 + 1; 12 -> 1 -> x2
        (100, True, (), 7, 4),  # stomp: 5 - 2 + 3 + 1; 20 -> 2 -> x2
        (100, True, ("lower_leg",), 9, 2),  # + 2; 20 x 1/2 = 10 -> 1 -> x2
    ],
)
def test_ex_phy_05_kicking_a_platoon(tons, same_hex, lost, number, troopers) -> None:
    from game.scenario.reader import parse_scenario

    at = "0505" if same_hex else "0504"
    damage = {"actuators": {"RL": list(lost)}} if lost else {}
    data = {"version": 1, "board": {"width": 10, "height": 10},
            "units": [unit_spec("m", "0505", tons=tons, walk=4, damage=damage),
                      {"id": "i", "side": "B", "kind": "infantry", "at": at}]}  # fmt: skip
    from pathlib import Path

    s = parse_scenario(data, Path("t.json"))
    m, i = s.unit("m"), s.unit("i")
    o = kick(m, i)
    assert o.can_attack and o.target == number and o.damage == troopers
    assert o.psrs["target_on_hit"] is None  # CMB-44: infantry never rolls
    after, res = resolve_blow(board(), {"m": m, "i": i}, o, Dice(seed=1, script=[6, 6]))
    assert res.hit and after["i"].platoon.troopers == 28 - troopers
    assert [g.to_json() for g in res.groups] == [
        {"location": "troopers", "rear": False, "damage": troopers}]  # fmt: skip


def test_cmb_44_kick_in_woods_is_not_doubled_and_stomp_has_no_arc_check() -> None:
    m = mech("HBK-4G", "m", "0505", 0)
    i = rifles("i", "0506", "B")  # behind the Mech: out of the kick's arc
    o = kick(m, i)
    assert not o.can_attack and "in front of the legs" in o.why_not
    stomped = kick(m, replace(i, at=m.at), hexes={"0505": {"woods": 1}})
    assert stomped.can_attack and stomped.damage == 1  # 10 -> 1, not in the open
    assert any(x.rule == "CMB-44" and x.value == 3 for x in stomped.modifiers)


@pytest.mark.parametrize("kind, limb", [("punch", "RA"), ("club", ""), ("push", ""),
                                        ("charge", ""), ("dfa", "")])  # fmt: skip
def test_cmb_44_only_kicks_reach_a_platoon(kind, limb) -> None:
    m = replace(mech("HBK-4G", "m", "0505", 0), club="tree")
    o = kick(m, rifles("i", "0504", "B"), kind=kind, limb=limb)
    assert not o.can_attack and "CMB-44" in o.why_not


def test_cmb_44_a_platoon_in_the_attackers_hex_is_a_physical_target() -> None:
    m = mech("HBK-4G", "m", "0505", 0)
    here = rifles("i", "0505", "B")
    far = rifles("j", "0508", "B")
    assert [u.id for u in adjacent_enemies({"m": m, "i": here, "j": far}, m)] == ["i"]


def test_cmb_44_a_platoon_makes_no_physical_attacks() -> None:
    i = rifles("i", "0505")
    o = kick(i, mech("HBK-4G", "m", "0504", side="B"))
    assert not o.can_attack and "only Mechs make physical attacks" in o.why_not


# --- MOV-33 -----------------------------------------------------------------------------------


def test_mov_33_infantry_mp_by_motive_type() -> None:
    s = scenario(
        [
            {"id": "f", "side": "A", "kind": "infantry", "at": "0303"},
            {"id": "j", "side": "A", "kind": "infantry", "at": "0305", "motive": "jump"},
            {"id": "o", "side": "B", "kind": "infantry", "at": "0307", "jump": 3},
        ]
    )
    f, j, o = (s.unit(x) for x in "fjo")
    assert (f.walk_mp(), f.jump_mp(), f.platoon.motive) == (1, 0, "foot")
    assert (j.walk_mp(), j.jump_mp(), j.platoon.motive) == (1, 3, "jump")
    assert (o.walk_mp(), o.jump_mp(), o.platoon.motive) == (1, 3, "jump")  # the older key
    assert f.platoon.troopers == 28 and f.heat == 0


# --- Extension 4: the scenario keys -----------------------------------------------------------


@pytest.mark.parametrize(
    "extra, words",
    [
        ({"troopers": 0}, "troopers is 0, outside 1..30"),
        ({"troopers": 31}, "troopers is 31, outside 1..30"),
        ({"troopers": "28"}, "troopers"),
        ({"motive": "hover"}, 'motive "hover" is not one of foot, jump'),
        ({"motive": "foot", "jump": 3}, "a foot platoon has no jump MP"),
        ({"motive": "jump", "jump": 0}, "a jump platoon has jump MP"),
        ({"weapons": []}, "weapons is not read for infantry"),
    ],
)
def test_extension_4_a_bad_platoon_key_is_one_sentence_naming_the_unit(extra, words) -> None:
    from game.core.files import ScenarioError

    with pytest.raises(ScenarioError, match="unit 'inf'") as err:
        scenario([{"id": "inf", "side": "A", "kind": "infantry", "at": "0303", **extra}])
    assert words in str(err.value)


def test_extension_4_troopers_and_motive_are_for_infantry_only() -> None:
    from game.core.files import ScenarioError

    for key, value in (("troopers", 20), ("motive", "foot")):
        with pytest.raises(ScenarioError, match=f"{key} is for infantry platoons"):
            scenario([unit_spec("m", "0303", **{key: value})])


def test_extension_4_defaults_facing_ignored_and_the_model_gives_troopers() -> None:
    s = scenario([{"id": "a", "side": "A", "kind": "infantry", "at": "0303", "facing": 4},
                  {"id": "b", "side": "A", "kind": "infantry", "at": "0304", "model": "INF-J"},
                  {"id": "c", "side": "B", "kind": "infantry", "at": "0305", "troopers": 9,
                   "motive": "jump", "tons": 7, "walk": 2}])  # fmt: skip
    a, b, c = (s.unit(x) for x in "abc")
    assert (a.facing, a.platoon.troopers, a.tons, a.walk) == (0, 28, 3, 1)
    assert (b.platoon.troopers, b.platoon.motive, b.jump_mp()) == (21, "jump", 3)
    assert (c.platoon.troopers, c.platoon.full, c.tons, c.walk, c.jump) == (9, 28, 7, 2, 3)


def test_extension_4_a_platoon_fires_weapon_0_only() -> None:
    from game.core.files import ScenarioError

    units = [{"id": "inf", "side": "A", "kind": "infantry", "at": "0303"},
             unit_spec("m", "0306", side="B")]  # fmt: skip
    with pytest.raises(ScenarioError, match="weapons entry"):
        scenario(units, attack={"attacker": "inf", "target": "m", "weapons": [1]})
    s = scenario(units, attack={"attacker": "inf", "target": "m", "weapons": [0]})
    assert s.attacks[0].weapons == (0,)


def test_cmb_42_the_odds_of_a_platoons_volley_follow_the_cluster_table() -> None:
    from game.rules.combat.cluster import cluster_hits
    from game.rules.combat.odds import TWO_D6, hit_chance, volley_odds

    target = mech("HBK-4G", "m", "0305", 0, side="B")
    units = {"inf": rifles("inf", "0303"), "m": target}
    opts = weapon_options(board(), units, "inf", "m", {"m": Movement("walk", 4)})
    v = volley_odds(opts, target)
    mean = sum(float(p) * rifle_damage(cluster_hits(28, r)) for r, p in TWO_D6.items())
    assert abs(v.damage - float(hit_chance(7)) * mean) < 1e-9
    assert 0 < v.any_hit < 1 and v.locations  # the exact distribution over the Mech's body
