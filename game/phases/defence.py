"""Physical attack defence, its physical-phase half (ADV-01, PHY-20; the tacops option).

A Mech that declared the "defend" movement mode spent no MP in the movement phase. In the
physical attack phase, at its turn in the declaration order, it may first walk with its
current walking MP (:class:`DefendWalk`, resolved at once by the same movement rules as a
walk in the movement phase: costs, PSRs, skids, falls, buildings, bridges, minimum
movement, every die through the phase's cup) and then declare its physical attack from
where it ended (game.phases.physical). Or it stays and strikes from where it stands.

Only walking: no running, jumping, careless movement, crawling or hull-down in the walk
(the plain walking rules of the game's rule set, the Tactical Operations extras left out).
A failed roll ends the walk where it happened. Its move record keeps the mode "defend"
(+1 to its own attacks as walked, ADV-01; no charge or DFA on it, ADV-02) with the hexes,
MP, heat and target movement modifier of the walk (ADV-01's derived default: attacks
declared after its walk count the hexes it moved then).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from game.core.actions import Action, Event
from game.phases.movers import HexApplying, MoveReport, preview_move, reach_of
from game.rules.move.movement import ATTACKER_MODIFIER, MoveResult
from game.rules.move.reach import Reach
from game.rules.move.steps import StepError, parse_step
from game.units.unit import Unit

from ..narrate import move_summary
from ..state import GameState, MoveRecord
from .taken import take_move

WALK = "walk"
REFUSED_KINDS = {"J": "jump", "FACE": "jump", "H": "go hull-down", "H-": "leave hull-down",
                 "TO": "take off", "LAND": "land"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class DefendWalk(Action):
    """Physical attack phase (ADV-01): a Mech in physical attack defence walks ``steps``
    (the movement step tokens) with its current walking MP; its DeclarePhysical follows.
    ``mode`` is there to be refused: the walk is a walk."""

    doing: ClassVar[str] = "defence walks are made"
    unit_id: str
    steps: tuple[str, ...]
    mode: str = WALK


def defending(s: GameState, unit_id: str) -> bool:
    """The unit declared physical attack defence this turn (ADV-01)."""
    m = s.move_record(unit_id)
    return m is not None and m.mode == "defend"


def walk_blocker(s: GameState, u: Unit) -> str | None:
    """Why the unit cannot make a defence walk now (one sentence), or None."""
    if not defending(s, u.id):
        return (f"{u.id} is not in physical attack defence: only a defending Mech moves in "
                "the physical attack phase (ADV-01)")  # fmt: skip
    if u.id in s.walked:
        return f"{u.id} has already made its defence walk this turn (ADV-01)"
    if u.id in s.acted:
        return f"{u.id} has already declared its physical attacks this turn"
    if u.immobile or u.damage.shutdown or u.damage.unconscious:
        return f"{u.id} cannot move now; it may still attack from where it stands"
    if u.hull_down:
        return (f"{u.id} is hull-down: leaving hull-down is no part of a defence walk; it "
                "attacks from where it stands (ADV-01, ADV-11)")  # fmt: skip
    if u.walk_mp() <= 0:
        return f"{u.id} has no walking MP left (MOV-07); it attacks from where it stands"
    return None


def step_blocker(a: DefendWalk) -> str | None:
    """ADV-01: walking only; the steps are movement step tokens."""
    if a.mode != WALK:
        return (f"a Mech in physical attack defence walks in the physical attack phase: it "
                f"cannot {a.mode} (ADV-01)")  # fmt: skip
    if not a.steps:
        return "a defence walk needs its steps; to stay, declare the attack from where it stands"
    for i, token in enumerate(a.steps):
        try:
            kind = parse_step(token).kind
        except StepError as e:
            return f"step {i + 1}: {e}"
        if kind in REFUSED_KINDS:
            return (f"step {i + 1}: a defence walk is walking only: it cannot "
                    f"{REFUSED_KINDS[kind]} ({token}, ADV-01)")  # fmt: skip
    return None


def walker_view(s: GameState, unit_id: str) -> GameState:
    """The state as the walking rules read a defence walk: the unit not yet moved this
    turn, the plain walking rules (no Tactical Operations extras: hull-down, careless)."""
    units = tuple(replace(u, moved=False) if u.id == unit_id else u for u in s.units)
    plain = replace(s.start, rules=replace(s.rules, tacops=False))
    return replace(s, units=units, start=plain, underway=None)


def walk_reach(s: GameState, unit_id: str) -> Reach:
    """Where a defence walk can end (game.rules.move.reach.Reach), current walking MP."""
    return reach_of(walker_view(s, unit_id), unit_id, WALK)


def walk_preview(s: GameState, unit_id: str, steps: tuple[str, ...]) -> MoveResult:
    """The checked walk (game.rules.move.movement.MoveResult), nothing rolled."""
    return preview_move(walker_view(s, unit_id), unit_id, WALK, steps)


def resolve_walk(step: HexApplying, unit: Unit, steps: tuple[str, ...]) -> str | None:
    """Walk now (every roll through the phase's cup); the state gets the units, board and
    the move record afterwards. A refusal sentence, or None."""
    s = step.state
    mover = step.tools
    report = mover(walker_view(s, unit.id), step.cup, unit.id, WALK, steps)
    if not report.legal:
        return report.error or "that walk is not legal"
    report = replace(report, units=tuple(replace(u, moved=True) if u.id == unit.id else u
                                         for u in report.units))  # fmt: skip
    take_move(step, unit, report)
    record = _record(unit.id, report)
    moves = tuple(record if m.unit_id == unit.id else m for m in step.state.moves)
    step.state = replace(step.state, moves=moves, walked=step.state.walked + (unit.id,))
    after = step.state.unit(unit.id) or unit
    text = move_summary(s.board, unit, after, WALK, record.hexes_moved, record.mp_used,
                        record.heat, record.target_modifier)  # fmt: skip
    step.emit(Event("move", f"{text}: physical attack defence (ADV-01)", unit.id, (), record))
    return None


def _record(unit_id: str, report: MoveReport) -> MoveRecord:
    """The defence record after the walk: still "defend" (+1 as walked, and the PSR-25 skid
    on top), the walk's hexes, MP, heat and target movement modifier."""
    walked = report.record or MoveRecord(unit_id, "stand")
    skid = walked.attacker_modifier - ATTACKER_MODIFIER.get(walked.mode, 0)
    return replace(walked, mode="defend", attacker_modifier=ATTACKER_MODIFIER["defend"] + skid)


__all__ = ["DefendWalk", "defending", "resolve_walk", "step_blocker", "walk_blocker",
           "walk_preview", "walk_reach", "walker_view"]  # fmt: skip
