"""A VTOL's altitude in its move (ADV-25, MOV-13, MOV-18; TW p. 54 is a GAP of the digest).

A VTOL flies at an *altitude*: levels above the top of what is below it (the hex level, a
water surface, a building's roof, a bridge deck; costs.top_surface). As before this build
keeps that altitude from hex to hex and pays 1 MP per level the top below it changes
(costs.py "vtol", a choice: the digest has no VTOL altitude rules). Here:

- ``RS`` rises one level and ``DV`` descends one level in the hex it is in, 1 MP each
  (ADV-25 / MOV-13: "1 MP to change height by 1 level"), also in a move that goes
  backward (MOV-18);
- ``DV`` at altitude 1 lands it (altitude 0), where a VTOL may come down (ADV-28: clear
  or paved ground, a building roof; we add a bridge deck, ADV-29's landing level): not in
  woods, water, rubble or rough hexes;
- a landed VTOL rises (``RS``, 1 MP) before it enters another hex; it may turn in place;
- at most :data:`CEILING` levels up (the range the scenario key allows).

Unit key ``altitude`` (1..20, default 1) and ``airborne`` (default true; false: landed),
our extension beside the WiGE's keys of the same names. The reach search keeps the
altitude the VTOL starts with (the altitude changes cost the same wherever they are made);
a climb that lifts it over a unit it would have to stop with at its starting altitude
(MOV-34/35 height bands) is planned as a part of its own: the movement screen searches
again from the altitude the planned path reaches.
"""

from __future__ import annotations

from dataclasses import replace

from game.board import Board
from game.hexgrid import Hex
from game.rules.move.movestate import MoveContext, MoveState, StepReport, fail, limit_mp, no_mp
from game.rules.move.steps import Step
from game.units.unit import Unit

HEIGHT_MP = 1  # ADV-25 / MOV-13: 1 MP per level a VTOL rises or descends
CEILING = 20  # the highest altitude a scenario may give (as the WiGE's)


def landing_refusal(board: Board, at: Hex) -> str | None:
    """Why a VTOL may not land in ``at`` (ADV-28: clear or paved ground or a roof), or None."""
    r, c = at.row, at.col
    if board.building_class[r, c] > 0 or board.bridge_class[r, c] > 0:
        return None  # on the roof or the deck (ADV-28/29)
    if int(board.water[r, c]) >= 0:
        return "water"
    if int(board.woods[r, c]) > 0:
        return "woods"
    if bool(board.rubble[r, c]):
        return "rubble"
    if bool(board.rough[r, c]):
        return "rough ground"
    return None


def height_step(
    ctx: MoveContext, state: MoveState, step: Step, index: int, token: str
) -> StepReport:
    """RS / DV for a VTOL: one level up or down in its hex, DV at altitude 1 lands it."""
    up = step.kind == "RS"
    if up and state.altitude >= CEILING:
        return fail(index, token, state, f"the VTOL flies at altitude {CEILING}, the highest "
                    "this game allows (ADV-25)")  # fmt: skip
    if not up and state.altitude == 0:
        return fail(index, token, state, "the VTOL is on the ground already (ADV-25)")
    if not up and state.altitude == 1:
        bad = landing_refusal(ctx.board, state.at)
        if bad is not None:
            return fail(index, token, state, f"a VTOL cannot land on the {bad} of "
                        f"{ctx.name(state.at)}: only on clear or paved ground or a roof "
                        "(ADV-28)")  # fmt: skip
    limit = limit_mp(ctx, state)
    if state.mp_used + HEIGHT_MP > limit:
        what = "rising one level" if up else "descending one level"
        return fail(index, token, state, no_mp(f"{what} (ADV-25)", HEIGHT_MP, ctx, state, limit))
    after = replace(state, altitude=state.altitude + (1 if up else -1),
                    mp_used=state.mp_used + HEIGHT_MP, steps=state.steps + 1)  # fmt: skip
    return StepReport(index, token, True, None, HEIGHT_MP, after)


def grounded(ctx: MoveContext, state: MoveState, step: Step, index: int, token: str
             ) -> StepReport | None:  # fmt: skip
    """A landed VTOL asked to enter a hex: refused (it rises first), else None."""
    if ctx.unit.kind != "vtol" or state.altitude > 0 or not step.enters_hex:
        return None
    return fail(index, token, state, "the VTOL is on the ground: it rises (RS, 1 MP) before "
                "it moves on (ADV-25)")  # fmt: skip


def shows_altitude(unit_kind: str, start: int, landed: bool, tokens: list[str]) -> bool:
    """Does a VTOL's `rules move` answer carry ``airborne`` and ``altitude`` in ``end``? When
    its altitude was given (not the default 1 it had before altitudes) or a step changed
    it, so that every answer from before VTOL altitudes stays as it was."""
    if unit_kind != "vtol":
        return False
    return start > 0 or landed or any(t.strip().upper() in ("RS", "DV") for t in tokens)


def flown_to(unit: Unit, start: int, altitude: int) -> Unit:
    """``unit`` after a move that took a VTOL from altitude ``start`` to ``altitude`` (0:
    landed); the unit itself when nothing changed (so that a VTOL at the default altitude
    keeps its record as it was) or when the move's events brought it down already (a crash)."""
    if unit.kind != "vtol" or unit.destroyed or altitude == start or unit.flying_height != start:
        return unit
    if altitude == 0:
        return replace(unit, landed=True)
    return replace(unit, altitude=altitude, landed=False)
