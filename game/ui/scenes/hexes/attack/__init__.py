"""The weapon attack screen: :mod:`.scene` picks units,
targets and weapons (game.ui.scenes.hexes.targets holds what it shares with the
physical screen); :mod:`.draw` draws the lines of sight, to-hit badges and the panel.
"""
