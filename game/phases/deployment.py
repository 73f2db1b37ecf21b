"""The deployment phase: each side sets its units down in its zone (game.rules.deploy).

Sides deploy in order (all of A's units, then B's); the phase is skipped when a scenario
placed every unit, and closes itself once the last unit stands on the map. A unit left
with no legal hex in its zone (the zone's few sea hexes taken, say) stays off the map:
the phase says so once, in the log, and goes on as if it had deployed; off the map it is
out of the fight (game.outcome). Setup refuses a unit whose zone has no hex for its kind
at all (MOV-10, ADV-24), so this only happens when the hexes run out. It is a consequence
of the state alone (no dice, no choice), so a replay strands the same units.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from game.core.actions import Action, Event
from game.phases.actions import Deploy
from game.phases.movers import HexPhase
from game.rules.deploy import check_deploy, legal_deploy_hexes
from game.units.unit import Unit

from ..core.phase import Applying, PhaseRules
from ..hexgrid import Hex
from ..state import GameState


def undeployed(s: GameState, side: str | None = None) -> tuple[Unit, ...]:
    """Units still off the board (negative coordinates), optionally of one side."""
    return tuple(
        u for u in s.units if not s.board.contains(u.at) and (side is None or u.side == side)
    )


def _placed(s: GameState) -> list[Unit]:
    return [u for u in s.units if s.board.contains(u.at)]


def stranded(s: GameState, side: str | None = None) -> tuple[Unit, ...]:
    """Units off the board with no legal hex left in their zone: they stay off the map.

    Hexes are only ever taken while deploying, so a unit stranded once stays stranded."""
    placed = _placed(s)
    return tuple(
        u
        for u in undeployed(s, side)
        if not legal_deploy_hexes(s.board, u.side, placed, u.kind, u, s.rules)
    )


def to_deploy(s: GameState, side: str | None = None) -> tuple[Unit, ...]:
    """Units still to deploy, in order: off the board and with a legal hex left."""
    gone = {u.id for u in stranded(s, side)}
    return tuple(u for u in undeployed(s, side) if u.id not in gone)


def deploying_side(s: GameState) -> str | None:
    """The first side, in order, with units still to deploy."""
    return next((side for side in s.sides if to_deploy(s, side)), None)


def hexes_for(s: GameState, unit_id: str) -> set[Hex]:
    """The hexes to shade while deploying this unit (empty when it is not its turn)."""
    unit = s.unit(unit_id)
    if unit is None or deploying_side(s) != unit.side or s.board.contains(unit.at):
        return set()
    return legal_deploy_hexes(s.board, unit.side, _placed(s), unit.kind, unit, s.rules)


def _strand(step: Applying, units: tuple[Unit, ...]) -> None:
    """The log line of each unit that has nowhere left to deploy (it stays off the map)."""
    for u in units:
        text = (f"{u.id} ({u.name or u.kind}) has nowhere to deploy in side {u.side}'s "
                f"zone: it stays off the map")  # fmt: skip
        step.emit(Event("stays_off", text, u.id))


def _enter(step: Applying) -> None:
    _strand(step, stranded(step.state))  # a scenario's placed units may fill a zone


def _deploy(step: Applying, a: Action) -> str | None:
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
    reason = check_deploy(s.board, unit, a.at, a.facing, _placed(s), s.rules)
    if reason is not None:
        return reason
    was = {u.id for u in stranded(s)}
    moved = replace(unit, at=a.at, facing=a.facing)
    step.state = replace(s, units=tuple(moved if u.id == unit.id else u for u in s.units))
    where = s.board.hex_name(a.at)
    step.emit(Event("deployed", f"{unit.name or unit.id} deploys at {where}", unit.id))
    _strand(step, tuple(u for u in stranded(step.state) if u.id not in was))
    return None


def _waiting(s: GameState) -> str | None:
    side = deploying_side(s)
    return None if side is None else f"side {side} still has units to deploy"


def _choices(s: GameState) -> list[Action]:
    """Every legal hex for the next unit to deploy, facing the middle of the map."""
    side = deploying_side(s)
    if side is None:
        return []
    unit = to_deploy(s, side)[0]
    free = sorted(legal_deploy_hexes(s.board, side, _placed(s), unit.kind, unit, s.rules))
    facing = 1 if side == s.sides[0] else 4
    return [Deploy(unit.id, h, facing) for h in free]


RULES: HexPhase = PhaseRules(
    name="deployment",
    handlers=MappingProxyType({Deploy: _deploy}),
    enter=_enter,
    waiting=_waiting,
    actor=deploying_side,
    skipped=lambda s: not undeployed(s),
    title=lambda s: "Deployment",
    banner=lambda s: f"Deployment - Side {deploying_side(s)} deploys",
    choices=_choices,
)
