"""Regiments saves of version 1 (issue 26, docs/saves.md): their digest covers the game
so far, not the start (table, scenery, scale, seed, sides), so a version 1 save cannot
prove it is the game it says and is refused in one sentence, the file left as it is; a
version 2 save relabelled version 1 is refused alike. The fixtures are written the way
the version 1 writer did: today's start, and a snapshot without the start's digest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.core.files import SaveError
from game.regiments.actions import RegimentHold, RollFirstActivation
from game.regiments.engine import replay
from game.regiments.save import load_game, save_game
from game.regiments.setup import game_from_armies, table_for

CANNOT = ("hexplate cannot prove it is the game it says: start the game again or load it "
          "with an older hexplate (the file is left as it is).")  # fmt: skip


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


def _played() -> Any:
    state = game_from_armies(table_for(None), {"A": "royal", "B": "horde"}, seed=4)
    state = replay(state.start, [RollFirstActivation()])
    mover = next(r for r in state.regiments if r.side == state.to_act)
    return replay(state.start, [RollFirstActivation(), RegimentHold(mover.id)])


@pytest.mark.parametrize("keep_digest", [False, True], ids=["as v1 wrote it", "relabelled v2"])
def test_a_version_1_regiments_save_is_refused_and_kept(tmp_path, keep_digest) -> None:
    state = _played()
    path, doc = written(tmp_path, state)
    if keep_digest:  # a version 2 save relabelled: its start digest proves nothing now
        path, doc = written(tmp_path, state, v1=False)
        doc["version"] = 1
        path.write_text(json.dumps(doc))
    before = path.read_bytes()
    with pytest.raises(SaveError) as e:
        load_game(path)
    assert str(e.value) == (
        f"{path}: this is a version 1 regiments save, written before saves checked their "
        f"start (table, scenery, scale, seed, sides); {CANNOT}"
    )
    assert path.read_bytes() == before


def test_the_same_game_as_version_2_loads(tmp_path) -> None:
    state = _played()
    path, _ = written(tmp_path, state, v1=False)
    assert load_game(path) == state and state.faces_used > 0
