"""The parts every rule set shares (no pygame, no hexes): the phase record, the turn
engine that asks the phases, the dice cups and undo/redo of states. The hex game
(game.flow, game.phases) and the regiments rule set are built on them."""
