"""Random boards, moves and dice: resolve_move never raises, answers valid JSON, and
keeps its bookkeeping straight (damage never lost, same dice -> same answer)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from piloting_helpers import board, unit

from game.board import HexSpec
from game.core.dice import Dice
from game.core.options import CLASSIC, TW
from game.rules.piloting.resolve import resolve_move
from game.units.mech import standard_body

TERRAIN = st.sampled_from(
    [
        HexSpec(),
        HexSpec(water=1),
        HexSpec(water=2),
        HexSpec(rubble=True),
        HexSpec(woods=1),
        HexSpec(woods=2),
        HexSpec(level=1),
        HexSpec(level=3),
        HexSpec(pavement=True, road=True),
        HexSpec(building_class=2, building_cf=20, building_height=1),
    ]
)
NAMES = [f"{c:02d}{r:02d}" for c in range(3, 8) for r in range(3, 12)]
STEPS = st.lists(st.sampled_from(["F", "F", "F", "L", "R", "U", "P", "B"]), max_size=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    terrain=st.dictionaries(st.sampled_from(NAMES), TERRAIN, max_size=25),
    kind=st.sampled_from(["biped", "quad", "wheeled", "tracked", "hover"]),
    mode=st.sampled_from(["walk", "run"]),
    steps=STEPS,
    prone=st.booleans(),
    gyro=st.integers(0, 1),
    other=st.booleans(),
    script=st.lists(st.integers(1, 6), max_size=40),
    seed=st.integers(0, 99),
    classic=st.booleans(),
)
def test_resolve_never_raises_and_answers_json(
    terrain: dict[str, HexSpec],
    kind: str,
    mode: str,
    steps: list[str],
    prone: bool,
    gyro: int,
    other: bool,
    script: list[int],
    seed: int,
    classic: bool,
) -> None:
    terrain = {k: v for k, v in terrain.items() if k != "0510"}
    b = board(terrain)
    mech = kind in ("biped", "quad")
    m = unit(kind=kind, walk=6, prone=prone and mech, gyro=gyro if mech else 0)
    units = [m] + ([unit("o", at="0506", side="B", facing=3)] if other else [])
    rules = CLASSIC if classic else TW
    r = resolve_move(b, units, "m", mode, steps, Dice(seed, script), rules)
    j = r.to_json(b)
    json.dumps(j)
    again = resolve_move(b, units, "m", mode, steps, Dice(seed, script), rules)
    assert again.to_json(b) == j
    assert j["end"]["at"] == b.hex_name(r.unit.at)
    if r.body is not None and not r.destroyed:
        taken = sum(g.absorbed for e in r.events if e.type == "damage" for g in e.get("groups"))
        start = standard_body(m.tons, m.kind == "quad")
        lost = start.total_armour() + start.total_structure()
        lost -= r.body.total_armour() + r.body.total_structure()
        collateral = sum(
            v
            for e in r.events
            if e.type == "damage"
            for g in e.get("groups")
            for _, v in g.collateral
        )
        assert lost == taken + collateral
    assert r.unit.damage.pilot_hits <= 6


SKID_PATH = [f"05{r:02d}" for r in range(2, 14)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    terrain=st.dictionaries(st.sampled_from(SKID_PATH), TERRAIN, max_size=6),
    blockers=st.lists(st.sampled_from(SKID_PATH[:8]), max_size=3, unique=True),
    kind=st.sampled_from(["biped", "quad", "wheeled", "tracked"]),
    hexes=st.integers(1, 7),
    script=st.lists(st.integers(1, 6), max_size=10),
    seed=st.integers(0, 99),
)
def test_random_skids_resolve_cleanly(
    terrain: dict[str, HexSpec],
    blockers: list[str],
    kind: str,
    hexes: int,
    script: list[int],
    seed: int,
) -> None:
    road = {f"05{r:02d}": HexSpec(pavement=True, road=True) for r in range(12, 19)}
    b = board(road | terrain)
    m = unit(kind=kind, at="0518", walk=6)
    others = [unit(f"b{i}", at=h, side="B", facing=i % 6) for i, h in enumerate(blockers)]
    steps = ["F"] * hexes + ["R", "F"]
    r = resolve_move(b, [m, *others], "m", "run", steps, Dice(seed, [1, 1, *script]))
    json.dumps(r.to_json(b))
    spots = [u.at for _, u, _ in r.others] + [r.unit.at]
    assert all(b.contains(h) for h in spots)
