"""``map convert X.board OUT.tmx`` (issue 22): a Tiled map that our reader reads back to
the same board, that Tiled itself opens, and that tmxrasterizer draws as we do."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board import ARRAY_FIELDS
from game.maps import load_map
from game.scenario.writer import board_to_json
from game.ui.map.tiles import load_tile_map, render_tiles_only

from .test_board_reader import FILES, run

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
BOARDS = sorted(FILES.glob("*.board"))
TILED, TMXRASTERIZER = shutil.which("tiled"), shutil.which("tmxrasterizer")
QT = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def convert(board: Path, out: Path) -> Path:
    code, stdout, err = run("map", "convert", str(board), str(out))
    assert code == 0, err
    assert str(out) in stdout
    return out


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_board_to_tmx_reads_back_to_the_same_board(path: Path, tmp_path: Path) -> None:
    original = load_map(path)
    back = load_map(convert(path, tmp_path / "sub" / f"{path.stem}.tmx"))
    for f in ARRAY_FIELDS:
        assert np.array_equal(getattr(original, f), getattr(back, f)), f
    assert board_to_json(original) == board_to_json(back)


def test_convert_refuses_an_output_that_is_not_tmx(tmp_path: Path) -> None:
    code, _, err = run("map", "convert", str(BOARDS[0]), str(tmp_path / "x.png"))
    assert code == 2 and "must be a .tmx file" in err


@pytest.mark.skipif(TILED is None, reason="tiled is missing (Debian: apt install tiled)")
def test_tiled_opens_the_converted_map(tmp_path: Path) -> None:
    tmx = convert(FILES / "town.board", tmp_path / "town.tmx")
    out = tmp_path / "again.tmx"
    done = subprocess.run([str(TILED), "--export-map", str(tmx), str(out)], env=QT,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert board_to_json(load_map(out)) == board_to_json(load_map(FILES / "town.board"))


@pytest.mark.skipif(TMXRASTERIZER is None, reason="tmxrasterizer is missing (apt install tiled)")
@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_tmxrasterizer_draws_the_converted_map_as_our_previewer(path: Path, tmp_path: Path) -> None:
    tmx = convert(path, tmp_path / f"{path.stem}.tmx")
    png = tmp_path / "tiled.png"
    subprocess.run([str(TMXRASTERIZER), "--hide-layer", "overrides", str(tmx), str(png)],
                   env=QT, check=True, capture_output=True, timeout=120)  # fmt: skip
    theirs = pygame.image.load(str(png))
    ours = render_tiles_only(load_tile_map(tmx))
    assert ours.get_size() == theirs.get_size()

    def premultiplied(s: pygame.Surface) -> np.ndarray:
        rgb = pygame.surfarray.array3d(s).astype(np.int32)
        a = pygame.surfarray.array_alpha(s).astype(np.int32)
        return np.dstack([rgb * a[..., None] // 255, a])

    diff = np.abs(premultiplied(ours) - premultiplied(theirs)).max(axis=2)
    assert (diff <= 8).mean() > 0.99
    assert (premultiplied(theirs)[..., 3] > 0).mean() > 0.5


def test_a_board_theme_tints_the_ground_tiles(tmp_path: Path) -> None:
    """Most hexes of the board say "mars": the ground tiles are blended toward its red;
    a board of grass keeps the bundled tiles as they are."""
    from game.ui.map.board_tiles import THEME_TINTS, load_map_tiles

    pygame.display.init()
    pygame.display.set_mode((8, 8))
    text = (FILES / "town.board").read_text()
    mars = tmp_path / "mars.board"
    mars.write_text(text.replace(' ""\n', ' "mars"\n'))
    plain = load_map_tiles(FILES / "town.board", load_map(FILES / "town.board"))
    red = load_map_tiles(mars, load_map(mars))
    gid = next(g for g, p in plain.properties.items() if p.get("terrain") == "clear")
    before = pygame.surfarray.array3d(plain.images[gid]).mean(axis=(0, 1))
    after = pygame.surfarray.array3d(red.images[gid]).mean(axis=(0, 1))
    target = np.array(THEME_TINTS["mars"][0])
    assert np.abs(after - target).sum() < np.abs(before - target).sum()
    road = next(g for g, p in plain.properties.items() if p.get("terrain") == "road")
    assert np.array_equal(pygame.surfarray.array3d(plain.images[road]),
                          pygame.surfarray.array3d(red.images[road]))  # fmt: skip
