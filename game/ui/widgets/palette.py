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

from game.ui.widgets.safe_colours import BAD as SAFE_BAD
from game.ui.widgets.safe_colours import GOOD as SAFE_GOOD
from game.ui.widgets.safe_colours import LOG_BAD as SAFE_LOG_BAD
from game.ui.widgets.safe_colours import LOG_GOOD as SAFE_LOG_GOOD
from game.ui.widgets.safe_colours import LOG_HURT as SAFE_LOG_HURT
from game.ui.widgets.safe_colours import WARN as SAFE_WARN

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


# --- the screens' own colours (panels, text, map marks, the regiments table) -----------
# Panels and their text (game.ui.widgets.panels, record_sheet, unit_tip)
BG: Colour = (27, 29, 33)
BG2: Colour = (38, 41, 47)
TEXT: Colour = (236, 234, 228)
DIM: Colour = (169, 166, 156)
GOOD: Colour = SAFE_GOOD  # colour-blind safe (game.ui.widgets.safe_colours, issue 25)
BAD: Colour = SAFE_BAD
WARN: Colour = SAFE_WARN
WARN_SOFT: Colour = (250, 205, 90)
CARD: Colour = (28, 32, 40)  # the sandbox guide's card
SIDE_UI: dict[str, Colour] = {"A": (47, 92, 158), "B": (216, 164, 58)}
SIDE_TEXT: dict[str, Colour] = {"A": (235, 240, 250), "B": (30, 24, 12)}
SIDE_LIGHT: dict[str, Colour] = {"A": (120, 160, 225), "B": (235, 195, 110)}  # on dark
# The report (game.ui.widgets.log_view)
LOG_BG: Colour = (20, 21, 24)
LOG_DIM: Colour = (160, 158, 150)
LOG_GOOD: Colour = SAFE_LOG_GOOD  # passed rolls; colour-blind safe like the panels (issue 25)
LOG_BAD: Colour = SAFE_LOG_BAD  # failed rolls, units lost
LOG_HURT: Colour = SAFE_LOG_HURT  # damage, falls
LOG_NOTE: Colour = (205, 175, 235)  # a move that goes on: apart from the yellow damage
LOG_PHASE: Colour = (150, 190, 235)
# Marks on the hex map (game.ui.map: overlays, counters, fliers, the move's animation)
REACH: dict[str, Colour] = {
    "walk": to_rgb("#0072B2"),
    "run": to_rgb("#E69F00"),
    "jump": to_rgb("#CC79A7"),
}
PSR_FILL: Colour = (250, 215, 60)
PSR_AUTO: Colour = (220, 50, 40)
ILLEGAL: Colour = (225, 45, 45)
INK: Colour = (20, 20, 24)
WHITE: Colour = (250, 250, 245)
DEPTH: Colour = (110, 175, 245)  # a submarine's depth changes on the path (ADV-25)
HOVER: Colour = (255, 246, 192)
SELECT: Colour = (255, 255, 255)
ATTACK: Colour = (214, 48, 39)  # a charge's or a death from above's ring and arrow
BADGE: Colour = (250, 240, 235)
CALM: Colour = (235, 240, 250)
ALARM: Colour = (225, 55, 45)
DEEP: Colour = (16, 52, 110)
SKY: Colour = (150, 205, 245)  # an airborne VTOL's or WiGE's altitude tag (ADV-23/25)
SUBMERGED_TINT = (150, 195, 255, 170)  # multiplies the counter's colour and opacity
# The regiments table (game.ui.scenes.regiments.view)
FELT: Colour = (52, 92, 60)
TABLE_EDGE: Colour = (30, 52, 34)
OBSTACLE: Colour = (118, 104, 88)
OBSTACLE_EDGE: Colour = (60, 50, 40)
TABLE_SIDES: dict[str, tuple[Colour, Colour]] = {
    "A": ((47, 92, 158), (20, 40, 80)),
    "B": ((216, 164, 58), (110, 78, 18)),
}
COMMAND: Colour = (250, 246, 230)
FRONT: Colour = (255, 248, 210)
LEGAL: Colour = (90, 220, 120)
TABLE_ILLEGAL: Colour = (240, 80, 70)
TABLE_SELECT: Colour = (255, 236, 120)
