"""The movement phase (TURN-06..09, MOV, PSR): units move one by one in the alternating
order; each move is checked and its rolls resolved by the mover (game.phases.movers).

A unit acts by committing a move or standing still (TURN-06: both count as its move);
selecting a unit and declaring its mode are optional steps the UI shows. The phase waits
until every unit in play has acted, then a player (or game.flow.advance) ends it; leaving
it makes the 20+ damage rolls of the phase (game.phases.damage_check).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import ClassVar

from game.core.actions import Action, Event
from game.phases.actions import CommitMove, DeclareMode, EndMove, SelectUnit, StandStill
from game.phases.movers import HexApplying, HexPhase, MoveReport, reach_of
from game.units.unit import Unit

from ..core.phase import Applying, PhaseRules
from ..hexgrid import distance, neighbour
from ..narrate import crashed_in, move_summary, underway_text
from ..rules.physical.records import NAMES
from ..rules.turn import Phase
from ..state import MODES, GameState, MoveRecord, Underway
from . import alternate
from .charges import attack_plan
from .damage_check import damage_check
from .taken import take_move

CHOICES_PER_UNIT = 6  # destinations offered per unit to the autoplay


def to_move(s: GameState, side: str | None = None) -> tuple[Unit, ...]:
    """Units that still act this movement phase: placed, not destroyed, not moved, not
    aerospace units in the air (they move in the aerospace phase, AERO-01/02)."""
    return tuple(
        u
        for u in s.units
        if not u.moved
        and not u.airborne
        and not s.is_destroyed(u)
        and s.board.contains(u.at)
        and (side is None or u.side == side)
    )


def _pending(s: GameState, side: str) -> int:
    return len(to_move(s, side))


def mover_now(s: GameState, unit_id: str) -> tuple[Unit | None, str | None]:
    """The unit if it may act now in the movement phase, else the reason (TURN-06)."""
    unit = s.unit(unit_id)
    if unit is None:
        return None, f"there is no unit {unit_id!r}"
    if s.is_destroyed(unit):
        return None, f"{unit.id} is destroyed"
    if unit.moved:
        return None, f"{unit.id} has already moved this turn"
    if unit.airborne:
        return None, f"{unit.id} flies: it moves in the aerospace movement phase (AERO-01)"
    side = alternate.actor(s)
    if unit.side != side:
        return None, f"side {side} moves now, not side {unit.side}"
    busy = s.underway
    if busy is not None and busy.unit_id != unit.id:
        return None, f"{busy.unit_id}'s move is under way: go on with it or end it first"
    return unit, None


def mode_reason(unit: Unit, mode: str) -> str | None:
    """Why the unit cannot move in this mode, or None."""
    if mode not in MODES:
        return f"mode {mode!r} is not one of {', '.join(MODES)}"
    if unit.immobile:
        return f"{unit.id} cannot move this turn; it can only stand still"
    if unit.stunned:
        return f"{unit.id}'s crew is stunned (CMB-48); it can only stand still"
    if mode == "jump" and unit.jump_mp() == 0:
        return f"{unit.id} has no jump MP"
    return None


def _select(step: Applying, a: Action) -> str | None:
    assert isinstance(a, SelectUnit)
    unit, reason = mover_now(step.state, a.unit_id)
    if unit is None:
        return reason
    step.state = replace(step.state, active_unit=unit.id, declared_mode=None)
    step.emit(Event("selected", f"{unit.name or unit.id} selected", unit.id))
    return None


def _declare(step: Applying, a: Action) -> str | None:
    assert isinstance(a, DeclareMode)
    unit, reason = mover_now(step.state, a.unit_id)
    if unit is None:
        return reason
    reason = mode_reason(unit, a.mode) or _same_mode(step.state, unit, a.mode)
    if reason is not None:
        return reason
    step.state = replace(step.state, active_unit=unit.id, declared_mode=a.mode)
    step.emit(Event("mode", f"{unit.id} will {a.mode}", unit.id))
    return None


def _same_mode(s: GameState, unit: Unit, mode: str) -> str | None:
    """A move under way keeps its mode (MOV-01: one mode per move)."""
    u = s.underway
    if u is not None and u.unit_id == unit.id and u.mode != mode:
        return f"{unit.id}'s move is under way as a {u.mode}: it goes on as a {u.mode}"
    return None


def _commit(step: HexApplying, a: Action) -> str | None:
    assert isinstance(a, CommitMove)
    unit, reason = mover_now(step.state, a.unit_id)
    if unit is None:
        return reason
    reason = mode_reason(unit, a.mode) or _same_mode(step.state, unit, a.mode)
    if reason is not None:
        return reason
    if a.partial and a.mode == "jump":
        return "a jump is one move: it cannot be taken in parts"
    mover = step.tools  # game.flow hands the movement rules (or a test's fake) in
    extra = {"careless": True} if a.careless else {}  # ADV-05 (fakes need not know it)
    if a.partial:
        report = mover(step.state, step.cup, unit.id, a.mode, tuple(a.steps), final=False, **extra)
    else:
        report = mover(step.state, step.cup, unit.id, a.mode, tuple(a.steps), **extra)
    if not report.legal:
        return report.error or "that move is not legal"
    busy = step.state.underway
    start = replace(unit, prone=busy.started_prone) if busy is not None else unit
    taken = (busy.steps if busy is not None else ()) + tuple(a.steps)
    take_move(step, unit, report)
    after = step.state.unit(unit.id)
    left = report.mp_available - (report.record.mp_used if report.record else 0)
    goes_on = a.mode != "jump" and (a.partial or report.interrupted) and report.resume is not None
    if goes_on and after is not None and left > 0 and _can_act(step.state, after):
        rec = report.record
        step.state = replace(
            step.state,
            active_unit=unit.id,
            declared_mode=a.mode,
            underway=Underway(unit.id, a.mode, taken, rec.mp_used if rec else 0,
                              report.mp_available, report.resume, start.prone),
        )  # fmt: skip
        step.emit(Event("underway", underway_text(unit.id, left, after.prone), unit.id))
        return None
    if a.partial:  # nothing left to go on with: the move ends here after all
        rec = report.record
        parked = Underway(unit.id, a.mode, taken, rec.mp_used if rec else 0,
                          report.mp_available, report.resume, start.prone)  # fmt: skip
        step.state = replace(step.state, underway=parked)
        return _end_move(step, EndMove(unit.id))
    _finish(step, start, a.mode, report)
    return None


def _can_act(s: GameState, u: Unit) -> bool:
    return not s.is_destroyed(u) and not u.immobile and not u.damage.unconscious and not u.stunned


@dataclass(frozen=True, slots=True)
class DeclareCharge(Action):
    """Movement: move and declare a charge (walk/run, the path ending with ``F`` into the
    target's hex) or a death from above (jump, ``J:`` the target's hex) at ``target``;
    resolved in the physical attack phase (PHY-02, game.phases.charges)."""

    doing: ClassVar[str] = "charges are declared"
    unit_id: str
    mode: str
    steps: tuple[str, ...]
    target: str


def _charge(step: HexApplying, a: Action) -> str | None:
    assert isinstance(a, DeclareCharge)
    s = step.state
    unit, reason = mover_now(s, a.unit_id)
    if unit is None:
        return reason
    if s.underway is not None:
        return f"{s.underway.unit_id}'s move is under way: end it first"
    reason = mode_reason(unit, a.mode)
    if reason is not None:
        return reason
    plan = attack_plan(s, unit.id, a.mode, tuple(a.steps), a.target)
    if isinstance(plan, str):
        return plan
    if not plan.option.can_attack:
        return f"{unit.id} cannot make that attack: {plan.option.why_not}"
    if not plan.steps:  # a DFA from the hex beside the target: no move before it
        report = MoveReport(True, units=s.units, record=MoveRecord(unit.id, "jump"))
    else:
        mover = step.tools
        report = mover(s, step.cup, unit.id, plan.mode, plan.steps)
    if not report.legal:
        return report.error or "that move is not legal"
    record = report.record or MoveRecord(unit.id, plan.mode)
    # PHY-10: the MP of entering the target's hex are spent too
    report = replace(report, record=replace(record, mp_used=record.mp_used + plan.extra_mp))
    take_move(step, unit, report)
    step.state = replace(step.state, physical=step.state.physical + (plan.blow,))
    b, o = plan.blow, plan.option
    number = o.target if o.target is not None else "impossible"
    text = f"{unit.id} declares a {NAMES[b.kind]} on {b.target} (needs {number})"
    step.emit(Event("declared", text, unit.id, payload=(b,)))
    _finish(step, unit, plan.mode, report)
    return None


def _finish(step: Applying, start: Unit, mode: str, report: MoveReport) -> None:
    """The move is over: the unit has moved, its record counts for the attack phases.
    ``start`` is the unit as the move began (the summary tells what changed)."""
    s = step.state
    units = tuple(replace(u, moved=True) if u.id == start.id else u for u in s.units)
    record = report.record or MoveRecord(start.id, mode)
    step.state = replace(s, units=units, moves=s.moves + (record,), underway=None)
    after = step.state.unit(start.id) or start
    told = mode if mode == "crawl" else record.mode  # ADV-03: a crawl counts as a walk
    text = move_summary(s.board, start, after, told, record.hexes_moved, record.mp_used,
                        record.heat, record.target_modifier,
                        crashed_in(report.events, start.id))  # fmt: skip
    step.emit(Event("move", text, start.id, (), record))
    _after_action(step)


def _end_move(step: HexApplying, a: Action) -> str | None:
    assert isinstance(a, EndMove)
    busy = step.state.underway
    if busy is None or busy.unit_id != a.unit_id:
        return f"{a.unit_id} has no move under way (S stands a unit still)"
    unit = step.state.unit(a.unit_id)
    assert unit is not None
    mover = step.tools
    report = mover(step.state, step.cup, unit.id, busy.mode, ())
    if not report.legal:
        return report.error or "the move cannot end here"
    take_move(step, unit, report)
    _finish(step, replace(unit, prone=busy.started_prone), busy.mode, report)
    return None


def _stand_still(step: HexApplying, a: Action) -> str | None:
    assert isinstance(a, StandStill)
    unit, reason = mover_now(step.state, a.unit_id)
    if unit is None:
        return reason
    s = step.state
    if s.underway is not None:  # TURN-06: standing still is a whole move
        return f"{unit.id} has begun its move: end it where it stands (EndMove) instead"
    if unit.kind == "wige" and unit.wige_airborne:  # ADV-17: under 5 hexes, it lands
        return _land_in_place(step, unit)
    record = MoveRecord(unit.id, "stand")
    moved = replace(unit, moved=True)
    units = tuple(moved if u.id == unit.id else u for u in s.units)
    step.state = replace(s, units=units, moves=s.moves + (record,))
    label = f"{unit.id} ({unit.name})" if unit.name else unit.id
    step.emit(Event("stand_still", f"{label} stands still", unit.id))  # TURN-06
    _after_action(step)
    return None


def _land_in_place(step: HexApplying, unit: Unit) -> str | None:
    """An airborne WiGE that stands still has flown fewer than 5 hexes: it lands where it
    is (ADV-17, no MP), with what landing there brings (ADV-18: water destroys it, terrain
    but clear or paved is a crash). It spent no MP and entered no hex: it stood still."""
    mover = step.tools
    report = mover(step.state, step.cup, unit.id, "walk", ())
    if not report.legal:
        return report.error or f"{unit.id} cannot land where it is"
    record = replace(report.record or MoveRecord(unit.id, "stand"), mode="stand")
    report = replace(report, record=record)
    take_move(step, unit, report)
    _finish(step, unit, "stand", report)
    return None


def _after_action(step: Applying) -> None:
    s = alternate.after_action(step.state, _pending)
    step.state = replace(s, active_unit=None, declared_mode=None, underway=None)


def _enter(step: Applying) -> None:
    state = replace(step.state, physical=())  # PHY-02: a new turn's attacks
    step.state = alternate.begin(state, _pending)


def _waiting(s: GameState) -> str | None:
    return alternate.waiting(s, to_move, "act this phase")


def _banner(s: GameState) -> str:
    return alternate.banner(s, to_move, "Movement", "to move")


def _choices(s: GameState) -> list[Action]:
    """For each unit of the acting side: stand still, or a few reachable destinations in
    every mode it has (seeded by the state, so a game replays)."""
    side = alternate.actor(s)
    if side is None:
        return []
    busy = s.underway
    if busy is not None:  # MOV-23: end it, or (prone) try to stand again
        u = s.unit(busy.unit_id)
        again = [CommitMove(busy.unit_id, busy.mode, ("U",))] if u is not None and u.prone else []
        return [EndMove(busy.unit_id), *again]
    out: list[Action] = []
    pick = random.Random(f"{s.faces_used}:{len(s.history)}")
    for u in to_move(s, side):
        out.append(StandStill(u.id))
        if u.immobile:
            continue
        for mode in ("walk", "run", "jump"):
            if mode_reason(u, mode) is not None:
                continue
            reach = reach_of(s, u.id, mode)
            ends = sorted(reach.hexes().items(), key=lambda kv: (kv[0].col, kv[0].row))
            for h, (_, facings) in pick.sample(ends, min(CHOICES_PER_UNIT, len(ends))):
                steps = reach.path_to(h, pick.choice(facings)) if facings else None
                if steps is not None:
                    out.append(CommitMove(u.id, mode, tuple(steps)))
        if s.rules.tacops and u.is_mech and mode_reason(u, "defend") is None:
            out.append(CommitMove(u.id, "defend", ()))  # ADV-01: it moves in the physical phase
        out += attack_choices(s, u)
    return out


def attack_choices(s: GameState, u: Unit) -> list[Action]:
    """Charges and DFAs the unit could declare now (at most one of each per enemy), for
    the autoplay: a charge along the least-MP path into a hex facing the enemy."""
    out: list[Action] = []
    if not u.is_mech or u.prone or u.immobile:
        return out
    reach, ends = None, {}
    for t in s.units:
        if t.side == u.side or not t.moved or s.is_destroyed(t) or not s.board.contains(t.at):
            continue
        if u.jump_mp() >= distance(u.at, t.at):
            dfa = DeclareCharge(u.id, "jump", (f"J:{s.board.hex_name(t.at)}",), t.id)
            if _possible(s, dfa):
                out.append(dfa)
        if distance(u.at, t.at) > u.run_mp() + 1:
            continue  # no hex beside it within running MP (each hex costs 1 MP at least)
        if reach is None:  # one search for every target
            reach = reach_of(s, u.id, "run")
            ends = reach.hexes()
        for d in range(6):
            h = neighbour(t.at, (d + 3) % 6)
            path = reach.path_to(h, d) if h in ends else None
            if path:
                charge = DeclareCharge(u.id, "run", (*path, "F"), t.id)
                if _possible(s, charge):
                    out.append(charge)
                    break
    return out


def _possible(s: GameState, a: DeclareCharge) -> bool:
    plan = attack_plan(s, a.unit_id, a.mode, a.steps, a.target)
    return not isinstance(plan, str) and plan.option.attacks


RULES: HexPhase = PhaseRules(
    name=Phase.MOVEMENT,
    handlers=MappingProxyType(
        {
            SelectUnit: _select,
            DeclareMode: _declare,
            CommitMove: _commit,
            StandStill: _stand_still,
            EndMove: _end_move,
            DeclareCharge: _charge,
        }
    ),  # fmt: skip
    enter=_enter,
    leave=damage_check(Phase.MOVEMENT),
    waiting=_waiting,
    closes_itself=False,
    actor=alternate.actor,
    banner=_banner,
    choices=_choices,
)
