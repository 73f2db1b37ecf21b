"""Critical hits on combat vehicles (CMB-46..48; standard TW values, not in seeds).

A hit location roll of 2 or 12, or 8 from the side (CMB-45), gives one automatic roll on
the critical table of the location hit (game.vehicle_crits.TABLE). The effect is kept on
the hull (:class:`game.vehicle_crits.VehicleCrits`) and read by the rules that care: to-hit
(commander, sensors, stabilizers, jammed and unpowered weapons, a stuck turret), driving
skill rolls (driver, commander), movement (crew stunned, engine hit: immobile) and the end
phase (stun counted down).

Results that cannot apply follow the printed footnotes only (CMB-47, the default): a fuel
tank with a fusion engine is an engine hit, an ammunition result with no live ammunition
is a weapon destroyed; a repeated driver or commander hit is crew stunned (CMB-48). Any
other result that finds nothing to act on (no cargo, no weapon left in the location) has
no effect.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.dice import Dice
from game.designs import weapons_table
from game.rules.damage.land import EXPLOSION, DamageRecord, land, sever
from game.rules.piloting.falls import RulesEvent, event
from game.units.locations import TURRET
from game.units.unit import Unit
from game.units.vehicle import VehicleBody
from game.units.vehicle_crits import (
    AMMO,
    CARGO,
    COMMANDER,
    DRIVER,
    ENGINE,
    FUEL,
    KILLED,
    MALFUNCTION,
    NONE,
    SENSORS,
    STABILIZER,
    STUN_TURNS,
    STUNNED,
    TURRET_JAM,
    TURRET_LOCK,
    TURRET_OFF,
    WEAPON,
    crit_result,
)

SENSOR_MAX = 4  # CMB-48: MegaMek counts up to 4 sensor hits


def vehicle_critical(unit: Unit, location: str, dice: Dice) -> tuple[Unit, list[RulesEvent]]:
    """One roll on the critical table of ``location`` (CMB-47) and its effect (CMB-48).
    Events: one ``critical`` (``result`` as printed, ``effect`` as applied, the weapon or
    ammunition it struck), then an ``explosion`` for an ammunition result."""
    hull = unit.hull
    assert hull is not None
    roll = dice.roll2d6(f"vehicle critical ({location})")
    printed = crit_result(location, roll.total)
    effect = _effective(hull, printed)
    if effect == AMMO:  # damage: it lands through the one entry (game.rules.damage.land)
        unit, data, extra = _ammo(unit, location)
    elif effect == TURRET_OFF:
        unit, data, extra = _turret_off(unit), {}, []
    else:
        hull, data, extra = _apply(hull, location, effect)
        unit = replace(unit, hull=hull)
    ev = event("critical", None, unit=unit.id, location=location, roll=roll.total,
               result=printed, effect=effect, **data)  # fmt: skip
    return unit, [ev, *extra]


def _effective(hull: VehicleBody, printed: str) -> str:
    """CMB-47 footnotes and CMB-48 repeats: what the printed result becomes."""
    c = hull.crits
    if printed == FUEL and hull.engine != "ice":
        return ENGINE
    if printed == AMMO and not any(hull.bin_live(i) for i in range(len(hull.bins))):
        return WEAPON
    if (printed == DRIVER and c.driver) or (printed == COMMANDER and c.commander):
        return STUNNED
    return printed


def _apply(hull: VehicleBody, where: str, effect: str
           ) -> tuple[VehicleBody, dict[str, Any], list[RulesEvent]]:  # fmt: skip
    """The effects that deal no damage (ammunition and the turret blown off are the
    caller's: :func:`_ammo`, :func:`_turret_off`)."""
    c = hull.crits
    simple = {
        DRIVER: lambda: replace(c, driver=True),
        COMMANDER: lambda: replace(c, commander=True),
        SENSORS: lambda: replace(c, sensors=min(c.sensors + 1, SENSOR_MAX)),
        STABILIZER: lambda: replace(c, stabilizers=c.stabilizers | {where}),
        STUNNED: lambda: replace(c, stunned=c.stunned + 1 if c.stunned else STUN_TURNS),
        ENGINE: lambda: replace(c, engine=True),
        KILLED: lambda: replace(c, crew_killed=True),
        TURRET_JAM: lambda: replace(c, turret=c.turret or "jammed"),
        TURRET_LOCK: lambda: replace(c, turret="locked" if c.turret != "off" else "off"),
    }
    if effect in simple:
        return hull.with_crits(simple[effect]()), {}, []
    if effect in (MALFUNCTION, WEAPON):
        return _weapon(hull, where, effect)
    if effect == FUEL:
        return replace(hull, destroyed=True, crits=replace(c, destroyed_by="fuel tank")), {}, []
    assert effect in (NONE, CARGO), effect  # no cargo is carried in this build
    return hull, {}, []


def _weapon(hull: VehicleBody, where: str, effect: str
            ) -> tuple[VehicleBody, dict[str, Any], list[RulesEvent]]:  # fmt: skip
    """A weapon in the location hit: the first working one (a malfunction: the first that
    is not jammed yet). None left: no effect."""
    c = hull.crits
    working = [i for i, m in enumerate(hull.weapons)
               if m.location == where and not hull.weapon_destroyed(i)]  # fmt: skip
    if effect == MALFUNCTION:
        working = [i for i in working if i not in c.jammed]
    if not working:
        return hull, {"weapon": None}, []
    i = working[0]
    data = {"weapon": hull.weapons[i].weapon, "index": i}
    if effect == MALFUNCTION:
        return hull.with_crits(replace(c, jammed=c.jammed | {i})), data, []
    hull = replace(hull, weapons_lost=hull.weapons_lost | {i})
    return hull.with_crits(replace(c, weapons=c.weapons | {i})), data, []


def _ammo(unit: Unit, where: str) -> tuple[Unit, dict[str, Any], list[RulesEvent]]:
    """CMB-48: the first live bin explodes; its shots times the damage of one shot go into
    the internal structure of the location hit (a vehicle location gone destroys it),
    landed as an explosion that stays out of the phase's damage (DamageRecord.tallied)."""
    hull = unit.hull
    assert hull is not None
    k = next(i for i in range(len(hull.bins)) if hull.bin_live(i))
    b = hull.bins[k]
    w = weapons_table()[b.weapon]
    damage = hull.ammo[k] * w.damage * max(w.missiles, 1)
    unit = replace(unit, hull=hull.with_ammo(k, 0))
    unit = land(unit, DamageRecord(where, damage, EXPLOSION, tallied=False)).unit
    hull = unit.hull
    assert hull is not None
    if hull.destroyed:
        crits = replace(hull.crits, destroyed_by=hull.crits.destroyed_by or "ammunition")
        unit = replace(unit, hull=hull.with_crits(crits))
    ev = event("explosion", None, unit=unit.id, location=where, weapon=b.weapon,
               damage=damage, cause="vehicle ammunition critical")  # fmt: skip
    return unit, {"weapon": b.weapon}, [ev]


def _turret_off(unit: Unit) -> Unit:
    """CMB-48: the turret blown off whole (game.rules.damage.land.sever: not the phase's
    damage, as a Mech's limb, CMB-30); the turret counts as off."""
    unit, _ = sever(unit, TURRET)
    hull = unit.hull
    assert hull is not None
    return replace(unit, hull=hull.with_crits(replace(hull.crits, turret="off")))


def end_phase(unit: Unit) -> Unit:
    """CMB-48: one end phase later a stunned crew has one turn less to wait."""
    hull = unit.hull
    if hull is None or not hull.crits.stunned:
        return unit
    return replace(unit, hull=hull.with_crits(hull.crits.counted_down()))
