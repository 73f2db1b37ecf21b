"""The hot-seat core with the real movement rules (check_move) as its mover."""

from __future__ import annotations

from game.board import HexSpec, build_board
from game.core.actions import Refused
from game.designs.roster import make_unit
from game.flow import Outcome, actor, apply, apply_strict
from game.hexgrid import Hex
from game.phases.actions import CommitMove, EndMove, RollInitiative, StandStill, StartGame
from game.rules.turn import Phase
from game.setup import new_game


def start(board):
    a = make_unit("HBK-4G", "a1", "A", at=Hex(0, 2), facing=3)
    b = make_unit("JR7-D", "b1", "B", at=Hex(5, 2), facing=3)
    s = new_game(board, script=(1, 1, 6, 6), units=(a, b))  # B wins, A moves first
    s = apply_strict(s, StartGame()).state
    return apply_strict(s, RollInitiative()).state


def test_walk_with_the_real_rules_mov() -> None:
    s = start(build_board(8, 8))
    assert s.phase == Phase.MOVEMENT and actor(s) == "A"
    out = apply(s, CommitMove("a1", "walk", ("F", "F", "L")))
    assert isinstance(out, Outcome)
    u = out.state.unit("a1")
    assert (u.at, u.facing, u.moved) == (Hex(0, 4), 2, True)
    rec = out.state.move_record("a1")
    assert (rec.mode, rec.mp_used, rec.hexes_moved, rec.attacker_modifier) == ("walk", 3, 2, 1)


def test_illegal_path_is_refused_with_the_rules_reason() -> None:
    s = start(build_board(8, 8, {Hex(0, 3): HexSpec(level=3)}))
    out = apply(s, CommitMove("a1", "walk", ("F",)))
    assert isinstance(out, Refused)
    assert out.reason.startswith("step 1: ")
    out = apply(s, CommitMove("a1", "walk", ("L", "F", "F", "F", "F")))
    assert isinstance(out, Refused) and "MP" in out.reason
    assert isinstance(apply(s, StandStill("a1")), Outcome)


def test_failed_psr_falls_damages_the_body_and_replays() -> None:
    from game.flow import replay

    board = build_board(8, 8, {Hex(0, 3): HexSpec(water=1)})
    a = make_unit("HBK-4G", "a1", "A", at=Hex(0, 2), facing=3)
    b = make_unit("JR7-D", "b1", "B", at=Hex(5, 2), facing=3)
    # initiative 1+1 vs 6+6; entering depth-1 water: PSR 1+1 fails -> fall (PSR-14..17).
    s = new_game(board, script=(1, 1, 6, 6, 1, 1), units=(a, b), seed=4)
    s = apply_strict(s, StartGame()).state
    s = apply_strict(s, RollInitiative()).state
    armour_before = s.body("a1").total_armour()
    out = apply(s, CommitMove("a1", "walk", ("F",)))
    assert isinstance(out, Outcome)
    kinds = [e.kind for e in out.events]
    assert kinds[0] == "psr" and "fall" in kinds and kinds[-1] == "underway"
    psr = next(e for e in out.events if e.kind == "psr")
    assert psr.rolls[0].faces == (1, 1) and "fails" in psr.text
    s = out.state
    u = s.unit("a1")
    # MOV-23: it fell with MP left, so its move is under way until the player ends it
    assert u.prone and not u.moved and u.at == Hex(0, 3) and s.underway.unit_id == "a1"
    s = apply_strict(s, EndMove("a1")).state
    assert s.unit("a1").moved and s.underway is None
    assert s.body("a1").total_armour() < armour_before
    assert replay(s.board, s.start, s.history) == s


def test_building_damage_changes_the_board_and_survives_save(tmp_path) -> None:
    from game.save import load_game, save_game

    spec = HexSpec(building_class=2, building_cf=40, building_height=1)
    board = build_board(8, 8, {Hex(0, 3): spec})
    a = make_unit("HBK-4G", "a1", "A", at=Hex(0, 2), facing=3)
    b = make_unit("JR7-D", "b1", "B", at=Hex(5, 2), facing=3)
    # initiative 1+1 vs 6+6; entering the medium building: PSR 1+1 fails (MOV-26, PSR-08).
    s = new_game(board, script=(1, 1, 6, 6, 1, 1), units=(a, b), seed=4)
    s = apply_strict(s, StartGame()).state
    s = apply_strict(s, RollInitiative()).state
    out = apply(s, CommitMove("a1", "walk", ("F",)))
    assert isinstance(out, Outcome)
    hit = [e for e in out.events if e.kind == "building_damage"]
    assert hit, [e.kind for e in out.events]
    left = int(out.state.board.building_cf[3, 0])
    assert left == 40 - 5  # ceil(50 / 10) to the building
    assert int(board.building_cf[3, 0]) == 40  # the start board is untouched
    save_game(out.state, tmp_path / "b.json")
    loaded = load_game(tmp_path / "b.json")
    assert loaded == out.state and int(loaded.board.building_cf[3, 0]) == left


def test_preview_and_reach_for_the_ui() -> None:
    from game.phases.movers import preview_move, reach_of

    s = start(build_board(8, 8))
    r = reach_of(s, "a1", "walk")
    assert Hex(0, 4) in r.hexes()
    path = r.path_to(Hex(0, 4), 3)
    check = preview_move(s, "a1", "walk", tuple(path))
    assert check.legal and check.end_at == Hex(0, 4) and s.faces_used == 4
    out = apply(s, CommitMove("a1", "walk", tuple(path)))
    assert isinstance(out, Outcome) and out.state.unit("a1").at == Hex(0, 4)
