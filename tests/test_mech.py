"""The Mech body: structure table, armour, hit locations, damage and transfer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.dice import Dice
from game.core.options import CLASSIC, TW
from game.units.mech import (
    BIPED_LOCATIONS,
    CT,
    FLL,
    FRL,
    HEAD,
    LA,
    LL,
    LT,
    QUAD_LOCATIONS,
    RA,
    RL,
    RLL,
    RRL,
    RT,
    Location,
    MechBody,
    apply_groups,
    apply_hit,
    body_from_record,
    damage_groups,
    hit_location,
    kick_location,
    max_armour,
    max_structure,
    standard_body,
    structure_for,
)


def body_50() -> MechBody:
    """EX-CMB-07's numbers: arm armour 10 / structure 8, right torso 12 / 12."""
    armour = {HEAD: 9, CT: 20, LT: 12, RT: 12, LA: 10, RA: 10, LL: 16, RL: 16}
    return body_from_record(50, False, armour, {CT: 6, LT: 4, RT: 4})


def test_structure_table_rows() -> None:
    assert structure_for(20) == (6, 5, 3, 4)
    assert structure_for(50) == (16, 12, 8, 12)
    assert structure_for(100) == (31, 21, 17, 21)
    assert structure_for(52) == structure_for(50)  # rounds down to the 5 t row
    assert max_structure(50, False)[HEAD] == 3
    assert max_structure(50, True)[FLL] == 12  # quad front legs use the leg value


def test_max_armour_is_twice_structure_head_nine() -> None:
    m = max_armour(75, False)
    assert m[HEAD] == 9 and m[CT] == 46 and m[LA] == 24 and m[LL] == 32


def test_standard_body_fraction_and_rear() -> None:
    b = standard_body(50)
    assert b[LA].armour == 12  # floor(16 * 0.8)
    assert b[CT].armour + b[CT].rear == 25 and b[CT].rear == 5
    assert b[HEAD].armour == 7 and b[HEAD].rear == 0
    assert b.codes == BIPED_LOCATIONS
    q = standard_body(50, quad=True)
    assert q.codes == QUAD_LOCATIONS and q[FRL].structure == 12
    one_leg = standard_body(50, legs_destroyed=1)
    assert one_leg.legs_destroyed == 1 and one_leg[LL].destroyed


def test_damage_groups_of_five() -> None:
    assert damage_groups(18) == (5, 5, 5, 3)
    assert damage_groups(20) == (5, 5, 5, 5)
    assert damage_groups(2) == (2,)
    assert damage_groups(0) == ()


@pytest.mark.parametrize(
    ("side", "roll", "expected"),
    [
        ("front", 2, (CT, False)),
        ("front", 11, (LA, False)),
        ("rear", 7, (CT, True)),
        ("rear", 8, (LT, True)),
        ("left", 3, (LL, False)),
        ("left", 10, (RA, False)),
        ("right", 11, (LL, False)),
        ("right", 12, (HEAD, False)),
    ],
)
def test_cmb_27_hit_location_table(side: str, roll: int, expected: tuple[str, bool]) -> None:
    assert hit_location(side, roll, rules=TW) == expected


def test_cmb_27_front_eleven_classic_left_leg_and_quads() -> None:
    assert hit_location("front", 11, rules=CLASSIC) == (LL, False)
    assert hit_location("front", 4, quad=True) == (FRL, False)
    assert hit_location("left", 3, quad=True) == (RLL, False)
    with pytest.raises(ValueError):
        hit_location("top", 7)


def test_phy_09_kick_table() -> None:
    assert kick_location("front", 2) == RL and kick_location("front", 5) == LL
    assert kick_location("left", 6) == LL and kick_location("right", 1) == RL
    assert kick_location("rear", 1, quad=True) == RRL
    assert kick_location("left", 4, quad=True) == RLL


def test_cmb_28_armour_then_structure() -> None:
    body, res = apply_hit(body_50(), LA, 7)
    assert body[LA] == Location(3, 8)
    assert res.parts[0].armour == 7 and res.parts[0].structure == 0
    body, res = apply_hit(body, LA, 5)
    assert body[LA] == Location(0, 6) and res.structure_damaged


def test_cmb_28_rear_hit_uses_rear_armour() -> None:
    body, res = apply_hit(body_50(), CT, 8, rear=True)
    assert body[CT].rear == 0 and body[CT].armour == 20 and body[CT].structure == 14
    assert res.parts[0].rear


def test_ex_cmb_07_damage_and_transfer() -> None:
    body, res = apply_hit(body_50(), RA, 20)
    assert body[RA].destroyed
    assert [(p.location, p.armour, p.structure) for p in res.parts] == [(RA, 10, 8), (RT, 2, 0)]
    assert res.parts[1].transferred_from == RA
    assert body[RT].armour == 10
    # a later hit rolled "right arm" goes to the right torso
    body, res = apply_hit(body, RA, 5)
    assert res.parts[0].location == RT and body[RT].armour == 5
    # right torso destroyed -> further right-side hits go to the centre torso
    body, res = apply_hit(body, RT, 17)
    assert body[RT].destroyed and RT in res.destroyed
    body, res = apply_hit(body, RA, 3)
    assert res.parts[0].location == CT


def test_cmb_28_side_torso_takes_its_arm() -> None:
    body, res = apply_hit(body_50(), LT, 24 + 3)
    assert body[LT].destroyed and body[LA].destroyed and not body[LL].destroyed
    assert res.destroyed == (LT, LA)
    assert res.collateral == ((LA, 18),)
    assert res.parts[-1].location == CT and res.parts[-1].armour == 3


def test_quad_side_torso_takes_front_leg() -> None:
    q = standard_body(50, quad=True)
    q, res = apply_hit(q, RT, 100)
    assert q[FRL].destroyed and not q[RRL].destroyed
    assert q.legs_destroyed == 1


def test_cmb_37_head_or_ct_destroys_the_mech() -> None:
    body, res = apply_hit(body_50(), HEAD, 15)
    assert body.destroyed and res.mech_destroyed and res.lost == 3
    body, res = apply_hit(body_50(), CT, 20 + 16 + 1)
    assert body.destroyed and res.lost == 1
    body, res = apply_hit(body, LA, 5)  # nothing happens to a destroyed Mech
    assert res.parts == () and res.lost == 5


def test_cmb_38_leg_destroyed_counts() -> None:
    body, res = apply_hit(body_50(), LL, 28)
    assert body.legs_destroyed == 1 and LL in res.destroyed


def test_apply_groups_rolls_location_per_group() -> None:
    dice = Dice(script=(3, 4, 6, 6))  # 7 -> CT front, 12 -> head
    body, results, rolls = apply_groups(body_50(), dice, "front", (5, 3), "fall")
    assert [r.location for r in results] == [CT, HEAD]
    assert [r.total for r in rolls] == [7, 12]
    assert body[CT].armour == 15 and body[HEAD].armour == 6


locations = st.sampled_from(BIPED_LOCATIONS)


@settings(max_examples=100)
@given(
    tons=st.sampled_from(range(20, 105, 5)),
    hits=st.lists(st.tuples(locations, st.integers(1, 30), st.booleans()), max_size=25),
)
def test_damage_is_never_lost_until_destroyed(tons: int, hits: list[tuple[str, int, bool]]) -> None:
    body = standard_body(tons)
    for code, dmg, rear in hits:
        before = body.total_armour() + body.total_structure()
        was_destroyed = body.destroyed
        body, res = apply_hit(body, code, dmg, rear)
        after = body.total_armour() + body.total_structure()
        assert res.absorbed + res.lost == dmg
        assert before - after == res.absorbed + sum(v for _, v in res.collateral)
        if not body.destroyed:
            assert res.lost == 0 and res.absorbed == dmg
        if was_destroyed:
            assert res.absorbed == 0
        assert all(
            loc.armour >= 0 and loc.rear >= 0 and loc.structure >= 0 for loc in body.locations
        )
        assert all(loc.structure == 0 for loc in body.locations if loc.destroyed)


def test_hit_result_json_accounts_for_every_point() -> None:
    _, res = apply_hit(body_50(), LT, 30)
    j = res.to_json()
    assert j["location"] == LT and j["damage"] == 30
    assert sum(p["armour"] + p["structure"] for p in j["parts"]) + j["lost"] == 30
    assert j["collateral"] == [{"location": LA, "lost": 18}] and j["destroyed"] == [LT, LA]
