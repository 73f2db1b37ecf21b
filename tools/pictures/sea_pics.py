"""The harbour map's picture: a submarine planned down into the channel (ADV-24/25)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.hexgrid import parse_hex_name

from .drive import HD, HERE, centre, click, handed_over, key, play_app, point, save, zoom_to

HARBOUR = HERE / "harbour_scenario.json"
SUB, DEST, LOOK_AT = "A1", "0516", "0514"  # the Barracuda, east along the channel


def submarine_dive(out: Path) -> None:
    """On the harbour map: the Barracuda runs at flank speed (R), dives two levels (V V)
    and goes east along the deep channel, each depth change marked with its MP; the
    Corsair beside it."""
    app = play_app(HARBOUR, HD)
    scene = handed_over(app)
    zoom_to(scene, 1.0, parse_hex_name(LOOK_AT))
    click(app, centre(scene, app.state.unit(SUB).at))
    key(app, pygame.K_r, "r")  # flank speed (ADV-24: allowed in deep water)
    key(app, pygame.K_v, "v")
    key(app, pygame.K_v, "v")
    point(app, centre(scene, parse_hex_name(DEST)))
    res = scene.info.get("result")
    if res is None or not res.legal or res.end_depth != 2:
        raise SystemExit(f"the dive to {DEST} is not planned: {scene.info.get('error')}")
    save(app, out)
