"""Scenario files (docs/scenario-format.md): JSON <-> Board, units, dice and a move.

A scenario is both the referee's question and a sandbox save, so reading is strict:
every unknown key, bad value or impossible position is a :class:`ScenarioError` whose
one sentence names the file and the exact spot ("hex '0A05' in board.hexes ..."). The
engine downstream can then trust what it gets. Writing (:func:`scenario_to_json`) is
the inverse, so a saved sandbox reads back to the same scenario.

Stacking (MOV-30, GAP G09): one unit per hex, whatever its kind or side. That is the
classic one-Mech-per-hex rule extended to every unit, the same rule the movement engine
and deployment apply, so a scenario can never start in a position no move could reach.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import game

from .board import (
    CLASS_INDEX,
    DEFAULT_CF,
    Board,
    BoardError,
    HexSpec,
    build_board,
)
from .designs import Design, DesignError, design
from .designs import catalog as designs_by_code
from .errors import UserFacingError
from .hexgrid import Hex, HexNameError, parse_hex_name
from .mech import standard_body, with_legs_destroyed
from .roster import design_body
from .rules.steps import parse_step
from .units import KINDS, MECH_KINDS, Damage, Unit

VERSION = 1
MODES = ("stand", "walk", "run", "jump")
TOP_KEYS = ("version", "board", "units", "dice", "move")
HEX_KEYS = (
    "level",
    "water",
    "woods",
    "rough",
    "rubble",
    "pavement",
    "road",
    "road_exits",
    "building",
    "bridge",
)
UNIT_REQUIRED = ("id", "side", "kind", "tons", "walk", "at", "facing")
UNIT_OPTIONAL = (
    "jump", "piloting", "gunnery", "prone", "heat", "damage", "moved", "name", "offroad",
    "model",
)  # fmt: skip
MODEL_GIVES = ("tons", "walk")  # required keys a `model` supplies (Extension 2)
# Allowed ranges of the integer fields; the digest's tables set the upper ends.
UNIT_INTS = {
    "tons": (1, 200),
    "walk": (0, 30),
    "jump": (0, 30),
    "piloting": (0, 8),
    "gunnery": (0, 8),
    "heat": (0, 30),  # HEAT-01: 0..30
    "facing": (0, 5),
}
DAMAGE_INTS = {
    "gyro": (0, 2),  # CMB-34: 2 = destroyed
    "hips": (0, 4),
    "leg_actuators": (0, 12),
    "legs_destroyed": (0, 4),
    "jump_jets": (0, 30),
    "engine": (0, 3),
    "pilot_hits": (0, 6),  # PSR-19: the 6th kills
    "phase_damage": (0, 10000),
}
DAMAGE_BOOLS = ("shutdown", "unconscious")


class ScenarioError(UserFacingError):
    """A scenario file that cannot be read or breaks the contract (one sentence)."""


@dataclass(frozen=True, slots=True)
class MoveSpec:
    """The move to check: which unit, in which mode, as raw step tokens ("F", "J:0708")."""

    unit: str
    mode: str
    steps: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Scenario:
    """A parsed scenario; ``board_file`` is the map path as written, if the board is one."""

    path: Path
    board: Board
    units: tuple[Unit, ...]
    dice: tuple[int, ...] | None
    move: MoveSpec | None
    version: int = VERSION
    board_file: str | None = None

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)


# --- reading -------------------------------------------------------------------------------


class _Reader:
    """Carries the file name so every check can phrase its one-sentence error."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def error(self, msg: str) -> ScenarioError:
        return ScenarioError(f"{self.path}: {msg}")

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(f"{where} must be a JSON object, not {_kind(value)}")
        return value

    def keys(self, d: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
        for k in d:
            if k not in allowed:
                raise self.error(f"unknown key '{k}' in {where} (allowed: {', '.join(allowed)})")

    def int_(self, value: Any, where: str, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"{where} must be a whole number, not {_kind(value)}")
        if not lo <= value <= hi:
            raise self.error(f"{where} is {value}, outside {lo}..{hi}")
        return value

    def bool_(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(f"{where} must be true or false, not {_kind(value)}")
        return value

    def str_(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.error(f"{where} must be a non-empty string, not {_kind(value)}")
        return value

    def hex_(self, value: Any, where: str, board: Board | None) -> Hex:
        if not isinstance(value, str):
            raise self.error(f"{where} must be a hex name string (XXYY), not {_kind(value)}")
        try:
            h = parse_hex_name(value)
        except HexNameError:
            raise self.error(f"{where} '{value}' is not a hex name (XXYY)") from None
        if board is not None and not board.contains(h):
            raise self.error(f"{where} '{value}' is off the {board.width}x{board.height} board")
        return h


def _kind(value: Any) -> str:
    """How a wrong value is named in a message: its JSON type, strings quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {json.dumps(value)}"
    return "a list" if isinstance(value, list) else "an object"


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key '{k}'")
        out[k] = v
    return out


def read_json(path: Path) -> Any:
    """The file's JSON, or a ScenarioError saying why it cannot be had."""
    r = _Reader(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise r.error("no such file") from None
    except IsADirectoryError:
        raise r.error("is a directory, not a scenario file") from None
    except UnicodeDecodeError:
        raise r.error("is not UTF-8 text") from None
    except OSError as e:
        raise r.error(f"cannot be read ({e.strerror or e})") from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise r.error(f"is not valid JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except ValueError as e:
        raise r.error(f"is not valid scenario JSON ({e})") from None


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file (every problem is a one-sentence ScenarioError)."""
    path = Path(path)
    return parse_scenario(read_json(path), path)


def parse_scenario(data: Any, path: Path) -> Scenario:
    """Check already-decoded scenario JSON; ``path`` names it in errors and anchors maps."""
    r = _Reader(path)
    top = r.obj(data, "the scenario")
    if top.get("ruleset") == "regiments":  # Extension 3: game.regiments.scenario reads it
        raise r.error("is a regiments scenario: ask 'rules regiment' or open it with 'regiments'")
    r.keys(top, TOP_KEYS, "the scenario")
    version = r.int_(top.get("version", VERSION), "version", VERSION, VERSION)
    if "board" not in top:
        raise r.error("the scenario has no 'board'")
    board, board_file = _board(r, top["board"])
    units = _units(r, top.get("units", []), board)
    dice = _dice(r, top["dice"]) if "dice" in top and top["dice"] is not None else None
    move = _move(r, top["move"], units) if "move" in top and top["move"] is not None else None
    return Scenario(path, board, units, dice, move, version, board_file)


def _board(r: _Reader, value: Any) -> tuple[Board, str | None]:
    d = r.obj(value, "board")
    if "file" in d:
        r.keys(d, ("file",), "board (a map file board takes only 'file')")
        return _board_file(r, r.str_(d["file"], "board.file")), d["file"]
    r.keys(d, ("width", "height", "hexes"), "board")
    for k in ("width", "height"):
        if k not in d:
            raise r.error(f"board has no '{k}' (give width, height and hexes, or a file)")
    width = r.int_(d["width"], "board.width", 1, 999)
    height = r.int_(d["height"], "board.height", 1, 999)
    hexes: dict[Hex, HexSpec] = {}
    for name, spec in r.obj(d.get("hexes", {}), "board.hexes").items():
        where = f"hex '{name}' in board.hexes"
        try:
            h = parse_hex_name(name)
        except HexNameError:
            raise r.error(f"{where} is not a hex name (XXYY)") from None
        if not (h.col < width and h.row < height):
            raise r.error(f"{where} is off the {width}x{height} board")
        hexes[h] = _hex_spec(r, spec, where)
    try:
        return build_board(width, height, hexes, name=r.path.stem), None
    except BoardError as e:
        raise r.error(str(e)) from None


def _hex_spec(r: _Reader, value: Any, where: str) -> HexSpec:
    d = r.obj(value, where)
    r.keys(d, HEX_KEYS, where)
    kw: dict[str, Any] = {}
    if "level" in d:
        kw["level"] = r.int_(d["level"], f"{where}: level", -20, 50)
    if "water" in d:
        kw["water"] = r.int_(d["water"], f"{where}: water", 0, 20)
    if "woods" in d:
        kw["woods"] = r.int_(d["woods"], f"{where}: woods", 0, 3)
    for flag in ("rough", "rubble", "pavement", "road"):
        if flag in d:
            kw[flag] = r.bool_(d[flag], f"{where}: {flag}")
    if "road_exits" in d:
        exits = d["road_exits"]
        if not isinstance(exits, list):
            raise r.error(f"{where}: road_exits must be a list of facings 0..5")
        kw["road_exits"] = tuple(r.int_(e, f"{where}: road_exits entry", 0, 5) for e in exits)
    if "building" in d:
        b = r.obj(d["building"], f"{where}: building")
        r.keys(b, ("class", "cf", "height"), f"{where}: building")
        if "class" not in b:
            raise r.error(f"{where}: building has no 'class' (light, medium, heavy, hardened)")
        cls = _class(r, b["class"], f"{where}: building class")
        kw["building_class"] = cls
        kw["building_cf"] = r.int_(b.get("cf", DEFAULT_CF[cls]), f"{where}: building cf", 0, 150)
        kw["building_height"] = r.int_(b.get("height", 1), f"{where}: building height", 1, 20)
    if "bridge" in d:
        b = r.obj(d["bridge"], f"{where}: bridge")
        r.keys(b, ("class", "cf", "level"), f"{where}: bridge")
        cls = _class(r, b.get("class", "medium"), f"{where}: bridge class")  # MOV-26 default
        kw["bridge_class"] = cls
        kw["bridge_cf"] = r.int_(b.get("cf", DEFAULT_CF[cls]), f"{where}: bridge cf", 0, 150)
        lvl = b.get("level", kw.get("level", 0))
        kw["bridge_level"] = r.int_(lvl, f"{where}: bridge level", -20, 50)
    return HexSpec(**kw)


def _class(r: _Reader, value: Any, where: str) -> int:
    if not isinstance(value, str) or value not in CLASS_INDEX or value == "none":
        raise r.error(f"{where} {json.dumps(value)} is not light, medium, heavy or hardened")
    return CLASS_INDEX[value]


def _board_file(r: _Reader, name: str) -> Board:
    """A TMX board: next to the scenario first, then from the repository root."""
    candidates = [r.path.parent / name, Path(game.__file__).resolve().parents[1] / name]
    for c in candidates:
        if c.is_file():
            from .maps import load_map  # lazy: the map loader pulls in pytmx

            return load_map(c)  # a MapError already names the map file and the problem
    raise r.error(f"board file '{name}' was found neither next to the scenario nor in the game")


def _units(r: _Reader, value: Any, board: Board) -> tuple[Unit, ...]:
    if not isinstance(value, list):
        raise r.error(f"units must be a list, not {_kind(value)}")
    units: list[Unit] = []
    for i, item in enumerate(value):
        u = _unit(r, item, i, board)
        if any(o.id == u.id for o in units):
            raise r.error(f"unit id '{u.id}' is used twice in units")
        _check_stacking(r, u, units, board)
        units.append(u)
    return tuple(units)


def _unit(r: _Reader, value: Any, index: int, board: Board) -> Unit:
    d = r.obj(value, f"units[{index}]")
    where = f"unit '{d['id']}'" if isinstance(d.get("id"), str) else f"units[{index}]"
    r.keys(d, UNIT_REQUIRED + UNIT_OPTIONAL, where)
    design = _model(r, d["model"], where) if "model" in d else None
    for k in UNIT_REQUIRED:
        if k not in d and not (design is not None and k in MODEL_GIVES):
            raise r.error(f"{where} has no '{k}'")
    kind = d["kind"]
    if kind not in KINDS:
        raise r.error(f"{where}: kind {json.dumps(kind)} is not one of {', '.join(KINDS)}")
    if design is not None and design.kind != kind:
        raise r.error(f"{where}: model '{design.code}' is a {design.kind} unit, not a {kind}")
    kw: dict[str, Any] = {
        "id": r.str_(d["id"], f"{where}: id"),
        "side": r.str_(d["side"], f"{where}: side"),
        "kind": kind,
        "at": r.hex_(d["at"], f"{where}: at", board),
    }
    if design is not None:  # the design's values; keys given beside it override them
        kw |= {"tons": design.tons, "walk": design.walk, "jump": design.jump}
        kw |= {"name": design.name, "design": design.code}
    for k, (lo, hi) in UNIT_INTS.items():
        if k in d:
            kw[k] = r.int_(d[k], f"{where}: {k}", lo, hi)
    for k in ("prone", "moved", "offroad"):
        if k in d:
            kw[k] = r.bool_(d[k], f"{where}: {k}")
    if "offroad" in d and kind != "wheeled":  # MOV-31: a wheeled support-vehicle option
        raise r.error(
            f"{where}: offroad applies only to wheeled units (MOV-31), not to a {kind} unit"
        )
    if "name" in d:
        kw["name"] = r.str_(d["name"], f"{where}: name")
    if kw.get("prone") and kind not in MECH_KINDS:
        raise r.error(f"{where}: only Mechs (biped, quad) can be prone, not a {kind} unit")
    damage, legs = _damage(r, d.get("damage", {}), f"{where}: damage", kind, kw.get("jump", 0))
    kw["damage"] = damage
    if kind in MECH_KINDS:  # the body records destroyed legs (CMB-28/38)
        if design is not None and design.tons == kw["tons"]:
            body = design_body(design)
        else:
            body = standard_body(kw["tons"], kind == "quad")
        kw["body"] = with_legs_destroyed(body, legs)
    return Unit(**kw)


def _model(r: _Reader, value: Any, where: str) -> Design:
    """A `model` key: a design of the built-in roster by its code (Extension 2)."""
    code = r.str_(value, f"{where}: model")
    try:
        return design(code)
    except DesignError:
        known = ", ".join(designs_by_code())
        raise r.error(f"{where}: model '{code}' is not a design of the roster ({known})") from None


def _damage(r: _Reader, value: Any, where: str, kind: str, jump: int) -> tuple[Damage, int]:
    """The Damage record and the number of destroyed legs (which the body holds)."""
    d = r.obj(value, where)
    r.keys(d, tuple(DAMAGE_INTS) + DAMAGE_BOOLS, where)
    kw: dict[str, Any] = {}
    for k, (lo, hi) in DAMAGE_INTS.items():
        if k in d:
            kw[k] = r.int_(d[k], f"{where} {k}", lo, hi)
    for k in DAMAGE_BOOLS:
        if k in d:
            kw[k] = r.bool_(d[k], f"{where} {k}")
    legs = 4 if kind == "quad" else 2
    for k in ("hips", "legs_destroyed"):
        if kw.get(k, 0) > legs:
            raise r.error(f"{where} {k} is {kw[k]}, but a {kind} unit has {legs} legs")
    if kw.get("jump_jets", 0) > jump:
        raise r.error(f"{where} jump_jets is {kw['jump_jets']}, more than its jump {jump}")
    legs_lost = kw.pop("legs_destroyed", 0)
    if legs_lost and kind not in MECH_KINDS:
        raise r.error(f"{where} legs_destroyed applies to Mechs (biped, quad), not a {kind} unit")
    return Damage(**kw), legs_lost


def _check_stacking(r: _Reader, u: Unit, placed: list[Unit], board: Board) -> None:
    """MOV-30 (GAP G09 filled as in the engine): at most one unit per hex."""
    for o in placed:
        if o.at == u.at:
            raise r.error(
                f"units '{o.id}' and '{u.id}' share hex {board.hex_name(u.at)} "
                "(one unit per hex, MOV-30)"
            )


def _dice(r: _Reader, value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise r.error(f"dice must be a list of faces 1..6, not {_kind(value)}")
    return tuple(r.int_(f, f"dice[{i}]", 1, 6) for i, f in enumerate(value))


def _move(r: _Reader, value: Any, units: tuple[Unit, ...]) -> MoveSpec:
    d = r.obj(value, "move")
    r.keys(d, ("unit", "mode", "steps"), "move")
    for k in ("unit", "mode"):
        if k not in d:
            raise r.error(f"move has no '{k}'")
    unit = r.str_(d["unit"], "move.unit")
    if not any(u.id == unit for u in units):
        raise r.error(f"move.unit '{unit}' is not one of the units")
    mode = d["mode"]
    if mode not in MODES:
        raise r.error(f"move.mode {json.dumps(mode)} is not one of {', '.join(MODES)}")
    steps = d.get("steps", [])
    if not isinstance(steps, list):
        raise r.error(f"move.steps must be a list of step tokens, not {_kind(steps)}")
    for i, s in enumerate(steps):
        _check_step(r, s, i)
    return MoveSpec(unit, mode, tuple(steps))


def _check_step(r: _Reader, token: Any, index: int) -> None:
    """A step token must parse (game.rules.steps); whether it is legal is the engine's call."""
    where = f"move.steps[{index}]"
    if not isinstance(token, str):
        raise r.error(f"{where} must be a step token string, not {_kind(token)}")
    try:
        parse_step(token)
    except (ValueError, UserFacingError) as e:
        raise r.error(f"{where}: {e}") from None


__all__ = ["MoveSpec", "Scenario", "ScenarioError", "load_scenario", "parse_scenario"]
