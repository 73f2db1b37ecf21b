"""ADV-28: a VTOL that crashed in a sideslip makes no attacks that turn; the weapon attack
phase leaves it out of its choices and refuses its declaration with the reason."""

from __future__ import annotations

from dataclasses import replace

from game.board import HexSpec, build_board
from game.core.actions import EndPhase
from game.designs.roster import make_unit
from game.flow import apply, apply_strict, choices
from game.hexgrid import parse_hex_name as H
from game.phases.actions import CommitMove, RollInitiative, StandStill, StartGame
from game.phases.physical import DeclarePhysical, check_physical
from game.phases.weapons import DeclareFire, to_declare
from game.rules.turn import Phase
from game.setup import new_game

TALL = HexSpec(building_class=2, building_height=3, building_cf=40)


def _crashed_game(crash: bool = True):
    v = replace(make_unit("Kestrel", "a1", "A", at=H("0108"), facing=0), altitude=1)
    assert v.hull is not None  # thick front armour: it lives through the crash
    v = replace(v, hull=v.hull.with_location("FR", replace(v.hull["FR"], armour=60)))
    foe = make_unit("JR7-D", "b1", "B", at=H("0603"), facing=3)
    slip = (1, 1) if crash else (6, 6)  # the sideslip roll: 2 fails, 12 holds
    script = (1, 1, 6, 6, *slip, 3, 4, 1, *(3, 4) * 8)  # initiative: B wins, A moves first
    board = build_board(8, 10, {H("0102"): TALL})
    s = new_game(board, script=script, units=(v, foe), seed=9)
    s = apply_strict(apply_strict(s, StartGame()).state, RollInitiative()).state
    s = apply_strict(s, CommitMove("a1", "run", ("F", "F", "F", "F", "R", "F"))).state
    s = apply_strict(s, StandStill("b1")).state
    return s if s.phase == Phase.WEAPON_ATTACK else apply_strict(s, EndPhase()).state


def test_adv_28_a_vtol_that_crashed_makes_no_weapon_attack() -> None:
    s = _crashed_game()
    assert any(e.event.kind == "crash" for e in s.log)
    v = s.unit("a1")
    assert v is not None and not s.is_destroyed(v) and v.flying_height == 0
    assert s.phase == Phase.WEAPON_ATTACK
    assert "a1" not in {u.id for u in to_declare(s)}
    assert not any(getattr(c, "unit_id", None) == "a1" for c in choices(s))
    out = apply(s, DeclareFire("a1", ("b1",), ((0,),)))
    assert not out.ok and "crashed this turn" in out.reason and "ADV-28" in out.reason  # type: ignore[union-attr]
    # the physical phase asks the same (only Mechs make physical attacks in this build)
    physical = check_physical(s, DeclarePhysical("a1", ("punch",), ("b1",), ("left",)))
    assert "crashed this turn" in str(physical)


def test_a_vtol_that_did_not_crash_still_fires() -> None:
    s = _crashed_game(crash=False)
    assert not any(e.event.kind == "crash" for e in s.log)
    assert "a1" in {u.id for u in to_declare(s)}
