"""The player's own design folder: designs imported from their unit files.

It lies beside the saves (``HEXPLATE_DESIGN_DIR`` if set; else the ``designs`` folder
next to the save folder: ``HEXPLATE_SAVE_DIR``'s parent, or the XDG data home's
``hexplate/``, e.g. ``~/.local/share/hexplate/designs``). Each design is one JSON file in
our format (docs/designs.md); the roster, the sandbox palette and the referee's
``model`` key see them beside the bundled designs (game.designs.catalog).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from .model import Design, Weapon
from .schema import DesignError, parse_design, read_json_file


def design_dir() -> Path:
    env = os.environ.get("HEXPLATE_DESIGN_DIR")
    if env:
        return Path(env)
    saves = os.environ.get("HEXPLATE_SAVE_DIR")
    if saves:
        return Path(saves).parent / "designs"
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "hexplate" / "designs"


def file_name(d: Design) -> str:
    """The file a design is kept in: its name, letters, digits and dashes only."""
    stem = re.sub(r"[^A-Za-z0-9.-]+", "_", d.name).strip("_.") or "design"
    return f"{stem[:80]}.json"


def user_designs(table: Mapping[str, Weapon]) -> tuple[list[Design], list[str]]:
    """The designs of the folder (sorted by file), and a sentence per file that is broken."""
    folder = design_dir()
    found: list[Design] = []
    broken: list[str] = []
    if not folder.is_dir():
        return found, broken
    for path in sorted(folder.glob("*.json")):
        try:
            found.append(parse_design(read_json_file(path), path, table))
        except DesignError as e:
            broken.append(str(e))
    return found, broken
