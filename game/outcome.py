"""How a game ends: who won, why, at which turn - a function of the state alone.

The play screen, the headless autoplay, the sandbox and a future bot all ask
:func:`outcome`; the turn engine refuses every action once it has an answer.

- A side wins when every unit of the other side is out of the fight: destroyed, or
  unable ever to move or fire again (a gyro or both hips destroyed, both legs of a biped
  gone, a vehicle immobilised, and no weapon left that can fire: destroyed, out of
  ammunition or blind, CMB-32..38). Shut-down and unconscious units still count: they
  may restart and wake (HEAT-08, PSR-21). When the last units of every side go at once,
  the game is a draw.
- A conventional infantry platoon fights like any unit (CMB-39..44) and keeps its side in
  the fight while it has troopers (CMB-41: destroyed at 0). Aerospace fighters keep no
  side in the fight (no aerospace combat: no weapons), nor does a submerged submarine
  (ADV-25: underwater combat is a gap of the digest, so under the water it neither
  attacks nor can be attacked; surfaced it counts as any vessel).
- A game started with a turn limit ends after that turn, decided by the damage each side
  dealt (armour and structure the other side's units lost, and troopers: one a point,
  CMB-41); equal damage is a draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.designs.roster import built_body, built_hull
from game.units.unit import Unit

from .designs import weapons_table
from .rules.combat.tohit import has_ammo, mounts, weapon_gone
from .state import GameState


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game: the winning side (None for a draw), why, and the turn it ended."""

    winner: str | None
    reason: str
    turn: int

    @property
    def headline(self) -> str:
        """E.g. "Side A wins - turn 4" or "Draw - no units left - turn 3"."""
        if self.winner is None:
            return f"Draw - {self.reason} - turn {self.turn}"
        return f"Side {self.winner} wins - turn {self.turn}"

    def to_json(self) -> dict[str, object]:
        return {"winner": self.winner, "reason": self.reason, "turn": self.turn}


def can_move_again(u: Unit) -> bool:
    """Whether the unit could ever move again (temporary states do not count)."""
    if u.walk <= 0:
        return False
    if u.hull is not None:
        return not u.hull.immobile
    if not u.is_mech:
        return True
    c = u.crits
    legs_gone = u.legs_destroyed >= (2 if u.kind == "biped" else 3)
    return not (c.gyro >= 2 or c.hips >= 2 or legs_gone)


def can_fire_again(u: Unit) -> bool:
    """Whether any weapon of the unit could ever fire again (CMB-32: sensors gone; a
    platoon: while it has troopers, CMB-41/42)."""
    if u.platoon is not None:
        return not u.platoon.destroyed
    if u.crits.sensors >= 2:
        return False
    table = weapons_table()
    return any(
        not weapon_gone(u, i) and (not table[m.weapon].uses_ammo or has_ammo(u, m.weapon))
        for i, m in enumerate(mounts(u))
    )


def in_the_fight(state: GameState, u: Unit) -> bool:
    """On the map, not destroyed, able to move or fire again some day, and not a unit that
    can neither attack nor be attacked where it is: a submerged submarine (see the module
    docstring)."""
    if u.submerged:
        return False
    if not state.board.contains(u.at) or state.is_destroyed(u):
        return False
    return can_move_again(u) or can_fire_again(u)


def damage_taken(u: Unit) -> int:
    """Armour and structure the unit has lost since it was built (a platoon: troopers)."""
    if u.platoon is not None:
        return max(u.platoon.full - u.platoon.troopers, 0)
    built = built_body(u) if u.body is not None else built_hull(u)
    now = u.body if u.body is not None else u.hull
    if built is None or now is None:
        return 0
    full = built.total_armour() + built.total_structure()
    return max(full - now.total_armour() - now.total_structure(), 0)


def outcome(state: GameState) -> Result | None:
    """The result of a finished game, or None while it goes on (or has not begun: no turn
    has started yet, so forces are still being picked and deployed)."""
    if state.turn == 0 or not state.units:
        return None
    fighting = sorted({u.side for u in state.units if in_the_fight(state, u)})
    if not fighting:
        return Result(None, "no units left", state.turn)
    if len(fighting) == 1:
        lost = ", ".join(s for s in state.sides if s != fighting[0])
        return Result(fighting[0], f"side {lost} has no units left in the fight", state.turn)
    limit = state.start.turn_limit
    if limit is not None and state.turn > limit:
        return _by_damage(state, limit)
    return None


def _by_damage(state: GameState, limit: int) -> Result:
    dealt = {
        side: sum(damage_taken(u) for u in state.units if u.side != side) for side in state.sides
    }
    text = ", ".join(f"{s} dealt {d}" for s, d in dealt.items())
    best = max(dealt.values())
    winners = [s for s, d in dealt.items() if d == best]
    if len(winners) > 1:
        return Result(None, f"turn limit {limit}: equal damage ({text})", limit)
    return Result(winners[0], f"turn limit {limit}: {text}", limit)
