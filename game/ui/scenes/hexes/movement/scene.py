"""The hot-seat movement screen, registered by name as "play"
(game.ui.scenes.hexes.movement.behaviour holds
what it does; the sandbox builds on the same class)."""

from __future__ import annotations

from game.ui.app.registry import register
from game.ui.scenes.hexes.movement.behaviour import PlayScene

__all__ = ["PlayScene"]

register("play", PlayScene)
