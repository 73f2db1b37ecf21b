"""The computer's badge (issue 21): while the computer plays its side, a small pill at
the top left of the map says so, "Computer (B) is thinking" with three dots that fill in
turn while its answer is worked out on the worker thread (game.ui.app.bot_turns), and
"Computer (B) plays - Space skips" while its next action waits for the pace."""

from __future__ import annotations

import pygame

from game.ui.widgets.fonts import font, ui_size

THINKING = (44, 78, 140)  # the pill while the answer is worked out
WAITING = (48, 54, 64)  # the pill while the answer waits for the pace
DOT, DOT_OFF = (235, 240, 250), (110, 125, 150)


def badge_rect(screen: pygame.Surface, text_w: int, dots: bool) -> pygame.Rect:
    """Where the badge goes: under the title bar, at the map's left edge."""
    size = ui_size(screen.get_height())
    w = text_w + size * (4 if dots else 2)
    return pygame.Rect(size, round(size * 2.8), w, round(size * 1.7))


def draw_badge(screen: pygame.Surface, text: str, thinking: bool, clock: float) -> pygame.Rect:
    """The badge with ``text``; ``thinking``: the blue pill and its moving dots
    (``clock``: seconds, any origin). Its rectangle."""
    size = ui_size(screen.get_height())
    img = font(size, True).render(text, True, (255, 255, 255))
    box = badge_rect(screen, img.get_width(), thinking)
    pygame.draw.rect(screen, THINKING if thinking else WAITING, box, border_radius=box.h // 2)
    pygame.draw.rect(screen, (150, 170, 210), box, 1, border_radius=box.h // 2)
    screen.blit(img, img.get_rect(midleft=(box.x + size, box.centery)))
    if thinking:
        lit = int(clock * 3) % 3
        r = max(3, size // 4)
        for i in range(3):
            centre = (box.right - size * 2 + i * (r * 3), box.centery)
            pygame.draw.circle(screen, DOT if i == lit else DOT_OFF, centre, r)
    return box
