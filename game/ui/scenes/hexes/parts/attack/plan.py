"""The weapon attack screen's plan: the fire the player is putting together for one unit
(UI state only; game.ui.scenes.hexes.attack.scene builds it, its draw reads it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.phases.weapons import DeclareFire


@dataclass(slots=True)
class FirePlan:
    """The attacks the player is putting together for one unit (UI state only)."""

    unit_id: str
    target: str | None = None
    twist: int = 0
    fire: dict[str, set[int]] = field(default_factory=dict)  # target -> weapon indexes

    def weapons_at(self, target: str) -> set[int]:
        return self.fire.setdefault(target, set())

    def assigned_elsewhere(self, target: str) -> set[int]:
        return {w for t, ws in self.fire.items() if t != target for w in ws}

    def action(self) -> DeclareFire:
        """The DeclareFire of this plan: the current target first (the primary one)."""
        order = sorted((t for t, ws in self.fire.items() if ws), key=lambda t: t != self.target)
        weapons = tuple(tuple(sorted(self.fire[t])) for t in order)
        return DeclareFire(self.unit_id, tuple(order), weapons, self.twist)
