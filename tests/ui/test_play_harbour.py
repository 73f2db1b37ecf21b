"""Scene test of a hot-seat game with a vessel on the harbour map (ADV-24), real clicks and
keys under the dummy driver: the start screen picks the harbour map and adds a Corsair to
side A; on the deployment screen the Corsair is offered only the zone's sea hexes, a click
on dry land places nothing, a click on a sea hex deploys it, and the game starts."""

from __future__ import annotations

import pygame
import pytest

from game.hexgrid import Hex
from game.phases.deployment import deploying_side, undeployed
from game.ui.scenes.hexes.deploy import DeployScene
from game.ui.scenes.hexes.movement.scene import PlayScene
from game.ui.scenes.hexes.start import StartScreen

from .test_play_infantry import button, centre
from .test_play_scene import click, key, new_app


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def deploy_corsair(app, scene: DeployScene, unit_id: str) -> Hex:
    """The Corsair's shaded hexes are sea; a click ashore places nothing, then a click on
    the shaded sea hex nearest the shore deploys it there."""
    board = app.state.board
    offered = scene.legal()
    assert len(offered) >= 6 and all(board.water[h.row, h.col] >= 1 for h in offered)
    zone = next(z for z in board.zones if z.side == "A").hexes
    ashore = min(h for h in zone if board.water[h.row, h.col] < 0 and h.row > 8)
    click(app, centre(scene, ashore))
    assert not board.contains(app.state.unit(unit_id).at)  # refused: dry ground
    sea = min(offered, key=lambda h: (board.water[h.row, h.col], h.row, h.col))
    click(app, centre(scene, sea))
    return sea


def test_adv_24_a_corsair_picked_on_the_start_screen_deploys_on_a_harbour_sea_hex():
    app = new_app(None)
    start = app.top
    assert isinstance(start, StartScreen)
    click(app, button(app, f"map:{[p.stem for p in start.maps].index('harbour')}"))
    click(app, button(app, "add:A,Corsair"))
    assert [u[0] for u in start.forces["A"]][-1] == "Corsair"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, DeployScene) and app.state.board.name == "harbour"
    corsair = next(u for u in app.state.units if u.design == "Corsair")
    placed: Hex | None = None
    while isinstance(app.top, DeployScene):
        scene = app.top
        click(app, (5, 5))  # the hand-off prompt
        unit = undeployed(app.state, deploying_side(app.state))[0]
        if unit.id == corsair.id:
            placed = deploy_corsair(app, scene, unit.id)
        else:  # the start screen's Mechs: mid-zone, on land
            hexes = sorted(scene.legal(), key=lambda h: (h.row, h.col))
            click(app, centre(scene, hexes[len(hexes) // 3]))
        assert app.state.unit(unit.id).at != unit.at
    assert isinstance(app.top, PlayScene)
    assert placed is not None and app.state.unit(corsair.id).at == placed
    assert app.state.board.water[placed.row, placed.col] >= 1
    text = " ".join(e.text for e in app.state.log)
    assert f"Corsair Patrol Boat deploys at {placed.name()}" in text
