"""The scratch record of one move being resolved, and the rolls made on its way.

Split from game.rules.piloting.resolve (which walks the steps): :class:`MoveRun` carries the
unit's outcome so far, the other units a skid or push touched and the buildings it hurt;
:func:`resolve_before` rolls skids and sideslips before a hex is entered,
:func:`resolve_after` the rolls made after a step or after the move (PSR-07).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.board import Board
from game.core.dice import Dice, Roll
from game.core.options import Rules
from game.hexgrid import Hex, direction_to, neighbour
from game.rules.damage.hull import hurt_vehicle
from game.rules.modifier import Modifier
from game.rules.move.diving import set_at
from game.rules.move.movement import MoveContext, MoveState, StepReport, advance
from game.rules.move.movestate import limit_mp
from game.rules.move.stacking import violation
from game.rules.move.steps import Step
from game.rules.move.vtolflight import flown_to
from game.rules.piloting.collide import Slide, SlideWorld, collapse_on_others, push
from game.rules.piloting.falls import UnitOutcome, apply_damage_groups, event, fall
from game.rules.piloting.fromabove import free_hex, from_above, gone, occupant
from game.rules.piloting.psr import PSR, psr_base_modifiers
from game.rules.piloting.skid import motive_roll, slide
from game.rules.piloting.vtolslide import vtol_slide
from game.rules.piloting.wigeslide import wige_slide
from game.units.unit import Unit

TERRAIN_KINDS = frozenset({"water", "rubble"})  # PSR-13: fall into the lower hex


class MoveRun:
    """Scratch record of one resolution (game.rules.piloting.resolve.resolve_move)."""

    def __init__(
        self,
        ctx: MoveContext,
        out: UnitOutcome,
        dice: Dice,
        rules: Rules,
        origin: Board | None = None,
        target_mods: Mapping[str, int] | None = None,
    ) -> None:
        self.ctx, self.out, self.dice, self.rules = ctx, out, dice, rules
        self.target_mods = dict(target_mods or {})  # CMB-13 per unit that moved (PHY-17)
        self.board = ctx.board
        self.psrs: list[PSR] = []
        self.others: dict[str, Unit] = {}  # other units this move changed
        self.buildings: dict[Hex, int] = {}
        # MOV-27: the board as the game began, where each bridge has its full length
        self.origin = ctx.board if origin is None else origin
        self.bridges: list[Hex] = []  # bridge hexes that collapsed during this move
        self.fell = False
        self.ended = False
        self.cut = False  # a fall made the rest of the planned steps impossible
        self.immobilised = False
        self.skidded = False
        self.legs_at_start = out.unit.legs_destroyed

    # -- rolling -----------------------------------------------------------------------
    def roll(self, p: PSR) -> tuple[bool, Roll | None]:
        """PSR-06: 2D6 >= TN; PSR-05: automatic failure, no dice."""
        self.psrs.append(p)
        mods = [{"value": m.value, "reason": m.reason} for m in p.modifiers]
        if p.auto_fail or self.out.unit.damage.unconscious:
            self.note("psr", p.step, kind=p.kind, reason=p.reason, target="auto-fail",
                      modifiers=mods, roll=None, success=False)  # fmt: skip
            return False, None
        target = int(p.target)
        roll = self.dice.roll2d6(p.reason, target=target)
        self.note("psr", p.step, kind=p.kind, reason=p.reason, target=target, modifiers=mods,
                  roll=roll, success=roll.success)  # fmt: skip
        return bool(roll.success), roll

    def note(self, type_: str, step: int | None, **data: Any) -> None:
        self.out = self.out.add(event(type_, step, **data))

    def end(self, step: int | None, reason: str) -> None:
        if not self.ended:
            self.note("move_ends", step, reason=reason)
        self.ended = True

    def refresh(self) -> None:
        """PSRs of later steps see this move's damage (20+ damage, lost legs, pilot)."""
        u = self.ctx.unit
        now = self.out.unit
        self.ctx = replace(self.ctx, unit=replace(u, damage=now.damage, body=now.body))

    @property
    def stopped(self) -> str | None:
        """Why the unit cannot go on at all, or None."""
        if self.out.destroyed:
            return "the unit is destroyed"
        if self.out.unit.damage.unconscious:
            return "the pilot is unconscious"
        if self.immobilised:
            return "the unit is immobile"
        return None

    # -- outcomes ----------------------------------------------------------------------
    def mech_fall(
        self, p: PSR, state: MoveState, at: Hex, levels: int, water: bool, cause: str
    ) -> tuple[MoveState, str]:
        unit = replace(self.out.unit, at=state.at, facing=state.facing)
        d = direction_to(state.at, at) if at != state.at else state.travel_dir
        w = self.world(p.step)
        if levels >= 2 and occupant(w, at, {unit.id}) is not None:  # PHY-17 (PSR-13)
            res = from_above(w, UnitOutcome(unit), at, levels, water, d, p.modifiers, cause)
            self.out = self.out.then(res)
            self.fell = True
            self.keep(w)
            self.refresh()
            u = self.out.unit
            self.end(p.step, "the unit fell onto another unit (PHY-17)")
            return replace(state, at=u.at, facing=u.facing, prone=u.prone, deck=False), "front"
        fell, side = fall(unit, at, levels, water, p.modifiers, self.dice, p.step, cause,
                          self.rules)  # fmt: skip
        self.out = self.out.then(fell)
        self.fell = True
        self.refresh()
        u = self.out.unit
        deck = state.deck if at == state.at else False
        if d is None:
            d = unit.facing  # straight down: toward where it faced (choice)
        if levels < 2 and not self.out.destroyed:
            self.domino(p, at, d)
        return replace(state, at=at, facing=u.facing, prone=True, deck=deck), side

    def keep(self, w: SlideWorld) -> None:
        """Take the other units a push or fall changed back from ``w``."""
        me = self.out.unit.id
        for i in sorted(w.touched - {me}):
            self.others[i] = w.units[i]

    def world(self, step: int | None) -> SlideWorld:
        """The other units as this move has left them, for pushes and collisions."""
        units = {u.id: self.others.get(u.id, u) for u in self.ctx.units}
        w = SlideWorld(self.board, self.dice, self.rules, step, self.base_mods, units)
        w.cf.update(self.buildings)
        w.target_mods.update(self.target_mods)
        return w

    def domino(self, p: PSR, at: Hex, d: int) -> None:
        """PHY-18 via PSR-13: a Mech that falls less than 2 levels into a hex holding
        another unit pushes it on one hex in the direction it fell (a unit that would be
        pushed off the map stays)."""
        w = self.world(p.step)
        other = occupant(w, at, {self.out.unit.id})
        if other is None:
            return
        nxt = neighbour(at, d)
        if not self.board.contains(nxt):
            self.note("blocked", p.step, unit=other.id, at=at)
            return
        why = Modifier(0, "domino effect")
        self.out = push(w, self.out, other, nxt, d, other.legs_destroyed, why, 0)
        self.keep(w)

    def building_damage(self, p: PSR, at: Hex) -> None:
        """Failed building roll (choice, TW): no fall; the unit takes ceil(CF / 10) on its
        Front column and the building ceil(tons / 10)."""
        cf = self.buildings.get(at, int(self.board.building_cf[at.row, at.col]))
        to_unit, to_bld = math.ceil(cf / 10), math.ceil(self.out.unit.tons / 10)
        left = max(cf - to_bld, 0)
        self.buildings[at] = left
        self.note("building_damage", p.step, at=at, damage=to_unit, building_damage=to_bld,
                  cf_left=left)  # fmt: skip
        if to_unit:
            self._hurt(p, to_unit, "building")
        if left == 0 and cf > 0:
            self.building_collapse(p, at, math.ceil(cf / 10))

    def _hurt(self, p: PSR, dmg: int, cause: str) -> None:
        """The mover takes ``dmg`` on its Front: a Mech's body in 5-point groups, a
        vehicle's hull on its own table with its motive rolls (game.rules.damage.hull)."""
        u = self.out.unit
        if self.out.body is not None:
            hurt = apply_damage_groups(u, self.dice, "front", dmg, p.step, cause, self.rules)
        elif u.hull is not None:
            hurt = hurt_vehicle(u, dmg, "front", self.dice, p.step, cause)
        else:
            return
        self.out = self.out.then(hurt)
        self.refresh()

    def building_collapse(self, p: PSR, at: Hex, dmg: int) -> None:
        """PSR-32 / MOV-15 (choice, as for a skid): a building hex brought to CF 0 collapses
        on every unit in it, ceil(CF before / 10) more on the Front column; the game's
        board then shows rubble there (game.phases.movers.with_building_cf)."""
        self.note("building_collapse", p.step, at=at, damage=dmg)
        if not self.out.destroyed:
            self._hurt(p, dmg, "building collapse")
        w = self.world(p.step)
        self.out = collapse_on_others(w, self.out, at, dmg, self.out.unit.id)
        self.keep(w)

    def do_slide(self, p: PSR, state: MoveState, kind: str, distance: int, side: str) -> Any:
        c = p.context
        s = Slide(int(c.get("direction_before", state.facing)), distance,
                  int(c.get("hexes_moved_before", state.hexes_moved)), side, 2, kind)  # fmt: skip
        w = self.world(p.step)
        self.skidded = self.skidded or kind == "skid"
        self.note(kind, p.step, start=state.at, direction=s.direction, distance=distance,
                  hexes_moved=s.hexes_moved)  # fmt: skip
        u = self.out.unit
        start = replace(self.out, unit=flown_to(replace(u, at=state.at), u.flying_height,
                                                state.altitude))  # fmt: skip
        if u.kind == "wige" and state.airborne:  # ADV-28, at the altitude it flies at now
            start = replace(start, unit=replace(start.unit, wige_airborne=True,
                                                altitude=state.altitude))  # fmt: skip
            left = limit_mp(self.ctx, state) - state.mp_used
            res = wige_slide(self.board, w.units, start, s, self.dice, self.base_mods,
                             self.rules, p.step, self.buildings, left)  # fmt: skip
        else:
            slider = vtol_slide if u.kind == "vtol" else slide  # ADV-28
            res = slider(self.board, w.units, start, s, self.dice, self.base_mods,
                         self.rules, p.step, self.buildings)  # fmt: skip
        self.out = res.outcome
        self.note(f"{kind}_end", p.step, at=res.outcome.unit.at, path=res.path,
                  stopped_by=res.stopped_by)  # fmt: skip
        for i, u, _ in res.others:
            self.others[i] = u
        self.buildings.update(dict(res.buildings))
        self.immobilised = self.immobilised or res.immobilised
        self.refresh()
        return res

    def base_mods(self, u: Unit) -> list[Any]:
        return psr_base_modifiers(u, self.rules)


def fall_place(board: Board, before: MoveState, after: MoveState) -> tuple[Hex, int, bool]:
    """PSR-13 for a terrain roll: the lower of the two hexes; PSR-16 levels and water.

    Levels are hex levels, a water hex counting at its surface (EX-PSR-02: from a level-1
    hex into depth-1 water at level 0 is a fall of 1 level)."""
    a, b = before.at, after.at
    la, lb = int(board.level[a.row, a.col]), int(board.level[b.row, b.col])
    at = b if lb <= la else a
    water = int(board.water[at.row, at.col]) >= 1
    return at, abs(la - lb), water


def resolve_all(run: MoveRun, waiting: list[tuple[PSR, MoveState]], state: MoveState) -> MoveState:
    """Deferred landing rolls, made after the jump's FACE steps (PSR-12); empties the list."""
    for p, _ in waiting:
        if run.stopped is None and not state.prone:
            state = resolve_after(run, p, state, state)
    waiting.clear()
    return state


def resolve_before(
    run: MoveRun, psrs: list[PSR], state: MoveState, rep: StepReport, token: str | Step, i: int
) -> tuple[MoveState, StepReport | None]:
    """Skid (PSR-22..26) and sideslip (PSR-28/29) rolls, made before entering the hex.

    Returns (state, the step as taken, or None if it was not taken)."""
    for p in psrs:
        ok, roll = run.roll(p)
        if ok:
            continue
        u = run.out.unit
        hexes = int(p.context.get("hexes_moved_before", state.hexes_moved))
        if p.kind == "skid":
            side = "front"
            if u.is_mech:  # PSR-22: the Mech falls, then skids
                state, side = run.mech_fall(p, state, state.at, 0, False, "skid")
            else:  # PSR-26
                run.out = run.out.add(motive_roll(u, run.dice, p.step))
            slid = 0
            if not run.out.destroyed:
                slid = len(run.do_slide(p, state, "skid", math.ceil(hexes / 2), side).path)
            end = run.out.unit
            state = replace(state, at=end.at, facing=end.facing, prone=u.is_mech,
                            hexes_moved=state.hexes_moved + slid,
                            hexes_counted=state.hexes_counted + slid)  # fmt: skip
            run.end(i, "a skid ends the unit's movement (PSR-24)")
            return state, None
        mof = roll.margin_of_failure if roll is not None else hexes
        distance = max(min(mof, hexes - 1), 0)  # PSR-29
        res = run.do_slide(p, state, "sideslip", distance, "front")
        end = run.out.unit
        state = replace(state, at=end.at, travel_dir=int(p.context.get("direction_before", 0)),
                        turn_pending=False, dir_before_turn=None, turned_on_pavement=False,
                        hexes_moved=state.hexes_moved + len(res.path),
                        hexes_counted=state.hexes_counted + len(res.path))  # fmt: skip
        if u.kind == "wige" and state.airborne and end.flying_height > 0:  # ADV-28: its level
            state = replace(state, altitude=end.flying_height)
        if res.stopped_by not in ("distance", "terrain", "map edge") or run.stopped is not None:
            run.end(i, f"the sideslip ended against {res.stopped_by} (PSR-29)")
            return state, None
        again = advance(run.ctx, state, token, i)  # carry on in the new direction
        if not again.ok:
            run.end(i, f"after the sideslip step {i} is not possible: {again.error}")
            return state, None
        return state, again
    return state, rep


def resolve_after(run: MoveRun, p: PSR, prev: MoveState, state: MoveState) -> MoveState:
    """A roll made right after its step (water, rubble, building, standing, landing) or
    after the move (run damage): PSR-07. Failure: a fall (PSR-13..17) or building
    damage."""
    ok, _ = run.roll(p)
    if ok:
        return state
    u = run.out.unit
    if p.kind == "hull-down":  # ADV-12: it does not get up; no fall, the MP are spent
        run.note("hull_down_stays", p.step, at=state.at)
        return replace(state, hull_down=True)
    if p.kind == "careless" and not u.is_mech:  # ADV-07: one roll on PSR-27
        run.out = run.out.add(motive_roll(u, run.dice, p.step))
        return state
    if p.kind == "careless":  # ADV-06: it falls in the hex it entered; a descent there
        state, _ = run.mech_fall(p, state, state.at, 0, False, "careless movement")
        if run.stopped is not None:
            run.end(p.step, run.stopped)
        return state
    if p.kind == "building":
        legs = u.legs_destroyed
        run.building_damage(p, state.at)
        if run.out.unit.legs_destroyed > legs and not state.prone:  # CMB-38
            state, _ = run.mech_fall(p, state, state.at, 0, False, "lost a leg")
        if run.stopped is not None:
            run.end(p.step, run.stopped)
        return state
    if not u.is_mech:
        return state
    if p.kind in TERRAIN_KINDS:
        at, levels, water = fall_place(run.board, prev, state)
        state, _ = run.mech_fall(p, state, at, levels, water, p.reason)
    elif p.kind == "stand":  # MOV-23: falls again in place
        state = replace(state, prone=True, facing=prev.facing)
        state, _ = run.mech_fall(p, state, state.at, 0, False, "failed to stand")
    else:  # landing, run damage: the hex last entered (PSR-13)
        state, _ = run.mech_fall(p, state, state.at, 0, False, p.reason)
    if run.stopped is not None:
        run.end(p.step, run.stopped)
    return state


def settle(run: MoveRun, state: MoveState) -> MoveState:
    """MOV-34 (TW; classic MOV-30: no two units in play share a hex) after the move. Falls,
    pushes, skids and
    collapses resolve the rules' own cases (PHY-17, PHY-18); whatever still shares a hex
    (a push blocked by the map edge, a vehicle falling onto a unit, a slide ending on a
    unit it missed) is settled here (choice): the mover stays (else the unit that stood
    there before the move, else the lowest id); each other goes to the nearest free hex,
    nearest to where it started the move first (game.rules.piloting.fromabove.free_hex)."""
    w = run.world(None)
    me = replace(run.out.unit, at=state.at)
    w.units[me.id] = me
    lost = {str(e.get("unit") or me.id) for e in run.out.events if e.type == "unit_destroyed"}
    if run.out.destroyed:
        lost.add(me.id)
    start = {u.id: u.at for u in run.ctx.units} | {me.id: run.ctx.unit.at}
    crowds: dict[Hex, list[Unit]] = {}
    for u in sorted(w.units.values(), key=lambda o: o.id):
        if u.id not in lost and not gone(w, u) and run.board.contains(u.at):
            crowds.setdefault(u.at, []).append(u)
    for h, group in sorted(crowds.items(), key=lambda kv: (kv[0].col, kv[0].row)):
        if len(group) < 2:
            continue
        stay = next((u for u in group if u.id == me.id), None)
        stay = stay or next((u for u in group if start.get(u.id) == h), group[0])
        kept = [stay]
        for u in group:
            if u.id == stay.id:
                continue
            if not w.rules.classic and violation(u, kept, w.rules) is None:
                kept.append(u)  # MOV-34: there is room for it
                continue
            dest = free_hex(w, h, start.get(u.id), u.kind, {u.id}, u)
            if dest is None:
                continue
            w.units[u.id] = set_at(run.board, u, dest)  # ADV-25: depth capped
            if u.id != me.id:
                w.touched.add(u.id)
            run.note("displaced", None, unit=u.id, to=dest,
                     reason=_crowded(w.rules))  # fmt: skip
    run.keep(w)
    moved = w.units[me.id]
    if moved.at != state.at:
        run.out = replace(run.out, unit=replace(run.out.unit, at=moved.at))
        state = replace(state, at=moved.at, deck=False)
    return state


def _crowded(rules: Rules) -> str:
    if rules.classic:
        return "no two units may share a hex (MOV-30)"
    return "the hex has no room for it (MOV-34)"
