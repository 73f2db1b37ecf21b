"""Skids and sideslips: where an out-of-control unit slides and what it hits.

A Mech that fails a skid roll has already fallen (game.rules.piloting.falls); here it slides on
(PSR-24), a ground vehicle skids without falling (PSR-26), a hovercraft sideslips
(PSR-28/29). The path is walked hex by hex through PSR-32..38: buildings, other units,
higher and much lower hexes, prohibited terrain, water, terrain that shortens the slide
and the map edge. Damage is applied in the PSR-31 order. Terrain costs come from the
movement cost tables (game.rules.move.costs), never from a second copy.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from game.board import Board
from game.core.dice import Dice
from game.core.options import TW, Rules
from game.hexgrid import Hex, neighbour
from game.rules.move.costs import X, building_mp, motive_costs
from game.rules.piloting.collide import (
    BaseMods,
    Slide,
    SlideWorld,
    charge_all,
    charge_damage,
    collapse_on_others,
    hurt,
)
from game.rules.piloting.falls import (
    RulesEvent,
    UnitOutcome,
    apply_damage_groups,
    event,
    fall,
    fall_damage,
)
from game.rules.piloting.fromabove import from_above, occupant
from game.units.mech import MechBody
from game.units.unit import Unit
from game.units.vehicle import MOTIVE_KIND

SKID_TARGET_MOD, SKID_ATTACKER_MOD = 2, 1  # PSR-25
MOTIVE_TYPE_MOD = MOTIVE_KIND  # PSR-27 (game.units.vehicle)
MOTIVE_EFFECTS = ((5, "no effect"), (7, "minor"), (9, "moderate"), (11, "heavy"))


@dataclass(frozen=True, slots=True)
class SlideResult:
    """The slider after the slide, every other unit touched, and damaged buildings."""

    outcome: UnitOutcome
    path: tuple[Hex, ...]
    others: tuple[tuple[str, Unit, MechBody | None], ...] = ()
    buildings: tuple[tuple[Hex, int], ...] = ()  # (hex, CF left); 0 = destroyed
    stopped_by: str = "distance"
    immobilised: bool = False
    vehicle_damage: int = 0  # damage a vehicle slider took on its hull (game.rules.damage.hull)


def skid_to_hit(attacker_skidded: bool, target_skidded: bool, target_ground: bool = True) -> int:
    """PSR-25: +2 to attacks against a skidding ground unit, +1 to the skidder's own."""
    mod = SKID_ATTACKER_MOD if attacker_skidded else 0
    return mod + (SKID_TARGET_MOD if target_skidded and target_ground else 0)


def terrain_cost(board: Board, h: Hex, kind: str) -> int | None:
    """PSR-36: the hex's Movement Cost Table cost (MOV-08, base included) for terrain other
    than clear/pavement; None if that terrain is prohibited for the kind (PSR-38).
    Buildings, water and level changes have their own skid rules and are not counted."""
    mc = motive_costs(kind)
    r, c = h.row, h.col
    parts = [mc.woods[int(board.woods[r, c])]]
    if board.rough[r, c]:
        parts.append(mc.rough)
    if board.rubble[r, c]:
        parts.append(mc.rubble)
    if X in parts:
        return None
    return 1 + sum(parts)


def slide(
    board: Board,
    units: Mapping[str, Unit],
    start: UnitOutcome,
    s: Slide,
    dice: Dice,
    base_mods: BaseMods,
    rules: Rules = TW,
    step: int | None = None,
    buildings: Mapping[Hex, int] | None = None,
) -> SlideResult:
    """Walk the slide hex by hex (PSR-24/26/29, PSR-31..38); damage in the PSR-31 order.

    ``buildings`` holds the CF left of buildings already damaged this move."""
    w = SlideWorld(board, dice, rules, step, base_mods, dict(units))
    w.cf.update(buildings or {})
    me = start.unit
    w.units[me.id] = me
    per_hex = math.ceil(fall_damage(me.tons, 0) / 2) if me.is_mech and s.kind == "skid" else 0
    sl = _Slider(w, s, start, me, per_hex, s.distance, me.at,
                 motive_costs(me.kind).max_level_change)  # fmt: skip
    while sl.remaining > 0 and not sl.out.destroyed:
        if not sl.next_hex():
            break
    out = sl.flush(sl.out)
    others = tuple((i, w.units[i], w.units[i].body) for i in sorted(w.touched))
    return SlideResult(out, tuple(sl.path), others, tuple(sorted(w.cf.items())), sl.stopped,
                       sl.immobilised, sl.vdmg)  # fmt: skip


@dataclass(slots=True)
class _Slider:
    """A slide under way: the slider's outcome, the hexes left and slid, the skid damage
    not yet landed (PSR-24: ``pending`` hexes of ``per_hex``, landed before whatever the
    slider hits next, PSR-31), why it stopped and what its hull took (``vdmg``)."""

    w: SlideWorld
    s: Slide
    out: UnitOutcome
    me: Unit
    per_hex: int
    remaining: int
    cur: Hex
    max_drop: int
    pending: int = 0
    path: list[Hex] = field(default_factory=list)
    stopped: str = "distance"
    immobilised: bool = False
    vdmg: int = 0

    def flush(self, o: UnitOutcome) -> UnitOutcome:
        """PSR-24: the skid damage of the hexes slid so far, on a Mech still standing."""
        if self.pending and self.per_hex and o.body is not None and not o.destroyed:
            dmg = self.pending * self.per_hex
            o = o.then(apply_damage_groups(o.unit, self.w.dice, self.s.side, dmg, self.w.step,
                                           "skid"))  # fmt: skip
        self.pending = 0
        return o

    def next_hex(self) -> bool:
        """One hex on (PSR-32..38): the map edge, a higher hex, units, a building, a drop,
        then the hex's own ground. False: the slide ends."""
        board = self.w.board
        nxt = neighbour(self.cur, self.s.direction)
        if not board.contains(nxt):
            self.stopped = "map edge"
            return False
        rise = int(board.level[nxt.row, nxt.col]) - int(board.level[self.cur.row, self.cur.col])
        if rise >= 1:  # PSR-34: crash into a higher hex, stay put
            self._crash(nxt, math.ceil(self.me.tons / 20), "higher hex", "crash into a higher hex")
            self.stopped = "higher hex"
            return False
        if not self._past_units(nxt):
            return False
        cls = self.w.building(nxt)
        self.cur = nxt
        self.path.append(nxt)
        self.out = replace(self.out, unit=replace(self.out.unit, at=nxt))
        self.pending += 1
        self.remaining -= 1
        if cls:  # PSR-32
            return self._through_building(cls)
        if -rise > self.max_drop:  # PSR-35: accidental fall, the slide ends here
            self.out = self.flush(self.out)
            self.out, self.vdmg = _drop(self.w, self.out, -rise, self.vdmg, self.s.direction)
            self.stopped = "drop"
            return False
        return self._on_ground()

    def _crash(self, at: Hex, dmg: int, what: str, cause: str) -> None:
        """PSR-34 / PSR-38: the slider runs into ``what`` and takes ``dmg`` on its Front."""
        self.out = self.flush(self.out)
        self.out, self.vdmg = hurt(self.w, self.out, "front", dmg, cause, self.vdmg)
        self.out = self.out.add(event("collision", self.w.step, what=what, at=at, damage=dmg))

    def _past_units(self, nxt: Hex) -> bool:
        """PSR-33: every unit in ``nxt`` is charged (or dodges); False if one stops the
        slide (the slider may have taken the hex of a unit it pushed)."""
        occupants = [u for u in self.w.units.values() if u.at == nxt and u.id != self.me.id]
        if not occupants:
            return True
        self.out, passed, self.vdmg = charge_all(self.w, self.out, occupants, nxt, self.s,
                                                 self.vdmg, self.flush)  # fmt: skip
        if passed:
            return True
        self.stopped = "unit"
        if self.out.unit.at == nxt:  # took the pushed unit's hex
            self.path.append(nxt)
            self.pending += 1
        return False

    def _through_building(self, cls: int) -> bool:
        """PSR-32: a building stops the slide unless the collision destroys it; then the
        building's MP are spent too (MOV-08)."""
        self.out = self.flush(self.out)
        self.out, destroyed, self.vdmg = _building(self.w, self.out, self.cur, cls, self.s,
                                                   self.vdmg)  # fmt: skip
        if not destroyed:
            self.stopped = "building"
            return False
        self.remaining -= building_mp(cls, self.me.kind)
        return True

    def _on_ground(self) -> bool:
        """PSR-38 water (a vehicle sinks) and prohibited terrain (immobile), PSR-36: the
        hex's terrain costs its MP off the slide."""
        board, cur = self.w.board, self.cur
        if int(board.water[cur.row, cur.col]) >= 1 and self.me.kind != "hover":  # PSR-38
            if not self.me.is_mech:
                self.out = self.out.add(event("unit_destroyed", self.w.step,
                                              cause="skidded into deep water"))  # fmt: skip
                self.out = replace(self.out, wrecked=True)
            self.stopped = "water"
            return False
        cost = terrain_cost(board, cur, self.me.kind)
        if cost is None:  # PSR-38 prohibited terrain
            self._crash(
                cur, math.ceil(self.me.tons / 5), "prohibited terrain", "prohibited terrain"
            )
            self.immobilised, self.stopped = True, "prohibited terrain"
            return False
        self.remaining -= cost - 1  # PSR-36: the hex costs its MP, not 1
        if self.remaining <= 0 and cost > 1:
            self.stopped = "terrain"
        return True


def _building(
    w: SlideWorld, out: UnitOutcome, h: Hex, cls: int, s: Slide, vdmg: int
) -> tuple[UnitOutcome, bool, int]:
    """PSR-32: damage as a successful charge against the building (PHY-11): the building
    takes the charge damage, the unit ceil(CF / 10) on its Front column. A destroyed
    building collapses on the unit for ceil(CF / 10) more on the fall column (choice)."""
    me = out.unit
    cf = w.building_cf(h)
    to_building = charge_damage(me.tons, s.hexes_moved, w.rules)
    left = max(cf - to_building, 0)
    w.cf[h] = left
    to_unit = math.ceil(cf / 10)
    out = out.add(
        event("collision", w.step, what="building", at=h, building_damage=to_building,
              cf_before=cf, cf_left=left, damage=to_unit)
    )  # fmt: skip
    out, vdmg = hurt(w, out, "front", to_unit, "building collision", vdmg)
    if left > 0 or out.destroyed:
        return out, False, vdmg
    out = out.add(event("building_collapse", w.step, at=h, damage=to_unit))
    out, vdmg = hurt(w, out, s.side, to_unit, "building collapse", vdmg)
    out = collapse_on_others(w, out, h, to_unit, me.id)
    return out, True, vdmg


def _drop(
    w: SlideWorld, out: UnitOutcome, levels: int, vdmg: int, direction: int
) -> tuple[UnitOutcome, int]:
    """PSR-35: sliding off a drop deeper than the unit may descend is an accidental fall."""
    if out.body is None:
        dmg = fall_damage(out.unit.tons, levels)
        out = out.add(event("collision", w.step, what="drop", levels=levels, damage=dmg))
        return hurt(w, out, "front", dmg, "accidental fall", vdmg)
    mods = w.base_mods(out.unit)
    me = out.unit
    if occupant(w, me.at, {me.id}) is not None:  # PHY-17: onto a unit it missed or passed
        back = neighbour(me.at, (direction + 3) % 6)
        start = replace(me, at=back)
        res = from_above(w, UnitOutcome(start), me.at, levels, False, direction, mods,
                         "skidded off a drop")  # fmt: skip
        return out.then(res), vdmg
    fell, _ = fall(me, me.at, levels, False, mods, w.dice, w.step, "skidded off a drop",
                   w.rules)  # fmt: skip
    return out.then(fell), vdmg


def motive_roll(unit: Unit, dice: Dice, step: int | None) -> RulesEvent:
    """PSR-26/27: a skidding ground vehicle rolls once on the motive system damage table
    with only the motive-type modifier; the effect is logged (vehicle motive damage is
    not tracked on the unit record yet)."""
    mod = MOTIVE_TYPE_MOD.get(unit.kind, 0)
    roll = dice.roll2d6("motive system damage")
    total = roll.total + mod
    effect = next((name for top, name in MOTIVE_EFFECTS if total <= top), "major")
    return event("motive_damage", step, roll=roll, modifier=mod, total=total, effect=effect)
