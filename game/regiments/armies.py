"""Starting armies as data (game/regiments/data/armies.json): unit types with their stand
size, files and ranks, movement rate (cm) and size class, and armies listing them.

:func:`deploy` sets two armies up facing each other across a table: side A along the
south edge facing north, side B along the north edge facing south, each in a line
(further lines behind when the table is too narrow), 4 cm between regiments.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.core.errors import UserFacingError
from game.core.files import ScenarioError, read_json
from game.core.jsonshape import AS_PYTHON, Shape
from game.core.values import check_has, check_names, formation

from .geometry import distance
from .options import EXCLUSION_CM
from .regiment import Regiment
from .table import Table

DATA = Path(__file__).resolve().parent / "data" / "armies.json"
GAP_CM = 4.0
TYPE_KEYS = ("name", "files", "ranks", "stand", "move", "size")


class ArmyError(UserFacingError):
    """The armies file is broken, or an army does not fit the table (one sentence)."""


@dataclass(frozen=True, slots=True)
class UnitType:
    code: str
    name: str
    files: int
    ranks: int
    stand: tuple[float, float]
    move: float
    size: int


@dataclass(frozen=True, slots=True)
class Army:
    code: str
    name: str
    units: tuple[UnitType, ...]


def _unit_type(r: Shape, code: str, d: Any) -> UnitType:
    """A unit type, checked by the one validator as a regiment of a scenario is
    (game.core.values.formation): the same refusals in the same words."""
    where = f"unit type '{code}'"
    t = r.obj(d, where, TYPE_KEYS)
    check_has(r, t, TYPE_KEYS, where)
    block = formation(r, t, where)
    return UnitType(code, block.name, block.files, block.ranks, block.stand, block.move,
                    block.size)  # fmt: skip


def _shape(path: Path) -> Shape:
    return Shape(Path(path.name), ArmyError, AS_PYTHON)  # sentences name the data file


@cache
def _data(path: Path) -> dict[str, Any]:
    """The file read as every JSON file of the game is (game.core.files.read_json: the
    size limit, UTF-8, no key twice), its sentences naming it by its name."""
    try:
        data = read_json(path)
    except ScenarioError as e:
        said = str(e).replace(f"{path}: ", f"{path.name}: ", 1)
        said = said.replace("scenario JSON", "JSON").replace("a scenario file", "an armies file")
        raise ArmyError(said) from None
    return _shape(path).obj(data, "the armies file")


@cache
def unit_types(path: Path = DATA) -> dict[str, UnitType]:
    """Every unit type of the data file, by code (the sandbox places any of them)."""
    r = _shape(path)
    types = r.obj(_data(path).get("unit_types", {}), "unit_types")
    return {code: _unit_type(r, code, d) for code, d in types.items()}


@cache
def armies(path: Path = DATA) -> dict[str, Army]:
    """Every army of the data file, by code."""
    data = _data(path)
    types = unit_types(path)
    out: dict[str, Army] = {}
    r = _shape(path)
    for code, d in r.obj(data.get("armies", {}), "armies").items():
        where = f"army '{code}'"
        army = r.obj(d, where, ("name", "units"))
        units = r.list_(army.get("units", []), f"{where}.units")
        check_names(r, units, types, where, "unit types")
        name = r.str_(army["name"], f"{where}.name") if "name" in army else code
        out[code] = Army(code, name, tuple(types[u] for u in units))
    return out


def regiment_of(
    u: UnitType, regiment_id: str, side: str, front_left: tuple[float, float], facing: float
) -> Regiment:
    """A regiment of unit type ``u``, placed by its front-left corner and facing."""
    return Regiment(
        regiment_id, side, u.files, u.ranks, u.stand, front_left, facing, u.move, u.size, (), u.name
    )


def deploy(table: Table, picks: dict[str, str]) -> tuple[Regiment, ...]:
    """The regiments of ``picks`` (side -> army code) set up on ``table``."""
    known = armies()
    out: list[Regiment] = []
    for side, code in picks.items():
        if code not in known:
            raise ArmyError(f"there is no army '{code}' (known: {', '.join(known)})")
        out += _line_up(table, side, known[code], north=side != "A")
    for i, a in enumerate(out):
        for b in out[i + 1 :]:
            if distance(a.corners(), b.corners()) < (EXCLUSION_CM if a.side != b.side else 0.5):
                raise ArmyError(
                    f"the armies do not fit on a {table.width:g} x {table.height:g} cm table"
                )
    return tuple(out)


def _rows(table: Table, army: Army) -> list[list[UnitType]]:
    """The army's unit types in lines that fit across the table."""
    rows: list[list[UnitType]] = [[]]
    width = 0.0
    for u in army.units:
        w = u.files * u.stand[0]
        if rows[-1] and width + GAP_CM + w > table.width - 2 * GAP_CM:
            rows.append([])
            width = 0.0
        width += (GAP_CM if rows[-1] else 0.0) + w
        rows[-1].append(u)
    return rows


def _line_up(table: Table, side: str, army: Army, north: bool) -> list[Regiment]:
    rows = _rows(table, army)
    out: list[Regiment] = []
    edge = max(GAP_CM, table.height * 0.08)
    depth_so_far = 0.0
    for row in rows:
        total = sum(u.files * u.stand[0] for u in row) + GAP_CM * (len(row) - 1)
        x = (table.width - total) / 2
        deepest = max(u.ranks * u.stand[1] for u in row)
        front = edge + deepest + depth_so_far
        for u in row:
            w = u.files * u.stand[0]
            n = len(out) + 1
            if north:  # facing south: the front-left corner is the eastern front corner
                fl, facing = (x + w, front), 180.0
            else:
                fl, facing = (x, table.height - front), 0.0
            out.append(regiment_of(u, f"{side}{n}", side, fl, facing))
            x += w + GAP_CM
        depth_so_far += deepest + GAP_CM * 2
    for r in out:
        if not table.holds(r.corners()):
            raise ArmyError(
                f"the {army.name} does not fit on a {table.width:g} x {table.height:g} cm table"
            )
    return out
