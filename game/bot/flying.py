"""The bot's aerospace movement phase (AERO-01..05): of every flight the phase's plans
offer its fliers (game.phases.aerospace.plans: each thrust from braking hard to full,
flown straight or with one turn), the one the core's flight check (``preview``: nothing
rolled) scores best, instead of the first safe one.

A flight's score, in damage points: leaving the map takes the flier out of the fight
(OFF_MAP); each control roll it calls for (thrust above safe thrust, AERO-03/04) costs
its chance to fail times a loss of control (LOSE_CONTROL); a flight that ends with less
room ahead than its velocity (the hexes to the map's edge along its facing) must turn
or brake hard next turn (TIGHT per hex short); and it keeps over the fight (the middle
of the enemies' ground units, a little per hex away). Fliers make no attacks in this
game, so staying in the air and on the map is what a flight is worth."""

from __future__ import annotations

from dataclasses import dataclass

from game.bot.moving import Choice
from game.bot.numbers import fail
from game.hexgrid import Hex, distance, neighbour
from game.phases.aerospace import plans, to_fly
from game.phases.flights import FlyUnit, preview
from game.rules.aero.flight import Flight
from game.state import GameState
from game.units.unit import Unit

OFF_MAP = 100.0
LOSE_CONTROL = 20.0
TIGHT = 2.0
FAR = 0.1


@dataclass(frozen=True, slots=True)
class Flown:
    unit: Unit
    steps: tuple[str, ...]
    flight: Flight
    room: int
    risk: float  # the chance that a control roll fails
    total: float


def room_ahead(s: GameState, at: Hex, facing: int) -> int:
    """Hexes it can fly straight on from ``at`` before it leaves the map."""
    n, h = 0, neighbour(at, facing)
    while s.board.contains(h) and n < 99:
        n, h = n + 1, neighbour(h, facing)
    return n


def fight_middle(s: GameState, side: str) -> Hex | None:
    """The enemy ground unit nearest the middle of the enemies (None: no enemy below)."""
    below = [u.at for u in s.units if u.side != side and not u.airborne
             and s.board.contains(u.at) and not s.is_destroyed(u)]  # fmt: skip
    if not below:
        return None
    return min(below, key=lambda h: (sum(distance(h, o) for o in below), h.col, h.row))


def score_flight(s: GameState, u: Unit, steps: tuple[str, ...], middle: Hex | None) -> Flown | None:
    f = preview(s, u.id, steps)
    if not f.legal:
        return None
    stay = 1.0
    for r in f.control_rolls:
        stay *= 1.0 - fail(r.target)
    risk = 1.0 - stay
    room = 0 if f.off_map else room_ahead(s, f.end, f.facing)
    total = -OFF_MAP if f.off_map else 0.0
    total -= LOSE_CONTROL * risk
    total -= TIGHT * max(0, f.velocity_after - room)
    if middle is not None and not f.off_map:
        total -= FAR * distance(f.end, middle)
    return Flown(u, steps, f, room, risk, total)


def decide_flight(s: GameState, side: str) -> Choice | None:
    """The best flight of any of the side's fliers still to move (AERO-01: the side picks
    which); None if there is none (the phase's own first choice then)."""
    middle = fight_middle(s, side)
    best: Flown | None = None
    for u in to_fly(s, side):
        for steps in plans(u):
            x = score_flight(s, u, steps, middle)
            if x is not None and (best is None or x.total > best.total + 1e-9):
                best = x
    if best is None:
        return None
    return Choice(FlyUnit(best.unit.id, best.steps), flight_why(s, best),
                  {"score": round(best.total, 2)})  # fmt: skip


def flight_why(s: GameState, x: Flown) -> str:
    """'A2 flies to 0809 at velocity 4: 6 hexes of room ahead, no control roll'."""
    f = x.flight
    where = "off the map" if f.off_map else f"to {s.board.hex_name(f.end)}"
    parts = [f"{x.room} hexes of room ahead"]
    if f.control_rolls:
        parts.append(f"{round(x.risk * 100)}% to lose control")
    else:
        parts.append("no control roll")
    return f"{x.unit.id} flies {where} at velocity {f.velocity_after}: {', '.join(parts)}"
