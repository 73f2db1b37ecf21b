"""MOV-34/35 in reach for a unit whose height band changes during its move: the search
asks who blocks and who stops the mover in the band of the layer it steps from, as the
step checker does (game.rules.move.search.search_banded)."""

from __future__ import annotations

from dijkstra import baseline_hexes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_reach_properties import check_reach, hex_specs

from game.board import HexSpec, build_board
from game.core.options import TW, Rules
from game.hexgrid import Hex
from game.rules.move.movement import check_move
from game.rules.move.reach import reach
from game.units.unit import Unit

TACOPS = Rules("tw", tacops=True)


def agree(b, units, mode, rules):
    """reach equals the heapq oracle, and every end replays at its MP."""
    r = reach(b, units, "m", mode, rules)
    assert r.hexes(minimum=False) == baseline_hexes(b, units, "m", mode, rules)
    for h, (_, faces) in r.hexes(minimum=False).items():
        for f in faces:
            res = check_move(b, units, "m", mode, r.path_to(h, f), rules)
            assert res.legal and (res.end_at, res.end_facing) == (h, f)
            assert res.mp_used == r.cost_to(h, f)
    return r


def test_mov_35_a_wige_that_takes_off_flies_over_an_enemy_tank_it_would_stop_for_landed():
    b = build_board(3, 6, {})
    units = [Unit("m", "A", "wige", 25, 6, Hex(0, 0), 0),
             Unit("u0", "B", "wheeled", 50, 4, Hex(1, 0), 0),
             Unit("u1", "A", "biped", 50, 4, Hex(2, 0), 0)]  # fmt: skip
    path = ["TO", "R", "R", "F", "F"]  # over the tank's hex at altitude 1, on to 0302
    res = check_move(b, units, "m", "run", path, TACOPS)
    assert res.legal and res.end_at == Hex(2, 1) and res.mp_used == 9
    r = agree(b, units, "run", TACOPS)
    assert r.cost_to(Hex(2, 1), 2) == 9


def test_mov_35_the_band_of_the_step_decides_a_wige_holding_altitude_passes_an_enemy_mech():
    b = build_board(4, 4, {})
    for alt, passes in ((1, False), (2, True)):  # band [alt, alt + 1) against [0, 2)
        units = [Unit("m", "A", "wige", 25, 6, Hex(0, 1), 2, wige_airborne=True, altitude=alt),
                 Unit("e", "B", "biped", 50, 4, Hex(1, 1), 0)]  # fmt: skip
        assert check_move(b, units, "m", "walk", ["F", "F"], TACOPS).legal is passes
        r = agree(b, units, "walk", TACOPS)
        assert (r.cost_to(Hex(2, 2), 2) == 2) is passes  # straight over it, or round it


def test_mov_35_a_submarine_that_dives_passes_under_an_enemy_ship():
    b = build_board(4, 3, {Hex(c, r): HexSpec(water=2) for r in range(3) for c in range(4)})
    units = [Unit("m", "A", "submarine", 70, 5, Hex(0, 1), 2),
             Unit("e", "B", "naval", 60, 4, Hex(1, 1), 0)]  # fmt: skip
    assert not check_move(b, units, "m", "walk", ["F", "F"], TW).legal  # surfaced: stops
    assert check_move(b, units, "m", "walk", ["DV", "F", "F"], TW).legal
    r = agree(b, units, "walk", TW)
    assert r.cost_to(Hex(2, 2), 2) == 3


def test_mov_35_a_prone_mech_that_stands_up_stops_under_an_enemy_vtol():
    b = build_board(4, 4, {})
    units = [Unit("m", "A", "biped", 50, 5, Hex(0, 1), 2, prone=True),
             Unit("e", "B", "vtol", 30, 6, Hex(1, 1), 0, altitude=1)]  # fmt: skip
    assert not check_move(b, units, "m", "run", ["U:2", "F", "F"], TACOPS).legal
    r = agree(b, units, "run", TACOPS)
    assert Hex(1, 1) in r.hexes()
    assert r.hexes()[Hex(2, 2)][0] > 4  # not U:2 F F (4 MP) through the VTOL's hex


@st.composite
def banded_scenarios(draw: st.DrawFn):
    """A WiGE (landed or at altitude 1..3), a submarine at some depth or a prone Mech
    among units of every band: airborne VTOLs and WiGEs, ground units, a submarine."""
    w, h = draw(st.integers(3, 4)), draw(st.integers(3, 4))
    cells = [Hex(c, r) for r in range(h) for c in range(w)]
    kind = draw(st.sampled_from(["wige", "wige", "submarine", "biped"]))
    if kind == "submarine":
        specs = {c: HexSpec(water=draw(st.integers(0, 3))) for c in cells}
    else:
        specs = {c: draw(hex_specs()) for c in cells if draw(st.booleans())}
    b = build_board(w, h, specs)
    spots = draw(st.lists(st.sampled_from(cells), min_size=3, max_size=5, unique=True))
    at, facing = spots[0], draw(st.integers(0, 5))
    air = kind == "wige" and draw(st.booleans())
    depth = max(int(b.water[at.row, at.col]), 0) if kind == "submarine" else 0
    mover = Unit("m", "A", kind, 50, draw(st.integers(4, 8)), at, facing, prone=kind == "biped",
                 wige_airborne=air, altitude=draw(st.integers(1, 3)) if air else 0,
                 depth=draw(st.integers(0, depth)))  # fmt: skip
    others = []
    for i, o in enumerate(spots[1:]):
        other = draw(st.sampled_from(["vtol", "wige", "biped", "tracked", "naval", "submarine"]))
        side = draw(st.sampled_from("AB"))
        up = draw(st.integers(1, 2)) if other in ("vtol", "wige") else 0
        down = int(other == "submarine" and b.water[o.row, o.col] >= 1)
        others.append(Unit(f"u{i}", side, other, 50, 4, o, 0, wige_airborne=other == "wige",
                           altitude=up, depth=down))  # fmt: skip
    rules = Rules("tw", tacops=draw(st.booleans()))
    return b, [mover, *others], rules, draw(st.sampled_from(["walk", "run"]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(banded_scenarios())
def test_mov_34_35_reach_of_units_changing_band_among_units_of_every_band(scn):
    b, units, rules, mode = scn
    check_reach(b, units, mode, rules)
