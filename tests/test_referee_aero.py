"""``rules aero`` beyond the hand-computed scenarios (tests/scenarios/aero_*): bad files
and bad questions, the ground questions that must not see fliers, the dice, timing; the
aerospace scenario keys and design files read strictly and written back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.files import ScenarioError
from game.designs import DesignError
from game.designs.schema import parse_design
from game.referee.moves import answer, main
from game.scenario.reader import load_scenario, parse_scenario
from game.scenario.writer import scenario_to_json

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = Path(__file__).parent / "scenarios"
BROKEN = sorted((SCENARIOS / "broken").glob("*.json"))


def write(tmp_path: Path, units: list[dict], move: dict, **extra) -> Path:
    data = {"version": 1, "board": {"width": 16, "height": 17, "hexes": {}}, "units": units,
            "move": move, **extra}  # fmt: skip
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    return p


FIGHTER = {"id": "f1", "side": "A", "kind": "aero", "tons": 50, "at": "0504", "facing": 0,
           "velocity": 2, "thrust": 8, "safe_thrust": 5}  # fmt: skip
MECH = {"id": "m1", "side": "B", "kind": "biped", "tons": 50, "walk": 4, "at": "0505",
        "facing": 0}  # fmt: skip


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_a_broken_file_exits_2_with_one_line_for_rules_aero(path: Path, capsys) -> None:
    assert main(["aero", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and str(path) in err


def test_the_wrong_question_exits_2(tmp_path: Path, capsys) -> None:
    ground = write(tmp_path, [FIGHTER, MECH], {"unit": "m1", "mode": "walk", "steps": ["F"]})
    assert main(["aero", str(ground)]) == 2
    assert "not an aerospace unit: ask 'rules move'" in capsys.readouterr().err
    flier = write(tmp_path, [FIGHTER, MECH], {"unit": "f1", "steps": ["F", "F"]})
    for command in ("move", "reach"):
        assert main([command, str(flier)]) == 2
        assert "is an aerospace unit: ask 'rules aero' (AERO-01)" in capsys.readouterr().err
    nomove = tmp_path / "n.json"
    nomove.write_text(json.dumps({"version": 1, "board": {"width": 5, "height": 5},
                                  "units": [dict(FIGHTER, at="0202")]}))  # fmt: skip
    assert main(["aero", str(nomove)]) == 2
    assert "no 'move'" in capsys.readouterr().err


def test_fliers_do_not_block_ground_moves_or_reach(tmp_path: Path) -> None:
    """AERO-01: aerospace units fly over the ground units: a Mech walks into the hex under
    a fighter; the scenario allows the two in one hex."""
    p = write(tmp_path, [FIGHTER, MECH, dict(FIGHTER, id="f2", at="0505")],
              {"unit": "m1", "mode": "walk", "steps": ["F"]})  # fmt: skip
    moved = answer(["move", str(p)])
    assert moved["legal"] and moved["end"]["at"] == "0504"
    reach = answer(["reach", str(p)])
    assert "0504" in reach["reach"] and "0505" in reach["reach"]


def test_resolve_without_dice_uses_the_seed_reproducibly(tmp_path: Path) -> None:
    ooc = dict(FIGHTER, out_of_control=True, velocity=3, at="0507")
    p = write(tmp_path, [ooc, dict(MECH, at="0506"), dict(MECH, id="m2", at="0505")],
              {"unit": "f1", "steps": []})  # fmt: skip
    a = answer(["aero", str(p), "--resolve", "--seed", "7"])
    b = answer(["aero", str(p), "--resolve", "--seed", "7"])
    assert a == b and a["rolls"] and a["rolls"][0]["reason"] == "collision check at 0506"


def test_repeat_adds_timing_and_answers_the_same(tmp_path: Path) -> None:
    p = write(tmp_path, [FIGHTER], {"unit": "f1", "steps": ["F", "F"]})
    out = answer(["aero", str(p), "--repeat", "3"])
    assert out["timing"]["runs"] == 3 and out["legal"] and out["path"] == ["0503", "0502"]


def test_through_the_real_command_line() -> None:
    p = subprocess.run(
        [sys.executable, "main.py", "rules", "aero", str(SCENARIOS / "aero_ex01.json")],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert p.returncode == 0 and json.loads(p.stdout)["path"][-1] == "1102"


@pytest.mark.parametrize(
    ("unit", "words"),
    [
        ({"velocity": -1}, "velocity is -1, outside 0..99"),
        ({"thrust": "x"}, "thrust must be a whole number"),
        ({"avionics": 4}, "avionics is 4, outside 0..3"),
        ({"out_of_control": 1}, "out_of_control must be true or false"),
        ({"prone": True}, "only Mechs (biped, quad) can be prone"),
        ({"heat": 3}, "heat does not apply to an aerospace unit"),
        ({"weapons": []}, "weapons does not apply to an aerospace unit"),
        ({"tons": 200_000}, "tons is 200000, outside 1..100000"),
        ({"model": "HBK-4G"}, "is a biped unit, not a aero"),
    ],
)
def test_aerospace_keys_are_read_strictly(tmp_path: Path, unit: dict, words: str) -> None:
    data = {"version": 1, "board": {"width": 9, "height": 9}, "units": [dict(FIGHTER, **unit)]}
    with pytest.raises(ScenarioError) as e:
        parse_scenario(data, tmp_path / "x.json")
    assert words in str(e.value) and "x.json" in str(e.value)


def test_a_model_gives_safe_thrust_thrust_and_large_craft(tmp_path: Path) -> None:
    union = {"id": "d", "side": "B", "kind": "aero", "model": "Union", "at": "0505", "facing": 0,
             "velocity": 2}  # fmt: skip
    p = write(tmp_path, [union], {"unit": "d", "steps": ["F", "F"]})
    c = load_scenario(p).unit("d").craft
    assert (c.safe_thrust, c.max_thrust, c.thrust, c.large, c.spheroid) == (3, 5, 5, True, True)


def test_an_aerospace_scenario_writes_back_to_the_same_scenario(tmp_path: Path) -> None:
    units = [dict(FIGHTER, out_of_control=True, avionics=1, atmosphere=False, large_craft=True),
             dict(FIGHTER, id="f2", model="SYD-Z3", velocity=5), MECH]  # fmt: skip
    p = write(tmp_path, units, {"unit": "f1", "steps": ["T:1", "F"]}, dice=[3, 4])
    first = load_scenario(p)
    again = parse_scenario(json.loads(json.dumps(scenario_to_json(first))), p)
    assert again.units == first.units and again.move == first.move
    assert "mode" not in scenario_to_json(first)["move"]


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"armor": {"NOS": 10}}, "aerospace combat is not in this build"),
        ({"walk": 5}, "gives safe_thrust instead"),
        ({"shape": "saucer"}, 'shape "saucer" is not one of aerodyne, spheroid'),
        ({"shape": "spheroid"}, "spheroid is for large craft"),
        ({"safe_thrust": 0}, "safe_thrust is 0, outside 1..50"),
        ({"colour": "red"}, "allowed: format"),
    ],
)
def test_an_aerospace_design_file_is_checked_by_name(extra: dict, words: str) -> None:
    d = {"format": "hexplate-design", "version": 1, "design": "X-1", "chassis": "Test",
         "kind": "aero", "tons": 50, "safe_thrust": 5, **extra}  # fmt: skip
    with pytest.raises(DesignError) as e:
        parse_design(d, Path("X-1.json"), {})
    assert words in str(e.value) and "X-1.json" in str(e.value)
