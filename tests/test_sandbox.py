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

from game.board import HexSpec, build_board
from game.core.actions import EndPhase
from game.core.history import History
from game.flow import actor, apply, apply_strict, automatic, replay, waiting
from game.hexgrid import Hex
from game.phases.actions import CommitMove, RemoveUnit, StartGame
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
from game.phases.sandbox_game import save_sandbox, scenario_json, undo
from game.scenario.reader import load_scenario
from game.setup import new_sandbox

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
    assert "one Mech per hex (MOV-34)" in apply(s, PlaceUnit("HBK-4G", "A", Hex(6, 2), 0)).reason
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


def test_fixed_dice_survive_an_undo_so_the_exact_case_is_tried_again() -> None:
    b = build_board(10, 10, {Hex(2, 4): HexSpec(water=1)})
    s = act(new_sandbox(b, seed=5), PlaceUnit("HBK-4G", "A", Hex(2, 5), 0))
    line = History.begin(act(s, FixDice((1, 1))))
    move = CommitMove("A1", "walk", ("F",))
    for _ in range(3):
        out = apply_strict(line.current, move)
        psr = next(e for e in out.events if e.kind == "psr")
        assert psr.rolls[0].faces == (1, 1)
        line = undo(line.push(out.state))


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


# --- attacks, the editor's new actions, scenarios (issue 13) ----------------------------

from game.phases.sandbox import (  # noqa: E402
    EditAmmo,
    EditCrit,
    EditWeapon,
    SandboxFire,
    SandboxStrike,
)
from game.phases.weapons import options_at  # noqa: E402
from game.rules.combat.tohit import mounts  # noqa: E402
from game.setup import sandbox_from_scenario  # noqa: E402


def duel(w: int = 12, h: int = 12):
    """A Hunchback facing a 50-ton dummy three hexes north of it."""
    s = act(new_sandbox(build_board(w, h), seed=4), PlaceUnit("HBK-4G", "A", Hex(3, 6), 0))
    return act(s, PlaceDummy("B", Hex(3, 3), 3, tons=50))


def test_sandbox_fire_resolves_at_once_as_in_play_cmb_01() -> None:
    s = act(duel(), FixDice((6, 6, 4, 3)))  # medium laser: to-hit 12, location 7 (CT)
    out = apply_strict(s, SandboxFire("A1", ("B1",), ((0,),)))
    kinds = [e.kind for e in out.events]
    assert kinds[:3] == ["declared", "shot", "damage"]
    assert out.state.unit("B1").body["CT"].armour == s.unit("B1").body["CT"].armour - 5
    assert out.state.unit("A1").body.ammo == s.unit("A1").body.ammo  # lasers use none
    again = apply_strict(out.state, SandboxFire("A1", ("B1",), ((2,),)))  # AC/20 spends a shot
    assert again.state.unit("A1").body.ammo[0] == s.unit("A1").body.ammo[0] - 1
    assert "not a unit of another side" in apply(s, SandboxFire("A1", ("A1",), ((0,),))).reason
    assert "at most once" in apply(s, SandboxFire("A1", ("B1",), ((0, 0),))).reason
    n = len(mounts(s.unit("A1")))
    why = apply(s, SandboxFire("A1", ("B1",), ((n,),))).reason  # numbers as on the sheet
    assert why == f"A1 has no weapon number {n + 1} (it has {n})"


def test_sandbox_fire_numbers_are_the_attack_screens_cmb_13() -> None:
    s = act(duel(), SetMoved("B1", "jump", 5))
    opts = options_at(s, "A1", "B1")
    reasons = [m.reason for m in opts.weapons[0].modifiers]
    assert any("jump" in r for r in reasons)
    assert opts.weapons[0].target == 4 + 2 + 1  # gunnery 4, target moved 5 (+2), jumped (+1)


def test_a_shut_down_or_out_of_range_unit_cannot_fire_heat_08() -> None:
    s = act(duel(), EditUnit("A1", "shutdown", 1))
    assert "shut down" in apply(s, SandboxFire("A1", ("B1",), ((0,),))).reason
    assert s.unit("A1").damage.shutdown
    s = act(s, EditUnit("A1", "shutdown", 0))
    s = act(s, SetDown("B1", Hex(3, 0), 3))
    s = act(s, SetDown("A1", Hex(3, 11), 0))
    assert "out of range" in apply(s, SandboxFire("A1", ("B1",), ((3,),))).reason


def test_sandbox_strike_resolves_a_physical_attack_phy_04() -> None:
    s = act(duel(), SetDown("B1", Hex(3, 5), 3))  # adjacent, facing the Hunchback
    s = act(s, FixDice((6, 6, 1)))  # punch: to-hit 12, location 1 (left arm)
    out = apply_strict(s, SandboxStrike("A1", ("punch",), ("B1",), ("RA",)))
    blow = next(e for e in out.events if e.kind == "blow")
    assert blow.payload.get("hit")
    assert out.state.unit("B1").body.total_armour() == s.unit("B1").body.total_armour() - 5
    two = SandboxStrike("A1", ("punch", "kick"), ("B1", "B1"), ("RA", "LL"))
    assert "PHY-04" in apply(s, two).reason
    far = act(s, SetDown("B1", Hex(3, 1), 3))
    assert "adjacent" in apply(far, SandboxStrike("A1", ("kick",), ("B1",), ("RL",))).reason


def test_editing_criticals_ammo_and_pilot_cmb_30() -> None:
    s = duel()
    s = act(s, EditCrit("A1", "CT", 3))  # a gyro slot
    assert s.unit("A1").crits.gyro == 1
    s = act(s, EditCrit("A1", "CT", 3, hit=False))
    assert s.unit("A1").crits.gyro == 0
    gun = next(k for k, slot in enumerate(s.unit("A1").body.built.layout[3]) if slot
               and slot.mount == 2)  # fmt: skip
    s = act(s, EditCrit("A1", "RT", gun))
    assert s.unit("A1").body.weapon_destroyed(2)
    empty = next((c, k) for c, row in zip(s.unit("A1").body.codes, s.unit("A1").body.built.layout,
                 strict=True) for k, slot in enumerate(row) if slot is None)  # fmt: skip
    assert "empty" in apply(s, EditCrit("A1", *empty)).reason
    assert "pilot hits to 6" in apply(s, EditCrit("A1", "HD", 2)).reason
    ammo = next(k for k, slot in enumerate(s.unit("A1").body.built.layout[2]) if slot
                and slot.bin >= 0)  # fmt: skip
    assert "shots instead" in apply(s, EditCrit("A1", "LT", ammo)).reason
    s = act(s, EditAmmo("A1", 0, 1))
    assert s.unit("A1").body.ammo[0] == 1
    assert "0..5 shots" in apply(s, EditAmmo("A1", 0, 9)).reason
    s = act(s, EditUnit("A1", "pilot_hits", 6))
    assert s.unit("A1").destroyed and s.unit("A1").damage.unconscious  # PSR-19


def test_editing_a_vehicle_and_destroying_locations_cmb_28_37() -> None:
    s = act(sandbox(), PlaceUnit("Scorpion", "A", Hex(2, 2), 0))
    s = act(s, EditWeapon("A1", 0))
    assert s.unit("A1").hull.weapon_destroyed(0)
    s = act(s, EditLocation("A1", "FR", 3, 0, 2))
    assert s.unit("A1").hull["FR"].armour == 3
    s = act(s, EditLocation("A1", "RR", 0, 0, 0))
    assert s.unit("A1").destroyed
    s = act(s, PlaceDummy("B", Hex(5, 5), 0))
    s = act(s, EditLocation("B1", "LT", 0, 0, 0))
    assert s.unit("B1").body["LA"].destroyed  # CMB-28: the arm goes with its side torso
    s = act(s, EditLocation("B1", "CT", 0, 0, 0))
    assert s.unit("B1").destroyed  # CMB-37
    s = act(s, EditLocation("B1", "CT", 5, 2, 10))
    assert not s.unit("B1").destroyed


ALL_ACTIONS = st.one_of(
    SANDBOX_ACTIONS,
    st.builds(SandboxFire, st.just("A1"), st.just(("B1",)),
              st.sampled_from([((0,),), ((0, 1),), ((2,),), ((3,),)])),
    st.builds(SandboxStrike, st.just("A1"), st.sampled_from([("punch",), ("kick",)]),
              st.just(("B1",)), st.sampled_from([("RA",), ("LL",)])),
    st.builds(EditCrit, st.sampled_from(["A1", "B1"]), st.sampled_from(["CT", "LA", "RT"]),
              st.integers(0, 11), st.booleans()),
    st.builds(EditAmmo, st.just("A1"), st.integers(0, 1), st.integers(0, 5)),
    st.builds(EditUnit, st.sampled_from(["A1", "B1"]),
              st.sampled_from(["heat", "pilot_hits", "shutdown", "gunnery"]), st.integers(0, 6)),
    st.builds(FixDice, st.lists(st.integers(1, 6), min_size=1, max_size=4).map(tuple)),
    st.builds(SetMoved, st.sampled_from(["A1", "B1"]), st.sampled_from(["walk", "run", "jump"]),
              st.integers(0, 9)),
)  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(st.lists(ALL_ACTIONS, max_size=14))
def test_with_attacks_and_edits_undo_redo_and_undo_all_still_hold(actions) -> None:
    start = duel(10, 10)
    line = History.begin(start)
    for a in actions:
        out = apply(line.current, a)
        if out.ok:
            line = line.push(out.state)
            assert undo(line).redo().current == line.current
        if len(line.current.history) % 3 == 0:
            line = undo(line)  # undo now and then: the dice move on
        now = line.current  # the state is its start and its actions, whatever was undone
        assert replay(now.start_board, now.start, now.history) == now
    while line.can_undo:
        line = undo(line)
    assert line.current.units == start.units and line.current.moves == start.moves
    assert line.current.history == start.history and line.current.faces_used == start.faces_used


def test_a_saved_sandbox_answers_rules_attack_and_reads_back(tmp_path: Path) -> None:
    s = act(duel(), SetMoved("B1", "run", 6))
    s = act(s, EditLocation("B1", "CT", 4, 2, 16))
    s = act(s, EditUnit("A1", "heat", 7))
    s = act(s, FixDice((6, 6)))
    decl = options_at(s, "A1", "B1")
    path = tmp_path / "what-if.json"
    from game.rules.combat.records import Declaration

    save_sandbox(s, path, attacks=(Declaration("A1", "B1", (0, 2)),))
    data = json.loads(path.read_text())
    assert data["dice"] == [6, 6] and data["attack"] == {"attacker": "A1", "target": "B1",
                                                          "weapons": [0, 2]}  # fmt: skip
    b1 = next(u for u in data["units"] if u["id"] == "B1")
    assert b1["movement"] == {"mode": "run", "hexes": 6, "skidded": False}
    assert b1["armor"]["CT"] == 4 and "model" not in b1
    p = subprocess.run([sys.executable, "main.py", "rules", "attack", str(path)], cwd=ROOT,
                       capture_output=True, text=True)  # fmt: skip
    assert p.returncode == 0, p.stderr
    answer = json.loads(p.stdout)
    assert [w["target"] for w in answer["weapons"]] == [
        decl.weapons[0].target, decl.weapons[2].target]  # fmt: skip
    back = sandbox_from_scenario(path)
    assert back.phase == "sandbox" and back.move_record("B1").target_modifier == 2
    assert back.unit("B1").body == s.unit("B1").body and back.unit("A1").heat == 7
    assert options_at(back, "A1", "B1") == decl


def test_a_dummy_is_placed_prone_shut_down_and_as_having_jumped_cmb_13() -> None:
    s = act(sandbox(), PlaceDummy("B", Hex(4, 4), 0, tons=80, prone=True, shutdown=True,
                                  mode="jump", hexes=4))  # fmt: skip
    u = s.unit("B1")
    assert u.prone and u.damage.shutdown and u.immobile
    rec = s.move_record("B1")
    assert (rec.mode, rec.hexes_moved, rec.target_modifier) == ("jump", 4, 2)
    assert "not possible" in apply(sandbox(), PlaceDummy("B", Hex(1, 1), 0, hexes=3)).reason
    assert len(s.history) == 1  # one action: one undo


def test_a_charge_counts_the_hexes_the_unit_is_set_as_having_run_phy_10_11() -> None:
    s = act(duel(), SetDown("B1", Hex(3, 5), 3))
    charge = SandboxStrike("A1", ("charge",), ("B1",), ("",))
    assert "walking or running" in apply(s, charge).reason  # it stood still (PHY-10)
    s = act(s, SetMoved("A1", "run", 4))
    out = apply_strict(act(s, FixDice((6, 6))), charge)
    blow = next(e for e in out.events if e.kind == "blow")
    assert blow.payload.get("hit")
    groups = [e for e in out.events if e.kind == "damage" and "charge hits B1" in e.text]
    assert len(groups) == 4  # PHY-11 TW: ceil(50 tons x 4 hexes / 10) = 20, in groups of 5
    assert out.state.unit("A1").at == Hex(3, 5)  # the charger takes the hex
