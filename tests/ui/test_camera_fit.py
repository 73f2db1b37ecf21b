"""Issue 25, findings 3 and 16: zoom levels that fit the window. F fills the view with the
whole map (it left the map at 37 % of the width, one "+" then overflowed); the zoom
steps pass through that fitted zoom; a window made smaller keeps a fitted map fitted and
any other zoom the player chose; every bundled map opens at a zoom a hex can be clicked
at, the deploying side's zone in view."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.phases.deployment import deploying_side, legal_deploy_hexes, to_deploy
from game.ui.app.play import Args, make_app
from game.ui.map.camera import FIT_PAD, ZOOMS, Camera, fit_zoom
from game.ui.map.view import READABLE
from game.ui.scenes.hexes.deploy import DeployScene

from .test_play_scene import click, key, post

REPO = Path(__file__).resolve().parents[2]
MAPS = sorted((REPO / "maps").glob("*.tmx"))


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def _deploy_app(path: Path, size=(1280, 800)):
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    app = make_app(Args(path, None, None, size, 7), screen)
    assert isinstance(app.top, DeployScene)
    click(app, (5, 5))  # the hand-off prompt
    assert app.top.handoff is None
    return app


def _fills(scene) -> None:
    cam = scene.view.camera
    mw, mh = scene.view.renderer.map_size(cam.zoom)
    _, _, vw, vh = cam.view
    assert mw <= vw and mh <= vh, "the fitted map overflows"
    assert min(vw - mw, vh - mh) <= 2 * FIT_PAD + 2, "the fitted map does not fill the view"


@settings(max_examples=60, deadline=None)
@given(st.integers(50, 5000), st.integers(50, 5000), st.integers(200, 2500), st.integers(200, 1500))
def test_the_fitted_zoom_fills_one_side_and_never_overflows(w, h, vw, vh) -> None:
    z = fit_zoom(w, h, vw, vh)
    assert ZOOMS[0] <= z <= ZOOMS[-1]
    if ZOOMS[0] < z < ZOOMS[-1]:
        assert w * z <= vw - 2 * FIT_PAD + 1e-6 and h * z <= vh - 2 * FIT_PAD + 1e-6
        assert max(w * z - (vw - 2 * FIT_PAD), h * z - (vh - 2 * FIT_PAD)) > -0.002 * max(w, h)


def test_the_zoom_steps_pass_through_the_fitted_zoom() -> None:
    cam = Camera(view=(0, 0, 900, 600), fit=0.43).at_level(0.43)
    assert cam.zoom == 0.43 and cam.at_fit
    assert cam.zoomed(1, 450, 300).zoom == 0.5  # one "+": the next step, not a leap
    assert cam.zoomed(-1, 450, 300).zoom == 0.35
    back = cam.zoomed(1, 450, 300).zoomed(-1, 450, 300)
    assert back.zoom == 0.43 and back.at_fit


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_f_fills_the_view_with_every_bundled_map(path: Path) -> None:
    app = _deploy_app(path)
    scene = app.top
    key(app, pygame.K_f, uni="f")
    _fills(scene)
    cam = scene.view.camera
    key(app, pygame.K_EQUALS, uni="=")
    assert scene.view.camera.zoom == min(z for z in ZOOMS if z > cam.zoom)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_every_bundled_map_opens_readable_with_the_zone_in_view(path: Path) -> None:
    app = _deploy_app(path)
    scene = app.top
    cam = scene.view.camera
    assert cam.zoom >= READABLE
    s = app.state
    side = deploying_side(s)
    unit = to_deploy(s, side)[0]
    zone = legal_deploy_hexes(s.board, side, s.units, unit.kind, unit, s.rules)
    xs, ys = zip(*(scene.view.centre(h) for h in zone), strict=True)
    assert cam.in_view(sum(xs) / len(xs), sum(ys) / len(ys))
    mw, mh = scene.view.renderer.map_size(cam.zoom)
    assert mw <= cam.view[2] or mh > cam.view[3], "a map that fits is shown whole"


def _resize(app, size) -> None:
    pygame.display.set_mode(size)
    post(app, (pygame.VIDEORESIZE, {"size": size, "w": size[0], "h": size[1]}))


def test_a_smaller_window_keeps_a_fitted_map_fitted() -> None:
    app = _deploy_app(MAPS[-1])
    scene = app.top
    key(app, pygame.K_f, uni="f")
    before = scene.view.camera.zoom
    _resize(app, (960, 600))
    _fills(scene)
    assert scene.view.camera.zoom < before
    _resize(app, (1600, 1000))
    _fills(scene)


def test_a_resized_window_keeps_the_zoom_the_player_chose() -> None:
    app = _deploy_app(MAPS[-1])
    scene = app.top
    key(app, pygame.K_EQUALS, uni="=")
    key(app, pygame.K_EQUALS, uni="=")
    chosen = scene.view.camera.zoom
    assert chosen in ZOOMS
    _resize(app, (960, 600))
    assert scene.view.camera.zoom == chosen
    _resize(app, (1600, 1000))
    assert scene.view.camera.zoom == chosen
