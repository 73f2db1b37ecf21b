"""Where a toast is drawn (issue 25: every refused input says why, where the cursor is).

A refusal (an error toast) goes beside the pointer as it was when the refusal came, so
the player reads the reason where they were looking; it flips to the pointer's other side
near the window's edges and is never cut off. News the player did not ask for (an
autosave, a loaded file, the computer's reason) keeps its place above the log panel,
mid-window. On the full log (the ``log`` screen) every toast sits beside the title, off
the log's text (finding 16).
"""

from __future__ import annotations

import pygame

from game.ui.widgets.fonts import elided, font, ui_size
from game.ui.widgets.hud import wrap

GAP = 18  # pixels between the pointer's tip and the box (clear of the arrow itself)
MAX_LINES = 3


def toast_lines(text: str, window: pygame.Surface, one_line: bool) -> list[pygame.Surface]:
    """The toast's text rendered in lines no wider than about half the window (one line
    over the full log, whose title bar has room for one)."""
    f = font(ui_size(window.get_height()) + 2, True)
    width = max(240, window.get_width() // 2)
    lines = [elided(text, f, width)] if one_line else wrap(text, f, width)[:MAX_LINES] or [""]
    return [f.render(line, True, (255, 255, 255)) for line in lines]


def toast_box(
    window: pygame.Rect,
    text_size: tuple[int, int],
    size: int,
    pointer: tuple[int, int] | None = None,
    on_log: bool = False,
) -> pygame.Rect:
    """The box of a toast whose text is ``text_size``: beside ``pointer`` (a refusal), or
    above the log panel mid-window (``pointer`` None), or beside the full log's title."""
    box = pygame.Rect((0, 0), text_size).inflate(size * 2, size)
    if on_log:
        box.topright = (window.width - 2 * size, size + size // 4)
        return box
    if pointer is None:
        box.midbottom = (window.width // 2, window.height - size * 9)
        return box.clamp(window)
    x, y = pointer
    box.topleft = (x + GAP, y + GAP)
    if box.right > window.right:
        box.right = x - GAP // 2
    if box.bottom > window.bottom:
        box.bottom = y - GAP // 2
    return box.clamp(window)


def draw_toast(
    screen: pygame.Surface, text: str, error: bool, pointer: tuple[int, int] | None, on_log: bool
) -> pygame.Rect:
    """Draw the toast (red for a refusal, green for news) as a sentence; its box."""
    lines = toast_lines(text[:1].upper() + text[1:], screen, on_log)
    gap = 2
    size = (max(i.get_width() for i in lines), sum(i.get_height() + gap for i in lines) - gap)
    box = toast_box(screen.get_rect(), size, ui_size(screen.get_height()), pointer, on_log)
    pygame.draw.rect(screen, (170, 40, 35) if error else (35, 110, 60), box, border_radius=8)
    pygame.draw.rect(screen, (250, 250, 250), box, 1, border_radius=8)
    y = box.centery - size[1] // 2
    for img in lines:
        screen.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height() + gap
    return box
