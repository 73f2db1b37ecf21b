"""Property tests: reach.py against check_move and the heapq baseline on random boards."""

from __future__ import annotations

from dataclasses import replace

from dijkstra import TOKENS, baseline_hexes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board import HexSpec, build_board
from game.core.options import CLASSIC, TW, Rules
from game.hexgrid import Hex
from game.rules.move.movement import check_move
from game.rules.move.reach import reach, reach_batch
from game.rules.move.stacking import violation
from game.units.crithits import damaged
from game.units.unit import KINDS, Damage, Unit


@st.composite
def hex_specs(draw: st.DrawFn) -> HexSpec:
    level = draw(st.integers(-1, 3))
    kind = draw(st.sampled_from(["clear", "clear", "water", "woods", "rough", "rubble", "road",
                                 "pavement", "building", "bridge", "woodsroad"]))  # fmt: skip
    if kind == "water":
        return HexSpec(level=level, water=draw(st.integers(0, 3)))
    if kind == "woods":
        return HexSpec(level=level, woods=draw(st.integers(1, 3)))
    if kind == "woodsroad":  # MOV-24 through woods; ADV-20 for WiGEs
        return HexSpec(level=level, woods=draw(st.integers(1, 2)), road=True)
    if kind in ("rough", "rubble", "pavement", "road"):
        flags = {kind: True}
        if kind == "road":
            flags["pavement"] = True
        return HexSpec(level=level, **flags)
    if kind == "building":
        cls = draw(st.integers(1, 4))
        return HexSpec(level=level, building_class=cls, building_cf=10 * cls,
                       building_height=draw(st.integers(1, 3)))  # fmt: skip
    if kind == "bridge":
        return HexSpec(level=level, water=draw(st.integers(-1, 2)), road=True,
                       bridge_class=draw(st.integers(1, 4)), bridge_cf=30,
                       bridge_level=level + draw(st.integers(0, 3)))  # fmt: skip
    return HexSpec(level=level)


@st.composite
def scenarios(draw: st.DrawFn):
    w, h = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    cells = [Hex(c, r) for r in range(h) for c in range(w)]
    specs = {c: draw(hex_specs()) for c in cells if draw(st.booleans())}
    b = build_board(w, h, specs)
    spots = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=4, unique=True))
    kind = draw(st.sampled_from(KINDS))
    mech = kind in ("biped", "quad")
    body, damage = (
        damaged(50, kind == "quad", gyro=draw(st.integers(0, 1)),
                leg_actuators=draw(st.integers(0, 1)))
        if mech
        else (None, Damage())
    )  # fmt: skip
    # MOV-31: wheeled support vehicles without off-road gear pay +1 MP off road/pavement.
    offroad = kind != "wheeled" or draw(st.booleans())
    # Edge cases too: 0 MP (walk 0, or heat 25 on a Mech: MOV-02/07) and a prone Mech with
    # exactly 1 MP (MOV-20/23: it may stand by minimum movement, any facing).
    edge = draw(st.sampled_from(["any", "any", "zero", "heat", "prone1"]))
    walk = {"zero": 0, "prone1": 1}.get(edge, draw(st.integers(0, 5)))
    heat = 25 if edge == "heat" and mech else draw(st.sampled_from([0, 0, 5]))
    prone = mech and (edge == "prone1" or draw(st.booleans()))
    mover = Unit("m", "A", kind, 50, walk, spots[0], draw(st.integers(0, 5)),
                 jump=draw(st.integers(0, 4)) if mech else 0, prone=prone, damage=damage, body=body,
                 offroad=offroad, heat=heat)  # fmt: skip
    others = []
    for i, at in enumerate(spots[1:]):  # batches mix off-road and road-bound wheeled units
        other = draw(st.sampled_from(["biped", "wheeled", "wheeled-road"]))
        others.append(Unit(f"u{i}", draw(st.sampled_from("AB")), other.split("-")[0], 50, 4, at,
                           0, offroad=other != "wheeled-road"))  # fmt: skip
    rules = draw(st.sampled_from([TW, TW, CLASSIC]))
    return b, [mover, *others], rules


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(scenarios(), st.sampled_from(["walk", "run"]))
def test_reach_paths_replay_legally_and_match_the_baseline(scn, mode):
    b, units, rules = scn
    check_reach(b, units, mode, rules)


@st.composite
def advanced(draw: st.DrawFn):
    """The new modes (ADV-03..23): the tacops option, careless movement, crawling,
    hull-down starts, airborne WiGEs at several altitudes, naval, submarine and VTOL units."""
    b, units, rules = draw(scenarios())
    mover = units[0]
    kind = draw(st.sampled_from(["biped", "biped", "quad", "wige", "wige", "naval", "vtol",
                                 "submarine", "tracked", "hover", "infantry",
                                 mover.kind]))  # fmt: skip
    mech = kind in ("biped", "quad")
    body = mover.body if mech and mover.kind == kind else None
    posture = draw(st.sampled_from(["stand", "prone", "hull"])) if mech else "stand"
    airborne = kind == "wige" and draw(st.booleans())
    mover = Unit("m", "A", kind, draw(st.sampled_from([25, 50, 85])), draw(st.integers(1, 8)),
                 mover.at, mover.facing, prone=posture == "prone", hull_down=posture == "hull",
                 body=body, wige_airborne=airborne,
                 altitude=draw(st.integers(1, 3)) if airborne else 0,
                 depth=draw(st.integers(0, max(int(b.water[mover.at.row, mover.at.col]), 0)))
                 if kind == "submarine" else 0,
                 heat=mover.heat if body is not None else 0)  # fmt: skip
    tacops = Rules(rules.variant, tacops=True)
    mode = draw(
        st.sampled_from(
            ["walk", "run", "crawl"] if posture == "prone" and kind == "biped" else ["walk", "run"]
        )  # ADV-03: crawling needs two arms
    )
    careless = mode != "crawl" and kind != "infantry" and draw(st.booleans())
    return b, [mover, *units[1:]], tacops, mode, careless


@SETTINGS
@given(advanced())
def test_reach_of_the_advanced_modes_replays_legally_and_matches_the_baseline(scn):
    b, units, rules, mode, careless = scn
    check_reach(b, units, mode, rules, careless)


@st.composite
def submarines(draw: st.DrawFn):
    """ADV-24/25: a submarine at some depth on a board of mostly water of depths 0..3 at
    two surface levels, with land, a bridge and other units in the way."""
    w, h = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    cells = [Hex(c, r) for r in range(h) for c in range(w)]
    specs = {}
    for c in cells:
        what = draw(st.sampled_from(["water"] * 5 + ["land", "bridge"]))
        level = draw(st.sampled_from([0, 0, 0, 1]))
        if what == "water":
            specs[c] = HexSpec(level=level, water=draw(st.integers(0, 3)))
        elif what == "bridge":
            specs[c] = HexSpec(water=draw(st.integers(1, 2)), road=True, bridge_class=2,
                               bridge_cf=30, bridge_level=1)  # fmt: skip
    b = build_board(w, h, specs)
    spots = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=3, unique=True))
    at = spots[0]
    depth = draw(st.integers(0, max(int(b.water[at.row, at.col]), 0)))
    mover = Unit("m", "A", "submarine", 70, draw(st.integers(0, 6)), at, draw(st.integers(0, 5)),
                 depth=depth)  # fmt: skip
    others = [Unit(f"u{i}", draw(st.sampled_from("AB")), "naval", 60, 4, o, 0)
              for i, o in enumerate(spots[1:])]  # fmt: skip
    return b, [mover, *others], draw(st.sampled_from([TW, CLASSIC]))


@SETTINGS
@given(submarines(), st.sampled_from(["walk", "run"]))
def test_adv_25_submarine_reach_replays_legally_and_matches_the_baseline(scn, mode):
    b, units, rules = scn
    check_reach(b, units, mode, rules)


def check_reach(b, units, mode, rules, careless=False):
    """Every reached end replays through check_move at its MP; reach equals the plain
    heapq Dijkstra of tests/rules/dijkstra.py."""
    r = reach(b, units, "m", mode, rules, careless)
    hexes = r.hexes()
    occupied = {u.at for u in units[1:]}
    assert (r.cost >= 0).all()  # (c) costs never negative
    # (d) MOV-30 classic: none; TW: only with room (MOV-34), in the band the unit ends in:
    # as it starts unless its band can change (then (a) replays the end through the checker)
    banded = units[0].kind in ("wige", "submarine") or units[0].prone
    for h in occupied & set(hexes):
        there = [u for u in units[1:] if u.at == h]
        assert not rules.classic
        assert banded or violation(replace(units[0], at=h), there, rules) is None
    for h, (mp, faces) in hexes.items():  # (a) every reached state replays
        assert 0 <= mp <= r.mp_available + (1 if r.alt is not None else 0)
        for f in faces:
            path = r.path_to(h, f)
            res = check_move(b, units, "m", mode, path, rules, careless=careless)
            assert res.legal, (h, f, path, res.error)
            assert (res.end_at, res.end_facing) == (h, f)
            assert res.mp_used == r.cost_to(h, f)
        assert mp == min(r.cost_to(h, f) for f in faces)
    for h, mp in r.minimum_hexes().items():  # MOV-20 (infantry: towards any neighbour)
        facing = r.minimum_facing[h]
        res = check_move(b, units, "m", mode, r.path_to(h, facing), rules, careless=careless)
        assert res.legal and res.end_at == h and res.mp_used == mp and res.mode == "run"
        assert res.end_facing == facing and r.cost_to(h, facing) == mp
    for (h, f), (mp, path) in r.minimum_ends.items():  # MOV-20/23: prone, 1 MP, stands
        res = check_move(b, units, "m", mode, list(path), rules, careless=careless)
        assert res.legal and (res.end_at, res.end_facing, res.mp_used) == (h, f, mp)
        assert res.mode == "run" and f in hexes[h][1] and not r.minimum_hexes().get(h)
    # (e) every legal one-step or empty move ends where reach says it can end (MOV-02/20)
    mover = units[0]
    for steps in [[], *([t] for t in TOKENS)]:
        res = check_move(b, units, "m", mode, steps, rules, careless=careless)
        if not res.legal:
            continue
        h, f = res.end_at, res.end_facing
        if h in r.minimum and r.minimum_facing[h] == f:
            continue
        assert h in hexes and f in hexes[h][1], (steps, h, f)
        assert r.cost_to(h, f) is not None and r.cost_to(h, f) <= res.mp_used
    start = check_move(b, units, "m", mode, [], rules, careless=careless)
    assert start.legal == (mover.at in hexes)
    if not mover.immobile:  # MOV-02/07: not moving is always a way to end, even on 0 MP
        assert hexes.get(mover.at, (None,))[0] == 0 and mover.facing in hexes[mover.at][1]
    expected = baseline_hexes(b, units, "m", mode, rules, careless)
    if not expected and start.legal:  # the oracle answers nothing when no MP can be spent
        expected = {mover.at: (0, (mover.facing,))}
    assert r.hexes(minimum=False) == expected  # (b)


@SETTINGS
@given(scenarios())
def test_jump_reach_replays_legally(scn):
    b, units, rules = scn
    r = reach(b, units, "m", "jump", rules)
    occupied = {u.at for u in units[1:]}
    hexes = r.hexes()
    for h in occupied & set(hexes):  # MOV-30 classic: none; TW: only with room (MOV-34)
        there = [u for u in units[1:] if u.at == h]
        assert not rules.classic and violation(replace(units[0], at=h), there, rules) is None
    for h, (mp, faces) in hexes.items():
        res = check_move(b, units, "m", "jump", r.path_to(h, faces[-1]), rules)
        assert res.legal and res.end_at == h and res.mp_used == mp
    # every other hex is refused by the step checker too (also when none can be reached:
    # a jump may be walled in by terrain higher than it can clear, MOV-05)
    for row in range(b.height):
        for col in range(b.width):
            h = Hex(col, row)
            if h not in hexes:
                token = f"J:{b.hex_name(h)}"
                assert not check_move(b, units, "m", "jump", [token], rules).legal


@SETTINGS
@given(scenarios(), st.lists(st.sampled_from(["walk", "run", "jump", "stand"]), min_size=4))
def test_reach_batch_equals_single_queries(scn, modes):
    b, units, rules = scn
    reqs = [(u.id, modes[i % len(modes)]) for i, u in enumerate(units)] * 2
    for got, (uid, mode) in zip(reach_batch(b, units, reqs, rules), reqs, strict=True):
        one = reach(b, units, uid, mode, rules)
        assert got.hexes() == one.hexes() and got.minimum_hexes() == one.minimum_hexes()
        for h, (_, faces) in got.hexes().items():
            assert got.cost_to(h, faces[0]) == one.cost_to(h, faces[0])
            path = got.path_to(h, faces[0])
            assert check_move(b, units, uid, mode, path, rules).legal
