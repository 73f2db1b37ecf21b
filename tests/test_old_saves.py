"""Saves of older versions (1 to 5) that cannot prove their start (issue 26, game.save_old).

The fixtures are written the way each old writer wrote them: today's start (which every
old version's starting units must read back to exactly), that version's keys only, and a
snapshot of that version's keys whose digest today's code cannot recompute. Such a save
loads when its starting units are as their designs build them; an edit to a value the
design gives (the issue's example: armour edited to another legal value) is refused in
one sentence naming the file, the unit and the field, and the file is left as it is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.core.files import SaveError
from game.save import VERSION, load_game, save_game
from game.save_old import NEW_IN, OLD_SNAPSHOT_KEYS
from tests.fuzz.games import played, scenario_game

REPO = Path(__file__).resolve().parents[1]
NO_MODEL = "tests/ui/data/e2e_scenario.json"  # standard units (no model), a map board


def _roster_game(seed: int = 3) -> Any:
    """A scenario game of two roster designs on an inline board, as a v6 save's state."""
    from game.board import build_board
    from game.designs.roster import make_unit
    from game.hexgrid import Hex
    from game.setup import new_game

    board = build_board(10, 10, {})
    a = make_unit("HBK-4G", "a", "A", at=Hex(1, 1), facing=2)
    b = make_unit("JR7-D", "b", "B", at=Hex(8, 8), facing=5)
    return new_game(board, seed=seed, units=(a, b))


def old(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """``doc`` (a version 6 save) as the version ``version`` writer wrote it."""
    out = json.loads(json.dumps(doc))
    out["version"] = version
    keep = OLD_SNAPSHOT_KEYS if version >= 4 else ("turn", "phase", "actions", "dice_faces_used",
                                                   "digest")  # fmt: skip
    out["snapshot"] = {k: out["snapshot"][k] for k in keep}
    out["snapshot"]["digest"] = "0" * 64  # taken over that day's objects: not checkable
    if version < 3:  # options and the turn limit came with version 3's Tactical Operations
        for k in ("options", "turn_limit"):
            out["start"].pop(k, None)
    for since, keys in NEW_IN.items():
        for u in out["start"]["units"] if version < since else ():
            assert not set(keys) & set(u), "a fixture of a unit that version could not hold"
    return out


def write(tmp_path: Path, doc: dict[str, Any], name: str = "old.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc, indent=1))
    return p


def saved(tmp_path: Path, state: Any) -> dict[str, Any]:
    p = tmp_path / "new.json"
    save_game(state, p)
    return json.loads(p.read_text())


@pytest.fixture(scope="module")
def roster_doc(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return saved(tmp_path_factory.mktemp("v6"), played(_roster_game(), 3, 25))


@pytest.fixture(scope="module")
def standard_doc(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return saved(tmp_path_factory.mktemp("v6"), played(scenario_game(5, NO_MODEL), 5, 25))


# --- what loads ---------------------------------------------------------------------------


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5])
def test_an_old_save_whose_units_are_as_their_designs_build_them_loads(
    tmp_path, version, roster_doc, standard_doc
) -> None:
    doc = roster_doc if version > 1 else standard_doc  # version 1 came before designs
    path = write(tmp_path, old(doc, version))
    state = load_game(path)
    assert len(state.history) == len(doc["actions"]) > 0
    assert saved(tmp_path, state) == doc  # the same game, written again as version 6
    assert json.loads(path.read_text())["version"] == version  # loading never rewrites it


def test_where_and_how_a_unit_stands_and_its_crew_are_the_scenarios_choice(
    tmp_path, standard_doc
) -> None:
    """What a scenario places freely: hex, facing, prone, pilot skills, name."""
    state = scenario_game(5, NO_MODEL)
    doc = old(saved(tmp_path, state), 5)
    unit = doc["start"]["units"][0]
    unit.update({"prone": True, "piloting": 3, "gunnery": 2, "name": "Old Faithful",
                 "facing": 4})  # fmt: skip
    doc["snapshot"]["digest"] = "0" * 64
    loaded = load_game(write(tmp_path, doc))
    first = loaded.start.units[0]
    assert (first.prone, first.piloting, first.gunnery, first.name) == (True, 3, 2, "Old Faithful")


# --- what is refused --------------------------------------------------------------------

EDITS = [  # (unit key, value, the field named, version)
    ("armor", {"CT": 20}, "armor.CT 20, not its design HBK-4G's 26", 5),  # the example
    ("armor", {"LA": 1}, "armor.LA 1", 4),
    ("structure", {"RA": 3}, "structure.RA 3", 3),
    ("ammo", [{"weapon": "AC/20", "location": "LT", "shots": 4}], "ammo", 5),
    ("damage", {"weapons_destroyed": [0]}, "damage.weapons_destroyed [0]", 5),
    ("damage", {"pilot_hits": 2}, "damage.pilot_hits 2", 2),
    ("heat", 6, "heat 6, not its design HBK-4G's 0", 5),
    ("moved", True, "moved True, not its design HBK-4G's False", 4),
    ("heat_sinks", 11, "heat_sinks 11", 5),
    ("jump", 3, "jump 3, not its design HBK-4G's 0", 5),
]


@pytest.mark.parametrize(("key", "value", "said", "version"), EDITS,
                         ids=[e[2].split(",")[0] for e in EDITS])  # fmt: skip
def test_an_old_save_whose_starting_unit_was_edited_is_refused_naming_the_field(
    tmp_path, roster_doc, key, value, said, version
) -> None:
    doc = old(roster_doc, version)
    unit = doc["start"]["units"][0]
    unit[key] = value
    path = write(tmp_path, doc)
    before = path.read_bytes()
    with pytest.raises(SaveError) as e:
        load_game(path)
    msg = str(e.value)
    assert msg.startswith(f"{path}: starting unit 'a' has {said}"), msg
    assert f"a version {version} save does not record where its starting units came from" in msg
    assert "\n" not in msg and path.read_bytes() == before  # one sentence; the file kept


@pytest.mark.parametrize(("key", "value", "said"), [
    ("armor", {"CT": 10}, "armor.CT 10, not its standard 50-ton biped's 20"),
    ("heat", 4, "heat 4, not its standard 50-ton biped's 0"),
])  # fmt: skip
def test_a_version_1_save_of_standard_units_is_checked_against_the_standard_build(
    tmp_path, standard_doc, key, value, said
) -> None:
    """Without a model the design is the standard unit of its kind, tons, walk and jump."""
    doc = old(standard_doc, 1)
    doc["start"]["units"][0][key] = value
    with pytest.raises(SaveError, match=re.escape(f"starting unit 'A1' has {said}")):
        load_game(write(tmp_path, doc))


@pytest.mark.parametrize(("key", "value"), [("walk", 5), ("jump", 2)])
def test_without_a_model_kind_tons_walk_and_jump_are_the_scenarios(
    tmp_path, standard_doc, key, value
) -> None:
    """Those keys are the unit's design when it names none: they pass the start check
    (the replay of the recorded moves and the snapshot still check what they change)."""
    doc = old(standard_doc, 1)
    doc["start"]["units"][0][key] = value
    try:
        load_game(write(tmp_path, doc))
    except SaveError as e:
        assert "does not record where its starting units came from" not in str(e)
        assert "replaying the saved actions" in str(e) or "refused on replay" in str(e)


def test_a_damaged_start_of_a_version_6_save_cannot_be_claimed_older(tmp_path) -> None:
    """A version 6 save proves any start; relabelled as version 5 with that version's
    snapshot keys, its damaged starting unit is refused like any old one."""
    from game.scenario.reader import load_scenario

    scenario = json.loads((REPO / "tests" / "scenarios" / "combat_attack.json").read_text())
    scenario["units"][0]["armor"] = {"CT": 12}
    for k in ("attack", "attacks", "physical", "move"):
        scenario.pop(k, None)
    src = write(tmp_path, scenario, "scenario.json")
    from game.setup import new_game_from_scenario

    state = new_game_from_scenario(src)
    doc = saved(tmp_path, state)
    assert load_game(write(tmp_path, doc, "v6.json")) == state  # version 6: proven, loads
    with pytest.raises(SaveError, match=r"has armor\.CT 12, not its design .*'s \d+; a version 5"):
        load_game(write(tmp_path, old(doc, 5)))
    assert load_scenario(src).units[0].body["CT"].armour == 12  # the scenario is fine


@pytest.mark.parametrize(
    ("where", "key", "version"),
    [("top", "players", 5), ("start", "players", 5), ("start", "options", 2),
     ("start", "turn_limit", 1), ("top", "notes", 4)],
)  # fmt: skip
def test_an_old_save_holds_no_key_its_version_could_not_write(
    tmp_path, roster_doc, where, key, version
) -> None:
    doc = old(roster_doc, version)
    (doc if where == "top" else doc["start"])[key] = [] if key != "turn_limit" else 5
    said = f"the {'save' if where == 'top' else 'start'} has {key!r}, which version {version}"
    with pytest.raises(SaveError, match=re.escape(said)):
        load_game(write(tmp_path, doc))


def test_the_current_version_is_not_held_to_the_old_rule(tmp_path, roster_doc) -> None:
    assert roster_doc["version"] == VERSION == 6
    assert "start" in roster_doc["snapshot"] and "units" in roster_doc["snapshot"]


@pytest.mark.parametrize("version", [True, 1.0, 5.0, "5"])
def test_a_version_is_a_whole_number_not_one_that_compares_equal(
    tmp_path, roster_doc, version
) -> None:
    """``true == 1`` and ``5.0 == 5`` in Python: neither is a save version."""
    from game.regiments.save import load_game as load_regiments
    from game.regiments.save import save_game as save_regiments
    from game.regiments.setup import game_from_armies, table_for

    doc = old(roster_doc, 5)
    doc["version"] = version
    with pytest.raises(SaveError, match="save version .* is not supported"):
        load_game(write(tmp_path, doc))
    path = tmp_path / "r.json"
    save_regiments(game_from_armies(table_for(None), {"A": "royal", "B": "horde"}), path)
    reg = json.loads(path.read_text())
    reg["version"] = version if version is not True else True
    with pytest.raises(SaveError, match="regiments save version .* is not supported"):
        load_regiments(write(tmp_path, reg, "r2.json"))


# --- saves written by the old versions' own code (tests/saves/) --------------------------
# Made by running each version's code (git archive of its commit) on the same games: a
# battle on a map, and v5_damaged_start.scenario.json (units damaged at the start).

SAVES = REPO / "tests" / "saves"
REAL = {  # file: (version, written at commit, its old digest recomputes)
    "v5_map_battle": (5, "4bac190", True),
    "v5_damaged_start": (5, "4bac190", True),
    "v5_river_late": (5, "9fbbaa9", True),
    "v4_late_damaged_start": (4, "6201759", True),
    "v4_early_map_battle": (4, "730b12d", False),
    "v4_default": (4, "released", False),
}


@pytest.mark.parametrize("name", sorted(REAL))
def test_the_old_versions_own_saves_load(name: str) -> None:
    from game.save import state_repr
    from game.save_old import proven_old

    version, _, proven = REAL[name]
    doc = json.loads((SAVES / f"{name}.json").read_text())
    state = load_game(SAVES / f"{name}.json")
    assert doc["version"] == version and len(state.history) == doc["snapshot"]["actions"]
    assert proven_old(version, state_repr(state), doc["snapshot"]) is proven


def test_a_damaged_start_proven_by_its_old_digest_loads_and_an_edit_of_it_does_not(
    tmp_path,
) -> None:
    """The version 5 digest, recomputed, proves the whole game: its starting units may be
    anything a scenario held. Edited, the digest no longer proves it, and the starting
    units must then be as their designs build them: refused, naming the field."""
    doc = json.loads((SAVES / "v5_damaged_start.json").read_text())
    a1 = next(u for u in doc["start"]["units"] if u["id"] == "A1")
    assert a1["armor"]["CT"] == 12 and a1["heat"] == 4  # as v5_damaged_start.scenario.json
    assert load_game(SAVES / "v5_damaged_start.json").start.units[0].body["CT"].armour == 12
    a1["armor"]["CT"] = 11  # another legal value: the issue's own example
    with pytest.raises(SaveError, match=r"starting unit 'A1' has ammo .*a version 5 save"):
        load_game(write(tmp_path, doc))


def test_an_edited_action_of_a_proven_old_save_is_no_longer_proven(tmp_path) -> None:
    from game.save import state_repr
    from game.save_old import proven_old

    doc = json.loads((SAVES / "v5_map_battle.json").read_text())
    i, move = next((i, a) for i, a in enumerate(doc["actions"]) if a.get("steps"))
    doc["actions"][i]["steps"] = move["steps"][:-1]
    try:
        state = load_game(write(tmp_path, doc))
    except SaveError:
        return  # refused on replay or by the snapshot's counts
    assert not proven_old(5, state_repr(state), doc["snapshot"])  # docs/saves.md: unproven
