"""End to end (issue 22): on the start screen a player types a folder of MegaMek boards,
sees them listed with their size and what they leave out, picks one and starts a game on
it; and the roster of a thousand imported designs is searched and filtered by clicks and
typing."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.designs import reload
from game.ui.app.play import Args, make_app

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "tests" / "megamek" / "files"


def post(app, *events) -> None:
    for kind, attrs in events:
        pygame.event.post(pygame.event.Event(kind, attrs))
    app.step(pygame.event.get(), 1 / 60, draw=True)


def type_text(app, text: str) -> None:
    for ch in text:
        post(app, (pygame.KEYDOWN, {"key": 0, "mod": 0, "unicode": ch, "scancode": 0}))


def click_action(app, action: str) -> None:
    """Click the centre of the start screen's button for ``action``."""
    app.draw()
    button = next(b for b in app.top.buttons if b.action == action)
    pos = button.rect.center
    post(app, (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}),
         (pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}),
         (pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}))  # fmt: skip


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HEXPLATE_DESIGN_DIR", str(tmp_path / "designs"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    reload()
    screen = pygame.display.set_mode((1280, 720))
    pygame.event.clear()
    yield make_app(Args(None, None, None, (1280, 720), 7), screen)
    monkeypatch.undo()
    reload()


def test_a_folder_of_boards_is_listed_and_one_is_played(app, tmp_path: Path) -> None:
    click_action(app, "focus:map")
    type_text(app, str(BOARDS))
    post(app, (pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r",
                                "scancode": 0}))  # fmt: skip
    start = app.top
    assert start.folder == BOARDS and [p.name for p in start.listed()] == [
        "every_terrain.board", "roads_crlf.board", "town.board"]  # fmt: skip
    click_action(app, "map:0")
    assert start.map_choice() == BOARDS / "every_terrain.board"
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "start-boards.png"))
    click_action(app, "start")
    assert app.state is not None and (app.state.board.width, app.state.board.height) == (5, 4)
    assert "left out of play: " in app.toast[0] and "swamp" in app.toast[0]  # said once
    from game.ui.widgets.map_notes import map_notes

    assert map_notes(app.state)[0][1].count("swamp") == 1
    post(app, (pygame.KEYDOWN, {"key": pygame.K_F1, "mod": 0, "unicode": "", "scancode": 0}))
    assert app.top.help  # the deployment screen's help, with the map's line, opens again
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "deploy-help.png"))


def test_the_roster_search_and_filters_fit_a_thousand_designs(app, tmp_path: Path) -> None:
    folder = tmp_path / "designs"
    folder.mkdir()
    base = json.loads((ROOT / "game" / "designs" / "data" / "HBK-4G.json").read_text())
    for i in range(1000):
        doc = dict(base, design=f"X-{i}", chassis="Brawler" if i % 2 else "Sprinter",
                   era=3025 if i % 3 else 3055)  # fmt: skip
        (folder / f"X-{i}.json").write_text(json.dumps(doc))
    reload()
    start = app.top
    assert len(start.roster()) == 1000 + 29
    click_action(app, "focus:search")
    type_text(app, "brawler")
    assert len(start.roster()) == 500
    click_action(app, "filter:era")  # to 3025
    click_action(app, "filter:era")  # 3026-3050
    click_action(app, "filter:era")  # 3051 on
    assert len(start.roster()) == len([i for i in range(1000) if i % 2 and not i % 3])
    click_action(app, "filter:kind")  # Mechs
    click_action(app, "filter:weight")  # light: a 50-ton Hunchback copy is medium
    assert start.roster() == []
    click_action(app, "filter:weight")  # medium
    assert len(start.roster()) == 167
    post(app, (pygame.MOUSEMOTION, {"pos": (500, 400), "rel": (0, 0), "buttons": (0, 0, 0)}),
         (pygame.MOUSEWHEEL, {"x": 0, "y": -5, "flipped": False}))  # fmt: skip
    assert start.roster_scroll == 5
    first = start.roster()[5]
    click_action(app, f"add:A,{first.code}")
    assert start.forces["A"][-1][0] == first.code
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "start-roster.png"))
