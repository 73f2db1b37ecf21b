"""Writing scenarios back to contract JSON (the inverse of game.scenario.reader).

Kept apart from the strict reader so each stays short; a sandbox save is
``scenario_to_json(scenario)`` and reads back to an equal scenario.
"""

from __future__ import annotations

import hashlib
from dataclasses import fields
from typing import TYPE_CHECKING, Any

import numpy as np

from game.board import ARRAY_FIELDS, BUILDING_CLASSES, Board, join_roads
from game.designs.roster import built_body, built_hull
from game.hexgrid import Hex
from game.rules.combat.records import Movement
from game.scenario.aero import aero_keys
from game.scenario.units_writer import attack_json, hull_keys, mech_keys
from game.terrain import BY_NAME as TERRAIN
from game.terrain import FLAGS, SCALARS, STRUCTURES
from game.units.unit import AERO, Damage, Unit

if TYPE_CHECKING:
    from game.scenario.reader import Scenario


def scenario_to_json(s: Scenario) -> dict[str, Any]:
    """The scenario as contract JSON: inline terrain only where it differs from clear."""
    out: dict[str, Any] = {"version": s.version}
    if s.options:
        out["options"] = list(s.options)  # Extension 2: tacops
    out["board"] = {"file": s.board_file} if s.board_file else board_to_json(s.board)
    out["units"] = [
        unit_to_json(u, s.board, s.movements.get(u.id), s.twists.get(u.id, 0)) for u in s.units
    ]
    if s.dice is not None:
        out["dice"] = list(s.dice)
    if s.move is not None:
        out["move"] = {"unit": s.move.unit, "mode": s.move.mode, "steps": list(s.move.steps)}
        if not s.move.mode:  # an aerospace move has no mode
            del out["move"]["mode"]
        if s.move.careless:  # ADV-05 (tacops)
            out["move"]["careless"] = True
    if s.attacks:
        blocks = [attack_json(a) for a in s.attacks]
        out |= {"attack": blocks[0]} if len(blocks) == 1 else {"attacks": blocks}
    return out


def board_digest(b: Board) -> str:
    """SHA-256 of the board's terrain arrays and deployment zones: a save's snapshot keeps
    it so that an edited board (or a map file changed since) is noticed on loading."""
    h = hashlib.sha256(f"{b.width}x{b.height}".encode())
    for name in ARRAY_FIELDS:
        a = np.ascontiguousarray(getattr(b, name))
        h.update(f"{name}:{a.dtype.str}".encode())
        h.update(a.tobytes())
    for z in b.zones:
        hexes = ",".join(b.hex_name(x) for x in sorted(z.hexes))
        h.update(f"zone {z.name} {z.side}: {hexes}".encode())
    return h.hexdigest()


# Fields a scenario hex writes (level, water, woods, the flags, the structures' classes).
_WRITTEN = (*SCALARS, *FLAGS, *(part["class"] for part in STRUCTURES.values()))


def board_to_json(b: Board) -> dict[str, Any]:
    joined = join_roads(b.road)
    custom_exits = b.road_exits != joined
    plain = ~custom_exits
    for name in _WRITTEN:  # a hex whose written fields are all a clear hex's is left out
        plain &= getattr(b, name) == TERRAIN[name].default
    hexes: dict[str, Any] = {}
    for row, col in zip(*np.nonzero(~plain), strict=True):
        h = Hex(int(col), int(row))
        hexes[b.hex_name(h)] = _hex_json(b, h, bool(custom_exits[row, col]))
    ordered = dict(sorted(hexes.items()))
    return {"width": b.width, "height": b.height, "hexes": ordered}


def _hex_json(b: Board, h: Hex, custom_exits: bool) -> dict[str, Any]:
    s = b.spec(h)
    d: dict[str, Any] = {}
    for name in (*SCALARS, *FLAGS):
        if getattr(s, name) != TERRAIN[name].default:
            d[name] = getattr(s, name)
    if custom_exits:
        d["road_exits"] = list(s.road_exits or ())
    for kind, part in STRUCTURES.items():  # building {class, cf, height}, bridge {...}
        cls = getattr(s, part["class"])
        if cls:
            d[kind] = {k: getattr(s, name) for k, name in part.items()}
            d[kind]["class"] = BUILDING_CLASSES[cls]
    return d


def posture_keys(u: Unit) -> dict[str, Any]:
    """Extension 2's posture keys: hull-down (tacops, ADV-11), a WiGE in flight and its
    altitude (ADV-17/23), a submarine's depth (ADV-25), a platoon's troopers and motive
    (Extension 4); none for a unit on the ground as usual."""
    out: dict[str, Any] = {"hull_down": True} if u.hull_down else {}
    if u.kind == "wige" and u.wige_airborne:
        out |= {"airborne": True, "altitude": u.altitude}
    if u.kind == "vtol" and (u.landed or u.altitude > 1):  # ADV-25 (our extension)
        out |= {"airborne": False} if u.landed else {"altitude": u.altitude}
    if u.kind == "submarine":
        out["depth"] = u.depth  # ADV-25 (our extension)
    if u.platoon is not None:  # Extension 4: troopers left and motive type (MOV-33)
        out |= {"troopers": u.platoon.troopers, "motive": u.platoon.motive}
    return out


def unit_to_json(
    u: Unit, board: Board, movement: Movement | None = None, twist: int = 0
) -> dict[str, Any]:
    d: dict[str, Any] = {"model": u.design} if u.design else {}
    d |= {
        "id": u.id,
        "side": u.side,
        "kind": u.kind,
        "tons": u.tons,
        "walk": u.walk,
        "at": board.hex_name(u.at),
        "facing": u.facing,
        "jump": u.jump,
        "piloting": u.piloting,
        "gunnery": u.gunnery,
        "prone": u.prone,
        "heat": u.heat,
    }
    if u.kind == AERO:  # flight keys instead of the ground ones (Extension 2, Aerospace)
        del d["prone"], d["heat"]
        d |= aero_keys(u)
    d |= posture_keys(u)
    default = Damage()
    damage = {
        f.name: getattr(u.damage, f.name)
        for f in fields(Damage)
        if getattr(u.damage, f.name) != getattr(default, f.name)
    }
    combat: dict[str, Any] = {}
    if u.body is not None:
        legs, crit_keys, combat = mech_keys(u.body, built_body(u))
        if legs:
            damage["legs_destroyed"] = legs
        damage |= crit_keys
    elif u.hull is not None:
        lost, combat = hull_keys(u.hull, built_hull(u))
        if lost:
            damage["weapons_destroyed"] = lost
    if damage:
        d["damage"] = damage
    d["moved"] = u.moved
    if u.name:
        d["name"] = u.name
    if not u.offroad:
        d["offroad"] = False  # MOV-31; omitted when true, the default
    d |= combat
    if movement is not None and movement != Movement():
        d["movement"] = {"mode": movement.mode, "hexes": movement.hexes,
                         "skidded": movement.skidded}  # fmt: skip
    if twist:
        d["torso_twist"] = twist
    return d
