"""The batched to-hit and line-of-sight answers (tohit_batch, los_batch) equal the plain
per-pair ones (tohit.weapon_options, los.line_of_sight) on random boards and units; the
exact arcs of the batch (half sectors) equal the rounded angles of CMB-07/26."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from combatkit import scenario, unit_spec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board import Board, BoardError, HexSpec, build_board
from game.core.errors import UserFacingError
from game.core.options import CLASSIC, TW
from game.designs.roster import entries, make_unit
from game.hexgrid import Hex, to_cube
from game.rules.combat.arcs import (
    ARC_BY_HALF,
    ARC_NAMES,
    SIDE_BY_HALF,
    SIDE_NAMES,
    arc_of,
    half_sectors,
    relative_angle,
    relative_half,
    side_hit,
)
from game.rules.combat.los import Viewer, line_of_sight, viewer
from game.rules.combat.los_batch import sight_many
from game.rules.combat.records import MOVE_MODES, Declaration, Movement
from game.rules.combat.tohit import mounts, weapon_options
from game.rules.combat.tohit_batch import weapon_options_many
from game.units.locations import BIPED_LOCATIONS, QUAD_LOCATIONS, TORSOS
from game.units.mech import Location
from game.units.unit import Damage, Unit

DESIGNS = [e.code for e in entries()]
W, H = 12, 11
GUNS = ("Medium Laser", "SRM-2", "Machine Gun", "AC/2", "LRM-5")


@st.composite
def boards(draw: st.DrawFn) -> Board:
    cells = draw(
        st.lists(
            st.tuples(
                st.integers(0, W - 1),
                st.integers(0, H - 1),
                st.integers(-1, 3),
                st.integers(0, 3),
                st.integers(-1, 2),
                st.integers(0, 3),
            ),
            max_size=60,
        )
    )
    hexes = {}
    for c, r, level, woods, water, building in cells:
        wet = water if not woods else -1
        dry = wet <= 0 and not building
        hexes[Hex(c, r)] = HexSpec(
            level=level,
            woods=woods if dry else 0,
            water=wet,
            building_class=building if wet <= 0 else 0,
            building_cf=15 if building and wet <= 0 else 0,
            building_height=building if wet <= 0 else 0,
        )
    try:
        return build_board(W, H, hexes)
    except BoardError:
        return build_board(W, H, {})


@st.composite
def custom(draw: st.DrawFn) -> Unit | None:
    """A hand-made Mech with weapons anywhere: legs, rear torso mounts, arms (no roster
    design mounts leg weapons)."""
    quad = draw(st.booleans())
    codes = QUAD_LOCATIONS if quad else BIPED_LOCATIONS
    picked = draw(
        st.lists(
            st.tuples(st.sampled_from(GUNS), st.sampled_from(codes), st.booleans()),
            min_size=1,
            max_size=5,
        )
    )
    weapons = [
        {"name": n, "location": c} | ({"rear": True} if rear and c in TORSOS else {})
        for n, c, rear in picked
    ]
    ammo = [
        {"weapon": n, "location": "CT", "shots": 10}
        for n in sorted({n for n, _, _ in picked} - {"Medium Laser"})
    ]
    spec = unit_spec("u", "0101", kind="quad" if quad else "biped", weapons=weapons, ammo=ammo)
    try:
        return scenario([spec]).units[0]
    except UserFacingError:
        return None  # the layout is full: a roster unit instead


@st.composite
def units(draw: st.DrawFn) -> Unit:
    key = draw(st.sampled_from(DESIGNS))
    at = Hex(draw(st.integers(0, W - 1)), draw(st.integers(0, H - 1)))
    u = make_unit(key, "u", "A", at=at, facing=draw(st.integers(0, 5)))
    made = draw(custom()) if draw(st.integers(0, 2)) == 0 else None
    if made is not None:
        u = replace(made, at=at, facing=u.facing)
    if u.kind == "infantry":
        return u
    u = replace(
        u,
        heat=draw(st.integers(0, 30)),
        gunnery=draw(st.integers(0, 6)),
        damage=Damage(
            shutdown=draw(st.booleans()) and draw(st.booleans()),
            unconscious=draw(st.integers(0, 9)) == 0,
        ),
    )
    if u.body is not None:
        body = u.body
        for code, slot in draw(
            st.lists(st.tuples(st.sampled_from(body.codes), st.integers(0, 11)), max_size=4)
        ):
            if slot < len(body.built.layout[body.codes.index(code)]):
                body = body.with_hit(code, slot)
        for code in draw(st.lists(st.sampled_from(body.codes), max_size=2)):
            body = body.with_location(code, Location(0, 0, destroyed=True))
        for i in (
            draw(st.lists(st.integers(0, len(body.ammo) - 1), max_size=2)) if body.ammo else ()
        ):
            body = body.with_ammo(i, 0)
        prone = draw(st.booleans())  # or hull-down (ADV-11..13: the batch's rare pairs)
        u = replace(u, body=body, prone=prone, hull_down=not prone and draw(st.integers(0, 3)) == 0)
    elif u.hull is not None and draw(st.booleans()):
        where = draw(st.sampled_from(u.hull.codes))
        u = replace(u, hull=u.hull.with_location(where, Location(0, 0, destroyed=True)))
    return u


movements = st.builds(
    Movement, st.sampled_from(MOVE_MODES), st.integers(0, 12), st.booleans(), exposed=st.booleans()
)  # PHY-12, and "defend" (ADV-01) among the modes


@st.composite
def fights(draw: st.DrawFn) -> tuple[Board, list[Unit], list[Declaration], dict, object]:
    board = draw(boards())
    us = [
        replace(u, id=f"u{i}", side="AB"[i % 2])
        for i, u in enumerate(draw(st.lists(units(), min_size=2, max_size=6)))
    ]
    moves = {u.id: draw(movements) for u in us if draw(st.booleans())}
    queries = []
    for _ in range(draw(st.integers(1, 12))):
        a, t = draw(st.sampled_from(us)), draw(st.sampled_from(us))
        n = len(mounts(a))
        listed = (
            draw(st.none() | st.lists(st.integers(0, max(n - 1, 0)), max_size=n)) if n else None
        )
        queries.append(
            Declaration(
                a.id,
                t.id,
                tuple(listed) if listed is not None else None,
                draw(st.booleans()),
                draw(st.sampled_from([None, None, "HD", "CT"])),
                draw(st.integers(-1, 1)),
            )
        )
    return board, us, queries, moves, draw(st.sampled_from([TW, CLASSIC]))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights())
def test_cmb_01_batched_to_hit_answers_equal_the_per_pair_ones(fight: tuple) -> None:
    board, us, queries, moves, rules = fight
    fast = weapon_options_many(board, us, queries, moves, rules)
    plain = [
        weapon_options(
            board,
            us,
            q.attacker,
            q.target,
            moves,
            rules,
            weapons=q.weapons,
            secondary=q.secondary,
            aim=q.aim,
            twist=q.twist,
        )
        for q in queries
    ]
    assert fast == plain


ends = st.tuples(
    st.integers(0, W - 1),
    st.integers(0, H - 1),
    st.integers(-3, 4),
    st.integers(0, 1),
    st.booleans(),
    st.integers(-1, 2),
    st.booleans(),
)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.lists(st.tuples(ends, ends), min_size=1, max_size=20))
def test_cmb_02_batched_lines_of_sight_equal_the_hex_by_hex_ones(board: Board, raw: list) -> None:
    def end(c: int, r: int, floor: int, up: int, sub: bool, depth: int, mech: bool) -> Viewer:
        return Viewer(Hex(c, r), floor + up, floor, sub, depth, mech)

    pairs = [(end(*a), end(*b)) for a, b in raw]
    assert sight_many(board, pairs) == [line_of_sight(board, a, b) for a, b in pairs]


def test_cmb_02_a_batch_of_units_on_the_default_map_equals_pair_by_pair() -> None:
    from game.maps import load_map

    board = load_map("maps/default.tmx")
    us = [
        make_unit(k, f"u{i}", "AB"[i % 2], at=Hex(2 + (5 * i) % 28, 4 + (i * 7) % 25), facing=i % 6)
        for i, k in enumerate(DESIGNS)
    ]
    pairs = [(viewer(board, a), viewer(board, t)) for a in us for t in us]
    found = sight_many(board, pairs)
    assert found == [line_of_sight(board, a, t) for a, t in pairs]
    assert any(not s.los for s in found) and any(s.los and s.intervening for s in found)


def test_cmb_07_cmb_26_half_sectors_give_the_arcs_and_sides_of_the_rounded_angles() -> None:
    """Every offset up to 30 hexes away, from an even and an odd column, every facing."""
    for frm in (Hex(30, 30), Hex(31, 30)):
        others = [Hex(c, r) for c in range(0, 62) for r in range(0, 62)]
        fq, fr, _ = to_cube(frm)
        dq = np.array([to_cube(h)[0] - fq for h in others])
        dr = np.array([to_cube(h)[1] - fr for h in others])
        half = half_sectors(dq, dr)
        for facing in range(6):
            rel = relative_half(half, np.full(len(half), facing)).tolist()
            for h, v in zip(others, rel, strict=True):
                fa = relative_angle(frm, h, facing)
                assert ARC_NAMES[ARC_BY_HALF[v]] == arc_of(fa), (frm, h, facing)
                assert SIDE_NAMES[SIDE_BY_HALF[v]] == side_hit(fa), (frm, h, facing)


LEG_GUNS = [
    {"name": "Medium Laser", "location": "LL"},
    {"name": "SRM-2", "location": "RL"},
    {"name": "Medium Laser", "location": "RA"},
]


def test_cmb_17_cmb_18_cmb_19_leg_weapons_in_cover_water_or_prone_batch_equals_per_pair() -> None:
    scenes = {
        "partial cover": {"0506": {"level": 1}},
        "depth 1 water": {"0505": {"water": 1}},
        "both": {"0505": {"water": 1}, "0506": {"level": 1}},
        "open": {},
    }
    seen = set()
    for hexes in scenes.values():
        for prone in (False, True):
            a = unit_spec(
                "a",
                "0505",
                facing=3,
                weapons=LEG_GUNS,
                prone=prone,
                ammo=[{"weapon": "SRM-2", "location": "CT", "shots": 10}],
            )
            s = scenario([a, unit_spec("t", "0509", side="B")], hexes)
            q = [Declaration("a", "t"), Declaration("a", "t", (0, 2), aim="CT")]
            fast = weapon_options_many(s.board, s.units, q, {})
            plain = [
                weapon_options(s.board, s.units, "a", "t", {}, weapons=d.weapons, aim=d.aim)
                for d in q
            ]
            assert fast == plain
            seen |= {w.why_not for o in fast for w in o.weapons}
    assert {
        "leg-mounted weapons cannot fire from partial cover (CMB-17)",
        "leg-mounted weapons cannot fire from depth 1 water (CMB-18)",
        "a prone Mech cannot fire its leg-mounted weapons (CMB-19)",
    } <= seen
