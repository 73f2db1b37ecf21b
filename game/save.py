"""Saving and loading hot-seat games (JSON, written atomically).

A save is the game's start (map reference or inline board, rules, sides, dice seed and
script, units a scenario placed) plus every accepted action, and a snapshot of where
that leads. Loading replays the actions from the start (game.flow.replay) and checks the
result against the snapshot, so a save can never smuggle in a position the rules would
not produce, and loading restores exactly the saved state. Every problem with a file is
a :class:`SaveError`: one sentence naming the file and what is wrong; the UI shows it
and goes back to the menu.

Writing goes to a temporary file in the same folder, is flushed to disk, then renamed
over the old save (``os.replace`` is atomic), so a crash mid-write leaves the previous
save intact.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core.actions import Action, IllegalActionError
from game.core.digest import json_digest
from game.core.errors import UserFacingError, brief
from game.core.files import (
    SAVES,
    SaveError,
    ScenarioError,
    read_json,
    save_dir,
    saved_actions,
    write_text_atomically,
)
from game.core.jsonshape import Shape
from game.core.options import OPTIONS, TACOPS, Rules
from game.core.seats import Seats, seats_from_json, seats_to_json
from game.core.values import (
    check_has,
    check_options,
    check_read_back,
    check_seed,
    check_sides,
    check_turn_limit,
    check_variant,
)
from game.phases.actions import HEX_FIELDS, action_to_json
from game.phases.movers import Mover
from game.scenario.reader import parse_scenario
from game.scenario.writer import board_digest, board_to_json, unit_to_json

from .flow import replay
from .save_map import MAP_KEY, board_changed, check_map_print, map_print
from .save_old import (
    matches,
    no_later_keys,
    old_snapshot_keys,
    refuse_unchecked,
    refuse_unproven,
)
from .state import GameStart, GameState

FORMAT = "hexplate-save"
VERSION = 6
# Version 4 saves (units without a submarine's depth) and version 5 saves (without the
# digests of the start and the units as written) load when their own digest, taken over
# the code's objects of that day, recomputes from the replay (game.save_old); versions 1
# to 3, written before saves could be checked, are known and refused in one sentence
# (docs/saves.md).
READABLE_VERSIONS = (1, 2, 3, 4, 5, VERSION)
TOP_KEYS = ("format", "version", "start", "actions", "snapshot")
SEAT_KEYS = ("players", "why")  # optional: who plays each side (game.core.seats)
OPTIONAL_KEYS = (*SEAT_KEYS, MAP_KEY)  # and the map's record (game.save_map)
START_KEYS = ("board", "units", "rules", "sides", "seed", "dice")
VARIANTS = ("tw", "classic")


# --- where saves live ---------------------------------------------------------------------


def autosave_path() -> Path:
    return save_dir() / "autosave.json"


def autosave(state: GameState, seats: Seats | None = None) -> Path:
    """Write the autosave (the UI calls this whenever Outcome.phase_changed is true)."""
    path = autosave_path()
    save_game(state, path, seats)
    return path


# --- writing ----------------------------------------------------------------------------------


def save_to_json(state: GameState, seats: Seats | None = None) -> dict[str, Any]:
    """The save file's content for a state; ``seats``: who plays each side and the
    computer's why-lines (game.core.seats; the optional "players" and "why" keys)."""
    out = {
        "format": FORMAT,
        "version": VERSION,
        "start": start_to_json(state),
        "actions": [action_to_json(a) for a in state.history],
        "snapshot": snapshot(state),
    }
    if seats is not None and (seats.players or seats.notes):  # a game of humans: neither
        out["players"], out["why"] = seats_to_json(seats)
    if state.start.map_ref:  # how a map found there later differs, if it does
        out[MAP_KEY] = map_print(state.start_board or state.board)
    return out


def start_to_json(state: GameState) -> dict[str, Any]:
    """The save's 'start': where the game began (the same for every state of one game)."""
    start = state.start
    first = state.start_board or state.board  # the game replays from the start's board
    board = {"file": start.map_ref} if start.map_ref else board_to_json(first)
    return {
        "board": board,
        "units": [unit_to_json(u, first) for u in start.units],
        "rules": start.rules.variant,
        "options": list(start.rules.options),  # optional rules on (tacops)
        "sides": list(start.sides),
        "seed": start.seed,
        "dice": list(start.script),
        "turn_limit": start.turn_limit,
    }


def state_repr(state: GameState) -> str:
    """What the snapshot's digest is taken over: every rules-relevant field, as Python
    writes the objects (game.save_old recomputes an older version's digest from it)."""
    digest_of = (
        state.start,  # map, rules, sides, seed, dice script, placed units: the future too
        state.units,
        state.turn,
        str(state.phase),
        state.initiative,
        state.move_order,
        state.pair_left,
        state.active_unit,
        state.declared_mode,
        state.underway,
        state.moves,
        state.declarations,
        state.acted,
        state.wrecked,
        state.faces_used,
        state.history,  # an edited action is refused even where it changes nothing else
        tuple((e.turn, e.phase, e.event.kind, e.event.unit_id, e.event.rolls) for e in state.log),
    )  # the log's events, not their wording (the narration may word them better later)
    return repr(digest_of)


def snapshot(state: GameState) -> dict[str, Any]:
    """Where the game stands, readable, plus a digest of every rules-relevant field."""
    return {
        "turn": state.turn,
        "phase": str(state.phase),
        "actions": len(state.history),
        "dice_faces_used": state.faces_used,
        "digest": hashlib.sha256(state_repr(state).encode()).hexdigest(),
        "board": board_digest(state.start_board or state.board),
        # as the file writes them (stable across versions, so later readers check them)
        "start": json_digest(start_to_json(state)),
        "units": json_digest([unit_to_json(u, state.board) for u in state.units]),
    }


def save_game(state: GameState, path: str | Path, seats: Seats | None = None) -> None:
    """Write the save atomically (game.core.atomic: temp file, fsync, os.replace, folder fsync)."""
    write_text_atomically(Path(path), json.dumps(save_to_json(state, seats), indent=1))


# --- reading ------------------------------------------------------------------------------------


def load_game(path: str | Path, mover: Mover | None = None) -> GameState:
    """The saved game, replayed from its start; SaveError (one sentence) if it cannot be."""
    return load_seated(path, mover)[0]


def load_seated(path: str | Path, mover: Mover | None = None) -> tuple[GameState, Seats]:
    """The saved game (load_game) and who plays it: its "players" and "why" (version 6,
    game.core.seats)."""
    path = Path(path)
    try:
        data = read_json(path)
    except ScenarioError as e:
        raise _as_save_error(path, e) from None
    top = _obj(path, data, "the save")
    if top.get("format") != FORMAT:
        why = f"this is not a hexplate save file (no 'format': '{FORMAT}')"
        raise SaveError(f"{path}: {why}{_hint(top, path)}.")
    version = top.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:  # not true, not 1.0
        raise SaveError(
            f"{path}: save version {brief(version)} is not supported (expected {VERSION})."
        )
    refuse_unchecked(path, version)
    check_has(Shape(path, SaveError), top, TOP_KEYS, "the save")
    saved = top["snapshot"]
    if version != VERSION:
        no_later_keys(path, version, top)
    else:
        extra = sorted(k for k in top if k not in TOP_KEYS + OPTIONAL_KEYS)
        if extra:
            raise SaveError(f"{path}: the save has {extra[0]!r}, which no version {VERSION} "
                            "save holds (the file was edited)")  # fmt: skip
    board, start = _start(path, _obj(path, top["start"], "start"))
    if version != VERSION:
        old_snapshot_keys(path, version, saved)
    if isinstance(saved, dict) and "board" in saved and saved["board"] != board_digest(board):
        raise SaveError(f"{path}: {board_changed(start.map_ref, top.get(MAP_KEY), board)}.")
    check_map_print(path, top, board)
    _units_read_back(path, board, start, top["start"]["units"])
    actions = saved_actions(path, top["actions"], HEX_FIELDS)
    state = _replayed(path, version, board, start, actions, mover)
    now = snapshot(state)
    if version != VERSION:
        refuse_unproven(path, version, state_repr(state), saved)
    if now != saved if version == VERSION else not matches(now, saved):
        raise SaveError(
            f"{path}: replaying the saved actions does not reach the saved position "
            "(the file was edited or comes from another version)."
        )
    return state, _seats(path, top, version, state)


def _seats(path: Path, top: dict[str, Any], version: Any, state: GameState) -> Seats:
    """The optional "players" and "why" of a version-6 save (game.core.seats)."""
    players, why = top.get("players"), top.get("why")
    if version != VERSION and (players is not None or why is not None):
        why_not = f"'players' and 'why' are new in version {VERSION} saves"
        raise SaveError(f"{path}: {why_not} (the file was edited).")
    try:
        return seats_from_json(players, why, state.sides, len(state.history))
    except ValueError as e:
        raise SaveError(f"{path}: {e}.") from None


def _replayed(path: Path, version: int, board: Any, start: GameStart, actions: list[Action],
              mover: Mover | None) -> GameState:  # fmt: skip
    """The game its actions replay to; a refused action is one sentence."""
    try:
        return replay(board, start, actions, mover)
    except IllegalActionError as e:

        def again(k: int) -> GameState:
            return replay(board, start, actions[:k], mover)

        raise SaveError(f"{path}: {_refused(version, again, actions, e)}.") from None


def _refused(version: Any, replayed: Callable[[int], GameState], actions: list[Action],
             e: IllegalActionError) -> str:  # fmt: skip
    """Why a save's action is refused on replay: an edited file, or an older version's
    game under rules corrected since (the rules' fixes are not replayed backwards).
    ``replayed(k)`` is the game after its first ``k`` actions."""
    if version == VERSION:
        return f"a saved action is refused on replay ({e})"
    lo, hi = 0, len(actions)  # the first refused action: the shortest prefix that fails
    while lo < hi:
        mid = (lo + hi) // 2
        try:
            replayed(mid + 1)
            lo = mid + 1
        except IllegalActionError:
            hi = mid
    before = replayed(lo) if lo < len(actions) else None
    uid = getattr(actions[lo], "unit_id", None) if lo < len(actions) else None
    record = before.move_record(uid) if before is not None and isinstance(uid, str) else None
    why = (
        f"version {version} let a Mech in physical attack defence act as if it had stood "
        "(it could fire its weapons), a bug fixed since (ADV-01)"
        if record is not None and record.mode == "defend"
        else "a rule it was played under has been corrected since"
    )
    return (f"this game was saved by an older version (save version {version}) and cannot be "
            f"replayed: {why}; the refused action ({lo + 1}): {e}")  # fmt: skip


def _units_read_back(path: Path, board: Any, start: GameStart, raw: Any) -> None:
    """The starting units, read and written again, are the file's (nothing dropped)."""
    again = [unit_to_json(u, board) for u in start.units]
    if not isinstance(raw, list) or len(raw) != len(again):
        return  # the scenario reader has said what is wrong with such a list
    r = Shape(path, SaveError)
    for unit, mine, theirs in zip(start.units, again, raw, strict=True):
        check_read_back(r, "unit", unit.id, mine, theirs)


def _hint(top: dict[str, Any], path: Path) -> str:
    """Where a file that is not a hex save opens instead (issue 25)."""
    saved = SAVES.get(str(top.get("format")))
    if saved is not None:
        return f"; it is another rule set's save: continue it with '{saved} {path}'"
    if "board" in top or top.get("ruleset") == "regiments":
        return f"; it is a scenario: open it with 'python main.py play --scenario {path}'"
    return ""


def _as_save_error(path: Path, e: Exception) -> SaveError:
    """The scenario reader's sentence, speaking of a save instead of a scenario."""
    msg, prefix = str(e), f"{path}: "
    if msg.startswith(prefix):
        msg = prefix + msg[len(prefix) :].replace("scenario", "save")
    return SaveError(msg)


def _obj(path: Path, value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SaveError(f"{path}: {where} must be a JSON object.")
    return value


def _start(path: Path, d: dict[str, Any]) -> tuple[Any, GameStart]:
    """The board and the GameStart: rules, sides, seed, options and turn limit by the one
    validator (game.core.values), board and units through the scenario reader."""
    r = Shape(path, SaveError)
    check_has(r, d, START_KEYS, "the save's start")
    variant = check_variant(r, d["rules"], VARIANTS)
    sides = check_sides(r, d["sides"])
    seed = check_seed(r, d["seed"])
    options = check_options(r, d.get("options", []), OPTIONS)
    limit = check_turn_limit(r, d.get("turn_limit"))
    scenario = {"version": 1, "board": d["board"], "units": d["units"], "dice": d["dice"]}
    if options:  # the units' tacops keys (hull-down) are read with the option on
        scenario["options"] = list(options)
    try:
        sc = parse_scenario(scenario, path)
    except UserFacingError as e:
        raise _as_save_error(path, e) from None
    rules = Rules(variant, tacops=TACOPS in options)
    start = GameStart(sc.board_file, rules, sides, seed, sc.dice or (), sc.units,
                      turn_limit=limit)  # fmt: skip
    return sc.board, start
