"""How the game state has an aerospace move carried out (the counterpart of game.phases.movers).

:class:`FlyUnit` is the action (the aerospace movement phase and the sandbox both take
it); :func:`fly` checks the move with game.rules.aero, rolls its collision checks and
answers with the units afterwards and the events of the log, or the sentence that
refuses it. The control rolls the move calls for wait for the end phase (AERO-03;
game.phases.control).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from game.core.actions import Action, Event
from game.core.dice import Dice
from game.designs.roster import OFF_BOARD
from game.narrate.flight import control_event, flight_events
from game.rules.aero import Flight, check_flight, end_of_turn, out_of_control, resolve_flight
from game.state import GameState
from game.units.unit import AERO, Unit


@dataclass(frozen=True, slots=True)
class FlyUnit(Action):
    """Aerospace movement: fly a unit by step tokens (``T:n`` / ``T:-n`` thrust, then
    ``F`` velocity times with ``L`` / ``R`` between; docs/scenario-format.md). An
    out-of-control unit's steps are ignored: it flies straight ahead (AERO-05)."""

    doing: ClassVar[str] = "aerospace units fly"
    unit_id: str
    steps: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Flown:
    """A flight carried out: every unit after it, the events, the rules' record."""

    units: tuple[Unit, ...]
    events: tuple[Event, ...]
    flight: Flight


def in_play(s: GameState) -> dict[str, Unit]:
    """The units a flight meets: on the map and not destroyed."""
    return {u.id: u for u in s.units if s.board.contains(u.at) and not s.is_destroyed(u)}


def preview(s: GameState, unit_id: str, steps: tuple[str, ...]) -> Flight:
    """The checked flight, nothing rolled (the flight path preview)."""
    return check_flight(s.board, in_play(s), unit_id, steps)


def fly(s: GameState, cup: Dice, unit_id: str, steps: tuple[str, ...]) -> Flown | str:
    """Check and roll one move of an aerospace unit; the refusal sentence if illegal."""
    u = s.unit(unit_id)
    if u is None or u.kind != AERO:
        return f"{unit_id} is not an aerospace unit: it moves in the movement phase"
    if not s.board.contains(u.at) or s.is_destroyed(u):
        return f"{unit_id} is not on the map (destroyed, or it flew off the map)"
    flight = preview(s, unit_id, tuple(steps))
    if not flight.legal:
        return flight.error or "that flight is not legal"
    now, flight = resolve_flight(s.board, in_play(s), flight, cup)
    c = u.craft
    assert c is not None
    at = OFF_BOARD if flight.off_map else flight.end
    mover = replace(u, at=at, facing=flight.facing, moved=True,
                    craft=c.flown(flight.velocity_after, flight.thrust_used))  # fmt: skip
    now[u.id] = mover
    units = tuple(now.get(o.id, o) for o in s.units)
    return Flown(units, tuple(flight_events(s.board, u, flight)), flight)


def settle_now(u: Unit, was_out: bool, cup: Dice) -> tuple[Unit, tuple[Event, ...]]:
    """The end phase's control rolls for one unit right after its flight, for the sandbox,
    which has no end phase: each flight counts as a turn of its own, so a unit that was
    out of control before it tries to regain control (AERO-10), one in control rolls for
    what the flight called for (AERO-03); then its thrust is full again."""
    c = u.craft
    if c is None:
        return u, ()
    turn = c.lost_turn + 1 if was_out and out_of_control(u) else c.lost_turn
    after, outs = end_of_turn(u, turn, cup)
    return after, tuple(control_event(o) for o in outs)
