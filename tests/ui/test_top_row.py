"""Issue 25: the play screen's map never opens with its top row under the banner. At a
1600x1000 window the opening view (50 %, the units centred) scrolled the map by half a
row, so the first row sat under the header; now a view that can show the map's edge
with the units still in it does (game.ui.map.camera.Camera.framing). Checked at the
window sizes a player has and at each UI scale the settings offer (a larger scale makes
the banner taller and the map's rectangle smaller)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.hexgrid import Hex
from game.ui.app.play import Args, make_app
from game.ui.app.settings import UI_SCALES, Settings, save_settings
from game.ui.map.camera import FIT_PAD, Camera
from game.ui.widgets.fonts import set_ui_scale

SCENARIO = Path(__file__).resolve().parents[2] / "tests" / "ui" / "data" / "e2e_scenario.json"
SIZES = [((1280, 800), 1.0), ((1920, 1080), 1.0)]
SIZES += [((1600, 1000), scale) for scale in UI_SCALES]


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):  # noqa: ANN001, ANN202
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    yield
    set_ui_scale(1.0)


def _opened(size: tuple[int, int], scale: float):  # noqa: ANN202
    assert save_settings(Settings(ui_scale=scale)) is None
    app = make_app(Args(None, SCENARIO, None, size, 7), pygame.display.set_mode(size))
    assert app.top.scene_name == "play"
    return app, app.top


@pytest.mark.parametrize(("size", "scale"), SIZES, ids=lambda v: str(v))
def test_the_top_row_opens_below_the_banner(size: tuple[int, int], scale: float) -> None:
    app, scene = _opened(size, scale)
    view, banner = scene.view, scene.layout.banner
    cam = view.camera
    assert not cam.at_fit, "the map opens zoomed in to read (else this checks nothing)"
    tops = [
        min(y for _, y in view.renderer.hex_polygon_on_screen(cam, Hex(c, 0)))
        for c in range(app.state.board.width)
        if cam.in_view(view.centre(Hex(c, 0))[0], scene.layout.map.centery)
    ]
    assert tops and min(tops) >= banner.bottom, (size, scale, min(tops), banner)
    assert all(cam.in_view(*view.centre(u.at)) for u in app.state.units if u.side == "A")


def test_framing_shows_the_maps_edge_when_the_box_stays_in_view() -> None:
    cam = Camera(view=(0, 50, 1000, 600))
    near_top = cam.framing((100, 40, 300, 200), 3000, 2000, margin=20)
    assert (near_top.x, near_top.y) == (-FIT_PAD, -FIT_PAD)  # both edges: top and left
    middle = cam.framing((1400, 900, 1600, 1100), 3000, 2000, margin=20)
    assert (middle.x, middle.y) == (1000, 700)  # centred: no edge would keep it in view
    near_end = cam.framing((2700, 1700, 2900, 1950), 3000, 2000, margin=20)
    assert (near_end.x, near_end.y) == (2000 + FIT_PAD, 1400 + FIT_PAD)
    tall = cam.framing((100, 0, 300, 1500), 3000, 2000, margin=20)
    assert tall.y == 450  # larger than the view: centred on it
    small_map = cam.framing((100, 40, 300, 200), 800, 2000, margin=20)
    assert small_map.x == -100  # the whole width fits: centred


def test_units_that_need_the_scroll_are_centred() -> None:
    """At 1280x720 side A's units reach row 13, too low to show with the top row and two
    hexes around them: the view centres on them (the top rows scrolled away, not cut)."""
    app, scene = _opened((1280, 720), 1.0)
    view = scene.view
    ys = [view.centre(u.at)[1] for u in app.state.units if u.side == "A"]
    top, bottom = min(ys), max(ys)
    middle = scene.layout.map.centery
    assert abs((top + bottom) / 2 - middle) < 1.5, (top, bottom, middle)
    assert view.centre(Hex(0, 0))[1] < scene.layout.banner.top  # the first row: all gone
