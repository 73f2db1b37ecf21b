"""The aerospace movement phase's screen, registered by name as "flight": the flight
interaction (game.ui.scenes.hexes.parts.flight.interaction: thrust, turns, the path
before it flies) on a stage of its own, with the phase's turn order and hand-off. The
sandbox's Fly view builds on the same part.
"""

from __future__ import annotations

from game.ui.app.registry import for_phase, register
from game.ui.scenes.hexes.parts.flight.interaction import FlightInteraction


class FlightScene(FlightInteraction):
    scene_name = "flight"


register("flight", FlightScene)
for_phase("aerospace movement", "flight")  # this is the aerospace movement phase's screen
