"""Keys every screen shares: save, load, quit and help, in one place.

:meth:`game.ui.app.app.App.shared_key` takes these keys before the top screen sees them;
the help overlays list them from here (:data:`SHARED_KEYS`).
"""

from __future__ import annotations

import pygame

SHARED_KEYS = (
    ("Ctrl+S", "save the game (quicksave.json in the save folder)"),
    ("Ctrl+O", "load a saved game"),
    ("Ctrl+Q", "quit at once"),
    ("F1 or ?", "this help"),
)


def ctrl(event: pygame.event.Event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)


def is_help(event: pygame.event.Event) -> bool:
    if event.type != pygame.KEYDOWN:
        return False
    return event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?"


def is_confirm(event: pygame.event.Event) -> bool:
    """Enter, keypad Enter or Space: the keys that dismiss a prompt."""
    return event.type == pygame.KEYDOWN and event.key in (
        pygame.K_RETURN,
        pygame.K_KP_ENTER,
        pygame.K_SPACE,
    )
