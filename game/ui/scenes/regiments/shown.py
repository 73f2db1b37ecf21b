"""The regiments screen's state as its helpers see it: the draw (regiments.draw), the
files (regiments.files) and the sandbox's tools (regiments.tools, drawn by tools_draw)
take :class:`RegimentsShown`; the screen (regiments.scene) answers it, and its sandbox
tools answer :class:`ToolsShown`."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import pygame

from game.core.actions import Action
from game.core.history import History
from game.regiments.regiment import Regiment
from game.regiments.state import RegimentState
from game.regiments.verdict import Verdict
from game.ui.app.app import App
from game.ui.scenes.regiments.plan import Drag, Plan
from game.ui.scenes.regiments.view import Scenery, TableCamera
from game.ui.widgets.panels import Button, ScreenLayout


class RegimentTools(Protocol):
    """The sandbox's tools as the screen's draw sees them."""

    @property
    def help_rows(self) -> tuple[tuple[str, str], ...]: ...

    @property
    def unit_type(self) -> str | None: ...  # placing this type while set

    def draw_map(self, screen: pygame.Surface) -> None: ...
    def draw_panel(self, screen: pygame.Surface) -> None: ...


class RegimentsShown(Protocol):
    """The game and its undo line, the table's camera and scenery, the order planned and
    the rules' verdict on it, the panels; the buttons the draw writes (for the clicks)."""

    buttons: list[Button]

    @property
    def app(self) -> App: ...

    @property
    def state(self) -> RegimentState: ...

    @property
    def history(self) -> History[RegimentState]: ...

    @property
    def scenery(self) -> Scenery: ...

    @property
    def cam(self) -> TableCamera: ...

    @property
    def layout(self) -> ScreenLayout: ...

    @property
    def plan(self) -> Plan | None: ...

    @property
    def drag(self) -> Drag | None: ...

    @property
    def verdict(self) -> Verdict | None: ...

    @property
    def panels(self) -> bool: ...

    @property
    def help(self) -> bool: ...

    @property
    def saves(self) -> list[Path] | None: ...  # the load list while it is open

    @property
    def mouse(self) -> tuple[int, int]: ...

    @property
    def tools(self) -> RegimentTools | None: ...

    def waiting_charge(self) -> Verdict | None: ...
    def act(self, action: Action) -> bool: ...
    def select(self, unit: str | None) -> None: ...


class ToolsShown(Protocol):
    """The sandbox's tools as their draw (regiments.tools_draw) sees them."""

    @property
    def scene(self) -> RegimentsShown: ...

    @property
    def army(self) -> str: ...

    @property
    def side(self) -> str: ...

    @property
    def unit_type(self) -> str | None: ...

    @property
    def carrying(self) -> str | None: ...

    @property
    def active(self) -> bool: ...

    def types(self) -> list[str]: ...
    def ghost(self) -> tuple[Regiment, str | None] | None: ...
