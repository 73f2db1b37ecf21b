"""The play screen's frame around the map: banner, unit panel, path summary, log, buttons.

Where everything goes is :func:`screen_layout` (a function of the window size, so the
screen is fully resizable, and of whether the panels are hidden with Tab). Each panel is
rendered into a surface only when its content changes (:class:`PanelCache`); a frame blits.
Sizes follow :func:`ui_size`, so text stays readable from 1280x720 to 4K.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.flow import actor, banner, outcome
from game.roster import built_body
from game.state import GameState
from game.units import Unit

from .fonts import font, ui_size
from .hud import wrap

BG = (27, 29, 33)
BG2 = (38, 41, 47)
TEXT = (236, 234, 228)
DIM = (169, 166, 156)
GOOD = (120, 200, 120)
BAD = (235, 95, 85)
WARN = (250, 215, 60)
SIDE_UI = {"A": (47, 92, 158), "B": (216, 164, 58)}
SIDE_TEXT = {"A": (235, 240, 250), "B": (30, 24, 12)}

Row = tuple[str, Any, bool]  # text, colour, bold


@dataclass(frozen=True, slots=True)
class ScreenLayout:
    banner: pygame.Rect
    side: pygame.Rect
    log: pygame.Rect
    map: pygame.Rect
    size: int  # body text size


def screen_layout(w: int, h: int, panels: bool = True) -> ScreenLayout:
    size = ui_size(h)
    banner_h = round(size * 2.2)
    if not panels:
        return ScreenLayout(
            pygame.Rect(0, 0, w, banner_h),
            pygame.Rect(w, banner_h, 0, 0),
            pygame.Rect(0, h, w, 0),
            pygame.Rect(0, banner_h, w, h - banner_h),
            size,
        )
    side_w = min(max(size * 17, 300), w // 3)
    log_h = round(size * 1.1 * 6) + size
    banner = pygame.Rect(0, 0, w, banner_h)
    log = pygame.Rect(0, h - log_h, w, log_h)
    side = pygame.Rect(w - side_w, banner_h, side_w, h - banner_h - log_h)
    mp = pygame.Rect(0, banner_h, w - side_w, h - banner_h - log_h)
    return ScreenLayout(banner, side, log, mp, size)


def side_colour(side: str | None) -> tuple[int, int, int]:
    return SIDE_UI.get(side or "", (110, 110, 110))


class PanelCache:
    """Surfaces keyed by their content: rebuilt only when the key changes."""

    def __init__(self) -> None:
        self._items: dict[str, tuple[Any, Any]] = {}

    def get(self, name: str, key: Any, build: Callable[[], Any]) -> Any:
        item = self._items.get(name)
        if item is None or item[0] != key:
            item = (key, build())
            self._items[name] = item
        return item[1]

    def clear(self) -> None:
        self._items.clear()


def rows_surface(rows: Sequence[Row], size: int, width: int, bg: Any = BG) -> pygame.Surface:
    """Wrapped rows of text on a plain background, ``width`` wide."""
    pad = max(6, size // 2)
    imgs: list[pygame.Surface] = []
    for text, colour, bold in rows:
        f = font(size + (2 if bold else 0), bold)
        for line in wrap(text, f, width - 2 * pad) if text else [""]:
            imgs.append(f.render(line, True, colour))
    h = sum(i.get_height() for i in imgs) + 2 * pad
    surf = pygame.Surface((width, h))
    surf.fill(bg)
    y = pad
    for img in imgs:
        surf.blit(img, (pad, y))
        y += img.get_height()
    return surf


def banner_surface(
    state: GameState, extra: str, rect: pygame.Rect, size: int, text: str | None = None
) -> pygame.Surface:
    """The top line: turn, phase, side to act and units left, in the acting side's colour
    (``text``, e.g. the game-over headline, replaces the state's line, in the winner's)."""
    result = outcome(state)
    over = result is not None  # the game-over line: no menu to open any more
    side = result.winner if result is not None else actor(state)
    surf = pygame.Surface(rect.size)
    surf.fill(side_colour(side))
    f = font(round(size * 1.25), True)
    text = text or banner(state) + (f"   {extra}" if extra and not over else "")
    img = f.render(text, True, SIDE_TEXT.get(side or "", TEXT))
    surf.blit(img, (size, (rect.h - img.get_height()) // 2))
    hint = font(size).render("F1: help   Esc: menu", True, SIDE_TEXT.get(side or "", TEXT))
    if not over and img.get_width() + hint.get_width() + 3 * size < rect.w:
        surf.blit(hint, (rect.w - hint.get_width() - size, (rect.h - hint.get_height()) // 2))
    return surf


def unit_rows(state: GameState, unit: Unit) -> list[Row]:
    """Type, MP, heat, pilot and damage of a unit, as panel rows."""
    d = unit.damage
    jump = f" / jump {unit.jump_mp()}" if unit.jump else ""
    rows: list[Row] = [
        (
            f"{unit.id}  {unit.name}" if unit.name else f"{unit.id}  ({unit.tons} t {unit.kind})",
            TEXT,
            True,
        ),
        (f"side {unit.side} - {unit.tons} t {unit.kind}", DIM, False),
        (f"MP walk {unit.walk_mp()} / run {unit.run_mp()}{jump}", TEXT, False),
        (
            f"Heat {unit.heat}   Pilot {unit.piloting}/{unit.gunnery} (piloting/gunnery)",
            TEXT,
            False,
        ),
    ]
    status = []
    if unit.prone:
        status.append("prone")
    if unit.moved:
        status.append("moved")
    if d.unconscious:
        status.append("pilot unconscious")
    if d.shutdown:
        status.append("shut down")
    if d.pilot_hits:
        status.append(f"pilot hits {d.pilot_hits}")
    c = unit.crits  # critical damage lives in the body (game.critslots)
    for name, value in (("gyro hits", c.gyro), ("hips", c.hips), ("leg actuators", c.leg_actuators),
                        ("legs lost", unit.legs_destroyed), ("engine hits", c.engine)):  # fmt: skip
        if value:
            status.append(f"{name} {value}")
    rows.append(
        ("Status: " + (", ".join(status) if status else "ready"), WARN if status else GOOD, False)
    )
    return rows


def body_diagram(state: GameState, unit: Unit, width: int, size: int) -> pygame.Surface | None:
    """Armour and structure per location as bars (green full .. red gone)."""
    body = state.body(unit.id)
    if body is None:
        return None
    f = font(max(12, size - 3))
    line = f.get_linesize()
    surf = pygame.Surface((width, line * len(body.codes) + 6))
    surf.fill(BG)
    full = _full_body(unit)
    label_w = f.size("WWW")[0] + 6
    num_w = f.size("88/88")[0] + 6  # numbers beside the bar: light text on a bar is unreadable
    bar_w = width - label_w - num_w - 12
    for i, code in enumerate(body.codes):
        loc = body[code]
        y = 3 + i * line
        surf.blit(f.render(code, True, DIM), (6, y))
        top = full[code] if full and code in full else max(1, loc.armour + loc.rear + loc.structure)
        have = loc.armour + loc.rear + loc.structure
        frac = 0.0 if loc.destroyed else max(0.0, min(1.0, have / max(1, top)))
        colour = (round(230 - 130 * frac), round(80 + 120 * frac), 80)
        pygame.draw.rect(surf, BG2, (label_w, y + 2, bar_w, line - 4), border_radius=3)
        pygame.draw.rect(
            surf, colour, (label_w, y + 2, round(bar_w * frac), line - 4), border_radius=3
        )
        txt = f.render(f"{loc.armour + loc.rear}/{loc.structure}", True, TEXT)
        surf.blit(txt, (width - 6 - txt.get_width(), y))
    return surf


def _full_body(unit: Unit) -> dict[str, int] | None:
    body = built_body(unit)
    if body is None:
        return None
    return {c: body[c].armour + body[c].rear + body[c].structure for c in body.codes}


def summary_rows(plan_info: dict[str, Any]) -> list[Row]:
    """The path summary: MP, heat, hexes, modifiers, every PSR; or why it is illegal."""
    if not plan_info:
        return []
    rows: list[Row] = [(plan_info["title"], TEXT, True)]
    if plan_info.get("error"):
        rows.append((plan_info["error"], BAD, False))
        return rows
    res = plan_info.get("result")
    if res is None:
        rows.append(("Point at a shaded hex to see the path.", DIM, False))
        return rows
    rows.append(
        (
            f"MP {res.mp_used} / {res.mp_available}   heat +{res.heat}   hexes {res.hexes_moved}",
            TEXT,
            False,
        )
    )
    rows.append(
        (f"Attacker mod +{res.attacker_modifier}   target mod +{res.target_modifier}", TEXT, False)
    )
    if res.psrs:
        for p in res.psrs:
            target = p.target if isinstance(p.target, int) else "automatic fall"
            rows.append((f"Roll {target}+: {p.reason}", WARN, False))
    else:
        rows.append(("No piloting rolls", GOOD, False))
    for w in plan_info.get("warnings", ()):  # MOV-27: e.g. the bridge gives way
        rows.append((f"! {w.text}", BAD, True))
    rows.append(("Enter / double click: commit   Right click: undo waypoint", DIM, False))
    return rows


@dataclass(frozen=True, slots=True)
class Button:
    rect: pygame.Rect
    action: str
    label: str
    active: bool = False
    enabled: bool = True


def button_at(buttons: Iterable[Button], pos: tuple[int, int]) -> Button | None:
    """The enabled button under ``pos``, if any."""
    return next((b for b in buttons if b.enabled and b.rect.collidepoint(pos)), None)


def draw_button(screen: pygame.Surface, b: Button, size: int, hover: bool) -> None:
    bg = (70, 110, 170) if b.active else (58, 62, 70) if hover else BG2
    if not b.enabled:
        bg = (40, 42, 46)
    pygame.draw.rect(screen, bg, b.rect, border_radius=6)
    pygame.draw.rect(screen, (90, 95, 105), b.rect, 1, border_radius=6)
    img = font(size - 2, b.active).render(b.label, True, TEXT if b.enabled else DIM)
    screen.blit(img, img.get_rect(center=b.rect.center))


def button_grid(
    rect: pygame.Rect, specs: Sequence[tuple[str, str, bool, bool]], size: int, cols: int = 3
) -> list[Button]:
    """Buttons (action, label, active, enabled) laid out ``cols`` per row from rect's top."""
    gap = max(4, size // 4)
    bw = (rect.w - gap * (cols + 1)) // cols
    bh = round(size * 1.7)
    out = []
    for i, (action, label, active, enabled) in enumerate(specs):
        r, c = divmod(i, cols)
        x = rect.x + gap + c * (bw + gap)
        y = rect.y + gap + r * (bh + gap)
        out.append(Button(pygame.Rect(x, y, bw, bh), action, label, active, enabled))
    return out


def log_surface(lines: Sequence[tuple[str, Any]], rect: pygame.Rect, size: int) -> pygame.Surface:
    """The newest log lines that fit, newest last."""
    surf = pygame.Surface(rect.size)
    surf.fill((20, 21, 24))
    f = font(max(13, size - 2))
    line_h = f.get_linesize()
    pad = max(4, size // 3)
    avail = (rect.h - 2 * pad) // line_h
    wrapped: list[tuple[str, Any]] = []
    for text, colour in lines[-avail * 2 :]:
        for part in wrap(text, f, rect.w - 2 * pad):
            wrapped.append((part, colour))
    y = pad
    for text, colour in wrapped[-avail:]:
        surf.blit(f.render(text, True, colour), (pad, y))
        y += line_h
    pygame.draw.line(surf, (70, 74, 80), (0, 0), (rect.w, 0))
    return surf


def tooltip(rows: Sequence[Row], size: int, width: int) -> pygame.Surface:
    surf = rows_surface(rows, size, width, (15, 16, 19))
    pygame.draw.rect(surf, (200, 200, 200), surf.get_rect(), 1)
    return surf
