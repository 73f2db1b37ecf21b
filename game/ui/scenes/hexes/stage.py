"""What an interaction shares with the screen that owns it (issue 24): the weapon attack,
physical attack and flight screens' interactions (game.ui.scenes.hexes.targets,
game.ui.scenes.hexes.flight.scene) are built from a :class:`Stage` - the map view, the
panel cache, the log view and the frame (layout and panel toggle) they draw in. A phase
screen builds its own stage (:func:`own_stage`: it lays itself out); the sandbox screen
hands its views a stage of its own parts, with itself as the frame (it lays them out).

:class:`Shown` is what every interaction's helpers (their draw, input and numbers) read of
the screen that shows them; each interaction's ``shown.py`` protocol extends it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.hexgrid import Hex
from game.state import GameState
from game.ui.app.app import App
from game.ui.map.view import MapView, tiles_for
from game.ui.widgets.log_view import LogView
from game.ui.widgets.panels import PanelCache, ScreenLayout, screen_layout


class Frame(Protocol):
    """Where an interaction is drawn: the screen's layout and whether its panels show."""

    @property
    def layout(self) -> ScreenLayout: ...

    @property
    def panels(self) -> bool: ...


class Shown(Protocol):
    """The members every interaction's screen has alike: the app, the game, the stage's
    parts (map view, cache, log view) and frame (layout, panels), the pointer, the help
    and hand-off overlays, and how far the log may show. Read-only here; a protocol that
    extends it redeclares as a plain attribute what its helpers set."""

    @property
    def app(self) -> App: ...

    @property
    def state(self) -> GameState: ...

    @property
    def view(self) -> MapView: ...

    @property
    def cache(self) -> PanelCache: ...

    @property
    def layout(self) -> ScreenLayout: ...

    @property
    def panels(self) -> bool: ...  # the side and log panels are shown (Tab)

    @property
    def log_view(self) -> LogView: ...

    @property
    def handoff(self) -> str | None: ...  # the side the hand-off prompt waits for

    @property
    def help(self) -> bool: ...

    @property
    def hover(self) -> Hex | None: ...

    @property
    def mouse(self) -> tuple[int, int]: ...

    def log_upto(self) -> int | None: ...


@dataclass(slots=True)
class OwnFrame:
    """A phase screen's own layout and panel toggle (Tab)."""

    layout: ScreenLayout
    panels: bool = True


@dataclass(frozen=True, slots=True)
class Stage:
    """The parts an interaction draws with; ``frame`` None: its own (:class:`OwnFrame`)."""

    view: MapView
    cache: PanelCache
    log_view: LogView
    frame: Frame | None = None


def own_stage(state: GameState) -> Stage:
    """A phase screen's stage: a map view of the game's board, a fresh cache and log."""
    return Stage(MapView(state.start_board or state.board, tiles_for(state)), PanelCache(),
                 LogView())  # fmt: skip


def lay_out(frame: Frame, view: MapView, size: tuple[int, int], fit: bool) -> None:
    """A screen of ``size`` pixels: its own frame laid out afresh and the view fitted to
    it; a host's frame is the host's to lay out."""
    if isinstance(frame, OwnFrame):
        frame.layout = screen_layout(size[0], size[1], frame.panels)
        view.set_view(frame.layout.map, fit=fit)
