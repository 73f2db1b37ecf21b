"""What must hold in every state a game reaches: the headless autoplay, the fuzzers and
the property tests check it after every action.

Each check returns the problems it finds as sentences; an empty list means the state is
sound.
"""

from __future__ import annotations

from collections import Counter

from game.rules.move.diving import water_depth
from game.rules.move.stacking import broken as stacking_broken
from game.units.craft import Craft
from game.units.mech import MechBody

from .state import GameState


def problems(state: GameState) -> list[str]:
    """Every broken invariant of ``state``, as one sentence each."""
    out: list[str] = []
    placed = [u for u in state.units if state.board.contains(u.at)]
    alive = [u for u in placed if not state.is_destroyed(u)]
    ground = [u for u in alive if not u.airborne]  # aerospace units fly over (AERO-06)
    if state.rules.classic:
        shared = [h for h, n in Counter(u.at for u in ground).items() if n > 1]
        for h in shared:  # MOV-30: one unit per hex (GAP G09, as the engine applies it)
            ids = ", ".join(u.id for u in ground if u.at == h)
            out.append(f"units {ids} share hex {state.board.hex_name(h)}")
    else:  # MOV-34: the TW limits per hex and height band
        out.extend(stacking_broken(ground, state.rules))
    for u in placed:  # ADV-25: a submarine is never deeper than the water of its hex
        if u.depth > water_depth(state.board, u.at):
            out.append(f"{u.id}'s depth {u.depth} is deeper than the water of "
                       f"{state.board.hex_name(u.at)}")  # fmt: skip
    ids = [u.id for u in state.units]
    if len(set(ids)) != len(ids):
        out.append("two units have the same id")
    for u in state.units:
        if not 0 <= u.facing <= 5:
            out.append(f"{u.id} faces {u.facing}, not 0..5")
        if u.side not in state.sides:
            out.append(f"{u.id} belongs to side {u.side!r}, not one of {state.sides}")
        if u.body is not None:
            out.extend(_body_problems(u.id, u.body))
        if u.craft is not None:
            out.extend(_craft_problems(u.id, u.craft))
        if u.platoon is not None and not 0 <= u.platoon.troopers <= u.platoon.full:
            out.append(f"{u.id} has {u.platoon.troopers} troopers, not 0..{u.platoon.full}")
    return out


def _craft_problems(unit_id: str, c: Craft) -> list[str]:
    """An aerospace unit's thrust and velocity stay whole and within its means."""
    out = []
    if min(c.velocity, c.thrust, c.thrust_used, c.safe_thrust) < 0:
        out.append(f"{unit_id} has a negative velocity or thrust")
    if c.thrust + c.thrust_used > c.max_thrust:  # a turn's thrust: spent plus left
        out.append(f"{unit_id} has more thrust than its maximum {c.max_thrust}")
    return out


def _body_problems(unit_id: str, body: MechBody) -> list[str]:
    out = []
    for code in body.codes:
        loc = body[code]
        if min(loc.armour, loc.rear, loc.structure) < 0:
            out.append(f"{unit_id}'s {code} has negative armour or structure")
        if loc.destroyed and loc.structure:
            out.append(f"{unit_id}'s {code} is destroyed but keeps structure")
    return out
