"""The turn sequence: ``apply(state, action)`` -> the new state and what happened.

One function per action checks the action against the state (illegal actions come back
as :class:`Refused` with the reason, nothing raised) and builds the next state. The
phases of a turn (TURN-02..04) come from game.rules.turn; each has a
:class:`PhaseHook`: what happens on entering it and whether the players must act in it.
Phases without rules yet (weapon attack, physical attack, heat, aerospace movement,
reaction) are pass-through hooks that a later module replaces in :data:`PHASE_HOOKS`.

Dice: every action gets a cup positioned at ``state.faces_used`` (GameState.dice), so
the same start and actions always draw the same faces: replay gives the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import roster
from .actions import (
    Action,
    AddUnit,
    CommitMove,
    DeclareMode,
    Deploy,
    EndPhase,
    Event,
    IllegalActionError,
    LogEntry,
    Refused,
    RemoveUnit,
    RollInitiative,
    SelectUnit,
    StandStill,
    StartGame,
)
from .board import Board
from .deploy import check_deploy
from .dice import Dice
from .movers import Mover, MoveReport, move_text, rules_mover, with_building_cf
from .phases import PHASE_HOOKS, leave_phase, recount
from .rules.bridges import without_bridges
from .rules.turn import Phase, next_phase, roll_initiative
from .state import DEPLOYMENT, MODES, SETUP, GameStart, GameState, MoveRecord, keep_cup, new_game
from .units import Unit

if TYPE_CHECKING:
    pass


@dataclass(frozen=True, slots=True)
class Outcome:
    """An accepted action: the new state and the events it caused, in order."""

    state: GameState
    events: tuple[Event, ...]

    @property
    def ok(self) -> bool:
        return True

    @property
    def phase_changed(self) -> bool:
        """True when the UI should autosave (ux.md: an autosave at every phase change)."""
        return any(e.kind == "phase" for e in self.events)


class _Step:
    """The action being applied: the evolving state, its events and the dice cup."""

    def __init__(self, state: GameState, cup: Dice, mover: Mover) -> None:
        self.state = state
        self.cup = cup
        self.mover = mover
        self.events: list[Event] = []
        self.entries: list[LogEntry] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.entries.append(LogEntry(self.state.turn, str(self.state.phase), event))

    def new_rolls(self, since: int) -> tuple:
        return self.cup.log[since:]


Handler = Callable[[_Step, Action], str | None]  # returns a refusal reason or None


def apply(state: GameState, action: Action, mover: Mover | None = None) -> Outcome | Refused:
    """Apply one action; Refused(reason) if it is illegal now (the state is unchanged).

    ``mover`` resolves committed moves (default: the movement and piloting rules);
    tests inject a fake one. A replay must use the same mover as the game.
    """
    handler = _HANDLERS.get(type(action))
    if handler is None:
        return Refused(f"{type(action).__name__} is not an action")
    step = _Step(state, state.dice(), mover or rules_mover)
    first = len(step.cup.log)
    reason = handler(step, action)
    if reason is not None:
        return Refused(reason)  # the cup is dropped: the next action redraws to its place
    faces = state.faces_used + sum(len(r.faces) for r in step.cup.log[first:])
    keep_cup(state.start.seed, state.start.script, faces, step.cup)
    final = replace(
        step.state,
        faces_used=faces,
        history=state.history + (action,),
        log=state.log + tuple(step.entries),
    )
    return Outcome(final, tuple(step.events))


def apply_strict(state: GameState, action: Action, mover: Mover | None = None) -> Outcome:
    """apply() for scripts and replays: an illegal action raises IllegalActionError."""
    out = apply(state, action, mover)
    if isinstance(out, Refused):
        raise IllegalActionError(out.reason)
    return out


def replay(
    board: Board, start: GameStart, actions: Iterable[Action], mover: Mover | None = None
) -> GameState:
    """The state a game reaches from its start and actions (dice from the start)."""
    state = new_game(
        board,  # the board the game started on
        map_ref=start.map_ref,
        rules=start.rules,
        seed=start.seed,
        script=start.script,
        units=start.units,
        sides=start.sides,
    )
    for action in actions:
        state = apply_strict(state, action, mover).state
    return state


# --- setup and deployment ----------------------------------------------------------------


def _add_unit(step: _Step, a: AddUnit) -> str | None:
    s = step.state
    if s.phase != SETUP:
        return "units can only be added during setup"
    if a.side not in s.sides:
        return f"there is no side {a.side!r} (sides: {', '.join(s.sides)})"
    unit_id = a.unit_id or _free_id(s, a.side)
    if s.unit(unit_id) is not None:
        return f"unit id {unit_id!r} is already taken"
    try:
        unit = roster.make_unit(a.design, unit_id, a.side, a.piloting, a.gunnery)
    except roster.RosterError as exc:
        return str(exc)
    step.state = replace(s, units=s.units + (unit,))
    text = f"Side {a.side} takes {unit.name} ({unit_id}), pilot {a.piloting}/{a.gunnery}"
    step.emit(Event("unit_added", text, unit_id))
    return None


def _free_id(s: GameState, side: str) -> str:
    n = 1
    while s.unit(f"{side}{n}") is not None:
        n += 1
    return f"{side}{n}"


def _remove_unit(step: _Step, a: RemoveUnit) -> str | None:
    s = step.state
    if s.phase != SETUP:
        return "units can only be removed during setup"
    if s.unit(a.unit_id) is None:
        return f"there is no unit {a.unit_id!r}"
    units = tuple(u for u in s.units if u.id != a.unit_id)
    step.state = replace(s, units=units)
    step.emit(Event("unit_removed", f"Unit {a.unit_id} leaves the force", a.unit_id))
    return None


def _start_game(step: _Step, a: StartGame) -> str | None:
    s = step.state
    if s.phase != SETUP:
        return "the game has already started"
    empty = [side for side in s.sides if not s.side_units(side)]
    if empty:
        return f"side {empty[0]} has no units yet"
    if s.undeployed():
        _enter(step, DEPLOYMENT)
    else:
        _enter(step, Phase.INITIATIVE)
    return None


def _deploy(step: _Step, a: Deploy) -> str | None:
    s = step.state
    if s.phase != DEPLOYMENT:
        return "units can only be deployed in the deployment phase"
    unit = s.unit(a.unit_id)
    if unit is None:
        return f"there is no unit {a.unit_id!r}"
    if s.board.contains(unit.at):
        return f"{unit.id} is already deployed"
    if unit.side != s.deploying_side:
        return f"side {s.deploying_side} deploys now, not side {unit.side}"
    placed = [u for u in s.units if s.board.contains(u.at)]
    reason = check_deploy(s.board, unit, a.at, a.facing, placed)
    if reason is not None:
        return reason
    step.state = _with_unit(s, replace(unit, at=a.at, facing=a.facing))
    where = s.board.hex_name(a.at)
    step.emit(Event("deployed", f"{unit.name or unit.id} deploys at {where}", unit.id))
    if not step.state.undeployed():
        _enter(step, Phase.INITIATIVE)
    return None


# --- initiative and movement ----------------------------------------------------------------


def _roll_initiative(step: _Step, a: RollInitiative) -> str | None:
    s = step.state
    if s.phase != Phase.INITIATIVE:
        return f"initiative is rolled at the start of a turn, not in the {s.phase} phase"
    mark = len(step.cup.log)
    result = roll_initiative(s.sides, step.cup)  # TURN-05, ties re-roll
    step.state = replace(s, initiative=result)
    rounds = "; then ".join(", ".join(f"{k} {v}" for k, v in r.items()) for r in result.rounds)
    text = f"Initiative: {rounds} - side {result.winner} wins, side {result.loser} moves first"
    step.emit(Event("initiative", text, rolls=step.new_rolls(mark), payload=result))
    _enter(step, Phase.MOVEMENT)
    return None


def _actor(s: GameState, unit_id: str) -> tuple[Unit | None, str | None]:
    """The unit if it may act now in the movement phase, else the reason (TURN-06)."""
    if s.phase != Phase.MOVEMENT:
        return None, f"units move in the movement phase, not in the {s.phase} phase"
    unit = s.unit(unit_id)
    if unit is None:
        return None, f"there is no unit {unit_id!r}"
    if s.is_destroyed(unit):
        return None, f"{unit.id} is destroyed"
    if unit.moved:
        return None, f"{unit.id} has already moved this turn"
    if unit.side != s.side_to_act:
        return None, f"side {s.side_to_act} moves now, not side {unit.side}"
    return unit, None


def _select(step: _Step, a: SelectUnit) -> str | None:
    unit, reason = _actor(step.state, a.unit_id)
    if unit is None:
        return reason
    step.state = replace(step.state, active_unit=unit.id, declared_mode=None)
    step.emit(Event("selected", f"{unit.name or unit.id} selected", unit.id))
    return None


def _declare(step: _Step, a: DeclareMode) -> str | None:
    unit, reason = _actor(step.state, a.unit_id)
    if unit is None:
        return reason
    reason = _mode_reason(unit, a.mode)
    if reason is not None:
        return reason
    step.state = replace(step.state, active_unit=unit.id, declared_mode=a.mode)
    step.emit(Event("mode", f"{unit.id} will {a.mode}", unit.id))
    return None


def _mode_reason(unit: Unit, mode: str) -> str | None:
    if mode not in MODES:
        return f"mode {mode!r} is not one of {', '.join(MODES)}"
    if unit.immobile:
        return f"{unit.id} cannot move this turn; it can only stand still"
    if mode == "jump" and unit.jump_mp() == 0:
        return f"{unit.id} has no jump MP"
    return None


def _commit(step: _Step, a: CommitMove) -> str | None:
    unit, reason = _actor(step.state, a.unit_id)
    if unit is None:
        return reason
    reason = _mode_reason(unit, a.mode)
    if reason is not None:
        return reason
    report: MoveReport = step.mover(step.state, step.cup, unit.id, a.mode, tuple(a.steps))
    if not report.legal:
        return report.error or "that move is not legal"
    s = step.state
    # PSR-37: a dodge attempt counts as the dodging unit's move for the phase.
    dodged = {i for i in report.dodged if not (s.unit(i) or unit).moved} - {unit.id}
    acted = {unit.id} | dodged
    units = tuple(replace(u, moved=True) if u.id in acted else u for u in report.units)
    record = report.record or MoveRecord(unit.id, a.mode)
    extra = tuple(MoveRecord(i, "dodge") for i in sorted(dodged))
    step.state = replace(
        s,
        board=without_bridges(with_building_cf(s.board, report.buildings), report.bridges),
        units=units,
        moves=s.moves + (record,) + extra,
        wrecked=tuple(sorted(set(s.wrecked) | set(report.destroyed))),
    )
    step.emit(Event("move", move_text(step.state, unit, report), unit.id, (), report.record))
    for event in report.events:
        step.emit(event)
    _after_action(step)
    return None


def _stand_still(step: _Step, a: StandStill) -> str | None:
    unit, reason = _actor(step.state, a.unit_id)
    if unit is None:
        return reason
    s = step.state
    record = MoveRecord(unit.id, "stand")
    step.state = replace(_with_unit(s, replace(unit, moved=True)), moves=s.moves + (record,))
    step.emit(
        Event(
            "stand_still",
            (f"{unit.id} ({unit.name}) stands still" if unit.name else f"{unit.id} stands still"),
            unit.id,
        )
    )  # TURN-06
    _after_action(step)
    return None


def _after_action(step: _Step) -> None:
    """Pop the front of the move order; recount at the end of a pair (TURN-08/09)."""
    s = step.state
    order = s.move_order[1:]
    left = s.pair_left - 1
    counts = {side: len(s.to_move(side)) for side in s.sides}
    forecast = {side: order.count(side) for side in s.sides}
    if left <= 0 or forecast != counts:  # a pair ended, or a unit was lost mid-pair
        order, left = recount(s)
    step.state = replace(s, move_order=order, pair_left=left, active_unit=None, declared_mode=None)


# --- phases ------------------------------------------------------------------------------------


def _end_phase(step: _Step, a: EndPhase) -> str | None:
    s = step.state
    if s.phase_waiting is not None:
        return s.phase_waiting
    phase = Phase(s.phase)
    while True:
        _leave(step, phase)
        phase = next_phase(phase, s.rules)
        _enter(step, phase)
        if PHASE_HOOKS[phase].interactive:
            return None


def _leave(step: _Step, phase: Phase) -> None:
    """Close ``phase``: its end-of-phase rolls (PSR-07/08 20+ damage), logged in it."""
    step.state, events = leave_phase(step.state, step.cup, phase)
    for event in events:
        step.emit(event)


def _enter(step: _Step, phase: str) -> None:
    s = step.state
    turn = s.turn + 1 if phase == Phase.INITIATIVE else s.turn
    step.state = replace(s, phase=phase, turn=turn)
    name = "Deployment" if phase == DEPLOYMENT else f"Turn {turn}: {phase} phase"
    step.emit(Event("phase", name, payload=str(phase)))
    hook = PHASE_HOOKS.get(phase) if isinstance(phase, Phase) else None
    if hook is not None:
        step.state, events = hook.enter(step.state, step.cup)
        for event in events:
            step.emit(event)


def _with_unit(s: GameState, unit: Unit) -> GameState:
    return replace(s, units=tuple(unit if u.id == unit.id else u for u in s.units))


_HANDLERS: dict[type, Handler] = {
    AddUnit: _add_unit,
    RemoveUnit: _remove_unit,
    StartGame: _start_game,
    Deploy: _deploy,
    RollInitiative: _roll_initiative,
    SelectUnit: _select,
    DeclareMode: _declare,
    CommitMove: _commit,
    StandStill: _stand_still,
    EndPhase: _end_phase,
}

__all__ = ["Outcome", "apply", "apply_strict", "replay"]
