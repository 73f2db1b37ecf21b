"""The aerospace movement interaction: :mod:`.interaction` sets a flier's thrust and
turns, :mod:`.plan` holds the flight being planned, :mod:`.draw` draws its path and panel.
"""
