"""Physical attack defence in the physical attack phase (ADV-01 second half, PHY-20): the
defending Mech walks with its current walking MP at its turn, then attacks from where it
ended; attacks declared on it before it walked find nobody; later attackers count the hexes
it moved; its heat is a walk's. Every roll through the phase's dice, so it replays."""

from __future__ import annotations

import json
from pathlib import Path

from game.core.actions import Refused
from game.flow import advance, apply, apply_strict, choices, replay
from game.hexgrid import Hex
from game.invariants import problems
from game.phases.actions import CommitMove, RollInitiative, StandStill, StartGame
from game.phases.defence import walk_preview, walk_reach
from game.phases.physical import DeclarePhysical, DefendWalk, options_at, to_declare
from game.phases.weapons import DeclareFire
from game.phases.weapons import to_declare as to_fire
from game.rules.turn import Phase
from game.save import load_game, save_game
from game.setup import new_game_from_scenario

A_FIRST = [1, 1, 6, 1]  # initiative A 2, B 7: side A moves and declares first
B_FIRST = [6, 1, 1, 1]  # initiative A 7, B 2: side B moves and declares first


def unit(uid: str, side: str, at: str, facing: int, **extra) -> dict:
    return {"id": uid, "side": side, "kind": "biped", "model": "HBK-4G", "at": at,
            "facing": facing, **extra}  # fmt: skip


def physical(tmp_path: Path, a1: dict, b1: dict, dice: list[int], hexes: dict | None = None):
    """A1 declares physical attack defence, B1 stands still; both hold fire: the state at
    the start of the physical attack phase."""
    data = {"version": 1, "options": ["tacops"], "dice": dice, "units": [a1, b1],
            "board": {"width": 10, "height": 12, "hexes": hexes or {}}}  # fmt: skip
    p = tmp_path / "defend.json"
    p.write_text(json.dumps(data))
    s = apply_strict(new_game_from_scenario(p), StartGame()).state
    s = apply_strict(s, RollInitiative()).state
    first = ("A1", "B1") if dice[:4] == A_FIRST else ("B1", "A1")
    for uid in first:
        move = CommitMove("A1", "defend", ()) if uid == "A1" else StandStill("B1")
        s = apply_strict(s, move).state
    while s.phase != Phase.PHYSICAL_ATTACK:
        s, _ = advance(s)
        if s.phase == Phase.WEAPON_ATTACK:
            assert [u.id for u in to_fire(s)] == ["B1"]  # ADV-01: the defender fires nothing
            s = apply_strict(s, DeclareFire("B1")).state
    return s


def texts(s, phase=Phase.PHYSICAL_ATTACK) -> list[str]:
    return [e.event.text for e in s.log if e.phase == phase]


def test_adv_01_walk_then_punch_from_the_new_hex(tmp_path: Path) -> None:
    s = physical(tmp_path, unit("A1", "A", "0508", 0), unit("B1", "B", "0505", 3), A_FIRST)
    assert [u.id for u in to_declare(s)] == ["A1"]  # nobody beside it, yet it may walk
    s = apply_strict(s, DefendWalk("A1", ("F", "F"))).state
    assert s.unit("A1").at == Hex(4, 5) and s.unit("A1").moved  # 0506, beside B1
    rec = s.move_record("A1")
    assert (rec.mode, rec.hexes_moved, rec.mp_used, rec.heat) == ("defend", 2, 2, 1)
    assert any("walks 2 hexes to 0506" in t and "ADV-01" in t for t in texts(s))
    punch = options_at(s, "A1", "B1", "punch", "RA")
    assert ("attacker defends (as walked, ADV-01)", 1) in [(m.reason, m.value)
                                                           for m in punch.modifiers]  # fmt: skip
    again = apply(s, DefendWalk("A1", ("B",)))
    assert isinstance(again, Refused) and "already made its defence walk" in again.reason
    s = apply_strict(s, DeclarePhysical("A1", ("punch",), ("B1",), ("RA",))).state
    s = apply_strict(s, DeclarePhysical("B1")).state  # B1 has an enemy beside it now
    assert s.phase != Phase.PHYSICAL_ATTACK
    assert any(t.startswith("A1 punches B1 with its right arm: needs 6") for t in texts(s))
    assert problems(s) == []


def test_adv_01_the_walk_has_the_current_walking_mp(tmp_path: Path) -> None:
    hot = unit("A1", "A", "0509", 0, heat=5)  # HEAT-06: 5+ heat, -1 MP: walk 3
    s = physical(tmp_path, hot, unit("B1", "B", "0504", 3), A_FIRST)
    assert s.unit("A1").walk_mp() == 3 and walk_reach(s, "A1").mp_available == 3
    assert walk_preview(s, "A1", ("F", "F", "F")).legal
    out = apply(s, DefendWalk("A1", ("F", "F", "F", "F")))
    assert isinstance(out, Refused) and "(MOV-07)" in out.reason


def test_adv_01_no_running_jumping_or_hull_down_in_the_walk(tmp_path: Path) -> None:
    s = physical(tmp_path, unit("A1", "A", "0508", 0), unit("B1", "B", "0505", 3), A_FIRST)
    for action, words in (
        (DefendWalk("A1", ("F",), "run"), "cannot run (ADV-01)"),
        (DefendWalk("A1", ("F",), "jump"), "cannot jump (ADV-01)"),
        (DefendWalk("A1", ("J:0506",)), "cannot jump (J:0506, ADV-01)"),
        (DefendWalk("A1", ("F", "H")), "step 2: a defence walk is walking only"),
        (DefendWalk("A1", ()), "needs its steps"),
        (DefendWalk("B1", ("F",)), "side A declares now"),
    ):
        out = apply(s, action)
        assert isinstance(out, Refused) and words in out.reason, (action, out)


def test_adv_01_only_a_defending_mech_walks(tmp_path: Path) -> None:
    s = physical(tmp_path, unit("A1", "A", "0506", 0), unit("B1", "B", "0505", 3), B_FIRST)
    out = apply(s, DefendWalk("B1", ("B",)))
    assert isinstance(out, Refused) and "not in physical attack defence" in out.reason


def test_adv_01_a_psr_on_the_walk_path_is_rolled_then(tmp_path: Path) -> None:
    rubble = {"0507": {"rubble": True}}
    s = physical(tmp_path, unit("A1", "A", "0508", 0), unit("B1", "B", "0505", 3),
                 A_FIRST + [6, 6], rubble)  # fmt: skip
    assert walk_preview(s, "A1", ("F", "F")).psrs  # shown before the walk
    s = apply_strict(s, DefendWalk("A1", ("F", "F"))).state
    rolls = [r for e in s.log if e.phase == Phase.PHYSICAL_ATTACK for r in e.event.rolls]
    assert [r.faces for r in rolls] == [(6, 6)] and rolls[0].success
    assert s.unit("A1").at == Hex(4, 5) and not s.unit("A1").prone


def test_adv_01_a_fall_ends_the_walk(tmp_path: Path) -> None:
    rubble = {"0507": {"rubble": True}}
    s = physical(tmp_path, unit("A1", "A", "0508", 0), unit("B1", "B", "0505", 3),
                 A_FIRST + [1, 1], rubble)  # fmt: skip
    s = apply_strict(s, DefendWalk("A1", ("F", "F"))).state
    a1 = s.unit("A1")
    assert a1.prone and a1.at == Hex(4, 6)  # fell in the rubble of 0507, not beside B1
    assert s.phase != Phase.PHYSICAL_ATTACK  # alone and prone: its turn, the phase are over
    assert any("no enemy it can attack after its walk" in t for t in texts(s))
    assert problems(s) == []


def test_adv_01_fallen_on_the_walk_it_attacks_as_a_prone_mech(tmp_path: Path) -> None:
    rubble = {"0507": {"rubble": True}}
    s = physical(tmp_path, unit("A1", "A", "0508", 0), unit("B1", "B", "0506", 3),
                 A_FIRST + [1, 1], rubble)  # fmt: skip
    s = apply_strict(s, DefendWalk("A1", ("F",))).state
    assert s.unit("A1").prone and s.active_unit == "A1"
    kick = options_at(s, "A1", "B1", "kick", "RL")
    assert not kick.can_attack and "prone Mech cannot kick" in kick.why_not
    out = apply(s, DeclarePhysical("B1"))
    assert isinstance(out, Refused) and "A1 has walked" in out.reason  # it declares first
    assert options_at(s, "A1", "B1", "punch", "RA").can_attack


def test_adv_01_an_attack_declared_before_the_walk_finds_nobody(tmp_path: Path) -> None:
    s = physical(tmp_path, unit("A1", "A", "0506", 0), unit("B1", "B", "0505", 3), B_FIRST)
    s = apply_strict(s, DeclarePhysical("B1", ("punch",), ("A1",), ("RA",))).state
    s = apply_strict(s, DefendWalk("A1", ("B", "B"))).state  # back to 0508
    assert s.phase != Phase.PHYSICAL_ATTACK  # A1 is alone: its turn ends, the attacks resolve
    said = texts(s)
    away = "A1 stepped away from 0506 in physical attack defence (ADV-01)"
    assert f"B1's punch at A1 is called off: {away}" in said
    assert not any(t.startswith("B1 punches A1") for t in said)
    assert s.unit("A1").body == s.start.units[0].body  # untouched


def test_adv_01_a_later_attacker_counts_the_hexes_it_walked(tmp_path: Path) -> None:
    s = physical(tmp_path, unit("A1", "A", "0509", 0), unit("B1", "B", "0505", 3), A_FIRST)
    s = apply_strict(s, DefendWalk("A1", ("F", "F", "F"))).state
    assert s.move_record("A1").target_modifier == 1  # CMB-13: 3 hexes
    s = apply_strict(s, DeclarePhysical("A1")).state
    punch = options_at(s, "B1", "A1", "punch", "LA")
    assert ("target moved 3-4 hexes", 1) in [(m.reason, m.value) for m in punch.modifiers]
    assert punch.target == 5 + 1  # piloting 5, +1 for the hexes A1 moved


def test_adv_01_heat_of_the_walk_and_of_staying(tmp_path: Path) -> None:
    s = physical(tmp_path, unit("A1", "A", "0508", 0), unit("B1", "B", "0505", 3), A_FIRST)
    walked = apply_strict(s, DefendWalk("A1", ("F", "F"))).state
    walked = apply_strict(walked, DeclarePhysical("A1")).state
    walked = apply_strict(walked, DeclarePhysical("B1")).state
    assert any(t.startswith("A1 builds 1 heat (movement 1)") for t in texts(walked, Phase.HEAT))
    stayed = apply_strict(s, DeclarePhysical("A1")).state  # stay: no MP spent, no heat
    assert any(t.startswith("A1 builds 0 heat") for t in texts(stayed, Phase.HEAT))


def test_adv_01_defence_walks_are_among_the_choices(tmp_path: Path) -> None:
    s = physical(tmp_path, unit("A1", "A", "0508", 0), unit("B1", "B", "0505", 3), A_FIRST)
    walks = [a for a in choices(s) if isinstance(a, DefendWalk)]
    assert walks and all(not isinstance(apply(s, w), Refused) for w in walks)


def test_adv_01_a_save_mid_phase_after_the_walk_replays(tmp_path: Path) -> None:
    rubble = {"0507": {"rubble": True}}
    s = physical(tmp_path, unit("A1", "A", "0508", 0), unit("B1", "B", "0505", 3),
                 A_FIRST + [6, 5], rubble)  # fmt: skip
    s = apply_strict(s, DefendWalk("A1", ("F", "F"))).state
    assert s.phase == Phase.PHYSICAL_ATTACK and s.active_unit == "A1"
    save_game(s, tmp_path / "mid.json")
    back = load_game(tmp_path / "mid.json")
    assert back == s and back.log == s.log
    again = replay(s.start_board or s.board, s.start, s.history)
    assert again == s and again.log == s.log
    done = apply_strict(back, DeclarePhysical("A1", ("kick",), ("B1",), ("RL",))).state
    assert done == apply_strict(s, DeclarePhysical("A1", ("kick",), ("B1",), ("RL",))).state


def test_adv_02_in_the_game_a_defender_cannot_be_charged(tmp_path: Path) -> None:
    from game.phases.movement import DeclareCharge

    data = {"version": 1, "options": ["tacops"], "dice": A_FIRST,
            "units": [unit("A1", "A", "0505", 3), unit("B1", "B", "0508", 0)],
            "board": {"width": 10, "height": 12, "hexes": {}}}  # fmt: skip
    p = tmp_path / "charge.json"
    p.write_text(json.dumps(data))
    s = apply_strict(new_game_from_scenario(p), StartGame()).state
    s = apply_strict(s, RollInitiative()).state
    s = apply_strict(s, CommitMove("A1", "defend", ())).state
    out = apply(s, DeclareCharge("B1", "walk", ("F", "F", "F"), "A1"))
    assert isinstance(out, Refused) and "(ADV-02)" in out.reason
