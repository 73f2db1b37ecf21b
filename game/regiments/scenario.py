"""Regiments scenario files (``"ruleset": "regiments"``, docs/scenario-format.md,
Extension 3): JSON -> table, regiments, options, dice and the order to judge.

Reading is as strict as for hex scenarios: an unknown key, a bad value or an impossible
position (a regiment off the table, on another or on an obstacle) is a ScenarioError of
one sentence naming the file and the spot. Optional additions to the contract: the
table's ``obstacles`` (convex polygons) and ``file`` (a Tiled map as the table), a
regiment's ``name``, the scenario's ``options`` (game.regiments.options) and ``dice``,
and an order's ``countercharge`` (who countercharges when they may).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

from game.core.files import SAVES, ScenarioError, read_json
from game.core.jsonshape import AS_PYTHON, Shape
from game.core.limits import (
    MAX_DICE,
    MAX_OBSTACLE_POINTS,
    MAX_OBSTACLES,
    MAX_REGIMENTS,
    MAX_STEPS,
    MAX_TABLE_CM,
    too_many,
)
from game.core.values import formation

from .geometry import convex_hull, overlaps
from .options import CHOICES, Options
from .paths import Leg
from .regiment import MARKERS, Regiment
from .table import Obstacle, Table
from .tabletop import TabletopError, table_from_map
from .verdict import ORDER_TYPES, Order

RULESET = "regiments"
TOP_KEYS = ("version", "ruleset", "table", "regiments", "order", "options", "dice")
REQUIRED = ("id", "side", "files", "ranks", "stand", "front_left", "facing", "move")
OPTIONAL = ("size", "markers", "name")
ORDER_KEYS = ("unit", "type", "steps", "turn", "files", "side", "target", "countercharge")
MAX_CM = MAX_TABLE_CM


@dataclass(frozen=True, slots=True, eq=False)
class RegimentScenario:
    path: Path
    table: Table
    regiments: tuple[Regiment, ...]
    options: Options
    order: Order | None
    dice: tuple[int, ...] | None
    map_ref: str | None = None


def is_regiments_file(path: str | Path) -> bool:
    """True when the file is JSON with ``"ruleset": "regiments"`` (False on anything else,
    the hex reader then says what is wrong)."""
    try:
        data = read_json(Path(path))
    except ScenarioError:
        return False
    return isinstance(data, dict) and data.get("ruleset") == RULESET


def load(path: str | Path) -> RegimentScenario:
    path = Path(path)
    return parse(read_json(path), path)


class _R(Shape):
    """Phrases each check's one-sentence error with the file name (game.core.jsonshape,
    values shown as Python would)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, ScenarioError, AS_PYTHON)

    def err(self, msg: str) -> ScenarioError:
        return ScenarioError(f"{self.path}: {msg}")

    error = err

    def num(self, v: Any, where: str, lo: float = -MAX_CM, hi: float = MAX_CM) -> float:
        return super().num(v, where, lo, hi)

    def pair(self, v: Any, where: str, lo: float = -MAX_CM) -> tuple[float, float]:
        if not isinstance(v, list) or len(v) != 2:
            raise self.err(f"{where} must be a list of two numbers, not {v!r}")
        return self.num(v[0], f"{where}[0]", lo), self.num(v[1], f"{where}[1]", lo)


def parse(data: Any, path: Path) -> RegimentScenario:
    r = _R(path)
    if isinstance(data, dict) and str(data.get("format")) in SAVES:  # issue 25
        saved = SAVES[str(data.get("format"))]
        raise r.err(f"is a saved game, not a scenario: continue it with '{saved} {path}'")
    top = r.obj(data, "the scenario", TOP_KEYS)
    if top.get("ruleset") != RULESET:
        raise r.err(f"'ruleset' must be \"{RULESET}\" for a regiments scenario")
    r.int_(top.get("version", 1), "version", 1, 1)
    if "table" not in top:
        raise r.err("the scenario has no 'table'")
    _check_sizes(r, top)
    table, map_ref = _table(r, top["table"])
    regs = _regiments(r, top.get("regiments", []), table)
    options = _options(r, top.get("options", {}))
    dice = _dice(r, top["dice"]) if top.get("dice") is not None else None
    order = _order(r, top["order"], regs) if top.get("order") is not None else None
    return RegimentScenario(path, table, regs, options, order, dice, map_ref)


def _check_sizes(r: _R, top: dict[str, Any]) -> None:
    """The scenario's size limits (game.core.limits), before any of it is read."""
    table, order = top.get("table"), top.get("order")
    obstacles = table.get("obstacles") if isinstance(table, dict) else None
    sizes = [
        ("regiments", top.get("regiments"), MAX_REGIMENTS),
        ("dice", top.get("dice"), MAX_DICE),
        ("table.obstacles", obstacles, MAX_OBSTACLES),
        ("order.steps", order.get("steps") if isinstance(order, dict) else None, MAX_STEPS),
    ]
    for i, o in enumerate(obstacles if isinstance(obstacles, list) else ()):
        points = o.get("points") if isinstance(o, dict) else None
        sizes.append((f"table.obstacles[{i}].points", points, MAX_OBSTACLE_POINTS))
    for what, value, limit in sizes:
        why = too_many(what, len(value), limit) if isinstance(value, list) else None
        if why:
            raise r.err(why)


def _table(r: _R, v: Any) -> tuple[Table, str | None]:
    d = r.obj(v, "table", ("width", "height", "obstacles", "file"))
    obstacles = tuple(
        _obstacle(r, o, i)
        for i, o in enumerate(_list(r, d.get("obstacles", []), "table.obstacles"))
    )
    if "file" in d:
        if "width" in d or "height" in d:
            raise r.err("table: give width and height, or a map 'file', not both")
        name = r.str_(d["file"], "table.file")
        found = _resolve(r.path, name)
        try:
            t = table_from_map(found)
        except TabletopError as e:
            raise r.err(f"table.file: {e}") from None
        why = too_many("table.file's and table's obstacles", len(t.obstacles + obstacles),
                       MAX_OBSTACLES)  # fmt: skip
        if why:
            raise r.err(why)
        return Table(t.width, t.height, t.obstacles + obstacles, name, t.cm_per_pixel), name
    for k in ("width", "height"):
        if k not in d:
            raise r.err(f"table has no '{k}'")
    w = r.num(d["width"], "table.width", 1.0)
    h = r.num(d["height"], "table.height", 1.0)
    return Table(w, h, obstacles), None


def _resolve(scenario: Path, name: str) -> Path:
    """A map path relative to the scenario file, falling back to the repository root."""
    p = Path(name)
    if p.is_absolute():
        return p
    near = scenario.parent / p
    return near if near.exists() else Path(__file__).resolve().parents[2] / p


def _list(r: _R, v: Any, where: str) -> list[Any]:
    return r.list_(v, where)


def _obstacle(r: _R, v: Any, i: int) -> Obstacle:
    where = f"table.obstacles[{i}]"
    d = r.obj(v, where, ("id", "points"))
    pts = [
        r.pair(p, f"{where}.points[{j}]")
        for j, p in enumerate(_list(r, d.get("points"), f"{where}.points"))
    ]
    if len(pts) < 3:
        raise r.err(f"{where} needs at least 3 points")
    hull = convex_hull(pts)  # an obstacle counts as its convex hull (docs/regiments.md)
    if len(hull) < 3:
        raise r.err(f"{where} has no area")
    if "id" not in d:
        raise r.err(f"{where} has no 'id' (a name for sentences, e.g. \"rock\")")
    oid = r.str_(d["id"], f"{where}.id")
    return Obstacle(oid, tuple((float(x), float(y)) for x, y in hull))


def _regiments(r: _R, v: Any, table: Table) -> tuple[Regiment, ...]:
    out: list[Regiment] = []
    boxes = np.empty((0, 4))  # the placed regiments' bounding boxes: x0, y0, x1, y1
    obstacles = [(ob, ob.polygon()) for ob in table.obstacles]
    ob_boxes = np.array([_box(p) for _, p in obstacles]).reshape(-1, 4)
    for i, item in enumerate(_list(r, v, "regiments")):
        reg = _regiment(r, item, i)
        where = f"regiment '{reg.id}'"
        if any(o.id == reg.id for o in out):
            raise r.err(f"{where}: two regiments have this id")
        corners = reg.corners()
        if not table.holds(corners):
            raise r.err(f"{where} does not lie on the {table.width:g} x {table.height:g} cm table")
        box = _box(corners)
        for k in _near(boxes, box):  # only those whose boxes meet can overlap
            if overlaps(corners, out[k].corners()):
                raise r.err(f"{where} overlaps regiment '{out[k].id}'")
        for k in _near(ob_boxes, box):
            if overlaps(corners, obstacles[k][1]):
                raise r.err(f"{where} stands on obstacle '{obstacles[k][0].id}'")
        out.append(reg)
        boxes = np.vstack([boxes, box])
    return tuple(out)


def _box(points: np.ndarray) -> np.ndarray:
    pts = np.asarray(points, float)
    return np.concatenate([pts.min(axis=0), pts.max(axis=0)])


def _near(boxes: np.ndarray, box: np.ndarray, pad: float = 1e-6) -> list[int]:
    """Indices of the ``boxes`` that meet ``box`` (with a hair of slack), in order."""
    meet = (boxes[:, 0] <= box[2] + pad) & (box[0] <= boxes[:, 2] + pad)
    meet &= (boxes[:, 1] <= box[3] + pad) & (box[1] <= boxes[:, 3] + pad)
    return [int(k) for k in np.flatnonzero(meet)]


def _regiment(r: _R, v: Any, i: int) -> Regiment:
    d = r.obj(v, f"regiments[{i}]", REQUIRED + OPTIONAL)
    rid = d.get("id")
    where = f"regiment '{rid}'" if isinstance(rid, str) else f"regiments[{i}]"
    for k in REQUIRED:
        if k not in d:
            raise r.err(f"{where} has no '{k}'")
    block = formation(r, d, where)  # the one validator's, as the armies file's unit types
    markers = _list(r, d.get("markers", []), f"{where}.markers")
    for m in markers:
        if m not in MARKERS:
            raise r.err(f"{where}.markers: {m!r} is not one of {', '.join(MARKERS)}")
    reg = Regiment(
        r.str_(d["id"], "regiment id"), r.str_(d["side"], f"{where}.side"),
        block.files, block.ranks, block.stand, r.pair(d["front_left"], f"{where}.front_left"),
        0.0, block.move, block.size, (), block.name,
    )  # fmt: skip
    facing = r.num(d["facing"], f"{where}.facing", -360.0, 360.0)
    return reg.placed(reg.front_left, facing).with_markers(tuple(markers))


def _options(r: _R, v: Any) -> Options:
    names = tuple(f.name for f in fields(Options))
    d = r.obj(v, "options", names)
    base = Options()
    kw: dict[str, Any] = {}
    for k, val in d.items():
        default = getattr(base, k)
        where = f"options.{k}"
        if k in CHOICES:
            if val not in CHOICES[k]:
                raise r.err(f"{where} must be one of {', '.join(CHOICES[k])}, not {val!r}")
            kw[k] = val
        elif isinstance(default, bool):
            if not isinstance(val, bool):
                raise r.err(f"{where} must be true or false")
            kw[k] = val
        elif isinstance(default, int):
            kw[k] = r.int_(val, where, 0, 12)
        else:
            kw[k] = r.num(val, where, 0.0, 1000.0)
    return Options(**kw)


def _dice(r: _R, v: Any) -> tuple[int, ...]:
    return tuple(r.int_(f, f"dice[{i}]", 1, 6) for i, f in enumerate(_list(r, v, "dice")))


def _order(r: _R, v: Any, regs: tuple[Regiment, ...]) -> Order:
    d = r.obj(v, "order", ORDER_KEYS)
    unit = r.str_(d.get("unit"), "order.unit")
    ids = {x.id for x in regs}
    if unit not in ids:
        raise r.err(f"order.unit '{unit}' is not one of the regiments")
    kind = d.get("type")
    if kind not in ORDER_TYPES:
        raise r.err(f"order.type must be one of {', '.join(ORDER_TYPES)}, not {kind!r}")
    steps = tuple(_step(r, s, i) for i, s in enumerate(_list(r, d.get("steps", []), "order.steps")))
    need = {
        "face": ("turn",),
        "widen": ("files", "side"),
        "narrow": ("files", "side"),
        "charge": ("target",),
    }
    for k in need.get(kind, ()):
        if k not in d:
            raise r.err(f"a {kind} order needs '{k}'")
    if steps and kind not in ("move", "march", "charge"):
        raise r.err(f"a {kind} order takes no steps (REG-07)")
    target = r.str_(d["target"], "order.target") if "target" in d else ""
    if target and target not in ids:
        raise r.err(f"order.target '{target}' is not one of the regiments")
    return Order(
        unit, kind, steps,
        r.int_(d.get("turn", 0), "order.turn", -360, 360),
        r.int_(d.get("files", 0), "order.files", 0, 100),
        r.str_(d["side"], "order.side") if "side" in d else "", target,
        _countercharge(r, d.get("countercharge", False), target, ids),
    )  # fmt: skip


def _countercharge(r: _R, v: Any, target: str, ids: set[str]) -> tuple[str, ...]:
    if isinstance(v, bool):
        return (target,) if v and target else ()
    names = [r.str_(x, "order.countercharge[]") for x in _list(r, v, "order.countercharge")]
    for n in names:
        if n not in ids:
            raise r.err(f"order.countercharge: '{n}' is not one of the regiments")
    return tuple(names)


def _step(r: _R, v: Any, i: int) -> Leg:
    where = f"order.steps[{i}]"
    if not isinstance(v, dict) or len(v) != 1:
        raise r.err(f'{where} must be one of {{"wheel": N}}, {{"forward": N}}, {{"backward": N}}')
    ((kind, amount),) = v.items()
    if kind not in ("wheel", "forward", "backward"):
        raise r.err(f"{where}: unknown step '{kind}' (wheel, forward or backward)")
    return Leg(kind, r.num(amount, f"{where}.{kind}"))
