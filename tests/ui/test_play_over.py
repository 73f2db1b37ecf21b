"""The end of the game: game.flow.outcome, the game-over overlay, and no actions after it.

The last test plays it out on the river map: side A's only Mech walks onto a bridge too
weak for it (MOV-27), falls with the deck, and its pilot (already at 5 hits) is killed by
the fall (PSR-19): side B wins.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.flow import actor, apply, outcome
from game.hexgrid import Hex, neighbour
from game.phases.actions import CommitMove, StandStill
from game.setup import new_game_from_map
from game.ui.scenes.hexes.movement.scene import PlayScene
from game.ui.scenes.hexes.over import GameOver, game_over
from game.ui.scenes.hexes.start import StartScreen

from .test_play_board import RIVER, deployed_app

BRIDGE, BANK = Hex(9, 8), Hex(8, 8)  # river.tmx: a medium bridge (CF 40) and its road bank


@pytest.fixture(autouse=True)
def _env(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def _edit(state, unit_id: str, **changes):
    return replace(
        state, units=tuple(replace(u, **changes) if u.id == unit_id else u for u in state.units)
    )


def _frame(app, *events) -> None:
    for kind, attrs in events:
        pygame.event.post(pygame.event.Event(kind, attrs))
    app.step(pygame.event.get(), 1 / 60)


def _key(app, k: int, mod: int = 0) -> None:
    _frame(app, (pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": "", "scancode": 0}))


def winner(state) -> str | None:
    result = outcome(state)
    return result.winner if result is not None else None


def test_winner_is_the_only_side_with_units_left_PSR_19() -> None:
    app = deployed_app()
    s = app.state
    assert s.phase == "movement" and winner(s) is None
    assert winner(replace(s, wrecked=("B1",))) == "A"
    killed = _edit(s, "A1", damage=replace(s.unit("A1").damage, pilot_hits=6))  # PSR-19
    assert winner(killed) == "B"
    assert winner(replace(s, wrecked=("A1", "B1"))) is None  # nobody left: no winner
    assert game_over(replace(s, wrecked=("A1", "B1"))).startswith("Draw")


def test_no_winner_before_the_game_is_under_way() -> None:
    state = new_game_from_map(RIVER)
    assert state.phase == "setup" and not state.units and winner(state) is None
    assert game_over(state) is None


def test_game_over_overlay_blocks_every_action() -> None:
    app = deployed_app()
    scene = app.top
    assert isinstance(scene, PlayScene)
    turn = app.state.turn
    app.state = replace(app.state, wrecked=("B1",))
    _frame(app)
    over = app.top
    assert isinstance(over, GameOver)
    assert over.headline == f"Side A wins - turn {turn}"
    before = app.state
    # keys and clicks of the play screen reach the overlay, not the game
    for k in (pygame.K_w, pygame.K_s, pygame.K_ESCAPE, pygame.K_TAB):
        _key(app, k)
    x, y = scene.view.centre(app.state.unit("A1").at)
    _frame(app, (pygame.MOUSEBUTTONDOWN, {"pos": (round(x), round(y)), "button": 1}))
    assert app.state is before and app.top is over
    # and the App refuses actions outright
    assert app.act(StandStill("A1")) is None
    assert "game is over" in app.toast[0]
    app.draw()  # the overlay and the game-over banner draw without error
    _key(app, pygame.K_RETURN)
    assert isinstance(app.top, StartScreen)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_game_over_overlay_fits_the_window(size) -> None:
    app = deployed_app(size=size)
    app.state = replace(app.state, wrecked=("A1",))
    _frame(app)
    over = app.top
    assert isinstance(over, GameOver)
    app.draw()
    screen = app.screen.get_rect()
    assert len(over.buttons) == 3
    for b in over.buttons:
        assert screen.contains(b.rect)
    rects = [b.rect for b in over.buttons]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    # a click on Quit ends the app
    quit_button = next(b for b in over.buttons if b.action == "quit")
    _frame(app, (pygame.MOUSEBUTTONDOWN, {"pos": quit_button.rect.center, "button": 1}))
    assert app.running is False


def _fatal_seed() -> int:
    """A dice seed with which side A moves first and A1's fall off the bridge kills its
    pilot: found by trying seeds, so the test does not depend on the dice order."""
    for seed in range(1, 80):
        app = deployed_app(seed=seed)
        s = app.state
        if actor(s) != "A":
            continue
        s = _edit(s, "A1", at=BANK, facing=2, damage=replace(s.unit("A1").damage, pilot_hits=5))
        out = apply(s, CommitMove("A1", "walk", ("F",)))
        if out.ok and out.state.unit("A1").destroyed:
            return seed
    raise AssertionError("no seed kills the pilot in the fall")


def test_a_fall_that_kills_the_last_pilot_ends_the_game_MOV_27_PSR_19() -> None:
    assert neighbour(BANK, 2) == BRIDGE
    app = deployed_app(seed=_fatal_seed())
    scene = app.top
    a1 = app.state.unit("A1")
    app.state = _edit(app.state, "A1", at=BANK, facing=2,
                      damage=replace(a1.damage, pilot_hits=5))  # fmt: skip
    assert app.state.board.bridge_class[BRIDGE.row, BRIDGE.col] > 0
    scene.select("A1")
    x, y = scene.view.centre(BRIDGE)
    pos = (round(x) + 1, round(y - 25 * scene.view.camera.zoom))
    _frame(app, (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))
    assert scene.plan is not None and scene.plan.dest == BRIDGE
    warnings = scene.info.get("warnings")
    assert warnings and warnings[0].at == BRIDGE and "exceeds its CF 40" in warnings[0].text
    _key(app, pygame.K_RETURN)
    assert app.state.unit("A1").destroyed  # PSR-19: the sixth pilot hit
    assert app.state.board.bridge_class[BRIDGE.row, BRIDGE.col] == 0  # MOV-27
    assert winner(app.state) == "B"
    assert scene.anim is not None and app.top is scene  # the move plays out first
    frames = 0
    while not isinstance(app.top, GameOver) and frames < 900:
        _frame(app)
        frames += 1
    assert isinstance(app.top, GameOver) and frames > 10 and scene.anim is None
    assert app.top.headline == f"Side B wins - turn {app.state.turn}"
    assert any("DESTROYED" in text for _, text, _ in scene.marks)
    assert any(h == BRIDGE and text == "BRIDGE DOWN" for h, text, _ in scene.marks)


def test_notice_pop_ups_wrap_long_lines_and_name_the_collapse_MOV_27() -> None:
    from game.core.actions import Event
    from game.ui.map.anim import popup_of, popup_surface

    text = "A1: bridge collapse (at 1009, load 50, cf 40, cause overload) " * 2
    popup = popup_of(Event("bridge_collapse", text.strip(), "A1"))
    assert popup is not None and popup.title == "BRIDGE COLLAPSES"
    size = 17
    card = popup_surface(popup, size)
    assert card.get_width() <= size * 22 + 2 * (size // 2) + 2  # wrapped, not one long line
    assert card.get_height() > 3 * size
