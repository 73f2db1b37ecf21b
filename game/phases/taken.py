"""A resolved move put into the game state: units, board, wrecks and the move's events.

Shared by the movement phase (game.phases.movement) and the physical attack defence walk
of the physical attack phase (ADV-01, game.phases.defence), so both take a mover's report
the same way.
"""

from __future__ import annotations

from dataclasses import replace

from game.phases.movers import MoveReport, with_building_cf
from game.rules.move.bridges import without_bridges
from game.units.unit import Unit

from ..core.phase import Applying
from ..rules.physical.clubs import dropped_limbs
from ..state import MoveRecord


def take_move(step: Applying, unit: Unit, report: MoveReport) -> None:
    """The units, board and wrecks after a move's steps, and their events."""
    s = step.state
    # PSR-37: a dodge attempt counts as the dodging unit's move for the phase.
    dodged = {i for i in report.dodged if not (s.unit(i) or unit).moved} - {unit.id}
    units = tuple(replace(u, moved=True) if u.id in dodged else u for u in report.units)
    extra = tuple(MoveRecord(i, "dodge") for i in sorted(dodged))
    step.state = replace(
        s,
        board=without_bridges(with_building_cf(s.board, report.buildings), report.bridges),
        units=units,
        moves=s.moves + extra,
        wrecked=tuple(sorted(set(s.wrecked) | set(report.destroyed))),
        limbs=s.limbs + tuple(dropped_limbs(s.units, units)),  # clubs lying about (PHY-06)
    )
    for event in report.events:
        step.emit(event)
