"""The physical attack phase in the turn (PHY-01/02, TURN-07): declarations in the movement
order, all resolved together, charges and DFAs declared in the movement phase, the arm
that fired cannot punch, and the autoplay reaching physical attacks."""

from __future__ import annotations

import json
from pathlib import Path

from game.bot.autoplay import play
from game.flow import advance, apply_strict
from game.invariants import problems
from game.phases.actions import RollInitiative, StandStill, StartGame
from game.phases.movement import DeclareCharge
from game.phases.physical import DeclarePhysical, every_option
from game.phases.weapons import DeclareFire
from game.rules.turn import Phase
from game.setup import new_game_from_scenario

UNITS = [
    {"id": "A1", "side": "A", "kind": "biped", "model": "HBK-4G", "at": "0506", "facing": 0},
    {"id": "B1", "side": "B", "kind": "biped", "model": "HBK-4G", "at": "0505", "facing": 3},
]


def game(tmp_path: Path, units=UNITS, dice=None):
    data = {"version": 1, "board": {"width": 10, "height": 10, "hexes": {}}, "units": units}
    if dice:
        data["dice"] = dice
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    s = new_game_from_scenario(p)
    s = apply_strict(s, StartGame()).state
    return apply_strict(s, RollInitiative()).state


def to_phase(s, phase):
    while s.phase != phase:
        s, _ = advance(s)
    return s


def test_phy_02_declared_in_order_and_resolved_together(tmp_path: Path) -> None:
    s = game(tmp_path, dice=[6, 1, 1, 1])  # initiative A 7, B 2: B moves and declares first
    for uid in ("B1", "A1"):
        s = apply_strict(s, StandStill(uid)).state
    s, _ = advance(s)
    s = to_phase(s, Phase.WEAPON_ATTACK)
    # A1 fires its left-arm laser: that arm cannot punch (PHY-04)
    for uid in ("B1", "A1"):
        fire = DeclareFire(uid, ("A1" if uid == "B1" else "B1",), ((0,),))
        s = apply_strict(s, fire).state
    assert s.phase == Phase.PHYSICAL_ATTACK
    opts = {(o.blow.kind, o.blow.limb): o for o in every_option(s, "A1", "B1")}
    assert not opts[("punch", "LA")].can_attack and opts[("punch", "RA")].can_attack
    s = apply_strict(s, DeclarePhysical("B1", ("kick",), ("A1",), ("RL",))).state
    assert s.phase == Phase.PHYSICAL_ATTACK and s.physical  # nothing resolved yet
    s = apply_strict(s, DeclarePhysical("A1", ("punch",), ("B1",), ("RA",))).state
    assert s.phase != Phase.PHYSICAL_ATTACK and not s.physical
    texts = [e.text for e in s.log if e.phase == Phase.PHYSICAL_ATTACK]
    assert any("B1 kicks A1 with its right leg: needs" in t for t in texts)
    assert any("A1 punches B1 with its right arm: needs" in t for t in texts)
    assert problems(s) == []


def test_phy_10_a_charge_is_declared_in_movement_and_resolved_in_the_physical_phase(
    tmp_path: Path,
) -> None:
    units = [dict(UNITS[0], at="0508"), UNITS[1]]
    s = game(tmp_path, units, dice=[6, 6, 1, 1])  # B loses: B moves first
    s = apply_strict(s, StandStill("B1")).state
    early = DeclareCharge("A1", "walk", ("F", "F", "F"), "B1")
    out = apply_strict(s, early)
    s = out.state
    assert [b.kind for b in s.physical] == ["charge"] and s.unit("A1").at.row == 5  # 0506
    assert s.move_record("A1").mp_used == 3  # the target's hex is paid for (PHY-10)
    s, _ = advance(s)
    s = to_phase(s, Phase.WEAPON_ATTACK) if s.phase != Phase.PHYSICAL_ATTACK else s
    while s.phase == Phase.WEAPON_ATTACK:
        s = apply_strict(s, DeclareFire("B1")).state
    while s.phase == Phase.PHYSICAL_ATTACK:
        s = apply_strict(s, DeclarePhysical("B1")).state
    texts = [e.text for e in s.log if e.phase == Phase.PHYSICAL_ATTACK]
    assert any("charges B1: needs" in t for t in texts)
    assert problems(s) == []


def test_autoplay_reaches_physical_attacks(tmp_path: Path) -> None:
    s = game(tmp_path)
    kinds: set[str] = set()
    for seed in range(1, 9):
        done = play(s, seed=seed, turns=2)  # checks the invariants after every action
        kinds |= {e.event.kind for e in done.state.log if e.phase == Phase.PHYSICAL_ATTACK}
    assert "blow" in kinds
