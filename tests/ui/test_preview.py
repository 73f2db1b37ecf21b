"""The previewer's command line: --png, --tiles-only, errors as one sentence and exit 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.cli import main as cli_main
from game.maps import DEFAULT_MAP
from game.ui.map.tiles import load_tile_map
from game.ui.scenes.hexes.preview.command import start_zoom


def test_png_renders_the_whole_map_at_the_zoom(tmp_path: Path, capsys) -> None:
    out = tmp_path / "map.png"
    assert cli_main(["preview", str(DEFAULT_MAP), "--png", str(out), "--zoom", "0.5"]) == 0
    tmap = load_tile_map(DEFAULT_MAP)
    img = pygame.image.load(str(out))
    assert img.get_size() == tmap.layout.scaled(0.5).map_size(tmap.cols, tmap.rows)
    assert len(set(pygame.image.tobytes(img, "RGB")[:: 3 * 97])) > 50  # not blank
    assert "map.png" in capsys.readouterr().out


def test_tiles_only_png_is_transparent_outside_the_hexes(mini_map: Path, tmp_path: Path) -> None:
    out = tmp_path / "tiles.png"
    assert cli_main(["preview", str(mini_map), "--png", str(out), "--tiles-only"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_at((1, 1)).a == 0  # the corner outside the first hexagon
    assert img.get_at((42, 36)).a == 255


def test_missing_tileset_image_exits_2_with_a_sentence(mini_map: Path, tmp_path, capsys) -> None:
    (mini_map.parent / "terrain.png").unlink()
    code = cli_main(["preview", str(mini_map), "--png", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert code == 2
    assert "terrain.png" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_broken_map_exits_2(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.tmx"
    bad.write_text('<map orientation="orthogonal" width="3" height="3"></map>')
    assert cli_main(["preview", str(bad), "--png", str(tmp_path / "x.png")]) == 2
    assert "bad.tmx" in capsys.readouterr().err


def test_bad_size_and_missing_output_folder_exit_2(tmp_path: Path, capsys) -> None:
    assert cli_main(["preview", str(DEFAULT_MAP), "--size", "huge"]) == 2
    assert "--size" in capsys.readouterr().err
    out = tmp_path / "nowhere" / "x.png"
    assert cli_main(["preview", str(DEFAULT_MAP), "--png", str(out)]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_the_opening_zoom_fills_the_window_with_the_whole_map() -> None:
    assert start_zoom((600, 500), (1280, 800)) == 1.0  # never above the art's size
    assert start_zoom((2037, 2484), (1280, 800)) == 0.5  # floor of 50 %
    small = start_zoom((1029, 1260), (1280, 800))  # issue 25, finding 17: not 50 %
    assert 0.6 < small < 0.75 and 1260 * small <= 800 and 1260 * small > 800 - 30


def test_help_lists_the_options(capsys) -> None:
    with pytest.raises(SystemExit) as e:
        cli_main(["preview", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    for opt in ("--png", "--zoom", "--tiles-only", "--size"):
        assert opt in out


def test_no_display_is_a_sentence_not_a_traceback() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SDL_VIDEODRIVER"] = "x11"
    done = subprocess.run(
        [sys.executable, "main.py", "preview", str(DEFAULT_MAP)],
        cwd=DEFAULT_MAP.parents[1],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "--png" in done.stderr and "Traceback" not in done.stderr
