"""What a physical attack is declared as, and the facts of the turn the rules read.

Frozen records only. A :class:`Blow` is one attack (two punches are two blows); the
:class:`Context` carries what the attack rules need besides the board and the units: how
each unit moved (CMB-12/13), which locations fired weapons this turn (PHY-04/06/07/08),
the MP each unit has left (PHY-19), the torso twist (CMB-09) and where a death from above
began (PHY-13).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ...hexgrid import Hex
from ..combat.records import Movement

PUNCH, KICK, PUSH, CLUB, CHARGE, DFA = "punch", "kick", "push", "club", "charge", "dfa"
TYPES = (PUNCH, KICK, PUSH, CLUB, CHARGE, DFA)
MOVEMENT_ATTACKS = frozenset({CHARGE, DFA})  # PHY-02/10: declared in the movement phase
NAMES = {PUNCH: "punch", KICK: "kick", PUSH: "push", CLUB: "club", CHARGE: "charge",
         DFA: "death from above"}  # fmt: skip
ARM_LIMBS = ("LA", "RA")
LEG_LIMBS = ("LL", "RL")
TABLES = ("punch", "kick", "normal")

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Blow:
    """One physical attack: ``kind`` one of TYPES, ``limb`` LA/RA for a punch and LL/RL for
    a kick (else ""). ``hexes`` are the hexes a charger entered this turn (PHY-11); ``at``
    the target's hex at the declaration: a Mech in physical attack defence that walks away
    afterwards is no longer there, and the attack has no effect (ADV-01)."""

    attacker: str
    target: str
    kind: str
    limb: str = ""
    hexes: int = 0
    start: Hex | None = None  # a DFA: where its jump began (PHY-13)
    at: Hex | None = None  # where the target stood when it was declared (ADV-01 step-away)

    def to_json(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "target": self.target, "type": self.kind,
                "limb": self.limb or None}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Context:
    """The turn so far, as the physical rules read it (all keyed by unit id).

    ``fired``: locations whose weapons fired this turn; ``mp_left``: MP a unit has not
    used this turn (a dodge, PHY-19; absent: it cannot dodge); ``twists``: torso twist
    (CMB-09); ``starts``: the hex a death from above began in (PHY-13 attack direction).
    """

    movements: Mapping[str, Movement] = field(default_factory=lambda: _EMPTY)
    fired: Mapping[str, frozenset[str]] = field(default_factory=lambda: _EMPTY)
    mp_left: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    twists: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    starts: Mapping[str, Hex] = field(default_factory=lambda: _EMPTY)

    def movement(self, unit_id: str) -> Movement:
        return self.movements.get(unit_id, Movement())


NO_CONTEXT = Context()
