"""Issue 25, finding 15: planning a path never changes the record sheet's form (its
weapons list stays or goes with the window, not with the path) nor moves the buttons -
for the Thunderbolt and the Catapult, whose sheets are long."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.hexgrid import Hex
from game.ui.app.play import Args, make_app

from .test_play_scene import click, key, move_to, post

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("model", ["TDR-5S", "CPLT-C1"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_sheet_and_buttons_stay_put_while_a_path_is_planned(tmp_path, model, size) -> None:
    d = {"version": 1, "board": {"file": str(ROOT / "maps" / "grassland.tmx")}, "units": [
        {"id": "A1", "side": "A", "kind": "biped", "model": model, "at": "0506", "facing": 0},
        {"id": "B1", "side": "B", "kind": "biped", "model": "JR7-D", "at": "1210", "facing": 3},
    ], "dice": [1, 1, 6, 6]}  # fmt: skip
    path = tmp_path / "sc.json"
    path.write_text(json.dumps(d))
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    app = make_app(Args(None, path, None, size, 3), screen)
    scene = app.top
    click(app, (5, 5))  # the hand-off
    x, y = scene.view.centre(app.state.unit("A1").at)
    click(app, (round(x), round(y)))
    post(app)
    idle = [b.rect.copy() for b in scene.buttons]
    key(app, pygame.K_r, uni="r")  # a run: longer paths, rolls on the way
    planned = 0
    for h in (Hex(4, 3), Hex(6, 7), Hex(3, 9), Hex(8, 5)):
        x, y = scene.view.centre(h)
        move_to(app, (round(x), round(y)))
        post(app)
        planned += scene.info.get("result") is not None
        assert [b.rect for b in scene.buttons] == idle, f"the buttons moved with a path to {h}"
    assert planned, "some path is planned"
