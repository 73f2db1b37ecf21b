"""A structure giving way under a moving unit (MOV-27 bridges, MOV-32 buildings, during
movement): the resolution step that walks the collapse, using the load check of
game.rules.move.loads, the bridge geometry of game.rules.move.bridges and the move's running record
(game.rules.piloting.run). Both structures share the mover's fall from the top (bridges.drop,
PSR-16) and the end of its move; a bridge may bring its neighbours down (MOV-27), a
building hex becomes rubble and falls on the units inside it (MOV-32, PSR-32)."""

from __future__ import annotations

import math
from dataclasses import replace

from game.board import Board
from game.core.options import Rules
from game.rules.move.bridges import collapsing, drop, fall_levels
from game.rules.move.loads import BUILDING, Overload
from game.rules.move.movestate import MoveState
from game.rules.piloting.collide import SlideWorld, collapse_on_others
from game.rules.piloting.falls import UnitOutcome
from game.rules.piloting.fromabove import from_above, occupant
from game.rules.piloting.psr import psr_base_modifiers
from game.rules.piloting.run import MoveRun
from game.units.unit import Unit


def collapse(run: MoveRun, state: MoveState, over: Overload, step: int) -> MoveState:
    """MOV-27/32 during movement: the overloaded hex collapses at once (a bridge with the
    rest of it if more than half of it is down); the mover and every unit on a fallen deck
    fall; the mover's move ends in the hex below."""
    if over.structure == BUILDING:
        return _building(run, state, over, step)
    board = run.board
    down = collapsing(run.origin, board, over.at, run.bridges)
    run.note("bridge_collapse", step, at=over.at, load=over.load, cf=over.cf, cause="overload",
             units=over.units)  # fmt: skip
    if len(down) > 1:
        run.note("bridge_collapse", step, at=over.at, cause="more than half of the bridge is down",
                 hexes=down[1:])  # fmt: skip
    run.bridges.extend(down)
    me = replace(run.out.unit, at=over.at, facing=state.facing, prone=state.prone)
    fell = drop(me, board, run.dice, step, run.rules)
    run.out = run.out.then(fell)
    if fell.wrecked:
        run.note("unit_destroyed", step, unit=me.id, cause="fell into deep water")
    run.fell = run.fell or me.is_mech
    run.refresh()
    u = run.out.unit
    state = replace(state, at=over.at, deck=False, facing=u.facing, prone=u.prone)
    w = run.world(step)
    me = run.out.unit
    w.units[me.id] = me
    for other in sorted(w.units.values(), key=lambda o: o.id):
        if other.at in down and other.id != me.id:
            o = _drop_onto(w, other, board, step, run.rules)
            w.units[other.id] = o.unit
            w.touched.add(other.id)
            run.note("unit_falls", step, unit=other.id, events=o.events)
            if o.wrecked:
                run.note("unit_destroyed", step, unit=other.id, cause="fell into deep water")
    # the mover may have been fallen on (PHY-17): take it back from the world
    run.out = replace(run.out, unit=w.units[me.id])
    run.keep(w)
    run.refresh()
    u = run.out.unit
    state = replace(state, at=u.at, facing=u.facing, prone=u.prone)
    run.end(step, "the bridge collapsed under the unit (MOV-27)")
    return state


def _building(run: MoveRun, state: MoveState, over: Overload, step: int) -> MoveState:
    """MOV-32: the roof gives way: the mover falls from the roof into the hex (PSR-16, the
    building's height in levels), the hex becomes rubble (CF 0: game.phases.movers.with_building_cf)
    and the collapse falls on every other unit inside it (PSR-32, ceil(CF / 10))."""
    run.note("building_collapse", step, at=over.at, load=over.load, cf=over.cf,
             cause="overload", rule="MOV-32")  # fmt: skip
    run.buildings[over.at] = 0
    me = replace(run.out.unit, at=over.at, facing=state.facing, prone=state.prone)
    fell = drop(me, run.board, run.dice, step, run.rules, "building collapse")
    run.out = run.out.then(fell)
    run.fell = run.fell or me.is_mech
    run.refresh()
    w = run.world(step)
    run.out = collapse_on_others(w, run.out, over.at, math.ceil(over.cf / 10), me.id)
    run.keep(w)
    u = run.out.unit
    state = replace(state, at=over.at, deck=False, facing=u.facing, prone=u.prone)
    run.end(step, "the building collapsed under the unit (MOV-32)")
    return state


def _drop_onto(
    w: SlideWorld, unit: Unit, board: Board, step: int | None, rules: Rules
) -> UnitOutcome:
    """A unit falling with the deck: onto a unit that already fell into that hex it is an
    accidental fall from above (PHY-17, Mechs falling 2+ levels; the deck falls straight
    down). Anything else is a plain drop; a shared hex left over is settled at the end of
    the move (game.rules.piloting.resolve, MOV-30)."""
    levels, water = fall_levels(board, unit.at)
    if unit.is_mech and levels >= 2 and occupant(w, unit.at, {unit.id}) is not None:
        mods = psr_base_modifiers(unit, rules)
        return from_above(w, UnitOutcome(unit), unit.at, levels, water, None, mods,
                          "bridge collapse")  # fmt: skip
    return drop(unit, board, w.dice, step, rules)
