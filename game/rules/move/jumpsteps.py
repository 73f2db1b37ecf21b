"""A jump's steps: J:XXYY and the FACE:n that may follow it (MOV-01, MOV-05, MOV-06,
MOV-26/29/32/34, PSR-08/12).

As the other steps (game.rules.move.movesteps) each function takes the context and the
state before the step and returns a :class:`StepReport`; an illegal jump is explained in
a sentence with its rule ID, never raised. Which hexes a jump can reach is
game.rules.move.jumps (its MP cost over the terrain between).
"""

from __future__ import annotations

from dataclasses import replace

from game.hexgrid import Hex, distance
from game.rules.move.jumps import jump_cost
from game.rules.move.movestate import MoveContext, MoveState, StepReport, fail
from game.rules.move.stacking import why_not_here
from game.rules.move.steps import Step
from game.rules.piloting.psr import PSR, make_psr, water_modifier


def jump_step(ctx: MoveContext, state: MoveState, step: Step, index: int, token: str) -> StepReport:
    """J:XXYY and FACE:n (MOV-05, MOV-06, PSR-12)."""
    if ctx.mode != "jump":
        why = f"'{token}' belongs to a jump; this unit declared {ctx.mode} (MOV-01)"
        return fail(index, token, state, why)
    if step.kind == "FACE":
        if not state.jumped:
            why = "FACE:n chooses the facing after a jump; it must follow J:XXYY (MOV-05)"
            return fail(index, token, state, why)
        after = replace(state, facing=step.facing, steps=state.steps + 1)
        return StepReport(index, token, True, None, 0, after)
    why = _why_not_jump(ctx, state, step, token)
    if why is not None:
        return fail(index, token, state, why)
    dest = step.target
    assert dest is not None
    cost = jump_cost(ctx.board, state.at, dest, ctx.mp_available, ctx.rules)
    if cost < 0:
        return fail(index, token, state, f"every path to {ctx.name(dest)} crosses terrain too "
                    "high to jump over (MOV-05)")  # fmt: skip
    why = _landing_room(ctx, dest) or _landing_water(ctx, dest)
    if why is not None:
        return fail(index, token, state, why)
    after = _jumped(ctx, state, dest, cost)
    return StepReport(index, token, True, None, cost, after, _jump_psrs(ctx, index, after))


def _why_not_jump(ctx: MoveContext, state: MoveState, step: Step, token: str) -> str | None:
    """Why the jump step is not one this unit may make (MOV-01, MOV-05): not a J:XXYY, a
    second jump, off the board, into its own hex, out of reach of its jump MP."""
    if step.kind != "J":
        return f"a jumping unit moves only with J:XXYY and FACE:n, not '{token}' (MOV-05)"
    if state.jumped:
        return "a unit jumps only once per turn (MOV-01)"
    dest, b = step.target, ctx.board
    assert dest is not None
    if not b.contains(dest):
        return f"{token[2:]} is not on the {b.width}x{b.height} board"
    if dest == state.at:
        return "a jump must land in another hex (MOV-05)"
    n = distance(state.at, dest)
    if n > ctx.mp_available:
        return (f"{ctx.name(dest)} is {n} hexes away but the unit has {ctx.mp_available} "
                "jump MP (MOV-05)")  # fmt: skip
    return None


def _landing_water(ctx: MoveContext, dest: Hex) -> str | None:
    """MOV-29: jumping infantry keeps out of depth 1+ water."""
    depth = int(ctx.board.water[dest.row, dest.col])
    if ctx.unit.kind == "infantry" and depth >= 1:
        return f"jumping infantry may not land in depth {depth} water (MOV-29)"
    return None


def _jumped(ctx: MoveContext, state: MoveState, dest: Hex, cost: int) -> MoveState:
    """The state after the jump: in ``dest`` (MOV-26/32: on a bridge deck or a building's
    roof there), its MP spent and counted as hexes moved (MOV-05)."""
    b = ctx.board
    return replace(
        state,
        at=dest,
        deck=bool(b.bridge_class[dest.row, dest.col] or b.building_class[dest.row, dest.col]),
        mp_used=cost,
        hexes_moved=cost,
        hexes_counted=cost,
        travel_dir=None,
        steps=state.steps + 1,
        jumped=True,
    )


def _jump_psrs(ctx: MoveContext, index: int, after: MoveState) -> tuple[PSR, ...]:
    """PSR-12 on landing (:func:`_landing_psrs`); PSR-08: a Mech landing in water (not on
    a deck above it) enters it."""
    dest = after.at
    psrs = _landing_psrs(ctx, index, dest)
    depth = int(ctx.board.water[dest.row, dest.col])
    if ctx.unit.is_mech and depth >= 1 and not after.deck:
        psrs.append(make_psr(ctx.unit, ctx.rules, index, f"entering depth {depth} water",
                             "water", (water_modifier(depth),), dest))  # fmt: skip
    return tuple(psrs)


def _landing_psrs(ctx: MoveContext, index: int, dest: Hex) -> list[PSR]:
    """PSR-12: TW rolls on landing with leg/hip actuator or gyro damage or a lost leg;
    classic only for a lost leg (the gyro roll comes at the start, see finish_move)."""
    u = ctx.unit
    if not u.is_mech:
        return []
    if ctx.rules.classic:
        hurt = u.legs_destroyed > 0
    else:
        c = u.crits
        hurt = bool(c.leg_actuators or c.hips or c.gyro or u.legs_destroyed)
    if not hurt:
        return []
    reason = "landing after a jump with damaged gyro/leg actuators"
    return [make_psr(u, ctx.rules, index, reason, "jump-landing", (), dest)]


def _landing_room(ctx: MoveContext, dest: Hex) -> str | None:
    """Whether the jump may land in ``dest``: classic, no unit there (MOV-30); TW, the
    limits of MOV-34 (jumps are exempt from the step-by-step checks of MOV-35)."""
    if ctx.rules.classic:
        other = ctx.occupant(dest)
        if other is None:
            return None
        return f"{ctx.name(dest)} already holds unit {other.id}; one unit per hex (MOV-30)"
    why = why_not_here(replace(ctx.unit, at=dest, prone=False), dest, ctx.units, ctx.rules)
    return None if why is None else f"{ctx.name(dest)} {why}"
