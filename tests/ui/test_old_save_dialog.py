"""A save that cannot prove its game (issue 26: a version 2 save) is refused in the load
dialog: the sentence once, in the dialog's foot, the game you had still open, and the file
left as it is."""

from __future__ import annotations

import json
import os

import pygame
import pytest

from game.save import save_to_json
from game.ui.scenes.hexes.menu import LoadMenu

from .test_play_scene import new_app, ready


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def test_a_version_2_save_is_refused_in_the_load_dialog(tmp_path) -> None:
    app = new_app()
    ready(app)
    playing = app.state
    folder = tmp_path / "saves"
    folder.mkdir(exist_ok=True)
    doc = save_to_json(app.state)
    doc["version"] = 2
    old = folder / "old.json"
    old.write_text(json.dumps(doc))
    before = old.read_bytes()
    app.open("load")
    menu = app.top
    assert isinstance(menu, LoadMenu)
    menu.load(menu.saves.index(old))
    assert "this is a version 2 save, written before saves could be checked" in menu.error
    assert "start the game again or load it with an older hexplate" in menu.error
    assert app.toast is None and app.state is playing and old.read_bytes() == before
    app.draw()
    if os.environ.get("HEXPLATE_SHOT"):
        pygame.image.save(app.screen, os.environ["HEXPLATE_SHOT"])
