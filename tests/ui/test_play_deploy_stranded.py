"""Scene test of a deployment in which a vessel has nowhere left to go (ADV-24, MOV-34),
real clicks under the dummy driver: three Corsairs and one sea hex on side A's edge. TW
stacking lets two units of a side share the hex, so two clicks deploy A1 and A2 on it; A3
stays off the map (the log says so), the screen hands over to side B instead of waiting
for a hex nobody can click, and B's deployment starts the game."""

from __future__ import annotations

import pygame
import pytest

from game.board import HexSpec, build_board
from game.flow import apply_strict
from game.hexgrid import Hex
from game.phases.actions import AddUnit
from game.setup import new_game
from game.ui.app.app import App
from game.ui.scenes.hexes.deploy import DeployScene
from game.ui.scenes.hexes.movement.scene import PlayScene

from .test_play_infantry import centre
from .test_play_scene import click


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def test_adv_24_the_deployment_screen_hands_over_when_a_vessel_has_no_sea_hex_left() -> None:
    sea = Hex(0, 2)
    s = new_game(build_board(10, 6, {sea: HexSpec(water=1)}), seed=1)
    for side, design in (("A", "Corsair"),) * 3 + (("B", "HBK-4G"),):
        s = apply_strict(s, AddUnit(design, side)).state
    app = App(pygame.display.set_mode((1280, 720)))
    app.start_game(s)
    scene = app.top
    assert isinstance(scene, DeployScene) and scene.legal() == {sea}
    click(app, (5, 5))  # side A's hand-off prompt
    click(app, centre(scene, sea))
    assert app.state.unit("A1").at == sea and scene.legal() == {sea}  # room for a second
    click(app, centre(scene, sea))
    assert app.state.unit("A2").at == sea
    assert scene.handoff == "B" and scene.legal()  # side B's zone, not an empty A one
    assert "A3 (Corsair Patrol Boat) has nowhere to deploy in side A's zone: it stays off the " \
        "map" in [e.text for e in app.state.log]  # fmt: skip
    click(app, (5, 5))  # side B's hand-off prompt
    click(app, centre(scene, min(scene.legal())))
    assert isinstance(app.top, PlayScene) and app.state.phase != "deployment"
    assert not app.state.board.contains(app.state.unit("A3").at)
