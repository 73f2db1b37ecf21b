"""Rules queries on a window of the board around the unit, so a query costs what the
unit's MP can cover, not what the board holds.

Every hex a unit enters costs at least 1 MP (MOV-07) and every step changes the row and
the column by at most one, so a move with a budget of B MP never leaves the rectangle of
B rows and columns around its start, and the entry arrays (costs.py) of a hex depend
only on the hex and its six neighbours. The entry arrays and move arrays of that window
are therefore exactly those of the board for every hex the move can reach; the search
on the window finds the same states, costs and links as on the whole board (the same
candidates in the same order), only numbered in the window, and :class:`Window`
translates them back. Windows keep an even first column, so their columns stagger as the
board's do.

Small boards are searched whole: their arrays are shared by every unit (reach_batch's
joint search), and a window would save nothing. :class:`LocalTables` serves the step
checker: an entry table for a window around the hex asked about, rebuilt around a new
hex when a move (a skid, a sideslip) carries the unit near the window's edge.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from game.core.options import Rules
from game.rules.move import costs as C
from game.rules.move.divemoves import submarine_transitions
from game.rules.move.flightmoves import wige_transitions
from game.rules.move.search import LINK, Found, Spec, Transitions, ground_transitions, transitions

from ..board import ARRAY_FIELDS, Board, board_from_arrays
from ..hexgrid import Hex

FULL_BOARD_HEXES = 64 * 64  # boards up to this size are searched whole
WHOLE_SHARE = 0.5  # a window covering this share of the board or more: the whole board


@dataclass(frozen=True, slots=True)
class Window:
    """Rows r0..r1-1 and columns c0..c1-1 of a rows x cols board (c0 even)."""

    r0: int
    r1: int
    c0: int
    c1: int
    rows: int
    cols: int

    @property
    def shape(self) -> tuple[int, int]:
        return self.r1 - self.r0, self.c1 - self.c0

    @property
    def whole(self) -> bool:
        return (self.r0, self.c0, self.r1, self.c1) == (0, 0, self.rows, self.cols)

    def interior(self, h: Hex) -> bool:
        """h and its six neighbours lie in the window (or off the board itself), so the
        window's entry arrays for h are the board's."""
        return (
            (self.r0 < h.row or (self.r0 == 0 and h.row == 0))
            and (h.row < self.r1 - 1 or (self.r1 == self.rows and h.row == self.rows - 1))
            and (self.c0 < h.col or (self.c0 == 0 and h.col == 0))
            and (h.col < self.c1 - 1 or (self.c1 == self.cols and h.col == self.cols - 1))
        )

    def local_index(self, h: Hex) -> int:
        return (h.row - self.r0) * (self.c1 - self.c0) + (h.col - self.c0)

    def hexes_to_board(self, local: np.ndarray) -> np.ndarray:
        lr, lc = np.divmod(local, self.c1 - self.c0)
        return (lr + self.r0) * self.cols + lc + self.c0

    def hexes_to_window(self, flat: np.ndarray) -> np.ndarray:
        """Board hexes -> window hexes, leaving out those outside the window."""
        if self.whole:
            return flat
        r, c = np.divmod(flat, self.cols)
        inside = (r >= self.r0) & (r < self.r1) & (c >= self.c0) & (c < self.c1)
        return (r[inside] - self.r0) * (self.c1 - self.c0) + (c[inside] - self.c0)

    def states_to_board(self, states: np.ndarray) -> np.ndarray:
        """Window states (layer * 6 + facing) * h + hex -> the board's numbering.
        Monotonic, so a sorted array stays sorted."""
        if self.whole:
            return states
        rows, cols = self.shape
        lf, h = np.divmod(states, rows * cols)
        return lf * (self.rows * self.cols) + self.hexes_to_board(h)

    def states_to_window(self, states: np.ndarray) -> np.ndarray:
        if self.whole:
            return states
        lf, h = np.divmod(states, self.rows * self.cols)
        r, c = np.divmod(h, self.cols)
        rows, cols = self.shape
        return lf * (rows * cols) + (r - self.r0) * cols + (c - self.c0)

    def mask_to_window(self, mask: np.ndarray) -> np.ndarray:
        """A (rows * cols,) hex mask of the board, cut to the window."""
        return mask.reshape(self.rows, self.cols)[self.r0 : self.r1, self.c0 : self.c1].ravel()

    def on_cut(self, local_hexes: np.ndarray) -> bool:
        """Whether any of these window hexes lies on an edge the window cut through the
        board (a search that got there might have gone further on the whole board)."""
        rows, cols = self.shape
        r, c = np.divmod(local_hexes, cols)
        cut = np.zeros(r.shape, bool)
        if self.r0 > 0:
            cut |= r == 0
        if self.r1 < self.rows:
            cut |= r == rows - 1
        if self.c0 > 0:
            cut |= c == 0
        if self.c1 < self.cols:
            cut |= c == cols - 1
        return bool(cut.any())


def found_to_board(w: Window, found: Found) -> Found:
    """A window search's result in the board's state numbering (links too)."""
    if w.whole:
        return found
    pred, code = np.divmod(found.link, LINK)
    link = np.where(found.link < 0, found.link, w.states_to_board(pred) * LINK + code)
    return Found(w.states_to_board(found.states), found.cost, link)


def window_around(board: Board, at: Hex, radius: int) -> Window:
    """Every hex within ``radius`` of ``at`` (a rectangle: a step moves the row and the
    column by one at most); the whole board when it is small or the window would cover
    half of it anyway."""
    rows, cols = board.height, board.width
    full = Window(0, rows, 0, cols, rows, cols)
    if rows * cols <= FULL_BOARD_HEXES:
        return full
    row = min(max(at.row, 0), rows - 1)
    col = min(max(at.col, 0), cols - 1)
    r0, r1 = max(0, row - radius), min(rows, row + radius + 1)
    c0, c1 = max(0, col - radius) & ~1, min(cols, col + radius + 1)
    if (r1 - r0) * (c1 - c0) >= WHOLE_SHARE * rows * cols:
        return full
    return Window(r0, r1, c0, c1, rows, cols)


_BOARDS: OrderedDict[tuple[int, Window], tuple[Board, Board]] = OrderedDict()
_TABLES: OrderedDict[tuple, tuple[Board, C.EntryTable]] = OrderedDict()
_MOVES: OrderedDict[tuple, tuple[Board, Transitions]] = OrderedDict()
CACHED = 48  # windows kept per cache (a window's arrays take well under a megabyte)


def _remember(cache: OrderedDict, key: tuple, value: tuple) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > CACHED:
        cache.popitem(last=False)


def _hit(cache: OrderedDict, key: tuple, board: Board):
    hit = cache.get(key)
    if hit is None or hit[0] is not board:
        return None
    cache.move_to_end(key)
    return hit[1]


def sub_board(board: Board, w: Window) -> Board:
    """The window's terrain as a board of its own (road exits as the board has them)."""
    if w.whole:
        return board
    key = (id(board), w)
    hit = _hit(_BOARDS, key, board)
    if hit is None:
        cut = {f: getattr(board, f)[w.r0 : w.r1, w.c0 : w.c1] for f in ARRAY_FIELDS}
        hit = board_from_arrays(cut, name=board.name)
        _remember(_BOARDS, key, (board, hit))
    return hit


def window_table(
    board: Board, w: Window, kind: str, rules: Rules, offroad: bool, height: int | None = None
) -> C.EntryTable:
    """costs.entry_table of the window (the board's own cached table when it is whole)."""
    if w.whole:
        return C.entry_table(board, kind, rules, offroad, height)
    offroad = offroad or kind != "wheeled"
    key = (id(board), w, kind, rules.variant, offroad, height)
    hit = _hit(_TABLES, key, board)
    if hit is None:
        hit = C.build_entry_table(sub_board(board, w), kind, rules, offroad, height)
        _remember(_TABLES, key, (board, hit))
    return hit


def window_transitions(board: Board, w: Window, spec: Spec, rules: Rules) -> Transitions:
    """search.transitions of the window (the board's own when it is whole); a WiGE's
    flight arrays (game.rules.move.flight) and a submarine's depth layers (divemoves) are cached
    here for whole boards too."""
    if w.whole and not (spec.wige or spec.depths):
        return transitions(board, spec, rules)
    key = (id(board), w, spec, rules.variant)
    hit = _hit(_MOVES, key, board)
    if hit is None:
        if spec.wige:
            hit = wige_transitions(sub_board(board, w), spec, rules)
        elif spec.depths:
            hit = submarine_transitions(sub_board(board, w), spec, rules)
        else:
            table = window_table(board, w, spec.kind, rules, spec.offroad, spec.height)
            hit = ground_transitions(table, C.motive_costs(spec.kind), spec, rules)
        _remember(_MOVES, key, (board, hit))
    return hit


class LocalTables:
    """Entry tables for the step checker, a window at a time (see the module docstring).

    ``at(h)`` answers the table and h's index in it; the window is built around h with
    ``radius`` when h is not in the interior of the current one."""

    __slots__ = ("board", "kind", "rules", "offroad", "radius", "height", "_window", "_table")

    def __init__(
        self,
        board: Board,
        kind: str,
        rules: Rules,
        offroad: bool,
        radius: int,
        height: int | None = None,
    ) -> None:
        self.board, self.kind, self.rules, self.offroad = board, kind, rules, offroad
        self.radius = max(radius, 1)
        self.height = height  # MOV-28: a crawling (prone) Mech is 1 level tall
        self._window: Window | None = None
        self._table: C.EntryTable | None = None

    def at(self, h: Hex) -> tuple[C.EntryTable, int]:
        w = self._window
        if w is None or self._table is None or not w.interior(h):
            w = window_around(self.board, h, self.radius)
            self._window = w
            self._table = window_table(
                self.board, w, self.kind, self.rules, self.offroad, self.height
            )
        if w.whole:  # the board's own numbering, as costs.EntryTable.index
            return self._table, self._table.index(h.col, h.row)
        return self._table, w.local_index(h)
