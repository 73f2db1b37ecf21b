"""What the movement screen draws for a charge or a death from above
(game.ui.scenes.hexes.parts.movement.charge): the to-hit badges on the enemies the reach overlay can
attack, and for the attack being planned a red ring on the target, an arrow from where the attacker
stands, the to-hit number and the piloting rolls of both units as markers (hover: their modifiers).

Like game.ui.map.overlays, each is built once into a translucent :class:`Layer` when its
inputs change; :class:`Layers` draws several as one (the path of the move, then the
attack) and finds the marker under the pointer in any of them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.hexgrid import Hex
from game.layout import HexLayout
from game.ui.map.camera import Camera
from game.ui.map.overlays import EMPTY, Layer, _canvas, _fast
from game.ui.scenes.hexes.parts.movement.charge import ChargeView, Need
from game.ui.widgets.fonts import font
from game.ui.widgets.palette import ATTACK, BAD, DIM, GOOD, INK, TEXT, WARN, WHITE
from game.ui.widgets.palette import PSR_FILL as PSR
from game.ui.widgets.panels import Row


@dataclass(frozen=True, slots=True)
class Layers:
    """Several layers drawn in order; ``marker_at`` looks in the last one first."""

    layers: tuple[Layer, ...]

    def draw(self, screen: pygame.Surface, camera: Camera) -> None:
        for layer in self.layers:
            layer.draw(screen, camera)

    def marker_at(self, camera: Camera, sx: float, sy: float) -> Any:
        for layer in reversed(self.layers):
            found = layer.marker_at(camera, sx, sy)
            if found is not None:
                return found
        return None


def targets_layer(lay: HexLayout, numbers: Mapping[Hex, int | str]) -> Layer:
    """A red badge with the best to-hit number on each enemy the plan could attack."""
    if not numbers:
        return EMPTY
    surf, x0, y0 = _canvas(lay, numbers, 8)
    s = max(lay.scale, 0.6)
    f = font(max(13, round(20 * s)), True)
    for h, number in numbers.items():
        x, y = lay.centre(h)
        _ring(surf, (x - x0, y - y0), lay, 150)
        _badge(surf, f, str(number), (x - x0, y - y0 - 26 * s))
    return Layer(_fast(surf), x0, y0)


def attack_layer(lay: HexLayout, view: ChargeView, attacker: str, target_at: Hex) -> Layer:
    """The attack planned on the target in ``target_at``: ring, arrow from the hex the
    attacker stands in, the to-hit badge and one diamond per piloting roll (the target's
    on its hex, the attacker's on its own) - all of them hover markers."""
    hexes = [target_at] + ([view.stage] if view.stage is not None else [])
    surf, x0, y0 = _canvas(lay, hexes, 56 * max(lay.scale, 0.6) + 16)
    s = max(lay.scale, 0.6)

    def c(h: Hex) -> tuple[float, float]:
        x, y = lay.centre(h)
        return x - x0, y - y0

    tx, ty = c(target_at)
    _ring(surf, (tx, ty), lay, 255 if view.ready else 120)
    if view.stage is not None and view.stage != target_at:
        _arrow(surf, c(view.stage), (tx, ty), s)
    markers: list[tuple[float, float, float, Any]] = []
    need = view.to_hit()
    if need is not None:
        f = font(max(14, round(22 * s)), True)
        box = _badge(surf, f, str(need.target), (tx, ty - 28 * s))
        markers.append((box.centerx + x0, box.centery + y0, box.h * 0.75, need))
    placed: dict[Hex, int] = {}
    for who, psr in view.psrs(attacker):
        h = target_at if who == view.target_id else view.stage or target_at
        n = placed.get(h, 0)
        placed[h] = n + 1
        x, y = c(h)
        r = max(13, 17 * s)
        mx, my = x + 24 * s + n * 2.2 * r, y + 14 * s
        _diamond(surf, (mx, my), r, psr)
        markers.append((mx + x0, my + y0, r, psr))
    return Layer(_fast(surf), x0, y0, tuple(markers))


def _ring(surf: pygame.Surface, at: tuple[float, float], lay: HexLayout, alpha: int) -> None:
    r = 34 * lay.scale
    w = max(3, round(5 * lay.scale))
    pygame.draw.circle(surf, (*INK, alpha), at, r + 2, w + 4)
    pygame.draw.circle(surf, (*ATTACK, alpha), at, r, w)


def _badge(surf: pygame.Surface, f: pygame.font.Font, text: str,
           at: tuple[float, float]) -> pygame.Rect:  # fmt: skip
    img = f.render(text, True, WHITE)
    box = pygame.Rect(0, 0, img.get_width() + 12, img.get_height() + 4)
    box.center = (round(at[0]), round(at[1]))
    pygame.draw.rect(surf, (*ATTACK, 255), box, border_radius=7)
    pygame.draw.rect(surf, (*INK, 255), box, 2, border_radius=7)
    surf.blit(img, (box.x + 6, box.y + 2))
    return box


def _arrow(surf: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
           s: float) -> None:  # fmt: skip
    """A red arrow from the attacker's hex into the target's (stopping short of its ring)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    start = (a[0] + ux * 18 * s, a[1] + uy * 18 * s)
    tip = (b[0] - ux * 30 * s, b[1] - uy * 30 * s)
    w = max(3, round(6 * s))
    pygame.draw.line(surf, (*INK, 230), start, tip, w + 4)
    pygame.draw.line(surf, (*ATTACK, 255), start, tip, w)
    px, py = -uy, ux
    head = [(tip[0] + ux * 14 * s, tip[1] + uy * 14 * s),
            (tip[0] + px * 11 * s, tip[1] + py * 11 * s),
            (tip[0] - px * 11 * s, tip[1] - py * 11 * s)]  # fmt: skip
    pygame.draw.polygon(surf, (*ATTACK, 255), head)
    pygame.draw.polygon(surf, (*INK, 255), head, 2)


def _diamond(surf: pygame.Surface, at: tuple[float, float], r: float, need: Need) -> None:
    x, y = at
    fill = ATTACK if need.auto_fail else PSR
    pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    pygame.draw.polygon(surf, (*fill, 255), pts)
    pygame.draw.polygon(surf, (*INK, 255), pts, 2)
    text = "X" if isinstance(need.target, str) else str(need.target)
    img = font(max(11, round(r * 1.2)), True).render(text, True, INK)
    surf.blit(img, (x - img.get_width() / 2, y - img.get_height() / 2 + 1))


def charge_rows(info: Mapping[str, Any], attacker: str) -> list[Row]:
    """The side panel's summary of the attack shown: the number, the damage both ways,
    the move before it, every piloting roll, and how to declare it; or why not."""
    view: ChargeView = info["attack"]
    rows: list[Row] = [(str(info.get("title", "")), TEXT, True)]
    if view.error or view.plan is None:
        rows.append((view.error or "no attack here", BAD, False))
        return rows
    o = view.plan.option
    if o.target is None:
        rows.append((f"Impossible: the {view.name} needs more than 12", BAD, True))
    else:
        rows.append((f"To hit {o.target}+ (hover the red {o.target} for why)", WARN, True))
    rows.append((f"{o.damage} damage to {view.target_id} ({o.table} table, from the {o.side})",
                 TEXT, False))  # fmt: skip
    if o.attacker_damage:
        rows.append((f"{attacker} takes {o.attacker_damage} itself", TEXT, False))
    move = view.move
    if move is not None:
        mp = move.mp_used + view.plan.extra_mp
        rows.append((f"Move: MP {mp} / {move.mp_available}   heat +{move.heat}   "
                     f"hexes {move.hexes_moved}", TEXT, False))  # fmt: skip
        for p in move.psrs:
            target = p.target if isinstance(p.target, int) else "automatic fall"
            rows.append((f"Roll {target}+ on the way: {p.reason}", WARN, False))
    for _, need in view.psrs(attacker):
        target = f"{need.target}+" if isinstance(need.target, int) else "automatic fall"
        rows.append((f"Roll {target}: {need.reason}", WARN, False))
    if not view.psrs(attacker) and not (move is not None and move.psrs):
        rows.append(("No piloting rolls", GOOD, False))
    rows.append((f"Click {view.target_id} twice, C or Enter: declare   Esc: cancel", DIM, False))
    return rows
