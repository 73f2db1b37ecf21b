"""The individual steps of a move: turns, posture and hex entries (jumps: .jumpsteps).

Each function takes the context and the state before the step and returns a
:class:`StepReport`; an illegal step is explained in a sentence with its rule ID, never
raised. Entry costs and legality come from the shared arrays of costs.py.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.hexgrid import Hex
from game.rules.move import costs as C
from game.rules.move.diving import too_shallow
from game.rules.move.movestate import (
    SKIDDERS,
    MoveContext,
    MoveState,
    StepReport,
    fail,
    limit_mp,
    no_mp,
    turned,
)
from game.rules.move.steps import RELATIVE_DIRECTION, SHIFT_KINDS, Step
from game.rules.move.tacops import careless_psr, crawl_psr
from game.rules.piloting.psr import (
    PSR,
    Modifier,
    building_modifiers,
    make_psr,
    psr_base_modifiers,
    skid_modifier,
    water_modifier,
)
from game.units.unit import SLIDING_KINDS


def turn_step(ctx: MoveContext, state: MoveState, step: Step, index: int, token: str) -> StepReport:
    # A hull-down Mech may turn in place and stays hull-down (Tactical Operations as the
    # reference program reads it; ADV-15 covers only the facing going in or out of it).
    cost = ctx.costs.facing_mp  # MOV-17 (infantry: no facing, MOV-16)
    if state.mp_used + cost > limit_mp(ctx, state):
        return fail(
            index, token, state, no_mp("a facing change", cost, ctx, state, limit_mp(ctx, state))
        )
    facing = (state.facing + (1 if step.kind == "R" else -1)) % 6
    return StepReport(index, token, True, None, cost, turned(ctx, state, facing, cost))


def posture_step(
    ctx: MoveContext, state: MoveState, step: Step, index: int, token: str
) -> StepReport:
    u = ctx.unit
    if not u.is_mech:
        return fail(
            index,
            token,
            state,
            f"only Mechs can go prone or stand up ({'MOV-22' if step.kind == 'P' else 'MOV-23'})",
        )
    if ctx.mode == "crawl":
        return fail(index, token, state, "a Mech that crawls may not stand up this turn (ADV-03)")
    limit = limit_mp(ctx, state)
    if step.kind == "P" and state.hull_down:  # ADV-14: hull-down -> prone costs nothing
        after = replace(state, prone=True, hull_down=False, steps=state.steps + 1)
        return StepReport(index, token, True, None, 0, after)
    if step.kind == "P":  # MOV-22
        if state.prone:
            return fail(index, token, state, "the Mech is already prone (MOV-22)")
        if state.mp_used + 1 > limit:
            return fail(index, token, state, no_mp("going prone", 1, ctx, state, limit))
        after = replace(state, prone=True, mp_used=state.mp_used + 1, steps=state.steps + 1)
        return StepReport(index, token, True, None, 1, after)
    if not state.prone:  # MOV-23
        if state.hull_down:
            return fail(index, token, state, "a hull-down Mech gets up with H- (ADV-12), not U")
        return fail(index, token, state, "the Mech is not prone, so it cannot stand up (MOV-23)")
    minimum = False
    if state.mp_used + 2 > limit:
        # MOV-20: a prone Mech with only 1 MP may make a single attempt as its only action.
        if state.steps == 0 and ctx.mp_available >= 1:
            minimum = True
        else:
            return fail(index, token, state, no_mp("standing up", 2, ctx, state, limit))
    facing = state.facing if step.facing is None else step.facing  # K25: free facing
    after = (
        turned(ctx, state, facing, 2)
        if facing != state.facing
        else replace(state, mp_used=state.mp_used + 2, steps=state.steps + 1)
    )
    after = replace(after, prone=False, stand_attempts=state.stand_attempts + 1, minimum=minimum)
    psr = make_psr(
        u, ctx.rules, index, "standing up", "stand", (Modifier(0, "attempting to stand"),), state.at
    )
    return StepReport(index, token, True, None, 2, after, (psr,))


_CODE_TEXT = {
    C.OFF_BOARD: "it would leave the board",
    C.WOODS: "{kind} units may not enter {woods} woods (MOV-10)",
    C.WATER: "{kind} units may not enter depth {depth} water (MOV-10)",
    C.ROUGH: "{kind} units may not enter rough terrain (MOV-10)",
    C.RUBBLE: "{kind} units may not enter rubble (MOV-10)",
    C.DRY: "a naval vessel moves only through water of depth 1 or more (ADV-24)",
    C.STRUCTURE: "{kind} units may not enter a building or pass a bridge without headroom",
}


def _entry_error(
    ctx: MoveContext, t: C.EntryTable, state: MoveState, d: int, h: int, code: int
) -> str:
    target = state.at.neighbour(d)
    if code == C.OFF_BOARD:
        return f"the step from {ctx.name(state.at)} {_CODE_TEXT[code]}"
    r, c = target.row, target.col
    if code == C.TOO_STEEP:
        dl = abs(int(t.dlevel[int(state.deck), d, h]))
        limit = ctx.costs.max_level_change
        plural = "s" if limit > 1 else ""
        return (
            f"entering {ctx.name(target)} changes {dl} levels; {ctx.unit.kind} units may "
            f"change at most {limit} level{plural} per hex (MOV-13)"
        )
    text = _CODE_TEXT[code].format(
        kind=ctx.unit.kind,
        woods=("", "light", "heavy", "ultra-heavy")[int(ctx.board.woods[r, c])],
        depth=int(ctx.board.water[r, c]),
    )
    return f"cannot enter {ctx.name(target)}: {text}"


def enter_step(
    ctx: MoveContext, state: MoveState, step: Step, index: int, token: str
) -> StepReport:
    """F, B and the quad shifts (MOV-16..20, MOV-24..30, MOV-35)."""
    why = _why_not_move(ctx, state, step)
    if why is not None:
        return fail(index, token, state, why)
    e = _entry(ctx, state, step)
    if isinstance(e, str):
        return fail(index, token, state, e)
    problem = _mp_problem(ctx, state, e)
    # MOV-20: the hex straight ahead as the turn's only MP expenditure. Infantry turns
    # cost nothing (it has no facing, MOV-16), so any neighbour counts as ahead for it.
    minimum = problem is not None
    if problem is not None and not (
        step.kind == "F" and state.mp_used == 0 and ctx.mp_available >= 1
    ):
        return fail(index, token, state, problem)
    psrs = _step_psrs(ctx, state, index, e)
    return StepReport(index, token, True, None, e.cost, _entered(state, e, minimum), psrs)


def _why_not_move(ctx: MoveContext, state: MoveState, step: Step) -> str | None:
    """Why the unit may make no such step at all, whatever hex it would enter."""
    left = ctx.leaving(state)  # MOV-35: it entered an enemy's hex and enters no other
    if left is not None:
        return left
    u = ctx.unit
    crawl = ctx.mode == "crawl"  # ADV-04: the prone Mech crawls
    shift = step.kind in SHIFT_KINDS
    backward = step.backward and u.has_facing  # infantry has no facing (MOV-29)
    guards = (
        (state.prone and not crawl,
         "a prone Mech cannot move into another hex; stand up first (MOV-21)"),
        (state.hull_down, "a hull-down Mech must leave hull-down (H-) to move"),
        (step.kind == "FH", "FH is a WiGE holding its altitude in flight (ADV-23)"),
        (shift and crawl, "a crawling Mech moves only forward or backward (ADV-04)"),
        (shift and u.kind != "quad", "only four-legged Mechs can shift sideways (MOV-19)"),
        (backward and ctx.running, "a running unit may not move backward (MOV-18)"),
    )  # fmt: skip
    return next((why for bad, why in guards if bad), None)


@dataclass(frozen=True, slots=True, eq=False)
class _Entry:
    """The hex a step enters and what entering it costs, read off the entry arrays ``t``
    at (layer ``s``, direction ``d``, hex ``h``); ``stopper``: the enemy whose hex it is
    (MOV-35), ``ignored``: the MP a careless unit ignores (ADV-05)."""

    t: C.EntryTable
    s: int
    d: int
    h: int
    target: Hex
    stopper: str | None
    dlevel: int
    depth: int
    ignored: int
    cost: int
    paved: bool
    backward: bool
    climbs: bool


def _entry(ctx: MoveContext, state: MoveState, step: Step) -> _Entry | str:
    """The step's hex and its cost, or why it may not be entered: the entry arrays' code
    (MOV-10/13, ADV-24), an enemy's hex (MOV-35, classic MOV-30), water too shallow for a
    submarine (ADV-25), a level change moving backward (MOV-18), a climb (MOV-13)."""
    u = ctx.unit
    d = (state.facing + RELATIVE_DIRECTION[step.kind]) % 6
    t, h = ctx.table.at(state.at)  # the entry arrays around the unit (game.rules.window)
    s = int(state.deck)
    code = int(t.code[s, d, h])
    if code != C.OK:
        return _entry_error(ctx, t, state, d, h, code)
    target = state.at.neighbour(d)
    refused, stopper = ctx.entering(target, state)  # MOV-35 (classic: MOV-30)
    if refused is not None:
        return refused
    shallow = too_shallow(ctx, state, target)  # ADV-25: a submarine rises first
    if shallow is not None:
        return shallow
    dlevel = int(t.dlevel[s, d, h])
    backward = step.backward and u.has_facing  # infantry has no facing (MOV-29)
    climbs = u.kind == "infantry" and not ctx.rules.classic and dlevel > 0
    why = _level_error(ctx, state, target, dlevel, backward, climbs)
    if why is not None:
        return why
    ignored = int(t.ignorable[s, d, h]) if ctx.careless else 0  # ADV-05
    cost = int(t.cost[s, d, h]) - ignored + (1 if step.kind in SHIFT_KINDS else 0)  # MOV-19
    return _Entry(t, s, d, h, target, stopper, dlevel, int(t.depth[s, d, h]), ignored, cost,
                  bool(t.paved[s, d, h]), backward, climbs)  # fmt: skip


def _level_error(ctx: MoveContext, state: MoveState, target: Hex, dlevel: int, backward: bool,
                 climbs: bool) -> str | None:  # fmt: skip
    """MOV-18: no level change moving backward (VTOL: ADV-25 allows it); MOV-13 (TW):
    ground infantry climbs one level upward in a whole turn."""
    if backward and dlevel and not ctx.costs.backward_levels:
        return (f"a unit moving backward may not change levels (MOV-18); {ctx.name(target)} "
                f"is {abs(dlevel)} level(s) {'up' if dlevel > 0 else 'down'}")  # fmt: skip
    if climbs and state.climbed + dlevel > 1:
        return (
            f"entering {ctx.name(target)} climbs a level, but ground infantry climbs at most "
            "1 level upward in a whole turn and has climbed 1 already (MOV-13)"
        )
    return None


def _mp_problem(ctx: MoveContext, state: MoveState, e: _Entry) -> str | None:
    """MOV-04: a running unit keeps out of depth 1+ water (unless its kind runs there);
    MOV-07: the MP left (MOV-25: the pavement bonus while paved)."""
    limit = limit_mp(ctx, state, e.paved)
    if ctx.running and e.depth >= 1 and not ctx.costs.water_runs:
        return f"a running unit may not enter depth {e.depth} water (MOV-04)"
    if state.mp_used + e.cost > limit:
        return no_mp(f"entering {ctx.name(e.target)}", e.cost, ctx, state, limit)
    return None


def _step_psrs(ctx: MoveContext, state: MoveState, index: int, e: _Entry) -> tuple[PSR, ...]:
    """The entry's rolls (:func:`_entry_psrs`); a crawl's attempt first (ADV-04: failing
    it spends the MP in place); a careless unit's roll for the MP it ignored last, with
    the terrain's own modifiers (ADV-05, ADV-08)."""
    psrs = _entry_psrs(ctx, e.t, state, index, e.d, e.h, e.target, e.depth)
    if ctx.mode == "crawl":
        psrs.insert(0, crawl_psr(ctx, index, e.target))
    if e.ignored:
        base = len(psr_base_modifiers(ctx.unit, ctx.rules))
        terrain = tuple(m for p in psrs if p.kind in ("building", "rubble")
                        for m in p.modifiers[base:])  # fmt: skip
        psrs.append(careless_psr(ctx, index, e.target, e.ignored, terrain))
    return tuple(psrs)


def _entered(state: MoveState, e: _Entry, minimum: bool) -> MoveState:
    """The state in the hex entered: MP spent, hexes moved and counted (MOV-24: counted
    anew when the unit changes between forward and backward), on a deck or not."""
    same_way = state.last_backward is None or state.last_backward == e.backward
    return replace(
        state,
        at=e.target,
        deck=bool(e.t.dest_deck[e.s, e.d, e.h]),
        mp_used=state.mp_used + e.cost,
        hexes_moved=state.hexes_moved + 1,
        hexes_counted=state.hexes_counted + 1 if same_way else 1,
        last_backward=e.backward,
        travel_dir=e.d,
        turn_pending=False,
        dir_before_turn=None,
        turned_on_pavement=False,
        steps=state.steps + 1,
        minimum=minimum,
        all_paved=state.all_paved and e.paved,
        climbed=state.climbed + (e.dlevel if e.climbs else 0),
        stopped=e.stopper,
    )


def _entry_psrs(
    ctx: MoveContext,
    t: C.EntryTable,
    state: MoveState,
    index: int,
    d: int,
    h: int,
    target: Hex,
    depth: int,
) -> list[PSR]:
    """PSR-22/28 before entering; PSR-08 water, rubble and buildings after entering."""
    u, rules = ctx.unit, ctx.rules
    out: list[PSR] = []
    before = state.facing if state.dir_before_turn is None else state.dir_before_turn
    ctxt = {"hexes_moved_before": state.hexes_moved, "direction_before": before}
    if ctx.running and state.turned_on_pavement and u.kind in SKIDDERS:
        mod = skid_modifier(state.hexes_moved)
        reason = "skid: running unit turned on pavement"
        out.append(make_psr(u, rules, index, reason, "skid", (mod,), state.at, ctxt))
    if ctx.running and state.turn_pending and u.kind in SLIDING_KINDS:
        mod = Modifier(0, "flank speed and turning")  # PSR-29, GAP G15
        out.append(make_psr(u, rules, index, "sideslip", "sideslip", (mod,), state.at, ctxt))
    s = int(state.deck)
    if u.is_mech and depth >= 1:  # MOV-11, PSR-08
        out.append(
            make_psr(
                u,
                rules,
                index,
                f"entering depth {depth} water",
                "water",
                (water_modifier(depth),),
                target,
            )
        )
    if u.is_mech and not t.dest_deck[s, d, h] and ctx.board.rubble[target.row, target.col]:
        out.append(
            make_psr(u, rules, index, "entering rubble", "rubble", (Modifier(0, "rubble"),), target)
        )
    entered, left = int(t.building[s, d, h]), int(t.pos_building[s, h])
    if (u.is_mech or ctx.costs.driving_rolls) and (entered or left):
        cls = entered or left
        reason = "entering a building" if entered else "leaving a building"
        mods = building_modifiers(cls, state.hexes_moved + 1)
        out.append(make_psr(u, rules, index, reason, "building", mods, target))
    return out
