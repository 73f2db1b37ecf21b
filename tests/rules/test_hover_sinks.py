"""CMB-48a item 5: a hover vehicle immobilised over depth 1+ water sinks and is destroyed,
at the end of the phase in which the motive damage came (CMB-48a item 4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.board import HexSpec, build_board
from game.core.actions import EndPhase
from game.designs.roster import make_unit
from game.flow import actor, apply_strict
from game.hexgrid import parse_hex_name as H
from game.phases.actions import RollInitiative, StandStill, StartGame
from game.phases.physical import DeclarePhysical
from game.phases.weapons import DeclareFire, to_declare
from game.rules.damage.sinking import sinks
from game.setup import new_game
from game.state import GameState
from game.units.unit import Unit

WET = build_board(8, 8, {H("0403"): HexSpec(water=1), H("0503"): HexSpec(water=0)})


def hover(at: str = "0403", motive: tuple[str, ...] = (), engine: bool = False) -> Unit:
    u = make_unit("Savannah", "b1", "B", at=H(at), facing=3)
    assert u.hull is not None and u.kind == "hover"
    hull = replace(u.hull, motive=motive)
    if engine:
        hull = replace(hull, crits=replace(hull.crits, engine=True))
    return replace(u, hull=hull)


@pytest.mark.parametrize(
    ("at", "motive", "engine", "sunk"),
    [
        ("0403", ("major",), False, True),  # 12+: immobile over depth 1
        ("0403", (), True, True),  # an engine hit immobilises too (CMB-48)
        ("0403", ("moderate",) * 8, False, False),  # cruise 0 is not immobile (CMB-48a.3)
        ("0403", ("heavy",), False, False),
        ("0503", ("major",), False, False),  # depth 0 water
        ("0603", ("major",), False, False),  # dry ground
    ],
)
def test_cmb_48a_5_an_immobile_hovercraft_over_water_sinks(
    at: str, motive: tuple[str, ...], engine: bool, sunk: bool
) -> None:
    why = sinks(hover(at, motive, engine), WET)
    assert (why is not None) == sunk
    if sunk:
        assert "sinks" in str(why) and "depth 1 water" in str(why) and "CMB-48a" in str(why)


def test_cmb_48a_5_a_tracked_tank_immobile_in_water_does_not_sink_by_this_rule() -> None:
    tank = replace(make_unit("Scorpion", "b1", "B", at=H("0403")), kind="tracked")
    assert tank.hull is not None
    assert sinks(replace(tank, hull=replace(tank.hull, motive=("major",))), WET) is None


def _to_weapons(script: tuple[int, ...], foe_at: str = "0406") -> GameState:
    """A Hunchback (a1) and the Savannah (b1) over depth 1 water; both stand still."""
    m = make_unit("HBK-4G", "a1", "A", at=H(foe_at), facing=0)
    s = new_game(WET, script=(1, 1, 6, 6, *script), units=(hover(), m), seed=9)
    s = apply_strict(apply_strict(s, StartGame()).state, RollInitiative()).state
    for uid in ("a1", "b1"):  # A lost the initiative: it moves first
        s = apply_strict(s, StandStill(uid)).state
    s = apply_strict(s, EndPhase()).state  # the movement phase's end checks
    assert str(s.phase) == "weapon attack"
    return s


def _declare_all(s: GameState, fire: dict[str, DeclareFire]):
    out = None
    while actor(s) is not None and str(s.phase) == "weapon attack":
        u = to_declare(s, actor(s))[0]
        out = apply_strict(s, fire.get(u.id, DeclareFire(u.id)))
        s = out.state
    assert out is not None
    return out


def test_cmb_48a_4_5_a_weapon_hit_sinks_it_at_the_end_of_the_phase() -> None:
    """Laser 12 hits; location 9 (motive); motive 6+6 +3 = 15, major: it sinks once the
    phase's attacks are all resolved, told in the report."""
    s = _to_weapons((6, 6, 4, 5, 6, 6))
    out = _declare_all(s, {"a1": DeclareFire("a1", ("b1",), ((0,),))})
    kinds = [e.kind for e in out.events]
    assert kinds.index("unit_destroyed") > kinds.index("critical")  # after the damage
    text = next(e.text for e in out.events if e.kind == "unit_destroyed")
    assert text == ("b1 is destroyed: the hovercraft sinks, immobilised (motive system "
                    "destroyed) over depth 1 water (CMB-48a)")  # fmt: skip
    b1 = out.state.unit("b1")
    assert b1 is not None and out.state.is_destroyed(b1)


def test_cmb_48a_5_a_punch_that_immobilises_it_sinks_it_at_the_end_of_the_phase() -> None:
    """The physical attack phase: the Hunchback beside it punches (12 hits), location 9,
    motive major."""
    s = _to_weapons((6, 6, 4, 5, 6, 6), foe_at="0404")
    s = _declare_all(s, {}).state  # both hold their fire
    assert str(s.phase) == "physical attack"
    out = None
    while actor(s) is not None and str(s.phase) == "physical attack":
        side = actor(s)
        a = (DeclarePhysical("a1", ("punch",), ("b1",), ("RA",)) if side == "A"
             else DeclarePhysical("b1"))  # fmt: skip
        out = apply_strict(s, a)
        s = out.state
    assert out is not None
    told = [e.text for e in out.events if e.kind == "unit_destroyed"]
    assert told and "the hovercraft sinks" in told[0]
    b1 = out.state.unit("b1")
    assert b1 is not None and out.state.is_destroyed(b1)
