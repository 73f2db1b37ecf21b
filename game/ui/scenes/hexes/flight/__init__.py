"""The aerospace movement screen: :mod:`.scene` registers it. What it does lives in
game.ui.scenes.hexes.parts.flight (the interaction, the flight being planned, its
draw), which the sandbox's Fly view shares.
"""
