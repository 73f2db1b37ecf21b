"""Movement costs per motive kind as data tables, and the board-wide entry-cost arrays.

Unit-kind differences live here as data (MOV-08 TW, MOV-09 classic, MOV-10 prohibited
terrain, MOV-13 level changes), never as isinstance ladders. :func:`entry_table` turns
them into numpy arrays over (deck layer, direction, source hex) once per board, kind and
variant. Both the step checker (movement.py) and the reachable-set search (reach.py) read
those same arrays, so the two cannot disagree about what a step costs or whether it is
legal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..board import Board, neighbour_index
from .options import TW, Rules

X = -1  # prohibited (MOV-10)

# Reason codes for an illegal hex entry (movement.py turns them into sentences).
OK, OFF_BOARD, TOO_STEEP, WOODS, WATER, ROUGH, RUBBLE = range(7)


@dataclass(frozen=True, slots=True)
class MotiveCosts:
    """What entering terrain costs one motive kind, on top of the 1 MP base (MOV-07).

    A value of X (-1) marks terrain the kind may not enter (MOV-10).
    """

    kind: str
    rough: int
    rubble: int
    woods: tuple[int, int, int, int]  # none, light, heavy, ultra-heavy
    water: tuple[int, int, int]  # depth 0, depth 1, depth 2+
    building: tuple[int, int, int, int, int]  # none, light, medium, heavy, hardened
    level_mp: int  # MP per level changed (MOV-13)
    max_level_change: int  # per hex entered (MOV-13)
    on_surface: bool  # hover: rides on the water surface (MOV-12)
    facing_mp: int  # per hexside turned (MOV-17); infantry has no facing (MOV-16)
    height: int  # standing height for bridges (MOV-28, GAP G08)
    falls: bool  # makes PSRs to avoid falling (Mechs only, PSR-04)
    driving_rolls: bool  # vehicles: skid/sideslip/building rolls only (PSR-04)


_BUILDINGS = (0, 1, 2, 3, 4)  # MOV-08, GAP G07 (medium +2 confirmed by EX-PSR-08)

# MOV-08 (TW) with the MOV-10 prohibitions. Ultra-heavy woods (woods 3) are not in the
# digest: standard TW +3 for Mechs, +2 for foot infantry, prohibited for vehicles.
TW_COSTS: dict[str, MotiveCosts] = {
    "biped": MotiveCosts("biped", 1, 1, (0, 1, 2, 3), (0, 1, 3), _BUILDINGS, 1, 2, False, 1, 1,
                         True, False),
    "quad": MotiveCosts("quad", 1, 1, (0, 1, 2, 3), (0, 1, 3), _BUILDINGS, 1, 2, False, 1, 1,
                        True, False),
    "tracked": MotiveCosts("tracked", 1, 1, (0, 1, X, X), (0, X, X), _BUILDINGS, 2, 1, False, 1,
                           0, False, True),
    "wheeled": MotiveCosts("wheeled", X, X, (0, X, X, X), (0, X, X), _BUILDINGS, 2, 1, False, 1,
                           0, False, True),
    "hover": MotiveCosts("hover", 1, 1, (0, X, X, X), (0, 0, 0), _BUILDINGS, 2, 1, True, 1, 0,
                         False, True),
    # MOV-29: infantry pays 1 MP in total to enter a building; light woods +0, heavy +1.
    "infantry": MotiveCosts("infantry", 1, 1, (0, 0, 1, 2), (0, X, X), (0, 0, 0, 0, 0), 2, 1,
                            False, 0, 0, False, False),
}  # fmt: skip


def motive_costs(kind: str, rules: Rules = TW) -> MotiveCosts:
    """The cost table for a unit kind. MOV-09 classic totals equal the TW base + modifier
    values; the classic difference (water depth is not a level change) is handled by
    :func:`water_is_level` rather than by a second table."""
    try:
        return TW_COSTS[kind]
    except KeyError:
        raise ValueError(f"unit kind '{kind}' has no movement cost table") from None


def water_is_level(rules: Rules) -> bool:
    """MOV-12: TW counts water depth as a level change (a unit stands on the bottom);
    the classic totals (MOV-09) do not."""
    return not rules.classic


def building_mp(cls: int, kind: str = "biped") -> int:
    return motive_costs(kind).building[cls]


@dataclass(frozen=True, slots=True, eq=False)
class EntryTable:
    """Entering the neighbour in direction d from hex h on deck layer s (0 ground, 1 bridge
    deck). Arrays have shape (2, 6, H) with H = rows * cols, hexes flattened row-major.

    ``cost`` is the MP of the entry (-1 illegal, ``code`` says why); ``dest`` the flat index
    of the hex entered, ``dest_deck`` whether the unit ends up on a bridge deck, ``dlevel``
    the signed level change, ``depth`` the water depth a ground unit enters (-1 none, or
    hover), ``building`` the class of building entered (bridges that act as buildings
    included), ``paved`` whether the position entered is paved (MOV-24/25, PSR-22),
    ``road`` whether the step runs along a road (MOV-24).
    """

    kind: str
    rows: int
    cols: int
    cost: np.ndarray
    code: np.ndarray
    dest: np.ndarray
    dest_deck: np.ndarray
    dlevel: np.ndarray
    depth: np.ndarray
    building: np.ndarray
    paved: np.ndarray
    road: np.ndarray
    pos_level: np.ndarray  # (2, H): level of a unit standing at ground / on the deck
    pos_paved: np.ndarray  # (2, H)
    pos_building: np.ndarray  # (2, H): building class a unit there is inside

    def index(self, col: int, row: int) -> int:
        return row * self.cols + col


_CACHE: dict[tuple[int, str, str, bool], tuple[Board, EntryTable]] = {}


def entry_table(board: Board, kind: str, rules: Rules = TW, offroad: bool = True) -> EntryTable:
    """The cached entry arrays for (board, kind, variant, off-road); built with numpy in
    ~1 ms. ``offroad=False`` (MOV-31) only changes wheeled units."""
    offroad = offroad or kind != "wheeled"
    key = (id(board), kind, rules.variant, offroad)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    table = build_entry_table(board, kind, rules, offroad)
    if len(_CACHE) >= 32:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (board, table)
    return table


def build_entry_table(
    board: Board, kind: str, rules: Rules = TW, offroad: bool = True
) -> EntryTable:
    """entry_table without the cache (game.rules.window keeps its own for board windows)."""
    offroad = offroad or kind != "wheeled"
    return _build(board, motive_costs(kind, rules), water_is_level(rules), offroad)


def _ground_terrain(board: Board, mc: MotiveCosts) -> tuple[np.ndarray, np.ndarray]:
    """Per hex: the terrain MP modifier at ground level and a prohibition code (0 = ok)."""
    woods = np.asarray(mc.woods)[board.woods.ravel()]
    depth = board.water.ravel().astype(np.int64)
    windex = np.clip(depth, 0, 2)
    water = np.where(depth >= 0, np.asarray(mc.water)[windex], 0)
    rough = board.rough.ravel()
    rubble = board.rubble.ravel()
    bld = np.asarray(mc.building)[board.building_class.ravel()]
    code = np.zeros(depth.shape, dtype=np.int8)
    code[(rubble & (mc.rubble == X))] = RUBBLE
    code[(rough & (mc.rough == X))] = ROUGH
    code[water == X] = WATER
    code[woods == X] = WOODS
    terr = np.maximum(woods, 0) + np.maximum(water, 0) + bld
    terr = terr + rough * max(mc.rough, 0) + rubble * max(mc.rubble, 0)
    return terr.astype(np.int16), code


def _build(board: Board, mc: MotiveCosts, water_level: bool, offroad: bool = True) -> EntryTable:
    rows, cols = board.shape
    n = rows * cols
    nr, nc, onb = neighbour_index(rows, cols)
    dest = (nr * cols + nc).reshape(6, n)
    onb = onb.reshape(6, n)
    level = board.level.ravel().astype(np.int64)
    depth = board.water.ravel().astype(np.int64)
    real_floor = level if mc.on_surface else board.floor().ravel().astype(np.int64)
    ground = real_floor if water_level else level  # MOV-12 TW / MOV-09 classic
    bridge = board.bridge_class.ravel() > 0
    br_level = board.bridge_level.ravel().astype(np.int64)
    exits = board.road_exits.ravel().astype(np.int64)
    road_ground = board.road.ravel() & ~bridge
    terr, tcode = _ground_terrain(board, mc)
    pos_level = np.stack([ground, np.where(bridge, br_level, ground)])
    pos_paved = np.stack([board.pavement.ravel() | road_ground, bridge.copy()])
    bcls = board.building_class.ravel().astype(np.int8)
    pos_building = np.stack([bcls, np.zeros_like(bcls)])

    shape = (2, 6, n)
    d_idx = np.arange(6)[:, None]
    src_exit = (exits[None, :] >> d_idx) & 1  # (6, n)
    t = dest  # (6, n) hex entered
    dst_exit = (exits[t] >> ((d_idx + 3) % 6)) & 1
    src_road = np.stack([road_ground, bridge])[:, None, :]  # road at the unit's layer
    along = src_road & (src_exit & dst_exit).astype(bool)[None]  # (2, 6, n)
    src_lv = pos_level[:, None, :]  # (2, 1, n)
    # MOV-26..28: on the deck when moving along the road onto a bridge at a legal climb.
    deck_diff = br_level[t][None] - src_lv
    to_deck = along & bridge[t][None] & (np.abs(deck_diff) <= mc.max_level_change)
    # Otherwise at ground level: under the bridge if there is headroom, else as a building.
    under_ok = real_floor[t] + mc.height <= br_level[t]
    as_building = (bridge[t] & ~under_ok)[None] & ~to_deck
    along_ground = along & road_ground[t][None]
    g_diff = ground[t][None] - src_lv
    g_terr = np.where(
        along_ground, 0, terr[t][None] + np.where(as_building, _bridge_mp(board, mc, t), 0)
    )
    g_code = np.where(along_ground, OK, tcode[t][None])
    diff = np.where(to_deck, deck_diff, g_diff)
    cost = np.where(to_deck, 1, 1 + g_terr) + mc.level_mp * np.abs(diff)
    road = along & (to_deck | road_ground[t][None])
    if not offroad:  # MOV-31: +1 MP per hex entered, except pavement or along a road
        on_pavement = board.pavement.ravel()[t][None] & ~to_deck
        cost = cost + ~(road | on_pavement)
    code = np.where(to_deck, OK, g_code).astype(np.int8)
    code = np.where((code == OK) & (np.abs(diff) > mc.max_level_change), TOO_STEEP, code)
    code = np.where(onb[None], code, OFF_BOARD).astype(np.int8)
    cost = np.where(code == OK, cost, -1).astype(np.int16)
    water_in = (depth[t] >= 1)[None] & ~to_deck & (not mc.on_surface)
    building = np.where(
        to_deck, 0, np.where(as_building, board.bridge_class.ravel()[t][None], bcls[t][None])
    )
    paved = np.where(to_deck, True, pos_paved[0][t][None])
    arrays = {
        "cost": cost,
        "code": code,
        "dest": np.broadcast_to(t, shape).astype(np.int32),
        "dest_deck": np.broadcast_to(to_deck, shape),
        "dlevel": np.broadcast_to(diff, shape).astype(np.int16),
        "depth": np.broadcast_to(np.where(water_in, depth[t][None], -1), shape).astype(np.int8),
        "building": np.broadcast_to(building, shape).astype(np.int8),
        "paved": np.broadcast_to(paved, shape).astype(bool),
        "road": np.broadcast_to(road, shape).astype(bool),
    }
    arrays = {k: np.ascontiguousarray(v) for k, v in arrays.items()}
    for a in (*arrays.values(), pos_level, pos_paved, pos_building):
        a.setflags(write=False)
    return EntryTable(mc.kind, rows, cols, pos_level=pos_level, pos_paved=pos_paved,
                      pos_building=pos_building, **arrays)  # fmt: skip


def _bridge_mp(board: Board, mc: MotiveCosts, t: np.ndarray) -> np.ndarray:
    """MOV-28: a bridge a unit can pass neither on nor under costs like a building."""
    return np.asarray(mc.building)[board.bridge_class.ravel()[t]][None]
