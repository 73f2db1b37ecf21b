"""Fonts by pixel size, loaded once (pygame's bundled default font: no system lookup), and
one way to put text on a surface that keeps it inside its box.

:func:`draw_text` renders, places and blits a line; with ``bounds`` it also notes where
the text went, so a test (:func:`recording`) can check that no text runs out of its panel
or into a button at any window size. Text a player typed (a file path, a save name) may
be shortened with "..." instead (``elide``); everything else must fit as laid out.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

import pygame


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The default font at ``size`` pixels; ``pygame.font`` is initialised on first use."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, max(6, int(size)))
    f.set_bold(bold)
    return f


def ui_size(window_height: int) -> int:
    """Body text size that stays readable from 720p to 4K."""
    return max(16, round(window_height / 42))


def log_size(window_height: int) -> int:
    """The log's text size: a little larger than the body text, for long sentences."""
    return ui_size(window_height) + 1


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a piece of text (or a block of it) went, and the box it must stay in; both
    in the coordinates of the surface it was drawn on."""

    what: str
    rect: tuple[int, int, int, int]
    bounds: tuple[int, int, int, int]

    @property
    def inside(self) -> bool:
        return pygame.Rect(self.bounds).contains(pygame.Rect(self.rect))


_records: list[Placed] | None = None


@contextmanager
def recording() -> Iterator[list[Placed]]:
    """Collect every :class:`Placed` noted while the block runs (the layout tests)."""
    global _records
    saved, _records = _records, []
    try:
        yield _records
    finally:
        _records = saved


def note(what: str, rect: pygame.Rect, bounds: pygame.Rect) -> None:
    """Remember that ``what`` was put at ``rect`` and had to stay inside ``bounds``."""
    if _records is not None:
        _records.append(Placed(what, tuple(rect), tuple(bounds)))


def elided(text: str, f: pygame.font.Font, width: int, keep_end: bool = False) -> str:
    """``text`` shortened with '...' until it is at most ``width`` pixels wide."""
    if f.size(text)[0] <= width:
        return text
    while text and f.size("..." + text if keep_end else text + "...")[0] > width:
        text = text[1:] if keep_end else text[:-1]
    return "..." + text if keep_end else text + "..."


def draw_text(
    surface: pygame.Surface,
    text: str,
    f: pygame.font.Font,
    colour: tuple[int, int, int],
    pos: tuple[float, float],
    bounds: pygame.Rect | None = None,
    *,
    anchor: str = "topleft",
    elide: bool = False,
    keep_end: bool = False,
) -> pygame.Rect:
    """Draw one line with its ``anchor`` point at ``pos``; the rectangle it took.

    ``bounds`` (default: the whole surface) is the box it must stay in: it is noted for
    the layout tests; with ``elide`` the text is shortened to fit it instead."""
    box = bounds if bounds is not None else surface.get_rect()
    if elide:
        text = elided(text, f, box.w, keep_end)
    img = f.render(text, True, colour)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if elide and not box.contains(rect):  # shortened text is kept inside its box
        rect.clamp_ip(box)
    note(text, rect, box)
    surface.blit(img, rect)
    return rect


def place(target: pygame.Surface, block: pygame.Surface, pos: tuple[int, int], what: str) -> None:
    """Blit a block of text (a panel's rows) at ``pos``, noting that it must fit inside
    ``target`` (a block taller than its panel would be cut off)."""
    rect = block.get_rect(topleft=pos)
    note(what, rect, target.get_rect())
    target.blit(block, rect)
