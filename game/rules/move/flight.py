"""Ground-effect flight (WiGE, ADV-17..23): take-off, flying one level above what lies
below, holding altitude, landing, and the move arrays of its search.

A WiGE flies at a *flight level* E = top of the hex below + its altitude (1 normally;
more while it holds its altitude over lower ground). The top of a hex is its level, a
water surface, a building's roof or a bridge deck (costs.top_surface); under a bridge
deck at least 2 levels above the ground the WiGE flies beneath it (MOV-28), so there the
top is the ground (costs.wige_top). Entering a hex:

- its top above E: it cannot (ADV-23: 2 or more levels above the hex it flies over at
  the standard altitude; we compare with the flight level, so a WiGE holding altitude
  may enter a hex up to its flight level; the two readings agree at altitude 1);
- its top at E (one level up) or E - 1: it flies on one level above it, free;
- lower: it sinks to one level above it, free, or holds E for 2 MP more (``FH``);
- woods: only along a road it was already on (ADV-20), and then it stays on the road;
  entering woods otherwise is a crash (ADV-21), which the engine refuses as a planned step
  (a sideslip into woods does crash it: game.rules.piloting.wigeslide).

Never backward (ADV-22). Landed, it is a hovercraft with 1 MP (ADV-19; costs.py "wige").
Take-off (``TO``) costs 5 MP and comes first (choice). At the end of the movement it
sinks to altitude 1; if it moved fewer than 5 hexes and did not take off this turn it
lands (ADV-17): in water it is destroyed (ADV-18), in any terrain but clear or paved it
crash-lands (ADV-26/27: a 1-level crash, game.rules.damage.crashes). The search's move
arrays for the same rules: game.rules.move.flightmoves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.board import Board
from game.hexgrid import Hex
from game.rules.modifier import Modifier
from game.rules.move.costs import wige_top
from game.rules.move.flightmoves import HOLD_MP, TAKE_OFF_MP
from game.rules.move.movestate import MoveContext, MoveState, StepReport, fail, limit_mp, no_mp
from game.rules.move.steps import Step
from game.rules.piloting.psr import make_psr

STAY_AIRBORNE = 5  # ADV-17: hexes per turn to stay airborne


def top_at(board: Board, h: Hex) -> int:
    """The top a flying WiGE flies over in one hex (costs.wige_top: under a high enough
    bridge, the ground beneath it, MOV-28)."""
    return int(wige_top(board)[h.row * board.width + h.col])


def along_road(board: Board, h: Hex, d: int) -> bool:
    """MOV-24: the step from h in direction d runs along a road."""
    t = h.neighbour(d)
    if not (board.road[h.row, h.col] and board.road[t.row, t.col]):
        return False
    out = int(board.road_exits[h.row, h.col]) >> d & 1
    back = int(board.road_exits[t.row, t.col]) >> ((d + 3) % 6) & 1
    return bool(out and back)


def landable(board: Board, h: Hex) -> str | None:
    """ADV-18: None where a WiGE may land (clear or paved), else what is there."""
    if board.water[h.row, h.col] >= 0:
        return "water"
    return in_the_way(board, h)


def in_the_way(board: Board, h: Hex) -> str | None:
    """The terrain in ``h`` a landing WiGE meets (woods, rough, rubble, a building, a
    bridge), or None: water aside, the ground ADV-18 and ADV-28 refuse."""
    r, c = h.row, h.col
    for what, there in (("woods", board.woods[r, c] > 0), ("rough", board.rough[r, c]),
                        ("rubble", board.rubble[r, c]),
                        ("a building", board.building_class[r, c] > 0),
                        ("a bridge", board.bridge_class[r, c] > 0)):  # fmt: skip
        if there:
            return str(what)
    return None


def take_off(ctx: MoveContext, state: MoveState, index: int, token: str) -> StepReport:
    """ADV-17: 5 MP, one level above the hex; the first thing it does this turn."""
    if state.airborne:
        return fail(index, token, state, "the WiGE is airborne already (ADV-17)")
    if state.landed or state.steps or state.mp_used:
        return fail(index, token, state, "a WiGE takes off (TO) before it does anything else")
    limit = ctx.mp_available  # not the landed WiGE's single ground MP (ADV-19)
    if state.mp_used + TAKE_OFF_MP > limit:
        what = "taking off (ADV-17)"
        return fail(index, token, state, no_mp(what, TAKE_OFF_MP, ctx, state, limit))
    after = replace(state, airborne=True, altitude=1, took_off=True,
                    mp_used=state.mp_used + TAKE_OFF_MP, steps=state.steps + 1)  # fmt: skip
    return StepReport(index, token, True, None, TAKE_OFF_MP, after)


def land(ctx: MoveContext, state: MoveState, index: int, token: str) -> StepReport:
    """ADV-18: landing costs nothing, only in a clear or paved hex; its move is over."""
    if not state.airborne:
        return fail(index, token, state, "the WiGE is not airborne (ADV-18)")
    what = landable(ctx.board, state.at)
    if what is not None:
        fate = "crashes and is destroyed" if what == "water" else "crash-lands"
        return fail(index, token, state, f"a WiGE landing on {what} in {ctx.name(state.at)} "
                    f"{fate} (ADV-18); it lands only in clear or paved hexes")  # fmt: skip
    after = replace(state, airborne=False, altitude=0, landed=True, steps=state.steps + 1)
    return StepReport(index, token, True, None, 0, after)


def fly_step(ctx: MoveContext, state: MoveState, step: Step, index: int, token: str) -> StepReport:
    """F / FH of an airborne WiGE (ADV-17, ADV-20..23)."""
    b = ctx.board
    if step.kind not in ("F", "FH"):
        return fail(index, token, state, "WiGE units cannot move backward or sideways (ADV-22)")
    left = ctx.leaving(state)  # MOV-35: it entered an enemy's hex
    if left is not None:
        return fail(index, token, state, left)
    d = state.facing
    target = state.at.neighbour(d)
    if not b.contains(target):
        msg = f"the step from {ctx.name(state.at)} would leave the board"
        return fail(index, token, state, msg)
    refused, stopper = ctx.entering(target, state)  # MOV-35 (classic: MOV-30)
    if refused is not None:
        return fail(index, token, state, refused)
    road = along_road(b, state.at, d)
    woods = bool(b.woods[target.row, target.col] > 0)
    if woods and not road:
        return fail(index, token, state, f"an airborne WiGE that enters the woods of "
                    f"{ctx.name(target)} crashes (ADV-21); no move is planned into "
                    "a crash")  # fmt: skip
    if state.road_bound and not road:
        return fail(index, token, state, "under the treetops the WiGE must stay on the road "
                    "until its movement ends (ADV-20)")  # fmt: skip
    flight = top_at(b, state.at) + state.altitude
    top = top_at(b, target)
    if top > flight:
        return fail(index, token, state, f"{ctx.name(target)} rises {top - flight + 1} levels "
                    "above the ground the WiGE flies over; it enters hexes at most 1 level "
                    "higher (ADV-23)")  # fmt: skip
    hold = step.kind == "FH"
    if hold and top + 1 >= flight:
        return fail(index, token, state, "FH holds the altitude only over lower ground (ADV-23)")
    cost = 1 + (HOLD_MP if hold else 0)
    limit = limit_mp(ctx, state)
    if state.mp_used + cost > limit:
        return fail(index, token, state, no_mp(f"entering {ctx.name(target)}", cost, ctx, state,
                                               limit))  # fmt: skip
    psrs = []
    if ctx.running and state.turn_pending:  # PSR-28/29: flank speed, turned, enters
        before = state.facing if state.dir_before_turn is None else state.dir_before_turn
        ctxt = {"hexes_moved_before": state.hexes_moved, "direction_before": before}
        mod = Modifier(0, "flank speed and turning")
        psrs.append(make_psr(ctx.unit, ctx.rules, index, "sideslip", "sideslip", (mod,),
                             state.at, ctxt))  # fmt: skip
    after = replace(
        state,
        at=target,
        altitude=flight - top if hold else 1,
        road_bound=state.road_bound or woods,
        mp_used=state.mp_used + cost,
        hexes_moved=state.hexes_moved + 1,
        hexes_counted=state.hexes_counted + 1,
        last_backward=False,
        travel_dir=d,
        turn_pending=False,
        dir_before_turn=None,
        turned_on_pavement=False,
        steps=state.steps + 1,
        all_paved=False,
        stopped=stopper,
    )
    return StepReport(index, token, True, None, cost, after, tuple(psrs))


@dataclass(frozen=True, slots=True)
class WigeEnd:
    """How a WiGE ends its movement (ADV-17/18/23)."""

    airborne: bool
    altitude: int
    landing: str | None = None  # None, "landed", "crash" (GAP) or "destroyed" (water)
    terrain: str | None = None  # what it came down on
    at: Hex | None = None

    @property
    def kind(self) -> str:
        return "wige_destroyed" if self.landing == "destroyed" else "wige_crash_landing"

    @property
    def rule(self) -> str:
        return "ADV-18"

    def text(self, board: Board) -> str:
        where = board.hex_name(self.at) if self.at is not None else "its hex"
        if self.landing == "destroyed":
            return (f"the WiGE moved fewer than 5 hexes, so it lands at the end of its "
                    f"movement (ADV-17), on the water of {where}: it crashes and is "
                    "destroyed (ADV-18)")  # fmt: skip
        return (f"the WiGE moved fewer than 5 hexes, so it lands at the end of its movement "
                f"(ADV-17), on {self.terrain} in {where}: a crash landing (ADV-18), a fall of "
                "1 level with crash damage (ADV-26/27)")  # fmt: skip

    def to_json(self, board: Board, step: int) -> dict[str, Any]:
        return {"step": step, "rule": self.rule, "type": self.kind,
                "at": board.hex_name(self.at) if self.at is not None else None,
                "text": self.text(board)}  # fmt: skip


def wige_end(board: Board, state: MoveState) -> WigeEnd:
    """ADV-23: it sinks to 1 level above the last hex; ADV-17: fewer than 5 hexes (not
    the turn it took off) and it lands, costing no MP; ADV-18: where it comes down."""
    if not state.airborne:
        return WigeEnd(False, 0)
    if state.took_off or state.hexes_moved >= STAY_AIRBORNE:
        return WigeEnd(True, 1)
    what = landable(board, state.at)
    if what is None:
        return WigeEnd(False, 0, "landed", at=state.at)
    return WigeEnd(False, 0, "destroyed" if what == "water" else "crash", what, state.at)
