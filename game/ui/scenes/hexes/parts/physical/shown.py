"""What the physical attack screen's draw (game.ui.scenes.hexes.parts.physical.draw) reads of the
screen that shows it: the physical attack screen (physical.scene) and the sandbox's strike
view (game.ui.scenes.hexes.sandbox.attack) both answer :class:`PhysicalShown`."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules.physical.options import PhysicalOption
from game.ui.scenes.hexes.target_draw import TargetShown
from game.ui.widgets.panels import Button
from game.units.unit import Unit

from .defence_walk import WalkPlan
from .plan import BlowPlan


class PhysicalShown(TargetShown, Protocol):
    """The shared attack screen's part, the plan of blows and the attacks at a target, and
    the two lists the draw writes (the rows and buttons on screen, for the clicks)."""

    rows: list[tuple[pygame.Rect, int]]
    buttons: list[Button]

    @property
    def plan(self) -> BlowPlan | None: ...

    @property
    def hover_row(self) -> int | None: ...

    def attacker(self) -> Unit | None: ...
    def attacks(self, target: str) -> list[PhysicalOption]: ...
    def best(self, target: str) -> int | None: ...
    def walking(self) -> WalkPlan | None: ...
    def _visible_enemies(self) -> list[str]: ...
