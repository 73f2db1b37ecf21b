"""The parts the hex game's screens are built from (issue 24): each interaction - moving
(:mod:`.movement`), weapon attacks (:mod:`.attack`), physical attacks (:mod:`.physical`),
flying (:mod:`.flight`) - with its plan, input and drawing, made from explicit inputs
(the app and a stage, game.ui.scenes.hexes.stage). No part is a screen: a part registers
nothing and imports no screen; any screen may import a part. A phase's screen (e.g.
game.ui.scenes.hexes.attack.scene) is its part with the phase's name; the sandbox screen
owns a view of each part (game.ui.scenes.hexes.sandbox).
"""
