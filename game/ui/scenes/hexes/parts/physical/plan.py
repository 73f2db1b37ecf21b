"""The physical attack screen's plan: the attacks the player is choosing for one unit
(UI state only; game.ui.scenes.hexes.physical.scene builds it, its draw reads it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.phases.physical import DeclarePhysical

from .defence_walk import WalkPlan


@dataclass(slots=True)
class BlowPlan:
    """The attacks the player is choosing for one unit (UI state only)."""

    unit_id: str
    target: str | None = None
    chosen: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, target, limb)
    walk: WalkPlan | None = None  # ADV-01: a defence walk being planned first

    def action(self) -> DeclarePhysical:
        return DeclarePhysical(self.unit_id, tuple(c[0] for c in self.chosen),
                               tuple(c[1] for c in self.chosen),
                               tuple(c[2] for c in self.chosen))  # fmt: skip
