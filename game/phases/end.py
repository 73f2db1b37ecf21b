"""The end phase (TURN-14): unconscious MechWarriors try to wake up (PSR-21), aerospace
units make their control rolls (AERO-03, AERO-10: game.phases.control), then the turn's
flags reset (moved, this turn's moves; the phase damage tally in the classic variant)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.core.actions import Event
from game.core.dice import Dice
from game.phases.movers import HexPhase
from game.rules.damage.vehicle_crits import end_phase as vehicle_end_phase
from game.rules.piloting.falls import wake_up as rules_wake_up
from game.units.unit import Unit

from ..board import Board
from ..core.phase import Applying, PhaseRules
from ..narrate import Narrator
from ..rules.turn import Phase
from .control import control_rolls


def wake_up(
    units: tuple[Unit, ...], cup: Dice, board: Board, gone: Callable[[Unit], bool]
) -> tuple[tuple[Unit, ...], tuple[Event, ...]]:
    """PSR-21: each unconscious, living MechWarrior rolls on the PSR-20 table again
    (game.rules.piloting.falls.wake_up); the events become log lines. A destroyed unit's pilot
    (``gone``) rolls no more."""
    out: list[Unit] = []
    events: list[Event] = []
    for u in units:
        if gone(u):
            out.append(u)
            continue
        res = rules_wake_up(u, cup)
        out.append(res.unit)
        for e in res.events:
            text = Narrator(board, units).say(e, u.id)
            events.append(Event("wake_up", text, u.id, (e.get("roll"),), e))
    return tuple(out), tuple(events)


def _enter(step: Applying) -> None:
    s = step.state
    units, events = wake_up(s.units, step.cup, s.board, s.is_destroyed)
    fresh = tuple(replace(vehicle_end_phase(u), moved=False,
                          damage=replace(u.damage, phase_damage=0)) for u in units)  # fmt: skip
    step.state = replace(s, units=fresh, moves=(), move_order=(), pair_left=0,
                         declarations=(), acted=())  # fmt: skip
    for e in events:
        step.emit(e)
    control_rolls(step)  # AERO-03 / AERO-10


RULES: HexPhase = PhaseRules(name=Phase.END, enter=_enter)
