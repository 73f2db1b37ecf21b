"""The start screen's help (F1): what each control does."""

from __future__ import annotations

START_KEYS = (
    (
        "Click a map",
        "choose the battlefield (or type a .tmx / .board path; a folder and Enter lists its maps)",
    ),
    (
        "Roster search box",
        "click it and type: the roster keeps the designs whose name, "
        "code, kind, tons or era hold every word; the buttons below filter by weight, kind, era",
    ),
    (
        "Human / Computer",
        "who plays the side; for the computer, its style (cautious, balanced, aggressive) "
        "and level (random: any legal move; greedy: rushes the nearest enemy; then the "
        "computer opponent's easy and normal): click to step through them; the badge at the "
        "map's top left shows when it is thinking",
    ),
    ("+A / +B", "add that design to side A or B (pilot G4/P5)"),
    ("- / + beside a unit", "gunnery (G) and piloting (P) skill (lower is better)"),
    ("x", "remove the unit"),
    (
        "- / + by Turn limit",
        "end the game after that many turns, won by the damage dealt "
        "(none: it goes on until one side has no unit left in the fight)",
    ),
    ("Ctrl+T / Tac Ops button", "Tactical Operations movement on / off (crawl, careless, ...)"),
    ("Enter / Start", "start: each side then deploys its units"),
    (
        "Sandbox",
        "the solo sandbox on the chosen map (or a typed .json scenario): place "
        "units and dummy targets, move and attack freely, undo, what-if odds",
    ),
    ("Rule set (top right)", "Regiments: blocks of stands in cm, with its own sandbox"),
    ("Ctrl+O", "load a saved game, or open a scenario in the sandbox"),
    ("Esc", "quit"),
)
