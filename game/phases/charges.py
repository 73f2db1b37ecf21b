"""Charges and deaths from above, declared in the movement phase (PHY-02, PHY-10, PHY-12/13)
and resolved in the physical attack phase (game.phases.physical).

A charge is a walk or run whose path ends by stepping forward into the target's hex
(``F``): the charger spends the MP of entering it but stops in the hex before (PHY-10),
never moving backward. A death from above is a jump onto the target's hex (``J:XXYY``):
the attacker needs the jump MP to reach it and counts as standing beside the target,
facing it, until the attack (PHY-12): it is put in the free neighbour of the target
nearest its start. Only targets that have finished moving can be charged (PHY-10; choice:
also for a DFA). :func:`attack_plan` is what the play screen's preview asks before the move
is committed: the move really made, and the attack's numbers as they would stand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rules.move.costs import entry_table
from game.rules.move.movement import check_move
from game.rules.move.steps import StepError, parse_step
from game.units.unit import Unit, ground

from ..hexgrid import Hex, direction_to, distance, neighbour
from ..rules.combat.records import Movement
from ..rules.physical.options import PhysicalOption, physical_option, staging_hex
from ..rules.physical.records import CHARGE, DFA, Blow
from ..state import GameState
from .physical import context

BACKWARD = frozenset({"B", "BL", "BR"})


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """A movement attack as it would be made: the move carried out (``steps`` in ``mode``),
    the extra MP of entering the target's hex, the blow and its answer now."""

    mode: str
    steps: tuple[str, ...]
    extra_mp: int
    blow: Blow
    option: PhysicalOption


def attack_plan(s: GameState, unit_id: str, mode: str, steps: tuple[str, ...],
                target_id: str) -> AttackPlan | str:  # fmt: skip
    """The plan, or one sentence saying why this charge or DFA cannot be declared."""
    unit, target = s.unit(unit_id), s.unit(target_id)
    if unit is None or target is None:
        return f"there is no unit {target_id if unit else unit_id!r}"
    reason = target_reason(s, unit, target)
    if reason is not None:
        return reason
    if mode == "jump":
        return _dfa(s, unit, target, steps)
    return _charge(s, unit, target, mode, steps)


def target_reason(s: GameState, unit: Unit, target: Unit) -> str | None:
    """Why ``target`` cannot be charged or jumped on by ``unit`` at all, or None."""
    if target.side == unit.side or s.is_destroyed(target) or not s.board.contains(target.at):
        return f"{target.id} is not an enemy unit in play"
    if not target.moved:
        return f"{target.id} has not finished moving: only such units can be charged (PHY-10)"
    return None


def _charge(s: GameState, unit: Unit, target: Unit, mode: str,
            steps: tuple[str, ...]) -> AttackPlan | str:  # fmt: skip
    if mode not in ("walk", "run"):
        return "a charge is a walk or a run (PHY-10)"
    if not steps or steps[-1] != "F":
        return "a charge ends by stepping forward into the target's hex (PHY-10)"
    if any(t in BACKWARD for t in steps):
        return "a charging Mech may not move backward (PHY-10)"
    prefix = tuple(steps[:-1])
    res = check_move(s.board, ground(s.units), unit.id, mode, prefix, s.rules)
    if not res.legal:
        return f"the path to the target is not legal: {res.error}"
    if res.hexes_moved < 1:
        return "a charge needs at least one hex moved before it (PHY-11)"
    if neighbour(res.end_at, res.end_facing) != target.at:
        return f"the path does not end facing {target.id}'s hex (PHY-10)"
    table = entry_table(s.board, unit.kind, s.rules, unit.offroad)
    cost = int(table.cost[0, res.end_facing, table.index(res.end_at.col, res.end_at.row)])
    if cost < 0:
        return f"{unit.id} could not enter {target.id}'s hex (PHY-10)"
    if res.mp_used + cost > res.mp_available:
        return (f"entering {target.id}'s hex costs {cost} MP more: {res.mp_used + cost} MP, "
                f"{res.mp_available} available (PHY-10)")  # fmt: skip
    blow = Blow(unit.id, target.id, CHARGE, hexes=res.hexes_moved)
    moved = replace(unit, at=res.end_at, facing=res.end_facing)
    mv = Movement(res.mode, res.hexes_moved)
    return AttackPlan(mode, prefix, cost, blow, _option(s, moved, blow, mv))


def _dfa(s: GameState, unit: Unit, target: Unit, steps: tuple[str, ...]) -> AttackPlan | str:
    try:
        jumps = [parse_step(t) for t in steps if t.upper().startswith("J:")]
    except StepError as e:
        return str(e)
    if len(jumps) != 1 or jumps[0].target != target.at:
        return "a death from above is one jump onto the target's hex (J:XXYY, PHY-13)"
    need = distance(unit.at, target.at)
    if unit.jump_mp() < need:
        return f"{need} hexes to {target.id}: {unit.id} has {unit.jump_mp()} jump MP (PHY-13)"
    units = {u.id: u for u in s.units if not s.is_destroyed(u)}
    spot = staging_hex(s.board, units, unit, target.at, unit.at)
    if spot is None:
        return f"no free hex beside {target.id} to come down from (PHY-12)"
    face = direction_to(spot, target.at) or 0
    move = (f"J:{s.board.hex_name(spot)}", f"FACE:{face}") if spot != unit.at else ()
    if move:
        res = check_move(s.board, ground(s.units), unit.id, "jump", move, s.rules)
        if not res.legal:
            return f"the jump is not legal: {res.error}"
    blow = Blow(unit.id, target.id, DFA, start=unit.at)
    moved = replace(unit, at=spot, facing=face)
    plan_mode = "jump" if move else "stand"
    opt = _option(s, moved, blow, Movement("jump", need))
    return AttackPlan(plan_mode, move, 0, blow, opt)


def _option(s: GameState, moved: Unit, blow: Blow, mv: Movement) -> PhysicalOption:
    """The attack's answer with the attacker where the move leaves it (the preview)."""
    units = {u.id: (moved if u.id == moved.id else u) for u in s.units}
    ctx = context(s)
    starts: dict[str, Hex] = dict(ctx.starts)
    if blow.start is not None:
        starts[blow.attacker] = blow.start
    ctx = replace(ctx, movements={**ctx.movements, moved.id: mv}, starts=starts)
    return physical_option(s.board, units, blow, ctx, s.rules)
