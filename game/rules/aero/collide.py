"""Rolling a flight: collision checks, the unit struck, evasion (AERO-06..08).

Dice order (the referee contract): hex by hex along the path, the collision check
(2D6); on a hit, the pick among units of the same class (1D6, only when two or more
share the first class, AERO-07), then the struck unit's evasion roll (2D6, AERO-08) if it
may evade. A collision ends the flight in that hex; the damage of a collision (TW p. 241)
is not in the seeds (GAP G31) and is not dealt. With ``control_now`` (the referee) the
move's control rolls follow; in play they wait for the end phase (AERO-03).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from game.core.dice import Dice, Roll
from game.units.unit import Unit

from ...board import Board
from .control import EVADING, control_roll, out_of_control, roll_control
from .flight import CollisionCheck, Flight


def strike_class(u: Unit) -> int:
    """AERO-07 (GAP G30: only the seed's ordering): DropShips (large craft) are struck
    before fighters; ground units, which the seed's ordering does not name, last."""
    if u.craft is None:
        return 2
    return 0 if u.craft.large else 1


def pick(cup: Dice, count: int, reason: str) -> int:
    """A fair random index 0..count-1 from d6s: for up to six units one die (faces that
    do not divide evenly are rolled again), for more two dice as 0..35."""
    if count <= 1:
        return 0
    sides = 6 if count <= 6 else 36
    per = sides // count
    while True:
        face = cup.d6(reason) - 1
        if sides == 36:
            face = face * 6 + cup.d6(reason) - 1
        if face < per * count:
            return face // per


def struck_unit(cup: Dice, units: Sequence[Unit], at_name: str) -> Unit:
    """AERO-07: the first class in the hex; at random among several of that class."""
    first = min(strike_class(u) for u in units)
    group = [u for u in units if strike_class(u) == first]
    return group[pick(cup, len(group), f"which unit is struck at {at_name}")]


def can_evade(u: Unit) -> bool:
    """AERO-08: it has not moved this turn and has a thrust point it may spend (an
    out-of-control unit spends none, AERO-05)."""
    c = u.craft
    return c is not None and u.airborne and not u.moved and c.thrust >= 1 and not out_of_control(u)


def resolve_flight(board: Board, units: Mapping[str, Unit], flight: Flight, cup: Dice, *,
                   control_now: bool = False) -> tuple[dict[str, Unit], Flight]:  # fmt: skip
    """Roll the flight's checks; the units after (an evader's thrust spent) and the flight
    as it went (the path ends where a collision stopped it)."""
    now = dict(units)
    first = len(cup.log)
    done: list[CollisionCheck] = []
    path = flight.path
    for check in flight.collision_checks if flight.legal else ():
        check = _check(board, now, check, cup)
        done.append(check)
        if check.struck is not None and check.evaded:
            s = now[check.struck]
            assert s.craft is not None
            now[s.id] = replace(s, craft=replace(s.craft, thrust=0))  # AERO-08
        if check.collided:
            path = path[: path.index(check.at) + 1]
            break
    if control_now:
        for roll in flight.control_rolls:
            roll_control(cup, roll, flight.unit_id)
    end = path[-1] if path else now[flight.unit_id].at
    off = flight.off_map and path == flight.path
    rolls: tuple[Roll, ...] = cup.log[first:]
    after = replace(flight, path=path, end=end, collision_checks=tuple(done), off_map=off,
                    rolls=rolls, resolved=True)  # fmt: skip
    return now, after


def _check(board: Board, units: Mapping[str, Unit], check: CollisionCheck,
           cup: Dice) -> CollisionCheck:  # fmt: skip
    name = board.hex_name(check.at)
    roll = cup.roll2d6(f"collision check at {name}", target=check.target)
    if not roll.success:
        return replace(check, roll=roll)
    struck = struck_unit(cup, [units[i] for i in check.units], name)
    if not can_evade(struck):
        return replace(check, roll=roll, struck=struck.id)
    evasion = control_roll(struck, EVADING)
    dice = roll_control(cup, evasion, struck.id)
    evaded = dice is not None and bool(dice.success)
    return replace(check, roll=roll, struck=struck.id, evasion=evasion, evasion_roll=dice,
                   evaded=evaded)  # fmt: skip
