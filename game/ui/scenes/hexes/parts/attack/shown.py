"""What the weapon attack screen's helpers read of the screen that shows them: the attack
screen itself (game.ui.scenes.hexes.attack.scene) and the sandbox's fire view
(game.ui.scenes.hexes.sandbox.attack) both answer :class:`AttackShown`, so the draw
(game.ui.scenes.hexes.parts.attack.draw) and the numbers (attack.odds) take either."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules.combat.tohit import AttackOptions
from game.rules.heat import HeatReport
from game.state import GameState
from game.ui.map.anim import Popup
from game.ui.scenes.hexes.parts.attack.plan import FirePlan
from game.ui.scenes.hexes.stage import Shown
from game.ui.widgets.panels import Button, PanelCache
from game.units.unit import Unit


class Aiming(Protocol):
    """The plan, the game, the answers at a target and the panel cache (attack.odds)."""

    @property
    def plan(self) -> FirePlan | None: ...

    @property
    def state(self) -> GameState: ...

    @property
    def cache(self) -> PanelCache: ...

    def options(self, target: str) -> AttackOptions | None: ...


class AttackShown(Aiming, Shown, Protocol):
    """Everything the weapon attack screen's draw reads, and the two lists it writes (the
    rows and buttons on screen, for the clicks)."""

    rows: list[tuple[pygame.Rect, int]]
    buttons: list[Button]

    @property
    def hover_row(self) -> int | None: ...

    @property
    def popups(self) -> list[tuple[Popup, int]]: ...

    @property
    def writes_layout(self) -> bool: ...

    def attacker(self) -> Unit | None: ...
    def heat(self) -> HeatReport | None: ...
