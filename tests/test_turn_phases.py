"""The turn's attack and heat phases as the turn chapter orders them (TURN-10, TURN-12,
TURN-13): simultaneous weapon fire, the weapon phase's damage on the bodies before the
physical phase, and each Mech's heat settled in the heat phase."""

from __future__ import annotations

from dataclasses import replace

from game.flow import actor, advance, apply_strict, choices
from game.hexgrid import Hex, neighbour
from game.phases.actions import StandStill
from game.phases.physical import DeclarePhysical
from game.phases.weapons import DeclareFire, to_declare
from game.rules.combat.tohit import weapon_count, weapon_names
from game.state import GameState
from game.units.mech import Location
from game.units.unit import Unit
from tests.bot.helpers import edit, position


def _frail(u: Unit) -> Unit:
    """No armour and 1 point of structure everywhere: any hit of 2+ points goes to the
    centre torso and kills; gunnery 0 hits on anything (CMB-11: 2 or less)."""
    b = u.body
    assert b is not None
    for code in b.codes:
        b = b.with_location(code, Location(0, 1, 0))
    return replace(u, body=b, gunnery=0)


def _to_weapons(s: GameState) -> GameState:
    """Both Hunchbacks stand still; the game in the weapon attack phase."""
    while str(s.phase) == "movement":
        uid = next(u.id for u in s.units if u.side == actor(s) and not u.moved)
        s = advance(apply_strict(s, StandStill(uid)).state)[0]
    assert str(s.phase) == "weapon attack", s.phase
    return s


def _ac20(u: Unit) -> tuple[int, ...]:
    return (weapon_names(u).index("AC/20"),)


B1_AT = Hex(5, 4)


def _duel(frail_b: bool) -> GameState:
    """A1 and B1, Hunchbacks 2 hexes apart, fire at each other (A1 its AC/20, B1 every
    weapon: 14 heat against its 13 sinks); A2, a Locust beside B1, holds its fire (so the
    game goes on when A1 falls, and the physical phase waits for its blow). Returned when
    the weapon phase has resolved."""
    s = position([("HBK-4G", "A", Hex(5, 6), 0), ("LCT-1V", "A", neighbour(B1_AT, 2), 5),
                  ("HBK-4G", "B", B1_AT, 3)])  # fmt: skip
    s = edit(s, "A1", _frail)
    if frail_b:
        s = edit(s, "B1", _frail)
    s = _to_weapons(s)
    while str(s.phase) == "weapon attack" and actor(s) is not None:
        me = to_declare(s, actor(s))[0]
        if me.id == "A1":
            s = apply_strict(s, DeclareFire("A1", ("B1",), (_ac20(me),))).state
        elif me.id == "B1":
            every = tuple(range(weapon_count(me)))
            s = apply_strict(s, DeclareFire("B1", ("A1",), (every,))).state
        else:
            s = apply_strict(s, DeclareFire(me.id)).state
        s = advance(s)[0]
    return s


def test_turn_10_two_units_that_destroy_each_other_in_the_phase_are_both_destroyed() -> None:
    """Fire is simultaneous: the Hunchback killed by the first volley resolved still fires
    its own, and both are wrecks."""
    s = _duel(frail_b=True)
    assert s.is_destroyed(s.unit("A1")) and s.is_destroyed(s.unit("B1"))


def test_turn_12_the_weapon_phase_damage_is_on_the_bodies_before_the_physical_phase() -> None:
    """A1's AC/20 hit B1 (20 points) and B1's fire killed A1: when the physical phase
    begins, B1's body carries those points, and A1 (destroyed) has no blow to make."""
    start = position([("HBK-4G", "A", Hex(5, 6), 0), ("LCT-1V", "A", neighbour(B1_AT, 2), 5),
                      ("HBK-4G", "B", B1_AT, 3)])  # fmt: skip
    s = _duel(frail_b=False)
    assert str(s.phase) == "physical attack" and actor(s) == "A", (s.phase, actor(s))
    assert s.is_destroyed(s.unit("A1")) and not s.is_destroyed(s.unit("B1"))
    before, after = start.unit("B1").body, s.unit("B1").body
    assert before is not None and after is not None
    lost = sum(x.armour + x.rear + x.structure for x in before.locations) - sum(
        x.armour + x.rear + x.structure for x in after.locations)  # fmt: skip
    assert lost >= 20, lost
    assert all(getattr(a, "unit_id", "A2") == "A2" for a in choices(s))


def test_turn_13_heat_is_settled_in_the_heat_phase_not_before() -> None:
    """B1 fired 14 heat of weapons (HEAT-02) and stood still; during the physical phase
    its heat is still 0, and the heat phase leaves it at 14 - 13 sinks = 1."""
    s = _duel(frail_b=False)
    assert str(s.phase) == "physical attack" and s.unit("B1").heat == 0
    while str(s.phase) == "physical attack":  # nobody strikes (A2's turn, then B1's)
        uid = next(a.unit_id for a in choices(s) if isinstance(a, DeclarePhysical))
        s = advance(apply_strict(s, DeclarePhysical(uid)).state)[0]
    assert s.turn == 2
    assert s.unit("B1").heat == 1
