"""The hot-seat movement screen, registered by name as "play" (game.ui.movement_scene holds
what it does; the sandbox builds on the same class)."""

from __future__ import annotations

from .movement_scene import PlayScene
from .scenes import register

__all__ = ["PlayScene"]

register("play", PlayScene)
