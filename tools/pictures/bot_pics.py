"""The computer opponent's picture (docs/bot.md): side B played by the bot on the
grassland map, caught in its movement phase with its why-line as the notice."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.app.play import Args, make_app

from .drive import HD, save

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "grassland.tmx"


def bot_turn(out: Path) -> None:
    """Both sides played by the computer (so the picture needs no clicks; the turn's
    summary is closed with a key) until side B has made its first move of turn 2, its
    why-line on the screen."""
    screen = pygame.display.set_mode(HD)
    pygame.event.clear()
    app = make_app(Args(MAP, None, None, HD, 5, bots=("A", "B")), screen)
    app.bots.pace = 0.0
    mark = None
    for _ in range(3000):
        s = app.state
        events = [ANY_KEY] if getattr(app.top, "overlay", False) else []
        if s.turn == 2 and str(s.phase) == "movement" and not events:
            mark = len(app.bots.why) if mark is None else mark
            if len(app.bots.why) > mark and app.bots.why[-1].startswith("B"):
                break
        app.bots.join(60)  # the computer thinks on its thread (game.ui.app.bot_turns)
        app.step(events, 0.05)
    else:
        raise SystemExit("the bot never made its move of turn 2")
    app.bots.pace = app.bots.wait = 1e9  # the computer waits now: the picture is this move
    for _ in range(8):  # the move's animation under way
        app.step([], 0.05)
    save(app, out)


ANY_KEY = pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r",
                                              "scancode": 0})  # fmt: skip
