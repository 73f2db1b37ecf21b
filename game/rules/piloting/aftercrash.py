"""After a VTOL or WiGE crash (ADV-28 "After the crash"; standard TW values, not in seeds).

- A unit on the ground in the crash hex, which the vehicle came down on from above: an
  accidental fall from above (PHY-17: 2D6 against 7 with the target's modifiers,
  game.rules.piloting.fromabove). A hit is a death from above on it (ceil(tons / 10) x 3,
  pushed one hex on); the vehicle stays in the hex and takes nothing more (its crash
  damage is its share; no legs, no roll). A miss: the vehicle comes down in an adjacent
  hex with room for it (MOV-34) and ground its kind may be put on, the one nearest to
  where it came from first; with none it is destroyed. The vehicle falls no further there
  (choice: its crash damage is already taken).
- :func:`came_down` (the end of a phase: a lift crash or a forced landing,
  game.rules.damage.lift): after the above, the stacking limits (MOV-34). A vehicle that
  crashed or landed in a hex without room for it (nobody pushed, or a push blocked at the
  map edge) comes down in a valid adjacent hex, else is destroyed: ADV-28's rule for a
  miss, used for a full hex too (reading, confidence medium). A unit a blocked domino
  chain left in a full hex goes to the nearest hex with room, as after a move.
- :func:`survives_landing` (a sideslip crash only, ADV-28: the section and the reference
  program's method name it so): the vehicle survives only where it can land, clear or
  paved ground for both, a VTOL also a roof (a bridge deck, our addition), a WiGE also
  water (never reached: a crash into depth 1+ water destroys it first, ADV-26/ADV-18);
  anywhere else it is destroyed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from game.board import Board
from game.core.dice import Dice
from game.core.options import Rules
from game.hexgrid import Hex, distance, neighbour, ring
from game.rules.move.diving import set_at
from game.rules.move.flight import in_the_way
from game.rules.move.stacking import violation
from game.rules.move.vtolflight import landing_refusal
from game.rules.piloting.collide import SlideWorld, standable
from game.rules.piloting.falls import UnitOutcome, event
from game.rules.piloting.fromabove import accident, free_hex, gone, hit_from_above, room
from game.rules.piloting.psr import psr_base_modifiers
from game.units.unit import Unit


def below(w: SlideWorld, at: Hex, me: Unit) -> Unit | None:
    """The first (id order) unit in play on the ground in ``at`` under the crashed vehicle."""
    for u in sorted(w.units.values(), key=lambda o: o.id):
        if u.id != me.id and u.at == at and u.flying_height == 0 and not gone(w, u):
            return u
    return None


def onto_unit(w: SlideWorld, out: UnitOutcome, fell: int, came_from: int | None) -> UnitOutcome:
    """ADV-28 / PHY-17: the crashed vehicle ``out`` came down ``fell`` levels into its hex;
    ``came_from`` is the direction it travelled (None: straight down)."""
    me = out.unit
    if out.destroyed or fell <= 0:
        return out
    target = below(w, me.at, me)
    if target is None:
        return out
    at = me.at
    hit, ev = accident(w, me, target, at, fell)
    out = out.add(ev)
    w.touched.add(target.id)
    if hit:
        out = hit_from_above(w, out, target, at, came_from)
        w.units[me.id] = out.unit
        return out
    c = beside(w, me, at, came_from, landed=False)
    if c is not None:
        moved = replace(me, at=c)
        w.units[me.id] = moved
        return UnitOutcome(moved, out.events, out.wrecked).add(
            event("lands_beside", w.step, at=c, missed=at, levels=0)
        )
    return destroy(out, w.step, "no hex beside it to come down in after missing the unit "
                   "below (ADV-28)")  # fmt: skip


def beside(w: SlideWorld, me: Unit, at: Hex, came_from: int | None, landed: bool) -> Hex | None:
    """ADV-28's "valid adjacent hex" for ``me`` coming down beside ``at``: on the map, room
    for it (MOV-34), ground it may be put on, and where it ``landed`` (a forced landing that
    held) ground it may land on (:func:`landing_problem`); the hex back toward where it came
    from first, then by position; None if there is none."""
    back = neighbour(at, (came_from + 3) % 6) if came_from is not None else None
    cells = sorted(
        ring(at, 1), key=lambda c: (distance(c, back) if back is not None else 0, c.col, c.row)
    )
    for c in cells:
        if not (w.board.contains(c) and room(w, c, {me.id}, me) and standable(w, c, me.kind)):
            continue
        if landed and landing_problem(w.board, me, c) is not None:
            continue
        return c
    return None


def crashed_onto(
    board: Board, units: Iterable[Unit], out: UnitOutcome, fell: int, dice: Dice, rules: Rules
) -> tuple[UnitOutcome, dict[str, Unit]]:
    """:func:`onto_unit` outside a move (a VTOL or WiGE brought down at the end of a
    phase, game.rules.damage.lift): the crashed ``out`` and the other units it changed;
    nothing when it did not crash (a forced landing that held)."""
    me = out.unit
    if not any(e.type == "crash" and e.get("unit") == me.id for e in out.events):
        return out, {}
    w = SlideWorld(board, dice, rules, None, lambda u: psr_base_modifiers(u, rules),
                   {u.id: u for u in units})  # fmt: skip
    w.units[me.id] = me
    out = onto_unit(w, out, fell, None)
    return out, {i: w.units[i] for i in sorted(w.touched - {me.id})}


def came_down(
    board: Board, units: Iterable[Unit], out: UnitOutcome, fell: int, dice: Dice, rules: Rules
) -> tuple[UnitOutcome, dict[str, Unit]]:
    """A VTOL or WiGE brought down at the end of a phase (game.rules.damage.lift): the
    crash onto a unit below (:func:`crashed_onto`), then the stacking limits (MOV-34;
    classic MOV-30) made good. Returns the vehicle's outcome and the other units changed.

    - The vehicle, crashed or landed, in a hex without room for it (its crash pushed
      nobody, or a blocked push left the unit below in the hex): it comes down in a valid
      adjacent hex (:func:`beside`), or is destroyed if there is none. This is ADV-28's
      rule for a miss, used for every flier that comes down into a full hex (reading,
      confidence medium: docs/advanced-movement.md).
    - A unit the crash pushed into a full hex (a domino chain stopped at the map edge,
      PHY-18): it goes to the nearest hex with room, nearest to where it stood first, as
      after a move (game.rules.piloting.run.settle)."""
    units = list(units)
    start = {u.id: u.at for u in units}
    me = out.unit
    w = SlideWorld(board, dice, rules, None, lambda u: psr_base_modifiers(u, rules),
                   {u.id: u for u in units})  # fmt: skip
    w.units[me.id] = me
    if any(e.type == "crash" and e.get("unit") == me.id for e in out.events):
        out = onto_unit(w, out, fell, None)
        w.units[me.id] = out.unit
    out = _make_room(w, out)
    out = _settle_pushed(w, out, start)
    return out, {i: w.units[i] for i in sorted(w.touched - {me.id})}


def _make_room(w: SlideWorld, out: UnitOutcome) -> UnitOutcome:
    """The vehicle in a hex without room for it: beside it, or destroyed (ADV-28 as read)."""
    me = out.unit
    if out.destroyed or out.wrecked or gone(w, me) or not w.board.contains(me.at):
        return out
    there = [u for u in w.units.values() if u.at == me.at and u.id != me.id and not gone(w, u)]
    full = violation(me, there, w.rules)
    if full is None:
        return out
    landed = not any(e.type == "crash" and e.get("unit") == me.id for e in out.events)
    c = beside(w, me, me.at, None, landed)
    if c is None:
        return destroy(out, w.step, f"no room where it came down ({full}) and no hex beside "
                       "it to come down in (ADV-28)")  # fmt: skip
    moved = replace(me, at=c)
    w.units[me.id] = moved
    return UnitOutcome(moved, out.events, out.wrecked).add(
        event("comes_down_beside", w.step, unit=me.id, at=c, full=me.at, why=full)
    )


def _settle_pushed(w: SlideWorld, out: UnitOutcome, start: dict[str, Hex]) -> UnitOutcome:
    """Each unit the crash moved that ended in a hex without room for it goes to the nearest
    hex with room (game.rules.piloting.fromabove.free_hex), nearest its start first."""
    for uid in sorted(w.touched - {out.unit.id}):
        u = w.units[uid]
        if gone(w, u) or not w.board.contains(u.at):
            continue
        there = [o for o in w.units.values() if o.at == u.at and o.id != uid and not gone(w, o)]
        if violation(u, there, w.rules) is None:
            continue
        dest = free_hex(w, u.at, start.get(uid), u.kind, {uid}, u)
        if dest is None:  # the whole map is full
            continue
        w.units[uid] = set_at(w.board, u, dest)
        reason = ("no two units may share a hex (MOV-30)" if w.rules.classic
                  else "the hex has no room for it (MOV-34)")  # fmt: skip
        out = out.add(event("displaced", w.step, unit=uid, to=dest, reason=reason))
    return out


def landing_problem(board: Board, u: Unit, at: Hex) -> str | None:
    """ADV-28: what in ``at`` the vehicle cannot land on, or None."""
    if u.kind == "vtol":
        return landing_refusal(board, at)
    if int(board.water[at.row, at.col]) >= 1:
        return None  # a WiGE may land on water (ADV-28)
    what = in_the_way(board, at)
    return "rough ground" if what == "rough" else what


def survives_landing(board: Board, out: UnitOutcome, step: int | None) -> UnitOutcome:
    """ADV-28: after a sideslip crash the vehicle survives only where it can land."""
    if out.destroyed or out.wrecked:
        return out
    bad = landing_problem(board, out.unit, out.unit.at)
    if bad is None:
        return out
    where = "clear or paved ground" if out.unit.kind == "vtol" else (
        "clear or paved ground or water")  # fmt: skip
    return destroy(out, step, f"crashed on {bad}: a {_name(out.unit)} comes down safely only "
                   f"on {where} (ADV-28)")  # fmt: skip


def destroy(out: UnitOutcome, step: int | None, why: str) -> UnitOutcome:
    hull = out.unit.hull
    gone_unit = replace(out.unit, hull=replace(hull, destroyed=True) if hull is not None else None)
    ev = event("unit_destroyed", step, unit=gone_unit.id, cause=why)
    return UnitOutcome(gone_unit, (*out.events, ev), True)


def _name(u: Unit) -> str:
    return "VTOL" if u.kind == "vtol" else "WiGE"
