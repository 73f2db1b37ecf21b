"""The physical attack screen: :mod:`.scene` registers it. What it does lives in
game.ui.scenes.hexes.parts.physical (the interaction, its plan, draw and the Tactical
Operations defence walk, ADV-01), which the sandbox's Melee view shares.
"""
