"""The weapon attack interaction: :mod:`.interaction` picks units, targets and weapons
(game.ui.scenes.hexes.targets holds what it shares with the physical attack part),
:mod:`.plan` the fire being planned, :mod:`.draw` the lines of sight, badges and panel,
:mod:`.odds` the numbers.
"""
