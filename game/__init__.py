"""Hexplate: hex-map armoured combat on Tiled maps.

The core (everything outside ``game.ui``) never imports pygame.
"""

__version__ = "0.1.0"
