"""Saving and loading regiments games, like hex games (game.save): the start, every
accepted action and a snapshot; loading replays the actions from the start and checks the
snapshot, so a save cannot smuggle in a position the rules would not reach. Written with
game.save's atomic writer; every problem is a SaveError naming the file.

The table is saved inline (size and obstacles) with the map it was drawn from as
``scenery``, so a save replays the same even if the map file changes later.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from game.core.actions import IllegalActionError
from game.core.digest import json_digest
from game.core.errors import UserFacingError
from game.core.files import (
    CANNOT_PROVE,
    SaveError,
    ScenarioError,
    encode_action,
    read_json,
    save_dir,
    saved_actions,
    write_text_atomically,
)
from game.core.jsonshape import AS_PYTHON, Shape
from game.core.values import (
    check_has,
    check_mode,
    check_read_back,
    check_scale,
    check_scenery,
    check_seed,
    check_sides,
)

from .engine import replay
from .regiment import Regiment
from .scenario import RULESET, parse
from .state import MODES, RegimentStart, RegimentState
from .table import Table

FORMAT = "hexplate-regiments-save"
VERSION = 2  # 2: the snapshot holds a digest of the start as written (table, regiments,
# options, sides, seed, dice); version 1 saves, without it, cannot prove their table,
# scenery, scale, seed or sides and are refused in one sentence (docs/saves.md)
READABLE_VERSIONS = (VERSION,)
KNOWN_VERSIONS = (1, VERSION)
TOP_KEYS = ("format", "version", "start", "actions", "snapshot")
START_KEYS = ("table", "regiments", "options", "sides", "seed", "dice")
QUICKSAVE = "regiments-quicksave.json"
AUTOSAVE = "regiments-autosave.json"


def regiment_to_json(r: Regiment) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": r.id, "side": r.side, "files": r.files, "ranks": r.ranks,
        "stand": list(r.stand), "front_left": list(r.front_left), "facing": r.facing,
        "move": r.move, "size": r.size, "markers": list(r.markers),
    }  # fmt: skip
    if r.name:
        out["name"] = r.name
    return out


def table_to_json(t: Table) -> dict[str, Any]:
    out: dict[str, Any] = {"width": t.width, "height": t.height}
    if t.obstacles:
        out["obstacles"] = [
            {"id": o.id, "points": [list(p) for p in o.points]} for o in t.obstacles
        ]
    return out


def save_to_json(state: RegimentState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "start": start_to_json(state.start),
        "actions": [encode_action(a) for a in state.history],
        "snapshot": snapshot(state),
    }


def start_to_json(st: RegimentStart) -> dict[str, Any]:
    return {
        "table": table_to_json(st.table),
        "scenery": st.table.scenery,
        "cm_per_pixel": st.table.cm_per_pixel,
        "regiments": [regiment_to_json(r) for r in st.regiments],
        "options": st.options.to_json(),
        "sides": list(st.sides),
        "seed": st.seed,
        "dice": list(st.script),
        **({"mode": st.mode} if st.mode != "game" else {}),
    }


def snapshot(state: RegimentState) -> dict[str, Any]:
    digest_of = (
        state.regiments, state.turn, str(state.phase), state.first, state.to_act,
        state.pending, state.contacts, state.faces_used, tuple(e.text for e in state.log),
    )  # fmt: skip
    return {
        "round": state.turn,
        "phase": str(state.phase),
        "actions": len(state.history),
        "dice_faces_used": state.faces_used,
        "digest": hashlib.sha256(repr(digest_of).encode()).hexdigest(),
        "start": json_digest(start_to_json(state.start)),
    }


def save_game(state: RegimentState, path: str | Path) -> None:
    write_text_atomically(Path(path), json.dumps(save_to_json(state), indent=1))


def quicksave_path() -> Path:
    return save_dir() / QUICKSAVE


GAME_SAVE, SANDBOX_SAVE, SCENARIO = "game save", "sandbox save", "scenario"  # file kinds


def is_regiments_save(path: str | Path) -> bool:
    return file_kind(path) in (GAME_SAVE, SANDBOX_SAVE)


def file_kind(path: str | Path) -> str | None:
    """What a JSON file is to the regiments rule set: GAME_SAVE or SANDBOX_SAVE (a save
    of that mode), SCENARIO (``"ruleset": "regiments"``), or None (anything else: a hex
    save, an unreadable file)."""
    try:
        data = read_json(Path(path))
    except ScenarioError:
        return None
    if not isinstance(data, dict):
        return None
    if data.get("format") == FORMAT:
        start = data.get("start")
        mode = start.get("mode", MODES[0]) if isinstance(start, dict) else MODES[0]
        return GAME_SAVE if mode == MODES[0] else SANDBOX_SAVE
    return SCENARIO if data.get("ruleset") == RULESET else None


def load_game(path: str | Path) -> RegimentState:
    """The saved game replayed from its start; SaveError (one sentence) if it cannot be."""
    path = Path(path)
    try:
        top = read_json(path)
    except ScenarioError as e:
        raise SaveError(str(e)) from None
    if not isinstance(top, dict) or top.get("format") != FORMAT:
        raise SaveError(f"{path}: this is not a regiments save (no 'format': '{FORMAT}').")
    version = top.get("version")
    if type(version) is not int or version not in KNOWN_VERSIONS:  # not true, not 1.0
        raise SaveError(f"{path}: regiments save version {version!r} is not supported.")
    if version not in READABLE_VERSIONS:
        raise SaveError(f"{path}: this is a version {version} regiments save, written before "
                        "saves checked their start (table, scenery, scale, seed, sides); "
                        f"{CANNOT_PROVE}.")  # fmt: skip
    check_has(Shape(path, SaveError), top, TOP_KEYS, "the save")
    start = _start(path, top["start"])
    _read_back(path, start, top["start"]["regiments"])
    actions = saved_actions(path, top["actions"])
    try:
        state = replay(start, actions)
    except (IllegalActionError, ValueError) as e:
        raise SaveError(f"{path}: a saved action is refused on replay ({e}).") from None
    if snapshot(state) != top["snapshot"]:
        raise SaveError(
            f"{path}: replaying the saved actions does not reach the saved position "
            "(the file was edited or comes from another version)."
        )
    return state


def _read_back(path: Path, start: RegimentStart, raw: list[Any]) -> None:
    """The starting regiments, read and written again, are the file's (nothing dropped)."""
    r = Shape(path, SaveError, AS_PYTHON)
    for mine, theirs in zip((regiment_to_json(g) for g in start.regiments), raw, strict=True):
        check_read_back(r, "regiment", mine["id"], mine, theirs)


def _start(path: Path, d: Any) -> RegimentStart:
    if not isinstance(d, dict):
        raise SaveError(f"{path}: start must be a JSON object.")
    r = Shape(path, SaveError, AS_PYTHON)  # the one validator's checks (game.core.values)
    check_has(r, d, START_KEYS, "the save's start")
    sides = check_sides(r, d["sides"], exactly=2)
    seed = check_seed(r, d["seed"])
    data = {"ruleset": "regiments", "table": d["table"], "regiments": d["regiments"],
            "options": d["options"], "dice": d["dice"]}  # fmt: skip
    try:
        sc = parse(data, path)
    except UserFacingError as e:
        raise SaveError(str(e).replace("scenario", "save")) from None
    scenery = check_scenery(r, d.get("scenery"))
    scale = check_scale(r, d.get("cm_per_pixel", 0.0))
    mode = check_mode(r, d.get("mode", "game"), MODES)
    t = sc.table
    table = Table(t.width, t.height, t.obstacles, scenery, scale)
    return RegimentStart(table, sc.regiments, sc.options, sides, seed, sc.dice or (), scenery, mode)
