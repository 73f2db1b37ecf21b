"""Hostile input, round two (issue 26): the issue's own examples, one test each.

Each failed before its fix: a value quietly accepted, a command that ran for minutes.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from game.cli import main as cli
from game.core.limits import (
    MAX_ACTIONS,
    MAX_DICE,
    MAX_FILE_BYTES,
    MAX_LIST,
    MAX_OBSTACLES,
    MAX_REGIMENTS,
    MAX_STEPS,
    MAX_UNITS,
)

CONTRACT = Path(__file__).parent / "regiments" / "scenarios" / "contract_example.json"
FIGHTER = {"id": "f1", "side": "A", "kind": "aero", "tons": 50, "at": "0504", "facing": 0,
           "velocity": 2, "thrust": 8, "safe_thrust": 5}  # fmt: skip
MECH = {"id": "m1", "side": "B", "kind": "biped", "tons": 50, "walk": 4, "at": "0505",
        "facing": 0}  # fmt: skip


def refused(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> str:
    """The command's one sentence on stderr (exit 2), naming the file."""
    assert cli(["rules", *args, str(path)]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "Traceback" not in err, err
    return lines[0]


def write(tmp_path: Path, data: dict) -> Path:
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    return p


def regiments(**change) -> dict:
    d = json.loads(CONTRACT.read_text())
    d.update(change)
    return d


# --- refused and documented (Build 4) ------------------------------------------------------


@pytest.mark.parametrize("mode", ["walk", "run", "", None])
def test_an_aerospace_move_takes_no_mode(tmp_path: Path, capsys, mode) -> None:
    move = {"unit": "f1", "mode": mode, "steps": ["F", "F"]}
    data = {"version": 1, "board": {"width": 16, "height": 17, "hexes": {}},
            "units": [FIGHTER, MECH], "move": move}  # fmt: skip
    line = refused(capsys, write(tmp_path, data), "aero")
    assert "move.mode" in line and "takes no mode" in line
    del data["move"]["mode"]
    assert cli(["rules", "aero", str(write(tmp_path, data))]) == 0


def test_a_regiments_obstacle_needs_an_id(tmp_path: Path, capsys) -> None:
    table = {"width": 180, "height": 120, "obstacles": [{"points": [[50, 5], [60, 5], [55, 9]]}]}
    line = refused(capsys, write(tmp_path, regiments(table=table)), "regiment")
    assert "table.obstacles[0] has no 'id'" in line
    table["obstacles"][0]["id"] = "rock"
    assert cli(["rules", "regiment", str(write(tmp_path, regiments(table=table)))]) == 0


@pytest.mark.parametrize("name", [None, 7, "", "  ", ["x"]])
def test_a_regiment_name_is_a_string(tmp_path: Path, capsys, name) -> None:
    d = regiments()
    d["regiments"][0]["name"] = name
    line = refused(capsys, write(tmp_path, d), "regiment")
    assert "regiment 'r1'.name must be a non-empty string" in line
    d["regiments"][0]["name"] = "Warband"
    assert cli(["rules", "regiment", str(write(tmp_path, d))]) == 0


# --- bounded work (Build 1) ---------------------------------------------------------------


def tiny_regiments(n: int) -> list[dict]:
    """``n`` regiments of one 0.05 cm stand each, packed in the table's corner."""
    side = int(n**0.5) + 1
    return [{"id": f"r{i}", "side": "AB"[i % 2], "files": 1, "ranks": 1, "stand": [0.05, 0.05],
             "front_left": [1 + (i % side) * 0.2, 1 + (i // side) * 0.2], "facing": 0, "move": 9}
            for i in range(n)]  # fmt: skip


def test_2000_tiny_regiments_packed_in_a_corner_are_refused_at_once(tmp_path, capsys) -> None:
    d = regiments(regiments=tiny_regiments(2000))
    d["order"] = {"unit": "r0", "type": "move", "steps": [{"forward": 0.1}]}
    line = refused(capsys, write(tmp_path, d), "regiment")
    assert f"regiments: 2000 given, more than the limit of {MAX_REGIMENTS}" in line


def test_as_many_tiny_regiments_as_allowed_are_judged(tmp_path, capsys) -> None:
    d = regiments(regiments=tiny_regiments(MAX_REGIMENTS))
    d["order"] = {"unit": "r0", "type": "move", "steps": [{"forward": 0.1}]}
    assert cli(["rules", "regiment", str(write(tmp_path, d))]) == 0
    assert json.loads(capsys.readouterr().out)["legal"] is True


def test_an_order_of_100000_tiny_steps_is_refused_at_once(tmp_path, capsys) -> None:
    d = regiments()
    d["order"]["steps"] = [{"forward": 0.00001}] * 100_000
    line = refused(capsys, write(tmp_path, d), "regiment")
    assert f"order.steps: 100000 given, more than the limit of {MAX_STEPS}" in line
    d["order"]["steps"] = [{"forward": 0.00001}] * MAX_STEPS
    assert cli(["rules", "regiment", str(write(tmp_path, d))]) == 0
    assert json.loads(capsys.readouterr().out)["legal"] is True


def test_a_saved_order_past_the_limit_is_refused_by_the_rules_too() -> None:
    from game.regiments.actions import steps_from_tokens
    from game.regiments.orders import check_order
    from game.regiments.paths import Leg, World
    from game.regiments.scenario import load
    from game.regiments.verdict import Order

    assert "limit of" in str(steps_from_tokens(("forward:0.1",) * (MAX_STEPS + 1)))
    assert "is not a number" in str(steps_from_tokens(("forward:nan",)))
    sc = load(CONTRACT)
    world = World(sc.table, sc.regiments, sc.options)
    v = check_order(world, Order("r1", "move", (Leg("forward", 0.001),) * (MAX_STEPS + 1)))
    assert not v.legal and "limit of" in (v.error or "")


@pytest.mark.parametrize(
    "what",
    ["table.obstacles", "table.obstacles[0].points", "dice"],
)
def test_regiments_lists_past_their_limits_are_refused(tmp_path, capsys, what: str) -> None:
    d = regiments()
    rock = {"id": "rock", "points": [[150, 5], [160, 5], [155, 9]]}
    if what == "table.obstacles":
        d["table"]["obstacles"] = [rock] * (MAX_OBSTACLES + 1)
    elif what == "dice":
        d["dice"] = [3] * (MAX_DICE + 1)
    else:
        pts = [[150 + 5 * math.cos(a / 10), 50 + 5 * math.sin(a / 10)] for a in range(63)]
        d["table"]["obstacles"] = [{"id": "round", "points": pts * 2}]
    line = refused(capsys, write(tmp_path, d), "regiment")
    assert f"{what}: " in line and "more than the limit" in line


def hex_scenario(units: int, steps: int) -> dict:
    us = [{"id": f"u{i}", "side": "AB"[i % 2], "kind": "biped", "tons": 50, "walk": 4,
           "at": f"{i % 60 + 1:02d}{i // 60 + 1:02d}", "facing": 0}
          for i in range(units)]  # fmt: skip
    return {"version": 1, "board": {"width": 70, "height": 70, "hexes": {}}, "units": us,
            "move": {"unit": "u0", "mode": "walk", "steps": ["L", "R"] * (steps // 2)}}  # fmt: skip


@pytest.mark.parametrize("command", ["move", "reach", "los", "attack", "heat", "physical"])
def test_a_hex_scenario_past_the_unit_limit_is_refused_by_every_command(
    tmp_path, capsys, command: str
) -> None:
    line = refused(capsys, write(tmp_path, hex_scenario(MAX_UNITS + 1, 2)), command)
    assert f"units: {MAX_UNITS + 1} given, more than the limit of {MAX_UNITS}" in line


def test_a_hex_move_past_the_step_limit_is_refused(tmp_path, capsys) -> None:
    line = refused(capsys, write(tmp_path, hex_scenario(2, 100_000)), "move")
    assert "move.steps: 100000 given" in line
    assert cli(["rules", "move", str(write(tmp_path, hex_scenario(MAX_UNITS, MAX_STEPS)))]) == 0
    assert json.loads(capsys.readouterr().out)["legal"] is False  # MP run out first


def test_a_file_past_the_size_limit_is_refused_without_reading_it_all(tmp_path, capsys) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    assert "larger than the limit" in refused(capsys, big, "move")
    assert "larger than the limit" in refused(capsys, big, "regiment")


def test_a_save_past_the_action_limit_is_refused(tmp_path) -> None:
    from game.core.files import SaveError, decode_action, saved_actions
    from game.phases.actions import HEX_FIELDS

    with pytest.raises(SaveError, match="more than the limit"):
        saved_actions(tmp_path / "s.json", [{}] * (MAX_ACTIONS + 1))

    with pytest.raises(ValueError, match="more than the limit"):
        decode_action({"type": "CommitMove", "unit_id": "a", "mode": "walk",
                          "steps": ["F"] * (MAX_LIST + 1)}, HEX_FIELDS)  # fmt: skip


# --- values no unit can have (Build 2), in scenarios, the referee and saves alike ---------

COMBAT = Path(__file__).parent / "scenarios" / "combat_attack.json"
IMPOSSIBLE = [
    ({"ammo": [{"weapon": "AC/20", "location": "LT", "shots": 500}]}, "ammo[0].shots is 500"),
    ({"armor": {"CT": 20, "CTR": 20}}, "armor.CT + armor.CTR is 20 + 20"),
    ({"armor": {"LA": 5}, "structure": {"LA": 0}}, "armor.LA is 5, but structure.LA is 0"),
    ({"damage": {"weapons_destroyed": [0, 0]}}, "weapons_destroyed names weapon 0 twice"),
    ({"structure": {"CT": 99}}, "structure.CT is 99, outside"),
    ({"armor": {"HD": 10}}, "armor.HD is 10, outside"),
]


@pytest.mark.parametrize(("keys", "said"), IMPOSSIBLE, ids=[s for _, s in IMPOSSIBLE])
@pytest.mark.parametrize("command", ["attack", "heat", "los"])
def test_values_no_unit_can_have_are_refused_by_the_referee(
    tmp_path, capsys, keys: dict, said: str, command: str
) -> None:
    d = json.loads(COMBAT.read_text())
    d["units"][0].update(keys)
    assert said in refused(capsys, write(tmp_path, d), command)


def test_the_same_values_within_what_a_unit_can_have_are_read(tmp_path, capsys) -> None:
    d = json.loads(COMBAT.read_text())
    d["units"][0].update({"ammo": [{"weapon": "AC/20", "location": "LT", "shots": 5}],
                          "armor": {"CT": 20, "CTR": 6, "LA": 0}, "structure": {"LA": 0},
                          "damage": {"weapons_destroyed": [0, 1]}})  # fmt: skip
    assert cli(["rules", "attack", str(write(tmp_path, d))]) == 0


def _inline_save(tmp_path: Path) -> tuple[Path, dict]:
    from game.board import build_board
    from game.designs.roster import make_unit
    from game.hexgrid import Hex
    from game.save import save_game
    from game.setup import new_game

    board = build_board(8, 8, {})
    a = make_unit("HBK-4G", "a", "A", at=Hex(1, 1), facing=2)
    b = make_unit("JR7-D", "b", "B", at=Hex(6, 6), facing=5)
    path = tmp_path / "game.json"
    save_game(new_game(board, seed=3, units=(a, b)), path)
    return path, json.loads(path.read_text())


@pytest.mark.parametrize(("keys", "said"), IMPOSSIBLE[:4], ids=[s for _, s in IMPOSSIBLE[:4]])
def test_values_no_unit_can_have_are_refused_in_a_save(tmp_path, keys: dict, said: str) -> None:
    from game.core.files import SaveError
    from game.save import load_game

    path, doc = _inline_save(tmp_path)
    unit = doc["start"]["units"][0]
    for k, v in keys.items():
        unit[k] = {**unit[k], **v} if isinstance(v, dict) and isinstance(unit.get(k), dict) else v
    if "ammo" in keys:
        unit["ammo"] = keys["ammo"]
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match=re.escape(said)):
        load_game(path)


# --- saves that are what they say (Build 2) ------------------------------------------------


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5])
def test_a_save_cannot_claim_an_older_version_to_skip_its_checks(tmp_path, version) -> None:
    from game.core.files import SaveError
    from game.save import load_game

    path, doc = _inline_save(tmp_path)
    doc["version"] = version
    doc["start"]["units"][0]["armor"] = {**doc["start"]["units"][0].get("armor", {}), "LA": 1}
    path.write_text(json.dumps(doc))
    said = "written before saves could be checked" if version < 4 else "the snapshot has 'start'"
    with pytest.raises(SaveError, match=said):
        load_game(path)
    for k in ("start", "units"):  # with that version's snapshot keys: its digest fails
        doc["snapshot"].pop(k)
    path.write_text(json.dumps(doc))
    said = "written before saves" if version < 4 else f"this version {version} save does not pass"
    with pytest.raises(SaveError, match=said):
        load_game(path)


def test_an_edited_starting_unit_of_the_current_version_is_refused(tmp_path) -> None:
    from game.core.files import SaveError
    from game.save import load_game

    path, doc = _inline_save(tmp_path)
    doc["start"]["units"][0]["armor"] = {**doc["start"]["units"][0].get("armor", {}), "LA": 1}
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="does not reach the saved position"):
        load_game(path)


def test_an_old_version_save_holds_nothing_that_version_could_not_write(tmp_path) -> None:
    from game.core.files import SaveError
    from game.save import load_game
    from game.save_old import OLD_SNAPSHOT_KEYS

    path, doc = _inline_save(tmp_path)
    doc["version"] = 4
    doc["snapshot"] = {k: doc["snapshot"][k] for k in OLD_SNAPSHOT_KEYS}
    doc["start"]["units"][0]["depth"] = 0
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="a unit has 'depth', which version 4 saves cannot hold"):
        load_game(path)


@pytest.mark.parametrize(
    ("edit", "why"),
    [(("seed",), 99), (("dice",), [6, 6, 6]), (("options", "wheel"), "chord")],
)
def test_an_edited_start_of_a_regiments_save_is_refused(tmp_path, edit, why) -> None:
    from game.core.files import SaveError
    from game.regiments.save import load_game, save_game
    from game.regiments.setup import game_from_scenario

    state = game_from_scenario(Path(__file__).parents[1] / "scenarios" / "regiments-grassland.json")
    path = tmp_path / "r.json"
    save_game(state, path)
    assert load_game(path) == state
    doc = json.loads(path.read_text())
    target = doc["start"]
    for k in edit[:-1]:
        target = target[k]
    if target.get(edit[-1]) == why:
        pytest.skip("already so")
    target[edit[-1]] = why
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="does not reach the saved position"):
        load_game(path)


def test_an_inline_board_past_the_hex_limit_is_refused(tmp_path, capsys) -> None:
    from game.core.limits import MAX_HEXES

    d = hex_scenario(2, 2)
    d["board"] = {"width": 999, "height": 999,
                  "hexes": {f"{c:03d}{r:03d}": {"woods": 1} for c in range(1, 300)
                            for r in range(1, 300)}}  # fmt: skip
    line = refused(capsys, write(tmp_path, d), "move")
    assert f"board.hexes: 89401 given, more than the limit of {MAX_HEXES}" in line


# --- MegaMek unit and board files are read with a cap too ---------------------------------


def test_a_unit_or_board_file_that_never_ends_is_refused(tmp_path) -> None:
    """A link to /dev/zero named like a unit or board file: read only up to the cap."""
    from game.designs import DesignError, weapons_table
    from game.designs.unit_files import read_unit_file
    from game.maps.megamek_board import read_board_file
    from game.maps.schema import MapError

    unit, board = tmp_path / "x.mtf", tmp_path / "x.board"
    unit.symlink_to("/dev/zero")
    board.symlink_to("/dev/zero")
    with pytest.raises(DesignError, match="more than any unit needs"):
        read_unit_file(unit, weapons_table())
    with pytest.raises(MapError, match="more than any board needs"):
        read_board_file(board)
