"""Windowed rules queries (game.rules.window) give exactly the whole board's answers.

Every query runs twice on the same random board: once searched whole (as small boards
always are) and once on a window around the unit (as boards of more than 64x64 hexes
are), forced here on small boards. States, costs, links, the referee's answers, every
path and every checked or resolved move must be identical.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from dijkstra import TOKENS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_reach_properties import hex_specs

from game.board import Board, HexSpec, build_board
from game.core.dice import Dice
from game.core.options import CLASSIC, TW
from game.hexgrid import Hex
from game.rules import window
from game.rules.move.movement import check_move
from game.rules.move.reach import reach, reach_batch
from game.rules.piloting.resolve import resolve_move
from game.units.crithits import damaged
from game.units.unit import KINDS, Damage, Unit

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def whole_and_windowed(query: Callable[[], Any]) -> tuple:
    """The answer on the whole board, then with every query windowed."""
    saved = window.FULL_BOARD_HEXES, window.WHOLE_SHARE
    try:
        window.FULL_BOARD_HEXES = 10**9
        full = query()
        window.FULL_BOARD_HEXES, window.WHOLE_SHARE = 0, 1.0
        cut = query()
    finally:
        window.FULL_BOARD_HEXES, window.WHOLE_SHARE = saved
    return full, cut


@st.composite
def big_scenarios(draw: st.DrawFn):
    """Boards larger than the MP can cross (so windows really cut), terrain and other
    units mostly near the mover (where they matter)."""
    w, h = draw(st.integers(10, 40)), draw(st.integers(10, 40))
    at = Hex(draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1)))

    def near(spread: int) -> st.SearchStrategy[Hex]:
        return st.builds(
            Hex,
            st.integers(max(0, at.col - spread), min(w - 1, at.col + spread)),
            st.integers(max(0, at.row - spread), min(h - 1, at.row + spread)),
        )

    specs = dict(draw(st.lists(st.tuples(near(9), hex_specs()), max_size=60)))
    b = build_board(w, h, specs)
    spots = [at, *draw(st.lists(near(5), max_size=5, unique=True))]
    spots = list(dict.fromkeys(spots))
    kind = draw(st.sampled_from(KINDS))
    mech = kind in ("biped", "quad")
    jump = draw(st.integers(0, 4)) if mech else 0
    body, damage = (
        damaged(50, kind == "quad", jump=jump, gyro=draw(st.integers(0, 1)))
        if mech
        else (None, Damage())
    )  # fmt: skip
    walk = draw(st.integers(0, 5))
    mover = Unit("m", "A", kind, 50, walk, at, draw(st.integers(0, 5)), jump=jump,
                 prone=mech and draw(st.booleans()), damage=damage, body=body,
                 offroad=kind != "wheeled" or draw(st.booleans()))  # fmt: skip
    others = [Unit(f"u{i}", draw(st.sampled_from("AB")), "biped", 50, 4, o, 0)
              for i, o in enumerate(spots[1:])]  # fmt: skip
    return b, [mover, *others], draw(st.sampled_from([TW, TW, CLASSIC]))


def _answer(b: Board, units: list[Unit], mode: str, rules) -> tuple:
    r = reach(b, units, "m", mode, rules)
    paths = {(h, f): r.path_to(h, f) for h, (_, fs) in r.hexes().items() for f in fs}
    found = (r.found.states.tolist(), r.found.cost.tolist(), r.found.link.tolist())
    main = None if r.main is None else (r.main.states.tolist(), r.main.link.tolist())
    return r.to_json(b), found, main, paths, dict(r.minimum_ends)


@SETTINGS
@given(big_scenarios(), st.sampled_from(["walk", "run", "jump"]))
def test_windowed_reach_is_the_whole_board_reach(scn, mode) -> None:
    b, units, rules = scn
    full, cut = whole_and_windowed(lambda: _answer(b, units, mode, rules))
    assert cut == full


@SETTINGS
@given(big_scenarios())
def test_windowed_batch_is_the_whole_board_batch(scn) -> None:
    b, units, rules = scn
    reqs = [(u.id, m) for u in units for m in ("walk", "run")]

    def batch() -> list:
        return [r.to_json(b) for r in reach_batch(b, units, reqs, rules)]

    full, cut = whole_and_windowed(batch)
    assert cut == full


@SETTINGS
@given(big_scenarios(), st.sampled_from(["walk", "run"]), st.data())
def test_windowed_moves_are_the_whole_board_moves(scn, mode, data) -> None:
    """Random step lists (off the board, too far, prone, ...) and their resolution with
    seeded dice: the same answer, error and events either way."""
    b, units, rules = scn
    steps = data.draw(st.lists(st.sampled_from(TOKENS), max_size=12))
    seed = data.draw(st.integers(1, 10**6))

    def move() -> tuple:
        checked = check_move(b, units, "m", mode, steps, rules).to_json(b)
        resolved = resolve_move(b, units, "m", mode, steps, Dice(seed=seed), rules)
        return checked, resolved.to_json(b)

    full, cut = whole_and_windowed(move)
    assert cut == full


def test_a_window_is_the_rectangle_the_mp_can_cover() -> None:
    b = build_board(300, 200)
    w = window.window_around(b, Hex(151, 100), 6)
    assert (w.r0, w.r1, w.c0, w.c1) == (94, 107, 144, 158)  # first column even (stagger)
    assert w.interior(Hex(151, 100)) and not w.interior(Hex(144, 100))
    assert window.window_around(b, Hex(3, 3), 6).c0 == 0
    assert window.window_around(build_board(64, 64), Hex(30, 30), 3).whole  # small board
    states = np.array([5, 13 * 14 + 2, 23 * 13 * 14 + 7])
    assert (w.states_to_window(w.states_to_board(states)) == states).all()


def test_a_window_far_from_the_start_follows_a_sliding_unit() -> None:
    """LocalTables re-centres when the unit gets near its window's cut edge (a skid)."""
    b = build_board(200, 200, {Hex(120, 100): HexSpec(level=2)})
    tables = window.LocalTables(b, "biped", TW, True, 4)
    t, i = tables.at(Hex(100, 100))
    assert t.rows * t.cols < 200 * 200
    t2, j = tables.at(Hex(119, 100))  # outside the first window: a new one around it
    assert t2 is not t and int(t2.dlevel[0, 1, j]) == 2  # NE of 119,100 is 120,100 (up 2)
