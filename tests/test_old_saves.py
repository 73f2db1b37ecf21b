"""Saves of older versions (issue 26, game.save_old, docs/saves.md): a save loads only
when it proves it is the game it says. Versions 1 to 3 were written before saves could be
checked and are refused in one sentence; a version 4 or 5 save loads when its own digest
recomputes from the replay (the real saves in tests/saves/ written by those versions' own
code), and is refused otherwise: an early version 4 save, an edited one, or a version 6
save relabelled older. A refused file is never changed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.core.files import SaveError
from game.save import VERSION, load_game, save_game, state_repr
from game.save_old import OLD_SNAPSHOT_KEYS, proven_old
from tests.fuzz.games import played

REPO = Path(__file__).resolve().parents[1]
SAVES = REPO / "tests" / "saves"
CANNOT = ("hexplate cannot prove it is the game it says: start the game again or load it "
          "with an older hexplate (the file is left as it is).")  # fmt: skip


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
    """``doc`` (a version 6 save) relabelled ``version``, with that version's keys only."""
    out = json.loads(json.dumps(doc))
    out["version"] = version
    out["snapshot"] = {k: out["snapshot"][k] for k in OLD_SNAPSHOT_KEYS}
    if version < 3:  # options and the turn limit came with version 3's Tactical Operations
        for k in ("options", "turn_limit"):
            out["start"].pop(k, None)
    return out


def write(tmp_path: Path, doc: dict[str, Any], name: str = "old.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc, indent=1))
    return p


def refused(path: Path) -> str:
    """The one sentence refusing ``path``; the file is left exactly as it was."""
    before = path.read_bytes()
    with pytest.raises(SaveError) as e:
        load_game(path)
    msg = str(e.value)
    assert msg.startswith(f"{path}: ") and "\n" not in msg, msg
    assert path.read_bytes() == before
    return msg


@pytest.fixture(scope="module")
def roster_doc(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    p = tmp_path_factory.mktemp("v6") / "new.json"
    save_game(played(_roster_game(), 3, 25), p)
    return json.loads(p.read_text())


# --- versions 1 to 3: written before saves could be checked -----------------------------


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_save_of_versions_1_to_3_is_refused_saying_why_and_what_to_do(
    tmp_path, roster_doc, version
) -> None:
    """The lead's decision: an unprovable save is refused, never loaded as maybe-the-game.
    A version 6 save relabelled so is refused alike, whatever it holds."""
    msg = refused(write(tmp_path, old(roster_doc, version)))
    assert msg.endswith(f": this is a version {version} save, written before saves could be "
                        f"checked; {CANNOT}")  # fmt: skip


def test_a_version_2_save_is_refused_before_anything_in_it_is_read(tmp_path) -> None:
    """Nothing but its format and version is needed to say so (a truncated file too)."""
    doc = {"format": "hexplate-save", "version": 2, "start": "not even an object"}
    assert "this is a version 2 save, written before saves could be checked" in refused(
        write(tmp_path, doc)
    )


# --- versions 4 and 5: proven by their own digest, or refused ---------------------------


@pytest.mark.parametrize("version", [4, 5])
def test_a_version_6_save_relabelled_4_or_5_fails_the_old_digest(
    tmp_path, roster_doc, version
) -> None:
    msg = refused(write(tmp_path, old(roster_doc, version)))
    said = f"this version {version} save does not pass its own check (its digest): "
    assert said in msg and msg.endswith(CANNOT), msg
    early = "it was written by an early version 4 hexplate, before saves could be checked"
    assert (early in msg) is (version == 4)


def test_a_damaged_start_of_a_version_6_save_cannot_be_claimed_older(tmp_path) -> None:
    """A version 6 save proves any start; relabelled as version 5 it proves nothing."""
    from game.scenario.reader import load_scenario
    from game.setup import new_game_from_scenario

    scenario = json.loads((REPO / "tests" / "scenarios" / "combat_attack.json").read_text())
    scenario["units"][0]["armor"] = {"CT": 12}
    for k in ("attack", "attacks", "physical", "move"):
        scenario.pop(k, None)
    src = write(tmp_path, scenario, "scenario.json")
    state = new_game_from_scenario(src)
    save_game(state, tmp_path / "v6.json")
    doc = json.loads((tmp_path / "v6.json").read_text())
    assert load_game(tmp_path / "v6.json") == state  # version 6: proven, loads
    assert "this version 5 save does not pass its own check" in refused(
        write(tmp_path, old(doc, 5))
    )
    assert load_scenario(src).units[0].body["CT"].armour == 12  # the scenario is fine


@pytest.mark.parametrize(
    ("where", "key", "version"),
    [("top", "players", 5), ("start", "players", 5), ("top", "notes", 4), ("start", "mode", 4)],
)  # fmt: skip
def test_an_old_save_holds_no_key_its_version_could_not_write(
    tmp_path, roster_doc, where, key, version
) -> None:
    doc = old(roster_doc, version)
    (doc if where == "top" else doc["start"])[key] = []
    said = f"the {'save' if where == 'top' else 'start'} has {key!r}, which version {version}"
    with pytest.raises(SaveError, match=re.escape(said)):
        load_game(write(tmp_path, doc))


def test_the_current_version_is_not_held_to_the_old_rule(roster_doc) -> None:
    assert roster_doc["version"] == VERSION == 6
    assert "start" in roster_doc["snapshot"] and "units" in roster_doc["snapshot"]


@pytest.mark.parametrize("version", [True, 1.0, 5.0, "5", 0, 7])
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
    reg["version"] = version
    with pytest.raises(SaveError, match="regiments save version .* is not supported"):
        load_regiments(write(tmp_path, reg, "r2.json"))


# --- saves written by the old versions' own code (tests/saves/) --------------------------
# Made by running each version's code (git archive of its commit) on the same games: a
# battle on a map, and v5_damaged_start.scenario.json (units damaged at the start); the
# v4_default and v4_tacops saves by the released version 4 (autoplay, two turns).

PROVEN = {  # file: (version, written at commit)
    "v5_map_battle": (5, "4bac190"),
    "v5_damaged_start": (5, "4bac190"),
    "v5_river_late": (5, "9fbbaa9"),
    "v4_late_damaged_start": (4, "6201759"),
}
EARLY_V4 = ("v4_early_map_battle", "v4_default", "v4_tacops")  # written at 730b12d, released


@pytest.mark.parametrize("name", sorted(PROVEN))
def test_the_old_saves_whose_digest_recomputes_load(name: str) -> None:
    version, _ = PROVEN[name]
    doc = json.loads((SAVES / f"{name}.json").read_text())
    state = load_game(SAVES / f"{name}.json")
    assert doc["version"] == version and len(state.history) == doc["snapshot"]["actions"]
    assert proven_old(version, state_repr(state), doc["snapshot"])


@pytest.mark.parametrize("name", EARLY_V4)
def test_the_early_version_4_saves_are_refused_and_kept(name: str) -> None:
    msg = refused(SAVES / f"{name}.json")
    assert (
        "this version 4 save does not pass its own check (its digest): it was written by "
        "an early version 4 hexplate, before saves could be checked, or edited since" in msg
    )


def test_a_damaged_start_proven_by_its_old_digest_loads_and_an_edit_of_it_does_not(
    tmp_path,
) -> None:
    """The version 5 digest, recomputed, proves the whole game: its starting units may be
    anything a scenario held. Edited to another legal value (the issue's own example),
    the digest no longer proves it: refused."""
    doc = json.loads((SAVES / "v5_damaged_start.json").read_text())
    a1 = next(u for u in doc["start"]["units"] if u["id"] == "A1")
    assert a1["armor"]["CT"] == 12 and a1["heat"] == 4  # as v5_damaged_start.scenario.json
    assert load_game(SAVES / "v5_damaged_start.json").start.units[0].body["CT"].armour == 12
    a1["armor"]["CT"] = 11
    msg = refused(write(tmp_path, doc))
    assert (
        "this version 5 save does not pass its own check (its digest): the file was edited" in msg
    )


def test_an_edited_action_of_a_proven_old_save_is_refused(tmp_path) -> None:
    doc = json.loads((SAVES / "v5_map_battle.json").read_text())
    i, move = next((i, a) for i, a in enumerate(doc["actions"]) if a.get("steps"))
    doc["actions"][i]["steps"] = move["steps"][:-1]
    refused(write(tmp_path, doc))


def test_a_proven_old_saves_snapshot_counts_are_checked_beside_its_digest(tmp_path) -> None:
    """The digest does not cover the snapshot's readable counts: an edited count is refused."""
    doc = json.loads((SAVES / "v5_map_battle.json").read_text())
    doc["snapshot"]["turn"] += 1
    assert "does not reach the saved position" in refused(write(tmp_path, doc))


# --- the command line: one sentence, exit 2, before any window ---------------------------


def test_play_load_of_an_unprovable_save_exits_2_in_one_sentence(tmp_path, capsys) -> None:
    from game.cli import main as cli
    from game.regiments.save import save_game as save_regiments
    from game.regiments.setup import game_from_armies, table_for

    hex_save = SAVES / "v4_default.json"
    reg = tmp_path / "r.json"
    save_regiments(game_from_armies(table_for(None), {"A": "royal", "B": "horde"}), reg)
    doc = json.loads(reg.read_text())
    doc["version"] = 1
    reg.write_text(json.dumps(doc))
    for command, path in (("play", hex_save), ("regiments", reg)):
        before = path.read_bytes()
        assert cli([command, "--load", str(path)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"hexplate: {path}: this ") and "\n" not in err, err
        assert err.endswith(CANNOT) and path.read_bytes() == before
