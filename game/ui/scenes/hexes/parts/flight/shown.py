"""What the aerospace movement screen's draw (game.ui.scenes.hexes.parts.flight.draw) reads of the
screen that shows it: the flight screen (flight.scene) and the sandbox's fly view
(game.ui.scenes.hexes.sandbox.flight) both answer :class:`FlightShown`."""

from __future__ import annotations

from typing import Protocol

from game.hexgrid import Hex
from game.rules.aero import Flight
from game.state import GameState
from game.ui.map.anim import MoveAnimation, Popup
from game.ui.map.view import MapView
from game.ui.widgets.log_view import LogView
from game.ui.widgets.panels import Button, PanelCache, Row, ScreenLayout
from game.units.unit import Unit

from .plan import FlightPlan


class FlightShown(Protocol):
    """The plan, the fliers and their paths, the flight being shown, the panels; and the
    buttons the draw writes (for the clicks)."""

    buttons: list[Button]

    @property
    def state(self) -> GameState: ...

    @property
    def view(self) -> MapView: ...

    @property
    def cache(self) -> PanelCache: ...

    @property
    def layout(self) -> ScreenLayout: ...

    @property
    def log_view(self) -> LogView: ...

    @property
    def panels(self) -> bool: ...

    @property
    def plan(self) -> FlightPlan | None: ...

    @property
    def anim(self) -> MoveAnimation | None: ...

    @property
    def handoff(self) -> str | None: ...

    @property
    def help(self) -> bool: ...

    @property
    def hover(self) -> Hex | None: ...

    @property
    def mouse(self) -> tuple[int, int]: ...

    def fliers(self) -> tuple[Unit, ...]: ...
    def unit(self) -> Unit | None: ...
    def steps(self) -> tuple[str, ...]: ...
    def flight(self) -> Flight | None: ...
    def forced(self) -> list[Flight]: ...
    def popup(self) -> Popup | None: ...
    def side_rows(self) -> list[Row]: ...
    def log_upto(self) -> int | None: ...
