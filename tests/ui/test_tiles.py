"""Tiles-only rendering equals Tiled's own tmxrasterizer, pixel for pixel (nearly)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.hexgrid import Hex
from game.maps import bundled_maps
from game.ui.map.tiles import TileImageError, draw_order, load_tile_map, render_tiles_only

from .conftest import mini_layers, write_map

TMXRASTERIZER = shutil.which("tmxrasterizer")
needs_tiled = pytest.mark.skipif(
    TMXRASTERIZER is None, reason="tmxrasterizer is missing (Debian: apt install tiled)"
)


def tiled_render(tmx: Path, out: Path, hide: tuple[str, ...]) -> pygame.Surface:
    """Run tmxrasterizer headless (Qt offscreen), hiding the object layers."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    cmd = [str(TMXRASTERIZER)]
    for name in hide:
        cmd += ["--hide-layer", name]
    subprocess.run([*cmd, str(tmx), str(out)], env=env, check=True, capture_output=True, timeout=60)
    return pygame.image.load(str(out))


def premultiplied(s: pygame.Surface) -> np.ndarray:
    """RGBA with colour premultiplied by alpha, so invisible pixels' colours do not count."""
    rgb = pygame.surfarray.array3d(s).astype(np.int32)
    a = pygame.surfarray.array_alpha(s).astype(np.int32)
    return np.dstack([rgb * a[..., None] // 255, a])


def assert_same_image(ours: pygame.Surface, theirs: pygame.Surface) -> None:
    assert ours.get_size() == theirs.get_size()
    diff = np.abs(premultiplied(ours) - premultiplied(theirs)).max(axis=2)
    close = (diff <= 8).mean()
    assert close > 0.99, f"only {close:.4f} of the pixels are within 8 levels"
    # Something was actually drawn (not two empty images).
    assert (premultiplied(theirs)[..., 3] > 0).mean() > 0.5


@needs_tiled
@pytest.mark.parametrize("path", bundled_maps(), ids=lambda p: p.stem)
def test_bundled_map_tiles_only_equals_tmxrasterizer(path: Path, tmp_path: Path) -> None:
    tmap = load_tile_map(path)
    theirs = tiled_render(path, tmp_path / "tiled.png", tmap.object_layers)
    assert_same_image(render_tiles_only(tmap), theirs)


@needs_tiled
@pytest.mark.parametrize("stagger", ["odd", "even"])
def test_generated_map_tiles_only_equals_tmxrasterizer(stagger: str, tmp_path: Path) -> None:
    path = write_map(tmp_path / stagger, 8, 6, mini_layers(), stagger=stagger)
    tmap = load_tile_map(path)
    theirs = tiled_render(path, tmp_path / "tiled.png", tmap.object_layers)
    assert_same_image(render_tiles_only(tmap), theirs)


@needs_tiled
def test_offsets_opacity_visibility_and_tileoffset_match_tiled(tmp_path: Path) -> None:
    """Layer offsets (which also grow the image), opacity, a hidden layer, tile offsets."""
    base = mini_layers()
    layers = {
        "ground": base["ground"],
        "elevation": (base["elevation"], 'opacity="0.5"'),
        "features": (base["features"], 'offsetx="-7" offsety="5"'),
        "hidden": ({h: 7 for h in base["features"]}, 'visible="0"'),
    }
    path = write_map(tmp_path / "fx", 8, 6, layers, tileoffset=(-3, -4))
    tmap = load_tile_map(path)
    assert tmap.margins == (7, 0, 0, 5)
    theirs = tiled_render(path, tmp_path / "tiled.png", tmap.object_layers)
    assert_same_image(render_tiles_only(tmap), theirs)


FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000


@needs_tiled
def test_flipped_and_turned_tiles_match_tiled(tmp_path: Path) -> None:
    """Mirror bits, and the 'diagonal' bit that hexagonal maps use for a 60 degree turn."""
    base = mini_layers()
    features: dict[Hex, object] = dict(base["features"])
    features[Hex(6, 4)] = (16, FLIP_H)
    features[Hex(7, 4)] = (17, FLIP_V)
    features[Hex(6, 5)] = (18, FLIP_D)
    features[Hex(3, 3)] = (22, FLIP_H | FLIP_D)
    features[Hex(4, 4)] = (16, FLIP_H | FLIP_V | FLIP_D)
    layers = {"ground": base["ground"], "features": features}
    path = write_map(tmp_path / "flips", 8, 6, layers)
    tmap = load_tile_map(path)
    ours = render_tiles_only(tmap)
    assert_same_image(ours, tiled_render(path, tmp_path / "tiled.png", tmap.object_layers))
    # And the flips did something: the mirrored disc's notch moved.
    plain = render_tiles_only(load_tile_map(write_map(tmp_path / "plain", 8, 6, base)))
    x, y = tmap.layout.cell_origin_unscaled(6, 4)
    assert ours.get_at((x + 30, y + 24)) != plain.get_at((x + 30, y + 24))


def test_draw_order_is_tileds_half_rows() -> None:
    """Raised columns of a row first, then the lowered ones, then the next row."""
    tmap_layout = __import__("game.layout", fromlist=["DEFAULT_LAYOUT"]).DEFAULT_LAYOUT
    order = list(draw_order(tmap_layout, 4, 2))
    assert order == [(0, 0), (2, 0), (1, 0), (3, 0), (0, 1), (2, 1), (1, 1), (3, 1)]


def test_tile_images_sit_in_their_cells(mini_map: Path) -> None:
    """Colour at a hex centre is that hex's ground tile (placeholder art: flat colours)."""
    tmap = load_tile_map(mini_map)
    surf = render_tiles_only(tmap)
    lay = tmap.layout
    for h, expected in ((Hex(5, 1), (70, 130, 210)), (Hex(5, 2), (40, 90, 180))):
        x, y = lay.centre(h)
        assert tuple(surf.get_at((int(x), int(y))))[:3] == expected


def test_missing_tileset_image_is_one_clear_sentence(mini_map: Path) -> None:
    (mini_map.parent / "terrain.png").unlink()
    with pytest.raises(TileImageError, match=r"terrain\.png is missing"):
        load_tile_map(mini_map)


def test_map_file_that_is_not_xml_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map orientation=")
    with pytest.raises(TileImageError, match="bad.tmx"):
        load_tile_map(bad)
