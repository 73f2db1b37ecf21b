"""Issue 25: F1 lists every key that works. Each letter and digit is pressed on the play
screens with nothing selected; a key that does something (or refuses with a reason other
than "does nothing here") must be named in that screen's help. The attack screens had
no L and no F although their banner says "L: log"."""

from __future__ import annotations

import re
import string

import pygame
import pytest

from game.ui.scenes.hexes.parts.attack.draw import ATTACK_KEYS
from game.ui.scenes.hexes.parts.flight.draw import FLIGHT_KEYS
from game.ui.scenes.hexes.parts.physical.draw import PHYSICAL_KEYS
from game.ui.widgets.help import PLAY_KEYS

from .test_attack_scene import attack_app, dismiss
from .test_flight_scene import flight_app
from .test_play_scene import key, new_app, ready

KEYS = string.ascii_lowercase + string.digits


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")


def _named(char: str, keys: tuple[tuple[str, str], ...]) -> bool:
    """``char`` is named in the help: as a key ('Q / E', 'Enter / H', '1 .. 9') or in a
    description ('H holds fire')."""
    text = " ".join(f"{k} {d}" for k, d in keys)
    if char.isdigit():
        ranges = re.findall(r"(\d) \.\. (\d)", text)
        return any(int(a) <= int(char) <= int(b) for a, b in ranges)
    return re.search(rf"(?<![A-Za-z]){char.upper()}(?![a-z])", text) is not None


def _unlisted(app, scene, keys: tuple[tuple[str, str], ...], skip: str = "") -> list[str]:
    """The keys that do something on ``scene`` but are not in ``keys`` (but ``skip``)."""
    out = []
    for char in (c for c in KEYS if c not in skip):
        app.toast = None
        key(app, getattr(pygame, f"K_{char}"), uni=char)
        said = app.toast[0] if app.toast else ""
        if "does nothing" not in said and not _named(char, keys):
            out.append(f"{char}: {said or 'acted'}")
        while app.top is not scene:  # the log, the menu: back to the screen
            app.pop()
        scene.plan, scene.help = None, False
    return out


def test_the_movement_screen_lists_its_keys() -> None:
    app = new_app()
    scene = ready(app)
    assert _unlisted(app, scene, PLAY_KEYS) == []


def test_the_attack_screens_list_their_keys() -> None:
    app = attack_app()
    scene = dismiss(app)
    assert _unlisted(app, scene, ATTACK_KEYS) == []
    key(app, pygame.K_l, uni="l")
    assert app.top.scene_name == "log"  # the banner's "L: log"
    app.pop()
    app, scene = flight_app()
    assert _unlisted(app, scene, FLIGHT_KEYS) == []


def test_the_physical_screen_lists_its_keys() -> None:
    from .test_refusals_said import _physical_app

    app, scene = _physical_app()
    # at most six attack rows ("1 .. 6"): 7 to 9 only ever refuse, with a reason
    assert _unlisted(app, scene, PHYSICAL_KEYS, skip="789") == []
