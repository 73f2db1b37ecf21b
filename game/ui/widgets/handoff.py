"""The hot-seat hand-off prompt ("Side B: take the mouse") that every map screen shows
between two players' turns, and the grace time that keeps an impatient double click
from dismissing it."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.ui.widgets.fonts import draw_text, font
from game.ui.widgets.panels import PanelCache, ScreenLayout, side_colour

HANDOFF_GRACE = 0.45  # s: a click this soon after skipping a move is its double, not a hand-off


class HandoffScreen(Protocol):
    """What the prompt reads of the screen it covers."""

    @property
    def handoff(self) -> str | None: ...  # the side to take the mouse, None when none is due

    @property
    def layout(self) -> ScreenLayout: ...

    @property
    def cache(self) -> PanelCache: ...


def draw_handoff(scene: HandoffScreen, screen: pygame.Surface) -> None:
    side = scene.handoff
    size = scene.layout.size
    shade = scene.cache.get("shade", screen.get_size(), lambda: _shade(screen.get_size()))
    screen.blit(shade, (0, 0))
    big_f, small_f = font(size * 2, True), font(size)
    big, small = f"Side {side}: take the mouse", "Click or press Enter to continue"
    box = pygame.Rect(
        0,
        0,
        max(big_f.size(big)[0], small_f.size(small)[0]) + size * 3,
        big_f.get_linesize() + small_f.get_linesize() + size * 2,
    )
    box.center = screen.get_rect().center
    pygame.draw.rect(screen, side_colour(side), box, border_radius=14)
    pygame.draw.rect(screen, (255, 255, 255), box, 3, border_radius=14)
    y = box.y + size
    draw_text(screen, big, big_f, (255, 255, 255), (box.centerx, y), box, anchor="midtop")
    y += big_f.get_linesize()
    draw_text(screen, small, small_f, (220, 220, 220), (box.centerx, y), box, anchor="midtop")


def _shade(size: tuple[int, int]) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, 110))
    return s
