"""One test per remaining numbered piloting rule (PSR-01..PSR-28) not covered elsewhere."""

from __future__ import annotations

import pytest
from piloting_helpers import board, of_type, unit

from game.board import HexSpec
from game.core.dice import Dice
from game.core.options import CLASSIC
from game.rules.modifier import Modifier
from game.rules.piloting.falls import (
    DEFAULT_GUNNERY,
    DEFAULT_PILOTING,
    improve_skills,
    pilot_roll,
    random_skills,
    wake_up,
)
from game.rules.piloting.resolve import resolve_move
from game.rules.piloting.skid import MOTIVE_EFFECTS
from game.units.unit import Unit

ROAD = {f"05{r:02d}": HexSpec(pavement=True, road=True) for r in range(3, 19)}


def test_psr_01_default_skills() -> None:
    u = Unit("m", "A", "biped", 50, 5, unit().at, 0)
    assert (u.piloting, u.gunnery) == (DEFAULT_PILOTING, DEFAULT_GUNNERY) == (5, 4)


@pytest.mark.parametrize(
    ("faces", "skills"), [((1, 1), (6, 4)), ((3, 4), (5, 4)), ((6, 5), (4, 3))]
)
def test_psr_02_random_skills(faces: tuple[int, int], skills: tuple[int, int]) -> None:
    assert random_skills(Dice(script=faces)) == skills


def test_psr_03_skill_improvement() -> None:
    assert improve_skills(5, 4, 3, "piloting") == (5, 4)
    assert improve_skills(5, 4, 8, "piloting") == (3, 4)
    assert improve_skills(5, 4, 4, "gunnery") == (5, 3)
    assert improve_skills(0, 1, 8, "piloting") == (0, 0)  # never below 0


def test_psr_06_two_always_passes_over_twelve_always_fails() -> None:
    easy = unit(kind="quad", prone=True, piloting=0)  # TN 0 - 2 = -2
    r = resolve_move(board(), [easy], "m", "walk", ["U"], Dice(script=(1, 1)))
    assert of_type(r.events, "psr")[0].get("success") and not r.unit.prone
    hard = unit(prone=True, piloting=8, gyro=1, hips=1, walk=6)  # TN 8 + 3 + 2 = 13
    r = resolve_move(board(), [hard], "m", "walk", ["U"], Dice(script=(6, 6, 1, 3, 4, 6, 6)))
    psr = of_type(r.events, "psr")[0]
    assert psr.get("target") == 13 and not psr.get("success") and r.unit.prone


def test_psr_08_pre_existing_damage_on_a_stand_roll() -> None:
    m = unit(prone=True, gyro=1, hips=1, leg_actuators=1, walk=8)
    r = resolve_move(board(), [m], "m", "walk", ["U"], Dice(script=(6, 5)))
    psr = of_type(r.events, "psr")[0]
    assert psr.get("target") == 5 + 3 + 2 + 1 + 0
    assert [m["reason"] for m in psr.get("modifiers")][-1] == "attempting to stand"


def test_psr_09_classic_table_gives_the_same_stand_target() -> None:
    m = unit(prone=True, gyro=1)
    tw = resolve_move(board(), [m], "m", "walk", ["U"], Dice(script=(4, 4)))
    cl = resolve_move(board(), [m], "m", "walk", ["U"], Dice(script=(4, 4)), CLASSIC)
    assert (
        of_type(tw.events, "psr")[0].get("target")
        == of_type(cl.events, "psr")[0].get("target")
        == 8
    )


def test_psr_11_shut_down_mech_cannot_move_and_its_pilot_is_hit_automatically() -> None:
    m = unit(shutdown=True)
    dice = Dice(script=(6, 6))
    r = resolve_move(board(), [m], "m", "walk", ["F"], dice)
    assert not r.legal and dice.log == ()
    out = pilot_roll(
        m, [Modifier(5, "piloting skill")], 0, Dice(script=(6, 6)), 0, False, m.immobile
    )
    assert out.events[0].get("automatic") == "immobile"


def test_psr_15_lies_prone_with_the_rolled_facing() -> None:
    m = unit(prone=True, facing=2)
    r = resolve_move(board(), [m], "m", "walk", ["U"], Dice(script=(1, 1, 6, 3, 4, 6, 6)))
    assert r.unit.prone and r.unit.facing == 1  # 1D6 = 6: one hexside left
    assert of_type(r.events, "fall")[0].get("side") == "left"


def test_psr_18_classic_pilot_check_is_the_advanced_roll() -> None:
    b = board({"0510": HexSpec(level=2), "0509": HexSpec(rubble=True)})
    r = resolve_move(
        b, [unit()], "m", "walk", ["F"], Dice(script=(1, 1, 1) + (3, 4) * 3 + (6, 6)), CLASSIC
    )
    assert of_type(r.events, "pilot_check")[0].get("target") == 5 + 2


def test_psr_21_waking_up() -> None:
    out = unit(pilot_hits=3, unconscious=True)
    stays = wake_up(out, Dice(script=(3, 3)))  # needs 7
    assert stays.unit.damage.unconscious and stays.events[0].get("target") == 7
    woke = wake_up(out, Dice(script=(3, 4)))
    assert not woke.unit.damage.unconscious
    awake = unit(pilot_hits=3)
    assert wake_up(awake, Dice()).events == ()


@pytest.mark.parametrize(("hexes", "target"), [(2, 4), (4, 5), (5, 6), (8, 7)])
def test_psr_23_skid_modifier_by_hexes_moved(hexes: int, target: int) -> None:
    m = unit(at="0518", walk=8)  # run 12
    steps = ["F"] * hexes + ["R", "F"]
    r = resolve_move(board(ROAD), [m], "m", "run", steps, Dice(script=(6, 6)))
    assert of_type(r.events, "psr")[0].get("target") == target


@pytest.mark.parametrize(
    ("total", "effect"),
    [(2, "no effect"), (5, "no effect"), (6, "minor"), (8, "moderate"), (11, "heavy")],
)
def test_psr_27_motive_damage_table(total: int, effect: str) -> None:
    assert next((n for top, n in MOTIVE_EFFECTS if total <= top), "major") == effect


def test_psr_27_tracked_skid_major_motive_damage() -> None:
    v = unit(kind="tracked", tons=50, at="0518", walk=6)
    r = resolve_move(
        board(ROAD), [v], "m", "run", ["F"] * 3 + ["R", "F"], Dice(script=(1, 1, 6, 6))
    )
    motive = of_type(r.events, "motive_damage")[0]
    assert motive.get("total") == 12 and motive.get("effect") == "major"


def test_psr_28_hovercraft_sideslip_anywhere_and_never_skid() -> None:
    hover = unit(kind="hover", tons=30, at="0518", walk=8)  # clear ground, not paved
    r = resolve_move(board(), [hover], "m", "run", ["F", "F", "R", "F"], Dice(script=(4, 4)))
    kinds = [e.get("kind") for e in of_type(r.events, "psr")]
    assert kinds == ["sideslip"]
    on_road = resolve_move(
        board(ROAD), [hover], "m", "run", ["F", "F", "R", "F"], Dice(script=(4, 4))
    )
    assert [e.get("kind") for e in of_type(on_road.events, "psr")] == ["sideslip"]
