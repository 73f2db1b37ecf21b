"""What the weapon and the physical attack screens draw alike (beside game.ui.scenes.hexes.targets,
their shared input): the rings' colours, the record sheet atop the side panel, the log as far
as the dice have been shown, and the debug layout the Xvfb tests read. Both screens and the
sandbox's views of them answer :class:`TargetShown`."""

from __future__ import annotations

import os
from typing import Protocol

import pygame

from game.flow import actor
from game.ui.map.anim import Popup, popup_surface
from game.ui.scenes.hexes.stage import Shown
from game.ui.widgets.fonts import log_size
from game.ui.widgets.handoff import draw_handoff
from game.ui.widgets.help import draw_help
from game.ui.widgets.palette import TEXT
from game.ui.widgets.panels import rows_surface
from game.ui.widgets.record_sheet import record_sheet
from game.ui.widgets.safe_colours import TARGET as SAFE_TARGET
from game.units.unit import Unit

SELECT, TARGET = (255, 255, 255), SAFE_TARGET  # the selected unit's ring, its target's


class OfUnit(Protocol):
    """A screen's plan: whose it is."""

    @property
    def unit_id(self) -> str: ...


class TargetShown(Shown, Protocol):
    """What the shared drawing reads of an attack screen."""

    @property
    def popups(self) -> list[tuple[Popup, int]]: ...

    @property
    def plan(self) -> OfUnit | None: ...

    @property
    def writes_layout(self) -> bool: ...

    def log_upto(self) -> int | None: ...


def draw_on_top(scene: TargetShown, screen: pygame.Surface, title: str,
                keys: tuple[tuple[str, str], ...]) -> None:  # fmt: skip
    """What an attack screen draws over its map and panels: the first dice popup (or the
    hand-off prompt), the help (F1) under ``title`` with ``keys``, and the debug layout."""
    if scene.popups:
        img = popup_surface(scene.popups[0][0], scene.layout.size)
        screen.blit(img, img.get_rect(center=scene.layout.map.center))
    elif scene.handoff is not None:
        draw_handoff(scene, screen)
    if scene.help:
        draw_help(screen, title, keys)
    debug_layout(scene)


def debug_layout(scene: TargetShown) -> None:
    """HEXPLATE_DEBUG_LAYOUT (the Xvfb tests): where hexes are, and what the screen waits
    for (phase, side, hand-off, dice still to show, the selection, the actions so far)."""
    if not os.environ.get("HEXPLATE_DEBUG_LAYOUT") or not scene.writes_layout:
        return  # asking who acts costs a frame's worth of rules; a hosted view writes none
    state = scene.state
    plan = scene.plan
    scene.view.write_debug_layout(state.units, {
        "phase": state.phase, "side_to_act": actor(state), "handoff": scene.handoff,
        "popups": len(scene.popups), "selected": plan.unit_id if plan is not None else None,
        "actions": len(state.history), "turn": state.turn,
        "screen": getattr(scene.app.top, "scene_name", None),
    })  # fmt: skip


def draw_sheet(
    scene: TargetShown, screen: pygame.Surface, unit: Unit, rect: pygame.Rect, room: int
) -> int:
    """The unit's record sheet at the top of the side panel when it fits in ``room``
    pixels, else its name line; returns the y below it."""
    size = scene.layout.size
    small = max(11, size - 3)
    sheet = scene.cache.get("sheet", (id(scene.state), unit.id, rect.w, size),
                            lambda: record_sheet(scene.state, unit, rect.w, small))  # fmt: skip
    if sheet.get_height() > room:
        sheet = rows_surface([(f"{unit.id}  {unit.name or unit.kind}", TEXT, True)], size, rect.w)
    screen.blit(sheet, (rect.x, rect.y))
    return rect.y + sheet.get_height()


def draw_log(scene: TargetShown, screen: pygame.Surface) -> None:
    """The report, as far as the dice have been shown (game.ui.widgets.log_view)."""
    lay, state, upto = scene.layout, scene.state, scene.log_upto()
    size = log_size(screen.get_height())
    key = (id(state.log), len(state.log), lay.log.size, size, upto, scene.log_view.offset)
    screen.blit(scene.cache.get("log", key, lambda: _log_panel(scene, lay.log.size, size, upto)),
                lay.log.topleft)  # fmt: skip
    scene.log_view.hover(screen, lay.log.topleft, size)  # a why-line's numbers (issue 21)


def _log_panel(
    scene: TargetShown, wh: tuple[int, int], size: int, upto: int | None
) -> pygame.Surface:
    """The log panel drawn once until the log, the rows shown or the scroll change."""
    panel = pygame.Surface(wh)
    scene.log_view.draw(panel, panel.get_rect(), scene.state, size, upto)
    return panel
