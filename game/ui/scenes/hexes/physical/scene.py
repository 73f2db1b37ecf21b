"""The physical attack phase's screen, registered by name as "physical": the physical
attack interaction (game.ui.scenes.hexes.parts.physical.interaction: an adjacent enemy,
the attack and the limb, the defence walk of ADV-01) on a stage of its own, with the
phase's turn order and hand-off. The sandbox's Melee view builds on the same part.
"""

from __future__ import annotations

from game.ui.app.registry import for_phase, register
from game.ui.scenes.hexes.parts.physical.interaction import PhysicalInteraction


class PhysicalScene(PhysicalInteraction):
    scene_name = "physical"


register("physical", PhysicalScene)
for_phase("physical attack", "physical")  # this is the physical attack phase's screen
