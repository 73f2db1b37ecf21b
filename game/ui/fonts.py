"""Fonts by pixel size, loaded once (pygame's bundled default font: no system lookup)."""

from __future__ import annotations

from functools import lru_cache

import pygame


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The default font at ``size`` pixels; ``pygame.font`` is initialised on first use."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, max(6, int(size)))
    f.set_bold(bold)
    return f


def ui_size(window_height: int) -> int:
    """Body text size that stays readable from 720p to 4K."""
    return max(16, round(window_height / 42))
