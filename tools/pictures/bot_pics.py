"""The computer opponent's pictures (docs/bot.md): side B played by the bot on the
grassland map, caught in its movement phase with its why-line as the notice; the start
screen with side B played by the computer; the numbers behind a why-line, the mouse over
it in the log."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.app.play import Args, make_app
from game.ui.widgets.log_view import LogView

from .drive import HD, save

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "grassland.tmx"


def _until_b_moved(app) -> None:
    mark = None
    for _ in range(3000):
        s = app.state
        events = [ANY_KEY] if getattr(app.top, "overlay", False) else []
        if s.turn == 2 and str(s.phase) == "movement" and not events:
            mark = len(app.bots.why) if mark is None else mark
            if len(app.bots.why) > mark and app.bots.why[-1].startswith("B"):
                return
        app.bots.join(60)  # the computer thinks on its thread (game.ui.app.bot_turns)
        app.step(events, 0.05)
    raise SystemExit("the bot never made its move of turn 2")


def start_computer(out: Path) -> None:
    """The start screen, side B played by the computer (cautious, normal)."""
    screen = pygame.display.set_mode(HD)
    pygame.event.clear()
    app = make_app(Args(None, None, None, HD, 5), screen)
    for action in ("seat:B,computer", "style:B", "style:B"):  # balanced -> aggressive -> cautious
        app.top.choose(action)
    app.top.mouse = (-1, -1)
    app.draw()
    save(app, out)


def why_numbers(out: Path) -> None:
    """Side B's why-line in the log, the mouse over it: the numbers behind the choice."""
    screen = pygame.display.set_mode(HD)
    pygame.event.clear()
    app = make_app(Args(MAP, None, None, HD, 5, bots=("A", "B")), screen)
    app.bots.pace = 0.0
    _until_b_moved(app)
    app.bots.pace = app.bots.wait = 1e9
    for _ in range(40):  # the move's animation over, the notice gone
        app.step([], 0.1, draw=False)
    app.toast = None
    app.draw()
    view: LogView = app.top.log_view
    box = view._notes_drawn[-1][0]
    real = pygame.mouse.get_pos
    pygame.mouse.get_pos = lambda: (box.x + box.w // 3, box.centery)
    try:
        save(app, out)  # the frame drawn with the mouse over the line
    finally:
        pygame.mouse.get_pos = real


def bot_turn(out: Path) -> None:
    """Both sides played by the computer (so the picture needs no clicks; the turn's
    summary is closed with a key) until side B has made its first move of turn 2, its
    why-line on the screen."""
    screen = pygame.display.set_mode(HD)
    pygame.event.clear()
    app = make_app(Args(MAP, None, None, HD, 5, bots=("A", "B")), screen)
    app.bots.pace = 0.0
    _until_b_moved(app)
    app.bots.pace = app.bots.wait = 1e9  # the computer waits now: the picture is this move
    for _ in range(8):  # the move's animation under way
        app.step([], 0.05)
    save(app, out)


ANY_KEY = pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r",
                                              "scancode": 0})  # fmt: skip
