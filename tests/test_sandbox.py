"""The sandbox core without pygame (issue 13): placing units and dummy targets, free
movement with the real rules, edits, fixed dice, undo/redo, and the layout saved as a
scenario the referee reads."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import CommitMove, EndPhase, RemoveUnit, StartGame
from game.board import HexSpec, build_board
from game.core.history import History
from game.flow import actor, apply, apply_strict, automatic, waiting
from game.hexgrid import Hex
from game.phases.sandbox import (
    EditLocation,
    EditUnit,
    FixDice,
    PlaceDummy,
    PlaceUnit,
    SetDown,
    SetMoved,
    SetPosture,
)
from game.sandbox import new_sandbox, save_sandbox, scenario_json, undo
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]


def sandbox(w: int = 10, h: int = 10):
    return new_sandbox(build_board(w, h), seed=3)


def act(s, action):
    out = apply(s, action)
    assert out.ok, getattr(out, "reason", "")
    return out.state


def test_a_sandbox_has_no_turn_order_and_never_advances() -> None:
    s = sandbox()
    assert s.phase == "sandbox" and s.turn == 0
    assert actor(s) is None and automatic(s) is None
    assert "never ends" in waiting(s)
    assert "never ends" in apply(s, EndPhase()).reason
    assert "setup phase, not in the sandbox" in apply(s, StartGame()).reason


def test_place_designs_and_dummies_anywhere_then_move_any_unit() -> None:
    s = act(sandbox(), PlaceUnit("JR7-D", "A", Hex(2, 5), 0))
    s = act(s, PlaceDummy("B", Hex(6, 2), 3, tons=65))
    assert [u.id for u in s.units] == ["A1", "B1"]
    dummy = s.unit("B1")
    assert dummy.name == "Dummy 65 t" and dummy.body.tons == 65 and dummy.walk == 0
    assert "occupied" in apply(s, PlaceUnit("HBK-4G", "A", Hex(6, 2), 0)).reason
    assert "unknown design" in apply(s, PlaceUnit("XX-1", "A", Hex(5, 5), 0)).reason
    assert "20..100 tons" in apply(s, PlaceDummy("B", Hex(5, 5), 0, tons=7)).reason
    # free movement: A1 walks, then walks again (no turn order, no "already moved")
    s = act(s, CommitMove("A1", "walk", ("F",)))
    s = act(s, CommitMove("A1", "run", ("F", "F")))
    assert s.unit("A1").at == Hex(2, 2)
    assert [m.mode for m in s.moves if m.unit_id == "A1"] == ["run"]  # the latest counts


def test_dummy_movement_sets_the_target_modifier_cmb_13() -> None:
    s = act(sandbox(), PlaceDummy("B", Hex(4, 4), 0))
    s = act(s, SetMoved("B1", "run", 7))
    rec = s.move_record("B1")
    assert (rec.mode, rec.hexes_moved, rec.target_modifier, rec.attacker_modifier) == (
        "run", 7, 3, 2)  # fmt: skip
    s = act(s, SetMoved("B1", "jump", 7))
    assert s.move_record("B1").target_modifier == 4  # CMB-13: +1 for jumping
    assert "not possible" in apply(s, SetMoved("B1", "stand", 3)).reason


def test_edits_posture_skills_heat_and_armour() -> None:
    s = act(sandbox(), PlaceUnit("HBK-4G", "A", Hex(4, 4), 0))
    s = act(s, SetPosture("A1", "prone"))
    s = act(s, EditUnit("A1", "gunnery", 2))
    s = act(s, EditUnit("A1", "heat", 12))
    s = act(s, EditLocation("A1", "CT", 3, 1, 16))
    s = act(s, EditLocation("A1", "LA", 0, 0, 0))
    u = s.unit("A1")
    assert u.prone and u.gunnery == 2 and u.heat == 12 and u.walk_mp() == 2  # HEAT-06
    assert (u.body["CT"].armour, u.body["CT"].rear) == (3, 1) and u.body["LA"].destroyed
    assert "0..8" in apply(s, EditUnit("A1", "piloting", 9)).reason
    assert "rear armour" in apply(s, EditLocation("A1", "LA", 1, 1, 8)).reason
    s = act(s, SetDown("A1", Hex(0, 0), 2))
    assert s.unit("A1").at == Hex(0, 0) and s.unit("A1").facing == 2
    s = act(s, RemoveUnit("A1"))
    assert s.units == ()


def test_fixed_dice_come_next_and_every_roll_is_logged() -> None:
    b = build_board(10, 10, {Hex(2, 4): HexSpec(water=1)})
    s = act(new_sandbox(b, seed=5), PlaceUnit("HBK-4G", "A", Hex(2, 5), 0))
    s = act(s, FixDice((1, 1)))
    out = apply_strict(s, CommitMove("A1", "walk", ("F",)))  # into depth 1 water: a PSR
    psr = next(e for e in out.events if e.kind == "psr")
    assert psr.rolls[0].faces == (1, 1) and not psr.payload.get("success")
    assert out.state.unit("A1").prone  # PSR-13: the failed roll is a fall
    assert "each 1..6" in apply(s, FixDice((7,))).reason


def test_undo_rolls_new_dice_and_redo_restores_exactly() -> None:
    b = build_board(10, 10, {Hex(2, 4): HexSpec(water=1)})
    s = act(new_sandbox(b, seed=5), PlaceUnit("HBK-4G", "A", Hex(2, 5), 0))
    line = History.begin(s)
    move = CommitMove("A1", "walk", ("F",))
    after = apply_strict(s, move).state
    line = line.push(after)
    back = undo(line)
    assert back.current.units == s.units and back.can_redo
    assert back.redo().current is after
    faces = []
    for _ in range(6):  # trying again after each undo: the dice move on
        again = apply_strict(back.current, move).state
        faces.append(next(e for e in again.log if e.event.kind == "psr").event.rolls[0].faces)
        back = undo(back.push(again))
    assert len(set(faces)) > 1


SANDBOX_ACTIONS = st.one_of(
    st.builds(PlaceUnit, st.sampled_from(["JR7-D", "HBK-4G", "Scorpion"]),
              st.sampled_from("AB"), st.builds(Hex, st.integers(0, 7), st.integers(0, 7)),
              st.integers(0, 5)),
    st.builds(PlaceDummy, st.sampled_from("AB"),
              st.builds(Hex, st.integers(0, 7), st.integers(0, 7)), st.integers(0, 5)),
    st.builds(CommitMove, st.sampled_from(["A1", "B1", "A2"]), st.sampled_from(["walk", "run"]),
              st.lists(st.sampled_from(["F", "L", "R", "B"]), max_size=4).map(tuple)),
    st.builds(SetPosture, st.sampled_from(["A1", "B1"]), st.sampled_from(["prone", "standing"])),
    st.builds(RemoveUnit, st.sampled_from(["A1", "B1"])),
)  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(st.lists(SANDBOX_ACTIONS, max_size=12))
def test_undo_then_redo_is_identity_and_undoing_everything_gives_the_start(actions) -> None:
    start = sandbox(8, 8)
    line = History.begin(start)
    for a in actions:
        out = apply(line.current, a)
        if out.ok:
            line = line.push(out.state)
            assert undo(line).redo().current == line.current
    while line.can_undo:
        line = undo(line)
    assert line.current.units == start.units and line.current.moves == start.moves
    assert line.current.history == start.history and line.current.board is start.board


def test_the_layout_saves_as_a_scenario_the_referee_reads(tmp_path: Path) -> None:
    s = new_sandbox(build_board(12, 12), seed=2)
    s = act(s, PlaceUnit("HBK-4G", "A", Hex(3, 5), 1, gunnery=3))
    s = act(s, PlaceDummy("B", Hex(6, 5), 4, tons=40))
    s = act(s, SetPosture("B1", "prone"))
    path = tmp_path / "sandbox.json"
    save_sandbox(s, path)
    sc = load_scenario(path)
    a, b = sc.unit("A1"), sc.unit("B1")
    assert (a.design, a.gunnery, a.at, a.facing) == ("HBK-4G", 3, Hex(3, 5), 1)
    assert (b.tons, b.prone, b.at) == (40, True, Hex(6, 5))
    data = scenario_json(s)
    data["move"] = {"unit": "A1", "mode": "walk", "steps": ["F"]}
    path.write_text(json.dumps(data), encoding="utf-8")
    p = subprocess.run([sys.executable, "main.py", "rules", "move", str(path)], cwd=ROOT,
                       capture_output=True, text=True)  # fmt: skip
    assert p.returncode == 0 and json.loads(p.stdout)["legal"] is True, p.stderr
