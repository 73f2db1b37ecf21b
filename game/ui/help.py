"""The play screen's help overlay (F1 or ?): every key and mouse action in one place."""

from __future__ import annotations

import pygame

from .fonts import font, ui_size

PLAY_KEYS: tuple[tuple[str, str], ...] = (
    ("Click your unit", "select it: its reach is shaded (blue walk, orange run, purple jump)"),
    ("W / R / J", "walk / run / jump (or the panel's buttons)"),
    ("Hover a hex", "cheapest path with MP per step, rolls marked with their target"),
    ("Hover a roll marker", "the modifiers of that piloting roll"),
    ("Mouse around the hex", "choose the final facing (greyed ticks cost too much)"),
    ("Drag from the hex, wheel", "pick the facing and keep that hex (a click elsewhere lets go)"),
    ("Click", "pin a waypoint (the path continues from it)"),
    ("Right click, Backspace", "remove the last waypoint"),
    ("Enter, double click", "commit the move (a single click never moves)"),
    ("Click, any key in a move", "skip the animation"),
    ("Esc", "clear the plan; with no plan: the menu"),
    ("S / P / U", "stand still / go prone / stand up"),
    ("N", "next unit to move"),
    ("Middle drag, Space+drag", "pan the map (also the arrow keys)"),
    ("Ctrl+wheel, + / -", "zoom (plain wheel zooms when no path is planned)"),
    ("Tab or F2", "hide / show the panels"),
    ("Ctrl+S / Ctrl+O", "save / load a game"),
    ("Ctrl+Q", "quit at once"),
    ("F1 or ?", "this help"),
)

DEPLOY_KEYS: tuple[tuple[str, str], ...] = (
    ("Click a shaded hex", "place the next unit there"),
    ("Wheel, Q / E", "turn the unit before placing it"),
    ("Esc", "the menu (save, load, quit)"),
    ("Middle drag, arrows", "pan; Ctrl+wheel or + / - zooms"),
    ("Ctrl+S / Ctrl+O", "save / load a game"),
    ("F1 or ?", "this help"),
)


def draw_help(
    screen: pygame.Surface, title: str, keys: tuple[tuple[str, str], ...] = PLAY_KEYS
) -> None:
    """A centred box listing ``keys``; any key or click closes it (the scene decides)."""
    size = ui_size(screen.get_height())
    key_f, desc_f, head_f = font(size, True), font(size), font(size + 8, True)
    col = max(key_f.size(k)[0] for k, _ in keys) + size * 2
    width = min(screen.get_width() - 20, col + max(desc_f.size(d)[0] for _, d in keys) + size * 2)
    line = round(desc_f.get_linesize() * 1.15)
    height = head_f.get_linesize() + line * (len(keys) + 2) + size * 2
    shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    screen.blit(shade, (0, 0))
    box = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(box, (27, 29, 33, 245), box.get_rect(), border_radius=12)
    pygame.draw.rect(box, (120, 125, 135), box.get_rect(), 2, border_radius=12)
    box.blit(head_f.render(title, True, (255, 246, 192)), (size, size))
    y = size + head_f.get_linesize() + line // 2
    for k, d in keys:
        box.blit(key_f.render(k, True, (236, 234, 228)), (size, y))
        box.blit(desc_f.render(d, True, (210, 208, 200)), (col, y))
        y += line
    box.blit(
        desc_f.render("Press any key or click to close", True, (169, 166, 156)),
        (size, y + line // 3),
    )
    sw, sh = screen.get_size()
    screen.blit(box, ((sw - width) // 2, max(0, (sh - height) // 2)))
