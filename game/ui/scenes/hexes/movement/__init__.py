"""The movement screen ("play"): :mod:`.scene` registers it. What it does lives in
game.ui.scenes.hexes.parts.movement (the interaction, its input, commands and draw;
charges, submarines and the Tactical Operations commands beside them), on which the
sandbox screen builds.
"""
