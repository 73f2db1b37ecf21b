"""The sandbox applies the end-of-phase vehicle checks after each attack and each move, as
play does at the end of a phase (game.phases.damage_check.vehicle_checks): a VTOL that
lost its lift comes down (ADV-26..29), a hovercraft immobilised over water sinks
(CMB-48a item 5)."""

from __future__ import annotations

from dataclasses import replace

from game.board import HexSpec, build_board
from game.core.dice import Dice
from game.flow import apply, apply_strict
from game.hexgrid import Hex, neighbour
from game.phases.actions import CommitMove
from game.phases.movers import MoveReport
from game.phases.sandbox import FixDice, PlaceUnit, SandboxFire
from game.setup import new_sandbox
from game.state import GameState, MoveRecord

POOL = Hex(3, 3)
WATER = {POOL: HexSpec(water=2), Hex(3, 2): HexSpec(water=2)}


def act(s: GameState, action) -> GameState:
    out = apply(s, action)
    assert out.ok, getattr(out, "reason", "")
    return out.state


def duel(design: str, at: Hex = POOL) -> GameState:
    """A Hunchback (A1) in 0407 and ``design`` (B1, facing south) north of it, by default
    three hexes away over depth 2 water."""
    s = new_sandbox(build_board(12, 12, WATER), seed=4)
    s = act(s, PlaceUnit("HBK-4G", "A", Hex(3, 6), 0))
    return act(s, PlaceUnit(design, "B", at, 3))


def test_adv_29_a_sandbox_shot_that_stops_a_vtol_forces_its_landing() -> None:
    """Laser 12 hits; location 9 (motive); motive 12, major: 0 MP, so it must land (ADV-29,
    VTOL +4: needs 9); 1+1 fails: it crashes (ADV-27), facing roll 5, in 0405."""
    s = duel("Kestrel", Hex(3, 4))
    assert s.unit("B1").flying_height == 1  # type: ignore[union-attr]
    s = act(s, FixDice((6, 6, 4, 5, 6, 6, 1, 1, 5)))
    out = apply_strict(s, SandboxFire("A1", ("B1",), ((0,),)))
    kinds = [e.kind for e in out.events]
    assert kinds[kinds.index("critical") + 1 :][:2] == ["forced_landing", "crash"]
    landing = next(e.text for e in out.events if e.kind == "forced_landing")
    assert landing.startswith("B1 must land in 0405 (motive system destroyed: 0 MP)")
    v = out.state.unit("B1")
    assert v is not None and v.flying_height == 0 and v.at == Hex(3, 4)


def test_cmb_48a_5_a_sandbox_shot_that_immobilises_a_hovercraft_over_water_sinks_it() -> None:
    s = act(duel("Savannah"), FixDice((6, 6, 4, 5, 6, 6)))
    out = apply_strict(s, SandboxFire("A1", ("B1",), ((0,),)))
    text = [e.text for e in out.events if e.kind == "unit_destroyed"]
    assert text == ["B1 is destroyed: the hovercraft sinks, immobilised (motive system "
                    "destroyed) over depth 2 water (CMB-48a)"]  # fmt: skip


def _immobilising_mover(state: GameState, dice: Dice, unit_id: str, mode: str,
                        steps: tuple[str, ...]) -> MoveReport:  # fmt: skip
    """A stand-in for the move rules: the unit goes one hex ahead and its motive system is
    wrecked on the way (as a collision's motive roll may do)."""
    units = []
    for u in state.units:
        if u.id == unit_id and u.hull is not None:
            u = replace(u, at=neighbour(u.at, u.facing),
                        hull=replace(u.hull, motive=("major",)))  # fmt: skip
        units.append(u)
    return MoveReport(True, None, tuple(units), (), MoveRecord(unit_id, mode, 1, 1))


def test_cmb_48a_5_a_hovercraft_a_sandbox_move_leaves_immobile_on_water_sinks() -> None:
    s = new_sandbox(build_board(12, 12, WATER), seed=4)
    s = act(s, PlaceUnit("Savannah", "B", Hex(3, 2), 3))  # south: into 0404 (water)
    out = apply_strict(s, CommitMove("B1", "walk", ("F",)), _immobilising_mover)
    assert [e.kind for e in out.events][-2:] == ["move", "unit_destroyed"]
    b1 = out.state.unit("B1")
    assert b1 is not None and b1.at == Hex(3, 3) and out.state.is_destroyed(b1)
    dry = act(new_sandbox(build_board(12, 12), seed=4), PlaceUnit("Savannah", "B", Hex(3, 2), 3))
    kept = apply_strict(dry, CommitMove("B1", "walk", ("F",)), _immobilising_mover)
    assert not kept.state.is_destroyed(kept.state.unit("B1"))  # type: ignore[arg-type]


def test_adv_29_a_vtol_a_sandbox_move_leaves_without_mp_makes_a_forced_landing() -> None:
    s = new_sandbox(build_board(12, 12), seed=4)
    s = act(s, PlaceUnit("Kestrel", "B", Hex(6, 2), 3))
    s = act(s, FixDice((6, 6)))  # needs 9: it lands
    out = apply_strict(s, CommitMove("B1", "walk", ("F",)), _immobilising_mover)
    assert [e.kind for e in out.events][-2:] == ["move", "forced_landing"]
    v = out.state.unit("B1")
    assert v is not None and v.flying_height == 0 and not out.state.is_destroyed(v)
