"""Step-by-step move checking: MP, legality, PSR triggers (MOV-01..31, PSR-04..29).

A move is compiled one step at a time: :func:`begin_move` builds the context once,
:func:`advance` applies one step to a frozen :class:`MoveState` and explains an illegal
step in a sentence instead of raising, :func:`finish_move` makes the end-of-move checks.
The piloting resolver replays the same functions, replacing the state after a fall.
Entry costs come from the shared arrays of costs.py (the same ones reach.py searches).
:func:`check_move` wraps the three into the referee's answer (docs/scenario-format.md `rules move`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.board import Board
from game.core.options import TW, Rules
from game.rules.move import costs as C
from game.rules.move.diving import depth_step
from game.rules.move.flight import WigeEnd, fly_step, land, take_off, wige_end
from game.rules.move.loads import Overload, overload
from game.rules.move.movestate import (
    MODES,
    TACOPS_MODES,
    MoveContext,
    MoveState,
    StepReport,
    fail,
    limit_mp,
    mode_mp,
    placed,
)
from game.rules.move.movesteps import enter_step, jump_step, posture_step, turn_step
from game.rules.move.stacking import why_not_here
from game.rules.move.steps import DEPTH_KINDS, Step, StepError, parse_step
from game.rules.move.tacops import (
    careless_error,
    crawl_error,
    defend_error,
    hull_step,
    option_error,
)
from game.rules.move.vtolflight import grounded, height_step, shows_altitude
from game.rules.piloting.psr import PSR, make_psr
from game.rules.piloting.skid import SKID_ATTACKER_MOD, SKID_TARGET_MOD
from game.rules.window import LocalTables
from game.units.unit import GROUND_VEHICLE_KINDS, Unit

__all__ = [
    "MODES",
    "MoveContext",
    "MoveResult",
    "MoveState",
    "StepReport",
    "advance",
    "attacker_modifier",
    "begin_move",
    "check_move",
    "finish_move",
    "target_modifier",
]


def begin_move(
    board: Board,
    units: Sequence[Unit],
    unit_id: str,
    mode: str,
    rules: Rules = TW,
    resume: MoveState | None = None,
    careless: bool = False,
) -> tuple[MoveContext, MoveState]:
    """Context and start state; ValueError only for a unit id or mode that does not exist.

    ``resume``: the state a move already under way stopped in (a failed roll interrupted
    it, MOV-23); the move goes on from there with what it has spent, the unit standing
    where it is now. ``careless``: ADV-05, every extra MP the rules allow is ignored."""
    mover = next((u for u in units if u.id == unit_id), None)
    if mover is None:
        raise ValueError(f"there is no unit '{unit_id}'")
    if mode not in MODES:
        raise ValueError(f"mode '{mode}' is not one of {', '.join(MODES)}")
    others = tuple(u for u in units if u.id != unit_id and not u.destroyed)
    mp = mode_mp(mover, mode)
    costs = C.motive_costs(mover.kind, rules)
    # The entry arrays of a window the move's MP (+1 paved, MOV-25) cannot leave; MOV-31;
    # MOV-28: a crawling Mech is prone, 1 level tall.
    height = 1 if mode == "crawl" else None
    tables = LocalTables(board, mover.kind, rules, mover.offroad, max(mp, 0) + 3, height)
    table, h = tables.at(mover.at)
    deck = bool(board.bridge_class[mover.at.row, mover.at.col] > 0) and costs.decks
    error = _mode_error(board, mover, mode, rules) or _careless_error(mover, mode, careless, rules)
    ground = mover.kind in GROUND_VEHICLE_KINDS
    bonus = ground and bool(table.pos_paved[int(deck), h])  # MOV-25
    # MOV-02/07: 0 MP forbids every step, not the empty move; an immobile unit may only
    # stand still (TURN-06, game/flow.py), so walk/run stay refused for it altogether.
    stay = mode in ("walk", "run", "crawl") and not mover.moved and not mover.immobile and mp <= 0
    stay = stay and (mode != "crawl" or rules.tacops)
    ctx = MoveContext(board, mover, others, mode, mp, rules, tables, costs, error, bonus, stay,
                      careless)  # fmt: skip
    airborne = mover.kind == "wige" and mover.wige_airborne
    under_trees = airborne and bool(board.woods[mover.at.row, mover.at.col] > 0)  # ADV-20
    state = MoveState(at=mover.at, facing=mover.facing, prone=mover.prone, deck=deck,
                      hull_down=mover.hull_down, airborne=airborne,
                      altitude=mover.flying_height,  # a WiGE's or a VTOL's (ADV-23/25)
                      road_bound=under_trees,
                      depth=mover.depth if mover.kind == "submarine" else 0)  # fmt: skip
    if resume is not None:
        state = replace(resume, at=mover.at, facing=mover.facing, prone=mover.prone)
    return ctx, state


def _careless_error(u: Unit, mode: str, careless: bool, rules: Rules) -> str | None:
    if not careless:
        return None
    if not rules.tacops:
        return option_error("careless movement (ADV-05)")
    return careless_error(u, mode)


def _mode_error(board: Board, u: Unit, mode: str, rules: Rules = TW) -> str | None:
    if u.moved:
        return f"unit {u.id} has already moved this phase"
    if mode == "stand":
        return None
    if mode in TACOPS_MODES and not rules.tacops:
        what = "crawling (ADV-03)" if mode == "crawl" else "physical attack defence (ADV-01)"
        return option_error(what)
    if u.immobile:
        return f"unit {u.id} is immobile and cannot move"
    if mode == "crawl":
        why = crawl_error(u)
        if why is not None:
            return why
    if mode == "defend":
        return defend_error(u)
    if u.hull_down and mode == "jump":
        return "a hull-down Mech must leave hull-down (H-) before it can move; it cannot jump"
    if mode == "jump":
        if u.jump_mp() <= 0:
            return f"unit {u.id} has no jump MP (MOV-05)"
        if u.prone:
            return "a prone Mech cannot jump; it may walk or run to stand up (MOV-21)"
        depth = int(board.water[u.at.row, u.at.col])
        if u.is_mech and depth >= 2 and not board.bridge_class[u.at.row, u.at.col]:
            return f"jump jets do not work in depth {depth} water (MOV-06)"
    elif mode in ("walk", "run", "crawl") and mode_mp(u, mode) <= 0:
        return f"unit {u.id} has no MP to {mode} (MOV-07)"
    return None


def advance(
    ctx: MoveContext, state: MoveState, token_or_step: str | Step, index: int
) -> StepReport:
    """Apply one step. Pure; an illegal step comes back with ok=False and a sentence."""
    token = token_or_step if isinstance(token_or_step, str) else token_or_step.token()
    if isinstance(token_or_step, Step):
        step = token_or_step
    else:
        try:
            step = parse_step(token_or_step)
        except StepError as e:
            return fail(index, token, state, str(e))
    if ctx.error:
        return fail(index, token, state, ctx.error)
    if ctx.mode == "stand":
        return fail(index, token, state, "a unit that stands still spends no MP (MOV-02)")
    if ctx.mode == "defend":
        msg = "a unit in physical attack defence spends no MP in the movement phase (ADV-01)"
        return fail(index, token, state, msg)
    if state.minimum:
        msg = "after minimum movement (MOV-20) the unit may spend nothing else this turn"
        return fail(index, token, state, msg)
    if state.landed:
        return fail(index, token, state, "a WiGE that has landed ends its movement (ADV-18)")
    if ctx.mode == "jump" or step.kind in ("J", "FACE"):
        return jump_step(ctx, state, step, index, token)
    if step.kind in ("TO", "LAND"):
        if ctx.unit.kind != "wige":
            return fail(index, token, state, f"only WiGE units take off and land ({token}, ADV-17)")
        return (take_off if step.kind == "TO" else land)(ctx, state, index, token)
    if step.kind in DEPTH_KINDS:  # a submarine's depth, a VTOL's altitude (ADV-25)
        change = height_step if ctx.unit.kind == "vtol" else depth_step
        return change(ctx, state, step, index, token)
    if step.kind in ("L", "R"):
        return turn_step(ctx, state, step, index, token)
    if step.kind in ("H", "H-"):
        return hull_step(ctx, state, step, index, token)
    if step.kind in ("P", "U"):
        return posture_step(ctx, state, step, index, token)
    if state.airborne:
        return fly_step(ctx, state, step, index, token)
    on_ground = grounded(ctx, state, step, index, token)  # a landed VTOL (ADV-25)
    if on_ground is not None:
        return on_ground
    if ctx.unit.kind == "wige" and step.backward:
        return fail(index, token, state, "WiGE units cannot move backward (ADV-22)")
    return enter_step(ctx, state, step, index, token)


def finish_move(
    ctx: MoveContext, state: MoveState, last_index: int | None = None
) -> tuple[str | None, list[PSR]]:
    """End-of-move checks: stacking (MOV-30) and the PSR-12 rolls that follow a move."""
    if ctx.error:
        return None, []
    if ctx.rules.classic:
        other = ctx.occupant(state.at) if state.at != ctx.unit.at else None
        if other is not None:
            return (f"the move ends in {ctx.name(state.at)}, which already holds unit "
                    f"{other.id}; only one unit may stand in a hex at the end of movement "
                    "(MOV-30)"), []  # fmt: skip
    elif state.at != ctx.unit.at:  # MOV-34: the TW limits, per height band
        ends = placed(ctx.unit, state)  # in the band it ends in (MOV-34)
        why = why_not_here(ends, state.at, ctx.units, ctx.rules)
        if why is not None:
            return f"the move ends in {ctx.name(state.at)}, which {why}", []
    u, d = ctx.unit, ctx.unit.crits
    if not u.is_mech or state.mp_used == 0:
        return None, []
    step = state.steps - 1 if last_index is None else last_index
    psrs: list[PSR] = []
    if ctx.rules.classic:  # PSR-12 classic: rolled when the run or jump starts
        if d.gyro and ctx.mode in ("run", "jump"):
            psrs.append(
                make_psr(
                    u,
                    ctx.rules,
                    -1,
                    f"{'running' if ctx.mode == 'run' else 'jumping'} with a damaged gyro",
                    "run-damage",
                    (),
                    u.at,
                )
            )
        if d.hips and ctx.mode == "run":
            psrs.append(
                make_psr(
                    u,
                    ctx.rules,
                    -1,
                    "running with a destroyed hip actuator",
                    "run-damage",
                    (),
                    u.at,
                )
            )
    elif ctx.mode == "run" and not state.minimum and (d.gyro or d.hips):
        what = "a damaged gyro" if d.gyro else "a destroyed hip actuator"
        psrs.append(
            make_psr(u, ctx.rules, step, f"running with {what}", "run-damage", (), state.at)
        )
    return None, psrs


# CMB-12; ADV-01/04: crawling and physical attack defence count as walking.
ATTACKER_MODIFIER = {"stand": 0, "walk": 1, "run": 2, "jump": 3, "crawl": 1, "defend": 1}
# CMB-13 (TW rows 18-24 and 25+ per GAP G22; classic stops at 10+ = +4).
TARGET_TABLE: tuple[tuple[int, int], ...] = ((2, 0), (4, 1), (6, 2), (9, 3), (17, 4), (24, 5))


def attacker_modifier(mode: str) -> int:
    """CMB-12: the to-hit modifier for the mover's own attacks (mode as counted for combat)."""
    return ATTACKER_MODIFIER[mode]


def target_modifier(hexes_moved: int, jumped: bool, rules: Rules = TW) -> int:
    """CMB-13: by hexes moved (after the last forward/backward switch), +1 if it jumped."""
    value = 6
    for top, mod in TARGET_TABLE:
        if hexes_moved <= top:
            value = mod
            break
    if rules.classic:
        value = min(value, 4)
    return value + (1 if jumped else 0)


def combat_mode(ctx: MoveContext, state: MoveState) -> str:
    """The mode that counts for combat and heat: no MP spent is standing still (MOV-02),
    minimum movement counts as running (MOV-20), crawling as walking (ADV-04); physical
    attack defence stays "defend" (ADV-01: it counts as walking and spends its MP in the
    physical attack phase)."""
    if ctx.mode == "defend" and not ctx.error:
        return "defend"
    if ctx.error or (state.mp_used == 0 and state.hexes_moved == 0):
        return "stand"
    if state.minimum:
        return "run"
    return "walk" if ctx.mode == "crawl" else ctx.mode


def move_heat(ctx: MoveContext, state: MoveState, mode: str) -> int:
    """HEAT-02 / MOV-03/04/06 for Mechs: walk 1, run 2, jump max(3, hexes). A stand
    attempt makes no heat under TW (MOV-36); variant ``classic``: +1 per attempt (MOV-23)."""
    if not ctx.unit.is_mech:
        return 0
    if ctx.mode == "crawl" and mode != "stand":
        return 1  # ADV-03: exactly 1 heat per turn, however many attempts
    base = {"stand": 0, "walk": 1, "run": 2, "jump": max(3, state.hexes_moved), "defend": 0}[mode]
    return base + (state.stand_attempts if ctx.rules.classic else 0)


@dataclass(frozen=True, slots=True)
class MoveResult:
    legal: bool
    error: str | None
    failed_step: int | None
    mp_used: int
    mp_available: int
    mode: str
    end_at: Any
    end_facing: int
    end_prone: bool
    hexes_moved: int
    heat: int
    psrs: tuple[PSR, ...]
    attacker_modifier: int
    target_modifier: int
    reports: tuple[StepReport, ...]
    end_state: MoveState | None = None
    # MOV-27/32: (step, overload) where the move would bring a bridge or building hex
    # down; no dice here, so the move stays legal and is checked on; resolving it ends
    # the move there. ADV-17/18: (step, WigeEnd) when a WiGE comes down at the end.
    warnings: tuple[tuple[int, Overload | WigeEnd], ...] = ()
    end_hull_down: bool = False
    end_airborne: bool = False
    end_altitude: int = 0
    tacops: bool = False  # the answer's `end` carries hull_down (Extension 2)
    wige: bool = False  # the answer's `end` carries airborne and altitude
    end_depth: int = 0  # a submarine's depth at the end (ADV-25)
    submarine: bool = False  # the answer's `end` carries depth (our extension)
    vtol: bool = False  # the answer's `end` carries airborne and altitude (vtolflight)

    def to_json(self, board: Board) -> dict[str, Any]:
        """The `rules move` answer of docs/scenario-format.md, plus the optional
        ``warnings`` list when there is something to warn about (docs/referee.md)."""
        out: dict[str, Any] = {
            "legal": self.legal,
            "error": self.error,
            "failed_step": self.failed_step,
            "mp_used": self.mp_used,
            "mp_available": self.mp_available,
            "mode": self.mode,
            "end": self.end_json(board),
            "hexes_moved": self.hexes_moved,
            "heat": self.heat,
            "psrs": [p.to_json() for p in self.psrs],
            "attacker_modifier": self.attacker_modifier,
            "target_modifier": self.target_modifier,
        }
        if self.warnings:
            out["warnings"] = [o.to_json(board, i) for i, o in self.warnings]
        return out

    def end_json(self, board: Board) -> dict[str, Any]:
        end: dict[str, Any] = {"at": board.hex_name(self.end_at), "facing": self.end_facing,
                               "prone": self.end_prone}  # fmt: skip
        if self.tacops:
            end["hull_down"] = self.end_hull_down
        if self.wige or self.vtol:
            end["airborne"] = self.end_airborne
            end["altitude"] = self.end_altitude
        if self.submarine:
            end["depth"] = self.end_depth
        return end


def summarise(
    ctx: MoveContext,
    state: MoveState,
    reports: Sequence[StepReport],
    psrs: Sequence[PSR],
    error: str | None = None,
    failed_step: int | None = None,
    warnings: Sequence[tuple[int, Overload | WigeEnd]] = (),
    skidded: bool = False,
) -> MoveResult:
    """The answer for a checked (or resolved) move. ``skidded``: the resolved move ended in
    a skid, which adds PSR-25's +1 / +2 to the CMB-12 / CMB-13 movement modifiers."""
    mode = combat_mode(ctx, state)
    wige = ctx.unit.kind == "wige"
    end = wige_end(ctx.board, state) if wige else WigeEnd(state.altitude > 0, state.altitude)
    if end.landing in ("crash", "destroyed") and error is None:
        warnings = (*warnings, (max(state.steps - 1, 0), end))
    skid_attacker, skid_target = (SKID_ATTACKER_MOD, SKID_TARGET_MOD) if skidded else (0, 0)
    return MoveResult(
        legal=error is None,
        error=error,
        failed_step=failed_step,
        mp_used=state.mp_used,
        mp_available=limit_mp(ctx, state),  # MOV-25: + 1 while a vehicle stays on pavement
        mode=mode,
        end_at=state.at,
        end_facing=state.facing,
        end_prone=state.prone,
        hexes_moved=state.hexes_moved,
        heat=move_heat(ctx, state, mode),
        psrs=tuple(sorted(psrs, key=lambda p: p.step)),
        attacker_modifier=attacker_modifier(mode) + skid_attacker,
        target_modifier=skid_target
        + (0 if mode == "stand" else target_modifier(state.hexes_counted, state.jumped, ctx.rules)),
        reports=tuple(reports),
        end_state=state,
        warnings=tuple(warnings),
        end_hull_down=state.hull_down,
        end_airborne=end.airborne,
        end_altitude=end.altitude,
        tacops=ctx.rules.tacops,
        wige=wige,
        end_depth=state.depth,
        submarine=ctx.unit.kind == "submarine",
        vtol=shows_altitude(
            ctx.unit.kind, ctx.unit.altitude, ctx.unit.landed, [r.token for r in reports]
        ),  # fmt: skip
    )


def check_move(
    board: Board,
    units: Sequence[Unit],
    unit_id: str,
    mode: str,
    steps: Sequence[str | Step],
    rules: Rules = TW,
    *,
    resume: MoveState | None = None,
    final: bool = True,
    careless: bool = False,
) -> MoveResult:
    """Check a whole move. An illegal move names its first bad step and why; the other
    fields then describe the legal prefix (the steps before it).

    ``resume`` goes on with a move under way (:func:`begin_move`); ``final`` False checks
    a part of a move that goes on afterwards: the end-of-move checks wait for its end.
    ``careless``: ADV-05 (the scenario's ``"careless": true``)."""
    ctx, state = begin_move(board, units, unit_id, mode, rules, resume, careless)
    reports: list[StepReport] = []
    psrs: list[PSR] = []
    warn: list[tuple[int, Overload | WigeEnd]] = []
    if ctx.error and not steps and mode != "stand" and not ctx.may_stay:
        return summarise(ctx, state, reports, psrs, ctx.error, None)
    for i, token in enumerate(steps):
        rep = advance(ctx, state, token, i)
        if not rep.ok:
            return summarise(ctx, state, reports + [rep], psrs, rep.error, i, warn)
        reports.append(rep)
        psrs.extend(rep.psrs)
        after = rep.state_after
        if not warn and after.at != state.at:  # MOV-27/32: only the first collapse matters
            over = overload(board, ctx.units, ctx.unit, after.at, after.deck)
            if over is not None:
                warn.append((i, over))
        state = after
    if not final:
        return summarise(ctx, state, reports, psrs, warnings=warn)
    error, end_psrs = finish_move(ctx, state, len(steps) - 1)
    if error is not None:
        prev = (
            reports[-2].state_after
            if len(reports) > 1
            else begin_move(board, units, unit_id, mode, rules, resume, careless)[1]
        )
        prefix = [p for r in reports[:-1] for p in r.psrs]
        early = [w for w in warn if w[0] < len(steps) - 1]
        return summarise(ctx, prev, reports, prefix, error, len(steps) - 1, early)
    return summarise(ctx, state, reports, psrs + end_psrs, warnings=warn)
