"""What the App's stack asks of a screen (design.md: an event handler says whether it
consumed the event, as in Tuxemon's and pygame_gui's layers).

``handle(event)`` returns True when the screen used the event; an overlay (``overlay =
True``: it draws over the screen below) that returns False passes the event on down
the stack (game.ui.app.app.App.dispatch). ``update(dt)`` runs once a frame for the top
screen, ``draw(screen)`` for the top screen and the overlays above the base one.
"""

from __future__ import annotations

from typing import Protocol

import pygame


class Scene(Protocol):
    overlay: bool  # drawn over the screen below; passes on the events it does not use

    def handle(self, event: pygame.event.Event) -> bool: ...
    def update(self, dt: float) -> None: ...
    def draw(self, screen: pygame.Surface) -> None: ...
