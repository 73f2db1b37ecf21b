"""The weapon attack screen: :mod:`.scene` registers it. What it does lives in
game.ui.scenes.hexes.parts.attack (the interaction, its plan, draw and odds), which the
sandbox's Attack view shares.
"""
