"""Line of sight (CMB-02..06, CMB-17/18): intervening hexes, levels and unit heights,
woods, water, partial cover: one pair hex by hex here (the reference), many pairs at once
on the board arrays in game.rules.combat.los_batch (the same answers, numpy).

Heights (CMB-03, G08): a unit's line-of-sight point is the level it stands on (the water
bottom for a Mech in water, the surface for a hovercraft) plus 1 for a standing Mech. An
intervening hex blocks when its terrain (a building counts its height) is higher than
both ends; woods rise 2 levels and count when their tops reach the higher end (the line
passes above them otherwise); 3 woods points block (light 1, heavy 2, ultra-heavy 3:
CMB-04/06). Along a hexside the defender takes the hex worse for the attacker. A Mech in
water of depth 2+ sees and is seen by no one (CMB-05).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.units.unit import Unit

from ...board import Board
from ...hexgrid import Hex, distance, from_cube, to_cube
from .lines import crossing

WOODS_HEIGHT = 2  # CMB-04
WOODS_BLOCK = 3  # CMB-04/06: three points of intervening woods block
NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


@dataclass(frozen=True, slots=True)
class Viewer:
    """One end of a line of sight: where, how high its line starts, standing in deep water."""

    at: Hex
    height: int  # level of its line-of-sight point
    floor: int  # level it stands on
    submerged: bool = False  # a Mech in water of depth 2+ (CMB-05)
    water_depth: int = -1  # the depth of water it stands in (-1 none)
    standing_mech: bool = False


def viewer(board: Board, u: Unit) -> Viewer:
    """A unit as an end of a line of sight (CMB-03/05)."""
    r, c = u.at.row, u.at.col
    level, depth = int(board.level[r, c]), int(board.water[r, c])
    mech = u.is_mech
    floor = level - depth if mech and depth > 0 else level
    standing = mech and not u.prone and not u.hull_down  # ADV-12: hull-down, 1 level tall
    return Viewer(u.at, floor + (1 if standing else 0), floor, mech and depth >= 2, depth, standing)


def standing_mech_at(board: Board, at: Hex) -> Viewer:
    """``rules los --from --to``: as if a standing Mech stood in the hex."""
    level, depth = int(board.level[at.row, at.col]), int(board.water[at.row, at.col])
    floor = level - depth if depth > 0 else level
    return Viewer(at, floor + 1, floor, depth >= 2, depth, True)


@dataclass(frozen=True, slots=True)
class Sight:
    """The line of sight from an attacker to a target (the `rules los` answer)."""

    los: bool
    range: int
    intervening: tuple[Hex, ...]
    blocked_by: Hex | None
    woods: tuple[int, int, int]  # light, heavy, ultra-heavy intervening woods hexes counted
    terrain_modifier: int  # CMB-14: intervening woods points + the target hex's woods
    partial_cover: bool  # CMB-17: terrain cover (a hill beside the target)
    water_cover: bool  # CMB-18: the target is a standing Mech in depth 1 water
    reason: str | None

    def to_json(self, board: Board) -> dict[str, object]:
        woods: dict[str, int] = {"light": self.woods[0], "heavy": self.woods[1]}
        if self.woods[2]:
            woods["ultra"] = self.woods[2]
        return {
            "los": self.los,
            "range": self.range,
            "intervening": [board.hex_name(h) for h in self.intervening],
            "blocked_by": board.hex_name(self.blocked_by) if self.blocked_by else None,
            "woods": woods,
            "terrain_modifier": self.terrain_modifier,
            "partial_cover": self.partial_cover or self.water_cover,
            "reason": self.reason,
        }


def line_of_sight(board: Board, a: Viewer, t: Viewer) -> Sight:
    """One pair, hex by hex in plain Python: the reference answer (the batch in
    game.rules.combat.los_batch must equal it) and what single questions use."""
    top = max(a.height, t.height)
    aq, ar, _ = to_cube(a.at)
    tq, tr, _ = to_cube(t.at)
    hexes: list[Hex] = []
    kinds: list[int] = []
    cover = False
    first_hill: int | None = None
    first_woods: int | None = None
    points = 0
    for step in crossing(tq - aq, tr - ar):
        best: tuple[int, Hex, bool, int, bool] | None = None
        for q, r in step:
            h = from_cube(aq + q, ar + r)
            if not board.contains(h):
                continue
            dq, dr = tq - aq - q, tr - ar - r
            adjacent = max(abs(dq), abs(dr), abs(dq + dr)) == 1
            choice = _choice(board, h, top, t.floor, adjacent and a.floor <= t.floor)
            if best is None or choice[0] > best[0]:  # the defender's choice (CMB-02)
                best = (choice[0], h, *choice[1:])
        if best is None:
            continue
        _, h, blocks, kind, c = best
        if blocks and first_hill is None:
            first_hill = len(hexes)
        points += kind
        if points >= WOODS_BLOCK and first_woods is None:
            first_woods = len(hexes)
        hexes.append(h)
        kinds.append(kind)
        cover |= c
    return finish_sight(board, a, t, tuple(hexes), kinds, cover, first_hill, first_woods)


def _choice(board: Board, h: Hex, top: int, t_floor: int,
            may_cover: bool) -> tuple[int, bool, int, bool]:  # fmt: skip
    """One candidate hex: (score, blocks, woods points counted, partial cover)."""
    level = int(board.level[h.row, h.col])
    built = int(board.building_height[h.row, h.col]) if board.building_class[h.row, h.col] else 0
    terrain = level + built
    woods = int(board.woods[h.row, h.col])
    blocks = terrain > top  # CMB-03
    kind = woods if woods and level + WOODS_HEIGHT >= top else 0  # CMB-04
    cover = may_cover and terrain >= t_floor + 1 and not blocks  # CMB-17
    return blocks * 1000 + kind * 10 + cover, blocks, kind, cover


def finish_sight(board: Board, a: Viewer, t: Viewer, hexes: tuple[Hex, ...],
                 kinds: Sequence[int], cover: bool, first_hill: int | None,
                 first_woods: int | None) -> Sight:  # fmt: skip
    """The answer from the chosen hexes: ``kinds`` the woods points each counts (0, 1 light,
    2 heavy, 3 ultra-heavy), the first hill that blocks, the hex where woods reach 3."""
    rng = distance(a.at, t.at)
    woods = (kinds.count(1), kinds.count(2), kinds.count(3)) if kinds else (0, 0, 0)
    modifier = sum(kinds) + int(board.woods[t.at.row, t.at.col])  # CMB-14
    water = t.standing_mech and t.water_depth == 1  # CMB-18 (TW)
    if a.submerged or t.submerged:  # CMB-05
        who = "target" if t.submerged else "attacker"
        depth = t.water_depth if t.submerged else a.water_depth
        return Sight(False, rng, hexes, None, woods, modifier, cover, water,
                     f"{who} in depth {depth} water")  # fmt: skip
    if first_hill is None and first_woods is None:
        return Sight(True, rng, hexes, None, woods, modifier, cover, water, None)
    if first_woods is None or (first_hill is not None and first_hill <= first_woods):
        h = hexes[first_hill]
        built = bool(board.building_class[h.row, h.col])
        terrain = int(board.level[h.row, h.col]) + (int(board.building_height[h.row, h.col])
                                                    if built else 0)  # fmt: skip
        return Sight(False, rng, hexes, h, woods, modifier, cover, water,
                     hill_reason(terrain, built))  # fmt: skip
    upto = kinds[: first_woods + 1]
    reason = woods_reason(sum(1 for k in upto if k > 0), any(k >= 2 for k in upto))
    return Sight(False, rng, hexes, hexes[first_woods], woods, modifier, cover, water, reason)


@lru_cache(maxsize=256)
def hill_reason(terrain: int, building: bool) -> str:
    """CMB-03: e.g. "level 2 hill higher than both"."""
    return f"level {terrain} {'building' if building else 'hill'} higher than both"


@lru_cache(maxsize=64)
def woods_reason(n: int, heavy: bool) -> str:
    """CMB-04/06: why ``n`` woods hexes block (``heavy``: one of them heavy or ultra-heavy),
    e.g. "two intervening woods hexes, one of them heavy"."""
    reason = f"{NUMBERS[min(n, 6)]} intervening woods hex{'es' if n != 1 else ''}"
    if n < 3 and heavy:
        reason += ", " + ("one of them heavy" if n == 2 else "ultra-heavy" if n == 1 else "")
        reason = reason.rstrip(", ")
    return reason


def unit_sight(board: Board, attacker: Unit, target: Unit) -> Sight:
    """CMB-02: adjacent units always see each other (unless cut off in deep water)."""
    return line_of_sight(board, viewer(board, attacker), viewer(board, target))
