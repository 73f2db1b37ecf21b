"""The hot-seat movement screen, registered by name as "play": the movement interaction
(game.ui.scenes.hexes.parts.movement.behaviour: select, reach, path, facing, commit, the
move's dice) with the phase's turn order and hand-off. The sandbox screen builds on the
same part."""

from __future__ import annotations

from game.ui.app.registry import register
from game.ui.scenes.hexes.parts.movement.behaviour import MoveInteraction


class PlayScene(MoveInteraction):
    scene_name = "play"


register("play", PlayScene)
