"""The weapon attack phase's screen, registered by name as "attack": the weapon attack
interaction (game.ui.scenes.hexes.parts.attack.interaction: pick a unit, targets and
weapons, declare, watch the dice) on a stage of its own, with the phase's turn order
and the hand-off between the players. The sandbox's Attack view builds on the same part.
"""

from __future__ import annotations

from game.ui.app.registry import for_phase, register
from game.ui.scenes.hexes.parts.attack.interaction import AttackInteraction


class AttackScene(AttackInteraction):
    scene_name = "attack"


register("attack", AttackScene)
for_phase("weapon attack", "attack")  # this is the weapon attack phase's screen
