"""Tactical Operations state in files (Extension 2): a game with a WiGE in flight and a
hull-down Mech saves and loads; a scenario written back reads as the same scenario; a
sandbox opened on a tacops scenario has the option on and accepts a defending unit."""

from __future__ import annotations

import json
from pathlib import Path

from game.save import load_game, save_game
from game.scenario.reader import load_scenario, parse_scenario
from game.scenario.writer import scenario_to_json
from game.setup import new_game_from_scenario, sandbox_from_scenario

ROOT = Path(__file__).resolve().parents[1]
TACOPS = ROOT / "tests" / "ui" / "data" / "tacops_scenario.json"


def _hull_down(tmp_path: Path) -> Path:
    """The tacops scenario with A2 hull-down (ADV-11) and a careless move asked (ADV-05)."""
    d = json.loads(TACOPS.read_text(encoding="utf-8"))
    d["units"][1]["hull_down"] = True
    d["move"] = {"unit": "A2", "mode": "walk", "steps": ["F"], "careless": True}
    d["board"] = {"file": str(ROOT / "maps" / "river.tmx")}
    path = tmp_path / "tacops.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    return path


def test_adv_17_a_wige_in_flight_and_adv_11_a_hull_down_mech_survive_a_save(tmp_path) -> None:
    s = new_game_from_scenario(_hull_down(tmp_path), seed=3)
    assert s.rules.tacops and s.unit("A3").wige_airborne and s.unit("A2").hull_down
    save_game(s, tmp_path / "game.json")
    back = load_game(tmp_path / "game.json")
    assert back.rules.tacops
    assert back.unit("A3").wige_airborne and back.unit("A3").altitude == 1
    assert back.unit("A2").hull_down


def test_a_tacops_scenario_written_back_reads_as_the_same_scenario(tmp_path) -> None:
    path = _hull_down(tmp_path)
    sc = load_scenario(path)
    again = parse_scenario(scenario_to_json(sc), path)
    assert again.options == ("tacops",) and again.move == sc.move and again.move.careless
    assert again.units == sc.units


def test_a_sandbox_on_a_tacops_scenario_has_the_option_and_takes_a_defending_unit(
    tmp_path,
) -> None:
    d = json.loads(_hull_down(tmp_path).read_text(encoding="utf-8"))
    d["units"][3]["movement"] = {"mode": "defend", "hexes": 0}  # ADV-01: B1 defends
    del d["move"]
    path = tmp_path / "defend.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    s = sandbox_from_scenario(path)
    assert s.rules.tacops and s.unit("A3").wige_airborne
    assert s.move_record("B1").mode == "defend"
