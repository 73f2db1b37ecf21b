"""Pointing at an enemy's hex the move may end in (MOV-35): the move, or the charge.

MOV-35 lets a unit enter a hex holding an enemy (a vehicle or a platoon, or a Mech where
MOV-34 has room) and stop there. Pointing at such a hex shows that move, titled so ("it
stops there"; a Mech among platoons only does not stop); where a charge (walk/run) or a
death from above (jump) on the enemy there can also be made, the summary offers it: C
shows the attack instead (its path beside the enemy, its number), and C, Enter or a second
click declares it as before. Pointing at any other hex goes back to the move. An enemy hex
the move cannot end in is aimed at as before (the attack shown at once). No pygame here.
"""

from __future__ import annotations

from game.hexgrid import Hex
from game.state import GameState
from game.ui.scenes.hexes.move_plan import Plan
from game.ui.scenes.hexes.parts.movement.charge import charge_view
from game.units.unit import INFANTRY, Unit


def foes_in(state: GameState, unit_id: str, h: Hex | None) -> list[Unit]:
    """The enemies of ``unit_id`` in play in ``h``."""
    mine = state.unit(unit_id)
    if mine is None or h is None:
        return []
    return [u for u in state.units
            if u.at == h and u.side != mine.side and not state.is_destroyed(u)]  # fmt: skip


def moves_in(plan: Plan, state: GameState, h: Hex, charging: Hex | None) -> bool:
    """Show the move into ``h`` (not an attack on the enemy there): the reach ends there
    (MOV-35), and the player has not chosen the attack (C) there. Platoon-only hexes are
    always walked into: a platoon cannot be charged (CMB-44), it is stomped later."""
    foes = foes_in(state, plan.unit_id, h)
    if not foes or h not in plan.reach(state).hexes:
        return False
    return all(u.kind == INFANTRY for u in foes) or charging != h


def attack_offer(plan: Plan, state: GameState, h: Hex) -> str | None:
    """The summary's line offering the attack on the enemy in ``h`` the move goes into, or
    None when no such attack can be made (a platoon, no approach, 12+)."""
    foes = [u for u in foes_in(state, plan.unit_id, h) if u.kind != INFANTRY]
    if not foes:
        return None
    view = charge_view(plan, state, foes[0])
    if not view.ready:
        return None
    return f"C: {view.name} {foes[0].id} instead (a physical attack, PHY-10/12)"
