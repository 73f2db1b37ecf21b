"""Aerospace units on the map: drawn above the ground units, with their velocity.

A flier's counter (assets/units/aero_{side}.png, DropShips dropship_{side}.png) floats a
little above its hex with a soft shadow on the ground below, so a fighter over a Mech's
hex reads as flying over it; a tag beside it gives the velocity ("v6"), red when the unit
is out of control (AERO-05). Every screen's map view draws them last (game.ui.map.view).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.rules.aero import out_of_control
from game.ui.widgets.fonts import draw_text, font
from game.ui.widgets.palette import ALARM, CALM, INK
from game.units.unit import Unit

from .sprites import counter, counter_label, counter_size, label_size, label_tag

LIFT = 14  # px at 100 %: how far above its hex a flier is drawn


def art_kind(u: Unit) -> str:
    """The counter art: a DropShip's, else the fighter's."""
    return "dropship" if u.craft is not None and u.craft.large else "aero"


def lifted(centre: tuple[float, float], zoom: float) -> tuple[float, float]:
    """Where a flier's counter is drawn for a hex centre."""
    return centre[0], centre[1] - LIFT * zoom


@lru_cache(maxsize=64)
def _shadow(size: int) -> pygame.Surface:
    s = pygame.Surface((size, size // 2), pygame.SRCALPHA)
    pygame.draw.ellipse(s, (0, 0, 0, 90), s.get_rect())
    return s


@lru_cache(maxsize=256)
def velocity_tag(text: str, alarm: bool, size: int) -> pygame.Surface:
    """A small round-cornered badge: the velocity, red for an out-of-control unit."""
    f = font(size, True)
    w, h = f.size(text)[0] + 8, f.get_linesize() + 2
    tag = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(tag, ALARM if alarm else CALM, tag.get_rect(), border_radius=h // 2)
    pygame.draw.rect(tag, INK, tag.get_rect(), 1, border_radius=h // 2)
    draw_text(tag, text, f, (255, 255, 255) if alarm else INK, (4, 1))
    return tag


def velocity_text(u: Unit) -> str:
    c = u.craft
    v = c.velocity if c is not None else 0
    return f"v{v} OUT OF CONTROL" if out_of_control(u) else f"v{v}"


def draw_flier(
    screen: pygame.Surface,
    unit: Unit,
    centre: tuple[float, float],
    zoom: float,
    *,
    facing: int | None = None,
    ring: tuple[int, int, int] | None = None,
    label: bool = True,
) -> None:
    """The counter lifted above ``centre`` with its ground shadow, velocity tag, moved
    marker and label (the same label as a ground counter's)."""
    size = counter_size(zoom) + (round(8 * zoom) if art_kind(unit) == "dropship" else 0)
    shadow = _shadow(size)
    cx, cy = centre
    screen.blit(shadow, (cx - size / 2 + 4 * zoom, cy - size / 4 + 6 * zoom))
    lx, ly = lifted(centre, zoom)
    if ring is not None:
        pygame.draw.circle(screen, ring, (lx, ly), size * 0.58, max(2, round(4 * zoom)))
    img = counter(art_kind(unit), unit.side, unit.facing if facing is None else facing, size)
    screen.blit(img, (lx - img.get_width() / 2, ly - img.get_height() / 2))
    tag = velocity_tag(velocity_text(unit), out_of_control(unit), max(9, label_size(zoom) - 2))
    screen.blit(tag, (lx + size * 0.36, ly - size * 0.62))
    if label:
        name = label_tag(counter_label(unit, zoom), unit.side, label_size(zoom))
        screen.blit(name, (lx - name.get_width() / 2, ly + size * 0.5 - name.get_height() * 0.55))
