"""Unit counters on the map: the art per kind and side, rotated to the unit's facing.

The art (assets/units/{kind}_{side}.png) points north; facing ``f`` is a rotation by
``-60 * f`` degrees. Infantry has no facing (MOV-16): its counters carry no arrowhead and
are never turned; a jump platoon (``Unit.jump_infantry``) wears the jump_infantry art.
Scaled and rotated images are cached per (kind, side, facing, size), so a frame only
blits. Prone and moved markers (assets/ui) sit on the counter's corners.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import pygame

from game.ui.widgets.fonts import draw_text, font
from game.ui.widgets.palette import DEEP, INK, SKY, SUBMERGED_TINT
from game.ui.widgets.palette import SIDE_LIGHT as TAG_EDGE
from game.units.unit import Unit

ASSETS = Path(__file__).resolve().parents[3] / "assets"


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


def ground_art(unit: Unit) -> str:
    """The art kind of a unit on the ground: its kind's, the jump platoon's for infantry
    with jump MP (MOV-29)."""
    return "jump_infantry" if unit.jump_infantry else unit.kind


@lru_cache(maxsize=512)
def counter(kind: str, side: str, facing: int, size: int) -> pygame.Surface:
    """The unit's counter ``size`` pixels across, turned to ``facing``."""
    img = pygame.transform.smoothscale(_art(art_name(kind, side)), (size, size))
    if facing % 6:
        img = pygame.transform.rotozoom(img, -60 * (facing % 6), 1.0)
    return img


@lru_cache(maxsize=64)
def marker(name: str, size: int) -> pygame.Surface:
    """A UI marker (prone, moved, hull) ``size`` pixels across."""
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
    label: bool = True,
) -> None:
    """The counter centred on ``centre`` with its facing marker, prone / moved markers
    and its label (unit id, and the design code from 100 % zoom up)."""
    size = counter_size(zoom)
    face = unit.facing if facing is None else facing
    img = counter(ground_art(unit), unit.side, face if unit.has_facing else 0, size)
    if unit.submerged:  # ADV-25: under the water, drawn faded and blue
        img = submerged_counter(unit.kind, unit.side, face, size)
    cx, cy = centre
    screen.blit(img, (cx - img.get_width() / 2, cy - img.get_height() / 2))
    if size < SMALL_COUNTER and unit.has_facing:  # the art's arrowhead is too small to see
        _facing_wedge(screen, (cx, cy), face, size)
    m = max(8, size // 3)
    if unit.prone or unit.hull_down:  # hull-down: ADV-11 (the tacops option)
        name = "prone" if unit.prone else "hull"
        screen.blit(marker(name, m), (cx - size / 2 - m / 4, cy - size / 2 - m / 4))
    if unit.moved and show_moved:
        screen.blit(marker("moved", m), (cx + size / 2 - m * 3 / 4, cy - size / 2 - m / 4))
    if unit.submerged:
        badge = depth_badge(unit.depth, label_size(zoom))
        screen.blit(badge, (cx + size / 2 - badge.get_width() * 0.8, cy - badge.get_height() / 2))
    elif unit.kind in ("vtol", "wige") and unit.flying_height > 0 and not unit.destroyed:
        badge = altitude_badge(unit.flying_height, label_size(zoom))  # ADV-23/25
        screen.blit(badge, (cx + size / 2 - badge.get_width() * 0.8, cy - badge.get_height() / 2))
    if unit.platoon is not None:  # CMB-41: the troopers left, on the counter's upper left
        p = unit.platoon  # (a platoon is never prone; the right is the to-hit badge's)
        badge = troopers_badge(p.troopers, p.full, label_size(zoom))
        screen.blit(badge, (cx - size / 2 - badge.get_width() * 0.2, cy - size / 2))
    if label:
        tag = label_tag(counter_label(unit, zoom), unit.side, label_size(zoom))
        screen.blit(tag, (cx - tag.get_width() / 2, cy + size * 0.5 - tag.get_height() * 0.55))


@lru_cache(maxsize=128)
def submerged_counter(kind: str, side: str, facing: int, size: int) -> pygame.Surface:
    """A submerged submarine's counter (ADV-25): the art seen through the water, tinted
    blue and two thirds opaque."""
    img = counter(kind, side, facing, size).copy()
    img.fill(SUBMERGED_TINT, special_flags=pygame.BLEND_RGBA_MULT)
    return img


@lru_cache(maxsize=32)
def depth_badge(depth: int, size: int) -> pygame.Surface:
    """The depth of a submerged submarine, e.g. "-2", on a deep-blue tag (ADV-25)."""
    f = font(size, True)
    text = f"-{depth}"
    w, h = f.size(text)[0] + 8, f.get_linesize() + 2
    tag = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(tag, (*DEEP, 235), tag.get_rect(), border_radius=h // 2)
    pygame.draw.rect(tag, (170, 215, 255), tag.get_rect(), 1, border_radius=h // 2)
    draw_text(tag, text, f, (235, 245, 255), (4, 1))
    return tag


@lru_cache(maxsize=32)
def altitude_badge(height: int, size: int) -> pygame.Surface:
    """The flying height of an airborne VTOL or WiGE, e.g. "+3", on a sky-blue tag (ADV-23,
    ADV-25); it goes when the flier lands or crashes (ADV-26..29), so a downed one reads."""
    f = font(size, True)
    text = f"+{height}"
    w, h = f.size(text)[0] + 8, f.get_linesize() + 2
    tag = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(tag, (*SKY, 235), tag.get_rect(), border_radius=h // 2)
    pygame.draw.rect(tag, INK, tag.get_rect(), 1, border_radius=h // 2)
    draw_text(tag, text, f, INK, (4, 1))
    return tag


@lru_cache(maxsize=256)
def troopers_badge(troopers: int, full: int, size: int) -> pygame.Surface:
    """A platoon's troopers left, e.g. "24", on a tag coloured by what is left (CMB-41):
    green at full strength, amber from the first loss, red at a third or fewer."""
    f = font(size, True)
    text = str(troopers)
    w, h = f.size(text)[0] + 8, f.get_linesize() + 2
    tag = pygame.Surface((w, h), pygame.SRCALPHA)
    fill = (36, 110, 52) if troopers >= full else (150, 104, 24)
    if troopers * 3 <= full:
        fill = (150, 36, 36)
    pygame.draw.rect(tag, (*fill, 235), tag.get_rect(), border_radius=h // 2)
    pygame.draw.rect(tag, (240, 240, 230), tag.get_rect(), 1, border_radius=h // 2)
    draw_text(tag, text, f, (250, 250, 245), (4, 1))
    return tag


SMALL_COUNTER = 40  # px: below this the facing marker is drawn over the art's own


def counter_label(unit: Unit, zoom: float) -> str:
    """The counter's short label: the unit id, with the design code when there is room."""
    if zoom >= 1.0 and unit.design:
        return f"{unit.id} {unit.design}"
    return unit.id


def label_size(zoom: float) -> int:
    return max(10, round(15 * zoom))


@lru_cache(maxsize=256)
def label_tag(text: str, side: str, size: int) -> pygame.Surface:
    """The label on a dark tag edged in the side's colour."""
    f = font(size, True)
    w, h = f.size(text)[0] + 6, f.get_linesize() + 2
    tag = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(tag, (*INK, 215), tag.get_rect(), border_radius=4)
    pygame.draw.rect(tag, TAG_EDGE.get(side, (200, 200, 200)), tag.get_rect(), 1, border_radius=4)
    draw_text(tag, text, f, (250, 250, 245), (3, 1))
    return tag


def _facing_wedge(
    screen: pygame.Surface, centre: tuple[float, float], facing: int, size: int
) -> None:
    """A light arrowhead with a dark rim on the counter's edge, pointing where it faces."""
    a = math.radians(60 * (facing % 6))
    ux, uy = math.sin(a), -math.cos(a)
    px, py = -uy, ux
    cx, cy = centre
    r = size / 2
    k = max(5.0, size * 0.38)
    tip = (cx + ux * (r + k * 0.6), cy + uy * (r + k * 0.6))
    base = (cx + ux * (r - k * 0.5), cy + uy * (r - k * 0.5))
    pts = [tip, (base[0] + px * k * 0.6, base[1] + py * k * 0.6),
           (base[0] - px * k * 0.6, base[1] - py * k * 0.6)]  # fmt: skip
    pygame.draw.polygon(screen, INK, pts)
    pygame.draw.polygon(screen, (255, 246, 192), _shrink(pts, 0.6))


def _shrink(pts: list[tuple[float, float]], f: float) -> list[tuple[float, float]]:
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    return [(mx + (x - mx) * f, my + (y - my) * f) for x, y in pts]
