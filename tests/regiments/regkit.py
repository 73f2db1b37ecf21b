"""Small builders for the regiments tests: regiments by centre or front-left corner, a
world around them, orders with steps."""

from __future__ import annotations

import numpy as np

from game.regiments.options import Options
from game.regiments.orders import check_order
from game.regiments.paths import Leg, World
from game.regiments.regiment import Regiment
from game.regiments.table import Obstacle, Table
from game.regiments.verdict import Order, Verdict


def reg(
    rid: str,
    side: str = "A",
    files: int = 4,
    ranks: int = 3,
    *,
    at: tuple[float, float] | None = None,
    centre: tuple[float, float] | None = None,
    facing: float = 0.0,
    move: float = 9.0,
    stand: tuple[float, float] = (4.0, 4.0),
    size: int = 1,
    markers: tuple[str, ...] = (),
    name: str = "",
) -> Regiment:
    r = Regiment(rid, side, files, ranks, stand, at or (0.0, 0.0), facing, move, size, (), name)
    r = r.with_markers(markers)
    if centre is not None:
        r = r.placed(np.array(r.front_left) + np.array(centre) - r.centre(), facing)
    return r


def world(
    *regs: Regiment,
    obstacles: tuple[Obstacle, ...] = (),
    options: Options | None = None,
    size=(200.0, 200.0),
) -> World:
    return World(Table(size[0], size[1], obstacles), regs, options or Options())


def W(deg: float) -> Leg:
    return Leg("wheel", deg)


def F(cm: float) -> Leg:
    return Leg("forward", cm)


def B(cm: float) -> Leg:
    return Leg("backward", cm)


def order(unit: str, kind: str, *steps: Leg, **kw) -> Order:
    return Order(unit, kind, tuple(steps), **kw)


def judge(w: World, o: Order) -> Verdict:
    return check_order(w, o)


def rect(oid: str, x0: float, y0: float, x1: float, y1: float) -> Obstacle:
    return Obstacle(oid, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


def kinds(v: Verdict) -> list[tuple[str, str]]:
    return [(e.kind, e.unit) for e in v.events]
