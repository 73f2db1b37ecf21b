"""Everything that uses pygame: previewer, renderer, camera, HUD (the core never does)."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
