"""End-of-phase rolls and board changes in the hot-seat core: the 20+ damage PSR
(PSR-07/08, G11) and buildings collapsing into rubble at CF 0 (PSR-32, MOV-15)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from game.board import HexSpec, build_board
from game.core.actions import EndPhase
from game.core.options import CLASSIC
from game.designs.roster import make_unit
from game.flow import actor, apply_strict, replay
from game.hexgrid import Hex, direction_to
from game.phases.actions import CommitMove, RollInitiative, StandStill, StartGame
from game.phases.weapons import DeclareFire, to_declare
from game.rules.move.movement import check_move
from game.rules.turn import Phase
from game.setup import new_game
from game.units.unit import Damage


def game(script, damage_a=25, prone_a=False, rules=None, board=None):
    a = make_unit("HBK-4G", "a1", "A", at=Hex(0, 2), facing=3)
    a = replace(a, prone=prone_a, damage=Damage(phase_damage=damage_a))
    b = make_unit("JR7-D", "b1", "B", at=Hex(5, 2), facing=3)
    kw = {"rules": rules} if rules is not None else {}
    s = new_game(board or build_board(8, 8), script=(1, 1, 6, 6, *script), units=(a, b),
                 seed=9, **kw)  # fmt: skip
    s = apply_strict(s, StartGame()).state
    return apply_strict(s, RollInitiative()).state  # B wins, A moves first


def end_movement(s):
    """Both stand still, the movement phase ends; with ``fire`` both then hold their fire
    (the classic 20+ roll comes at the end of the weapon attack phase)."""
    s = apply_strict(s, StandStill("a1")).state
    s = apply_strict(s, StandStill("b1")).state
    return apply_strict(s, EndPhase())


def end_weapon_phase(s):
    out = end_movement(s)
    s, events = out.state, list(out.events)
    while s.phase == Phase.WEAPON_ATTACK:
        uid = to_declare(s, actor(s))[0].id
        out = apply_strict(s, DeclareFire(uid))
        s = out.state
        events += out.events
    return s, events


def test_psr_07_08_twenty_damage_roll_at_the_end_of_the_movement_phase_fails() -> None:
    s = game((1, 1))  # the roll: 1+1 against 5 + 1
    out = end_movement(s)
    [psr] = [e for e in out.events if e.kind == "psr"]
    assert psr.unit_id == "a1" and psr.payload.get("target") == 6
    reasons = [m["reason"] for m in psr.payload.get("modifiers")]
    assert reasons == ["piloting skill", "20+ damage this phase"]
    assert psr.rolls[0].faces == (1, 1) and "fails" in psr.text
    kinds = [e.kind for e in out.events]
    assert kinds.index("psr") < kinds.index("fall") < kinds.index("phase")  # then next phase
    entry = next(e for e in out.state.log if e.event is psr)
    assert entry.phase == Phase.MOVEMENT  # rolled at the end of the phase it was taken in
    a = out.state.unit("a1")
    assert a.prone and a.at == Hex(0, 2)  # falls in place (PSR-13)
    assert all(u.damage.phase_damage == 0 for u in out.state.units)  # the tally resets
    assert replay(out.state.start_board, out.state.start, out.state.history) == out.state


def test_psr_08_twenty_damage_roll_passes_and_resets() -> None:
    out = end_movement(game((6, 6)))
    [psr] = [e for e in out.events if e.kind == "psr"]
    assert psr.payload.get("success") and not out.state.unit("a1").prone
    assert "fall" not in [e.kind for e in out.events]
    assert out.state.unit("a1").damage.phase_damage == 0


def test_psr_08_no_roll_under_twenty_or_when_already_prone() -> None:
    for s in (game((), damage_a=19), game((), prone_a=True)):
        out = end_movement(s)
        assert "psr" not in [e.kind for e in out.events]
        assert out.state.unit("a1").damage.phase_damage == 0


def test_psr_07_classic_rolls_at_the_end_of_the_weapon_attack_phase() -> None:
    assert "psr" not in [e.kind for e in end_movement(game((1, 1), rules=CLASSIC)).events]
    s, events = end_weapon_phase(game((1, 1), rules=CLASSIC))
    [psr] = [e for e in events if e.kind == "psr"]
    entry = next(e for e in s.log if e.event is psr)
    assert entry.phase == Phase.WEAPON_ATTACK  # PSR-07 classic
    assert s.unit("a1").prone


# --- PSR-32 / MOV-15: a building brought to CF 0 collapses into rubble ------------------


def test_building_at_cf_0_becomes_rubble_and_survives_save_and_replay(tmp_path) -> None:
    from game.save import load_game, save_game

    spec = HexSpec(building_class=1, building_cf=5, building_height=1)
    board = build_board(8, 8, {Hex(0, 3): spec})
    s = game((1, 1), damage_a=0, board=board)  # entering the building: 1+1 fails
    armour = s.body("a1").total_armour() + s.body("a1").total_structure()
    out = apply_strict(s, CommitMove("a1", "walk", ("F",)))
    kinds = [e.kind for e in out.events]
    assert "building_damage" in kinds and "building_collapse" in kinds
    b = out.state.board
    assert int(b.building_class[3, 0]) == 0 and bool(b.rubble[3, 0])  # PSR-32 -> rubble
    assert int(b.building_cf[3, 0]) == 0 and int(b.building_height[3, 0]) == 0
    assert int(board.building_class[3, 0]) == 1  # the start board is untouched
    left = s.body("a1")
    after = out.state.body("a1")
    assert armour - (after.total_armour() + after.total_structure()) == 2  # 1 + 1 collapse
    assert left is not after
    # MOV-15: the rubble now costs and rolls like rubble for the next unit
    d = direction_to(Hex(1, 3), Hex(0, 3))
    b1 = replace(out.state.unit("b1"), at=Hex(1, 3), facing=d)  # alone on this board
    check = check_move(b, [b1], "b1", "walk", ["F"])
    assert check.legal and [p.kind for p in check.psrs] == ["rubble"]
    again = replay(out.state.start_board, out.state.start, out.state.history)
    assert again == out.state
    for name in ("building_class", "building_cf", "rubble", "building_height"):
        assert np.array_equal(getattr(again.board, name), getattr(b, name))
    save_game(out.state, tmp_path / "c.json")
    loaded = load_game(tmp_path / "c.json")
    assert loaded == out.state
    for name in ("building_class", "building_cf", "rubble", "building_height"):
        assert np.array_equal(getattr(loaded.board, name), getattr(b, name))
