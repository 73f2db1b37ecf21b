"""A conventional infantry platoon's record: troopers, weapon and motive type (CMB-39..44,
MOV-33; standard TW values, not in the seeds).

A platoon is one location (CMB-39): every point of damage that reaches it removes one
trooper (CMB-41) and it is destroyed at 0 troopers. Its attack strength is its troopers
left (CMB-42). The platoons of this build carry the standard rifle (the Auto-Rifle:
0.52 damage a trooper, infantry range value 1, CMB-42).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

FOOT = "foot"
JUMP = "jump"
MOTIVES = (FOOT, JUMP)
# MOV-33: ground MP and jump MP by motive type (the types this build fields).
MOTIVE_MP = {FOOT: (1, 0), JUMP: (1, 3)}
MAX_TROOPERS = 30  # the cluster table's last platoon-sized column (CMB-25)
DEFAULT_TROOPERS = 28  # a foot rifle platoon, four squads of seven (Extension 4's default)


@dataclass(frozen=True, slots=True)
class InfantryWeapon:
    """An infantry weapon: damage per trooper (CMB-42) and its infantry range value."""

    name: str
    per_trooper: float
    range_value: int


RIFLE = InfantryWeapon("Rifle", 0.52, 1)  # CMB-42: MegaMek's Auto-Rifle, TechManual value


@dataclass(frozen=True, slots=True)
class Platoon:
    """Troopers left, troopers at full strength, motive type and the weapon carried."""

    troopers: int = DEFAULT_TROOPERS
    full: int = DEFAULT_TROOPERS
    motive: str = FOOT
    weapon: InfantryWeapon = RIFLE

    @property
    def destroyed(self) -> bool:
        """CMB-41: a platoon is destroyed at 0 troopers."""
        return self.troopers <= 0

    def lose(self, points: int) -> Platoon:
        """CMB-41: one trooper per point of damage (never below 0)."""
        return replace(self, troopers=max(self.troopers - max(points, 0), 0))


def platoon(troopers: int = DEFAULT_TROOPERS, motive: str = FOOT,
            full: int | None = None) -> Platoon:  # fmt: skip
    """A platoon of ``troopers`` (full strength ``full``, default the same)."""
    return Platoon(troopers, troopers if full is None else full, motive)
