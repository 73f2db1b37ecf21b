"""The map-and-panels part of a screen's input, shared by the screens built on a MapView
with a log panel (game.ui.scenes.hexes.targets, game.ui.scenes.hexes.flight.scene): a key goes to
the screen, Space held pans, the wheel over the log scrolls it, the view pans and zooms, the pointer
moves the hovered hex, a left click goes to the screen. Screens decide what comes before
(help, dice pop-ups, the hand-off prompt)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.hexgrid import Hex
from game.ui.map.view import MapView
from game.ui.widgets.log_view import LogView
from game.ui.widgets.panels import ScreenLayout

LOG_PAGE = 4  # rows a page key scrolls the log panel by


class MapScreen(Protocol):
    """What :func:`route` reads and sets on a screen built on a MapView with a log panel."""

    space: bool  # Space is held: a left drag pans
    mouse: tuple[int, int]
    hover: Hex | None

    @property
    def view(self) -> MapView: ...

    @property
    def layout(self) -> ScreenLayout: ...

    @property
    def log_view(self) -> LogView: ...

    @property
    def panels(self) -> bool: ...  # the side and log panels are shown


def route(
    scene: MapScreen,
    event: pygame.event.Event,
    on_key: Callable[[pygame.event.Event], bool],
    on_click: Callable[[tuple[int, int]], None],
    on_motion: Callable[[tuple[int, int]], None] | None = None,
) -> bool:
    """One event on the map screen ``scene`` (its view, layout, log_view, panels, space,
    mouse and hover); ``on_motion`` also hears a pointer move the view did not take.
    True if the event was used: ``on_key`` says so for a key; a key let go (but Space), a
    button other than the left one or a wheel without a turn is not."""
    if event.type == pygame.KEYDOWN:
        return on_key(event)
    if event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
        scene.space = False
        return True
    if event.type == pygame.KEYUP:
        scene.view.handle(event, scene.space)  # a pan key let go stops the held panning
        return False
    if scene.panels and scene.log_view.handle(event, scene.layout.log, LOG_PAGE):
        return True
    if scene.view.handle(event, scene.space):
        scene.hover = scene.view.hex_at(getattr(event, "pos", scene.mouse))
        return True
    if event.type == pygame.MOUSEMOTION:
        scene.mouse = event.pos
        scene.hover = scene.view.hex_at(event.pos)
        if on_motion is not None:
            on_motion(event.pos)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        on_click(event.pos)
        return True
    if event.type == pygame.MOUSEWHEEL and event.y:
        scene.view.zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())
        return True
    return False
