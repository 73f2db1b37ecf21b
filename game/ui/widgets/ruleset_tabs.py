"""The rule-set choice at the top right of both start screens (issue 16: "a second rule
set chosen at game start"): armoured combat on hexes, or regiments in centimetres.

Each tab names the start screen of its rule set (found by name, game.ui.app.registry), so the
start screens never import each other; a click on the other tab shows that screen.
"""

from __future__ import annotations

import pygame

from game.ui.app.app import App
from game.ui.widgets.palette import DIM
from game.ui.widgets.panels import Button, draw_button

from .fonts import draw_text, font

ACTION = "ruleset"
# (code, label, start screen)
RULESETS = (
    ("hex", "Hex combat", "start"),
    ("regiments", "Regiments (cm)", "regiments-start"),
)


def top(size: int) -> int:
    """Where the tabs start from the window's top: the same on both start screens."""
    return round(size * 1.6)


def tabs_width(size: int) -> int:
    """How wide the tabs and their caption are drawn at this text size."""
    return size * 6 + len(RULESETS) * (size * 10 + size // 2)


def draw_tabs(
    screen: pygame.Surface, right: int, top: int, size: int, active: str, mouse: tuple[int, int]
) -> list[Button]:
    """The caption "Rule set:" and one button per rule set, ending at ``right``; the
    buttons (action ``ruleset:<code>``), the active one marked."""
    bw, bh = size * 10, round(size * 1.9)
    x = right - len(RULESETS) * (bw + size // 2) + size // 2
    cap = font(size)
    draw_text(screen, "Rule set:", cap, DIM, (x - size // 2, top + bh // 2), anchor="midright")
    out = []
    for code, label, _ in RULESETS:
        b = Button(pygame.Rect(x, top, bw, bh), f"{ACTION}:{code}", label, code == active)
        draw_button(screen, b, size + 1, b.rect.collidepoint(mouse))
        out.append(b)
        x += bw + size // 2
    return out


def open_ruleset(app: App, code: str, current: str) -> None:
    """Show the start screen of rule set ``code`` (nothing if it is the current one)."""
    if code == current:
        return
    screen = next((name for c, _, name in RULESETS if c == code), None)
    if screen is None:
        app.notify(f"there is no rule set {code!r}", error=True)
        return
    app.show(screen)
