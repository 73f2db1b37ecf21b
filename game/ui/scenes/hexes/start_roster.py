"""The start screen's roster panel: a search box that filters as you type, filters by
weight class, kind and era (game.ui.roster_filter), and the rows of the designs kept,
each with its +A / +B buttons; fit for a roster of a thousand (only the visible rows are
drawn, the wheel scrolls)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.designs.model import Design
from game.designs.roster import roster_info
from game.ui.widgets.fonts import draw_text, font
from game.ui.widgets.palette import BG2, DIM, TEXT
from game.ui.widgets.panels import Button, draw_button

from .roster_filter import RosterFilter, weight_class

FILTERS = ("weight", "kind", "era")


def draw_search(screen: pygame.Surface, rect: pygame.Rect, y: int, size: int, text: str,
                focused: bool, mouse: tuple[int, int]) -> tuple[list[Button], int]:  # fmt: skip
    """The search field (click to type in it); returns its button and the next y."""
    bh = round(size * 1.8)
    field = pygame.Rect(rect.x + size // 2, y, rect.w - size, bh)
    pygame.draw.rect(screen, BG2, field, border_radius=6)
    edge = (120, 160, 220) if focused else (80, 84, 92)
    pygame.draw.rect(screen, edge, field, 2, border_radius=6)
    shown = text + ("|" if focused else "") if text or focused else "search (click, then type)"
    draw_text(screen, shown, font(size), TEXT if text or focused else DIM,
              (field.x + 6, field.centery), field.inflate(-12, 0), anchor="midleft",
              elide=True, keep_end=True)  # fmt: skip
    return [Button(field, "focus:search", "")], field.bottom + size // 3


def draw_filters(screen: pygame.Surface, rect: pygame.Rect, y: int, size: int,
                 f: RosterFilter, mouse: tuple[int, int]) -> tuple[list[Button], int]:  # fmt: skip
    """Three buttons that step weight class, kind and era; returns them and the next y."""
    gap = size // 3
    bw = (rect.w - size - 2 * gap) // 3
    bh = round(size * 1.6)
    out = []
    for i, which in enumerate(FILTERS):
        r = pygame.Rect(rect.x + size // 2 + i * (bw + gap), y, bw, bh)
        b = Button(r, f"filter:{which}", f.label(which), getattr(f, which) != 0)
        out.append(b)
        draw_button(screen, b, size - 2, r.collidepoint(mouse))
    return out, y + bh + size // 2


def draw_rows(screen: pygame.Surface, rect: pygame.Rect, y: int, size: int,
              rows: Sequence[Design], mouse: tuple[int, int],
              sides: str = "AB") -> tuple[list[Button], int]:  # fmt: skip
    """As many rows as fit from ``y``, each with a +SIDE button for each of ``sides``
    (the network lobby: its own side only); their buttons and how many were drawn."""
    line = round(size * 2.6)
    f, fs = font(size, True), font(size - 3)
    bw = size * 2
    text_box = pygame.Rect(rect.x + size // 2, 0, rect.w - size - 2 * (bw + 4), rect.h)
    out: list[Button] = []
    drawn = 0
    for e in rows:
        info = roster_info(e)  # a second line of small print makes the row taller
        extra_info = weight_class(e) + (f", {e.era}" if e.era else "")
        info = (f"{info[0]}  ({extra_info})", *info[1:]) if info else (extra_info,)
        extra = fs.get_linesize() * (len(info) - 1)
        if y + line + extra > rect.bottom - size * 2:
            break
        draw_text(screen, e.name, f, TEXT, (text_box.x, y), text_box.move(0, rect.y),
                  elide=True)  # fmt: skip
        for i, text in enumerate(info):
            draw_text(screen, text, fs, DIM, (text_box.x, y + size + 2 + i * fs.get_linesize()),
                      text_box.move(0, rect.y), elide=True)  # fmt: skip
        for j, side in enumerate(sides):
            r = pygame.Rect(
                rect.right - (len(sides) - j) * (bw + 4) - size // 2, y + 2, bw, line - size // 2
            )
            b = Button(r, f"add:{side},{e.code}", f"+{side}")
            out.append(b)
            draw_button(screen, b, size, r.collidepoint(mouse))
        y += line + extra
        drawn += 1
    return out, drawn


def draw_footer(screen: pygame.Surface, rect: pygame.Rect, size: int, first: int, drawn: int,
                kept: int, total: int) -> None:  # fmt: skip
    fs = font(size - 3)
    inner = rect.inflate(-size, 0)
    if kept == 0:
        text = f"no design of {total} matches; wheel: scroll"
    else:
        text = f"{first + 1}-{first + drawn} of {kept}"
        text += f" ({total} in all)" if kept != total else ""
        text += "; wheel: scroll"
    draw_text(screen, text, fs, DIM, (inner.x, rect.bottom - 4), inner, anchor="bottomleft",
              elide=True)  # fmt: skip
