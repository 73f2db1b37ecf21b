"""What the turn engine hands the combat rules: how each unit moved, what it declared.

Frozen records only; the game keeps a MoveRecord per unit per turn (game.state) and turns
it into a :class:`Movement`; the scenario reader builds both from a scenario's
``movement``, ``torso_twist`` and ``attack`` / ``attacks`` keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

MOVE_MODES = ("stand", "walk", "run", "jump", "defend")  # defend: ADV-01 (tacops)


@dataclass(frozen=True, slots=True)
class Movement:
    """What a unit did this turn, for to-hit (CMB-12/13) and heat (HEAT-02).

    ``mode`` is the mode that counts for combat (minimum movement counts as ``run``);
    ``hexes`` the hexes that count for the target movement modifier; ``heat`` the movement
    heat when the move answer gave it (None: derived from mode and hexes, HEAT-02).
    """

    mode: str = "stand"
    hexes: int = 0
    skidded: bool = False
    heat: int | None = None
    exposed: bool = False  # PHY-12: in the air for a death from above

    def movement_heat(self) -> int:
        """HEAT-02: walk 1, run 2, jump 1 per hex (at least 3); stood still 0."""
        if self.heat is not None:
            return self.heat
        return {"stand": 0, "walk": 1, "run": 2, "defend": 0}.get(self.mode, max(self.hexes, 3))


STOOD_STILL = Movement()


def movement_of(movements: Mapping[str, Movement], unit_id: str) -> Movement:
    return movements.get(unit_id, STOOD_STILL)


@dataclass(frozen=True, slots=True)
class Declaration:
    """One weapon attack declared against one target (CMB-01).

    ``weapons`` are indexes into the attacker's weapons (None: all of them); ``secondary``
    marks a secondary target (CMB-16); ``aim`` a location for an aimed shot (CMB-21);
    ``twist`` the attacker's torso twist this turn, -1 left, 0, 1 right (CMB-09). Every
    declaration of one attacker carries the same twist.
    """

    attacker: str
    target: str
    weapons: tuple[int, ...] | None = None
    secondary: bool = False
    aim: str | None = None
    twist: int = 0
