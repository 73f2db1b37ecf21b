"""Damage landing on a unit, in one place: every rule that deals damage (weapons, physical
attacks, falls, skids, collisions, collapses, crashes, explosions) builds a
:class:`.land.DamageRecord` and calls :func:`.land.land`, the one writer of armour,
structure and troopers outside the body records. :mod:`.hull` lands groups on a vehicle's
hull with their motive and critical rolls, :mod:`.platoon_hurt` and :mod:`.infantry` a
platoon's troopers, :mod:`.crashes` a WiGE's or VTOL's crash, :mod:`.vehicle_crits` a
vehicle's critical hits.
"""
