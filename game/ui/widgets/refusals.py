"""The sentence for an input a screen has no use for (issue 25: every refused input says
why, where the cursor is, in one sentence).

A screen calls :func:`unused_key` where its keys run out: a key that does nothing there
is told so beside the pointer (the App draws an error toast at the pointer,
game.ui.app.toast_place), with the place that lists the screen's keys. Modifier keys
alone (Shift, Ctrl, Alt, the lock keys) are never refusals: they belong to another key.
"""

from __future__ import annotations

from typing import Protocol

import pygame

MODIFIERS = frozenset(
    {
        pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
        pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_LGUI, pygame.K_RGUI,
        pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_SCROLLOCK, pygame.K_MODE,
    }
)  # fmt: skip


class Notifies(Protocol):
    def notify(self, text: str, error: bool = False, seconds: float = 3.5) -> None: ...


def key_name(event: pygame.event.Event) -> str:
    """The key as the player reads it: 'G', 'Ctrl+G', '1', 'F3', 'Backspace'."""
    name = pygame.key.name(event.key) or "that key"
    name = name.upper() if len(name) == 1 else name.title()
    mods = getattr(event, "mod", 0)
    if mods & pygame.KMOD_CTRL:
        name = "Ctrl+" + name
    if mods & pygame.KMOD_ALT:
        name = "Alt+" + name
    return name


def unused_key(
    app: Notifies, event: pygame.event.Event, where: str, hint: str = "F1 lists its keys"
) -> bool:
    """Say that the key of ``event`` does nothing ``where`` ('on the movement screen') and
    what does (``hint``); False for a modifier alone (nothing said)."""
    if event.type != pygame.KEYDOWN or event.key in MODIFIERS:
        return False
    app.notify(f"{key_name(event)} does nothing {where}: {hint}", error=True)
    return True
