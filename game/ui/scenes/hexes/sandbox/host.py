"""What the sandbox's views of the other phases (sandbox.attack's fire and strike views,
sandbox.flight's fly view) take from the sandbox screen that owns them: the parts they
draw with (its map view, panel cache and log view, on its frame: game.ui.scenes.hexes.stage)
and the few things they ask of it - the what-if toggle, the view to show next, what to
do after an attack or a flight, the panel toggle."""

from __future__ import annotations

from typing import Protocol

from game.ui.app.app import App
from game.ui.map.view import MapView
from game.ui.scenes.hexes.stage import Stage
from game.ui.widgets.log_view import LogView
from game.ui.widgets.panels import PanelCache, ScreenLayout


class SandboxHost(Protocol):
    """The sandbox screen as its hosted views see it."""

    panels: bool  # the sandbox screen's side and log panels (Tab)

    @property
    def app(self) -> App: ...

    @property
    def view(self) -> MapView: ...

    @property
    def cache(self) -> PanelCache: ...

    @property
    def log_view(self) -> LogView: ...

    @property
    def layout(self) -> ScreenLayout: ...

    @property
    def what_if(self) -> bool: ...

    def set_tool(self, tool: str) -> None: ...
    def after_attack(self) -> None: ...
    def after_flight(self, unit_id: str) -> None: ...
    def to_move(self, unit_id: str) -> None: ...
    def hand_flier(self, unit_id: str) -> bool: ...
    def resize(self, fit: bool = False) -> None: ...


def hosted_stage(host: SandboxHost) -> Stage:
    """A view's stage: the sandbox screen's map view, cache and log, on its frame."""
    return Stage(host.view, host.cache, host.log_view, frame=host)
