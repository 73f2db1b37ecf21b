"""The screens, one folder per rule set: :mod:`.hexes` (the hex game)
and :mod:`.regiments` (the second rule set). A screen registers itself by name
(game.ui.app.registry) and opens another by that name, never by importing it.
"""
