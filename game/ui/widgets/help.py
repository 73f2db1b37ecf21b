"""The play screen's help overlay (F1 or ?): every key and mouse action in one place."""

from __future__ import annotations

from typing import Protocol

import pygame

from .fonts import draw_text, font, ui_size
from .hud import wrap
from .keys import is_help

PLAY_KEYS: tuple[tuple[str, str], ...] = (
    (
        "Click a unit",
        "yours: select it and shade its reach (blue walk, orange run, purple "
        "jump); any: its record sheet",
    ),
    ("Hover a unit", "name, side, armour and what it did this turn"),
    ("W / R / J", "walk / run / jump (or the panel's buttons)"),
    ("Hover a hex", "cheapest path with MP per step, rolls marked with their target"),
    ("Hover a roll marker", "the modifiers of that piloting roll"),
    (
        "Mouse around the hex",
        "the facing: the angle from the hex's centre (middle: the path's own facing)",
    ),
    ("Q / E, [ / ], wheel", "turn the facing at the destination (greyed ticks cost too much)"),
    ("Drag from the hex", "pick the facing and keep that hex (a click elsewhere lets go)"),
    ("Click", "pin a waypoint (the path continues from it)"),
    (
        "Hover an enemy",
        "one that has moved: walk / run plans a charge into its hex, jump a death from above; "
        "its to-hit number (red) and both units' piloting rolls (yellow) show before anything "
        "is committed; the mouse around it picks the side to charge from (Q / E too)",
    ),
    (
        "Click it twice, C",
        "declare that charge or death from above (Enter too); it is "
        "resolved in the physical attack phase",
    ),
    ("Right click, Backspace", "remove the last waypoint"),
    ("Enter, double click", "commit exactly the path and facing shown (a click never moves)"),
    ("Click, any key in a move", "skip the animation"),
    ("U", "try to stand up now; the move goes on while MP remain"),
    ("P", "end the move lying down (after the path shown)"),
    ("S", "stand still; during a move under way: end it here"),
    ("K / X (Tac Ops)", "crawl (a prone Mech) / careless path on or off (rolls marked)"),
    ("H / D (Tac Ops)", "hull-down (again: leave it) / physical attack defence"),
    ("V / B (submarine)", "end the path one level deeper / shallower (1 MP a level, ADV-25)"),
    ("N", "next unit to move"),
    ("Esc", "clear the plan; with no plan: the menu"),
    ("L", "the whole game's log (wheel / PageUp / PageDown scroll the log)"),
    ("Middle drag, Space+drag", "pan the map (an arrow key: one step; held: smoothly)"),
    ("Ctrl+wheel, + / -", "zoom (plain wheel zooms when no path is planned)"),
    ("F or Home", "fit the whole map in view"),
    ("Tab or F2", "hide / show the panels"),
    ("Ctrl+S / Ctrl+O", "save / load a game"),
    ("Ctrl+Q", "quit at once"),
    ("F1 or ?", "this help"),
)

DEPLOY_KEYS: tuple[tuple[str, str], ...] = (
    ("Click a shaded hex", "place the next unit there"),
    ("Wheel, Q / E", "turn the unit before placing it"),
    ("Hover a unit", "name, side, pilot and armour"),
    ("L", "the whole game's log"),
    ("F or Home", "fit the whole map in view"),
    ("Esc", "the menu (save, load, quit)"),
    ("Middle drag, arrows", "pan; Ctrl+wheel or + / - zooms"),
    ("Ctrl+S / Ctrl+O", "save / load a game"),
    ("F1 or ?", "this help"),
)


def draw_help(
    screen: pygame.Surface, title: str, keys: tuple[tuple[str, str], ...] = PLAY_KEYS
) -> None:
    """A centred box listing ``keys`` (descriptions wrapped to the window); any key or
    click closes it (the scene decides)."""
    size = ui_size(screen.get_height())
    sw, sh = screen.get_size()
    key_f, desc_f, head_f = font(size, True), font(size), font(size + 8, True)
    if _height(keys, key_f, desc_f, head_f, size, sw) > sh - 10:  # a short window
        size = max(12, size - 3)
        key_f, desc_f, head_f = font(size, True), font(size), font(size + 6, True)
    col = max(key_f.size(k)[0] for k, _ in keys) + size * 2
    width = min(sw - 20, col + max(desc_f.size(d)[0] for _, d in keys) + size * 2)
    line = round(desc_f.get_linesize() * 1.1)
    rows = [(k, wrap(d, desc_f, width - col - size)) for k, d in keys]
    height = head_f.get_linesize() + line * (sum(len(r) for _, r in rows) + 2) + size * 2
    shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    screen.blit(shade, (0, 0))
    box = pygame.Rect(0, 0, width, height)
    box.center = (sw // 2, max(height // 2, sh // 2))
    pygame.draw.rect(screen, (27, 29, 33), box, border_radius=12)
    pygame.draw.rect(screen, (120, 125, 135), box, 2, border_radius=12)
    inner = box.inflate(-2 * size, -size)
    draw_text(screen, title, head_f, (255, 246, 192), (inner.x, box.y + size), inner)
    y = box.y + size + head_f.get_linesize() + line // 2
    keys_box = pygame.Rect(inner.x, inner.y, col - size, inner.h)
    desc_box = pygame.Rect(box.x + col, inner.y, box.right - size - (box.x + col), inner.h)
    for k, parts in rows:
        draw_text(screen, k, key_f, (236, 234, 228), (inner.x, y), keys_box)
        for part in parts:
            draw_text(screen, part, desc_f, (210, 208, 200), (desc_box.x, y), desc_box)
            y += line
    draw_text(screen, "Press any key or click to close", desc_f, (169, 166, 156),
              (inner.x, y + line // 3), inner)  # fmt: skip


def _height(
    keys: tuple[tuple[str, str], ...],
    key_f: pygame.font.Font,
    desc_f: pygame.font.Font,
    head_f: pygame.font.Font,
    size: int,
    sw: int,
) -> int:
    col = max(key_f.size(k)[0] for k, _ in keys) + size * 2
    width = min(sw - 20, col + max(desc_f.size(d)[0] for _, d in keys) + size * 2)
    line = round(desc_f.get_linesize() * 1.1)
    n = sum(len(wrap(d, desc_f, width - col - size)) for _, d in keys)
    return head_f.get_linesize() + line * (n + 2) + size * 2


class HelpToggle(Protocol):
    help: bool  # the screen's help overlay is shown


def help_key(scene: HelpToggle, event: pygame.event.Event) -> bool:
    """F1 or ? toggles the screen's help overlay (the other shared keys are the App's,
    game.ui.app.app.App.shared_key)."""
    if is_help(event):
        scene.help = not scene.help
        return True
    return False
