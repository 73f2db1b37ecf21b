"""Movers: how the game state has a committed move carried out by the rules.

:func:`game.flow.apply` hands a CommitMove to a *mover*: a function that checks the path
and rolls what it requires, and answers with a :class:`MoveReport` (legal or not, the
units and bodies afterwards, the events). :func:`rules_mover` is the real one: it checks
the path with game.rules.move.movement.check_move and resolves the rolls with
game.rules.piloting.resolve.resolve_move when that module is present. Tests inject small fakes,
so the turn sequence can be tested apart from the movement rules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

from game.board import Board
from game.core.actions import Event
from game.core.dice import Dice, Roll
from game.core.phase import Applying, PhaseRules
from game.hexgrid import Hex
from game.narrate import Narrator
from game.state import GameState, MoveRecord
from game.units.unit import Unit, ground


@dataclass(frozen=True, slots=True)
class MoveReport:
    """A mover's answer. When ``legal`` is False only ``error`` matters.

    ``interrupted``: a failed roll cut the move short (or left the Mech lying) and the unit
    may go on with the MP left (MOV-23); ``resume`` is where it would go on from (the rules'
    move state), ``mp_available`` the MP of its mode.
    """

    legal: bool
    error: str | None = None
    units: tuple[Unit, ...] = ()  # every unit after the move, bodies included
    events: tuple[Event, ...] = ()  # rolls, falls, damage, in order
    record: MoveRecord | None = None
    buildings: tuple[tuple[Hex, int], ...] = ()  # building hexes whose CF changed: CF left
    dodged: tuple[str, ...] = ()  # units that tried to dodge a skid: that was their move
    destroyed: tuple[str, ...] = ()  # units destroyed during the move
    bridges: tuple[Hex, ...] = ()  # MOV-27: bridge hexes that collapsed (gone from the board)
    interrupted: bool = False
    resume: Any = None
    mp_available: int = 0


class Mover(Protocol):
    """``final`` is passed (as False) only for a part of a move that goes on afterwards."""

    def __call__(
        self,
        state: GameState,
        dice: Dice,
        unit_id: str,
        mode: str,
        steps: tuple[str, ...],
        *,
        final: bool = True,
        careless: bool = False,
    ) -> MoveReport: ...


# The hex game's engine hands its handlers the mover as their tools (game.flow.ENGINE):
HexApplying = Applying[GameState, Mover]  # an action being applied
HexPhase = PhaseRules[GameState, Mover]  # a phase (game.phases.PHASES)


def resume_of(state: GameState, unit_id: str) -> Any:
    """The rules' move state a move under way goes on from, or None (a fresh move)."""
    u = state.underway
    return u.resume if u is not None and u.unit_id == unit_id else None


def rules_mover(
    state: GameState,
    dice: Dice,
    unit_id: str,
    mode: str,
    steps: tuple[str, ...],
    *,
    final: bool = True,
    careless: bool = False,
) -> MoveReport:
    """Check the path (MOV-01..31), then resolve its piloting rolls (PSR-04..29);
    ``careless``: ADV-05 (tacops), every extra MP the rules allow is ignored.

    A move under way (``state.underway``) goes on from where it stopped; ``final`` False
    takes a part of a move that goes on afterwards (game.phases.movement)."""
    from game.rules.move.movement import check_move

    resume = resume_of(state, unit_id)
    result = check_move(state.board, ground(state.units), unit_id, mode, steps, state.rules,
                        resume=resume, final=final, careless=careless)  # fmt: skip
    if not result.legal:
        where = "" if result.failed_step is None else f"step {result.failed_step + 1}: "
        return MoveReport(False, f"{where}{result.error}")
    return _resolved(state, dice, unit_id, mode, steps, resume, final, careless)


def _resolved(
    state: GameState,
    dice: Dice,
    unit_id: str,
    mode: str,
    steps: tuple[str, ...],
    resume: Any,
    final: bool,
    careless: bool = False,
) -> MoveReport:
    """Roll the move's PSRs (game.rules.piloting.resolve) and gather units, bodies and events."""
    from game.rules.piloting.resolve import resolve_move

    first = len(dice.log)
    res = resolve_move(
        state.board,
        ground(state.units),
        unit_id,
        mode,
        steps,
        dice,
        state.rules,
        origin=state.start_board,  # MOV-27: each bridge's full length
        target_mods={m.unit_id: m.target_modifier for m in state.moves},  # PHY-17
        resume=resume,
        final=final,
        careless=careless,
        replan_after_fall=True,  # PSR-14: the plan's facings were for a standing unit
    )
    if not res.legal:
        where = "" if res.check.failed_step is None else f"step {res.check.failed_step + 1}: "
        return MoveReport(False, f"{where}{res.check.error}")
    changed: dict[str, Unit] = {unit_id: res.unit}
    for other_id, other, _ in res.others:
        changed[other_id] = other
    units = tuple(changed.get(u.id, u) for u in state.units)
    narrator = Narrator(state.board, state.units, dice.log[first:])
    events = tuple(
        Event(line.event.type, line.text, line.unit_id, _rolls_of(line.event), line.event)
        for line in narrator.lines(res.events, unit_id)
    )
    dodged = tuple(str(e.get("unit")) for e in res.events if e.type == "dodge")
    lost = {str(e.get("unit", unit_id)) for e in res.events if e.type == "unit_destroyed"}
    lost |= {unit_id} if res.destroyed else set()
    lost |= {u.id for u in changed.values() if any(b is not None and b.destroyed
                                                   for b in (u.body, u.hull))}  # fmt: skip
    return MoveReport(
        True,
        None,
        units,
        events,
        record_from(unit_id, res),
        tuple(res.buildings),
        dodged,
        tuple(sorted(lost)),
        tuple(res.bridges),
        res.interrupted,
        res.check.end_state,
        res.check.mp_available,
    )


def _rolls_of(e: Any) -> tuple[Roll, ...]:
    return tuple(v for _, v in e.data if isinstance(v, Roll))


def record_from(unit_id: str, result: Any) -> MoveRecord:
    """The MoveRecord of a checked move (movement.MoveResult or piloting's answer)."""
    return MoveRecord(
        unit_id,
        result.mode,
        hexes_moved=result.hexes_moved,
        mp_used=result.mp_used,
        heat=result.heat,
        attacker_modifier=result.attacker_modifier,
        target_modifier=result.target_modifier,
        skidded=bool(getattr(result, "skidded", False)),
    )


def with_building_cf(board: Board, buildings: tuple[tuple[Hex, int], ...]) -> Board:
    """The board with damaged buildings' CF lowered (MOV-26); arrays stay read-only.

    A building hex whose CF reaches 0 collapses (PSR-32): it becomes rubble, building
    class, CF and height 0 and ``rubble`` True, on top of whatever else the hex holds
    (MOV-15 terrain stacking: rough + rubble adds up, and entering it needs the rubble
    PSR). The game keeps only the board; replay rebuilds it from the same actions.
    """
    if not buildings:
        return board
    cf = board.building_cf.copy()
    cls = board.building_class.copy()
    height = board.building_height.copy()
    rubble = board.rubble.copy()
    for h, left in buildings:
        cf[h.row, h.col] = max(left, 0)
        if left <= 0 and cls[h.row, h.col] > 0:  # PSR-32: collapsed into rubble (MOV-15)
            cls[h.row, h.col] = 0
            height[h.row, h.col] = 0
            rubble[h.row, h.col] = True
    for a in (cf, cls, height, rubble):
        a.setflags(write=False)
    return replace(board, building_cf=cf, building_class=cls, building_height=height,
                   rubble=rubble)  # fmt: skip


# --- what the UI asks before a move is committed (no dice rolled) ---------------------------


def preview_move(
    state: GameState, unit_id: str, mode: str, steps: tuple[str, ...], careless: bool = False
) -> Any:
    """The checked path for the summary panel: game.rules.move.movement.MoveResult (MP used and
    available, heat, hexes moved, modifiers, every PSR with its target), nothing rolled.
    A move under way is checked as it goes on (MP spent so far count)."""
    from game.rules.move.movement import check_move

    resume = resume_of(state, unit_id)
    return check_move(state.board, ground(state.units), unit_id, mode, steps, state.rules,
                      resume=resume, careless=careless)  # fmt: skip


def reach_of(state: GameState, unit_id: str, mode: str, careless: bool = False) -> Any:
    """Where the unit can end this movement (game.rules.move.reach.Reach: .hexes(), .path_to());
    ``careless``: ADV-05, the reach with every ignorable MP ignored."""
    from game.rules.move.reach import reach

    return reach(state.board, ground(state.units), unit_id, mode, state.rules, careless)
