"""Road links of a Tiled map: explicit ``road_exits`` and joined roads, made consistent.

MOV-24 lets a unit move "along the road" only over a hexside that both hexes' road
exits name (game/rules/move/costs.py checks the exit of the hex left and of the hex entered),
so a link drawn in one hex but not the other would be drawn as half a road yet not be a
road for movement. The rule for maps (docs/maps.md, "Road exits"):

* a road hex with explicit exits (tile property or override ``road_exits``) keeps
  exactly those exits;
* every other road hex joins each touching road hex that has no explicit exits, and
  each explicit hex whose exits lead back to it;
* an explicit exit must be answered: it may lead over the map edge (the road leaves
  the sheet), to a road hex without explicit exits (which then joins back), or to an
  explicit hex that names the opposite facing. An exit to a hex with no road, or to an
  explicit hex that does not lead back, is refused with a MapError rather than
  mirrored, so that what the map file says is what the game plays.

The result gives every road hex explicit exits, so build_board never joins on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import numpy as np

from ..board import HexSpec, neighbour_values
from ..hexgrid import DIRECTION_NAMES, Hex, hex_name, neighbour
from .schema import MapError, exits_text


def resolve_road_exits(
    specs: Mapping[Hex, HexSpec], width: int, height: int, where: str
) -> dict[Hex, HexSpec]:
    """Specs with the final road exits of every road hex (MOV-24), or a MapError naming
    the file, the hex and its ``road_exits`` value when one exit is not answered."""

    def name(h: Hex) -> str:
        return hex_name(h, width, height)

    def on_board(h: Hex) -> bool:
        return 0 <= h.col < width and 0 <= h.row < height

    road = {h for h, s in specs.items() if s.road}
    explicit = {h: set(s.road_exits) for h, s in specs.items() if s.road_exits is not None}
    for h in sorted(explicit):
        value = exits_text(tuple(sorted(explicit[h])))
        for d in sorted(explicit[h]):
            n = neighbour(h, d)
            if not on_board(n):
                continue
            back = (d + 3) % 6
            lead = f"{where}, hex {name(h)}: property 'road_exits' is {value!r}, but its "
            lead += f"{DIRECTION_NAMES[d]} exit leads to hex {name(n)}"
            if n not in road:
                raise MapError(f"{lead}, which has no road (paint a road there or drop the exit).")
            if n in explicit and back not in explicit[n]:
                theirs = exits_text(tuple(sorted(explicit[n])))
                raise MapError(
                    f"{lead}, whose road_exits {theirs!r} do not lead back "
                    f"(add {DIRECTION_NAMES[back]} there or drop {DIRECTION_NAMES[d]} here)."
                )
    out = dict(specs)
    for h in sorted(road - set(explicit)):
        exits = []
        for d in range(6):
            n = neighbour(h, d)
            if n in road and (n not in explicit or (d + 3) % 6 in explicit[n]):
                exits.append(d)
        out[h] = replace(specs[h], road_exits=tuple(exits))
    return out


def resolve_road_array(
    road: np.ndarray, explicit: np.ndarray, bits: np.ndarray, where: str
) -> np.ndarray:
    """resolve_road_exits on whole [row, col] arrays (``explicit``: the hex gives its own
    exits, ``bits`` their 6-bit mask), for big maps: the final exit mask of every hex.
    A refused exit is reported by resolve_road_exits itself, so the sentence is the same."""
    rows, cols = road.shape
    out = np.where(explicit, bits, 0).astype(np.uint8)
    bad = np.zeros(road.shape, bool)
    for d in range(6):
        back = (d + 3) % 6
        on_board = neighbour_values(np.ones(road.shape, bool), d, False)
        n_road, n_explicit = neighbour_values(road, d, False), neighbour_values(explicit, d, False)
        n_back = (neighbour_values(bits, d, 0) >> back & 1).astype(bool)
        leads = explicit & (bits >> d & 1).astype(bool) & on_board
        bad |= leads & (~n_road | (n_explicit & ~n_back))
        joins = road & ~explicit & n_road & (~n_explicit | n_back)
        out |= (joins.astype(np.uint8) << d).astype(np.uint8)
    if bad.any():
        specs = {
            Hex(int(c), int(r)): HexSpec(
                road=True,
                road_exits=tuple(d for d in range(6) if bits[r, c] >> d & 1)
                if explicit[r, c]
                else None,
            )
            for r, c in zip(*np.nonzero(road), strict=True)
        }
        resolve_road_exits(specs, cols, rows, where)  # raises the MapError
    return out
