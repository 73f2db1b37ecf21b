"""Regiments saves of version 1 (issue 26): their digest covers the game so far, not what
the start holds for later, so they load only with the default rule options and a dice
script used up; a version 2 save cannot be relabelled version 1 to skip its start's
digest. The fixtures are written the way the version 1 writer did: today's start, and a
snapshot without the start's digest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.core.files import SaveError
from game.regiments.actions import RegimentHold, RollFirstActivation
from game.regiments.engine import replay
from game.regiments.options import Options
from game.regiments.save import load_game, save_game
from game.regiments.setup import game_from_armies, table_for

REPO = Path(__file__).resolve().parents[2]


def as_v1(doc: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(doc))
    out["version"] = 1
    del out["snapshot"]["start"]
    return out


def written(tmp_path: Path, state: Any, v1: bool = True) -> tuple[Path, dict[str, Any]]:
    path = tmp_path / "r.json"
    save_game(state, path)
    doc = json.loads(path.read_text())
    doc = as_v1(doc) if v1 else doc
    path.write_text(json.dumps(doc))
    return path, doc


def test_a_version_1_army_game_loads(tmp_path) -> None:
    state = game_from_armies(table_for(None), {"A": "royal", "B": "horde"}, seed=4)
    path, _ = written(tmp_path, state)
    assert load_game(path) == state


def test_a_version_1_save_with_other_options_is_refused_naming_the_option(tmp_path) -> None:
    state = game_from_armies(table_for(None), {"A": "royal", "B": "horde"}, seed=4,
                             options=Options(wheel="chord"))  # fmt: skip
    path, _ = written(tmp_path, state)
    with pytest.raises(SaveError) as e:
        load_game(path)
    assert str(e.value) == (
        f"{path}: options.wheel is 'chord', not the default 'arc'; a version 1 regiments save "
        "does not prove what its start holds for later, so its rule options must be the "
        "defaults (the file is left as it is)"
    )
    path, _ = written(tmp_path, state, v1=False)
    assert load_game(path) == state  # version 2 proves its start


@pytest.mark.parametrize("option", [("wheel", "chord"), ("command_test", 7), ("keep_hold", True)])
def test_a_version_2_save_relabelled_version_1_cannot_have_its_options_edited(
    tmp_path, option
) -> None:
    state = game_from_armies(table_for(None), {"A": "royal", "B": "horde"}, seed=4)
    path, doc = written(tmp_path, state)
    doc["start"]["options"][option[0]] = option[1]
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match=f"options.{option[0]} is {option[1]!r}, not the default"):
        load_game(path)


def test_a_version_1_save_with_dice_left_in_its_script_is_refused(tmp_path) -> None:
    from dataclasses import replace

    from game.regiments.setup import new_game

    army = game_from_armies(table_for(None), {"A": "royal", "B": "horde"}, seed=4)
    state = new_game(replace(army.start, script=(5, 2) * 4))  # a scenario's dice
    assert 0 <= state.faces_used < 8
    path, _ = written(tmp_path, state)
    left = 8 - state.faces_used
    with pytest.raises(SaveError, match=f"the dice script holds {left} faces not yet rolled; a"):
        load_game(path)
    path, _ = written(tmp_path, state, v1=False)
    assert load_game(path) == state  # version 2 proves them


def test_a_version_1_game_played_on_loads_and_its_rolls_are_proven(tmp_path) -> None:
    """The version 1 digest covers every log line: a first activation rolled from another
    seed does not reach the saved position."""
    state = game_from_armies(table_for(None), {"A": "royal", "B": "horde"}, seed=4)
    state = replay(state.start, [RollFirstActivation()])
    mover = next(r for r in state.regiments if r.side == state.to_act)
    state = replay(state.start, [RollFirstActivation(), RegimentHold(mover.id)])
    path, doc = written(tmp_path, state)
    assert load_game(path) == state and state.faces_used > 0
    for seed in range(5, 40):  # some other seed's first roll differs
        doc["start"]["seed"] = seed
        path.write_text(json.dumps(doc))
        try:
            load_game(path)
        except SaveError as e:
            assert "does not reach the saved position" in str(e) or "refused on replay" in str(e)
            return
    pytest.fail("no other seed changed the roll")
