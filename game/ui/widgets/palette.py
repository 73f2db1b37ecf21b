"""The art's colours for what the renderer draws itself (roads, contours, grid, labels).

The art scripts write ``assets/palette.json`` from the same colours as the tiles, so road
strokes and contour lines match the tile art. Every colour has a default here, so a
missing or partial palette file still renders.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PALETTE_PATH = Path(__file__).resolve().parents[3] / "assets" / "palette.json"

Colour = tuple[int, int, int]

DEFAULTS: dict[str, dict[str, str]] = {
    "road": {"asphalt": "#5f6065", "edge": "#d3cfc2", "centre_line": "#e8dca0"},
    "grid": {"line": "#3a3f33", "line_light": "#f3efe2"},
    "label": {"text": "#1d1f1a", "outline": "#f4f1e6", "level_text": "#fffaf0"},
    "terrain": {
        "bridge_light": "#a57e55",
        "bridge_light_plank": "#7f5e3c",
        "bridge_medium": "#6a6b6f",
        "bridge_heavy": "#8d8f92",
        "railing": "#e6e1d3",
        "railing_dark": "#3a3a3c",
        "contour_high": "#7a5a2e",
        "contour_low": "#1c2b4a",
    },
    "ui": {
        "background": "#23262b",
        "panel": "#1b1d21",
        "panel_text": "#eceae4",
        "panel_dim": "#a9a69c",
        "hover": "#fff6c0",
        "select": "#ffffff",
    },
}
DEFAULT_SIZES = {"road_width": 20, "road_edge_width": 24, "road_pad_radius": 13}


def to_rgb(value: str | Any) -> Colour:
    """'#rrggbb' (or a list of three ints) -> (r, g, b)."""
    if isinstance(value, list | tuple):
        return int(value[0]), int(value[1]), int(value[2])
    s = str(value).lstrip("#")
    return int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16)


@dataclass(frozen=True, slots=True)
class Palette:
    """Colour groups by name (``palette.colour("road", "asphalt")``) and stroke sizes."""

    groups: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    sizes: Mapping[str, float] = field(default_factory=dict)

    def colour(self, group: str, name: str) -> Colour:
        value = self.groups.get(group, {}).get(name)
        if value is None:
            value = DEFAULTS.get(group, {}).get(name, "#ff00ff")
        try:
            return to_rgb(value)
        except (ValueError, IndexError, TypeError):
            return to_rgb(DEFAULTS.get(group, {}).get(name, "#ff00ff"))

    def size(self, name: str) -> float:
        return float(self.sizes.get(name, DEFAULT_SIZES.get(name, 1)))


def load_palette(path: str | Path = PALETTE_PATH) -> Palette:
    """The palette file merged over the defaults; defaults alone if it is missing or bad."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    sizes = data.get("sizes", {}) if isinstance(data.get("sizes"), dict) else {}
    groups = {k: v for k, v in data.items() if isinstance(v, dict) and k != "sizes"}
    return Palette(groups=groups, sizes=sizes)
