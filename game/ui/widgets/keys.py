"""Keys every screen shares: save, load, quit and help, in one place.

:meth:`game.ui.app.app.App.step` offers every key press to :func:`shared_key` before the
top screen sees it; the help overlays list these keys from here too.
"""

from __future__ import annotations

from typing import Any

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


def shared_key(app: Any, event: pygame.event.Event) -> bool:
    """Ctrl+S / Ctrl+O / Ctrl+Q for every screen; True when the key was used. A screen
    with ``save_own`` / ``load_own`` (the regiments screen) gets Ctrl+S / Ctrl+O itself."""
    if event.type != pygame.KEYDOWN or not ctrl(event):
        return False
    if event.key == pygame.K_q:
        app.running = False
        return True
    top = getattr(app, "top", None)
    if event.key in (pygame.K_s, pygame.K_o) and hasattr(top, "save_own"):
        # a screen that holds a game of another rule set saves and loads it itself
        (top.save_own if event.key == pygame.K_s else top.load_own)()
        return True
    if event.key == pygame.K_s:
        if app.state is None:
            app.notify("Nothing to save yet: start or load a game first", error=True)
        else:
            app.save()
        return True
    if event.key == pygame.K_o:
        app.open_once("load")
        return True
    if event.key == pygame.K_z and _in_play(app, top):
        app.notify(app.take_back())
        return True
    return False


def _in_play(app: Any, top: Any) -> bool:
    """A game in play (not a sandbox with its own undo line, not a regiments screen,
    not a menu or the start screen): Ctrl+Z takes back (game.ui.app.play_undo)."""
    if getattr(app, "state", None) is None or getattr(app, "line", None) is not None:
        return False
    return hasattr(top, "plan") and not hasattr(top, "save_own")
