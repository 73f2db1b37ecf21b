"""Movement costs per motive kind as data tables, and the board-wide entry-cost arrays.

Unit-kind differences live here as data (MOV-08 TW, MOV-09 classic, MOV-10 prohibited
terrain, MOV-13 level changes), never as isinstance ladders. :func:`entry_table` turns
them into numpy arrays over (deck layer, direction, source hex) once per board, kind and
variant. Both the step checker (movement.py) and the reachable-set search (reach.py) read
those same arrays, so the two cannot disagree about what a step costs or whether it is
legal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from game.board import Board, neighbour_index
from game.core.options import TW, Rules

X = -1  # prohibited (MOV-10)

# Reason codes for an illegal hex entry (movement.py turns them into sentences).
OK, OFF_BOARD, TOO_STEEP, WOODS, WATER, ROUGH, RUBBLE, DRY, STRUCTURE = range(9)


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
    height: int  # MOV-28: the levels a standing unit fills (Mech 2, others 1; prone Mech 1)
    falls: bool  # makes PSRs to avoid falling (Mechs only, PSR-04)
    driving_rolls: bool  # vehicles: skid/sideslip/building rolls only (PSR-04)
    dry: int = 0  # entering a hex without depth 1+ water (X: naval vessels, ADV-24)
    decks: bool = True  # may stand on a bridge deck or a roof (MOV-26..28, MOV-32)
    flies: bool = False  # VTOL (ADV-25): level = the top of what is below, terrain free
    water_runs: bool = False  # may enter depth 1+ water at flank speed (ADV-24)
    backward_levels: bool = False  # may change levels moving backward (MOV-18: VTOL)


_BUILDINGS = (0, 1, 2, 3, 4)  # MOV-08, GAP G07 (medium +2 confirmed by EX-PSR-08)

# MOV-08 (TW) with the MOV-10 prohibitions. Ultra-heavy woods (woods 3) are not in the
# digest: standard TW +3 for Mechs, +2 for foot infantry, prohibited for vehicles.
TW_COSTS: dict[str, MotiveCosts] = {
    "biped": MotiveCosts("biped", 1, 1, (0, 1, 2, 3), (0, 1, 3), _BUILDINGS, 1, 2, False, 1, 2,
                         True, False),
    "quad": MotiveCosts("quad", 1, 1, (0, 1, 2, 3), (0, 1, 3), _BUILDINGS, 1, 2, False, 1, 2,
                        True, False),
    "tracked": MotiveCosts("tracked", 1, 1, (0, 1, X, X), (0, X, X), _BUILDINGS, 2, 1, False, 1,
                           1, False, True),
    "wheeled": MotiveCosts("wheeled", X, X, (0, X, X, X), (0, X, X), _BUILDINGS, 2, 1, False, 1,
                           1, False, True),
    "hover": MotiveCosts("hover", 1, 1, (0, X, X, X), (0, 0, 0), _BUILDINGS, 2, 1, True, 1, 1,
                         False, True),
    # MOV-29: infantry pays 1 MP in total to enter a building; light woods +0, heavy +1.
    "infantry": MotiveCosts("infantry", 1, 1, (0, 0, 1, 2), (0, X, X), (0, 0, 0, 0, 0), 2, 1,
                            False, 0, 1, False, False),
    # ADV-19: a landed WiGE moves as a hovercraft (its flight: game.rules.move.flight).
    "wige": MotiveCosts("wige", 1, 1, (0, X, X, X), (0, 0, 0), _BUILDINGS, 2, 1, True, 1, 1,
                        False, True, decks=False),
    # ADV-24: surface vessels only through depth 1+ water, 1 MP a hex whatever the depth,
    # at the water surface; flank speed allowed in water. Water surfaces at different
    # levels do not join (choice: the digest has no level rule for ships).
    "naval": MotiveCosts("naval", X, X, (0, X, X, X), (X, 0, 0), (0, X, X, X, X), 1, 0, True,
                         1, 1, False, True, dry=X, decks=False, water_runs=True),
    # ADV-25 fragments only: 1 MP per level its height changes (MOV-13), levels may change
    # moving backward (MOV-18); flying over what lies below at a fixed height above its top
    # (choice: the digest gives no VTOL altitude rules, TW p. 54 is a GAP).
    "vtol": MotiveCosts("vtol", 0, 0, (0, 0, 0, 0), (0, 0, 0), (0, 0, 0, 0, 0), 1, 99, True, 1,
                        1, False, True, decks=False, flies=True, water_runs=True,
                        backward_levels=True),
}  # fmt: skip
# ADV-24/25: a submarine is a naval vessel (1 MP a hex through depth 1+ water, flank speed
# there); its depth (game.rules.move.diving) may change moving backward (MOV-18).
TW_COSTS["submarine"] = replace(TW_COSTS["naval"], kind="submarine", backward_levels=True)
# A hydrofoil is a naval surface vessel (ADV-24: TW's naval motive types; the reading built,
# docs/advanced-movement.md): the same table.
TW_COSTS["hydrofoil"] = replace(TW_COSTS["naval"], kind="hydrofoil")


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
    ``road`` whether the step runs along a road (MOV-24), ``ignorable`` the extra MP of
    the entry that careless movement may ignore (ADV-05: not the 1 MP base, not climbing,
    nothing in depth 1+ water). The deck layer is a bridge deck or a building roof.
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
    ignorable: np.ndarray
    pos_level: np.ndarray  # (2, H): level of a unit standing at ground / on the deck
    pos_paved: np.ndarray  # (2, H)
    pos_building: np.ndarray  # (2, H): building class a unit there is inside

    def index(self, col: int, row: int) -> int:
        return row * self.cols + col


_CACHE: dict[tuple[int, str, str, bool, int | None], tuple[Board, EntryTable]] = {}


def entry_table(
    board: Board, kind: str, rules: Rules = TW, offroad: bool = True, height: int | None = None
) -> EntryTable:
    """The cached entry arrays for (board, kind, variant, off-road, height); built with
    numpy in ~1 ms. ``offroad=False`` (MOV-31) only changes wheeled units; ``height``
    (MOV-28) replaces the kind's standing height (a prone Mech is 1 level tall)."""
    offroad = offroad or kind != "wheeled"
    key = (id(board), kind, rules.variant, offroad, height)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    table = build_entry_table(board, kind, rules, offroad, height)
    if len(_CACHE) >= 32:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (board, table)
    return table


def build_entry_table(
    board: Board, kind: str, rules: Rules = TW, offroad: bool = True, height: int | None = None
) -> EntryTable:
    """entry_table without the cache (game.rules.window keeps its own for board windows)."""
    offroad = offroad or kind != "wheeled"
    mc = motive_costs(kind, rules)
    if height is not None:
        mc = replace(mc, height=height)
    return _build(board, mc, water_is_level(rules), offroad)


def top_surface(board: Board) -> np.ndarray:
    """Per hex (flat): the top of what stands there, for flying units (ADV-17/23/25): the
    hex level (a water hex: its surface), a building's roof, a bridge deck."""
    level = board.level.ravel().astype(np.int64)
    top = level + np.where(board.building_class.ravel() > 0, board.building_height.ravel(), 0)
    bridge = board.bridge_class.ravel() > 0
    return np.where(bridge, np.maximum(top, board.bridge_level.ravel()), top)


WIGE_CLEARANCE = 2  # MOV-28: a flying WiGE (1 above the ground, 1 level tall) needs 2


def wige_top(board: Board) -> np.ndarray:
    """Per hex (flat): the top a flying WiGE flies over (ADV-23). As :func:`top_surface`,
    except under a bridge it can pass beneath (MOV-28: ground + 1 of altitude + 1 of height
    <= the deck) it flies over the ground below the deck, not the deck; over a lower deck
    it flies over the deck (and a WiGE holding its altitude above a high deck, ``FH``,
    passes over it)."""
    top = top_surface(board)
    ground = board.level.ravel().astype(np.int64)
    under = (board.bridge_class.ravel() > 0) & (
        ground + WIGE_CLEARANCE <= board.bridge_level.ravel()
    )
    return np.where(under, ground, top)


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
    code[bld == X] = STRUCTURE
    if mc.dry == X:  # ADV-24: a surface vessel needs depth 1+ water
        code[depth < 1] = DRY
    terr = np.maximum(woods, 0) + np.maximum(water, 0) + np.maximum(bld, 0)
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
    if mc.flies:  # ADV-25 (choice): the height follows the top of what lies below
        real_floor = top_surface(board)
    else:
        real_floor = level if mc.on_surface else board.floor().ravel().astype(np.int64)
    ground = real_floor if water_level or mc.flies else level  # MOV-12 TW / MOV-09 classic
    bridge = board.bridge_class.ravel() > 0
    br_level = board.bridge_level.ravel().astype(np.int64)
    bld = (board.building_class.ravel() > 0) & ~bridge
    roof = level + board.building_height.ravel().astype(np.int64)
    exits = board.road_exits.ravel().astype(np.int64)
    road_ground = board.road.ravel() & ~bridge
    terr, tcode = _ground_terrain(board, mc)
    top = np.where(bridge, br_level, np.where(bld, roof, ground))
    pos_level = np.stack([ground, top if mc.decks else ground])
    pos_paved = np.stack([board.pavement.ravel() | road_ground, bridge.copy()])
    bcls = board.building_class.ravel().astype(np.int8)
    if mc.flies:
        bcls = np.zeros_like(bcls)
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
    to_deck = along & bridge[t][None] & (np.abs(deck_diff) <= mc.max_level_change) & mc.decks
    # MOV-32 (GAP filled): onto a roof from a position at the roof's level.
    to_roof = bld[t][None] & (roof[t][None] == src_lv) & mc.decks & (not mc.flies)
    on_top = to_deck | to_roof
    # Otherwise at ground level: under the bridge if there is headroom, else as a building.
    under_ok = real_floor[t] + mc.height <= br_level[t]
    as_building = (bridge[t] & ~under_ok & (not mc.flies))[None] & ~on_top
    bridge_mp = _bridge_mp(board, mc, t)
    along_ground = along & road_ground[t][None]
    g_terr = np.where(along_ground, 0, terr[t][None] + np.where(as_building, bridge_mp, 0))
    g_code = np.where(along_ground, OK, tcode[t][None])
    g_code = np.where(as_building & (bridge_mp < 0) & (g_code == OK), STRUCTURE, g_code)
    diff = np.where(to_deck, deck_diff, np.where(to_roof, 0, ground[t][None] - src_lv))
    cost = np.where(on_top, 1, 1 + g_terr) + mc.level_mp * np.abs(diff)
    road = along & (to_deck | road_ground[t][None])
    if not offroad:  # MOV-31: +1 MP per hex entered, except pavement or along a road
        on_pavement = board.pavement.ravel()[t][None] & ~on_top
        cost = cost + ~(road | on_pavement)
    code = np.where(on_top, OK, g_code).astype(np.int8)
    code = np.where((code == OK) & (np.abs(diff) > mc.max_level_change), TOO_STEEP, code)
    code = np.where(onb[None], code, OFF_BOARD).astype(np.int8)
    cost = np.where(code == OK, cost, -1).astype(np.int16)
    water_in = (depth[t] >= 1)[None] & ~on_top & (not mc.on_surface)
    # ADV-05: terrain and descending MP may be ignored, never in depth 1+ water
    ignorable = np.where(on_top, 0, g_terr) + mc.level_mp * np.maximum(-diff, 0)
    ignorable = np.where(water_in | (code != OK), 0, ignorable)
    building = np.where(
        on_top, 0, np.where(as_building, board.bridge_class.ravel()[t][None], bcls[t][None])
    )
    paved = np.where(to_deck, True, np.where(to_roof, False, pos_paved[0][t][None]))
    arrays = {
        "cost": cost,
        "code": code,
        "dest": np.broadcast_to(t, shape).astype(np.int32),
        "dest_deck": np.broadcast_to(on_top, shape),
        "dlevel": np.broadcast_to(diff, shape).astype(np.int16),
        "depth": np.broadcast_to(np.where(water_in, depth[t][None], -1), shape).astype(np.int8),
        "building": np.broadcast_to(building, shape).astype(np.int8),
        "paved": np.broadcast_to(paved, shape).astype(bool),
        "road": np.broadcast_to(road, shape).astype(bool),
        "ignorable": np.broadcast_to(ignorable, shape).astype(np.int16),
    }
    arrays = {k: np.ascontiguousarray(v) for k, v in arrays.items()}
    for a in (*arrays.values(), pos_level, pos_paved, pos_building):
        a.setflags(write=False)
    return EntryTable(mc.kind, rows, cols, pos_level=pos_level, pos_paved=pos_paved,
                      pos_building=pos_building, **arrays)  # fmt: skip


def _bridge_mp(board: Board, mc: MotiveCosts, t: np.ndarray) -> np.ndarray:
    """MOV-28: a bridge a unit can pass neither on nor under costs like a building."""
    return np.asarray(mc.building)[board.bridge_class.ravel()[t]][None]
