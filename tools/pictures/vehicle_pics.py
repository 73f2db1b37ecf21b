"""The vehicle record sheet after critical hits (docs/combat.md): a Scorpion with a driver
hit, a jammed turret weapon, a stabilizer, a stunned crew and sensor damage (CMB-47/48),
drawn by the game's own record sheet."""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from pathlib import Path

import pygame

from game.core.dice import Dice
from game.rules.damage.vehicle_crits import vehicle_critical
from game.setup import new_game_from_scenario
from game.ui.widgets.record_sheet import BG, record_sheet

SHEET_SIZE = (400, 260)
UNITS = [
    {"id": "A1", "side": "A", "kind": "tracked", "model": "Scorpion", "at": "0303", "facing": 0},
    {"id": "B1", "side": "B", "kind": "biped", "model": "HBK-4G", "at": "0606", "facing": 0},
]
# (location, the two dice of the critical roll): driver hit, weapon malfunction (the AC/5),
# stabilizer (turret), crew stunned (side 8), sensors (front 9)
CRITS = (("FR", 3, 3), ("TU", 4, 4), ("TU", 3, 3), ("RS", 4, 4), ("FR", 4, 5))


def vehicle_sheet(out: Path) -> None:
    data = {"version": 1, "board": {"width": 8, "height": 8}, "units": UNITS}
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "scorpion.json"
        path.write_text(json.dumps(data))
        state = new_game_from_scenario(path)
    u = state.unit("A1")
    for loc, a, b in CRITS:
        u, _ = vehicle_critical(u, loc, Dice(1, [a, b]))
    assert u.hull is not None
    u = replace(u, hull=replace(u.hull, motive=("moderate",)))
    state = replace(state, units=tuple(u if x.id == "A1" else x for x in state.units))
    sheet = record_sheet(state, u, SHEET_SIZE[0], 15, full=True)
    canvas = pygame.Surface(SHEET_SIZE)
    canvas.fill(BG)
    canvas.blit(sheet, (0, 0))
    pygame.image.save(canvas, str(out))
