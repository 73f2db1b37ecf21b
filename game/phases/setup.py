"""The setup phase: each side picks its force from the roster (game.designs.roster)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from game.core.actions import Action, Event
from game.designs.roster import RosterError, make_unit
from game.phases.actions import AddUnit, RemoveUnit, StartGame
from game.phases.movers import HexPhase
from game.rules.deploy import legal_deploy_hexes
from game.units.unit import VESSELS

from ..core.phase import Applying, PhaseRules
from ..narrate import skills
from ..state import GameState


def _add_unit(step: Applying, a: Action) -> str | None:
    assert isinstance(a, AddUnit)
    s = step.state
    if a.side not in s.sides:
        return f"there is no side {a.side!r} (sides: {', '.join(s.sides)})"
    unit_id = a.unit_id or free_id(s, a.side)
    if s.unit(unit_id) is not None:
        return f"unit id {unit_id!r} is already taken"
    try:
        unit = make_unit(a.design, unit_id, a.side, a.piloting, a.gunnery)
    except RosterError as exc:
        return str(exc)
    if not legal_deploy_hexes(s.board, a.side, (), unit.kind):  # MOV-10, ADV-24
        need = " (a vessel needs depth 1+ water, ADV-24)" if unit.kind in VESSELS else ""
        return (f"{unit.name} cannot be deployed on this map: side {a.side}'s deployment "
                f"zone has no hex a {unit.kind} unit may stand in{need}")  # fmt: skip
    step.state = replace(s, units=s.units + (unit,))
    text = f"Side {a.side} takes {unit.name} ({unit_id}), pilot {skills(a.gunnery, a.piloting)}"
    step.emit(Event("unit_added", text, unit_id))
    return None


def free_id(s: GameState, side: str) -> str:
    """The next unused id of a side: A1, A2, ..."""
    n = 1
    while s.unit(f"{side}{n}") is not None:
        n += 1
    return f"{side}{n}"


def _remove_unit(step: Applying, a: Action) -> str | None:
    assert isinstance(a, RemoveUnit)
    s = step.state
    if s.unit(a.unit_id) is None:
        return f"there is no unit {a.unit_id!r}"
    step.state = replace(s, units=tuple(u for u in s.units if u.id != a.unit_id))
    step.emit(Event("unit_removed", f"Unit {a.unit_id} leaves the force", a.unit_id))
    return None


def _start_game(step: Applying, a: Action) -> str | None:
    empty = [side for side in step.state.sides if not step.state.side_units(side)]
    if empty:
        return f"side {empty[0]} has no units yet"
    step.close_phase()  # deployment next (skipped when every unit is placed)
    return None


def _waiting(s: GameState) -> str | None:
    return "start the game first"


RULES: HexPhase = PhaseRules(
    name="setup",
    handlers=MappingProxyType(
        {AddUnit: _add_unit, RemoveUnit: _remove_unit, StartGame: _start_game}
    ),  # fmt: skip
    waiting=_waiting,
    closes_itself=False,
    title=lambda s: "Setup",
    banner=lambda s: "Setup - pick each side's force",
)
