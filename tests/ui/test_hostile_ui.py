"""UI faults fuzzing found (issue 9): inline-board games on the play screen and from a
save, a failing autosave, Ctrl+Q in the load dialog, a save whose map cannot be drawn."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game.save import save_game
from game.ui.app.play import Args, PlayError, make_app
from game.ui.scenes.hexes.menu import LoadMenu
from game.ui.scenes.hexes.movement.scene import PlayScene

from .test_play_scene import key, new_app

REPO = Path(__file__).resolve().parents[2]
INLINE = REPO / "tests" / "scenarios" / "enemy_blocks.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def test_an_inline_board_game_opens_the_play_screen_and_its_save_loads(tmp_path: Path) -> None:
    app = new_app(INLINE)
    assert isinstance(app.top, PlayScene)
    for _ in range(3):
        app.step([], 1 / 60)  # draws the untiled board
    path = tmp_path / "inline_save.json"
    save_game(app.state, path)
    state = app.state
    assert app.load(path), app.toast
    assert isinstance(app.top, PlayScene) and app.state == state
    app.step([], 1 / 60)


def test_a_failing_autosave_is_a_notice_and_the_game_goes_on(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("x")
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(blocker / "saves"))  # cannot be created
    monkeypatch.delenv("HEXPLATE_NO_AUTOSAVE", raising=False)
    app = new_app()  # StartGame, initiative and movement: three phase changes
    assert isinstance(app.top, PlayScene) and app.state.phase == "movement"
    assert app.running and app.toast is not None and app.toast[2]
    assert app.toast[0].startswith("Autosave failed:")


def test_ctrl_q_quits_from_the_load_dialog() -> None:
    app = new_app()
    app.push(LoadMenu(app))
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert not app.running


def _copied_map(folder: Path) -> Path:
    for name in ("grassland.tmx", "terrain.tsx", "terrain.png"):
        shutil.copy(REPO / "maps" / name, folder / name)
    return folder / "grassland.tmx"


def test_a_save_whose_map_cannot_be_drawn_names_the_save(tmp_path: Path) -> None:
    from game.setup import new_game_from_map

    tmx = _copied_map(tmp_path)
    path = tmp_path / "g.json"
    save_game(new_game_from_map(tmx), path)
    (tmp_path / "terrain.png").write_bytes(b"not a png at all")  # the rules do not care
    app = new_app()
    before = app.state
    assert not app.load(path)
    assert app.state is before and str(path) in app.toast[0]
    screen = pygame.display.set_mode((800, 600))
    with pytest.raises(PlayError, match=f"^{path}: the game cannot be shown"):
        make_app(Args(None, None, path, (800, 600), 1), screen)
