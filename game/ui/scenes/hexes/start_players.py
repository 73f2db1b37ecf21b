"""Who plays each side, on the start screen (issue 21): at the top of each side's panel
a Human / Computer choice, and for the computer its style (cautious, balanced,
aggressive) and level, each a button that steps to the next. The levels go from the
weakest up: ``random`` (any legal action), ``greedy`` (rushes the nearest enemy and fires
everything: the baseline), then the computer opponent's ``easy`` and ``normal``; the two
simple players have no style. The choice is a ``side -> kind`` map in game.core.seats'
words ("human", "random", "greedy", "bot:STYLE:LEVEL"); the
game started from the screen is played by the computer for those sides
(game.ui.app.bot_turns.seat), as ``play MAP --bot B`` does."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping

import pygame

from game.core.seats import GRADES, HUMAN, SIMPLE, STYLES, seat_kind, style_and_level
from game.ui.widgets.fonts import draw_text, font
from game.ui.widgets.palette import DIM
from game.ui.widgets.panels import Button, draw_button

ACTIONS = ("seat", "style", "level")  # seat:A,human | seat:A,computer | style:A | level:A
# the line under a computer's buttons, by its level
NOTES = {
    "random": "the computer makes any legal move",
    "greedy": "the computer rushes the nearest enemy",
}


def players_of(given: Mapping[str, str] | None) -> dict[str, str]:
    """Both sides' kinds (a side not given, or given badly, is human)."""
    out = {side: HUMAN for side in "AB"}
    for side, kind in (given or {}).items():
        if side in out:
            with contextlib.suppress(ValueError):
                out[side] = seat_kind(kind)
    return out


def _step(names: tuple[str, ...], now: str) -> str:
    return names[(names.index(now) + 1) % len(names)]


def _kind(style: str, level: str) -> str:
    return level if level in SIMPLE else f"bot:{style}:{level}"


def chosen(players: Mapping[str, str], kind: str, arg: str,
           styles: dict[str, str] | None = None) -> dict[str, str]:  # fmt: skip
    """The players after a click on one of this module's buttons. ``styles``: the last
    style each side's computer had (kept there), given back to it when its level steps
    from a simple player (which has none) to the computer opponent again."""
    out = dict(players)
    side, _, what = arg.partition(",")
    style, level = style_and_level(out[side])
    memo = {} if styles is None else styles
    if out[side].startswith("bot:"):
        memo[side] = style
    style = memo.get(side, style)
    if kind == "seat":
        out[side] = HUMAN if what == HUMAN else _kind(style, level)
    elif kind == "style" and out[side] != HUMAN and level not in SIMPLE:
        out[side] = f"bot:{_step(STYLES, style)}:{level}"
    elif kind == "level" and out[side] != HUMAN:
        out[side] = _kind(style, _step(GRADES, level))
    return out


def draw_seat(screen: pygame.Surface, rect: pygame.Rect, y: int, size: int, side: str,
              kind: str, mouse: tuple[int, int]) -> tuple[list[Button], int]:  # fmt: skip
    """The side's Human / Computer buttons (and the computer's style and level) from
    ``y`` in the panel ``rect``; the buttons and the y below them."""
    inner = pygame.Rect(rect.x + size // 2 + 6, y, rect.w - size - 6, round(size * 1.6))
    gap = max(4, size // 3)
    half = (inner.w - gap) // 2
    computer = kind != HUMAN
    row = [
        Button(pygame.Rect(inner.x, y, half, inner.h), f"seat:{side},human", "Human", not computer),
        Button(pygame.Rect(inner.x + half + gap, y, half, inner.h), f"seat:{side},computer",
               "Computer", computer),
    ]  # fmt: skip
    y += inner.h + gap
    if computer:
        style, level = style_and_level(kind)
        simple = level in SIMPLE
        row += [
            Button(pygame.Rect(inner.x, y, half, inner.h), f"style:{side}",
                   "Style: -" if simple else f"Style: {style}", enabled=not simple),
            Button(pygame.Rect(inner.x + half + gap, y, half, inner.h), f"level:{side}",
                   f"Level: {level}"),
        ]  # fmt: skip
        y += inner.h + gap
        note = NOTES.get(level, "the computer plays this side")
    else:
        note = "plays at this computer (hot seat)"
    for b in row:
        draw_button(screen, b, size, b.rect.collidepoint(mouse))
    box = pygame.Rect(inner.x, y, inner.w, size + gap)
    draw_text(screen, note, font(size - 3), DIM, (inner.x, y), box, elide=True)
    y += size + gap
    pygame.draw.line(screen, (60, 64, 72), (inner.x, y), (inner.right, y))
    return row, y + gap
