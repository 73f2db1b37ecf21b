"""Resolving a move: roll every PSR when the rules say, and play out what failure does.

The movement rules (game.rules.move.movement) say which rolls a move needs and what each step
costs; this module walks the same steps with the same functions, rolls each PSR right
after its step (skids and sideslips right before the hex they would enter, run damage
after the move, PSR-07), and on a failure makes the Mech fall (game.rules.piloting.falls) or the
unit skid or sideslip (game.rules.piloting.skid). After a fall the move goes on only with steps
that are still possible for the prone Mech (stand-up attempts, facing changes); the
first one that is not ends the move (MOV-23, PSR-07).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.board import Board
from game.core.dice import Dice, Roll
from game.core.options import TW, Rules
from game.hexgrid import Hex
from game.rules.damage.crashes import crash
from game.rules.move.collapse import collapse
from game.rules.move.loads import Overload, overload
from game.rules.move.movement import (
    MoveContext,
    MoveResult,
    MoveState,
    StepReport,
    advance,
    begin_move,
    finish_move,
    summarise,
)
from game.rules.move.steps import Step, StepError, parse_step
from game.rules.move.vtolflight import flown_to
from game.rules.piloting.falls import RulesEvent, UnitOutcome, jsonable
from game.rules.piloting.psr import PSR
from game.rules.piloting.run import MoveRun, resolve_after, resolve_all, resolve_before, settle
from game.units.mech import MechBody
from game.units.unit import Unit

_CHECK_FIELDS = frozenset(
    {"error", "failed_step", "mp_used", "mp_available", "mode", "hexes_moved", "heat",
     "attacker_modifier", "target_modifier"}
)  # fmt: skip


@dataclass(frozen=True, slots=True, eq=False)
class ResolvedMove:
    """The `rules move` answer with the dice rolled: where the unit really ended, its
    damage, the rolls and the events that explain them."""

    check: MoveResult  # MP, mode, heat and modifiers of what was actually moved
    unit: Unit
    body: MechBody | None
    destroyed: bool
    rolls: tuple[Roll, ...]
    events: tuple[RulesEvent, ...]
    psrs: tuple[PSR, ...]
    others: tuple[tuple[str, Unit, MechBody | None], ...] = ()
    buildings: tuple[tuple[Hex, int], ...] = ()
    immobilised: bool = False
    skidded: bool = False  # PSR-25: +2 to attacks against it, +1 to its own this turn
    bridges: tuple[Hex, ...] = ()  # MOV-27: bridge hexes that collapsed (bridge_class 0 now)
    # MOV-23: a fall cut the planned path short (or left the Mech lying at its end) and the
    # unit can still act: the player may go on with the MP left (game.phases.movement)
    interrupted: bool = False

    @property
    def legal(self) -> bool:
        return self.check.legal

    def __getattr__(self, name: str) -> Any:
        """The MoveResult fields (mp_used, mode, heat, error, ...) read through."""
        if name in _CHECK_FIELDS:
            return getattr(self.check, name)
        raise AttributeError(name)

    def to_json(self, board: Board) -> dict[str, Any]:
        out = self.check.to_json(board)
        u = self.unit
        out["end"] = {"at": board.hex_name(u.at), "facing": u.facing, "prone": u.prone}
        if self.check.tacops:
            out["end"]["hull_down"] = u.hull_down
        if self.check.wige:
            out["end"] |= {"airborne": u.wige_airborne, "altitude": u.altitude}
        if self.check.vtol:  # ADV-25 (game.rules.move.vtolflight)
            out["end"] |= {"airborne": u.flying_height > 0, "altitude": u.flying_height}
        if self.check.submarine:
            out["end"]["depth"] = u.depth
        out["psrs"] = [p.to_json() for p in self.psrs]
        out["rolls"] = [r.to_json() for r in self.rolls]
        out["events"] = [e.to_json(board) for e in self.events]
        d = u.damage
        out["unit"] = {
            "id": u.id,
            "pilot_hits": d.pilot_hits,
            "unconscious": d.unconscious,
            "legs_destroyed": u.legs_destroyed,
            "phase_damage": d.phase_damage,
            "destroyed": self.destroyed,
            "immobilised": self.immobilised,
            "skidded": self.skidded,
            "body": self.body.to_json() if self.body is not None else None,
        }
        if self.others:
            out["others"] = [
                {"id": i, "at": board.hex_name(o.at), "facing": o.facing, "prone": o.prone,
                 "pilot_hits": o.damage.pilot_hits, "body": jsonable(b, board)}
                for i, o, b in self.others
            ]  # fmt: skip
        if self.buildings:
            out["buildings"] = [{"at": board.hex_name(h), "cf": cf} for h, cf in self.buildings]
        if self.bridges:
            out["bridges_collapsed"] = [board.hex_name(h) for h in self.bridges]
        return out


FELL = "it fell, so the rest of the planned path is not taken (MOV-23)"


def resolve_move(
    board: Board,
    units: Sequence[Unit],
    unit_id: str,
    mode: str,
    steps: Sequence[str | Step],
    dice: Dice,
    rules: Rules = TW,
    *,
    origin: Board | None = None,
    target_mods: Mapping[str, int] | None = None,
    resume: MoveState | None = None,
    final: bool = True,
    careless: bool = False,
    replan_after_fall: bool = False,
) -> ResolvedMove:
    """Walk ``steps`` and roll every PSR (PSR-06/07); see the module docstring.

    ``origin`` is the board the game started on: a bridge's full length for MOV-27
    (``board`` may already lack hexes that collapsed earlier); default ``board``.
    ``target_mods``: the CMB-13 target movement modifier of units that already moved this
    turn (the to-hit of an accidental fall from above, PHY-17).
    ``resume`` / ``final``: a move under way goes on, a part of a move that goes on
    afterwards (game.rules.move.movement.check_move); a part leaves the end-of-move rolls and
    the MOV-30 settling to the move's end.
    ``replan_after_fall`` (play): a fall cuts the rest of the plan, made for a standing
    unit, and the player goes on from the new facing (PSR-14, MOV-23); the referee takes
    the remaining steps while they are possible (docs/piloting.md)."""
    units = tuple(units)
    ctx, state = begin_move(board, units, unit_id, mode, rules, resume, careless)
    run = MoveRun(ctx, UnitOutcome(ctx.unit), dice, rules, origin, target_mods)
    first_log = len(dice.log)
    walk = _Walk(state)
    if rules.classic and steps and not ctx.error and resume is None:  # PSR-12 classic
        _, pre = finish_move(ctx, replace(state, mp_used=1))
        for p in (p for p in pre if p.step == -1):
            walk.state = resolve_after(run, p, walk.state, walk.state)
    for i, token in enumerate(steps):
        if not _take(run, walk, token, i, replan_after_fall):
            break
    walk.state = resolve_all(run, walk.landing, walk.state)
    if final and walk.error is None and not run.ended and not ctx.error:
        _end_of_move(run, walk, len(steps) - 1)
    if walk.error is None and final:
        walk.state = settle(run, walk.state)
    return _resolved(run, walk, ctx, final, first_log)


@dataclass(slots=True)
class _Walk:
    """The walk under way: the move state, the steps taken, the jump-landing rolls waiting
    for the jump's end (PSR-12) and the first step that is not legal (its error)."""

    state: MoveState
    reports: list[StepReport] = field(default_factory=list)
    landing: list[tuple[PSR, MoveState]] = field(default_factory=list)
    error: str | None = None
    failed: int | None = None


def _take(run: MoveRun, walk: _Walk, token: str | Step, i: int, replan: bool) -> bool:
    """Step ``i``: the landing rolls of a jump that is over (PSR-12), why the move ends
    before the step, the step itself, the rolls before it (skids, sideslips) and after it.
    False: the move goes no further."""
    if walk.landing and not _is_kind(token, "FACE"):
        walk.state = resolve_all(run, walk.landing, walk.state)
    if run.ended:
        return False
    why = _ends_before(run, walk.state, token, i, replan)
    if why is not None:
        run.end(i, why)
        return False
    rep = advance(run.ctx, walk.state, token, i)
    if not rep.ok:
        if run.fell:
            run.cut = True  # the rest of the plan; the unit may go on otherwise
            run.end(i, f"step {i} ('{rep.token}') is not possible now: {rep.error}")
        else:
            walk.error, walk.failed = rep.error, i
        return False
    if _is_kind(token, "U") and run.out.unit.legs_destroyed > run.legs_at_start:
        run.end(i, "a Mech that lost a leg this turn may try to stand next turn (CMB-38)")
        return False
    before = [p for p in rep.psrs if p.kind in ("skid", "sideslip")]
    walk.state, taken = resolve_before(run, before, walk.state, rep, token, i)
    if taken is None:
        return True
    walk.reports.append(taken)
    return _after_step(run, walk, taken, i)


def _ends_before(run: MoveRun, state: MoveState, token: str | Step, i: int,
                 replan: bool) -> str | None:  # fmt: skip
    """Why the move ends before step ``i`` is tried, or None: a fall cut a plan made for a
    standing unit (play, MOV-23), the unit cannot go on (destroyed, unconscious, immobile),
    a prone Mech's jump (fell before it, classic PSR-12; MOV-21)."""
    if replan and run.fell:
        run.cut = True
        return f"step {i} ('{token}') is not possible now: {FELL}"
    if run.stopped is not None:
        return run.stopped
    if state.prone and _is_kind(token, "J"):
        return "a prone Mech cannot jump (MOV-21)"
    return None


def _after_step(run: MoveRun, walk: _Walk, taken: StepReport, i: int) -> bool:
    """The rolls a step taken calls for: a failed crawl loses the MP (ADV-04), a deck that
    gives way ends the move below (MOV-27/32), a jump's landing waits for the jump's end
    (PSR-12), every other PSR is rolled now (PSR-07). False: the move ends here."""
    prev, walk.state = walk.state, taken.state_after
    crawl = next((p for p in taken.psrs if p.kind == "crawl"), None)
    if crawl is not None and not run.roll(crawl)[0]:  # ADV-04: the MP are lost, no fall
        run.note("crawl_failed", i, at=prev.at, into=walk.state.at)
        walk.state = replace(prev, mp_used=walk.state.mp_used, steps=walk.state.steps)
        return True
    over = _overload(run, prev, walk.state, i)
    if over is not None:  # MOV-27: the deck gives way at once; the move ends below
        walk.landing.clear()
        walk.state = collapse(run, walk.state, over, i)
        return False
    for p in taken.psrs:
        if p.kind == "crawl":
            continue
        if p.kind == "jump-landing":
            walk.landing.append((p, walk.state))
        elif p.kind not in ("skid", "sideslip") and run.stopped is None:
            walk.state = resolve_after(run, p, prev, walk.state)
    return True


def _end_of_move(run: MoveRun, walk: _Walk, last: int) -> None:
    """The move's end: its own check (an error only if the unit did not fall) and the
    end-of-move rolls (PSR-07: run damage and the like) while the unit stands and can."""
    err, end_psrs = finish_move(run.ctx, walk.state, last)
    if err is not None and not run.fell:
        walk.error, walk.failed = err, last
    for p in (p for p in end_psrs if p.step != -1):
        if walk.state.prone or run.stopped is not None:
            break
        walk.state = resolve_after(run, p, walk.state, walk.state)


def _resolved(run: MoveRun, walk: _Walk, ctx: MoveContext, final: bool,
              first_log: int) -> ResolvedMove:  # fmt: skip
    """The answer: what was moved, where the unit ended (a WiGE flies on or lands,
    ADV-17/18), every roll since ``first_log`` and what the others and the buildings took."""
    state, error = walk.state, walk.error
    check = summarise(ctx, state, walk.reports, run.psrs, error, walk.failed,
                      skidded=run.skidded)  # fmt: skip
    lying = run.fell and state.prone and (not run.ended or run.cut)
    interrupted = error is None and run.stopped is None and (run.cut or lying)
    final_unit = replace(run.out.unit, at=state.at, facing=state.facing, prone=state.prone,
                         hull_down=state.hull_down and not state.prone,
                         depth=state.depth)  # fmt: skip
    if ctx.unit.kind == "wige":
        final_unit = _wige_end(run, check, final_unit, final and error is None)
    final_unit = flown_to(final_unit, ctx.unit.flying_height, state.altitude)  # ADV-25
    return ResolvedMove(
        check,
        final_unit,
        run.out.body,
        run.out.destroyed,
        run.dice.log[first_log:],
        run.out.events,
        tuple(run.psrs),
        tuple((i, u, u.body) for i, u in sorted(run.others.items())),
        tuple(sorted(run.buildings.items())),
        run.immobilised,
        run.skidded,
        tuple(run.bridges),
        interrupted,
    )


def _overload(run: MoveRun, prev: MoveState, state: MoveState, step: int) -> Overload | None:
    """MOV-27/32: did this step put the unit on a bridge deck or a roof that cannot carry
    the load?"""
    if not state.deck or state.at == prev.at:
        return None
    others = run.world(step).units.values()
    return overload(run.board, others, run.out.unit, state.at, True, run.buildings)


def _wige_end(run: MoveRun, check: MoveResult, unit: Unit, final: bool) -> Unit:
    """ADV-17/18/23 at the end of a WiGE's move: it flies on at altitude 1, or lands;
    landing on water destroys it, on other terrain but clear or paved it crash-lands: a fall
    of 1 level with the crash damage of ADV-27 (game.rules.damage.crashes). A WiGE that
    crashed in this move (a sideslip, ADV-28) is down already."""
    if crashed(run.out.events, unit.id):
        return unit
    if not final:
        end_state = check.end_state
        airborne = bool(end_state and end_state.airborne)
        return replace(unit, wige_airborne=airborne, altitude=end_state.altitude if airborne else 0)
    unit = replace(unit, wige_airborne=check.end_airborne, altitude=check.end_altitude)
    for _, w in check.warnings:
        landing = getattr(w, "landing", None)
        if landing == "destroyed":
            run.note("wige_landing", None, at=unit.at, terrain="water", rule="ADV-18",
                     result="destroyed")  # fmt: skip
            run.note("unit_destroyed", None, unit=unit.id, cause="landed on water (ADV-18)")
            run.out = replace(run.out, wrecked=True)
        elif landing == "crash":  # ADV-18 -> ADV-26/27: a crash from 1 level up
            terrain = getattr(w, "terrain", "")
            run.note("wige_landing", None, at=unit.at, terrain=terrain, rule="ADV-18",
                     result="crash landing")  # fmt: skip
            res = crash(unit, run.board, 1, run.dice, None, f"crash landing on {terrain}")
            run.out = run.out.then(res)
            unit = res.unit
    return unit


def crashed(events: tuple[RulesEvent, ...], unit_id: str) -> bool:
    """Did ``unit_id`` crash (ADV-26..29) in these events?"""
    return any(e.type == "crash" and e.get("unit") == unit_id for e in events)


def _is_kind(token: str | Step, kind: str) -> bool:
    if isinstance(token, Step):
        return token.kind == kind
    try:
        return parse_step(token).kind == kind
    except StepError:
        return False
