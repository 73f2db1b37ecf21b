"""Unit counters on the map: the art per kind and side, rotated to the unit's facing.

The art (assets/units/{kind}_{side}.png) points north; facing ``f`` is a rotation by
``-60 * f`` degrees. Scaled and rotated images are cached per (kind, side, facing, size),
so a frame only blits. Prone and moved markers (assets/ui) sit on the counter's corners.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from game.units import Unit

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@lru_cache(maxsize=32)
def _art(name: str) -> pygame.Surface:
    path = ASSETS / name
    try:
        img = pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError):
        img = pygame.Surface((64, 64), pygame.SRCALPHA, 32)
        pygame.draw.circle(img, (200, 200, 200), (32, 32), 28)
        pygame.draw.polygon(img, (30, 30, 30), [(32, 4), (24, 20), (40, 20)])
    if pygame.display.get_surface() is not None:
        img = img.convert_alpha()
    return img


def art_name(kind: str, side: str) -> str:
    side = side if side in ("A", "B") else ("A" if side < "B" else "B")
    kind = kind if (ASSETS / "units" / f"{kind}_{side}.png").exists() else "biped"
    return f"units/{kind}_{side}.png"


@lru_cache(maxsize=512)
def counter(kind: str, side: str, facing: int, size: int) -> pygame.Surface:
    """The unit's counter ``size`` pixels across, turned to ``facing``."""
    img = pygame.transform.smoothscale(_art(art_name(kind, side)), (size, size))
    if facing % 6:
        img = pygame.transform.rotozoom(img, -60 * (facing % 6), 1.0)
    return img


@lru_cache(maxsize=64)
def marker(name: str, size: int) -> pygame.Surface:
    """A UI marker (prone, moved) ``size`` pixels across."""
    return pygame.transform.smoothscale(_art(f"ui/{name}.png"), (size, size))


def counter_size(zoom: float) -> int:
    return max(12, round(62 * zoom))


def draw_unit(
    screen: pygame.Surface,
    unit: Unit,
    centre: tuple[float, float],
    zoom: float,
    *,
    facing: int | None = None,
    show_moved: bool = True,
) -> None:
    """The counter centred on ``centre`` with its prone / moved markers."""
    size = counter_size(zoom)
    img = counter(unit.kind, unit.side, unit.facing if facing is None else facing, size)
    cx, cy = centre
    screen.blit(img, (cx - img.get_width() / 2, cy - img.get_height() / 2))
    m = max(8, size // 3)
    if unit.prone:
        screen.blit(marker("prone", m), (cx - size / 2 - m / 4, cy - size / 2 - m / 4))
    if unit.moved and show_moved:
        screen.blit(marker("moved", m), (cx + size / 2 - m * 3 / 4, cy - size / 2 - m / 4))
