"""Text panels drawn over the map: the hover panel and the help overlay.

Panels are rendered into small surfaces only when their text changes (a new hovered hex,
a new zoom, a resized window), so a frame costs one small blit per panel.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .fonts import font, ui_size
from .palette import Colour, Palette

PANEL_ALPHA = 215


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap of one paragraph to ``width`` pixels (a word wider than that is
    broken where it must be)."""
    lines: list[str] = []
    line = ""
    for word in _pieces(text, f, width):
        candidate = f"{line} {word}" if line else word
        if line and f.size(candidate)[0] > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def _pieces(text: str, f: pygame.font.Font, width: int) -> list[str]:
    out: list[str] = []
    for word in text.split(" "):
        while len(word) > 1 and f.size(word)[0] > width:
            cut = len(word) - 1
            while cut > 1 and f.size(word[:cut])[0] > width:
                cut -= 1
            out.append(word[:cut])
            word = word[cut:]
        out.append(word)
    return out


def text_panel(
    rows: Sequence[tuple[str, bool, Colour]],
    size: int,
    width: int,
    bg: Colour,
    pad: int | None = None,
) -> pygame.Surface:
    """A rounded translucent box holding wrapped rows of (text, bold, colour)."""
    pad = pad if pad is not None else max(6, size // 2)
    rendered: list[pygame.Surface] = []
    for text, bold, colour in rows:
        f = font(size + (2 if bold else 0), bold)
        for line in wrap(text, f, width - 2 * pad) if text else [""]:
            rendered.append(f.render(line, True, colour))
    h = sum(s.get_height() for s in rendered) + 2 * pad
    w = min(width, max((s.get_width() for s in rendered), default=0) + 2 * pad)
    panel = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    panel.fill((0, 0, 0, 0))
    pygame.draw.rect(panel, (*bg, PANEL_ALPHA), panel.get_rect(), border_radius=pad)
    y = pad
    for s in rendered:
        panel.blit(s, (pad, y))
        y += s.get_height()
    return panel


class HoverPanel:
    """Bottom-left panel: the hovered hex's name and terrain, zoom and a help hint."""

    def __init__(self, palette: Palette) -> None:
        self.palette = palette
        self._key: tuple[object, ...] | None = None
        self._surface: pygame.Surface | None = None

    def surface(self, name: str | None, terrain: str, zoom: float, window_h: int):
        key = (name, terrain, zoom, window_h)
        if key != self._key or self._surface is None:
            pal = self.palette
            text, dim = pal.colour("ui", "panel_text"), pal.colour("ui", "panel_dim")
            size = ui_size(window_h)
            rows: list[tuple[str, bool, Colour]] = []
            if name:
                rows += [(f"Hex {name}", True, text), (terrain, False, text)]
            else:
                rows += [("Point at a hex to see its terrain", False, dim)]
            rows.append((f"zoom {round(zoom * 100)}%   H or F1: help   Tab: hide", False, dim))
            self._surface = text_panel(rows, size, size * 22, pal.colour("ui", "panel"))
            self._key = key
        return self._surface

    def draw(
        self,
        screen: pygame.Surface,
        name: str | None,
        terrain: str,
        zoom: float,
    ) -> None:
        surf = self.surface(name, terrain, zoom, screen.get_height())
        margin = max(8, screen.get_height() // 90)
        screen.blit(surf, (margin, screen.get_height() - surf.get_height() - margin))


HELP_KEYS: tuple[tuple[str, str], ...] = (
    ("Left or middle drag", "pan the map"),
    ("Arrow keys / WASD", "pan"),
    ("Mouse wheel, + / -", "zoom in / out about the pointer"),
    ("0", "zoom 100%"),
    ("G", "hex grid on / off"),
    ("L", "hex labels (XXYY) on / off"),
    ("E", "elevation shading and contours on / off"),
    ("Tab", "hide / show the panel"),
    ("H, F1 or ?", "this help"),
    ("Esc", "close the help, or quit"),
)


def draw_help(screen: pygame.Surface, palette: Palette, title: str) -> None:
    """Centred overlay listing every key and mouse action."""
    size = ui_size(screen.get_height())
    text, dim = palette.colour("ui", "panel_text"), palette.colour("ui", "panel_dim")
    key_f, desc_f, head_f = font(size, True), font(size), font(size + 6, True)
    col = max(key_f.size(k)[0] for k, _ in HELP_KEYS) + size * 2
    width = col + max(desc_f.size(d)[0] for _, d in HELP_KEYS) + size * 2
    line = desc_f.get_linesize()
    height = head_f.get_linesize() + line * (len(HELP_KEYS) + 2) + size * 2
    box = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    box.fill((0, 0, 0, 0))
    pygame.draw.rect(box, (*palette.colour("ui", "panel"), 235), box.get_rect(), border_radius=12)
    box.blit(head_f.render(title, True, text), (size, size))
    y = size + head_f.get_linesize() + line // 2
    for k, d in HELP_KEYS:
        box.blit(key_f.render(k, True, text), (size, y))
        box.blit(desc_f.render(d, True, text), (col, y))
        y += line
    box.blit(desc_f.render("Press any key to close", True, dim), (size, y + line // 2))
    sw, sh = screen.get_size()
    screen.blit(box, ((sw - width) // 2, max(0, (sh - height) // 2)))


def show_tip(screen: pygame.Surface, tip: pygame.Surface, mouse: tuple[int, int]) -> None:
    """A tooltip beside the pointer, kept inside the window."""
    mx, my = mouse
    x = min(mx + 16, screen.get_width() - tip.get_width())
    y = my + 16 if my + 16 + tip.get_height() <= screen.get_height() else my - tip.get_height()
    screen.blit(tip, (max(0, x), max(0, y)))
