"""What a shot at a combat vehicle is worth beyond its damage points, from the vehicle's
own tables (the counterpart of the Mech's hit location odds in game.rules.combat.odds):

- where each damage group lands: the vehicle hit location table (CMB-45, the core's
  game.units.vehicle.vehicle_location for each 2D6 roll), the turret only while it has one;
- a kill: a group that takes a location's armour and structure (the rule of the core's
  game.units.vehicle.apply_vehicle_hit: a location whose structure goes destroys the
  vehicle; tests/bot/test_numbers.py checks it against the core's resolution); a kill is
  worth what the hulk still had (its armour and structure left), on top of the damage;
- a critical roll (2 and 12, 8 from the side; CMB-46): the mean worth of the 2D6 result
  on the location's column (CMB-47, game.units.vehicle_crits.crit_result) by CRIT_POINTS
  and the effects of CMB-48: crew killed, a fuel tank (ICE) and an ammunition explosion
  (with live ammunition) count as a kill; an engine hit as the major motive result
  (immobile); a weapon destroyed or jammed the mean damage of the weapons in that
  location; crew stunned a turn of its weapons and 4 points; the turret blown off its
  armour, structure and weapons;
- the motive roll (3, 4, 5, 9; CMB-45 †, PSR-27/CMB-48a) stays game.bot.numbers
  .motive_value, also counted for the bot's own vehicles.

Each group is counted on the vehicle as it stands before the volley (not after the
groups before it): a lower bound on the kill chance of a volley."""

from __future__ import annotations

from functools import lru_cache

from game.designs import weapons_table
from game.rules.combat.odds import TWO_D6, hit_chance, option_groups
from game.rules.combat.tohit import AttackOptions, WeaponOption
from game.units import vehicle_crits as vc
from game.units.unit import Unit
from game.units.vehicle import VehicleBody, vehicle_location

# what a critical result costs the vehicle, in damage points (CMB-48; the others below)
CRIT_POINTS = {vc.NONE: 0.0, vc.CARGO: 0.0, vc.DRIVER: 2.0, vc.COMMANDER: 3.5,
               vc.STABILIZER: 2.0, vc.SENSORS: 2.5, vc.TURRET_JAM: 3.0,
               vc.TURRET_LOCK: 4.0}  # fmt: skip
IMMOBILE = 15.0  # an engine hit stops it for good (game.bot.numbers.MOTIVE_POINTS major)
STUN_EXTRA = 4.0  # a stunned crew: a turn of its weapons, and a sitting target
JAM_SHARE = 0.5  # a jammed weapon may be cleared (CMB-48): half a destroyed one


def left_on(hull: VehicleBody) -> int:
    """The armour and structure a vehicle has left (what a kill takes)."""
    return 0 if hull.destroyed else hull.total_armour() + hull.total_structure()


def _weapon_worth(hull: VehicleBody, code: str) -> float:
    """The mean damage of the working weapons in ``code`` (what losing one of them costs)."""
    table = weapons_table()
    worth = [table[m.weapon].damage * max(table[m.weapon].missiles, 1) / 2
             if table[m.weapon].cluster else table[m.weapon].damage
             for i, m in enumerate(hull.weapons)
             if m.location == code and not hull.weapon_destroyed(i)]  # fmt: skip
    return sum(worth) / len(worth) if worth else 0.0


def _fire_worth(hull: VehicleBody) -> float:
    """A turn of its weapons: the damage of every working weapon."""
    return sum(_weapon_worth(hull, m.location) for i, m in enumerate(hull.weapons)
               if not hull.weapon_destroyed(i))  # fmt: skip


def _live_ammo(hull: VehicleBody) -> bool:
    return any(hull.bin_live(i) for i in range(len(hull.bins)))


def result_cost(hull: VehicleBody, code: str, result: str) -> float:
    """One critical result's cost on ``code`` (CMB-47/48, see the module docstring)."""
    if result in CRIT_POINTS:
        return CRIT_POINTS[result]
    kill = float(left_on(hull))
    if result == vc.KILLED or (result == vc.FUEL and hull.engine == "ice"):
        return kill
    if result in (vc.ENGINE, vc.FUEL):
        return IMMOBILE
    if result == vc.AMMO and _live_ammo(hull):
        return kill
    if result in (vc.WEAPON, vc.AMMO):
        return _weapon_worth(hull, code)
    if result == vc.MALFUNCTION:
        return JAM_SHARE * _weapon_worth(hull, code)
    if result == vc.STUNNED:
        return _fire_worth(hull) + STUN_EXTRA
    if result == vc.TURRET_OFF:
        turret = hull[code]
        weapons = sum(_weapon_worth(hull, code) for m in hull.weapons if m.location == code)
        return turret.armour + turret.structure + weapons
    return 0.0


@lru_cache(maxsize=4096)
def critical_cost(hull: VehicleBody, code: str) -> float:
    """The mean cost of one critical roll on ``code`` (2D6 on its CMB-47 column)."""
    return sum(float(p) * result_cost(hull, code, vc.crit_result(code, roll))
               for roll, p in TWO_D6.items())  # fmt: skip


@lru_cache(maxsize=8192)
def group_extra(hull: VehicleBody, side: str, damage: int) -> tuple[float, float]:
    """One damage group of ``damage`` striking ``hull`` from ``side``: (the chance it
    destroys the vehicle, the expected worth of the kill and the critical roll it may
    bring), over the 2D6 location roll (CMB-45/46)."""
    kill, worth = 0.0, 0.0
    for roll, p in TWO_D6.items():
        code, _, crit = vehicle_location(side, roll, hull.has_turret)
        loc = hull[code]
        if damage >= loc.armour + loc.structure:  # its structure gone: the vehicle is too
            kill += float(p)
            worth += float(p) * _hulk(hull, code, damage)
        elif crit:
            worth += float(p) * critical_cost(hull, code)
    return kill, worth


def _hulk(hull: VehicleBody, code: str, damage: int) -> float:
    """What a kill in ``code`` takes beyond the group's own damage points."""
    loc = hull[code]
    return float(left_on(hull) - min(damage, loc.armour + loc.structure))


def vehicle_extra(o: WeaponOption, opts: AttackOptions, target: Unit) -> float:
    """The expected worth of one weapon option's kills and critical hits on a vehicle
    ``target`` (chance to hit x its damage groups' :func:`group_extra`); 0 at anything
    else."""
    hull = target.hull
    if hull is None or hull.destroyed or not o.fires or o.target is None:
        return 0.0
    if o.infantry_range is not None:
        return 0.0
    return float(hit_chance(o.target)) * _per_hit(hull, opts.side, o.name, o.target)


def _per_hit(hull: VehicleBody, side: str, name: str, target: int) -> float:
    o = WeaponOption(0, name, "", False, "", True, None, target, (), 0)
    return sum(float(q) * sum(group_extra(hull, side, g)[1] for g in groups)
               for groups, q in option_groups(o).items())  # fmt: skip


def kill_chance(o: WeaponOption, opts: AttackOptions, target: Unit) -> float:
    """The chance one weapon option destroys a vehicle ``target`` outright (a hit, then a
    group that takes a location's structure; each group on its own)."""
    hull = target.hull
    if hull is None or hull.destroyed or not o.fires or o.target is None:
        return 0.0
    survive = 0.0
    for groups, q in option_groups(o).items():
        stay = 1.0
        for g in groups:
            stay *= 1.0 - group_extra(hull, opts.side, g)[0]
        survive += float(q) * stay
    return float(hit_chance(o.target)) * (1.0 - survive)
