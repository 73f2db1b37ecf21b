"""Map loading: the only code that reads map files (see docs/maps.md, docs/megamek.md).

``load_map(path) -> Board`` reads a hexagonal Tiled map headless through pytmx, or a
MegaMek .board file (``read_map`` also says what of it was left out);
``bundled_map(name)`` finds a map shipped in the repository's ``maps/`` folder.
"""

from __future__ import annotations

from pathlib import Path

from .reading import MAP_SUFFIXES, is_map_file, load_map, map_files, read_map
from .result import MapRead, MapWarning
from .schema import MapError

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"
DEFAULT_MAP = MAPS_DIR / "default.tmx"

__all__ = [
    "DEFAULT_MAP",
    "MAPS_DIR",
    "MAP_SUFFIXES",
    "MapError",
    "MapRead",
    "MapWarning",
    "bundled_map",
    "bundled_maps",
    "is_map_file",
    "load_map",
    "map_files",
    "read_map",
]


def bundled_map(name: str) -> Path:
    """Path of a bundled map by name ("river" or "river.tmx"); MapError if there is none."""
    stem = name[:-4] if name.endswith(".tmx") else name
    path = MAPS_DIR / f"{stem}.tmx"
    if not path.is_file():
        known = ", ".join(p.stem for p in bundled_maps()) or "none"
        raise MapError(f"{name}: there is no bundled map of that name (bundled: {known}).")
    return path


def bundled_maps() -> list[Path]:
    """Every bundled map, sorted by name."""
    return sorted(MAPS_DIR.glob("*.tmx"))
