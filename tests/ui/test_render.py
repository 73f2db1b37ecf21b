"""The game's map renderer: colours where terrain is, roads, contours, caching, picking."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board import Board
from game.hexgrid import Hex
from game.maps import bundled_maps, load_map
from game.ui.map.camera import DEFAULT_ZOOM_INDEX, Camera
from game.ui.map.render import MapRenderer, RenderOptions
from game.ui.map.tiles import load_tile_map
from game.ui.widgets.palette import load_palette

PLAIN = RenderOptions(grid=False, labels=False, elevation=True)


def renderer_for(path: Path) -> MapRenderer:
    return MapRenderer(load_map(path), load_tile_map(path))


def centre_colour(surf: pygame.Surface, r: MapRenderer, h: Hex, zoom: float) -> np.ndarray:
    """Mean colour of a small square at the hex centre."""
    x, y = (int(v) for v in r.layout_at(zoom).centre(h))
    k = max(2, int(4 * zoom))
    block = pygame.surfarray.pixels3d(surf)[x - k : x + k + 1, y - k : y + k + 1]
    return block.reshape(-1, 3).astype(float).mean(axis=0)


def is_blue(c: np.ndarray) -> bool:
    return c[2] > c[0] + 25 and c[2] >= c[1]


def is_green(c: np.ndarray) -> bool:
    return c[1] > c[0] and c[1] > c[2]


def is_grey(c: np.ndarray) -> bool:
    return c.max() - c.min() < 30


def hexes_where(mask: np.ndarray) -> list[Hex]:
    return [Hex(int(c), int(r)) for r, c in zip(*np.nonzero(mask), strict=True)]


def terrain_classes(b: Board) -> dict[str, list[Hex]]:
    plain = (b.road_exits == 0) & (b.building_class == 0) & (b.bridge_class == 0) & ~b.rubble
    return {
        "water": hexes_where(plain & (b.water >= 0) & (b.woods == 0)),
        "woods": hexes_where(plain & (b.woods > 0) & (b.water < 0)),
        "pavement": hexes_where(plain & b.pavement & (b.woods == 0) & (b.water < 0)),
    }


CHECKS = {"water": is_blue, "woods": is_green, "pavement": is_grey}


@pytest.mark.parametrize("path", bundled_maps(), ids=lambda p: p.stem)
@pytest.mark.parametrize("zoom", [0.5, 1.0])
def test_bundled_map_colours_at_hex_centres(path: Path, zoom: float) -> None:
    """Water hexes are blue, woods green, pavement grey where the board says so."""
    r = renderer_for(path)
    surf = r.surface(zoom, PLAIN)
    assert surf.get_size() == r.map_size(zoom)
    checked = 0
    for kind, hexes in terrain_classes(r.board).items():
        for h in hexes:
            c = centre_colour(surf, r, h, zoom)
            assert CHECKS[kind](c), f"{kind} hex {r.board.hex_name(h)} has colour {c}"
            checked += 1
    assert checked >= 3


def test_generated_map_colours(mini_map: Path) -> None:
    r = renderer_for(mini_map)
    surf = r.surface(1.0, PLAIN)
    classes = terrain_classes(r.board)
    assert classes["water"] and classes["woods"]
    for kind, hexes in classes.items():
        for h in hexes:
            assert CHECKS[kind](centre_colour(surf, r, h, 1.0)), (kind, h)


def test_roads_join_across_hexsides_in_asphalt(mini_map: Path) -> None:
    """Road strokes meet on the shared hexside; the tile pad alone would leave grass there."""
    r = renderer_for(mini_map)
    asphalt = np.array(load_palette().colour("road", "asphalt"), dtype=float)
    for zoom in (0.5, 1.0, 2.0):
        surf = r.surface(zoom, PLAIN)
        lay = r.layout_at(zoom)
        b = r.board
        for h in hexes_where(b.road_exits > 0):
            for d in range(6):
                if int(b.road_exits[h.row, h.col]) >> d & 1:
                    # Beside the dashed centre line, a quarter road width off the axis.
                    mx, my = lay.hexside_midpoint(h, d)
                    cx, cy = lay.centre(h)
                    n = np.hypot(mx - cx, my - cy)
                    ox, oy = -(my - cy) / n * 5 * zoom, (mx - cx) / n * 5 * zoom
                    c = np.array(tuple(surf.get_at((round(mx + ox), round(my + oy))))[:3], float)
                    assert np.abs(c - asphalt).max() < 40, (h, d, zoom, c)


def test_contours_mark_level_changes_and_elevation_toggle_removes_them(mini_map: Path) -> None:
    r = renderer_for(mini_map)
    high = np.array(load_palette().colour("terrain", "contour_high"), dtype=float)
    lay = r.layout_at(1.0)
    # Hex 0202 (level 1) and 0201 (level 0) share the N hexside of 0202.
    x, y = (int(round(v)) for v in lay.hexside_midpoint(Hex(1, 1), 0))
    on = np.array(tuple(r.surface(1.0, PLAIN).get_at((x, y)))[:3], dtype=float)
    off_opts = RenderOptions(grid=False, labels=False, elevation=False)
    off = np.array(tuple(r.surface(1.0, off_opts).get_at((x, y)))[:3], dtype=float)
    assert np.abs(on - high).max() < 30
    assert np.abs(off - high).max() > 30


def test_grid_and_labels_change_the_picture(mini_map: Path) -> None:
    r = renderer_for(mini_map)
    plain = pygame.surfarray.array3d(r.surface(1.0, PLAIN))
    grid = pygame.surfarray.array3d(r.surface(1.0, RenderOptions(grid=True, labels=False)))
    labels = pygame.surfarray.array3d(r.surface(1.0, RenderOptions(grid=False, labels=True)))
    assert (plain != grid).any(axis=2).mean() > 0.01
    assert 0.001 < (plain != labels).any(axis=2).mean() < 0.2


def test_surfaces_are_cached_per_zoom_and_options(mini_map: Path) -> None:
    r = renderer_for(mini_map)
    a = r.surface(0.75, PLAIN)
    assert r.surface(0.75, PLAIN) is a
    assert r.surface(0.75, RenderOptions()) is not a
    for z in (0.35, 0.5, 1.0, 1.5):
        r.surface(z, PLAIN)
    assert r.surface(0.75, PLAIN) is not a  # least recently used was dropped


def test_draw_blits_the_visible_part_and_background(mini_map: Path) -> None:
    r = renderer_for(mini_map)
    screen = pygame.Surface((800, 600))
    cam = Camera(view=(0, 0, 800, 600), x=-100, y=-50, zoom_index=DEFAULT_ZOOM_INDEX)
    r.draw(screen, cam, PLAIN)
    assert tuple(screen.get_at((10, 10)))[:3] == r.background
    surf = r.surface(1.0, PLAIN)
    for mx, my in ((200, 150), (400, 300), (50, 420)):
        assert screen.get_at((mx + 100, my + 50)) == surf.get_at((mx, my))


def test_picking_through_the_camera(mini_map: Path) -> None:
    r = renderer_for(mini_map)
    for zi in range(6):
        cam = Camera(view=(20, 30, 700, 500), x=37, y=-11, zoom_index=zi)
        for h in (Hex(0, 0), Hex(3, 2), Hex(7, 5), Hex(5, 4)):
            sx, sy = r.hex_centre_on_screen(cam, h)
            if cam.in_view(sx, sy):
                assert r.hex_at(cam, sx, sy) == h
        assert r.hex_at(cam, 5, 5) is None  # outside the viewport


def test_hover_outline_draws_only_inside_the_view(mini_map: Path) -> None:
    r = renderer_for(mini_map)
    screen = pygame.Surface((400, 300))
    screen.fill((0, 0, 0))
    cam = Camera(view=(0, 0, 200, 300), zoom_index=DEFAULT_ZOOM_INDEX)
    r.outline(screen, cam, Hex(3, 1), (255, 255, 0))
    px = pygame.surfarray.array3d(screen)
    assert px[:200].any()
    assert not px[200:].any()


def test_size_mismatch_between_board_and_tiles_is_refused(mini_map: Path) -> None:
    from game.board import build_board

    with pytest.raises(ValueError, match="board is 3x3"):
        MapRenderer(build_board(3, 3), load_tile_map(mini_map))
    with pytest.raises(ValueError, match="board is 9x6"):  # an odd map gets no extra column
        MapRenderer(build_board(9, 6), load_tile_map(mini_map))


def test_stagger_even_map_is_drawn_one_column_east(tmp_path: Path) -> None:
    """The loader adds a clear column west of a staggerindex="even" map (Tiled column c is
    board column c + 1); the renderer draws the tiles there, so centres, terrain colours
    and picking agree with the board."""
    from .conftest import mini_layers, write_map

    path = write_map(tmp_path / "even", 8, 6, mini_layers(), stagger="even")
    r = renderer_for(path)
    assert (r.board.width, r.tiles.cols) == (9, 8)
    surf = r.surface(1.0, PLAIN)
    assert surf.get_size() == r.layout.map_size(9, 6)
    for h in terrain_classes(r.board)["water"]:
        assert is_blue(centre_colour(surf, r, h, 1.0)), h
    assert is_green(centre_colour(surf, r, Hex(0, 3), 1.0))  # the added clear column
    cam = Camera(view=(0, 0, 900, 700), zoom_index=DEFAULT_ZOOM_INDEX)
    assert r.hex_at(cam, *r.hex_centre_on_screen(cam, Hex(6, 2))) == Hex(6, 2)
    tiles_only = r.surface(1.0, RenderOptions(tiles_only=True))
    assert tiles_only.get_size() == surf.get_size()
