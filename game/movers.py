"""Movers: how the game state has a committed move carried out by the rules.

:func:`game.flow.apply` hands a CommitMove to a *mover*: a function that checks the path
and rolls what it requires, and answers with a :class:`MoveReport` (legal or not, the
units and bodies afterwards, the events). :func:`rules_mover` is the real one: it checks
the path with game.rules.movement.check_move and resolves the rolls with
game.rules.piloting.resolve_move when that module is present. Tests inject small fakes,
so the turn sequence can be tested apart from the movement rules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from .actions import Event
from .board import Board
from .dice import Dice, Roll
from .hexgrid import DIRECTION_NAMES, Hex
from .state import GameState, MoveRecord
from .units import Unit

if TYPE_CHECKING:
    pass


@dataclass(frozen=True, slots=True)
class MoveReport:
    """A mover's answer. When ``legal`` is False only ``error`` matters."""

    legal: bool
    error: str | None = None
    units: tuple[Unit, ...] = ()  # every unit after the move, bodies included
    events: tuple[Event, ...] = ()  # rolls, falls, damage, in order
    record: MoveRecord | None = None
    buildings: tuple[tuple[Hex, int], ...] = ()  # building hexes whose CF changed: CF left
    dodged: tuple[str, ...] = ()  # units that tried to dodge a skid: that was their move
    destroyed: tuple[str, ...] = ()  # units destroyed during the move
    bridges: tuple[Hex, ...] = ()  # MOV-27: bridge hexes that collapsed (gone from the board)


class Mover(Protocol):
    def __call__(
        self, state: GameState, dice: Dice, unit_id: str, mode: str, steps: tuple[str, ...]
    ) -> MoveReport: ...


def rules_mover(
    state: GameState, dice: Dice, unit_id: str, mode: str, steps: tuple[str, ...]
) -> MoveReport:
    """Check the path (MOV-01..31), then resolve its piloting rolls (PSR-04..29)."""
    from .rules.movement import check_move

    result = check_move(state.board, state.units, unit_id, mode, steps, state.rules)
    if not result.legal:
        where = "" if result.failed_step is None else f"step {result.failed_step + 1}: "
        return MoveReport(False, f"{where}{result.error}")
    return _resolved(state, dice, unit_id, mode, steps)


def _resolved(
    state: GameState, dice: Dice, unit_id: str, mode: str, steps: tuple[str, ...]
) -> MoveReport:
    """Roll the move's PSRs (game.rules.piloting) and gather units, bodies and events."""
    from .rules.piloting import resolve_move

    res = resolve_move(
        state.board,
        state.units,
        unit_id,
        mode,
        steps,
        dice,
        state.rules,
        origin=state.start_board,  # MOV-27: each bridge's full length
        target_mods={m.unit_id: m.target_modifier for m in state.moves},  # PHY-17
    )
    if not res.legal:
        where = "" if res.check.failed_step is None else f"step {res.check.failed_step + 1}: "
        return MoveReport(False, f"{where}{res.check.error}")
    changed: dict[str, Unit] = {unit_id: res.unit}
    for other_id, other, _ in res.others:
        changed[other_id] = other
    units = tuple(changed.get(u.id, u) for u in state.units)
    events = tuple(
        Event(e.type, describe(e, state, unit_id), unit_id, _rolls_of(e), e) for e in res.events
    )
    dodged = tuple(str(e.get("unit")) for e in res.events if e.type == "dodge")
    lost = {str(e.get("unit", unit_id)) for e in res.events if e.type == "unit_destroyed"}
    lost |= {unit_id} if res.destroyed else set()
    lost |= {u.id for u in changed.values() if u.body is not None and u.body.destroyed}
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
    )


def _rolls_of(e: Any) -> tuple[Roll, ...]:
    return tuple(v for _, v in e.data if isinstance(v, Roll))


def describe(e: Any, state: GameState, unit_id: str) -> str:
    """A log line for a rules event (game.rules.falls.Event: type, step, data)."""
    d = {k: (state.board.hex_name(v) if isinstance(v, Hex) else v) for k, v in e.data}
    roll = d.get("roll")
    rolled = f" rolls {roll.total}" if isinstance(roll, Roll) else ""
    who = d.get("unit", unit_id)
    if e.type == "psr":
        verdict = "passes" if d.get("success") else "fails"
        return f"{who}: {d.get('reason')} - needs {d.get('target')},{rolled} and {verdict}"
    if e.type == "fall":
        return (
            f"{who} falls {d.get('levels', 0)} level(s) at {d.get('at')}, lands facing "
            f"{d.get('facing')} ({d.get('side')} side), {d.get('damage')} damage"
        )
    if e.type == "damage":
        return f"{who} takes {d.get('total')} damage to the {d.get('side')} ({d.get('cause')})"
    if e.type == "consciousness":
        state_word = "stays conscious" if d.get("conscious") else "is knocked out"
        return (
            f"{who}'s pilot ({d.get('hits')} hits) needs {d.get('target')},{rolled}: {state_word}"
        )
    if e.type == "pilot_check":
        hurt = "is injured" if d.get("injured") else "avoids injury"
        if d.get("automatic"):
            return f"{who}'s pilot {hurt} (automatic)"
        return f"{who}'s pilot needs {d.get('target')},{rolled} and {hurt}"
    if e.type == "move_ends":
        return f"{who}'s move ends: {d.get('reason')}"
    rest = ", ".join(f"{k} {v}" for k, v in d.items() if not isinstance(v, Roll | tuple))
    return f"{who}: {e.type.replace('_', ' ')}{rolled}" + (f" ({rest})" if rest else "")


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


def move_text(s: GameState, before: Unit, report: MoveReport) -> str:
    """The log line of a committed move.

    E.g. 'A1 (Hunchback HBK-4G) walks 2 hexes to 0305 facing SE, 3 MP'; a move that ends
    lying down says so ('..., prone').
    """
    after = s.unit(before.id) or before
    rec = report.record
    label = f"{before.id} ({before.name})" if before.name else before.id
    mode = rec.mode if rec is not None else "move"
    verb = {"walk": "walks", "run": "runs", "jump": "jumps", "stand": "stays"}.get(mode, mode)
    hexes = rec.hexes_moved if rec is not None else 0
    where = s.board.hex_name(after.at)
    mp = f", {rec.mp_used} MP" if rec is not None else ""
    plural = "es" if hexes != 1 else ""
    facing = DIRECTION_NAMES[after.facing]
    lying = ", prone" if after.prone and not before.prone else ""
    lying = ", stands up" if before.prone and not after.prone else lying
    if hexes == 0:
        return f"{label} {verb} in {where}, facing {facing}{mp}{lying}"
    return f"{label} {verb} {hexes} hex{plural} to {where} facing {facing}{mp}{lying}"


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


def preview_move(state: GameState, unit_id: str, mode: str, steps: tuple[str, ...]) -> Any:
    """The checked path for the summary panel: game.rules.movement.MoveResult (MP used and
    available, heat, hexes moved, modifiers, every PSR with its target), nothing rolled."""
    from .rules.movement import check_move

    return check_move(state.board, state.units, unit_id, mode, steps, state.rules)


def reach_of(state: GameState, unit_id: str, mode: str) -> Any:
    """Where the unit can end this movement (game.rules.reach.Reach: .hexes(), .path_to())."""
    from .rules.reach import reach

    return reach(state.board, state.units, unit_id, mode, state.rules)
