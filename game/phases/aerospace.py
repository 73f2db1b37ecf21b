"""The aerospace movement phase (AERO-01): aerospace units move after the ground units.

Only aerospace units in the air move here (landed ones are ground units, AERO-02), one
at a time in the alternating order with the unequal-numbers rule, counting aerospace
units only (TURN-07/08, game.phases.alternate). A side may pick any of its units that
has not moved and is not destroyed, even one that spends no thrust; an out-of-control
unit, or one whose pilot is unconscious, is ordered to spend 0 thrust (AERO-01). Each
move is a :class:`~game.phases.flights.FlyUnit`; its collision checks roll at once, its control
rolls wait for the end phase (AERO-03, game.phases.control). The phase closes itself
once every aerospace unit has moved, and passes straight through when there is none.
"""

from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType

from game.core.actions import Action
from game.phases.flights import FlyUnit, fly, preview
from game.phases.movers import HexPhase
from game.units.unit import Unit

from ..core.phase import Applying, PhaseRules
from ..rules.aero import out_of_control
from ..rules.turn import Phase
from ..state import GameState
from . import alternate

CHOICES_PER_UNIT = 8  # flight plans offered per unit to the autoplay


def to_fly(s: GameState, side: str | None = None) -> tuple[Unit, ...]:
    """Aerospace units still to move this phase: in the air, on the map, not destroyed,
    not moved (AERO-01)."""
    return tuple(
        u
        for u in s.units
        if u.airborne
        and not u.moved
        and not s.is_destroyed(u)
        and s.board.contains(u.at)
        and (side is None or u.side == side)
    )


def _pending(s: GameState, side: str) -> int:
    return len(to_fly(s, side))


def flier_now(s: GameState, unit_id: str) -> tuple[Unit | None, str | None]:
    """The unit if it may move now, else why not (AERO-01)."""
    u = s.unit(unit_id)
    if u is None:
        return None, f"there is no unit {unit_id!r}"
    if not u.airborne:
        return None, f"{u.id} is not an aerospace unit in the air: it moves in the movement phase"
    if s.is_destroyed(u):
        return None, f"{u.id} is destroyed"
    if u.moved:
        return None, f"{u.id} has already moved this turn"
    if not s.board.contains(u.at):
        return None, f"{u.id} is not on the map"
    side = alternate.actor(s)
    if u.side != side:
        return None, f"side {side} moves now, not side {u.side}"
    return u, None


def _fly(step: Applying, a: Action) -> str | None:
    assert isinstance(a, FlyUnit)
    u, reason = flier_now(step.state, a.unit_id)
    if u is None:
        return reason
    out = fly(step.state, step.cup, u.id, tuple(a.steps))
    if isinstance(out, str):
        return out
    step.state = replace(step.state, units=out.units)
    for e in out.events:
        step.emit(e)
    step.state = alternate.after_action(step.state, _pending)
    return None


def _enter(step: Applying) -> None:
    step.state = alternate.begin(step.state, _pending)


def _waiting(s: GameState) -> str | None:
    return alternate.waiting(s, to_fly, "move this phase", "aerospace unit")


def _banner(s: GameState) -> str:
    return alternate.banner(s, to_fly, "Aerospace movement", "to fly")


def plans(u: Unit) -> list[tuple[str, ...]]:
    """Candidate moves for one unit: every thrust from braking hard to its maximum, each
    flown straight or with one turn left or right after its first, middle or last gap."""
    c = u.craft
    if c is None or out_of_control(u) or u.damage.unconscious:
        return [()]
    out: list[tuple[str, ...]] = []
    for dv in range(-min(c.velocity, c.thrust), c.thrust + 1):
        v = c.velocity + dv
        head = (f"T:{dv}",) if dv else ()
        out.append(head + ("F",) * v)
        for k in sorted({1, v // 2, v - 1} & set(range(1, v))):
            for turn in ("L", "R"):
                out.append(head + ("F",) * k + (turn,) + ("F",) * (v - k))
    return out


def _choices(s: GameState) -> list[Action]:
    """A few legal flights per unit of the acting side, those that stay on the map and
    within safe thrust first (seeded by the state, so a game replays)."""
    side = alternate.actor(s)
    if side is None:
        return []
    pick = random.Random(f"aero:{s.faces_used}:{len(s.history)}")
    out: list[Action] = []
    for u in to_fly(s, side):
        good, risky = [], []
        for p in plans(u):
            f = preview(s, u.id, p)
            if not f.legal:
                continue
            (risky if f.off_map or f.control_rolls else good).append(FlyUnit(u.id, p))
        keep = good or risky
        out += pick.sample(keep, min(CHOICES_PER_UNIT, len(keep)))
    return out


RULES: HexPhase = PhaseRules(
    name=Phase.AEROSPACE_MOVEMENT,
    handlers=MappingProxyType({FlyUnit: _fly}),
    enter=_enter,
    waiting=_waiting,
    closes_itself=True,
    actor=alternate.actor,
    banner=_banner,
    choices=_choices,
)
