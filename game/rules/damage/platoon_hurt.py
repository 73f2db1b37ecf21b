"""Damage from moving into things on a conventional infantry platoon (CMB-39..41 with
PSR-39, PHY-17 and PSR-32; standard TW values, not in the seeds).

A platoon is one location; each point of damage that reaches it removes one trooper
(CMB-41), doubled first if the platoon is in the open (CMB-40, "damage to a conventional
platoon"). What reaches it, per cause (readings built, docs/infantry.md):

- a skidding unit that collides with it (PSR-39): 1 point per 5 t of the skidding unit,
  as the seed gives it for infantry; not converted (CMB-39 converts weapon damage);
- a Mech falling onto it from 2 or more levels (PHY-17, a death from above): the DFA's
  damage converted as a physical blow, max(1, floor(damage / 10)) (CMB-39's kick row;
  medium-low confidence: CMB-44 leaves DFA against infantry unchecked);
- a building collapsing on it (PSR-32, MOV-32): ceil(CF / 10), not converted; a building
  hex is never in the open (CMB-40), so it is not doubled.

The points land through :func:`game.rules.damage.land.land`, as the weapon and physical
attacks' do. Events: one ``platoon_damage`` (the damage before and after,
the troopers before and after) and a ``destroyed`` when the last trooper falls.
"""

from __future__ import annotations

from game.board import Board
from game.rules.damage.infantry import TROOPERS, destroyed_event, in_open, kick_converted
from game.rules.damage.land import COLLISION, FALL, PHYSICAL, DamageRecord, land
from game.rules.piloting.falls import UnitOutcome, event
from game.units.unit import Unit

AS_SEED = "as given"  # the cause's damage is already the platoon's (PSR-39, PSR-32)
AS_BLOW = "as a blow"  # a physical blow's damage: CMB-39's kick row (PHY-17)
FALLS = "falls"  # PSR-16 on a bridge, PSR-32 a collapse: the damage as given


def hurt_platoon(board: Board, unit: Unit, damage: int, cause: str, step: int | None,
                 how: str = AS_SEED) -> UnitOutcome:  # fmt: skip
    """``damage`` from ``cause`` on the platoon ``unit`` (how it converts: ``how``; a skid's
    collision, a blow from above or a fall)."""
    points = kick_converted(damage) if how == AS_BLOW else damage
    source = {AS_BLOW: PHYSICAL, FALLS: FALL}.get(how, COLLISION)
    landed = land(unit, DamageRecord(TROOPERS, points, source, open_ground=in_open(board, unit.at)))
    after, hit = landed.unit, landed.platoon
    ev = event("platoon_damage", step, unit=unit.id, cause=cause, damage=damage,
               converted=points, blow=how == AS_BLOW, in_open=hit.doubled, lost=hit.killed,
               troopers_before=hit.troopers_before,
               troopers_after=hit.troopers_after)  # fmt: skip
    return UnitOutcome(after, (ev, *destroyed_event(unit, after)))
