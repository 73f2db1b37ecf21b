"""The individual steps of a move: turns, posture, hex entries and jumps.

Each function takes the context and the state before the step and returns a
:class:`StepReport`; an illegal step is explained in a sentence with its rule ID, never
raised. Entry costs and legality come from the shared arrays of costs.py.
"""

from __future__ import annotations

from dataclasses import replace

from game.hexgrid import Hex, distance
from game.rules.move import costs as C
from game.rules.move.diving import too_shallow
from game.rules.move.jumps import jump_cost
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
from game.rules.move.stacking import why_not_here
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
    u = ctx.unit
    left = ctx.leaving(state)  # MOV-35: it entered an enemy's hex and enters no other
    if left is not None:
        return fail(index, token, state, left)
    crawl = ctx.mode == "crawl"  # ADV-04: the prone Mech crawls
    if state.prone and not crawl:
        return fail(
            index,
            token,
            state,
            "a prone Mech cannot move into another hex; stand up first (MOV-21)",
        )
    if state.hull_down:
        return fail(index, token, state, "a hull-down Mech must leave hull-down (H-) to move")
    if step.kind == "FH":
        return fail(index, token, state, "FH is a WiGE holding its altitude in flight (ADV-23)")
    shift = step.kind in SHIFT_KINDS
    if shift and crawl:
        return fail(index, token, state, "a crawling Mech moves only forward or backward (ADV-04)")
    if shift and u.kind != "quad":
        return fail(index, token, state, "only four-legged Mechs can shift sideways (MOV-19)")
    backward = step.backward and u.has_facing  # infantry has no facing (MOV-29)
    if backward and ctx.running:
        return fail(index, token, state, "a running unit may not move backward (MOV-18)")
    d = (state.facing + RELATIVE_DIRECTION[step.kind]) % 6
    t, h = ctx.table.at(state.at)  # the entry arrays around the unit (game.rules.window)
    s = int(state.deck)
    code = int(t.code[s, d, h])
    if code != C.OK:
        return fail(index, token, state, _entry_error(ctx, t, state, d, h, code))
    target = state.at.neighbour(d)
    refused, stopper = ctx.entering(target, state)  # MOV-35 (classic: MOV-30)
    if refused is not None:
        return fail(index, token, state, refused)
    shallow = too_shallow(ctx, state, target)  # ADV-25: a submarine rises first
    if shallow is not None:
        return fail(index, token, state, shallow)
    dlevel = int(t.dlevel[s, d, h])
    if backward and dlevel and not ctx.costs.backward_levels:  # VTOL: MOV-18 / ADV-25
        return fail(
            index,
            token,
            state,
            f"a unit moving backward may not change levels (MOV-18); {ctx.name(target)} "
            f"is {abs(dlevel)} level(s) {'up' if dlevel > 0 else 'down'}",
        )
    climbs = u.kind == "infantry" and not ctx.rules.classic and dlevel > 0
    if climbs and state.climbed + dlevel > 1:  # MOV-13 (TW): one level upward per turn
        return fail(
            index,
            token,
            state,
            f"entering {ctx.name(target)} climbs a level, but ground infantry climbs at most "
            "1 level upward in a whole turn and has climbed 1 already (MOV-13)",
        )
    depth = int(t.depth[s, d, h])
    ignored = int(t.ignorable[s, d, h]) if ctx.careless else 0  # ADV-05
    cost = int(t.cost[s, d, h]) - ignored + (1 if shift else 0)  # MOV-19: +1 for a shift
    paved = bool(t.paved[s, d, h])
    limit = limit_mp(ctx, state, paved)
    problem = None
    if ctx.running and depth >= 1 and not ctx.costs.water_runs:
        problem = f"a running unit may not enter depth {depth} water (MOV-04)"
    elif state.mp_used + cost > limit:
        problem = no_mp(f"entering {ctx.name(target)}", cost, ctx, state, limit)
    minimum = False
    if problem is not None:
        # MOV-20: the hex straight ahead as the turn's only MP expenditure. Infantry turns
        # cost nothing (it has no facing, MOV-16), so any neighbour counts as ahead for it.
        if step.kind == "F" and state.mp_used == 0 and ctx.mp_available >= 1:
            minimum = True
        else:
            return fail(index, token, state, problem)
    psrs = _entry_psrs(ctx, t, state, index, d, h, target, depth)
    if crawl:  # ADV-04: the attempt's roll comes first; failing it spends the MP in place
        psrs.insert(0, crawl_psr(ctx, index, target))
    if ignored:
        base = len(psr_base_modifiers(u, ctx.rules))  # ADV-08: the terrain's own modifiers
        terrain = tuple(m for p in psrs if p.kind in ("building", "rubble")
                        for m in p.modifiers[base:])  # fmt: skip
        psrs.append(careless_psr(ctx, index, target, ignored, terrain))
    same_way = state.last_backward is None or state.last_backward == backward
    after = replace(
        state,
        at=target,
        deck=bool(t.dest_deck[s, d, h]),
        mp_used=state.mp_used + cost,
        hexes_moved=state.hexes_moved + 1,
        hexes_counted=state.hexes_counted + 1 if same_way else 1,
        last_backward=backward,
        travel_dir=d,
        turn_pending=False,
        dir_before_turn=None,
        turned_on_pavement=False,
        steps=state.steps + 1,
        minimum=minimum,
        all_paved=state.all_paved and paved,
        climbed=state.climbed + (dlevel if climbs else 0),
        stopped=stopper,
    )
    return StepReport(index, token, True, None, cost, after, tuple(psrs))


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


def jump_step(ctx: MoveContext, state: MoveState, step: Step, index: int, token: str) -> StepReport:
    """J:XXYY and FACE:n (MOV-05, MOV-06, PSR-12)."""
    if ctx.mode != "jump":
        return fail(
            index,
            token,
            state,
            f"'{token}' belongs to a jump; this unit declared {ctx.mode} (MOV-01)",
        )
    if step.kind == "FACE":
        if not state.jumped:
            return fail(
                index,
                token,
                state,
                "FACE:n chooses the facing after a jump; it must follow J:XXYY (MOV-05)",
            )
        return StepReport(
            index, token, True, None, 0, replace(state, facing=step.facing, steps=state.steps + 1)
        )
    if step.kind != "J":
        return fail(
            index,
            token,
            state,
            f"a jumping unit moves only with J:XXYY and FACE:n, not '{token}' (MOV-05)",
        )
    if state.jumped:
        return fail(index, token, state, "a unit jumps only once per turn (MOV-01)")
    dest = step.target
    assert dest is not None
    b = ctx.board
    if not b.contains(dest):
        return fail(index, token, state, f"{token[2:]} is not on the {b.width}x{b.height} board")
    if dest == state.at:
        return fail(index, token, state, "a jump must land in another hex (MOV-05)")
    n = distance(state.at, dest)
    if n > ctx.mp_available:
        return fail(
            index,
            token,
            state,
            f"{ctx.name(dest)} is {n} hexes away but the unit has "
            f"{ctx.mp_available} jump MP (MOV-05)",
        )
    cost = jump_cost(b, state.at, dest, ctx.mp_available, ctx.rules)
    if cost < 0:
        return fail(
            index,
            token,
            state,
            f"every path to {ctx.name(dest)} crosses terrain too high to jump over (MOV-05)",
        )
    why = _landing_room(ctx, dest)
    if why is not None:
        return fail(index, token, state, why)
    depth = int(b.water[dest.row, dest.col])
    if ctx.unit.kind == "infantry" and depth >= 1:
        return fail(
            index, token, state, f"jumping infantry may not land in depth {depth} water (MOV-29)"
        )
    after = replace(
        state,
        at=dest,
        # MOV-26/32: a jump lands on a bridge deck or on a building's roof
        deck=bool(b.bridge_class[dest.row, dest.col] or b.building_class[dest.row, dest.col]),
        mp_used=cost,
        hexes_moved=cost,
        hexes_counted=cost,
        travel_dir=None,
        steps=state.steps + 1,
        jumped=True,
    )
    psrs = _landing_psrs(ctx, index, dest)
    if ctx.unit.is_mech and depth >= 1 and not after.deck:  # PSR-08: landing in water enters it
        psrs.append(
            make_psr(
                ctx.unit,
                ctx.rules,
                index,
                f"entering depth {depth} water",
                "water",
                (water_modifier(depth),),
                dest,
            )  # fmt: skip
        )
    return StepReport(index, token, True, None, cost, after, tuple(psrs))


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
