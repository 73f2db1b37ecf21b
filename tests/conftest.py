"""Every test run sees the bundled designs only: the player's own design folder
(game.designs.user) is pointed at an empty temporary folder unless a test sets it."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault(
    "HEXPLATE_DESIGN_DIR", os.path.join(tempfile.gettempdir(), f"hexplate-no-designs-{os.getpid()}")
)
