"""The play screen's frame around the map: banner, unit panel, path summary, log, buttons.

Where everything goes is :func:`screen_layout` (a function of the window size, so the
screen is fully resizable, and of whether the panels are hidden with Tab). Each panel is
rendered into a surface only when its content changes (:class:`PanelCache`); a frame blits.
Sizes follow :func:`ui_size`, so text stays readable from 1280x720 to 4K.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import pygame

from game.flow import actor, banner, outcome
from game.hexgrid import DIRECTION_NAMES
from game.state import GameState
from game.ui.widgets.palette import BAD, BG, BG2, DIM, GOOD, SIDE_TEXT, SIDE_UI, TEXT, WARN

from .fonts import draw_text, font, ui_size
from .hud import wrap
from .rules_tag import rules_tags

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


Built = TypeVar("Built")


class PanelCache:
    """Surfaces keyed by their content: rebuilt only when the key changes."""

    def __init__(self) -> None:
        self._items: dict[str, tuple[object, object]] = {}  # name -> its key, what was built

    def get(self, name: str, key: object, build: Callable[[], Built]) -> Built:
        """What ``build`` made for ``name`` while ``key`` is the same (built again when it
        changes)."""
        item = self._items.get(name)
        if item is None or item[0] != key:
            item = (key, build())
            self._items[name] = item
        return cast(Built, item[1])  # the one build of this name made it

    def clear(self) -> None:
        self._items.clear()


def rows_surface(rows: Sequence[Row], size: int, width: int, bg: Any = BG) -> pygame.Surface:
    """Wrapped rows of text on a plain background, ``width`` wide."""
    pad = max(6, size // 2)
    lines: list[tuple[str, Any, pygame.font.Font]] = []
    for text, colour, bold in rows:
        f = font(size + (2 if bold else 0), bold)
        for line in wrap(text, f, width - 2 * pad) if text else [""]:
            lines.append((line, colour, f))
    h = sum(f.get_linesize() for _, _, f in lines) + 2 * pad
    surf = pygame.Surface((width, h))
    surf.fill(bg)
    box = pygame.Rect(pad, 0, width - 2 * pad, h)
    y = pad
    for line, colour, f in lines:
        draw_text(surf, line, f, colour, (pad, y), box)
        y += f.get_linesize()
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
    ink = SIDE_TEXT.get(side or "", TEXT)
    text = text or banner(state) + (f"   {extra}" if extra and not over else "")
    hint_f = font(size)
    hint, hint_w, f = _hint(state, text, rect, size, over)
    box = pygame.Rect(size, 0, rect.w - 2 * size - hint_w, rect.h)
    draw_text(surf, text, f, ink, (size, rect.h // 2), box, anchor="midleft", elide=True)
    if hint_w:
        right = pygame.Rect(rect.w - hint_w, 0, hint_w - size, rect.h)
        draw_text(surf, hint, hint_f, ink, (rect.w - size, rect.h // 2), right, anchor="midright")
    return surf


def _hint(
    state: GameState, text: str, rect: pygame.Rect, size: int, over: bool
) -> tuple[str, int, pygame.font.Font]:
    """The banner's right-hand hint (the rules tag first: TacOps, classic) and its width,
    and the headline's font: the longest that leaves the headline its room."""
    keys = "F1: help   L: log   Esc: menu"
    hint_f = font(size)
    long, short = rules_tags(state.rules)
    for f in (font(round(size * 1.25), True), font(size, True)):
        for tag in (long, short, ""):
            hint = f"{tag}   {keys}" if tag else keys
            hint_w = hint_f.size(hint)[0] + 2 * size if not over else 0
            if f.size(text)[0] <= rect.w - 2 * size - hint_w:
                return hint, hint_w, f
    f = font(size, True)
    return (keys, 0, f) if not over else ("", 0, f)


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
    heat = "" if plan_info.get("no_facing") else f"   heat +{res.heat}"  # infantry: no heat
    rows.append((f"MP {res.mp_used} / {res.mp_available}{heat}   hexes {res.hexes_moved}",
                 TEXT, False))  # fmt: skip
    rows.append(
        (f"Attacker mod +{res.attacker_modifier}   target mod +{res.target_modifier}", TEXT, False)
    )
    if res.mp_used > res.mp_available:  # MOV-20: one hex whatever it costs, as running
        rows.append(("Minimum movement (MOV-20): its only step, counts as running", TEXT, False))
    if getattr(res, "submarine", False):  # ADV-25: where the path ends, 1 MP a level
        d = res.end_depth
        rows.append((f"Ends {'on the surface' if d == 0 else f'at depth {d}'} - V/B dive/rise",
                     TEXT, False))  # fmt: skip
    if plan_info.get("offer"):  # MOV-35: the move into an enemy hex, the attack beside it
        rows.append((plan_info["offer"], WARN, True))
    if plan_info.get("vtol"):  # ADV-25: the altitude the path ends at, 1 MP a level
        a = res.end_altitude
        rows.append((f"Ends {'landed' if a == 0 else f'at altitude {a}'} - V/B descend/rise",
                     TEXT, False))  # fmt: skip
    if plan_info.get("alone_below"):  # game.outcome: a submerged submarine keeps no side in
        rows.append((f"Submerged it leaves side {plan_info['alone_below']} nothing in the "
                     "fight: the game ends (ADV-25)", BAD, True))  # fmt: skip
    facing = plan_info.get("facing")
    if isinstance(facing, int):  # the chosen facing, named (and drawn large on the map)
        name = DIRECTION_WORDS[facing % 6]
        rows.append((f"Facing {DIRECTION_NAMES[facing % 6]} ({name}) - Q/E turn", TEXT, True))
    elif plan_info.get("no_facing"):
        rows.append(("No facing (infantry): turns are free", TEXT, False))  # MOV-16
    chance = plan_info.get("chance")  # the sandbox's what-if: target -> "58%"
    if res.psrs:
        for p in res.psrs:
            target = p.target if isinstance(p.target, int) else "automatic fall"
            odds = f" ({chance(p.target)} to pass)" if chance and isinstance(p.target, int) else ""
            rows.append((f"Roll {target}+: {p.reason}{odds}", WARN, False))
    else:
        rows.append(("No piloting rolls", GOOD, False))
    for w in plan_info.get("warnings", ()):  # MOV-27: e.g. the bridge gives way
        rows.append((f"! {w.text}", BAD, True))
    other = plan_info.get("other")  # ADV-05 (tacops): the same hex the other way
    if other is not None:
        way = "careful" if "carelessly" in plan_info["title"] else "careless"
        rolls = f"{len(other.psrs)} roll(s)" if other.psrs else "no rolls"
        rows.append((f"Or {way} (X): MP {other.mp_used}, {rolls}", DIM, False))
    rows.append((plan_info.get("hint", COMMIT_HINT), DIM, False))
    return rows


COMMIT_HINT = "Enter / double click: commit   Right click: undo waypoint"


DIRECTION_WORDS = ("north", "north-east", "south-east", "south", "south-west", "north-west")


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
    f = font(size - 2, b.active)
    if f.size(b.label)[0] > b.rect.w - 6:  # a narrow button: a smaller type first
        f = font(max(11, size - 5), b.active)
    colour = TEXT if b.enabled else DIM
    draw_text(screen, b.label, f, colour, b.rect.center, b.rect.inflate(-4, -2), anchor="center")


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


def tooltip(rows: Sequence[Row], size: int, width: int) -> pygame.Surface:
    surf = rows_surface(rows, size, width, (15, 16, 19))
    pygame.draw.rect(surf, (200, 200, 200), surf.get_rect(), 1)
    return surf
