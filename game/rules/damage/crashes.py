"""VTOL and WiGE crashes (ADV-26..29; standard TW values, not in seeds).

A crash (ADV-27): the unit comes down to the roof, bridge deck or ground below it; a 1D6
on the fall facing table (PSR-14) turns it and names the side that strikes; damage
ceil(tons / 10) x (fall + 1) lands in 5-point groups on the vehicle hit location table
(CMB-45) from that side, with the critical and motive rolls the table calls for. If any
group reached internal structure, a vehicle with an ICE engine explodes and is destroyed
(ADV-27 step 4; the hex catching fire is not modelled: this build has no fire). A crash
into depth 1+ water destroys it (ADV-26; ice is not modelled either).

A sideslip crash (ADV-28) deals ceil(hexes moved x tons / 10); a forced landing (ADV-29)
is a driving skill roll (VTOL +4, WiGE +0) that crashes on a failure and in any hex with
jungle, mud, rubble, water or woods (the kinds of terrain this build has).

The rotor of a VTOL is not a location in this build, so "rotor results re-rolled" has
nothing to re-roll.
"""

from __future__ import annotations

import math
from dataclasses import replace

from game.board import Board
from game.core.dice import Dice
from game.hexgrid import Hex
from game.rules.damage.hull import hull_hits
from game.rules.modifier import Modifier
from game.rules.piloting.falls import FALL_FACING, RulesEvent, UnitOutcome, event
from game.rules.piloting.psr import psr_base_modifiers
from game.units.mech import damage_groups
from game.units.unit import Unit

FORCED_LANDING = {"vtol": 4, "wige": 0}  # ADV-29 driving skill roll modifier


def crash_damage(tons: int, fall: int) -> int:
    """ADV-27: ceil(tons / 10) x (fall + 1), rounding up (MegaMek rounds to nearest)."""
    return math.ceil(tons / 10) * (max(fall, 0) + 1)


def sideslip_crash_damage(tons: int, hexes_moved: int) -> int:
    """ADV-28: ceil(hexes moved this turn x tons / 10), the crash hex counted once."""
    return math.ceil(max(hexes_moved, 0) * tons / 10)


def wet(board: Board, at: Hex) -> bool:
    """ADV-26: depth 1+ water under the unit (a crash there destroys it)."""
    return int(board.water[at.row, at.col]) >= 1


def crash(unit: Unit, board: Board, fall: int, dice: Dice, step: int | None, cause: str,
          damage: int | None = None) -> UnitOutcome:  # fmt: skip
    """ADV-27 (``damage`` given: ADV-28's sideslip crash damage instead). The unit ends on
    the ground, no longer airborne; events ``crash`` (its facing roll, side, damage),
    then the hull's (``vehicle_damage``, criticals, motive rolls), then ``unit_destroyed``
    for water or an ICE explosion."""
    unit = replace(unit, wige_airborne=False, altitude=0, landed=unit.kind == "vtol")
    face = dice.d6("crash: new facing")
    turn, side = FALL_FACING[face]
    unit = replace(unit, facing=(unit.facing + turn) % 6)
    dmg = crash_damage(unit.tons, fall) if damage is None else damage
    head = event("crash", step, unit=unit.id, at=unit.at, cause=cause, fall=fall,
                 facing_roll=face, side=side, damage=dmg)  # fmt: skip
    if wet(board, unit.at):  # ADV-26: into water
        hull = replace(unit.hull, destroyed=True) if unit.hull is not None else None
        gone = event("unit_destroyed", step, unit=unit.id, cause="crashed into water (ADV-26)")
        return UnitOutcome(replace(unit, hull=hull), (head, gone), True)
    if unit.hull is None or dmg <= 0:
        return UnitOutcome(unit, (head,))
    after, hits = hull_hits(unit, damage_groups(dmg), side, dice)
    events: list[RulesEvent] = [head, event("vehicle_damage", step, unit=unit.id, cause=cause,
                                       side=side, damage=dmg, applied=True,
                                       groups=tuple(h.hit for h in hits))]  # fmt: skip
    for h in hits:
        events += h.critical
    inside = any(p.structure for h in hits for p in h.hit.parts)
    hull = after.hull
    assert hull is not None
    if inside and hull.engine == "ice" and not hull.destroyed:  # ADV-27 step 4
        after = replace(after, hull=replace(hull, destroyed=True))
        burned = "crashed and burned: its ICE engine exploded (ADV-27)"
        events.append(event("unit_destroyed", step, unit=unit.id, cause=burned))
    elif after.destroyed and not unit.destroyed:
        events.append(
            event("unit_destroyed", step, unit=unit.id, cause=f"vehicle destroyed ({cause})")
        )
    return UnitOutcome(after, tuple(events), after.destroyed)


NO_LANDING = ("woods", "water", "rubble")  # ADV-29: an automatic crash (this build's terrain)


def landing_ground(board: Board, at: Hex) -> str | None:
    """ADV-29: terrain in ``at`` that makes a forced landing an automatic crash, or None."""
    if int(board.woods[at.row, at.col]):
        return "woods"
    if int(board.water[at.row, at.col]) >= 1:
        return "water"
    if bool(board.rubble[at.row, at.col]):
        return "rubble"
    return None


def forced_landing(unit: Unit, board: Board, fall: int, dice: Dice, step: int | None,
                   why: str) -> UnitOutcome:  # fmt: skip
    """ADV-29: a driving skill roll (VTOL +4, WiGE +0) to land in the hex; a failure, or a
    hex it cannot land in, is a crash (ADV-27)."""
    bad = landing_ground(board, unit.at)
    if bad is not None:
        return crash(unit, board, fall, dice, step, f"forced landing on {bad} ({why})")
    extra = Modifier(FORCED_LANDING.get(unit.kind, 0), "forced landing")
    mods = [*psr_base_modifiers(unit), extra]
    target = sum(m.value for m in mods)
    roll = dice.roll2d6(f"forced landing ({unit.id})", target=target)
    ev = event("forced_landing", step, unit=unit.id, at=unit.at, roll=roll, target=target,
               success=bool(roll.success), modifiers=tuple(mods), cause=why)  # fmt: skip
    if roll.success:
        down = replace(unit, wige_airborne=False, altitude=0, landed=unit.kind == "vtol")
        return UnitOutcome(down, (ev,))
    out = crash(unit, board, fall, dice, step, f"failed forced landing ({why})")
    return UnitOutcome(out.unit, (ev, *out.events), out.wrecked)
