"""The one palette of the game's art, kept as '#rrggbb' strings.

make_art.py draws every PNG from these colours and writes the game-facing part (roads,
sides, reach, grid, labels, markers) to assets/palette.json, so the renderer draws roads,
outlines and overlays in exactly the colours of the tiles and counters.

The look is a printed map sheet: muted natural colours, light from the north-west.
Side colours differ in lightness as well as hue (dark navy vs light sand), and reach
colours are the Okabe-Ito colour-blind safe set.
"""

from __future__ import annotations

TERRAIN: dict[str, str] = {
    "grass": "#93a86c",
    "grass_dark": "#7b9459",
    "grass_light": "#adbd84",
    "grass_alt": "#95a86a",
    "dirt": "#a99a77",
    "dirt_dark": "#8a7c5c",
    "dirt_light": "#c4b28a",
    "stone": "#a7a398",
    "stone_dark": "#6f6c64",
    "concrete": "#b3b1aa",
    "concrete_joint": "#8c8a84",
    "water_0": "#a9d3df",
    "water_1": "#6ea9cb",
    "water_2": "#3f7cad",
    "water_3": "#234f80",
    "water_highlight": "#e8f4f8",
    "reed": "#6d8a4c",
    "reed_tip": "#8a6f45",
    "canopy_light": "#6f9249",
    "canopy_heavy": "#54793a",
    "canopy_ultra": "#355227",
    "trunk_shadow": "#1d2a14",
    "rubble": "#a29f97",
    "rubble_dark": "#6e6a62",
    "rubble_dust": "#b9b09c",
    "rebar": "#6b4a32",
    "roof_light": "#c4c1b8",
    "roof_light_ridge": "#a9a59c",
    "roof_medium": "#b57b5e",
    "roof_medium_ridge": "#8e5a43",
    "roof_heavy": "#6a6e74",
    "roof_heavy_trim": "#4a4e54",
    "bunker": "#7c7e70",
    "bunker_wall": "#5a5c50",
    "bridge_light": "#a57e55",
    "bridge_light_plank": "#7f5e3c",
    "bridge_medium": "#6a6b6f",
    "bridge_heavy": "#8d8f92",
    "railing": "#e6e1d3",
    "railing_dark": "#3a3a3c",
    "high_tint": "#fff0c8",
    "low_tint": "#1c2b4a",
    # hypsometric ramp of the elevation overlays: pale straw to russet going up, slate
    # blue going down (alphas in art_ground.LEVEL_ALPHA)
    "level_1": "#f7eca4",
    "level_2": "#f0cc68",
    "level_3": "#e4aa50",
    "level_4": "#d68e44",
    "level_5": "#c4733c",
    "level_6": "#ac5634",
    "level_m1": "#3e6494",
    "level_m2": "#1f3764",
    "contour_high": "#7a5a2e",
    "contour_low": "#1c2b4a",
}

ROAD: dict[str, str] = {
    "asphalt": "#5f6065",
    "edge": "#d3cfc2",  # kerb / road border, drawn wider under the asphalt
    "centre_line": "#e8dca0",
}

SIDES: dict[str, dict[str, str]] = {
    "A": {
        "disc": "#1f3558",  # dark navy
        "disc_rim": "#0f1d33",
        "silhouette": "#b4c6de",  # light steel blue
        "marker": "#ffffff",
        "ui": "#2f5c9e",  # for panel accents / outlines on the map
    },
    "B": {
        "disc": "#e9c989",  # light sand / amber
        "disc_rim": "#a5813f",
        "silhouette": "#4e3b22",  # dark umber
        "marker": "#2b2114",
        "ui": "#d8a43a",
    },
}

REACH: dict[str, str] = {"walk": "#0072B2", "run": "#E69F00", "jump": "#CC79A7"}

GRID: dict[str, str] = {"line": "#3a3f33", "line_light": "#f3efe2"}

LABEL: dict[str, str] = {"text": "#1d1f1a", "outline": "#f4f1e6", "level_text": "#fffaf0"}

MARKER: dict[str, str] = {
    "prone_disc": "#c0392b",
    "prone_symbol": "#ffffff",
    "moved_disc": "#2e7d4f",
    "moved_symbol": "#ffffff",
    "hull_disc": "#c98a1b",  # hull-down (ADV-11): amber
    "hull_symbol": "#ffffff",
    "rim": "#111111",
}

# The facing arrowhead on every counter: light with a dark rim, the same for both sides.
NOTCH: dict[str, str] = {"fill": "#fff6c0", "rim": "#141414"}
# Jump-pack exhaust on the jump infantry counter: the same warm flame on both sides.
EXHAUST: dict[str, str] = {"outer": "#e8761e", "core": "#ffe08a"}

UI: dict[str, str] = {
    # screen chrome (the renderer's panels); kept here so the whole look is in one file
    "background": "#23262b",
    "panel": "#1b1d21",
    "panel_text": "#eceae4",
    "panel_dim": "#a9a69c",
    "hover": "#fff6c0",
    "select": "#ffffff",
}

SIZES: dict[str, int] = {
    # in tile pixels (a hex is 84 x 72); the renderer scales them with the zoom
    "road_width": 20,
    "road_edge_width": 24,
    "road_pad_radius": 12,  # the pad tile: kerb disc of road_edge_width / 2
}


def game_palette() -> dict[str, object]:
    """The part of the palette the game reads (written to assets/palette.json)."""
    return {
        "road": ROAD,
        "sides": SIDES,
        "reach": REACH,
        "grid": GRID,
        "label": LABEL,
        "marker": MARKER,
        "terrain": TERRAIN,
        "ui": UI,
        "sizes": SIZES,
    }
