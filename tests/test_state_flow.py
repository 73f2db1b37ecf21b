"""The hot-seat core without pygame: a whole scripted turn, refusals, replay.

Movement is carried out by tests/hotseat_helpers.py, so these tests pin down the turn
sequence itself (TURN-05, TURN-06, TURN-08, TURN-14) apart from the movement rules.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hotseat_helpers import SCRIPT, act, fake_mover, hold_fire, refused, setup_game

from game.board import build_board
from game.core.actions import EndPhase, IllegalActionError
from game.designs.roster import make_unit
from game.flow import Outcome, actor, apply, apply_strict, banner, replay, waiting
from game.hexgrid import Hex
from game.phases.actions import (
    AddUnit,
    CommitMove,
    DeclareMode,
    Deploy,
    RemoveUnit,
    RollInitiative,
    SelectUnit,
    StandStill,
    StartGame,
)
from game.phases.movement import to_move
from game.rules.turn import Phase
from game.setup import new_game
from game.units.crithits import damaged
from game.units.unit import Damage


def test_setup_builds_forces_from_the_roster() -> None:
    s = new_game(build_board(10, 8))
    s = act(s, AddUnit("HBK-4G", "A", piloting=4, gunnery=3))
    s = act(s, AddUnit("LCT-1V", "A", unit_id="scout"))
    assert [u.id for u in s.units] == ["A1", "scout"]
    assert s.unit("A1").piloting == 4 and s.body("A1").total_armour() == 160
    assert "taken" in refused(s, AddUnit("AS7-D", "A", unit_id="scout"))
    assert "unknown design" in refused(s, AddUnit("XX-1", "A"))
    assert "no side" in refused(s, AddUnit("AS7-D", "Q"))
    assert "side B has no units" in refused(s, StartGame())
    s = act(s, RemoveUnit("scout"))
    assert s.unit("scout") is None and s.phase == "setup"


def test_deployment_order_and_zone() -> None:
    s = new_game(build_board(10, 8))
    s = act(s, AddUnit("HBK-4G", "A"))
    s = act(s, AddUnit("JR7-D", "B"))
    s = act(s, StartGame())
    assert "side A deploys now" in refused(s, Deploy("B1", Hex(9, 0), 4))
    assert "outside side A" in refused(s, Deploy("A1", Hex(5, 0), 2))
    s = act(s, Deploy("A1", Hex(0, 0), 2))
    assert "one Mech per hex (MOV-34)" in refused(s, Deploy("B1", Hex(0, 0), 2))
    s = act(s, Deploy("B1", Hex(9, 0), 4))
    assert s.phase == Phase.INITIATIVE and s.turn == 1
    assert "roll initiative" in refused(s, EndPhase())


def test_whole_scripted_turn_tw_unequal_numbers() -> None:
    s = setup_game()
    s = act(s, RollInitiative())
    assert s.initiative.winner == "B" and s.initiative.rounds == ({"A": 5, "B": 8},)
    assert s.phase == Phase.MOVEMENT
    # TURN-08: loser A has 3, winner B 2 -> A B, then 2 vs 1 -> A A B.
    assert s.move_order == ("A", "B", "A", "A", "B")
    assert "Side A to move" in banner(s)

    assert "side A moves now" in refused(s, CommitMove("B1", "walk", ("F",)))
    assert "needs 5 MP" in refused(s, CommitMove("A1", "walk", ("F",) * 5))
    s = act(s, SelectUnit("A1"))
    s = act(s, DeclareMode("A1", "walk"))
    assert (s.active_unit, s.declared_mode) == ("A1", "walk")
    out = apply(s, CommitMove("A1", "walk", ("F", "X", "F")), fake_mover)
    assert isinstance(out, Outcome)
    s = out.state
    assert [e.kind for e in out.events] == ["roll", "move"]  # the result after its dice
    assert out.events[0].rolls[0].faces == (6, 6)
    assert out.events[1].text == (
        "A1 (Hunchback HBK-4G) walks 2 hexes to 0404, facing SE (3 MP, heat +0, target modifier +0)"
    )
    assert s.unit("A1").at == Hex(3, 3) and s.unit("A1").moved
    assert s.active_unit is None
    assert "already moved" in refused(s, StandStill("A1"))

    assert actor(s) == "B"
    s = act(s, CommitMove("B1", "run", ("F", "F")))
    assert s.move_order == ("A", "A", "B")
    s = act(s, CommitMove("A2", "run", ("F",) * 4 + ("L", "R") * 4))
    assert "2 units still have to act" in refused(s, EndPhase())
    s = act(s, StandStill("A3"))  # TURN-06: counts as moved
    assert s.move_record("A3").mode == "stand"
    assert "1 unit still" in refused(s, EndPhase())
    s = act(s, CommitMove("B2", "walk", ("L", "F")))
    assert (waiting(s) is None) and s.move_order == ()

    out = apply(s, EndPhase(), fake_mover)
    assert isinstance(out, Outcome) and out.phase_changed
    s = out.state
    phases = [e.payload for e in out.events if e.kind == "phase"]
    assert phases == ["aerospace movement", "weapon attack"]  # waits for declarations
    assert s.phase == Phase.WEAPON_ATTACK and s.move_order == ("A", "B", "A", "A", "B")
    logged = len(s.log)
    s = hold_fire(s)  # the last declaration closes the phase (TURN-07)
    phases = [e.event.payload for e in s.log[logged:] if e.event.kind == "phase"]
    assert phases == ["physical attack", "heat", "end", "initiative"]
    assert s.turn == 2 and s.phase == Phase.INITIATIVE
    assert not any(u.moved for u in s.units) and s.moves == ()
    s = act(s, RollInitiative())
    assert s.initiative.winner == "A" and s.move_order[0] == "B"
    assert s.faces_used == len(SCRIPT) == 10


def test_classic_phase_sequence_and_order() -> None:
    from game.core.options import CLASSIC

    s = setup_game()
    s = replace(s, start=replace(s.start, rules=CLASSIC))
    s = act(s, RollInitiative())
    assert s.move_order == ("A", "B", "A", "A", "B")  # TURN-09 gives the same here
    for uid in ("A1", "B1", "A2", "A3", "B2"):
        s = act(s, StandStill(uid))
    logged = len(s.log)
    s = hold_fire(act(s, EndPhase()))
    phases = [e.event.payload for e in s.log[logged:] if e.event.kind == "phase"]
    assert phases == ["reaction", "weapon attack", "physical attack", "heat", "end", "initiative"]


def test_unconscious_pilot_stands_still_and_wakes_in_end_phase_psr21() -> None:
    board = build_board(6, 6)
    sleeper = make_unit("HBK-4G", "a1", "A", at=Hex(0, 0), facing=2)
    sleeper = replace(sleeper, damage=Damage(pilot_hits=2, unconscious=True))
    foe = make_unit("JR7-D", "b1", "B", at=Hex(5, 5), facing=5)
    # initiative A 1+1, B 6+6; wake-up roll 2+2 = 4 < 5 fails; next turn 3+3 = 6 wakes.
    s = new_game(board, script=(1, 1, 6, 6, 2, 2, 1, 1, 6, 6, 3, 3), units=(sleeper, foe))
    s = act(s, StartGame())
    assert s.phase == Phase.INITIATIVE  # scenario units are already deployed
    s = act(s, RollInitiative())
    assert "only stand still" in refused(s, CommitMove("a1", "walk", ("F",)))
    s = act(s, StandStill("a1"))
    s = act(s, StandStill("b1"))
    logged = len(s.log)
    s = hold_fire(act(s, EndPhase()))  # b1 declares; a1's pilot cannot (PSR-20)
    wake = [e.event for e in s.log[logged:] if e.event.kind == "wake_up"]
    assert len(wake) == 1 and wake[0].rolls[0].target == 5 and "stays" in wake[0].text
    assert s.unit("a1").damage.unconscious
    s = act(s, RollInitiative())
    s = act(s, StandStill("a1"))
    s = act(s, StandStill("b1"))
    s = hold_fire(act(s, EndPhase()))
    assert not s.unit("a1").damage.unconscious and s.turn == 3


def test_destroyed_units_do_not_count_turn08() -> None:
    board = build_board(6, 6)
    units = [make_unit("HBK-4G", f"a{i}", "A", at=Hex(0, i), facing=2) for i in range(3)]
    dead = replace(units[2], body=damaged(units[2].tons, body=units[2].body, engine=3)[0])
    b = make_unit("JR7-D", "b1", "B", at=Hex(5, 5), facing=5)
    s = new_game(board, script=(6, 6, 1, 1), units=(units[0], units[1], dead, b))
    s = act(s, StartGame())
    s = act(s, RollInitiative())  # A wins; B (1 unit) first, then A 2 (2 >= 2x1)
    assert s.move_order == ("B", "A", "A")
    assert "destroyed" in refused(s, StandStill("a2"))


def test_refusals_outside_movement() -> None:
    s = setup_game()
    assert "movement phase" in refused(s, CommitMove("A1", "walk", ("F",)))
    assert "started in the setup phase, not in the initiative" in refused(s, StartGame())
    s = act(s, RollInitiative())
    assert "initiative is rolled in the initiative phase" in refused(s, RollInitiative())
    assert "not one of" in refused(s, DeclareMode("A1", "fly"))
    assert "no jump MP" in refused(s, DeclareMode("A1", "jump"))
    assert "no unit" in refused(s, SelectUnit("Z9"))
    with pytest.raises(IllegalActionError, match="side A moves now"):
        apply_strict(s, StandStill("B1"), fake_mover)


def test_refused_action_changes_nothing() -> None:
    """A refused action leaves no trace: the next action draws the same dice and reaches
    the same state as if the refused one had never been tried."""
    s = act(setup_game(), RollInitiative())
    plain = act(s, CommitMove("A1", "walk", ("X", "F")))  # rolls a PSR
    refused(s, CommitMove("A1", "walk", ("X",) + ("F",) * 9))  # would roll, then fails
    refused(s, CommitMove("A1", "walk", ("X", "Q")))  # rolls the PSR, then is refused
    again = act(s, CommitMove("A1", "walk", ("X", "F")))
    assert again == plain and again.faces_used == plain.faces_used == s.faces_used + 2
    assert again.log == plain.log and len(again.history) == len(s.history) + 1


def test_replay_gives_the_identical_state() -> None:
    s = setup_game(script=(2, 3, 4, 4))  # later rolls come from the seed
    s = act(s, RollInitiative())
    for uid, steps in (("A1", ("X", "F")), ("B1", ("X",)), ("A2", ("X", "F")), ("A3", ())):
        s = act(s, CommitMove(uid, "walk", steps))
    s = act(s, CommitMove("B2", "walk", ("X", "R")))
    s = hold_fire(act(s, EndPhase()))
    s = act(s, RollInitiative())
    again = replay(s.board, s.start, s.history, fake_mover)
    assert again == s
    assert again.log == s.log and again.faces_used == s.faces_used > 4


def test_a_dodge_counts_as_the_dodgers_move_psr37() -> None:
    from game.phases.movers import MoveReport
    from game.state import MoveRecord

    def dodging_mover(state, dice, unit_id, mode, steps):
        rec = MoveRecord(unit_id, mode)
        return MoveReport(True, None, state.units, (), rec, (), ("B1",))

    s = setup_game()
    s = act(s, RollInitiative())  # order A B A A B
    out = apply(s, CommitMove("A1", "run", ("F",)), dodging_mover)
    s = out.state
    assert s.unit("B1").moved and s.move_record("B1").mode == "dodge"
    # recount at once: A 2 left, B 1 left -> A A B (TURN-08 after PSR-37)
    assert s.move_order == ("A", "A", "B") and actor(s) == "A"


def test_units_destroyed_during_a_move_leave_the_order_cmb37() -> None:
    from game.phases.movers import MoveReport
    from game.state import MoveRecord

    def deadly_mover(state, dice, unit_id, mode, steps):
        rec = MoveRecord(unit_id, mode)
        return MoveReport(True, None, state.units, (), rec, destroyed=("B1",))

    s = setup_game()
    s = act(s, RollInitiative())  # order A B A A B
    s = apply(s, CommitMove("A1", "run", ("F",)), deadly_mover).state
    assert s.is_destroyed(s.unit("B1")) and s.wrecked == ("B1",)
    assert "destroyed" in refused(s, StandStill("B1"))
    # recount at once: A 2 left, B 1 -> A A B (TURN-08: destroyed units do not count)
    assert s.move_order == ("A", "A", "B") and len(to_move(s, "B")) == 1
