"""The hex game's screens: start, deploy, movement, attack,
physical, flight, the sandbox, the game's end, the menu, the log, the turn summary and
the map previewer. A screen with several modules has a folder (its ``scene`` module
registers it); :mod:`.targets` is what the attack and physical screens share.
"""
