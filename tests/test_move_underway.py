"""Moves that go on after a failed roll (MOV-23): the movement phase keeps a move under
way while MP remain, the player goes on with it or ends it (game.phases.movement). The
real movement rules are the mover; no pygame."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.board import build_board
from game.core.actions import Refused
from game.designs.roster import make_unit
from game.flow import Outcome, actor, apply, apply_strict, choices, replay
from game.hexgrid import Hex
from game.phases.actions import (
    CommitMove,
    EndMove,
    RollInitiative,
    SelectUnit,
    StandStill,
    StartGame,
)
from game.phases.movement import to_move
from game.save import load_game, save_game
from game.setup import new_game

INITIATIVE = (1, 1, 6, 6)  # B wins, A moves first
FAIL_STAND = (1, 1)  # the stand-up roll (needs 5: piloting 5, attempting to stand +0)
FALL = (1, 3, 4, 6, 6)  # facing roll 1 (no turn), location 3+4 (centre torso), pilot 6+6
PASS = (6, 6)


def start(*faces: tuple[int, ...], prone: bool = True):
    a = replace(make_unit("HBK-4G", "a1", "A", at=Hex(2, 2), facing=3), prone=prone)
    a2 = make_unit("GRF-1N", "a2", "A", at=Hex(4, 2), facing=3)
    b = make_unit("JR7-D", "b1", "B", at=Hex(6, 6), facing=0)
    script = INITIATIVE + tuple(f for group in faces for f in group)
    s = new_game(build_board(8, 8), script=script, units=(a, a2, b), seed=3)
    s = apply_strict(s, StartGame()).state
    return apply_strict(s, RollInitiative()).state


def test_mov_23_failed_stand_up_leaves_the_move_under_way_then_a_second_try() -> None:
    s = start(FAIL_STAND, FALL, PASS)
    out = apply_strict(s, CommitMove("a1", "walk", ("U",)))
    kinds = [e.kind for e in out.events]
    assert kinds[0] == "psr" and "fall" in kinds and kinds[-1] == "underway"
    s = out.state
    u = s.unit("a1")
    assert u.prone and not u.moved and s.underway.mp_left == 2 and actor(s) == "A"
    assert "2 MP left" in out.events[-1].text and "(U)" in out.events[-1].text
    out = apply_strict(s, CommitMove("a1", "walk", ("U",)))  # 2 MP left: one more try
    s = out.state
    u = s.unit("a1")
    assert not u.prone and u.moved and s.underway is None
    rec = s.move_record("a1")
    assert (rec.mp_used, rec.heat) == (4, 1)  # walking only: standing up makes no heat (MOV-36)
    assert out.events[-1].kind == "move" and "stands up" in out.events[-1].text
    assert [u.id for u in to_move(s)] == ["a2", "b1"]  # the move is over (TURN-06)
    assert replay(s.board, s.start, s.history) == s


def test_mov_23_stand_up_first_then_plan_the_rest() -> None:
    """U alone does not end the move while MP remain (the player sees the roll first)."""
    s = start(PASS)
    s = apply_strict(s, CommitMove("a1", "run", ("U",), partial=True)).state
    u = s.unit("a1")
    assert not u.prone and not u.moved and s.underway.mp_left == 4
    s = apply_strict(s, CommitMove("a1", "run", ("F", "F"))).state
    u, rec = s.unit("a1"), s.move_record("a1")
    assert u.moved and u.at == Hex(2, 4)
    assert (rec.mode, rec.mp_used, rec.hexes_moved, rec.heat) == ("run", 4, 2, 2)  # MOV-36


def test_mov_23_a_fall_cuts_the_planned_path_and_the_unit_may_go_on() -> None:
    s = start(FAIL_STAND, FALL)
    out = apply_strict(s, CommitMove("a1", "walk", ("U", "F")))
    ends = [e for e in out.events if e.kind == "move_ends"]
    assert ends and "cannot go on along the planned path now" in ends[0].text
    assert "step 1 ('F')" not in ends[0].text  # no debug wording in the log
    s = out.state
    assert s.underway is not None and s.underway.steps == ("U", "F")
    assert s.unit("a1").prone and not s.unit("a1").moved
    s = apply_strict(s, CommitMove("a1", "walk", ("R",))).state  # turn while prone (MOV-21)
    assert s.unit("a1").moved and s.unit("a1").facing == 4
    assert s.move_record("a1").mp_used == 3


def test_a_move_under_way_comes_first_and_ends_with_end_move() -> None:
    s = start(FAIL_STAND, FALL)
    s = apply_strict(s, CommitMove("a1", "walk", ("U",))).state
    for action in (StandStill("a2"), CommitMove("a2", "walk", ("F",)), SelectUnit("a2")):
        out = apply(s, action)
        assert isinstance(out, Refused) and "a1's move is under way" in out.reason
    assert "as a walk" in apply(s, CommitMove("a1", "run", ("U",))).reason
    assert "end it where it stands" in apply(s, StandStill("a1")).reason
    assert set(type(a).__name__ for a in choices(s)) == {"EndMove", "CommitMove"}
    out = apply_strict(s, EndMove("a1"))
    assert out.events[-1].kind == "move" and "still prone" in out.events[-1].text
    s = out.state
    assert s.unit("a1").moved and s.underway is None and len(to_move(s)) == 2
    assert s.move_record("a1").mp_used == 2
    assert "no move under way" in apply(s, EndMove("b1")).reason


def test_a_part_that_uses_the_last_mp_ends_the_move() -> None:
    s = start(FAIL_STAND, FALL, PASS)
    s = apply_strict(s, CommitMove("a1", "walk", ("U",), partial=True)).state
    assert s.underway is not None
    s = apply_strict(s, CommitMove("a1", "walk", ("U",), partial=True)).state
    assert s.underway is None and s.unit("a1").moved and not s.unit("a1").prone


def test_a_jump_is_never_taken_in_parts() -> None:
    s = start(prone=False)
    out = apply(s, CommitMove("a2", "jump", ("J:0504",), partial=True))  # GRF-1N: jump 5
    assert isinstance(out, Refused) and "cannot be taken in parts" in out.reason


def test_a_game_saved_with_a_move_under_way_loads_and_goes_on(tmp_path: Path) -> None:
    s = start(FAIL_STAND, FALL, PASS)
    s = apply_strict(s, CommitMove("a1", "walk", ("U",))).state
    save_game(s, tmp_path / "g.json")
    loaded = load_game(tmp_path / "g.json")
    assert loaded == s and loaded.underway == s.underway
    assert [e.text for e in loaded.log] == [e.text for e in s.log]
    out = apply(loaded, CommitMove("a1", "walk", ("U",)))
    assert isinstance(out, Outcome) and out.state.unit("a1").moved
