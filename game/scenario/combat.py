"""Reading the combat keys of a scenario unit (Extension 2) into its body and records.

Called by game.scenario.reader for every unit: ``model``'s gear and armour, then ``weapons``,
``ammo``, ``heat_sinks``, ``heat_sinks_in_legs``, ``armor`` and ``structure`` beside it,
then the ``damage`` keys (counts of critical damage written into the body's slots,
game.units.crithits), ``movement`` and ``torso_twist``. Every problem is one sentence.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.core.values import check_destroyed_armour, check_once, check_shots, check_torso_armour
from game.designs import Design, weapons_table
from game.designs.gear import design_gear, refit
from game.designs.roster import design_body, design_hull
from game.rules.combat.records import MOVE_MODES, Declaration, Movement
from game.scenario.checks import Reader
from game.units.crithits import CounterError, Counters, with_counters
from game.units.critslots import ARM_ACTUATORS, LEG_ACTUATORS, LayoutFull, default_gear
from game.units.loadout import AmmoBin, Mount
from game.units.locations import LEGS, REAR_KEYS, TORSOS
from game.units.mech import (
    Location,
    MechBody,
    max_armour,
    max_structure,
    standard_body,
    with_legs_destroyed,
)
from game.units.unit import MECH_KINDS, VEHICLE_KINDS, Damage
from game.units.vehicle import BODY, VehicleBody, vehicle_body, vehicle_structure

COMBAT_KEYS = ("weapons", "ammo", "heat_sinks", "heat_sinks_in_legs", "armor", "structure",
               "movement", "torso_twist", "club")  # fmt: skip
CLUBS = ("tree", "arm", "leg")  # PHY-06: what a Mech may hold as a club
PILOT_INTS = {"pilot_hits": (0, 6), "phase_damage": (0, 10000)}  # PSR-19: the 6th kills
CRIT_INTS = {
    "gyro": (0, 2),  # CMB-34: 2 = destroyed
    "hips": (0, 4),
    "leg_actuators": (0, 12),
    "engine": (0, 3),
    "sensors": (0, 2),
    "jump_jets": (0, 30),
    "heat_sinks": (0, 99),
}
DAMAGE_BOOLS = ("shutdown", "unconscious", "life_support")
DAMAGE_KEYS = (*PILOT_INTS, *CRIT_INTS, "legs_destroyed", *DAMAGE_BOOLS, "actuators",
               "weapons_destroyed")  # fmt: skip


def read_damage(r: Reader, value: Any, where: str, kind: str, jump: int
                ) -> tuple[Damage, int, Counters]:  # fmt: skip
    """The pilot's record, the destroyed legs and the critical damage by count."""
    d = r.obj(value, where)
    r.keys(d, DAMAGE_KEYS, where)
    ints = {k: r.int_(d[k], f"{where} {k}", *PILOT_INTS.get(k, CRIT_INTS.get(k, (0, 4))))
            for k in (*PILOT_INTS, *CRIT_INTS, "legs_destroyed") if k in d}  # fmt: skip
    bools = {k: r.bool_(d[k], f"{where} {k}") for k in DAMAGE_BOOLS if k in d}
    legs = 4 if kind == "quad" else 2
    for k in ("hips", "legs_destroyed"):
        if ints.get(k, 0) > legs:
            raise r.error(f"{where} {k} is {ints[k]}, but a {kind} unit has {legs} legs")
    if ints.get("jump_jets", 0) > jump:
        raise r.error(f"{where} jump_jets is {ints['jump_jets']}, more than its jump {jump}")
    mech_only = [k for k in (*CRIT_INTS, "legs_destroyed", "life_support", "actuators") if k in d]
    if kind not in MECH_KINDS and mech_only:
        raise r.error(f"{where} {mech_only[0]} applies to Mechs (biped, quad), not a {kind} unit")
    actuators = _actuators(r, d.get("actuators", {}), where, kind)
    lost = d.get("weapons_destroyed", [])
    weapons = tuple(r.int_(i, f"{where} weapons_destroyed entry", 0, 99)
                    for i in r.list_(lost, f"{where} weapons_destroyed"))  # fmt: skip
    check_once(r, f"{where} weapons_destroyed", weapons, "weapon")
    counters = Counters(
        **{k: ints.get(k, 0) for k in CRIT_INTS}, life_support=bools.pop("life_support", False),
        actuators=actuators, weapons_destroyed=weapons,
    )  # fmt: skip
    pilot = Damage(**{k: ints[k] for k in PILOT_INTS if k in ints}, **bools)
    return pilot, ints.get("legs_destroyed", 0), counters


def _actuators(r: Reader, value: Any, where: str, kind: str) -> dict[str, tuple[str, ...]]:
    d = r.obj(value, f"{where} actuators")
    limbs = ("FLL", "FRL", "RLL", "RRL") if kind == "quad" else ("LA", "RA", "LL", "RL")
    r.keys(d, limbs, f"{where} actuators")
    out = {}
    for limb, names in d.items():
        allowed = LEG_ACTUATORS if limb in LEGS else ARM_ACTUATORS
        at = f"{where} actuators.{limb}"
        items = tuple(r.list_(names, at))
        for n in items:
            if n not in allowed:
                raise r.error(f"{at} entry {json.dumps(n)} is not one of {', '.join(allowed)}")
        if len(set(items)) != len(items):
            raise r.error(f"{at} names an actuator twice")
        out[limb] = items
    return out


def read_movement(r: Reader, value: Any, where: str) -> Movement:
    d = r.obj(value, f"{where}: movement")
    r.keys(d, ("mode", "hexes", "skidded"), f"{where}: movement")
    mode = d.get("mode", "stand")
    if mode not in MOVE_MODES:
        raise r.error(f"{where}: movement.mode {json.dumps(mode)} is not one of "
                      f"{', '.join(MOVE_MODES)}")  # fmt: skip
    hexes = r.int_(d.get("hexes", 0), f"{where}: movement.hexes", 0, 99)
    skid = r.bool_(d.get("skidded", False), f"{where}: movement.skidded")
    return Movement(mode, hexes, skid)


def _mounts(r: Reader, value: Any, where: str, locs: tuple[str, ...]) -> tuple[Mount, ...]:
    table = weapons_table()
    out = []
    for i, item in enumerate(r.list_(value, f"{where}: weapons")):
        at = f"{where}: weapons[{i}]"
        w = r.obj(item, at)
        r.keys(w, ("name", "location", "rear"), at)
        name = r.str_(w.get("name"), f"{at}.name")
        if name not in table:
            raise r.error(f"{at}.name '{name}' is not in the weapons table ({', '.join(table)})")
        loc = w.get("location")
        if loc not in locs:
            raise r.error(f"{at}.location {json.dumps(loc)} is not one of {', '.join(locs)}")
        out.append(Mount(name, str(loc), r.bool_(w.get("rear", False), f"{at}.rear")))
    return tuple(out)


def _bins(r: Reader, value: Any, where: str, locs: tuple[str, ...]) -> tuple[AmmoBin, ...]:
    table = weapons_table()
    out = []
    for i, item in enumerate(r.list_(value, f"{where}: ammo")):
        at = f"{where}: ammo[{i}]"
        a = r.obj(item, at)
        r.keys(a, ("weapon", "location", "shots"), at)
        name = r.str_(a.get("weapon"), f"{at}.weapon")
        w = table.get(name)
        if w is None or w.ammo_per_ton is None:
            raise r.error(f"{at}.weapon '{name}' is not a weapon that uses ammunition")
        loc = a.get("location")
        if loc not in locs:
            raise r.error(f"{at}.location {json.dumps(loc)} is not one of {', '.join(locs)}")
        shots = r.int_(a.get("shots"), f"{at}.shots", 0, 999)
        check_shots(r, at, name, shots, w.ammo_per_ton)
        out.append(AmmoBin(name, str(loc), shots))
    return tuple(out)


def mech_body(r: Reader, d: Mapping[str, Any], where: str, kind: str, tons: int, jump: int,
              design: Design | None, legs: int, counters: Counters) -> MechBody:  # fmt: skip
    """A Mech's body from its model (or the defaults) and the keys beside it."""
    quad = kind == "quad"
    codes = ("HD", "CT", "LT", "RT", "FLL", "FRL", "RLL", "RRL") if quad else (
        "HD", "CT", "LT", "RT", "LA", "RA", "LL", "RL")  # fmt: skip
    sinks = r.int_(d["heat_sinks"], f"{where}: heat_sinks", 0, 99) if "heat_sinks" in d else None
    in_legs = d.get("heat_sinks_in_legs")
    in_legs = None if in_legs is None else r.int_(in_legs, f"{where}: heat_sinks_in_legs", 0, 24)
    weapons = _mounts(r, d["weapons"], where, codes) if "weapons" in d else None
    bins = _bins(r, d["ammo"], where, codes) if "ammo" in d else None
    table = weapons_table()
    try:
        if design is not None:
            gear = design_gear(design, table)
        else:
            gear = default_gear(quad, 10 if sinks is None else sinks, jump, in_legs or 0)
            in_legs = None
        gear = refit(gear, quad, table, weapons=weapons, bins=bins, heat_sinks=sinks,
                     sinks_in_legs=in_legs)  # fmt: skip
    except LayoutFull as e:
        raise r.error(f"{where}: {e}") from None
    if design is not None and design.tons == tons:
        body = replace(design_body(design), gear=gear, ammo=())
    else:
        body = standard_body(tons, quad, gear=gear)
    body = _armour(r, d, where, body, codes)
    body = with_legs_destroyed(body, legs)
    try:
        return with_counters(body, counters)
    except CounterError as e:
        raise r.error(f"{where}: damage: {e}") from None


def _armour(r: Reader, d: Mapping[str, Any], where: str, body: MechBody,
            codes: tuple[str, ...]) -> MechBody:  # fmt: skip
    """`armor` (front and rear) and `structure` left per location; structure 0 destroys."""
    armour = r.obj(d.get("armor", {}), f"{where}: armor")
    rear_keys = tuple(REAR_KEYS[c] for c in codes if c in TORSOS)
    r.keys(armour, codes + rear_keys, f"{where}: armor")
    structure = r.obj(d.get("structure", {}), f"{where}: structure")
    r.keys(structure, codes, f"{where}: structure")
    top_a, top_s = max_armour(body.tons, body.quad), max_structure(body.tons, body.quad)
    for code in codes:
        loc = body[code]
        a = r.int_(armour[code], f"{where}: armor.{code}", 0, top_a[code]) if code in armour \
            else loc.armour  # fmt: skip
        rk = REAR_KEYS.get(code)
        b = r.int_(armour[rk], f"{where}: armor.{rk}", 0, top_a[code]) if rk in armour \
            else loc.rear  # fmt: skip
        s = r.int_(structure[code], f"{where}: structure.{code}", 0, top_s[code]) \
            if code in structure else loc.structure  # fmt: skip
        check_destroyed_armour(r, where, code, armour, (code, rk) if rk else (code,), s)
        if rk:
            check_torso_armour(r, where, code, rk, a, b, top_a[code])
        gone = s == 0
        body = body.with_location(code, Location(0 if gone else a, s, 0 if gone else b, gone))
    if body["HD"].destroyed or body["CT"].destroyed:
        body = replace(body, destroyed=True)
    return body


def vehicle_hull(r: Reader, d: Mapping[str, Any], where: str, kind: str, tons: int,
                 design: Design | None, counters: Counters) -> VehicleBody:  # fmt: skip
    """A vehicle's body from its model (or the defaults) and the keys beside it."""
    hull = design_hull(design) if design is not None and design.tons == tons else None
    if hull is None:
        turret = bool(design is not None and design.turret)
        w = design.weapons if design is not None else ()
        b = design.ammo if design is not None else ()
        armour = dict(design.armor) if design is not None and design.armor else None
        hull = vehicle_body(tons, kind, armour, turret, w, b)
        if design is not None:
            hull = replace(hull, engine=design.engine_type)
    codes = hull.codes
    for k in ("heat_sinks", "heat_sinks_in_legs"):
        if k in d:
            raise r.error(f"{where}: {k} is for Mechs; vehicles do not track heat")
    if "weapons" in d:
        hull = replace(hull, weapons=_mounts(r, d["weapons"], where, codes))
    if "ammo" in d:
        bins = _bins(r, d["ammo"], where, codes + (BODY,))
        hull = replace(hull, bins=bins, ammo=tuple(x.shots for x in bins))
    armour = r.obj(d.get("armor", {}), f"{where}: armor")
    r.keys(armour, codes, f"{where}: armor")
    structure = r.obj(d.get("structure", {}), f"{where}: structure")
    r.keys(structure, codes, f"{where}: structure")
    top = vehicle_structure(tons)
    for code in codes:
        loc = hull[code]
        a = r.int_(armour[code], f"{where}: armor.{code}", 0, 200) if code in armour \
            else loc.armour  # fmt: skip
        s = r.int_(structure[code], f"{where}: structure.{code}", 0, top) if code in structure \
            else loc.structure  # fmt: skip
        check_destroyed_armour(r, where, code, armour, (code,), s)
        hull = hull.with_location(code, Location(a, s, 0, s == 0))
    for i in counters.weapons_destroyed:
        if not 0 <= i < len(hull.weapons):
            raise r.error(f"{where}: damage weapons_destroyed {i} is not one of its weapons")
    hull = replace(hull, weapons_lost=frozenset(counters.weapons_destroyed))
    if any(loc.destroyed for loc in hull.locations):
        hull = replace(hull, destroyed=True)
    return hull


def check_combat_keys(r: Reader, d: Mapping[str, Any], where: str, kind: str) -> None:
    """Keys that make no sense for the kind: one sentence."""
    if kind not in MECH_KINDS and kind not in VEHICLE_KINDS:
        extra = [k for k in ("weapons", "ammo", "armor", "structure", "heat_sinks",
                             "heat_sinks_in_legs") if k in d]  # fmt: skip
        if extra:
            raise r.error(f"{where}: {extra[0]} is not read for {kind} units")
    if "torso_twist" in d:
        r.int_(d["torso_twist"], f"{where}: torso_twist", -1, 1)
        if kind not in MECH_KINDS and d["torso_twist"]:
            raise r.error(f"{where}: only Mechs twist their torso (CMB-09), not a {kind} unit")
        if d.get("prone") and d["torso_twist"]:
            raise r.error(f"{where}: a prone Mech cannot twist its torso (CMB-09)")
    if "movement" in d:
        read_movement(r, d["movement"], where)


def unit_turn_keys(
    r: Reader, raw: list[Any], tacops: bool = False
) -> tuple[dict[str, Movement], dict[str, int]]:
    """Each unit's `movement` and `torso_twist` (already checked by check_combat_keys);
    movement mode `defend` (ADV-01) needs the tacops option."""
    moves: dict[str, Movement] = {}
    twists: dict[str, int] = {}
    for d in raw:
        where = f"unit '{d['id']}'"
        if "movement" in d:
            moves[d["id"]] = read_movement(r, d["movement"], where)
            if moves[d["id"]].mode == "defend" and not tacops:
                raise r.error(f"{where}: movement.mode 'defend' is a Tactical Operations rule: "
                              'add "options": ["tacops"] to use it')  # fmt: skip
        if d.get("torso_twist"):
            twists[d["id"]] = int(d["torso_twist"])
    return moves, twists


ATTACK_KEYS = ("attacker", "target", "weapons", "secondary", "aim")


def read_attacks(r: Reader, top: Mapping[str, Any], units: Mapping[str, Any],
                 twists: Mapping[str, int]) -> tuple[Declaration, ...]:  # fmt: skip
    """The `attack` block, or the `attacks` list (the first target is the primary)."""
    if "attack" in top and "attacks" in top:
        raise r.error("give either 'attack' or 'attacks', not both")
    if top.get("attack") is not None:
        items, name = [top["attack"]], "attack"
    elif top.get("attacks") is not None:
        items, name = r.list_(top["attacks"], "attacks"), "attacks"
        if not items:
            raise r.error("attacks is an empty list")
    else:
        return ()
    out = []
    for i, item in enumerate(items):
        where = name if name == "attack" else f"attacks[{i}]"
        out.append(_declaration(r, item, where, units, twists))
    first = out[0].attacker
    if any(x.attacker != first for x in out):
        raise r.error("every entry of attacks must have the same attacker (one unit's attacks)")
    if len({x.target for x in out}) != len(out):
        raise r.error("attacks names the same target twice")
    return tuple(out)


def _declaration(r: Reader, value: Any, where: str, units: Mapping[str, Any],
                 twists: Mapping[str, int]) -> Declaration:  # fmt: skip
    d = r.obj(value, where)
    r.keys(d, ATTACK_KEYS, where)
    ids = {}
    for k in ("attacker", "target"):
        if k not in d:
            raise r.error(f"{where} has no '{k}'")
        ids[k] = r.str_(d[k], f"{where}.{k}")
        if ids[k] not in units:
            raise r.error(f"{where}.{k} '{ids[k]}' is not one of the units")
    if ids["attacker"] == ids["target"]:
        raise r.error(f"{where}: a unit cannot attack itself")
    attacker, target = units[ids["attacker"]], units[ids["target"]]
    count = 1 if attacker.platoon is not None else len(_weapons_of(attacker))  # CMB-42: rifles
    weapons = None
    if d.get("weapons") is not None:
        weapons = tuple(r.int_(w, f"{where}.weapons entry", 0, max(count - 1, 0))
                        for w in r.list_(d["weapons"], f"{where}.weapons"))  # fmt: skip
        if count == 0 and weapons:
            raise r.error(f"{where}.weapons: unit '{attacker.id}' has no weapons")
        if len(set(weapons)) != len(weapons):
            raise r.error(f"{where}.weapons names a weapon twice")
    secondary = r.bool_(d.get("secondary", False), f"{where}.secondary")
    aim = d.get("aim")
    if aim is not None:
        codes = target.body.codes if target.body is not None else ()
        if aim not in codes:
            known = ", ".join(codes) or "it has none to aim at"
            raise r.error(f"{where}.aim {json.dumps(aim)} is not a location of unit "
                          f"'{target.id}' ({known})")  # fmt: skip
    return Declaration(ids["attacker"], ids["target"], weapons, secondary, aim,
                       twists.get(ids["attacker"], 0))  # fmt: skip


def _weapons_of(u: Any) -> tuple[Mount, ...]:
    if u.body is not None:
        return u.body.built.weapons
    return u.hull.weapons if u.hull is not None else ()


PHYSICAL_KEYS = ("attacker", "target", "type", "limb")


def read_club(r: Reader, d: Mapping[str, Any], where: str, kind: str) -> str:
    """A unit's `club` (PHY-06): "tree", "arm" or "leg"; only Mechs with arms hold one."""
    if "club" not in d:
        return ""
    club = d["club"]
    if club not in CLUBS:
        raise r.error(f"{where}: club {json.dumps(club)} is not one of {', '.join(CLUBS)}")
    if kind != "biped":
        raise r.error(f"{where}: only two-legged Mechs hold a club (PHY-06), not a {kind} unit")
    return str(club)


def read_physical(r: Reader, top: Mapping[str, Any], units: Mapping[str, Any]) -> Any:
    """The `physical` block (Extension 2): one physical attack, as a Blow (or None)."""
    from game.rules.physical.records import ARM_LIMBS, LEG_LIMBS, PUNCH, TYPES, Blow

    if top.get("physical") is None:
        return None
    d = r.obj(top["physical"], "physical")
    r.keys(d, PHYSICAL_KEYS, "physical")
    ids = {}
    for k in ("attacker", "target", "type"):
        if k not in d:
            raise r.error(f"physical has no '{k}'")
        ids[k] = r.str_(d[k], f"physical.{k}")
    for k in ("attacker", "target"):
        if ids[k] not in units:
            raise r.error(f"physical.{k} '{ids[k]}' is not one of the units")
    if ids["attacker"] == ids["target"]:
        raise r.error("physical: a unit cannot attack itself")
    kind = ids["type"]
    if kind not in TYPES:
        raise r.error(f"physical.type {json.dumps(kind)} is not one of {', '.join(TYPES)}")
    limb = d.get("limb")
    if kind in ("punch", "kick"):
        allowed = ARM_LIMBS if kind == PUNCH else LEG_LIMBS
        if limb not in allowed:
            raise r.error(f"physical.limb must be {' or '.join(allowed)} for a {kind}")
    elif limb is not None:
        raise r.error(f"physical.limb is only given for a punch or a kick, not a {kind}")
    return Blow(ids["attacker"], ids["target"], kind, limb or "")
