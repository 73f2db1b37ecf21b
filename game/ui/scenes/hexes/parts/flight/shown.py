"""What the aerospace movement screen's draw (game.ui.scenes.hexes.parts.flight.draw) reads of the
screen that shows it: the flight screen (flight.scene) and the sandbox's fly view
(game.ui.scenes.hexes.sandbox.flight) both answer :class:`FlightShown`."""

from __future__ import annotations

from typing import Protocol

from game.rules.aero import Flight
from game.ui.map.anim import MoveAnimation, Popup
from game.ui.scenes.hexes.stage import Shown
from game.ui.widgets.panels import Button, Row
from game.units.unit import Unit

from .plan import FlightPlan


class FlightShown(Shown, Protocol):
    """The plan, the fliers and their paths, the flight being shown, the panels; and the
    buttons the draw writes (for the clicks)."""

    buttons: list[Button]

    @property
    def plan(self) -> FlightPlan | None: ...

    @property
    def anim(self) -> MoveAnimation | None: ...

    def fliers(self) -> tuple[Unit, ...]: ...
    def unit(self) -> Unit | None: ...
    def steps(self) -> tuple[str, ...]: ...
    def flight(self) -> Flight | None: ...
    def forced(self) -> list[Flight]: ...
    def popup(self) -> Popup | None: ...
    def side_rows(self) -> list[Row]: ...
