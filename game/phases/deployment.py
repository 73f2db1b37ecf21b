"""The deployment phase: each side sets its units down in its zone (game.deploy).

Sides deploy in order (all of A's units, then B's); the phase is skipped when a scenario
placed every unit, and closes itself once the last unit stands on the map.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from ..actions import Action, Deploy, Event
from ..core.phase import PhaseRules, Step
from ..deploy import check_deploy, legal_deploy_hexes
from ..hexgrid import Hex
from ..state import GameState
from ..units import Unit


def undeployed(s: GameState, side: str | None = None) -> tuple[Unit, ...]:
    """Units still off the board (negative coordinates), optionally of one side."""
    return tuple(
        u for u in s.units if not s.board.contains(u.at) and (side is None or u.side == side)
    )


def deploying_side(s: GameState) -> str | None:
    """The first side, in order, with units still to deploy."""
    return next((side for side in s.sides if undeployed(s, side)), None)


def hexes_for(s: GameState, unit_id: str) -> set[Hex]:
    """The hexes to shade while deploying this unit (empty when it is not its turn)."""
    unit = s.unit(unit_id)
    if unit is None or deploying_side(s) != unit.side or s.board.contains(unit.at):
        return set()
    placed = [u for u in s.units if s.board.contains(u.at)]
    return legal_deploy_hexes(s.board, unit.side, placed, unit.kind)


def _deploy(step: Step, a: Action) -> str | None:
    assert isinstance(a, Deploy)
    s = step.state
    unit = s.unit(a.unit_id)
    if unit is None:
        return f"there is no unit {a.unit_id!r}"
    if s.board.contains(unit.at):
        return f"{unit.id} is already deployed"
    side = deploying_side(s)
    if unit.side != side:
        return f"side {side} deploys now, not side {unit.side}"
    placed = [u for u in s.units if s.board.contains(u.at)]
    reason = check_deploy(s.board, unit, a.at, a.facing, placed)
    if reason is not None:
        return reason
    moved = replace(unit, at=a.at, facing=a.facing)
    step.state = replace(s, units=tuple(moved if u.id == unit.id else u for u in s.units))
    where = s.board.hex_name(a.at)
    step.emit(Event("deployed", f"{unit.name or unit.id} deploys at {where}", unit.id))
    return None


def _waiting(s: GameState) -> str | None:
    side = deploying_side(s)
    return None if side is None else f"side {side} still has units to deploy"


def _choices(s: GameState) -> list[Action]:
    """Every legal hex for the next unit to deploy, facing the middle of the map."""
    side = deploying_side(s)
    if side is None:
        return []
    unit = undeployed(s, side)[0]
    placed = [u for u in s.units if s.board.contains(u.at)]
    free = sorted(legal_deploy_hexes(s.board, side, placed, unit.kind))
    facing = 1 if side == s.sides[0] else 4
    return [Deploy(unit.id, h, facing) for h in free]


RULES = PhaseRules(
    name="deployment",
    handlers=MappingProxyType({Deploy: _deploy}),
    waiting=_waiting,
    actor=deploying_side,
    skipped=lambda s: not undeployed(s),
    title=lambda s: "Deployment",
    banner=lambda s: f"Deployment - Side {deploying_side(s)} deploys",
    choices=_choices,
)
