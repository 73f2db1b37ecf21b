"""Arcs, ranges and to-hit numbers (CMB-07..22, HEAT-07)."""

from __future__ import annotations

import pytest
from combatkit import board, mech, scenario, unit_spec

from game.core.options import CLASSIC
from game.hexgrid import parse_hex_name
from game.rules.combat.arcs import arc_of, relative_angle, side_hit
from game.rules.combat.modifiers import heat_to_hit
from game.rules.combat.records import Movement
from game.rules.combat.tohit import weapon_options


def numbers(s, attacker: str = "a", target: str = "t", **kw):  # type: ignore[no-untyped-def]
    o = weapon_options(
        s.board,
        s.units,
        attacker,
        target,
        s.movements,
        kw.pop("rules", None) or __import__("game.core.options", fromlist=["TW"]).TW,
        **kw,
    )
    return o


def one_weapon(weapon: str = "Medium Laser", location: str = "RA", **kw):  # type: ignore[no-untyped-def]
    return [{"name": weapon, "location": location}]


@pytest.mark.parametrize(
    ("to", "arc"), [("0702", "front"), ("0805", "right"), ("0205", "left"), ("0509", "rear")]
)
def test_cmb_07_arc_test_vectors(to: str, arc: str) -> None:
    assert arc_of(relative_angle(parse_hex_name("0505"), parse_hex_name(to), 0)) == arc


def test_cmb_07_boundaries_inclusive() -> None:
    assert arc_of(60) == "front" and arc_of(60.5) == "right" and arc_of(120) == "right"
    assert arc_of(240) == "left" and arc_of(300) == "front" and arc_of(180) == "rear"


def test_cmb_08_arm_weapons_reach_their_side_and_rear_mounts_the_rear() -> None:
    s = scenario(
        [
            unit_spec(
                "a",
                "0505",
                weapons=[
                    {"name": "Medium Laser", "location": "RA"},
                    {"name": "Medium Laser", "location": "LA"},
                    {"name": "Medium Laser", "location": "CT", "rear": True},
                ],
            ),
            unit_spec("t", "0805", side="B"),
        ]
    )
    w = numbers(s).weapons
    assert [x.can_fire for x in w] == [True, False, False]
    assert "out of arc" in (w[1].why_not or "")
    s2 = scenario(
        [
            unit_spec(
                "a", "0505", weapons=[{"name": "Medium Laser", "location": "CT", "rear": True}]
            ),
            unit_spec("t", "0508", side="B"),
        ]
    )
    assert numbers(s2).weapons[0].can_fire


def test_cmb_09_torso_twist_turns_the_upper_body_only() -> None:
    s = scenario(
        [
            unit_spec(
                "a",
                "0505",
                weapons=[
                    {"name": "Medium Laser", "location": "CT"},
                    {"name": "Medium Laser", "location": "LL"},
                ],
                torso_twist=1,
            ),
            unit_spec("t", "0805", side="B"),
        ]
    )
    w = numbers(s, twist=1).weapons
    assert w[0].can_fire and not w[1].can_fire  # the leg keeps the leg facing
    assert numbers(s, twist=1).side == numbers(s).side  # CMB-09/26: the twist moves no side


def test_cmb_10_and_11_range_brackets_and_base_numbers() -> None:
    for at, _number in (("0508", 4), ("0506", 4), ("0502", 6), ("0511", 8)):
        s = scenario(
            [
                unit_spec("a", "0514", weapons=one_weapon("Medium Laser", "CT")),
                unit_spec("t", at, side="B"),
            ]
        )
        rng = 14 - int(at[2:])
        w = numbers(s).weapons[0]
        if rng > 9:
            assert not w.can_fire and w.bracket == "out of range"
        else:
            assert w.target == 4 + {0: 0, 1: 2, 2: 4}[(rng > 3) + (rng > 6)]


def test_cmb_12_and_13_movement_modifiers_ex_cmb_02() -> None:
    for mode, hexes, extra in (
        ("walk", 5, 1 + 2),
        ("run", 3, 2 + 1),
        ("jump", 4, 3 + 1 + 1),
        ("stand", 0, 0),
    ):
        s = scenario(
            [
                unit_spec(
                    "a",
                    "0508",
                    weapons=one_weapon(location="CT"),
                    movement={"mode": mode, "hexes": hexes},
                ),
                unit_spec("t", "0506", side="B", movement={"mode": mode, "hexes": hexes}),
            ]
        )
        assert numbers(s).weapons[0].target == 4 + extra


@pytest.mark.parametrize(
    ("hexes", "tw", "classic"),
    [(2, 0, 0), (4, 1, 1), (6, 2, 2), (9, 3, 3), (17, 4, 4), (24, 5, 4), (25, 6, 4)],
)
def test_cmb_13_target_movement_table(hexes: int, tw: int, classic: int) -> None:
    from game.rules.combat.modifiers import target_moved

    mods = [
        target_moved(Movement("walk", hexes), r)
        for r in (__import__("game.core.options", fromlist=["TW"]).TW, CLASSIC)
    ]
    assert [m.value if m else 0 for m in mods] == [tw, classic]


def test_cmb_14_woods_modifiers() -> None:
    s = scenario(
        [
            unit_spec("a", "0510", weapons=one_weapon(location="CT")),
            unit_spec("t", "0506", side="B"),
        ],
        hexes={"0508": {"woods": 2}, "0506": {"woods": 1}},
    )
    w = numbers(s).weapons[0]
    assert {m.reason: m.value for m in w.modifiers}["intervening woods"] == 2
    assert {m.reason: m.value for m in w.modifiers}["target in woods"] == 1


@pytest.mark.parametrize(("rng", "mod"), [(4, 0), (3, 1), (2, 2), (1, 3)])
def test_ex_cmb_03_ppc_minimum_range(rng: int, mod: int) -> None:
    s = scenario(
        [
            unit_spec("a", f"05{5 + rng:02d}", weapons=one_weapon("PPC", "RT")),
            unit_spec("t", "0505", side="B"),
        ]
    )
    got = {m.rule: m.value for m in numbers(s).weapons[0].modifiers if m.rule == "CMB-15"}
    assert got.get("CMB-15", 0) == mod


def test_cmb_15_minimum_range_formula() -> None:
    test_ex_cmb_03_ppc_minimum_range(1, 3)


def test_cmb_16_secondary_targets_tw_and_classic() -> None:
    s = scenario(
        [
            unit_spec("a", "0508", weapons=one_weapon(location="RA")),
            unit_spec("t", "0506", side="B"),
            unit_spec("u", "0708", side="B"),
        ]
    )
    front = numbers(s, secondary=True).weapons[0].target
    side = numbers(s, target="u", secondary=True).weapons[0].target
    assert (front, side) == (4 + 1, 4 + 2)
    assert numbers(s, target="u", secondary=True, rules=CLASSIC).weapons[0].target == 4 + 1


def test_cmb_17_partial_cover_plus_one_tw_plus_three_classic_and_leg_weapons() -> None:
    s = scenario(
        [
            unit_spec("a", "0510", weapons=one_weapon(location="CT")),
            unit_spec("t", "0506", 3, side="B", weapons=one_weapon(location="LL")),
        ],
        hexes={"0507": {"level": 1}},
    )
    assert numbers(s).weapons[0].target == 4 + 2 + 1
    assert numbers(s, rules=CLASSIC).weapons[0].target == 4 + 2 + 3
    back = numbers(s, attacker="t", target="a").weapons[0]
    assert not back.can_fire and "partial cover" in (back.why_not or "")


def test_cmb_18_and_ex_cmb_04_water() -> None:
    s = scenario(
        [
            unit_spec("a", "0510", weapons=one_weapon(location="CT")),
            unit_spec("t", "0506", side="B"),
        ],
        hexes={"0506": {"water": 1}},
    )
    assert numbers(s).weapons[0].target == 4 + 2 + 1  # TW: partial cover
    assert numbers(s, rules=CLASSIC).weapons[0].target == 4 + 2 - 1  # classic: -1
    both = scenario(
        [
            unit_spec("a", "0510", weapons=one_weapon(location="CT")),
            unit_spec("t", "0506", side="B"),
        ],
        hexes={"0506": {"water": 1}, "0507": {"level": 0}},
    )
    assert numbers(both, rules=CLASSIC).weapons[0].target == 5


def test_cmb_19_prone_attacker_and_targets() -> None:
    s = scenario(
        [
            unit_spec(
                "a",
                "0508",
                prone=True,
                weapons=[
                    {"name": "Medium Laser", "location": "LA"},
                    {"name": "Medium Laser", "location": "RA"},
                    {"name": "Medium Laser", "location": "LL"},
                ],
            ),
            unit_spec("t", "0505", side="B", prone=True),
        ]
    )
    w = numbers(s).weapons
    assert "props" in (w[0].why_not or "") and w[1].target == 4 + 0 + 2 + 1
    assert "leg-mounted" in (w[2].why_not or "")
    adj = scenario(
        [
            unit_spec("a", "0506", weapons=one_weapon(location="CT")),
            unit_spec("t", "0505", side="B", prone=True),
        ]
    )
    assert numbers(adj).weapons[0].target == 4 - 2


def test_cmb_20_and_ex_cmb_05_immobile_and_aimed_shots() -> None:
    s = scenario(
        [
            unit_spec("a", "0510", weapons=one_weapon("Large Laser", "CT")),
            unit_spec("t", "0503", side="B", damage={"shutdown": True}),
        ]
    )
    assert numbers(s).weapons[0].target == 6 - 4  # medium range, immobile
    assert numbers(s, aim="LT").weapons[0].target == 2  # EX-CMB-05
    assert numbers(s, aim="HD").weapons[0].target == 5


def test_cmb_21_aimed_shots_need_an_immobile_target_and_no_missiles() -> None:
    s = scenario(
        [
            unit_spec(
                "a",
                "0510",
                weapons=[
                    {"name": "Medium Laser", "location": "CT"},
                    {"name": "LRM-5", "location": "LT"},
                ],
                ammo=[{"weapon": "LRM-5", "location": "LT", "shots": 24}],
            ),
            unit_spec("t", "0503", side="B"),
        ]
    )
    w = numbers(s, aim="LT").weapons
    assert not w[0].can_fire and not w[1].can_fire and "missile" in (w[1].why_not or "")


def test_cmb_22_and_heat_07_other_modifiers() -> None:
    assert [heat_to_hit(h) for h in (7, 8, 12, 13, 16, 17, 23, 24)] == [0, 1, 1, 2, 2, 3, 3, 4]
    s = scenario(
        [
            unit_spec(
                "a",
                "0508",
                heat=13,
                damage={"sensors": 1, "actuators": {"RA": ["upper_arm", "lower_arm"]}},
                weapons=one_weapon(location="RA"),
            ),
            unit_spec("t", "0506", side="B"),
        ]
    )
    assert numbers(s).weapons[0].target == 4 + 2 + 2 + 2
    s2 = scenario(
        [
            unit_spec(
                "a",
                "0508",
                damage={"actuators": {"RA": ["shoulder", "upper_arm"]}},
                weapons=one_weapon(location="RA"),
            ),
            unit_spec("t", "0506", side="B"),
        ]
    )
    assert numbers(s2).weapons[0].target == 4 + 4  # CMB-35: shoulder +4, nothing more


def test_cmb_01_out_of_range_and_no_ammunition_and_impossible() -> None:
    s = scenario(
        [
            unit_spec(
                "a",
                "0510",
                heat=24,
                movement={"mode": "jump", "hexes": 3},
                weapons=[
                    {"name": "AC/5", "location": "RT"},
                    {"name": "Medium Laser", "location": "CT"},
                ],
                ammo=[{"weapon": "AC/5", "location": "RT", "shots": 0}],
            ),
            unit_spec("t", "0502", side="B", movement={"mode": "jump", "hexes": 9}),
        ]
    )
    ac, ml = numbers(s).weapons
    assert not ac.can_fire and "ammunition" in (ac.why_not or "")
    assert ml.can_fire and ml.target is None and ml.to_json()["target"] == "impossible"
    assert numbers(s).heat == 0  # an impossible weapon is not fired


def test_cmb_26_side_of_the_target() -> None:
    assert [side_hit(a) for a in (0, 90, 91, 150, 151, 209, 210, 269, 270)] == [
        "front",
        "front",
        "right",
        "right",
        "rear",
        "rear",
        "left",
        "left",
        "front",
    ]
    bd = board()
    a = mech("HBK-4G", "a", "0505", 0)
    t = mech("JR7-D", "t", "0503", 0, "B")
    assert weapon_options(bd, [a, t], "a", "t", {}).side == "rear"


@pytest.mark.parametrize("facings", [(0, 0), (3, 0), (0, 3), (2, 5), (4, 1)])
def test_a_target_in_the_attackers_own_hex_is_ahead_and_struck_on_its_front(facings) -> None:
    """MOV-35 makes it common; the digest is silent. The reference program strikes the front
    (MegaMek ``sideTable``: same hex -> SIDE_FRONT); we put the target in the forward arc,
    whatever the facings (docs/combat.md). Before, a zero-length bearing made it 180
    degrees: the rear for some facings. The batch path (tohit_batch) agrees."""
    from game.rules.combat.records import Declaration
    from game.rules.combat.tohit_batch import weapon_options_many

    fa, ft = facings
    weapons = [{"name": "Medium Laser", "location": "CT"},
               {"name": "Medium Laser", "location": "CT", "rear": True}]  # fmt: skip
    s = scenario([unit_spec("a", "0505", facing=fa, weapons=weapons),
                  unit_spec("t", "0505", side="B", kind="tracked", facing=ft)])  # fmt: skip
    o = numbers(s)
    assert o.side == "front"
    assert [w.can_fire for w in o.weapons] == [True, False]  # forward, not the rear mount
    here = parse_hex_name("0505")
    assert relative_angle(here, here, fa) == 0.0
    [fast] = weapon_options_many(s.board, s.units, [Declaration("a", "t")], {})
    assert fast.side == "front" and [w.can_fire for w in fast.weapons] == [True, False]
