"""Whole games on the core: a bundled map with its zones, a scenario start, and random
action sequences that must replay and reload to the identical state."""

from __future__ import annotations

import json
from pathlib import Path

from hotseat_helpers import fake_mover, hold_fire
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board import build_board
from game.core.actions import EndPhase
from game.flow import actor, apply, apply_strict, replay
from game.phases.actions import AddUnit, CommitMove, Deploy, RollInitiative, StandStill, StartGame
from game.phases.deployment import deploying_side, undeployed
from game.phases.movement import to_move
from game.phases.movers import rules_mover
from game.phases.weapons import DeclareFire, to_declare
from game.rules.deploy import legal_deploy_hexes
from game.rules.turn import Phase, order_for_sides
from game.save import load_game, save_game
from game.setup import new_game, new_game_from_map, new_game_from_scenario
from game.state import GameState


def deploy_all(s: GameState) -> GameState:
    while deploying_side(s) is not None:
        unit = undeployed(s, deploying_side(s))[0]
        free = legal_deploy_hexes(s.board, unit.side, [u for u in s.units if u != unit], unit.kind)
        s = apply_strict(s, Deploy(unit.id, min(free), 3)).state
    return s


def test_bundled_map_zones_real_rules_save_and_load(tmp_path: Path) -> None:
    s = new_game_from_map("maps/default.tmx", seed=11)
    assert s.start.map_ref == "maps/default.tmx"
    for design, side in (("HBK-4G", "A"), ("LCT-1V", "A"), ("AS7-D", "B")):
        s = apply_strict(s, AddUnit(design, side)).state
    s = apply_strict(s, StartGame()).state
    s = deploy_all(s)
    zone_a = next(z for z in s.board.zones if z.side == "A").hexes
    assert all(u.at in zone_a for u in s.side_units("A"))
    s = apply_strict(s, RollInitiative()).state
    while s.phase == Phase.MOVEMENT and actor(s):
        unit = to_move(s, actor(s))[0]
        out = apply(s, CommitMove(unit.id, "walk", ("F",)))
        s = out.state if out.ok else apply_strict(s, StandStill(unit.id)).state
    assert any(m.mode == "walk" for m in s.moves)
    s = hold_fire(apply_strict(s, EndPhase()).state, rules_mover)
    assert s.turn == 2
    path = tmp_path / "map.json"
    save_game(s, path)
    assert json.loads(path.read_text())["start"]["board"] == {"file": "maps/default.tmx"}
    loaded = load_game(path)
    assert loaded == s and loaded.board.zones == s.board.zones


def test_scenario_start(tmp_path: Path) -> None:
    scenario = {
        "board": {"width": 6, "height": 6, "hexes": {"0303": {"woods": 1}}},
        "units": [
            {"id": "x", "side": "red", "kind": "biped", "tons": 50, "walk": 4, "at": "0101",
             "facing": 2},
            {"id": "y", "side": "blue", "kind": "tracked", "tons": 25, "walk": 4, "at": "0606",
             "facing": 5},
        ],
        "dice": [6, 6, 1, 1],
    }  # fmt: skip
    path = tmp_path / "sc.json"
    path.write_text(json.dumps(scenario))
    s = new_game_from_scenario(path)
    assert s.sides == ("blue", "red") and s.start.map_ref is None
    assert s.body("x") is not None and s.body("y") is None
    s = apply_strict(s, StartGame()).state
    s = apply_strict(s, RollInitiative()).state
    assert s.initiative.winner == "blue" and actor(s) == "red"
    save_game(s, tmp_path / "save.json")
    assert load_game(tmp_path / "save.json") == s


SIZES = st.tuples(st.integers(1, 4), st.integers(1, 4))


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(sizes=SIZES, seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 9), max_size=40))
def test_random_games_follow_the_order_and_replay(tmp_path: Path, sizes, seed, picks) -> None:
    """TURN-06/08: each phase, the sides act exactly in the order the counts give."""
    s = new_game(build_board(8, 8), seed=seed)
    for side, n in zip(("A", "B"), sizes, strict=True):
        for _ in range(n):
            s = apply_strict(s, AddUnit("HBK-4G", side), fake_mover).state
    s = deploy_all(apply_strict(s, StartGame(), fake_mover).state)
    pick = iter(picks)
    for _turn in range(2):
        s = apply_strict(s, RollInitiative(), fake_mover).state
        counts = {"A": sizes[0], "B": sizes[1]}
        expected = order_for_sides(s.initiative.winner, counts, s.rules)
        acted = []
        while actor(s) is not None:
            side = actor(s)
            acted.append(side)
            choices = to_move(s, side)
            unit = choices[next(pick, 0) % len(choices)]
            steps = ("X", "F") if next(pick, 0) % 2 else ()
            s = apply_strict(s, CommitMove(unit.id, "walk", steps), fake_mover).state
        assert acted == expected
        s = apply_strict(s, EndPhase(), fake_mover).state
        declared = []  # TURN-07: the weapon attack phase declares in the same order
        while actor(s) is not None:
            declared.append(actor(s))
            unit = to_declare(s, actor(s))[next(pick, 0) % len(to_declare(s, actor(s)))]
            s = apply_strict(s, DeclareFire(unit.id), fake_mover).state
        assert declared == expected and s.phase == Phase.INITIATIVE
    assert replay(s.board, s.start, s.history, fake_mover) == s
    save_game(s, tmp_path / "p.json")
    assert load_game(tmp_path / "p.json", fake_mover) == s


def test_log_lines_name_the_facing_and_going_prone(tmp_path: Path) -> None:  # MOV-22
    scenario = {
        "board": {"width": 6, "height": 6, "hexes": {}},
        "units": [
            {"id": "x", "side": "red", "kind": "biped", "tons": 50, "walk": 4, "at": "0303",
             "facing": 2},
            {"id": "y", "side": "blue", "kind": "biped", "tons": 50, "walk": 4, "at": "0606",
             "facing": 5},
        ],
        "dice": [6, 6, 1, 1],
    }  # fmt: skip
    path = tmp_path / "sc.json"
    path.write_text(json.dumps(scenario))
    s = apply_strict(new_game_from_scenario(path), StartGame()).state
    s = apply_strict(s, RollInitiative()).state  # blue wins, red moves first
    out = apply_strict(s, CommitMove("x", "walk", ("P",)))
    assert out.events[-1].text == (
        "x stays in 0303 and goes prone, facing SE (walk: 1 MP, heat +1, target modifier +0)"
    )
    out = apply_strict(out.state, StandStill("y"))
    assert out.events[0].text == "y stands still"
