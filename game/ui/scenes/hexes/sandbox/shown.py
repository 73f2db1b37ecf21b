"""The sandbox screen's state as its input and draw (sandbox.input, sandbox.draw) see it:
the movement screen's (game.ui.scenes.hexes.parts.movement.shown) and the sandbox's own - the
palette, the editor, the tool shown, the piece carried, the views of the other phases."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.hexgrid import Hex
from game.ui.scenes.hexes.parts.movement.shown import MovementShown
from game.ui.scenes.hexes.sandbox.attack import FireView, StrikeView
from game.ui.scenes.hexes.sandbox.flight import FlightView
from game.ui.scenes.hexes.sandbox.guide import Guide
from game.ui.scenes.hexes.sandbox.pieces import Carry, Palette
from game.ui.widgets.panels import Button

HostedView = FireView | StrikeView | FlightView  # the view of another phase shown


class SandboxShown(MovementShown, Protocol):
    """What the sandbox's input and draw read and set on its screen."""

    palette_rect: pygame.Rect
    palette_buttons: list[Button]
    editor_buttons: list[Button]
    editor_more: int  # editor lines below the panel (the wheel scrolls)
    edit_scroll: int
    edit_loc: str | None
    tool: str  # move, edit, attack, strike or fly (sandbox.scene.TOOLS)
    what_if: bool
    carry: Carry | None
    carry_hex: Hex | None
    grab: tuple[tuple[int, int], str] | None  # a press on a unit: where, its id
    dice_prompt: str | None

    @property
    def palette(self) -> Palette: ...

    @property
    def guide(self) -> Guide: ...

    @property
    def fire(self) -> FireView: ...

    @property
    def strike(self) -> StrikeView: ...

    @property
    def flyer(self) -> FlightView: ...

    def selected_id(self) -> str | None: ...
    def set_tool(self, tool: str) -> None: ...
    def history_step(self, how: str) -> None: ...
