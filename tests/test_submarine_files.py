"""A submarine's depth in files (ADV-25, our extension `"depth"`): a game where one dives
saves and loads at its depth (save version 5), a scenario written back reads as the same
scenario, and a sandbox writes the depth into the scenario it saves."""

from __future__ import annotations

import json
from pathlib import Path

from game.flow import apply_strict
from game.phases.actions import CommitMove, RollInitiative, StartGame
from game.phases.sandbox_game import save_sandbox
from game.save import VERSION, load_game, save_game
from game.scenario.reader import load_scenario, parse_scenario
from game.scenario.writer import scenario_to_json
from game.setup import new_game_from_scenario, sandbox_from_scenario

ROOT = Path(__file__).resolve().parents[1]
SUBS = ROOT / "tests" / "ui" / "data" / "submarine_scenario.json"


def test_adv_25_a_submarine_that_dived_keeps_its_depth_through_a_save(tmp_path) -> None:
    s = new_game_from_scenario(SUBS, seed=3)
    s = apply_strict(apply_strict(s, StartGame()).state, RollInitiative()).state
    s = apply_strict(s, CommitMove("A1", "walk", ("DV", "DV", "F"))).state  # A lost: first
    assert s.unit("A1").depth == 2 and s.unit("B2").depth == 2
    assert any("at depth 2" in e.event.text for e in s.log)  # the log says so (ADV-25)
    save_game(s, tmp_path / "game.json")
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["version"] == VERSION == 6
    start = {u["id"]: u for u in saved["start"]["units"]}
    assert start["A1"]["depth"] == 0 and start["B2"]["depth"] == 2  # written for submarines
    assert "depth" not in start["A2"]
    back = load_game(tmp_path / "game.json")
    assert back == s and back.unit("A1").depth == 2


def test_a_submarine_scenario_written_back_reads_as_the_same_scenario() -> None:
    sc = load_scenario(SUBS)
    again = parse_scenario(scenario_to_json(sc), SUBS)
    assert again.units == sc.units and again.unit("B2").depth == 2


def test_a_sandbox_saves_a_submarine_at_its_depth(tmp_path) -> None:
    s = sandbox_from_scenario(SUBS)
    assert s.unit("B2").depth == 2
    save_sandbox(s, tmp_path / "sandbox.json")
    assert load_scenario(tmp_path / "sandbox.json").unit("B2").depth == 2
