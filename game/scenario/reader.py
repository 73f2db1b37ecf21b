"""Scenario files (docs/scenario-format.md): JSON <-> Board, units, dice and a move.

A scenario is both the referee's question and a sandbox save, so reading is strict:
every unknown key, bad value or impossible position is a :class:`ScenarioError` whose
one sentence names the file and the exact spot ("hex '0A05' in board.hexes ..."). The
engine downstream can then trust what it gets. Writing (:func:`scenario_to_json`) is
the inverse, so a saved sandbox reads back to the same scenario.

Stacking: the TW limits of MOV-34 (game.rules.move.stacking), or with ``"options":
["classic"]`` one unit per hex (MOV-30, GAP G09), the same rule the movement engine and
deployment apply, so a scenario can never start in a position no move could reach.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import game
from game.board import CLASS_INDEX, DEFAULT_CF, Board, BoardError, HexSpec, build_board
from game.core.errors import UserFacingError
from game.core.files import SAVES, ScenarioError, read_json
from game.core.limits import (
    MAX_BOARD,
    MAX_DICE,
    MAX_HEXES,
    MAX_STEPS,
    MAX_UNITS,
    too_many,
)
from game.core.options import OPTIONS, TACOPS, Rules
from game.core.values import check_options
from game.designs import Design, DesignError, design
from game.designs import catalog as designs_by_code
from game.hexgrid import Hex, HexNameError, parse_hex_name
from game.rules.aero.steps import AeroStepError, parse_aero_step
from game.rules.combat.records import Declaration, Movement
from game.rules.move.stacking import violation
from game.rules.move.steps import TACOPS_KINDS, parse_step
from game.rules.move.vtolflight import CEILING
from game.rules.physical.records import Blow
from game.scenario.aero import AERO_KEYS, AERO_TONS, check_aero_keys, read_craft
from game.scenario.checks import Reader, _kind, _shown, _text
from game.scenario.combat import (
    COMBAT_KEYS,
    check_combat_keys,
    mech_body,
    read_attacks,
    read_club,
    read_damage,
    read_physical,
    unit_turn_keys,
    vehicle_hull,
)
from game.scenario.infantry import (
    INFANTRY_GIVES,
    INFANTRY_KEYS,
    check_infantry_keys,
    read_platoon,
)
from game.terrain import BY_NAME as TERRAIN
from game.terrain import FLAGS, SCALARS, SCENARIO_KEYS, STRUCTURES
from game.units.unit import AERO, INFANTRY, MECH_KINDS, VEHICLE_KINDS, Unit, max_tons
from game.units.unit import ALL_KINDS as KINDS

VERSION = 1
MODES = ("stand", "walk", "run", "jump", "crawl", "defend")
CLASSIC_OPTION = "classic"  # Extension 4: `"options": ["classic"]`, the classic variant
SCENARIO_OPTIONS = (*OPTIONS, CLASSIC_OPTION)
TACOPS_MODES = ("crawl", "defend")  # Extension 2: only with "options": ["tacops"]
TOP_KEYS = ("version", "options", "board", "units", "dice", "move", "attack", "attacks",
            "physical")  # fmt: skip
HEX_KEYS = SCENARIO_KEYS  # the terrain list's (game/terrain.py)
UNIT_REQUIRED = ("id", "side", "kind", "tons", "walk", "at", "facing")
UNIT_OPTIONAL = (
    "jump", "piloting", "gunnery", "prone", "heat", "damage", "moved", "name", "offroad",
    "model", "hull_down", "airborne", "altitude", "depth", *COMBAT_KEYS, *AERO_KEYS,
    *INFANTRY_KEYS,
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


@dataclass(frozen=True, slots=True)
class MoveSpec:
    """The move to check: which unit, in which mode, as raw step tokens ("F", "J:0708");
    ``careless``: ADV-05 (Extension 2, tacops)."""

    unit: str
    mode: str
    steps: tuple[str, ...]
    careless: bool = False


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
    movements: Mapping[str, Movement] = field(default_factory=dict)  # units' `movement`
    twists: Mapping[str, int] = field(default_factory=dict)  # units' `torso_twist` (not 0)
    attacks: tuple[Declaration, ...] = ()  # the `attack` block or the `attacks` list
    physical: Blow | None = None  # the `physical` block (Extension 2)
    options: tuple[str, ...] = ()  # `"options"`: optional rules on (Extension 2: tacops)

    @property
    def tacops(self) -> bool:
        return TACOPS in self.options

    def rules(self, base: Rules) -> Rules:
        """``base`` (the command line's variant) with this scenario's optional rules."""
        if CLASSIC_OPTION in self.options:  # Extension 4: the classic variant (MOV-30)
            base = replace(base, variant="classic")
        return base if base.tacops == self.tacops else replace(base, tacops=self.tacops)

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file (every problem is a one-sentence ScenarioError)."""
    path = Path(path)
    return parse_scenario(read_json(path), path)


def parse_scenario(data: Any, path: Path) -> Scenario:
    """Check already-decoded scenario JSON; ``path`` names it in errors and anchors maps."""
    r = Reader(path)
    top = r.obj(data, "the scenario")
    if top.get("ruleset") == "regiments":  # Extension 3: game.regiments.scenario reads it
        raise r.error("is a regiments scenario: ask 'rules regiment' or open it with 'regiments'")
    saved = SAVES.get(str(top.get("format")))
    if saved is not None:  # issue 25: point to where a save opens
        raise r.error(f"is a saved game, not a scenario: continue it with '{saved} {path}'")
    r.keys(top, TOP_KEYS, "the scenario")
    version = r.int_(top.get("version", VERSION), "version", VERSION, VERSION)
    options = _options(r, top.get("options", []))
    if "board" not in top:
        raise r.error("the scenario has no 'board'")
    _check_sizes(r, top)
    board, board_file = _board(r, top["board"])
    units = _units(r, top.get("units", []), board, options)
    dice = _dice(r, top["dice"]) if "dice" in top and top["dice"] is not None else None
    move = None
    if "move" in top and top["move"] is not None:
        move = _move(r, top["move"], units, options)
    moves, twists = unit_turn_keys(r, top.get("units", []), TACOPS in options)
    attacks = read_attacks(r, top, {u.id: u for u in units}, twists)
    physical = read_physical(r, top, {u.id: u for u in units})
    return Scenario(path, board, units, dice, move, version, board_file, moves, twists, attacks,
                    physical, options)  # fmt: skip


def _check_sizes(r: Reader, top: dict[str, Any]) -> None:
    """The scenario's size limits (game.core.limits), before any of it is read."""
    move, board = top.get("move"), top.get("board")
    hexes = board.get("hexes") if isinstance(board, dict) else None
    sizes = (
        ("board.hexes", list(hexes) if isinstance(hexes, dict) else None, MAX_HEXES),
        ("units", top.get("units"), MAX_UNITS),
        ("dice", top.get("dice"), MAX_DICE),
        ("attacks", top.get("attacks"), MAX_UNITS),  # one unit's, each at another target
        ("move.steps", move.get("steps") if isinstance(move, dict) else None, MAX_STEPS),
    )
    for what, value, limit in sizes:
        why = too_many(what, len(value), limit) if isinstance(value, list) else None
        if why:
            raise r.error(why)


def _options(r: Reader, value: Any) -> tuple[str, ...]:
    """`"options"`: a list of optional rule names (Extension 2: "tacops"; Extension 4:
    "classic"), by the one validator (game.core.values, as a save's start)."""
    return check_options(r, value, SCENARIO_OPTIONS)


def needs_tacops(r: Reader, what: str) -> ScenarioError:
    """The one sentence for a TacOps mode, key or step in a scenario without the option."""
    return r.error(f"{what} is a Tactical Operations rule: add \"options\": [\"tacops\"] "
                   "to use it")  # fmt: skip


def _board(r: Reader, value: Any) -> tuple[Board, str | None]:
    d = r.obj(value, "board")
    if "file" in d:
        r.keys(d, ("file",), "board (a map file board takes only 'file')")
        return _board_file(r, r.str_(d["file"], "board.file")), d["file"]
    r.keys(d, ("width", "height", "hexes"), "board")
    for k in ("width", "height"):
        if k not in d:
            raise r.error(f"board has no '{k}' (give width, height and hexes, or a file)")
    width = r.int_(d["width"], "board.width", 1, MAX_BOARD)
    height = r.int_(d["height"], "board.height", 1, MAX_BOARD)
    hexes: dict[Hex, HexSpec] = {}
    for name, spec in r.obj(d.get("hexes", {}), "board.hexes").items():
        where = f"hex {_text(name)} in board.hexes"
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


def _hex_spec(r: Reader, value: Any, where: str) -> HexSpec:
    d = r.obj(value, where)
    r.keys(d, HEX_KEYS, where)
    kw: dict[str, Any] = {}
    for name in SCALARS:  # level, water, woods
        if name in d:
            kw[name] = r.int_(d[name], f"{where}: {name}", TERRAIN[name].lo, TERRAIN[name].hi)
    for flag in FLAGS:
        if flag in d:
            kw[flag] = r.bool_(d[flag], f"{where}: {flag}")
    if "road_exits" in d:
        exits = d["road_exits"]
        if not isinstance(exits, list):
            raise r.error(f"{where}: road_exits must be a list of facings 0..5")
        kw["road_exits"] = tuple(r.int_(e, f"{where}: road_exits entry", 0, 5) for e in exits)
    for kind, part in STRUCTURES.items():  # building {class, cf, height}, bridge {...}
        if kind not in d:
            continue
        b = r.obj(d[kind], f"{where}: {kind}")
        r.keys(b, tuple(part), f"{where}: {kind}")
        if kind == "building" and "class" not in b:
            raise r.error(f"{where}: building has no 'class' (light, medium, heavy, hardened)")
        cls = _class(r, b.get("class", "medium"), f"{where}: {kind} class")  # MOV-26 default
        defaults = {"class": cls, "cf": DEFAULT_CF[cls], "height": 1, "level": kw.get("level", 0)}
        kw[part["class"]] = cls
        for key, name in part.items():
            if key != "class":
                f = TERRAIN[name]
                kw[name] = r.int_(b.get(key, defaults[key]), f"{where}: {kind} {key}", f.lo, f.hi)
    return HexSpec(**kw)


def _class(r: Reader, value: Any, where: str) -> int:
    if not isinstance(value, str) or value not in CLASS_INDEX or value == "none":
        raise r.error(f"{where} {_shown(value)} is not light, medium, heavy or hardened")
    return CLASS_INDEX[value]


def _board_file(r: Reader, name: str) -> Board:
    """A TMX board: next to the scenario first, then from the repository root."""
    candidates = [r.path.parent / name, Path(game.__file__).resolve().parents[1] / name]
    for c in candidates:
        if c.is_file():
            from game.maps import load_map

            try:
                return load_map(c)
            except UserFacingError as e:  # name the scenario too, not only the map file
                why = str(e).rstrip(".")
                raise r.error(f"board file {_text(name)} cannot be used ({why})") from None
    raise r.error(f"board file '{name}' was found neither next to the scenario nor in the game")


def _units(r: Reader, value: Any, board: Board, options: tuple[str, ...] = ()) -> tuple[Unit, ...]:
    if not isinstance(value, list):
        raise r.error(f"units must be a list, not {_kind(value)}")
    units: list[Unit] = []
    ids: set[str] = set()
    where: dict[Hex, list[Unit]] = {}  # one dict lookup per unit, not a scan of those before
    rules = Rules("classic") if CLASSIC_OPTION in options else Rules()
    for i, item in enumerate(value):
        u = _unit(r, item, i, board, options)
        if u.id in ids:
            raise r.error(f"unit id {_text(u.id)} is used twice in units")
        _check_stacking(r, u, where.get(u.at, []), board, rules)
        ids.add(u.id)
        if not u.airborne:
            where.setdefault(u.at, []).append(u)
        units.append(u)
    return tuple(units)


def _unit(r: Reader, value: Any, index: int, board: Board, options: tuple[str, ...] = ()) -> Unit:
    d = r.obj(value, f"units[{index}]")
    where = f"unit '{d['id']}'" if isinstance(d.get("id"), str) else f"units[{index}]"
    r.keys(d, UNIT_REQUIRED + UNIT_OPTIONAL, where)
    design = _model(r, d["model"], where) if "model" in d else None
    for k in UNIT_REQUIRED:
        if k not in d and not (design is not None and k in MODEL_GIVES):
            if k == "walk" and d.get("kind") == AERO:
                continue  # aerospace units have thrust instead (Extension 2, Aerospace)
            if k in INFANTRY_GIVES and d.get("kind") == INFANTRY:
                continue  # Extension 4: a platoon's MOV-33 MP, weight and no facing
            raise r.error(f"{where} has no '{k}'")
    kind = d["kind"]
    if kind not in KINDS:
        raise r.error(f"{where}: kind {_shown(kind)} is not one of {', '.join(KINDS)}")
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
            lo, hi = AERO_TONS if (k, kind) == ("tons", AERO) else (lo, hi)
            if k == "tons" and kind != AERO:
                hi = max_tons(kind)  # TW: vessels up to 300 t
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
    check_aero_keys(r, d, where, kind)
    kw |= _posture_keys(r, d, where, kind, options)
    kw |= _depth_key(r, d, where, kind, board, kw["at"])
    check_combat_keys(r, d, where, kind)
    check_infantry_keys(r, d, where, kind)
    if kind == INFANTRY:
        kw |= read_platoon(r, d, where, design, kw)
    if kind == AERO:
        kw["craft"] = read_craft(r, d, where, design)
        kw.setdefault("walk", 0)
    kw["club"] = read_club(r, d, where, kind)
    jump = kw.get("jump", 0)
    damage, legs, counters = read_damage(r, d.get("damage", {}), f"{where}: damage", kind, jump)
    kw["damage"] = damage
    if kind in MECH_KINDS:  # the body records everything done to it (CMB-28..38)
        kw["body"] = mech_body(r, d, where, kind, kw["tons"], jump, design, legs, counters)
    elif kind in VEHICLE_KINDS:
        kw["hull"] = vehicle_hull(r, d, where, kind, kw["tons"], design, counters)
    elif counters.weapons_destroyed:
        raise r.error(f"{where}: damage weapons_destroyed: a {kind} unit has no weapons here")
    return Unit(**kw)


def _posture_keys(
    r: Reader, d: Mapping[str, Any], where: str, kind: str, options: tuple[str, ...]
) -> dict[str, Any]:
    """Extension 2: `hull_down` (tacops, Mechs, ADV-11), `airborne` and `altitude`
    (WiGE, ADV-17/23: levels above the ground it flies over, default 1 when airborne)."""
    out: dict[str, Any] = {}
    if "hull_down" in d:
        if TACOPS not in options:
            raise needs_tacops(r, f"{where}: hull_down")
        out["hull_down"] = r.bool_(d["hull_down"], f"{where}: hull_down")
        if out["hull_down"] and kind not in MECH_KINDS:
            raise r.error(f"{where}: only Mechs go hull-down (ADV-11), not a {kind} unit")
        if out["hull_down"] and d.get("prone"):
            raise r.error(f"{where}: a unit is either prone or hull-down, not both")
    if kind == "vtol":
        return out | _vtol_keys(r, d, where)
    for key in ("airborne", "altitude"):
        if key in d and kind != "wige":
            raise r.error(f"{where}: {key} is for WiGE and VTOL units (ADV-17/25), not a "
                          f"{kind} unit")  # fmt: skip
    if "airborne" in d:
        out["wige_airborne"] = r.bool_(d["airborne"], f"{where}: airborne")
    if "altitude" in d:
        if not out.get("wige_airborne"):
            raise r.error(f"{where}: altitude is given for an airborne WiGE only")
        out["altitude"] = r.int_(d["altitude"], f"{where}: altitude", 1, 20)
    elif out.get("wige_airborne"):
        out["altitude"] = 1
    return out


def _vtol_keys(r: Reader, d: Mapping[str, Any], where: str) -> dict[str, Any]:
    """Our extension: a VTOL's `airborne` (default true; false: landed) and `altitude`
    (levels above the top of what is below it, 1..20, default 1; game.rules.move.vtolflight)."""
    out: dict[str, Any] = {}
    if "airborne" in d and not r.bool_(d["airborne"], f"{where}: airborne"):
        if "altitude" in d:
            raise r.error(f"{where}: altitude is given for an airborne VTOL only")
        out["landed"] = True
    if "altitude" in d:
        out["altitude"] = r.int_(d["altitude"], f"{where}: altitude", 1, CEILING)
    return out


def _depth_key(
    r: Reader, d: Mapping[str, Any], where: str, kind: str, board: Board, at: Hex
) -> dict[str, Any]:
    """Our extension: a submarine's `depth` (ADV-25), 0 on the surface down to the water
    depth of its hex (on the bottom); default 0."""
    if "depth" not in d:
        return {}
    if kind != "submarine":
        raise r.error(f"{where}: depth is for submarines (ADV-25), not a {kind} unit")
    bottom = max(int(board.water[at.row, at.col]), 0)
    depth = r.int_(d["depth"], f"{where}: depth", 0, 99)
    if depth > bottom:
        raise r.error(f"{where}: depth {depth} is deeper than the water of "
                      f"{board.hex_name(at)} (depth {bottom}); a submarine dives at most to "
                      "the bottom (ADV-25)")  # fmt: skip
    return {"depth": depth}


def _model(r: Reader, value: Any, where: str) -> Design:
    """A `model` key: a design of the built-in roster by its code (Extension 2)."""
    code = r.str_(value, f"{where}: model")
    try:
        return design(code)
    except DesignError:
        known = ", ".join(designs_by_code())
        raise r.error(f"{where}: model '{code}' is not a design of the roster ({known})") from None


def _check_stacking(r: Reader, u: Unit, there: Sequence[Unit], board: Board,
                    rules: Rules) -> None:  # fmt: skip
    """MOV-34 (TW, the default): the limits per hex and height band; with ``"options":
    ["classic"]``, MOV-30 as the engine reads it (GAP G09): at most one unit per hex on the
    ground. Aerospace units in the air share hexes with anything (AERO-06)."""
    if u.airborne or not there:
        return
    if rules.classic or u.destroyed:
        if rules.classic:
            o = there[0]
            raise r.error(
                f"units {_text(o.id)} and {_text(u.id)} share hex {board.hex_name(u.at)} "
                "(one unit per hex, MOV-30)"
            )
        return
    why = violation(u, there, rules)
    if why is not None:
        raise r.error(f"unit {_text(u.id)} cannot stand in hex {board.hex_name(u.at)}, which {why}")


def _dice(r: Reader, value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise r.error(f"dice must be a list of faces 1..6, not {_kind(value)}")
    return tuple(r.int_(f, f"dice[{i}]", 1, 6) for i, f in enumerate(value))


def _move(
    r: Reader, value: Any, units: tuple[Unit, ...], options: tuple[str, ...] = ()
) -> MoveSpec:
    d = r.obj(value, "move")
    r.keys(d, ("unit", "mode", "steps", "careless"), "move")
    if "unit" not in d:
        raise r.error("move has no 'unit'")
    unit = r.str_(d["unit"], "move.unit")
    mover = next((u for u in units if u.id == unit), None)
    if mover is None:
        raise r.error(f"move.unit '{unit}' is not one of the units")
    aero = mover.kind == AERO  # an aerospace move has no mode (Extension 2, Aerospace)
    if "mode" in d and aero:
        raise r.error(f"move.mode: an aerospace unit's move takes no mode (it flies), "
                      f"not {_shown(d['mode'])}")  # fmt: skip
    if "mode" not in d and not aero:
        raise r.error("move has no 'mode'")
    mode = d.get("mode", "")
    if mode not in MODES and not (aero and mode == ""):
        raise r.error(f"move.mode {_shown(mode)} is not one of {', '.join(MODES)}")
    tacops = TACOPS in options
    if mode in TACOPS_MODES and not tacops:
        raise needs_tacops(r, f"move.mode '{mode}'")
    careless = False
    if "careless" in d:
        careless = r.bool_(d["careless"], "move.careless")
        if not tacops:
            raise needs_tacops(r, "move.careless")
    steps = d.get("steps", [])
    if not isinstance(steps, list):
        raise r.error(f"move.steps must be a list of step tokens, not {_kind(steps)}")
    for i, s in enumerate(steps):
        _check_step(r, s, i, aero, tacops)
    return MoveSpec(unit, mode, tuple(steps), careless)


def _check_step(r: Reader, token: Any, index: int, aero: bool = False,
                tacops: bool = False) -> None:  # fmt: skip
    """A step token must parse (game.rules.move.steps; an aerospace unit's: game.rules.aero.steps);
    whether it is legal is the engine's call. TacOps steps (H, H:n, H-) need the option."""
    where = f"move.steps[{index}]"
    if not isinstance(token, str):
        raise r.error(f"{where} must be a step token string, not {_kind(token)}")
    try:
        if aero:
            parse_aero_step(token)
            return
        step = parse_step(token)
    except (ValueError, UserFacingError, AeroStepError) as e:
        raise r.error(f"{where}: {e}") from None
    if step.kind in TACOPS_KINDS and not tacops:
        raise needs_tacops(r, f"{where} '{token}' (hull-down, ADV-11)")


__all__ = ["MoveSpec", "Scenario", "ScenarioError", "load_scenario", "parse_scenario"]
