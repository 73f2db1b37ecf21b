"""Big maps drawn in pieces (issue 9): the window and ``preview --png`` of maps too big
for one surface (game.ui.map.chunks, game.ui.map.pngout) against the whole-map drawing."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board import build_board
from game.hexgrid import Hex
from game.maps import load_map
from game.ui.map import chunks, pngout
from game.ui.map.camera import Camera
from game.ui.map.render import MapRenderer, RenderOptions
from game.ui.map.tiles import TileMap, load_tile_map
from game.ui.scenes.hexes.movement.scene import PlayScene
from game.ui.scenes.hexes.preview.command import main as preview

from .test_play_scene import new_app

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def _pixels(surf: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surf).astype(int)


@pytest.mark.parametrize("options", [RenderOptions(), RenderOptions(tiles_only=True)])
def test_pieces_make_the_whole_map_at_100_percent(options: RenderOptions) -> None:
    path = REPO / "maps" / "city.tmx"
    r = MapRenderer(load_map(path), load_tile_map(path))
    whole = r.surface(1.0, options)
    w, h = whole.get_size()
    made = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    for y in range(0, h, 333):
        for x in range(0, w, 444):
            rect = pygame.Rect(x, y, min(444, w - x), min(333, h - y))
            made.blit(chunks.render_region(r, 1.0, options, rect), rect.topleft)
    diff = np.abs(_pixels(whole) - _pixels(made)).max(axis=2)
    assert diff.max() <= 1 and (diff > 0).mean() < 0.005  # antialiased edges may round


def test_a_big_map_is_drawn_in_pieces_in_the_window(monkeypatch) -> None:
    board = build_board(300, 300)
    tiles = TileMap(Path(""), 300, 300, load_tile_map(REPO / "maps" / "city.tmx").layout,
                    (), {}, {}, {}, {})  # fmt: skip
    r = MapRenderer(board, tiles)
    assert r.chunked(0.35) and not MapRenderer(build_board(20, 20), tiles_for(20)).chunked(2.0)
    screen = pygame.Surface((1280, 720))
    cam = Camera(view=(0, 0, 1280, 720), x=5000, y=6000, zoom_index=3)
    r.draw(screen, cam, RenderOptions())
    assert r.cached(1.0) and not r._cache  # no whole-map surface was built
    assert len(r._chunks._pieces) == 4 * 3  # 1280x720 from (5000, 6000): 4 x 3 pieces
    grid = pygame.surfarray.array3d(screen)
    assert len(np.unique(grid.reshape(-1, 3), axis=0)) > 2  # grid lines and labels drawn


def tiles_for(n: int) -> TileMap:
    return TileMap(Path(""), n, n, load_tile_map(REPO / "maps" / "city.tmx").layout,
                   (), {}, {}, {}, {})  # fmt: skip


def test_a_streamed_png_is_the_whole_map_picture(tmp_path: Path, monkeypatch, capsys) -> None:
    path = REPO / "maps" / "river.tmx"
    whole = tmp_path / "whole.png"
    assert preview([str(path), "--png", str(whole)]) == 0
    monkeypatch.setattr(chunks, "SURFACE_PIXELS", 1000)  # every map is "big" now
    monkeypatch.setattr("game.ui.map.render.SURFACE_PIXELS", 1000)
    monkeypatch.setattr(pngout, "BAND_BYTES", 400_000)
    monkeypatch.setattr(pngout, "PIECE_PIXELS", 90_000)
    streamed = tmp_path / "streamed.png"
    assert preview([str(path), "--png", str(streamed)]) == 0
    a, b = pygame.image.load(str(whole)), pygame.image.load(str(streamed))
    assert a.get_size() == b.get_size()
    diff = np.abs(_pixels(a) - _pixels(b)).max(axis=2)
    assert diff.max() <= 1 and (diff > 0).mean() < 0.005
    tiles = tmp_path / "tiles.png"
    assert preview([str(path), "--png", str(tiles), "--tiles-only"]) == 0
    t = pygame.image.load(str(tiles))
    assert t.get_size() == load_tile_map(path).size and t.get_at((0, 0)).a == 0


def test_a_picture_too_big_is_refused_up_front_with_the_zoom_that_fits(tmp_path, capsys) -> None:
    from game.cli import main as cli

    big = tmp_path / "huge.tmx"
    text = (REPO / "maps" / "grassland.tmx").read_text()
    text = text.replace('width="16" height="17"', 'width="998" height="999"', 1)
    text = text.replace('source="terrain.tsx"', f'source="{REPO / "maps" / "terrain.tsx"}"')
    big.write_text(text)  # the layers do not match: the header is enough to refuse
    assert cli(["preview", str(big), "--png", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(big) in err
    assert "62,895 x 71,964 px" in err and "--zoom 0.29 fits" in err
    assert not (tmp_path / "x.png").exists()
    assert pngout.fitting_zoom(62_895, 71_964, 1.0) == 0.29


def test_an_untiled_big_board_draws_the_terrain_near_the_view_only(tmp_path: Path) -> None:
    units = [{"id": "a", "side": "A", "kind": "biped", "tons": 50, "walk": 4, "at": "500500",
              "facing": 0},
             {"id": "b", "side": "B", "kind": "biped", "tons": 50, "walk": 4, "at": "500505",
              "facing": 3}]  # fmt: skip
    hexes = {"500501": {"woods": 2}, "499502": {"water": 1}, "501502": {"level": 2}}
    p = tmp_path / "big.json"
    p.write_text(json.dumps({"version": 1, "units": units,
                             "board": {"width": 999, "height": 999, "hexes": hexes}}))  # fmt: skip
    app = new_app(p)
    scene = app.top
    assert isinstance(scene, PlayScene)
    scene.view.zoom(8, scene.view.centre(Hex(499, 499)))  # in from the whole-map start view
    scene.view.centre_on(Hex(499, 499))
    app.step([], 1 / 60)
    cols, rows = scene.view._terrain_span()
    assert len(cols) * len(rows) < 100 * 100 and 499 in cols and 500 in rows
