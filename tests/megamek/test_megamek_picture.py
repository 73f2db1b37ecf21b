"""The README's MegaMek picture (docs/img/megamek-board.png) is what
tools/pictures/megamek_pics.py makes today: a board in the MegaMek format, converted to a
Tiled map and previewed."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pygame

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tools")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pictures import megamek_pics  # noqa: E402

from game.maps.megamek_board import read_board_text  # noqa: E402


def test_the_sample_is_a_megamek_board_with_a_left_out_swamp() -> None:
    read = read_board_text(megamek_pics.sample_board(), "sample.board")
    assert (read.board.width, read.board.height) == megamek_pics.SIZE
    assert [(w.at, w.terrain) for w in read.warnings] == [("1511", "swamp")]
    assert (read.board.bridge_class > 0).sum() == 1 and read.board.building_class.any()


def test_docs_img_holds_the_picture_the_tool_makes(tmp_path: Path) -> None:
    out = tmp_path / "megamek-board.png"
    megamek_pics.converted_board(out)
    ours = pygame.surfarray.array3d(pygame.image.load(str(out)))
    kept = pygame.surfarray.array3d(pygame.image.load(str(ROOT / "docs/img/megamek-board.png")))
    assert ours.shape == kept.shape == (*megamek_pics.PICTURE, 3)
    assert (np.abs(ours.astype(int) - kept).max(axis=2) <= 8).mean() > 0.99
