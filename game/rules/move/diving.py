"""Submarines (ADV-24/25, MOV-13, MOV-18): naval vessels that dive.

A submarine is a naval vessel: it moves only through water of depth 1 or more at 1 MP a
hex whatever the depth, and may use flank speed there (ADV-24; costs.py "submarine").
It also has a *depth*: 0 on the surface, down to the hex's water depth (on the bottom).
``DV`` dives one level and ``RS`` rises one level, 1 MP each (ADV-25 / MOV-13); it may do
so in a move that goes backward (ADV-25 / MOV-18). It cannot enter a hex whose water is
shallower than its depth: it rises first (choice: the digest has no rule for it; a hull
does not fit under the bottom). At depth 0 it is a surface vessel in every respect.
Underwater combat is a GAP of the digest: a submerged submarine makes no weapon attacks
and cannot be attacked (game.rules.combat.tohit). The search's moves: divemoves.py.
"""

from __future__ import annotations

from dataclasses import replace

from game.board import Board
from game.hexgrid import Hex
from game.rules.move.divemoves import DEPTH_MP
from game.rules.move.movestate import MoveContext, MoveState, StepReport, fail, limit_mp, no_mp
from game.rules.move.steps import Step
from game.units.unit import Unit


def water_depth(board: Board, h: Hex) -> int:
    """The water depth of a hex (0 for shallow water or dry ground)."""
    return max(int(board.water[h.row, h.col]), 0)


def capped_depth(board: Board, h: Hex, depth: int) -> int:
    """``depth`` no deeper than the water of ``h`` (ADV-25: a hull does not fit under the
    bottom; 0 on a hex without depth 1+ water)."""
    return min(depth, water_depth(board, h)) if depth > 0 else depth


def set_at(board: Board, unit: Unit, at: Hex, facing: int | None = None) -> Unit:
    """``unit`` put in ``at`` (and turned to ``facing``) outside its own move - set down,
    pushed, displaced, fallen: a submarine's depth is capped at the water there (ADV-25)."""
    turned = unit.facing if facing is None else facing
    return replace(unit, at=at, facing=turned, depth=capped_depth(board, at, unit.depth))


def depth_step(
    ctx: MoveContext, state: MoveState, step: Step, index: int, token: str
) -> StepReport:
    """DV / RS: one level down or up in the hex the submarine is in (ADV-25)."""
    if ctx.unit.kind != "submarine":
        return fail(index, token, state, f"only submarines dive and rise ({token}, ADV-25)")
    down = step.kind == "DV"
    bottom = water_depth(ctx.board, state.at)
    if down and state.depth >= bottom:
        where = ctx.name(state.at)
        return fail(index, token, state, f"the submarine is on the bottom of {where} "
                    f"(water depth {bottom}); it cannot dive deeper (ADV-25)")  # fmt: skip
    if not down and state.depth == 0:
        return fail(index, token, state, "the submarine is on the surface already (ADV-25)")
    limit = limit_mp(ctx, state)
    if state.mp_used + DEPTH_MP > limit:
        what = "diving one level" if down else "rising one level"
        return fail(index, token, state, no_mp(f"{what} (ADV-25)", DEPTH_MP, ctx, state, limit))
    after = replace(state, depth=state.depth + (1 if down else -1),
                    mp_used=state.mp_used + DEPTH_MP, steps=state.steps + 1)  # fmt: skip
    return StepReport(index, token, True, None, DEPTH_MP, after)


def too_shallow(ctx: MoveContext, state: MoveState, target: Hex) -> str | None:
    """Why a submarine at its depth cannot enter ``target``, or None (ADV-25)."""
    depth = water_depth(ctx.board, target)
    if ctx.unit.kind != "submarine" or state.depth <= depth:
        return None
    return (f"the water of {ctx.name(target)} is depth {depth}, shallower than the submarine's "
            f"depth {state.depth}; it must rise first (RS, ADV-25)")  # fmt: skip
