"""Falls, fall damage, pilot damage and consciousness (PSR-14..PSR-21)."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from game.core.dice import Dice
from game.hexgrid import Hex
from game.rules.piloting.falls import (
    CONSCIOUSNESS,
    FALL_FACING,
    fall,
    fall_damage,
    pilot_hit,
    pilot_roll,
)
from game.units.crithits import damaged
from game.units.mech import HEAD, damage_groups, standard_body
from game.units.unit import Unit


class Mod(NamedTuple):
    value: int
    reason: str


def mech(tons: int = 50, piloting: int = 5, **damage: object) -> Unit:
    body, dmg = damaged(tons, **damage)
    return Unit("m", "A", "biped", tons, 5, Hex(4, 4), 0, piloting=piloting, damage=dmg, body=body)


@pytest.mark.parametrize(
    ("tons", "levels", "water", "damage", "groups"),
    [
        (20, 0, False, 2, (2,)),
        (55, 0, False, 6, (5, 1)),
        (65, 0, False, 7, (5, 2)),
        (55, 2, False, 18, (5, 5, 5, 3)),
        (100, 1, False, 20, (5, 5, 5, 5)),
        (55, 0, True, 3, (3,)),
        (75, 1, True, 8, (5, 3)),
    ],
)
def test_ex_psr_02_falling_damage(
    tons: int, levels: int, water: bool, damage: int, groups: tuple[int, ...]
) -> None:
    assert fall_damage(tons, levels, water) == damage  # PSR-16
    assert damage_groups(damage) == groups


@pytest.mark.parametrize(
    ("face", "facing", "side"),
    [
        (1, 2, "front"),
        (2, 3, "right"),
        (3, 4, "right"),
        (4, 5, "rear"),
        (5, 0, "left"),
        (6, 1, "left"),
    ],
)
def test_psr_14_facing_and_column(face: int, facing: int, side: str) -> None:
    u = Unit("m", "A", "biped", 50, 5, Hex(4, 4), 2)
    # face, then 2 location rolls (5 damage -> 1 group: 3+3=6), then pilot 6+6
    out, col = fall(
        u,
        Hex(4, 4),
        0,
        False,
        [Mod(5, "p")],
        Dice(script=(face, 3, 3, 6, 6)),
        0,
        "t",
    )
    assert out.unit.facing == facing and col == side and FALL_FACING[face][1] == side
    assert out.unit.prone  # PSR-15


def test_psr_16_fall_in_place_damage_applied_on_column() -> None:
    u = mech(50)
    body = standard_body(50)
    # facing 1 (front), location 3+4=7 -> CT front, pilot roll 3+3=6 >= 5
    out, side = fall(
        u, u.at, 0, False, [Mod(5, "piloting skill")], Dice(script=(1, 3, 4, 3, 3)), 2, "t"
    )
    assert side == "front"
    assert out.body["CT"].armour == body["CT"].armour - 5
    assert out.unit.damage.phase_damage == 5
    assert out.unit.damage.pilot_hits == 0
    types = [e.type for e in out.events]
    assert types == ["fall", "damage", "pilot_check"]


def test_psr_16_fall_from_two_levels() -> None:
    u = mech(55)
    dice = Dice(script=(4, 3, 4, 3, 4, 3, 4, 3, 4, 6, 6))  # rear; 4 groups at 7; MW 12
    out, side = fall(u, u.at, 2, False, [Mod(5, "piloting skill")], dice, 0, "t")
    dmg = out.events[1]
    assert side == "rear" and dmg.get("total") == 18
    assert [g.damage for g in dmg.get("groups")] == [5, 5, 5, 3]
    assert all(g.rear for g in dmg.get("groups"))
    mw = out.events[2]
    assert mw.get("target") == 7  # PSR-17: 5 + 2 levels


@pytest.mark.parametrize(
    ("piloting", "mods", "levels", "roll", "target", "injured", "auto"),
    [
        (5, [], 0, (2, 3), 5, False, None),
        (5, [Mod(3, "gyro hit"), Mod(1, "20+ damage")], 2, (5, 5), 11, True, None),
        (4, [Mod(5, "leg destroyed"), Mod(3, "gyro hit")], 1, (), 13, True, "target over 12"),
    ],
)
def test_ex_psr_03_pilot_fall_check(
    piloting: int,
    mods: list[Mod],
    levels: int,
    roll: tuple[int, ...],
    target: int,
    injured: bool,
    auto: str | None,
) -> None:
    u = mech(piloting=piloting)
    dice = Dice(script=roll + (6, 6))  # consciousness roll after a hit
    out = pilot_roll(u, [Mod(piloting, "piloting skill"), *mods], levels, dice, 0, False, False)
    check = out.events[0]
    assert check.get("target") == target
    assert check.get("injured") is injured
    assert check.get("automatic") == auto
    assert out.unit.damage.pilot_hits == (1 if injured else 0)


def test_ex_psr_03_unconscious_is_automatic_hit_without_roll() -> None:
    u = mech(piloting=3, pilot_hits=1, unconscious=True)
    dice = Dice(script=())
    out = pilot_roll(u, [Mod(3, "piloting skill")], 0, dice, 0, True, True)
    assert out.events[0].get("automatic") == "unconscious"
    assert out.unit.damage.pilot_hits == 2
    assert dice.log == ()  # PSR-17 automatic: no pilot roll, no consciousness roll


def test_psr_17_immobile_mech_is_automatic_hit() -> None:
    u = mech(gyro=2)
    out = pilot_roll(u, [Mod(5, "piloting skill")], 0, Dice(script=(6, 6)), 0, False, True)
    assert out.events[0].get("automatic") == "immobile"


def test_psr_20_table() -> None:
    assert CONSCIOUSNESS == {1: 3, 2: 5, 3: 7, 4: 10, 5: 11}


def test_ex_psr_04_consciousness() -> None:
    u = mech(pilot_hits=3)
    out = pilot_hit(u, Dice(script=(4, 4)), 0, "head hit")  # total 4 -> needs 10, rolls 8
    c = out.events[1]
    assert c.type == "consciousness" and c.get("target") == 10 and not c.get("conscious")
    assert out.unit.damage.unconscious and out.unit.damage.pilot_hits == 4
    dead = pilot_hit(out.unit, Dice(), 0, "head hit", hits=2)  # total 6 -> dead
    assert dead.unit.destroyed and dead.events[-1].type == "pilot_killed"


def test_psr_20_conscious_on_success() -> None:
    out = pilot_hit(mech(), Dice(script=(1, 2)), 0, "fall")  # 1 hit needs 3
    assert not out.unit.damage.unconscious


def test_psr_19_head_hit_in_a_fall_hurts_the_pilot() -> None:
    u = mech()
    # front; location 6+6 head; consciousness 6+6; MW check 6+6
    out, _ = fall(
        u,
        u.at,
        0,
        False,
        [Mod(5, "p")],
        Dice(script=(1, 6, 6, 6, 6, 6, 6)),
        0,
        "t",
    )
    assert out.body[HEAD].armour == standard_body(50)[HEAD].armour - 5
    assert [e.type for e in out.events] == [
        "fall",
        "damage",
        "pilot_hit",
        "consciousness",
        "pilot_check",
    ]
    assert out.unit.damage.pilot_hits == 1


def test_pilot_hit_then_failed_consciousness_in_a_fall() -> None:
    u = mech(pilot_hits=2)
    # front, CT, MW check 1+1 fails, consciousness (3 hits needs 7) 2+2 fails
    out, _ = fall(
        u,
        u.at,
        0,
        False,
        [Mod(5, "p")],
        Dice(script=(1, 3, 4, 1, 1, 2, 2)),
        0,
        "t",
    )
    assert out.unit.damage.pilot_hits == 3 and out.unit.damage.unconscious
    assert out.events[-1].type == "consciousness" and out.events[-1].get("target") == 7
