"""No text cut off or running into buttons: every screen drawn at 900x600, 1280x720 and
1920x1080, and every line of text (and every block of text rows) must lie inside the box
it was drawn for (game.ui.widgets.fonts.draw_text notes where each one went)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.ui.app.play import Args, make_app
from game.ui.widgets.fonts import Placed, recording

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "tests" / "ui" / "data" / "report_scenario.json"
SIZES = ((900, 600), (1280, 720), (1920, 1080))


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def post(app, *events) -> None:
    for kind, attrs in events:
        pygame.event.post(pygame.event.Event(kind, attrs))
    app.step(pygame.event.get(), 1 / 60, draw=False)


def key(app, k: int, uni: str = "") -> None:
    post(app, (pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": uni, "scancode": 0}))


def click(app, pos) -> None:
    post(
        app,
        (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}),
        (pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}),
    )


def settle(app) -> None:
    for _ in range(600):
        if getattr(app.top, "anim", None) is None:
            return
        app.step([], 1 / 20, draw=False)


def outside(app) -> list[Placed]:
    with recording() as placed:
        app.draw()
    assert len(placed) >= 3, "the screen drew (almost) no text through draw_text"
    return [p for p in placed if not p.inside]


def start_app(size):
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    return make_app(Args(None, None, None, size, 7), screen)


def play_app(size):
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    return make_app(Args(None, SCENARIO, None, size, 7), screen)


def _start(size):
    return [("start", start_app(size))]


def _start_help(size):
    app = start_app(size)
    key(app, pygame.K_F1)
    return [("start help", app)]


def _deploy(size):
    app = start_app(size)
    key(app, pygame.K_RETURN)
    out = [("deploy hand-off", app)]
    return out


def _deploy_ready(size):
    app = start_app(size)
    key(app, pygame.K_RETURN)
    click(app, (5, 5))
    return [("deploy", app)]


def _play(size):
    app = play_app(size)
    out = [("play hand-off", app)]
    return out


def _planning(size):
    app = play_app(size)
    click(app, (5, 5))
    scene = app.top
    a2 = app.state.unit("A2")
    scene.select(a2.id)
    x, y = scene.view.centre(a2.at)
    post(app, (pygame.MOUSEMOTION, {"pos": (round(x) + 40, round(y)), "rel": (0, 0),
                                    "buttons": (0, 0, 0)}))  # fmt: skip
    return [("planning", app)]


def _underway(size):
    app = play_app(size)
    click(app, (5, 5))
    app.top.select("A1")
    key(app, pygame.K_u, "u")  # the stand-up roll fails (the scenario's dice)
    settle(app)
    assert app.state.underway is not None
    return [("move under way", app)]


def _vehicle(size):
    app = play_app(size)
    click(app, (5, 5))
    app.top.select("B2")
    return [("vehicle sheet", app)]


def _overlays(size):
    out = []
    for name, keys in (("menu", [pygame.K_ESCAPE]), ("help", [pygame.K_F1]),
                       ("full log", [pygame.K_l])):  # fmt: skip
        app = play_app(size)
        click(app, (5, 5))
        for k in keys:
            key(app, k)
        out.append((name, app))
    app = play_app(size)
    click(app, (5, 5))
    key(app, pygame.K_ESCAPE)
    app.top.choose("new")  # "Start a new game?"
    out.append(("menu asks", app))
    app = play_app(size)
    app.save("a-save-with-a-rather-long-name-for-the-list.json")
    app.open("load")
    out.append(("load", app))
    app = play_app(size)
    app.open("over")
    out.append(("game over", app))
    return out


SCREENS: tuple[Callable[[tuple[int, int]], list], ...] = (
    _start, _start_help, _deploy, _deploy_ready, _play, _planning, _underway, _vehicle,
    _overlays,
)  # fmt: skip


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_keeps_its_text_inside_its_boxes(size) -> None:
    problems = []
    for make in SCREENS:
        for name, app in make(size):
            for p in outside(app):
                problems.append(f"{name}: {p.what!r} at {p.rect} outside {p.bounds}")
    assert not problems, "\n".join(problems[:30])


def test_the_check_finds_text_that_runs_out_of_its_box() -> None:
    """The recorder itself: a line wider than its box is reported."""
    from game.ui.widgets.fonts import draw_text, font

    surf = pygame.Surface((200, 40))
    with recording() as placed:
        draw_text(surf, "a sentence far too long for a box this narrow", font(16), (255, 255, 255),
                  (2, 2), pygame.Rect(0, 0, 60, 20))  # fmt: skip
        draw_text(surf, "short", font(16), (255, 255, 255), (2, 2), pygame.Rect(0, 0, 60, 20))
    assert [p.inside for p in placed] == [False, True]
