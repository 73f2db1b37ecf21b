"""Derived MP: run from walk, damage and heat (MOV-04, HEAT-06, CMB-33, CMB-38)."""

import pytest

from game.hexgrid import Hex
from game.units.crithits import damaged
from game.units.unit import Unit, heat_mp_penalty


def mech(
    walk: int = 5, jump: int = 0, heat: int = 0, kind: str = "biped", legs: int = 0, **dmg: int
) -> Unit:
    body, damage = damaged(50, kind == "quad", legs, jump, **dmg)
    return Unit("m", "A", kind, 50, walk, Hex(0, 0), 0, jump=jump, heat=heat,
                damage=damage, body=body)  # fmt: skip


@pytest.mark.parametrize(("walk", "run"), [(3, 5), (4, 6), (5, 8), (6, 9)])
def test_ex_mov_01_run_mp(walk: int, run: int) -> None:
    assert mech(walk).run_mp() == run


@pytest.mark.parametrize(
    ("walk", "jump", "heat", "exp"),
    [(5, 5, 4, (5, 8, 5)), (5, 5, 9, (4, 6, 5)), (5, 5, 15, (2, 3, 5)), (4, 0, 25, (0, 0, 0))],
)
def test_ex_heat_02_heat_and_mp(walk: int, jump: int, heat: int, exp: tuple) -> None:
    u = mech(walk, jump, heat)
    assert (u.walk_mp(), u.run_mp(), u.jump_mp()) == exp


def test_heat_penalty_is_not_cumulative() -> None:  # HEAT-06
    assert [heat_mp_penalty(h) for h in (0, 4, 5, 9, 10, 15, 20, 25, 30)] == [
        0, 0, 1, 1, 2, 3, 4, 5, 5,
    ]  # fmt: skip


def test_ex_cmb_08_leg_criticals() -> None:
    assert (mech(5, hips=1).walk_mp(), mech(5, hips=1).run_mp()) == (3, 5)
    u = mech(5, hips=1, leg_actuators=1)
    assert (u.walk_mp(), u.run_mp()) == (2, 3)


def test_immobile_states_have_no_mp() -> None:  # CMB-33, CMB-34, PSR-05
    for dmg in ({"hips": 2}, {"gyro": 2}, {"shutdown": True}, {"unconscious": True}):
        u = mech(5, 4, **dmg)
        assert u.immobile and u.walk_mp() == 0 and u.run_mp() == 0 and u.jump_mp() == 0


def test_one_leg_leaves_one_mp() -> None:  # CMB-38, MOV-20
    u = mech(6, 4, legs=1)
    assert (u.walk_mp(), u.run_mp(), u.jump_mp()) == (1, 1, 4)


def test_destroyed_jets_reduce_jump_not_heat() -> None:  # CMB-36, HEAT-06
    assert mech(5, 5, heat=12, jump_jets=2).jump_mp() == 3


def test_vehicles_ignore_mech_damage_and_heat() -> None:
    v = mech(5, heat=20, kind="tracked")
    assert (v.walk_mp(), v.run_mp()) == (5, 8)
