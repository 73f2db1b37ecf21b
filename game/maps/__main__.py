"""``python -m game.maps MAP.tmx ...``: check maps, one line per map (exit 2 if one is bad)."""

import sys

from .tiled import main

sys.exit(main())
