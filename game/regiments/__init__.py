"""Regiments: the rank-and-file rule set of seed 002 (REG-01..18), measured in centimetres.

A regiment is a rectangle of stands in continuous coordinates (floats, cm; x east, y south;
a facing is degrees clockwise from north). Nothing here knows hexes: the rules are plane
geometry (:mod:`.geometry`, numpy) over rectangles, the table and its obstacles. The turn
engine, the dice and the action codec are the shared core's (game.core, game.core.dice,
game.phases.actions); :mod:`.engine` binds them to this rule set's phases (:mod:`.phases`).
See docs/regiments.md.
"""
